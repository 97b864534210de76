//! House rules that a compiler cannot check: no fixed sleeps outside the settle routine, no
//! ignored tests, no raw WebDriver client outside `browser/` and `act/`, and no page JavaScript
//! written in Rust strings (it lives in `.js` files, called with arguments), and no merge
//! conflict markers left in any source or document.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

/// The one file allowed to wait (it waits on conditions, with a cap).
const SETTLE_ROUTINE: &str = "src/browser/settle.rs";

/// The modules that may touch the raw WebDriver client.
const WEBDRIVER_MODULES: [&str; 2] = ["src/browser/", "src/act/"];

/// Page-API words that mark JavaScript (VWA's `document.` locators in the evaluators are task
/// data, not our code, so the evaluators crate is not checked).
const PAGE_JS: [&str; 5] = [
    "document.",
    "querySelector",
    "getAttribute",
    "getBoundingClientRect",
    "addEventListener",
];

/// Whether `relative` is code of the server or a site (not a test, not the evaluators).
fn is_server_code(relative: &str) -> bool {
    relative.starts_with("src/") || (relative.starts_with("sites/") && relative.contains("/src/"))
}

/// Files under `dir` (skipping `target/` and hidden entries) whose extension is one of
/// `extensions`.
fn files_with(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            files_with(&path, extensions, out);
        } else if path
            .extension()
            .is_some_and(|extension| extensions.iter().any(|wanted| extension == *wanted))
        {
            out.push(path);
        }
    }
}

#[test]
fn house_rules_hold() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_with(root, &["rs"], &mut files);
    assert!(
        files.len() > 10,
        "found only {} Rust files under {}",
        files.len(),
        root.display()
    );
    // Built from pieces so this file does not match itself.
    let sleep_call = ["sleep", "("].concat();
    let ignore_attribute = ["#[", "ignore"].concat();
    let raw_client = [".client", "()"].concat();
    let mut offences = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (number, line) in text.lines().enumerate() {
            if line.contains(&sleep_call) && relative != SETTLE_ROUTINE {
                offences.push(format!(
                    "{relative}:{}: fixed sleep: {}",
                    number + 1,
                    line.trim()
                ));
            }
            if line.contains(&ignore_attribute) {
                offences.push(format!(
                    "{relative}:{}: ignored test: {}",
                    number + 1,
                    line.trim()
                ));
            }
            if line.contains(&raw_client)
                && relative.starts_with("src/")
                && !WEBDRIVER_MODULES
                    .iter()
                    .any(|module| relative.starts_with(module))
            {
                offences.push(format!(
                    "{relative}:{}: raw WebDriver client outside browser/ and act/ (add a BrowserSession method): {}",
                    number + 1,
                    line.trim()
                ));
            }
            if is_server_code(&relative)
                && line.contains('"')
                && PAGE_JS.iter().any(|word| {
                    line.split('"')
                        .skip(1)
                        .step_by(2)
                        .any(|literal| literal.contains(word))
                })
            {
                offences.push(format!(
                    "{relative}:{}: page JavaScript in a Rust string (move it to a .js file): {}",
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "house rules broken:\n{}",
        offences.join("\n")
    );
}

#[test]
fn no_merge_conflict_markers_are_left() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_with(
        root,
        &["rs", "md", "toml", "js", "py", "yml", "json", "html", "css"],
        &mut files,
    );
    // Built from pieces so this file does not match itself.
    let markers = [["<<<<<<", "< "].concat(), [">>>>>>", "> "].concat()];
    let separator = ["======", "="].concat();
    let offences: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let relative = file
                .strip_prefix(root)
                .unwrap_or(file)
                .display()
                .to_string();
            text.lines()
                .enumerate()
                .filter(|(_, line)| {
                    markers
                        .iter()
                        .any(|marker| line.starts_with(marker.as_str()))
                        || *line == separator
                })
                .map(|(number, line)| format!("{relative}:{}: {line}", number + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "merge conflict markers left:\n{}",
        offences.join("\n")
    );
}
