//! House rules that a compiler cannot check: no fixed sleeps (nor deadlines on a future that
//! never ends) outside the settle routine but two named waits by the clock, no
//! ignored tests, no raw WebDriver client outside `browser/` and `act/`, no DevTools command
//! outside `browser/`, no JavaScript written in Rust string literals (single- or multi-line;
//! it lives in `.js` files, called with arguments) but the two named pieces of glue, the
//! API's routes written only in `api/`, site crates named only where sites are registered and
//! in the CLI, and no merge conflict markers left in any source or document.

use std::path::{Path, PathBuf};

/// The one file allowed to wait (it waits on conditions, with a cap).
const SETTLE_ROUTINE: &str = "src/browser/settle.rs";

/// This file, which names the waits it allows.
const THIS_FILE: &str = "tests/it/tidy.rs";

/// The only other waits by the clock, each a file and the line that holds it: the emulated
/// fixed wait of VWA's harness that the throughput benchmark compares against, and a test
/// fixture server's latency.
const CLOCK_WAITS: [(&str, &str); 2] = [
    (
        "src/bench/throughput.rs",
        "tokio::time::sleep(delay).await;",
    ),
    (
        "tests/it/support/mod.rs",
        "tokio::time::sleep(delay).await;",
    ),
];

/// The modules that may touch the raw WebDriver client.
const WEBDRIVER_MODULES: [&str; 2] = ["src/browser/", "src/act/"];

/// The one module that speaks the DevTools protocol.
const DEVTOOLS_MODULE: &str = "src/browser/";

/// Page-API words that mark JavaScript (VWA's `document.` locators in the evaluators are task
/// data, not our code, so the evaluators crate is not checked for them).
const PAGE_JS: [&str; 12] = [
    "document.",
    "querySelector",
    "getAttribute",
    "getBoundingClientRect",
    "addEventListener",
    "window.",
    "innerWidth",
    "innerHeight",
    "localStorage",
    "sessionStorage",
    "navigator.",
    "getComputedStyle",
];

/// JavaScript syntax that marks a script written in Rust, in any crate.
const JS_SYNTAX: [&str; 7] = [
    "function(",
    "function (",
    "=> {",
    "() =>",
    ").apply(",
    "return (",
    "return [",
];

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

/// The lists a new site is registered in, each a file that names every site crate and what
/// the add-a-site recipe of ARCHITECTURE.md calls the list.
const SITE_LISTS: [(&str, &str); 6] = [
    ("Cargo.toml", "members"),
    ("src/sites.rs", "SITES"),
    ("evaluators/src/site_names.rs", "SITE_NAMES"),
    ("tests/it/tidy.rs", "SITE_CRATES"),
    ("tests/python/conftest.py", "SITE_NAMES"),
    ("tests/it/processes.rs", "spawn_agora_up"),
];

/// Files that name every site crate but register none: the command line's help examples
/// (`agora mcp --port …`) and VWA's export flags (`--classifieds URL`, …).
const NOT_SITE_LISTS: [&str; 2] = ["src/cli/mod.rs", "src/cli/tasks.rs"];

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

