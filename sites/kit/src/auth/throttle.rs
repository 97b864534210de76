//! Failed-login throttling: each key (tenant, account and client address) may fail
//! [`LoginThrottle::MAX_FAILURES`] times within [`LoginThrottle::WINDOW`]; further attempts are
//! refused, without checking the password, until the oldest failure ages out. A success clears
//! the key. The table is bounded: stale keys are pruned, and beyond [`MAX_KEYS`] live keys the
//! oldest is forgotten. What it holds for a tenant is part of that tenant's state: each
//! counted failure or cleared key is noted on the tenant (its `Tenants::stamp` moves).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Live keys kept at most.
pub const MAX_KEYS: usize = 10_000;

/// Recent failed logins per key; cheap to clone, shared by a site's handlers.
#[derive(Debug, Clone, Default)]
pub struct LoginThrottle {
    failures: Arc<Mutex<HashMap<String, VecDeque<Instant>>>>,
    /// Where a change for a key's tenant is noted (none: nowhere, as in unit tests).
    tenants: Option<crate::Tenants>,
}

impl LoginThrottle {
    /// Failures allowed per key within [`LoginThrottle::WINDOW`].
    pub const MAX_FAILURES: usize = 5;
    /// How long a failure counts.
    pub const WINDOW: Duration = Duration::from_secs(60);

    /// A throttle whose changes are noted on the tenants of its keys.
    pub fn noting(tenants: crate::Tenants) -> Self {
        Self {
            tenants: Some(tenants),
            ..Self::default()
        }
    }

    /// The key of `login` from `address` on `tenant` (the tenant cookie's value).
    pub fn key(tenant: &str, login: &str, address: &str) -> String {
        format!("{tenant}|{}|{address}", login.to_lowercase())
    }

    /// Notes a change for `key`'s tenant.
    fn note(&self, key: &str) {
        if let Some(tenants) = &self.tenants
            && let Some(Ok(tenant)) = key.split('|').next().map(str::parse)
        {
            tenants.note_kept(&tenant);
        }
    }

    /// Counts an attempt for `key` before its password is checked, or `Err(wait)` when the
    /// key has used up its failures: try again after `wait`. The check and the count are one
    /// step under the lock, so parallel attempts cannot all pass before any is counted; an
    /// attempt that succeeds clears the key ([`LoginThrottle::clear`]).
    pub fn attempt(&self, key: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let Ok(mut failures) = self.failures.lock() else {
            return Ok(());
        };
        if let Some(times) = failures.get_mut(key) {
            times.retain(|time| now.duration_since(*time) < Self::WINDOW);
            if let Some(oldest) = times.front()
                && times.len() >= Self::MAX_FAILURES
            {
                return Err(Self::WINDOW.saturating_sub(now.duration_since(*oldest)));
            }
        }
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
        failures.entry(key.to_owned()).or_default().push_back(now);
        drop(failures);
        self.note(key);
        Ok(())
    }

    /// Forgets `key`'s failures (after a successful login).
    pub fn clear(&self, key: &str) {
        let removed = self
            .failures
            .lock()
            .is_ok_and(|mut failures| failures.remove(key).is_some());
        if removed {
            self.note(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counted_failure_and_a_cleared_key_move_their_tenants_stamp_only() {
        let tenants = crate::Tenants::new();
        let (mine, other) = (tenants.create().unwrap(), tenants.create().unwrap());
        let throttle = LoginThrottle::noting(tenants.clone());
        let key = LoginThrottle::key(&mine.to_string(), "Alice", "127.0.0.1");
        let (before, others) = (
            tenants.stamp(&mine).unwrap(),
            tenants.stamp(&other).unwrap(),
        );
        throttle.attempt(&key).unwrap();
        let failed = tenants.stamp(&mine).unwrap();
        assert_ne!(failed, before, "a counted failure is state");
        throttle.clear(&key);
        assert_ne!(tenants.stamp(&mine).unwrap(), failed, "so is clearing it");
        assert_eq!(tenants.stamp(&other).unwrap(), others);
    }

    #[test]
    fn a_key_is_refused_after_its_failures_and_cleared_by_a_success() {
        let throttle = LoginThrottle::default();
        for _ in 0..LoginThrottle::MAX_FAILURES {
            assert!(throttle.attempt("a").is_ok());
        }
        let wait = throttle.attempt("a").unwrap_err();
        assert!(wait > Duration::from_secs(50) && wait <= LoginThrottle::WINDOW);
        assert!(throttle.attempt("b").is_ok(), "other keys are not affected");
        throttle.clear("a");
        assert!(throttle.attempt("a").is_ok());
    }

    #[test]
    fn parallel_attempts_pass_only_up_to_the_limit() {
        let throttle = LoginThrottle::default();
        let passed: usize = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..16)
                .map(|_| scope.spawn(|| usize::from(throttle.attempt("a").is_ok())))
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().unwrap())
                .sum()
        });
        assert_eq!(passed, LoginThrottle::MAX_FAILURES);
    }

    #[test]
    fn the_table_stays_bounded() {
        let throttle = LoginThrottle::default();
        for key in 0..MAX_KEYS + 10 {
            let _ = throttle.attempt(&key.to_string());
        }
        assert!(throttle.failures.lock().unwrap().len() <= MAX_KEYS);
    }
}
