//! The target pages, embedded from `targets/<name>/` (`index.html`, `style.css`, `script.js`
//! and `target.json`: title, description, interactions, resources), and the shared resources
//! in `targets/assets/` that targets and workspaces may reference by file name.

use crate::WebUiError;
use evaluators::aes::Interaction;
use serde::Deserialize;

/// One target page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Its name (the folder; `eval.aes.target` of its task).
    pub name: &'static str,
    /// `index.html`.
    pub html: &'static str,
    /// `style.css`.
    pub css: &'static str,
    /// `script.js`.
    pub javascript: &'static str,
    /// `target.json`.
    manifest: &'static str,
}

/// A target's `target.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// A short title ("Pricing table").
    pub title: String,
    /// What the page is and does, in Markdown, for the agent.
    pub description: String,
    /// The scripted interactions after the initial state.
    pub interactions: Vec<Interaction>,
    /// The resources of `targets/assets/` it uses.
    #[serde(default)]
    pub resources: Vec<String>,
}

impl Target {
    /// Its manifest (checked for every target by a test, so it always parses).
    pub fn manifest(&self) -> Result<Manifest, WebUiError> {
        serde_json::from_str(self.manifest).map_err(|error| WebUiError::BadManifest {
            target: self.name,
            message: error.to_string(),
        })
    }

    /// The content of one of its files.
    pub fn file(&self, file: crate::WorkspaceFile) -> &'static str {
        match file {
            crate::WorkspaceFile::Html => self.html,
            crate::WorkspaceFile::Css => self.css,
            crate::WorkspaceFile::JavaScript => self.javascript,
        }
    }
}

macro_rules! target {
    ($name:literal) => {
        Target {
            name: $name,
            html: include_str!(concat!("../targets/", $name, "/index.html")),
            css: include_str!(concat!("../targets/", $name, "/style.css")),
            javascript: include_str!(concat!("../targets/", $name, "/script.js")),
            manifest: include_str!(concat!("../targets/", $name, "/target.json")),
        }
    };
}

/// Every target, in task order.
pub const TARGETS: &[Target] = &[
    target!("landing"),
    target!("pricing"),
    target!("signin"),
    target!("tabs"),
    target!("accordion"),
    target!("modal"),
    target!("navbar"),
    target!("todo"),
    target!("calculator"),
    target!("chat"),
    target!("carousel"),
    target!("sortable"),
    target!("notfound"),
    target!("gallery"),
    target!("dashboard"),
    target!("timeline"),
    target!("article"),
    target!("settings"),
    target!("footer"),
    target!("products"),
];

/// The target called `name`.
pub fn named(name: &str) -> Result<&'static Target, WebUiError> {
    TARGETS
        .iter()
        .find(|target| target.name == name)
        .ok_or_else(|| WebUiError::UnknownTarget(name.chars().take(80).collect()))
}

/// A shared resource: file name, content type, bytes.
pub type Resource = (&'static str, &'static str, &'static [u8]);

/// The shared resources.
pub const RESOURCES: &[Resource] = &[
    (
        "logo.svg",
        "image/svg+xml",
        include_bytes!("../targets/assets/logo.svg"),
    ),
    (
        "avatar.svg",
        "image/svg+xml",
        include_bytes!("../targets/assets/avatar.svg"),
    ),
];

/// The resource called `name`.
pub fn resource(name: &str) -> Option<&'static Resource> {
    RESOURCES.iter().find(|resource| resource.0 == name)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn every_target_has_a_valid_annotated_manifest() {
        assert!(TARGETS.len() >= 20);
        for target in TARGETS {
            let manifest = target.manifest().unwrap();
            assert!(
                (1..=4).contains(&manifest.interactions.len()),
                "{}: 1–4 interactions",
                target.name
            );
            assert!(!manifest.description.trim().is_empty(), "{}", target.name);
            assert!(target.html.contains("data-filter-by"), "{}", target.name);
            assert!(target.html.contains("data-evalby"), "{}", target.name);
            // `|`-separated, as MageBench's code splits them.
            for annotation in target.html.split("data-evalby=\"").skip(1) {
                let names = annotation.split('"').next().unwrap_or_default();
                assert!(
                    !names.contains([' ', ',']),
                    "{}: data-evalby=\"{names}\" must separate its names with `|`",
                    target.name
                );
            }
            for resource_name in &manifest.resources {
                assert!(resource(resource_name).is_some(), "{resource_name}");
            }
            for interaction in &manifest.interactions {
                for selector in interaction.selectors() {
                    let id = selector.trim_start_matches('#');
                    assert!(
                        target.html.contains(&format!("id=\"{id}\"")),
                        "{}: the interaction's selector {selector} names an element id of the page",
                        target.name
                    );
                }
            }
        }
    }

    #[test]
    fn names_are_unique_and_looked_up() {
        for (index, target) in TARGETS.iter().enumerate() {
            assert!(
                TARGETS[index + 1..]
                    .iter()
                    .all(|other| other.name != target.name)
            );
            assert_eq!(named(target.name).unwrap().name, target.name);
        }
        assert!(named("nope").is_err());
    }
}