/// The string literals of Rust source before its test module, each as written (escapes
/// kept, continuation lines joined as they stand) with the line it starts on. Plain, byte
/// and raw strings of any length are read whole; comments and character literals are passed
/// over (so `'"'` opens no string).
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let chars: Vec<char> = code.chars().collect();
    let mut literals = Vec::new();
    let (mut at, mut line) = (0, 1);
    let next_line = |from: usize, line: &mut usize| {
        *line += usize::from(chars.get(from) == Some(&'\n'));
    };
    while at < chars.len() {
        let here = chars[at];
        let after = chars.get(at + 1).copied();
        if here == '/' && after == Some('/') {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else if here == '/' && after == Some('*') {
            let mut depth = 0;
            while at < chars.len() {
                if chars[at] == '/' && chars.get(at + 1) == Some(&'*') {
                    depth += 1;
                    at += 2;
                } else if chars[at] == '*' && chars.get(at + 1) == Some(&'/') {
                    depth -= 1;
                    at += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    next_line(at, &mut line);
                    at += 1;
                }
            }
        } else if here == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime (left as code).
            if after == Some('\\') {
                at += 3;
                while at < chars.len() && chars[at] != '\'' {
                    at += 1;
                }
                at += 1;
            } else if chars.get(at + 2) == Some(&'\'') {
                at += 3;
            } else {
                at += 1;
            }
        } else if here == 'r'
            && (after == Some('"') || after == Some('#'))
            && !chars[..at]
                .last()
                .is_some_and(|c| c.is_alphanumeric() && *c != 'b' || *c == '_')
        {
            let hashes = chars[at + 1..].iter().take_while(|c| **c == '#').count();
            let open = at + 1 + hashes;
            if chars.get(open) != Some(&'"') {
                at += 1;
                continue;
            }
            let closing: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let (start, first_line) = (open + 1, line);
            let mut end = start;
            while end < chars.len() && !chars[end..].starts_with(&closing) {
                next_line(end, &mut line);
                end += 1;
            }
            literals.push((first_line, chars[start..end].iter().collect()));
            at = end + closing.len();
        } else if here == '"' {
            let (start, first_line) = (at + 1, line);
            let mut end = start;
            while end < chars.len() && chars[end] != '"' {
                if chars[end] == '\\' {
                    end += 1;
                }
                next_line(end, &mut line);
                end += 1;
            }
            literals.push((
                first_line,
                chars[start..end.min(chars.len())].iter().collect(),
            ));
            at = end + 1;
        } else {
            next_line(at, &mut line);
            at += 1;
        }
    }
    literals
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
            let relative = relative_to(root, &file);
            (relative, std::fs::read_to_string(&file).unwrap_or_default())
        })
        .collect()
}

