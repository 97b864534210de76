//! The WebUI task files (`tasks/webui/<id>.json`), made from the targets: the description as
//! the intent, an `aes` evaluator with the target's interactions, and a gold trajectory that
//! writes the target's own files. `agora tasks webui DIR` writes them; a test checks that the
//! shipped files are what the targets make.

use crate::WebUiError;
use crate::targets::{TARGETS, Target};
use serde_json::{Value, json};

/// The AES a WebUI task counts as a pass.
pub const PASS_THRESHOLD: f64 = 0.9;

/// The task file of `target` as task `task_id`.
pub fn task_config(target: &Target, task_id: usize) -> Result<Value, WebUiError> {
    let manifest = target.manifest()?;
    let mut intent = format!(
        "Rebuild this web page: write index.html, style.css and script.js (write_html, write_css, write_javascript) so that it looks and behaves like the description.\n\n# {}\n\n{}\n",
        manifest.title, manifest.description
    );
    if !manifest.resources.is_empty() {
        intent.push_str(&format!(
            "\nResources you may reference by file name: {}.\n",
            manifest.resources.join(", ")
        ));
    }
    let interactions: Vec<String> = manifest
        .interactions
        .iter()
        .map(ToString::to_string)
        .collect();
    intent.push_str(&format!(
        "\nIt is scored in its first state and after each of these interactions, in order: {}.\n",
        interactions.join("; ")
    ));
    Ok(json!({
        "sites": ["webui"],
        "task_id": task_id,
        "require_login": false,
        "start_url": "__WEBUI__/workspace/",
        "intent_template": "Rebuild the web page: {{target}}",
        "instantiation_dict": {"target": target.name},
        "intent": intent,
        "require_reset": true,
        "viewport_size": {"width": 1920, "height": 1080},
        "eval": {
            "eval_types": ["aes"],
            "aes": {
                "target": target.name,
                "interactions": manifest.interactions,
                "pass_threshold": PASS_THRESHOLD
            }
        },
        "agora": {
            "tags": ["webui", "aes"],
            "notes": "Generated from sites/webui/targets by `agora tasks webui tasks/webui`; edit the target, not this file.",
            "gold": [
                {"action": "write_html", "content": target.html},
                {"action": "write_css", "content": target.css},
                {"action": "write_javascript", "content": target.javascript},
                {"action": "stop", "answer": ""}
            ]
        }
    }))
}

/// Every target's task file: `(file name, pretty JSON)`, in task-id order.
pub fn task_files() -> Result<Vec<(String, String)>, WebUiError> {
    TARGETS
        .iter()
        .enumerate()
        .map(|(task_id, target)| {
            let config = task_config(target, task_id)?;
            let text = serde_json::to_string_pretty(&config).unwrap_or_default() + "\n";
            Ok((format!("{task_id}.json"), text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use std::path::Path;

    #[test]
    fn the_shipped_task_files_are_what_the_targets_make() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks/webui");
        for (name, text) in task_files().unwrap() {
            let shipped = std::fs::read_to_string(folder.join(&name)).unwrap_or_default();
            assert!(
                shipped == text,
                "tasks/webui/{name} is out of date: run `agora tasks webui tasks/webui`"
            );
        }
        let shipped = std::fs::read_dir(&folder)
            .unwrap()
            .filter(|entry| {
                entry
                    .as_ref()
                    .is_ok_and(|entry| entry.path().extension().is_some_and(|ext| ext == "json"))
            })
            .count();
        assert_eq!(shipped, TARGETS.len(), "one task per target in tasks/webui");
    }
}
