//! House rules that a compiler cannot check: no fixed sleeps outside the settle routine, no
//! ignored tests.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

/// The one file allowed to wait (it waits on conditions, with a cap).
const SETTLE_ROUTINE: &str = "src/browser/settle.rs";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
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
            rust_files(&path, out);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_fixed_sleeps_and_no_ignored_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &mut files);
    assert!(
        files.len() > 10,
        "found only {} Rust files under {}",
        files.len(),
        root.display()
    );
    // Built from pieces so this file does not match itself.
    let sleep_call = ["sleep", "("].concat();
    let ignore_attribute = ["#[", "ignore"].concat();
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
        }
    }
    assert!(
        offences.is_empty(),
        "wait on a condition instead of sleeping; never ignore tests:\n{}",
        offences.join("\n")
    );
}
