//! Failed-login throttling: each key (tenant, account and client address) may fail
//! [`LoginThrottle::MAX_FAILURES`] times within [`LoginThrottle::WINDOW`]; further attempts are
//! refused, without checking the password, until the oldest failure ages out. A success clears
//! the key. The table is bounded: stale keys are pruned, and beyond [`MAX_KEYS`] live keys the
//! oldest is forgotten.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Live keys kept at most.
pub const MAX_KEYS: usize = 10_000;

/// Recent failed logins per key; cheap to clone, shared by a site's handlers.
#[derive(Debug, Clone, Default)]
pub struct LoginThrottle {
    failures: Arc<Mutex<HashMap<String, VecDeque<Instant>>>>,
}

impl LoginThrottle {
    /// Failures allowed per key within [`LoginThrottle::WINDOW`].
    pub const MAX_FAILURES: usize = 5;
    /// How long a failure counts.
    pub const WINDOW: Duration = Duration::from_secs(60);

    /// `Err(wait)` when `key` has used up its failures: try again after `wait`.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let Ok(mut failures) = self.failures.lock() else {
            return Ok(());
        };
        let Some(times) = failures.get_mut(key) else {
            return Ok(());
        };
        times.retain(|time| now.duration_since(*time) < Self::WINDOW);
        match times.front() {
            Some(oldest) if times.len() >= Self::MAX_FAILURES => {
                Err(Self::WINDOW.saturating_sub(now.duration_since(*oldest)))
            }
            _ => Ok(()),
        }
    }

    /// Counts a failed attempt for `key`.
    pub fn record_failure(&self, key: &str) {
        let now = Instant::now();
        let Ok(mut failures) = self.failures.lock() else {
            return;
        };
        if failures.len() >= MAX_KEYS && !failures.contains_key(key) {
            failures.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|last| now.duration_since(*last) < Self::WINDOW)
            });
            if failures.len() >= MAX_KEYS
                && let Some(oldest) = failures
                    .iter()
                    .min_by_key(|(_, times)| times.back().copied())
                    .map(|(key, _)| key.clone())
            {
                failures.remove(&oldest);
            }
        }
        let times = failures.entry(key.to_owned()).or_default();
        times.push_back(now);
        while times.len() > Self::MAX_FAILURES {
            times.pop_front();
        }
    }

    /// Forgets `key`'s failures (after a successful login).
    pub fn clear(&self, key: &str) {
        if let Ok(mut failures) = self.failures.lock() {
            failures.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_refused_after_its_failures_and_cleared_by_a_success() {
        let throttle = LoginThrottle::default();
        for _ in 0..LoginThrottle::MAX_FAILURES {
            assert!(throttle.check("a").is_ok());
            throttle.record_failure("a");
        }
        let wait = throttle.check("a").unwrap_err();
        assert!(wait > Duration::from_secs(50) && wait <= LoginThrottle::WINDOW);
        assert!(throttle.check("b").is_ok(), "other keys are not affected");
        throttle.clear("a");
        assert!(throttle.check("a").is_ok());
    }

    #[test]
    fn the_table_stays_bounded() {
        let throttle = LoginThrottle::default();
        for key in 0..MAX_KEYS + 10 {
            throttle.record_failure(&key.to_string());
        }
        assert!(throttle.failures.lock().unwrap().len() <= MAX_KEYS);
    }
}
