//! House rules that a compiler cannot check: no fixed sleeps outside the settle routine, no
//! ignored tests, no raw WebDriver client outside `browser/` and `act/`, no JavaScript written
//! in Rust strings (it lives in `.js` files, called with arguments) but the two named pieces
//! of glue, the API's routes written only in `api/`, site crates named only where sites are
//! registered and in the CLI, and no merge conflict markers left in any source or document.

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

/// JavaScript syntax that marks a script written in Rust, in any crate.
const JS_SYNTAX: [&str; 5] = ["function(", "function (", "=> {", ").apply(", "return ("];

/// The only JavaScript written in Rust strings: glue that wraps code from elsewhere to call
/// it — a script applied to its JSON arguments, and a task's locator expression handed to the
/// value encoder (`js/encode_value.js`). Each is a file and the line that holds it.
const JS_GLUE: [(&str, &str); 2] = [
    (
        "src/browser/session.rs",
        "(function() {{\\n{script}\\n}}).apply(null, {})",
    ),
    ("evaluators/src/js_value.rs", "return ({})(({expression}));"),
];

/// The site crates: named only where sites are registered and in the command line.
const SITE_CRATES: [&str; 5] = ["classifieds", "shopping", "forum", "homepage", "webui"];

/// Where site crates may be named.
const SITE_REGISTRY: [&str; 2] = ["src/sites.rs", "src/cli/"];

/// Paths of the control API (and its one wire field every request names), written only in
/// `src/api/`: the routes, their JSON shapes and the client of them live there.
const API_WORDS: [&str; 7] = [
    "/episodes",
    "/tasks",
    "/sites",
    "/health",
    "/openapi",
    "/mcp",
    "episode_id",
];

/// Whether `relative` is code of the server or a site (not a test, not the evaluators).
fn is_server_code(relative: &str) -> bool {
    relative.starts_with("src/") || (relative.starts_with("sites/") && relative.contains("/src/"))
}

/// The string literals of a line of Rust (a rough cut, enough for these rules).
fn literals(line: &str) -> impl Iterator<Item = &str> {
    line.split('"').skip(1).step_by(2)
}

/// The lines of a source file before its test module, with their numbers, comments left out.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, line)| !line.contains("#[cfg(test)]"))
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(index, line)| (index + 1, line))
}

/// Rust source files of the workspace, each with its path relative to the root.
fn rust_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_with(root, &["rs"], &mut files);
    files
        .into_iter()
        .map(|file| {
            let relative = file
                .strip_prefix(root)
                .unwrap_or(&file)
                .to_string_lossy()
                .replace('\\', "/");
            (relative, std::fs::read_to_string(&file).unwrap_or_default())
        })
        .collect()
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
                && PAGE_JS
                    .iter()
                    .any(|word| literals(line).any(|literal| literal.contains(word)))
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
fn javascript_lives_in_js_files_but_for_two_named_pieces_of_glue() {
    let mut offences = Vec::new();
    let mut glue_found = 0;
    for (relative, text) in rust_files() {
        let checked = relative.starts_with("src/")
            || relative.starts_with("evaluators/src/")
            || (relative.starts_with("sites/") && relative.contains("/src/"));
        if !checked {
            continue;
        }
        for (number, line) in code_lines(&text) {
            let glue = JS_GLUE
                .iter()
                .any(|(file, glue)| relative == *file && line.contains(glue));
            glue_found += usize::from(glue);
            if !glue
                && literals(line).any(|literal| JS_SYNTAX.iter().any(|word| literal.contains(word)))
            {
                offences.push(format!("{relative}:{number}: {}", line.trim()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "JavaScript in Rust strings (move it to a .js file and call it with arguments):\n{}",
        offences.join("\n")
    );
    assert_eq!(
        glue_found,
        JS_GLUE.len(),
        "a piece of glue moved: update JS_GLUE"
    );
}

#[test]
fn only_the_api_module_writes_the_api_routes() {
    let offences: Vec<String> = rust_files()
        .into_iter()
        .filter(|(relative, _)| relative.starts_with("src/") && !relative.starts_with("src/api/"))
        .flat_map(|(relative, text)| {
            code_lines(&text)
                .filter(|(_, line)| {
                    literals(line).any(|literal| {
                        API_WORDS.iter().any(|word| match word.strip_prefix('/') {
                            Some(_) => literal.starts_with(word),
                            None => literal == *word,
                        })
                    })
                })
                .map(|(number, line)| format!("{relative}:{number}: {}", line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "the API's routes and wire fields outside src/api/ (use agora::api::ApiClient):\n{}",
        offences.join("\n")
    );
}

#[test]
fn site_crates_are_named_only_where_sites_are_registered_and_in_the_cli() {
    let offences: Vec<String> = rust_files()
        .into_iter()
        .filter(|(relative, _)| {
            relative.starts_with("src/")
                && !SITE_REGISTRY
                    .iter()
                    .any(|allowed| relative.starts_with(allowed))
        })
        .flat_map(|(relative, text)| {
            text.lines()
                .enumerate()
                .filter(|(_, line)| {
                    SITE_CRATES.iter().any(|site| {
                        line.match_indices(&format!("{site}::")).any(|(at, _)| {
                            !line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                        }) || line.trim_start().starts_with(&format!("use {site}"))
                    })
                })
                .map(|(index, line)| format!("{relative}:{}: {}", index + 1, line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "a site crate named outside src/sites.rs and src/cli/ (offer it through the kit's \
         Site contract and the SiteHost instead):\n{}",
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
