//! Settling: the one place that waits. After an action, wait until navigation is done, no
//! request is in flight, no short timer is pending, the DOM has been quiet, no scroll is
//! under way or about to start and every image in the viewport is painted (or broken) —
//! capped.

use super::{BrowserError, BrowserSession};
use serde::Serialize;
use std::time::{Duration, Instant};

const SETTLE_JS: &str = include_str!("js/settle.js");

/// How long a page must stay quiet, and the most we wait for it.
#[derive(Debug, Clone, Copy)]
pub struct SettlePolicy {
    /// Quiet window for DOM changes.
    pub dom_quiet: Duration,
    /// Longest total wait.
    pub cap: Duration,
    /// Whether every image in the viewport must be loaded, decoded and painted (or have
    /// failed). On in evaluations and for every step whose observation captures a
    /// screenshot; `agora bench paint` turns it off to measure what it costs.
    pub paint: bool,
}

impl SettlePolicy {
    /// This policy for a step observed with or without a screenshot: images are waited for
    /// only when a frame will be captured (`tasks check` replays without screenshots).
    pub fn for_capture(self, screenshot: bool) -> Self {
        Self {
            paint: self.paint && screenshot,
            ..self
        }
    }
}

/// What settling waited for and how long it took.
#[derive(
    Debug, Clone, Default, Serialize, serde::Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
pub struct SettleReport {
    /// Whether every condition held before the cap.
    pub settled: bool,
    /// Total time spent waiting, in milliseconds (navigation included).
    pub waited_ms: u64,
    /// Conditions that were not met at some point and were waited on
    /// (`navigation`, `page load`, `requests in flight`, `short timers`, `DOM changes`,
    /// `scroll`, `images`).
    pub waited_for: Vec<String>,
    /// Conditions still unmet when the cap was reached (empty when settled); images still
    /// missing are named one by one (`image /path?query`, up to ten, then `N more images`).
    pub pending: Vec<String>,
    /// Of `waited_ms`, the time spent waiting on the DOM-quiet window alone (every other
    /// condition already held), in milliseconds. Skipped when nothing changed since load.
    #[serde(default)]
    pub quiet_wait_ms: u64,
    /// Images in the viewport that failed to load or decode (short URLs: path and query on
    /// the page's own origin). They show as broken; settling does not wait for them.
    #[serde(default)]
    pub broken_images: Vec<String>,
}

#[derive(serde::Deserialize)]
struct PageVerdict {
    settled: bool,
    waited_for: Vec<String>,
    pending: Vec<String>,
    quiet_wait_ms: f64,
    broken_images: Vec<String>,
}

/// Waits until the current tab is settled or `policy.cap` has passed.
pub async fn settle(
    session: &BrowserSession,
    policy: SettlePolicy,
) -> Result<SettleReport, BrowserError> {
    let start = Instant::now();
    let mut waited_for = Vec::new();
    loop {
        let remaining = policy.cap.saturating_sub(start.elapsed());
        let quiet_ms = policy.dom_quiet.as_millis() as u64;
        let outcome = session
            .execute_fast(
                SETTLE_JS,
                vec![
                    quiet_ms.into(),
                    (remaining.as_millis() as u64).into(),
                    policy.paint.into(),
                ],
            )
            .await;
        match outcome {
            Ok(value) => {
                let verdict: PageVerdict = serde_json::from_value(value)
                    .map_err(|error| BrowserError::Script(format!("settle verdict: {error}")))?;
                for reason in verdict.waited_for {
                    if !waited_for.contains(&reason) {
                        waited_for.push(reason);
                    }
                }
                return Ok(SettleReport {
                    settled: verdict.settled,
                    waited_ms: start.elapsed().as_millis() as u64,
                    waited_for,
                    pending: verdict.pending,
                    quiet_wait_ms: verdict.quiet_wait_ms.round() as u64,
                    broken_images: verdict.broken_images,
                });
            }
            // The document was replaced while we waited: a navigation is under way.
            Err(BrowserError::Script(_)) | Err(BrowserError::Command(_))
                if start.elapsed() < policy.cap =>
            {
                if !waited_for.iter().any(|reason| reason == "navigation") {
                    waited_for.push("navigation".to_owned());
                }
            }
            Err(BrowserError::Script(_)) | Err(BrowserError::Command(_)) => {
                return Ok(SettleReport {
                    settled: false,
                    waited_ms: start.elapsed().as_millis() as u64,
                    waited_for,
                    pending: vec!["navigation".to_owned()],
                    quiet_wait_ms: 0,
                    broken_images: Vec::new(),
                });
            }
            Err(error) => return Err(error),
        }
    }
}
