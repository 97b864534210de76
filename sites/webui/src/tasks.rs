//! The WebUI task files, made from the targets: `<id>.json` (the description as the intent,
//! the target's screenshots as input images, an `aes` evaluator with the target's
//! interactions, and a gold trajectory that writes the target's own files) and `<target>.md`
//! (the description with the screenshots, the resources and the elements the interactions
//! use). `agora tasks webui DIR` writes them and renders the screenshots; a test checks that
//! the shipped files are what the targets make.

use crate::WebUiError;
use crate::targets::{Manifest, TARGETS, Target};
use serde_json::{Value, json};

/// The AES a WebUI task counts as a pass.
pub const PASS_THRESHOLD: f64 = 0.9;

/// The size the screenshots are rendered at (MageBench's), also the tasks' viewport.
pub const SCREENSHOT_SIZE: (u32, u32) = (1920, 1080);

/// The folder, next to the task files, that holds the screenshots.
pub const IMAGE_FOLDER: &str = "images";

/// The screenshot of `target` in state `state` (0 = initial, then one per interaction),
/// relative to the task files' folder.
pub fn screenshot_path(target: &Target, state: usize) -> String {
    format!("{IMAGE_FOLDER}/{}_{state}.png", target.name)
}

/// Each state's screenshot path, in order: the initial state, then one per interaction.
pub fn screenshot_paths(target: &Target, manifest: &Manifest) -> Vec<String> {
    (0..=manifest.interactions.len())
        .map(|state| screenshot_path(target, state))
        .collect()
}

/// What each state is: "the initial state", then "after `click [#tab-specs]`", ….
fn state_captions(manifest: &Manifest) -> Vec<String> {
    std::iter::once("the initial state".to_owned())
        .chain(
            manifest
                .interactions
                .iter()
                .map(|interaction| format!("after `{interaction}`")),
        )
        .collect()
}

/// The task its screenshots are rendered from: `target`'s task without its input images
/// (they are what is rendered).
pub fn screenshot_config(target: &Target) -> Result<Value, WebUiError> {
    let mut config = task_config(target, 0)?;
    if let Some(fields) = config.as_object_mut() {
        fields.remove("image");
    }
    Ok(config)
}

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
    let (width, height) = SCREENSHOT_SIZE;
    let shown: Vec<String> = state_captions(&manifest)
        .iter()
        .enumerate()
        .map(|(index, caption)| format!("input image {} shows {caption}", index + 1))
        .collect();
    intent.push_str(&format!(
        "\nScreenshots of the target at {width}×{height}: {}.\n",
        shown.join("; ")
    ));
    Ok(json!({
        "sites": ["webui"],
        "task_id": task_id,
        "require_login": false,
        "start_url": "__WEBUI__/workspace/",
        "intent_template": "Rebuild the web page: {{target}}",
        "instantiation_dict": {"target": target.name},
        "intent": intent,
        "image": screenshot_paths(target, &manifest),
        "require_reset": true,
        "viewport_size": {"width": SCREENSHOT_SIZE.0, "height": SCREENSHOT_SIZE.1},
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
            "notes": format!("Generated from sites/webui/targets by `agora tasks webui tasks/webui`; edit the target, not this file. Described with its screenshots in {}.md.", target.name),
            "gold": [
                {"action": "write_html", "content": target.html},
                {"action": "write_css", "content": target.css},
                {"action": "write_javascript", "content": target.javascript},
                {"action": "stop", "answer": ""}
            ]
        }
    }))
}

/// The Markdown description of `target`: its description, the screenshots of each state
/// with a caption naming the interaction that led to it, the resources and the elements the
/// interactions use.
pub fn description_markdown(target: &Target, task_id: usize) -> Result<String, WebUiError> {
    let manifest = target.manifest()?;
    let (width, height) = SCREENSHOT_SIZE;
    let mut text = format!(
        "# {}\n\n{}\n\nTask `{task_id}.json`: rebuild this page as `index.html`, `style.css` and `script.js`.\n\n## Resources\n\n",
        manifest.title, manifest.description
    );
    if manifest.resources.is_empty() {
        text.push_str("None.\n");
    }
    for resource in &manifest.resources {
        text.push_str(&format!("- `{resource}`\n"));
    }
    text.push_str("\n## Elements the interactions use\n\n");
    for interaction in &manifest.interactions {
        let selectors: Vec<String> = interaction
            .selectors()
            .iter()
            .map(|selector| format!("`{selector}`"))
            .collect();
        if !selectors.is_empty() {
            text.push_str(&format!("- {}: `{interaction}`\n", selectors.join(", ")));
        }
    }
    text.push_str(&format!("\n## States, rendered at {width}×{height}\n"));
    let captions = state_captions(&manifest);
    for (index, (caption, path)) in captions
        .iter()
        .zip(screenshot_paths(target, &manifest))
        .enumerate()
    {
        text.push_str(&format!(
            "\n### {}. {}\n\n![{}, {}]({path})\n",
            index + 1,
            capitalised(caption),
            manifest.title,
            caption.replace('`', "")
        ));
    }
    text.push_str(
        "\nGenerated from `sites/webui/targets` by `agora tasks webui tasks/webui`, which renders the screenshots in Agora's own browser; re-running it overwrites this file and the images.\n",
    );
    Ok(text)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Every target's task file and Markdown description: `(file name, text)`, in task-id order.
pub fn task_files() -> Result<Vec<(String, String)>, WebUiError> {
    let mut files = Vec::new();
    for (task_id, target) in TARGETS.iter().enumerate() {
        let config = task_config(target, task_id)?;
        let text = serde_json::to_string_pretty(&config).unwrap_or_default() + "\n";
        files.push((format!("{task_id}.json"), text));
        files.push((
            format!("{}.md", target.name),
            description_markdown(target, task_id)?,
        ));
    }
    Ok(files)
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

    #[test]
    fn every_shipped_screenshot_is_a_1920_by_1080_png_one_per_state() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks/webui");
        for (task_id, target) in TARGETS.iter().enumerate() {
            let text = std::fs::read_to_string(folder.join(format!("{task_id}.json"))).unwrap();
            let task: Value = serde_json::from_str(&text).unwrap();
            let images: Vec<&str> = task["image"]
                .as_array()
                .unwrap()
                .iter()
                .map(|path| path.as_str().unwrap())
                .collect();
            let states = 1 + target.manifest().unwrap().interactions.len();
            assert_eq!(images.len(), states, "{}: one image per state", target.name);
            for path in images {
                let bytes = std::fs::read(folder.join(path)).unwrap_or_else(|error| {
                    panic!("tasks/webui/{path}: {error}; run `agora tasks webui tasks/webui`")
                });
                let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
                    .unwrap_or_else(|error| panic!("tasks/webui/{path}: {error}"));
                assert_eq!(
                    (image.width(), image.height()),
                    SCREENSHOT_SIZE,
                    "tasks/webui/{path}"
                );
            }
        }
    }
}
