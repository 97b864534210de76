//! Percentiles over measured durations: the one implementation every benchmark uses.

use std::fmt;
use std::time::Duration;

/// Measured durations of one operation.
#[derive(Debug, Clone, Default)]
pub struct Samples {
    durations: Vec<Duration>,
}

impl Samples {
    /// An empty set of samples.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one measurement.
    pub fn push(&mut self, duration: Duration) {
        self.durations.push(duration);
    }

    /// Adds every measurement of `other`.
    pub fn merge(&mut self, other: Samples) {
        self.durations.extend(other.durations);
    }

    /// The number of measurements.
    pub fn len(&self) -> usize {
        self.durations.len()
    }

    /// Whether nothing was measured.
    pub fn is_empty(&self) -> bool {
        self.durations.is_empty()
    }

    /// The `quantile` (0.0–1.0) by nearest rank; zero when empty.
    pub fn percentile(&self, quantile: f64) -> Duration {
        if self.durations.is_empty() {
            return Duration::ZERO;
        }
        let mut sorted = self.durations.clone();
        sorted.sort_unstable();
        let rank = (quantile.clamp(0.0, 1.0) * (sorted.len() - 1) as f64).round() as usize;
        sorted[rank]
    }

    /// The median.
    pub fn p50(&self) -> Duration {
        self.percentile(0.5)
    }
}

impl fmt::Display for Samples {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let millis = |duration: Duration| duration.as_secs_f64() * 1000.0;
        write!(
            formatter,
            "p50 {:7.2} ms  p90 {:7.2} ms  p95 {:7.2} ms  (n={})",
            millis(self.p50()),
            millis(self.percentile(0.9)),
            millis(self.percentile(0.95)),
            self.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_pick_nearest_rank() {
        let mut samples = Samples::new();
        for millis in 1..=100 {
            samples.push(Duration::from_millis(millis));
        }
        assert_eq!(samples.p50(), Duration::from_millis(51));
        assert_eq!(samples.percentile(0.9), Duration::from_millis(90));
        assert_eq!(Samples::new().p50(), Duration::ZERO);
    }
}