/// `file`'s path under `root`, with forward slashes.
fn relative_to(root: &Path, file: &Path) -> String {
    file.strip_prefix(root)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
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
    // A deadline on a future that never completes is a sleep by another name.
    let (deadline, never) = (["timeout", "("].concat(), ["pending", "::<"].concat());
    let ignore_attribute = ["#[", "ignore"].concat();
    let raw_client = [".client", "()"].concat();
    let mut offences = Vec::new();
    let mut named_waits = 0;
    for file in files {
        let relative = relative_to(root, &file);
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (number, line) in text.lines().enumerate() {
            let named_wait = CLOCK_WAITS
                .iter()
                .any(|(file, wait)| relative == *file && line.trim() == *wait);
            named_waits += usize::from(named_wait);
            let disguised = line.contains(&deadline) && line.contains(&never);
            if (line.contains(&sleep_call) || disguised)
                && relative != SETTLE_ROUTINE
                && !named_wait
                && relative != THIS_FILE
            {
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
        }
    }
    assert!(
        offences.is_empty(),
        "house rules broken:\n{}",
        offences.join("\n")
    );
    assert_eq!(
        named_waits,
        CLOCK_WAITS.len(),
        "a named wait by the clock moved: update CLOCK_WAITS"
    );
}

#[test]
fn javascript_lives_in_js_files_but_for_two_named_pieces_of_glue() {
    let mut offences = Vec::new();
    let mut glue_found = 0;
    for (relative, text) in rust_files() {
        let checked = is_server_code(&relative) || relative.starts_with("evaluators/src/");
        if !checked {
            continue;
        }
        for (number, literal) in string_literals(&text) {
            let glue = JS_GLUE
                .iter()
                .any(|(file, glue)| relative == *file && literal.contains(glue));
            glue_found += usize::from(glue);
            let page_words =
                is_server_code(&relative) && PAGE_JS.iter().any(|word| literal.contains(word));
            if !glue && (page_words || JS_SYNTAX.iter().any(|word| literal.contains(word))) {
                let first = literal.lines().next().unwrap_or_default();
                offences.push(format!("{relative}:{number}: \"{}…\"", first.trim()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "JavaScript in Rust strings (move it to a .js file, load it with include_str! and \
         call it with arguments):\n{}",
        offences.join("\n")
    );
    assert_eq!(
        glue_found,
        JS_GLUE.len(),
        "a piece of glue moved: update JS_GLUE"
    );
}

#[test]
fn string_literals_are_read_across_lines_and_past_comments_and_characters() {
    let source = concat!(
        "let quote = '\"'; // \"not a string\"\n",
        "let a = \"one\\\n  two\";\n",
        "/* \"nor this\" */ let b = r#\"raw \"inner\" end\"#;\n",
        "fn f<'a>(x: &'a str) -> &'a str { \"three\" }\n",
    );
    let found = string_literals(source);
    assert_eq!(
        found,
        vec![
            (2, "one\\\n  two".to_owned()),
            (4, "raw \"inner\" end".to_owned()),
            (5, "three".to_owned()),
        ]
    );
}

#[test]
fn only_browser_speaks_the_devtools_protocol() {
    // Built from pieces so this file does not match itself.
    let call = [".cdp", "("].concat();
    let offences: Vec<String> = rust_files()
        .into_iter()
        .filter(|(relative, _)| !relative.starts_with(DEVTOOLS_MODULE))
        .flat_map(|(relative, text)| {
            text.lines()
                .enumerate()
                .filter(|(_, line)| line.contains(&call))
                .map(|(index, line)| format!("{relative}:{}: {}", index + 1, line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        offences.is_empty(),
        "DevTools commands outside src/browser/ (add a typed BrowserSession method in \
         src/browser/probes.rs):\n{}",
        offences.join("\n")
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
fn the_add_a_site_recipe_names_every_list_a_site_is_registered_in() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The site crates: the crates under sites/ that implement the kit's site contract.
    let mut crates: Vec<String> = std::fs::read_dir(root.join("sites"))
        .expect("sites/")
        .flatten()
        .filter(|entry| {
            let mut sources = Vec::new();
            files_with(&entry.path().join("src"), &["rs"], &mut sources);
            sources.iter().any(|file| {
                let text = std::fs::read_to_string(file).unwrap_or_default();
                text.contains("impl Site for") || text.contains("impl SiteDefinition for")
            })
        })
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    let mut listed = SITE_CRATES.map(str::to_owned).to_vec();
    listed.sort();
    assert_eq!(
        crates, listed,
        "SITE_CRATES lists the site crates under sites/"
    );

    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let recipe = architecture
        .split("## How to add a site")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("ARCHITECTURE.md has a section `How to add a site`");
    let mut offences = Vec::new();
    for (file, list) in SITE_LISTS {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        for site in SITE_CRATES {
            if !text.contains(site) {
                offences.push(format!("{file} ({list}) does not name the site `{site}`"));
            }
        }
        for name in [file, list] {
            if !recipe.contains(&format!("`{name}`")) {
                offences.push(format!("the add-a-site recipe does not name `{name}`"));
            }
        }
    }
    // Any other file naming every site is a list the recipe misses, or says why it is not.
    let mut files = Vec::new();
    files_with(root, &["rs", "py", "toml", "sh"], &mut files);
    for file in files {
        let relative = relative_to(root, &file);
        if relative.starts_with("sites/")
            || relative.starts_with("tasks/")
            || SITE_LISTS
                .iter()
                .any(|(list_file, _)| relative == *list_file)
            || NOT_SITE_LISTS.contains(&relative.as_str())
        {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if SITE_CRATES.iter().all(|site| text.contains(site)) {
            offences.push(format!(
                "{relative} names every site: add it to SITE_LISTS and the recipe, or to \
                 NOT_SITE_LISTS"
            ));
        }
    }
    assert!(
        offences.is_empty(),
        "the add-a-site recipe is incomplete:\n{}",
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
            let relative = relative_to(root, file);
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
