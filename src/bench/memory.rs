//! Peak memory of Agora and everything it started (chromedriver, Chromium and its renderers):
//! the resident set of the process tree, sampled while a benchmark runs (Linux `/proc`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Samples the tree's resident memory until dropped and remembers the peak.
#[derive(Debug)]
pub struct PeakMemory {
    peak_kib: Arc<AtomicU64>,
    sampler: tokio::task::JoinHandle<()>,
}

impl PeakMemory {
    /// Starts sampling every `period`.
    pub fn start(period: Duration) -> Self {
        let peak_kib = Arc::new(AtomicU64::new(0));
        let peak = Arc::clone(&peak_kib);
        let sampler = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(period);
            loop {
                ticks.tick().await;
                let now = tokio::task::spawn_blocking(tree_rss_kib).await.unwrap_or(0);
                peak.fetch_max(now, Ordering::Relaxed);
            }
        });
        Self { peak_kib, sampler }
    }

    /// The highest total seen so far, in MiB.
    pub fn peak_mib(&self) -> f64 {
        self.peak_kib.load(Ordering::Relaxed) as f64 / 1024.0
    }
}

impl Drop for PeakMemory {
    fn drop(&mut self) {
        self.sampler.abort();
    }
}

/// Resident KiB of this process and all its descendants.
fn tree_rss_kib() -> u64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut parent_of: HashMap<u32, u32> = HashMap::new();
    let mut rss_of: HashMap<u32, u64> = HashMap::new();
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        for line in status.lines() {
            if let Some(value) = line.strip_prefix("PPid:") {
                parent_of.insert(pid, value.trim().parse().unwrap_or(0));
            } else if let Some(value) = line.strip_prefix("VmRSS:") {
                let kib = value
                    .trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse()
                    .unwrap_or(0);
                rss_of.insert(pid, kib);
            }
        }
    }
    let mut tree: HashSet<u32> = HashSet::from([std::process::id()]);
    loop {
        let before = tree.len();
        for (pid, parent) in &parent_of {
            if tree.contains(parent) {
                tree.insert(*pid);
            }
        }
        if tree.len() == before {
            break;
        }
    }
    tree.iter().filter_map(|pid| rss_of.get(pid)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_counts() {
        assert!(
            tree_rss_kib() > 1000,
            "a test process holds more than 1 MiB"
        );
    }
}
