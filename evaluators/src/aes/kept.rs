//! Target measurements kept across evaluations. A target page is fixed for the life of the
//! process (it is built into the WebUI site), so its states measured once in a layout serve
//! every later evaluation in that layout: an `aes` evaluation then loads only the generated
//! page. Targets are measured in a private tab, out of the agents' reach, so what is kept is
//! what any evaluation would have measured.

use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The most measurements kept (targets × interaction scripts × layouts × modes); past it the
/// kept ones are dropped and measured again as they are needed.
const MOST_KEPT: usize = 256;

/// Measured target states (raw, one JSON value per state), by what was measured and how.
#[derive(Debug, Default)]
pub struct KeptTargets {
    states: Mutex<HashMap<String, Arc<Vec<Value>>>>,
}

impl KeptTargets {
    /// The states kept under `key`, if any.
    pub(crate) fn get(&self, key: &str) -> Option<Arc<Vec<Value>>> {
        self.lock().get(key).cloned()
    }

    /// Keeps `states` under `key`.
    pub(crate) fn keep(&self, key: String, states: Arc<Vec<Value>>) {
        let mut kept = self.lock();
        if kept.len() >= MOST_KEPT {
            kept.clear();
        }
        kept.insert(key, states);
    }

    /// How many measurements are kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Vec<Value>>>> {
        // A panic while holding the lock leaves a map that is still whole.
        self.states
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn kept_states_come_back_under_their_key_only_and_the_store_stays_bounded() {
        let kept = KeptTargets::default();
        kept.keep(
            "landing 1920×1080".into(),
            Arc::new(vec![json!({"elements": []})]),
        );
        assert_eq!(
            kept.get("landing 1920×1080").as_deref(),
            Some(&vec![json!({"elements": []})])
        );
        assert!(kept.get("landing 1280×720").is_none());
        for index in 0..MOST_KEPT + 10 {
            kept.keep(format!("target {index}"), Arc::new(Vec::new()));
            assert!(kept.len() <= MOST_KEPT);
        }
        assert!(
            kept.get("target 1").is_none(),
            "dropped when the store filled"
        );
        assert!(kept.get(&format!("target {}", MOST_KEPT + 9)).is_some());
    }
}
