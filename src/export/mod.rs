//! `agora tasks export --format vwa`: Agora's task files as VisualWebArena's harness loads
//! them.
//!
//! Per task, `test_<site>/<task_id>.json` (VWA's layout): placeholders replaced by the given
//! site URLs, `sites` in VWA's names, `storage_state` set to a login file for every task that
//! needs login (the files written under `.auth/` by logging the default accounts in, as VWA's
//! auto-login does), input and reference images copied beside the configs and named by
//! absolute path, and the `agora` extension dropped. What VWA cannot express is reported: tasks it has
//! no evaluator for are left out, others are exported with a finding.

pub mod storage;

use anyhow::{Context, bail};
use evaluators::helper::Helper;
use evaluators::site_names::site_named;
use evaluators::task::{EvalType, SiteUrls, Task, TaskFile};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// The folder of storage-state files inside the output.
pub const AUTH_FOLDER: &str = ".auth";
/// The report written beside the configs.
pub const REPORT_FILE: &str = "export-report.txt";

/// VWA's name of a site (`reddit` for Agora's forum), from any of its names.
pub fn vwa_name(site: &str) -> Option<&'static str> {
    let names = site_named(site)?;
    // A site's first task name that is not Agora's own, else Agora's (VWA's names are the
    // task names its files use).
    Some(
        names
            .task_names
            .iter()
            .copied()
            .find(|name| *name != names.name)
            .unwrap_or(names.name),
    )
}

/// What to export and where.
#[derive(Debug, Clone)]
pub struct ExportOptions {
    /// Task files or folders of them.
    pub paths: Vec<PathBuf>,
    /// The output folder.
    pub out: PathBuf,
    /// Base URL per site, by Agora's or VWA's name.
    pub urls: BTreeMap<String, String>,
    /// Whether to log in and write the storage states (else only name them).
    pub log_in: bool,
}

/// Something VWA cannot express about one task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The task file.
    pub path: PathBuf,
    /// Whether the task was left out.
    pub skipped: bool,
    /// What and why.
    pub message: String,
}

/// What an export wrote and found.
#[derive(Debug, Clone, Default)]
pub struct ExportReport {
    /// Config files written, per VWA site folder (`test_reddit`).
    pub written: BTreeMap<String, usize>,
    /// Images copied.
    pub images: usize,
    /// Storage-state files, written or (without login) only named.
    pub storage_states: BTreeSet<String>,
    /// Whether the storage states were written.
    pub logged_in: bool,
    /// Files that could not be read as tasks.
    pub broken: Vec<String>,
    /// Tasks whose `agora` extension (gold trajectory, decoys, notes) was dropped.
    pub dropped_extensions: usize,
    /// What VWA cannot express, per task.
    pub findings: Vec<Finding>,
}

impl fmt::Display for ExportReport {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (folder, count) in &self.written {
            writeln!(formatter, "{folder}: {count} config files")?;
        }
        writeln!(
            formatter,
            "{} images copied beside the configs",
            self.images
        )?;
        let states: Vec<&str> = self.storage_states.iter().map(String::as_str).collect();
        if self.logged_in {
            writeln!(
                formatter,
                "{AUTH_FOLDER}: logged in and wrote {}",
                states.join(", ")
            )?;
        } else if !states.is_empty() {
            writeln!(
                formatter,
                "{AUTH_FOLDER}: not logged in (--no-login); make {} with VWA's browser_env/auto_login.py before running",
                states.join(", ")
            )?;
        }
        if self.dropped_extensions > 0 {
            writeln!(
                formatter,
                "dropped the `agora` extension (gold trajectories, decoys, notes) of {} tasks: VWA has no field for it",
                self.dropped_extensions
            )?;
        }
        for broken in &self.broken {
            writeln!(formatter, "not a task file: {broken}")?;
        }
        // One line per kind of finding, with the tasks it concerns.
        let mut grouped: BTreeMap<(bool, &str), Vec<String>> = BTreeMap::new();
        for finding in &self.findings {
            grouped
                .entry((finding.skipped, finding.message.as_str()))
                .or_default()
                .push(finding.path.display().to_string());
        }
        for ((skipped, message), paths) in grouped {
            let what = if skipped { "left out" } else { "note" };
            writeln!(formatter, "{what}: {message}: {}", paths.join(", "))?;
        }
        Ok(())
    }
}

/// VWA's evaluators (`evaluator_router`): any other eval type raises `ValueError`.
fn vwa_evaluates(eval_type: EvalType) -> bool {
    !matches!(eval_type, EvalType::Aes)
}

/// The `func:` helpers of the task's `program_html` that VWA's evaluators do not have.
fn agora_only_helpers(task: &Task) -> Vec<String> {
    task.eval
        .program_html
        .iter()
        .filter_map(|target| target.locator.trim().strip_prefix("func:"))
        .filter_map(|call| match Helper::parse(call) {
            Ok(Helper::ClassifiedsGetLatestCommentContentByUsername { .. }) => {
                Some(call.split('(').next().unwrap_or(call).trim().to_owned())
            }
            _ => None,
        })
        .collect()
}

/// A task prepared for VWA: its JSON and where it goes.
struct Exported {
    folder: String,
    value: Value,
}

/// Converts one loaded task (`raw` is its JSON with placeholders replaced); images are copied
/// into `out`. `Err` is the reason to leave it out.
fn convert(
    file: &TaskFile,
    mut raw: Value,
    out: &Path,
    report: &mut ExportReport,
) -> Result<Exported, String> {
    let task = &file.task;
    if let Some(unknown) = task
        .eval
        .eval_types
        .iter()
        .find(|eval_type| !vwa_evaluates(**eval_type))
    {
        return Err(format!(
            "VWA has no `{}` evaluator (its evaluator_router raises ValueError)",
            serde_json::to_value(unknown)
                .ok()
                .and_then(|value| value.as_str().map(str::to_owned))
                .unwrap_or_default()
        ));
    }
    let sites: Vec<&str> = task
        .sites
        .iter()
        .map(|site| vwa_name(site).ok_or_else(|| format!("unknown site `{site}`")))
        .collect::<Result<_, _>>()?;
    let folder_site = file
        .dir()
        .file_name()
        .and_then(|name| vwa_name(&name.to_string_lossy()))
        .or_else(|| sites.first().copied())
        .ok_or("the task names no site")?;
    let object = raw.as_object_mut().ok_or("the task is not a JSON object")?;
    if object.remove("agora").is_some() {
        report.dropped_extensions += 1;
    }
    object.insert("sites".into(), sites.iter().copied().collect());
    let login_sites: Vec<&str> = sites
        .iter()
        .copied()
        .filter(|site| storage::login_form(site).is_some())
        .collect();
    let state = if task.require_login && !login_sites.is_empty() {
        let name = storage::file_name(&login_sites);
        report.storage_states.insert(name.clone());
        Value::String(out.join(AUTH_FOLDER).join(name).display().to_string())
    } else {
        Value::Null
    };
    object.insert("storage_state".into(), state);
    let folder = format!("test_{folder_site}");
    let images_dir = out.join(&folder);
    let mut copy = |name: &str| -> Result<String, String> {
        let source = evaluators::local_file::file_inside(file.dir(), name)
            .map_err(|refused| format!("image `{name}`: {refused}"))?;
        let target = images_dir.join(name);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|error| error.to_string())?;
        }
        std::fs::copy(&source, &target)
            .map_err(|error| format!("copying {}: {error}", source.display()))?;
        report.images += 1;
        Ok(target.display().to_string())
    };
    if let Some(image) = object.get_mut("image") {
        rewrite_local_files(image, &mut copy)?;
    }
    if let Some(queries) = object
        .get_mut("eval")
        .and_then(|eval| eval.get_mut("page_image_query"))
        .and_then(Value::as_array_mut)
    {
        for query in queries {
            if let Some(references) = query.get_mut("eval_fuzzy_image_match") {
                rewrite_local_files(references, &mut copy)?;
            }
        }
    }
    let mut note = |message: String| {
        report.findings.push(Finding {
            path: file.path.clone(),
            skipped: false,
            message,
        });
    };
    for helper in agora_only_helpers(task) {
        note(format!(
            "VWA has no helper `{helper}` (an Agora addition): its evaluator raises NameError and leaves the task unscored"
        ));
    }
    if task.require_reset {
        let unreset: Vec<&str> = sites
            .iter()
            .copied()
            .filter(|site| *site != "classifieds" && storage::login_form(site).is_some())
            .collect();
        if !unreset.is_empty() {
            note(format!(
                "require_reset: VWA's harness resets only classifieds; reset {} first with POST <site>/index.php?page=reset (token=…)",
                unreset.join(" and ")
            ));
        }
    }
    let text = raw.to_string();
    if let Some(start) = text.find("__") {
        let rest = &text[start + 2..];
        if let Some(end) = rest.find("__") {
            let name = &rest[..end];
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase()) {
                note(format!(
                    "the placeholder __{name}__ has no URL: give it with --{} URL",
                    name.to_ascii_lowercase()
                ));
            }
        }
    }
    Ok(Exported { folder, value: raw })
}

/// Replaces every local file name in `field` (a string, a list of them, or VWA's `|OR|`-joined
/// references) by what `copy` returns; URLs stay.
fn rewrite_local_files(
    field: &mut Value,
    copy: &mut impl FnMut(&str) -> Result<String, String>,
) -> Result<(), String> {
    let mut rewrite = |text: &str| -> Result<String, String> {
        text.split(evaluators::task::OR_SEPARATOR)
            .map(|source| {
                if source.trim().is_empty() || evaluators::task::is_remote(source) {
                    Ok(source.to_owned())
                } else {
                    copy(source)
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(|parts| parts.join(evaluators::task::OR_SEPARATOR))
    };
    match field {
        Value::String(text) => *text = rewrite(text)?,
        Value::Array(items) => {
            for item in items {
                if let Value::String(text) = item {
                    *text = rewrite(text)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Exports the tasks of `options.paths` into `options.out` for VWA.
pub async fn export(options: &ExportOptions) -> anyhow::Result<ExportReport> {
    let mut urls = SiteUrls::new();
    let mut by_vwa_name: BTreeMap<&str, String> = BTreeMap::new();
    for (site, url) in &options.urls {
        urls.insert(site, url)
            .with_context(|| format!("the URL given for `{site}`"))?;
        if let Some(name) = vwa_name(site) {
            by_vwa_name.insert(name, url.trim_end_matches('/').to_owned());
        }
    }
    std::fs::create_dir_all(&options.out)
        .with_context(|| format!("creating {}", options.out.display()))?;
    let out = std::fs::canonicalize(&options.out)?;
    let mut report = ExportReport::default();
    let mut seen: BTreeSet<(String, u64)> = BTreeSet::new();
    for path in &options.paths {
        for file in evaluators::task::json_files(path)? {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("reading {}", file.display()))?;
            let loaded = match evaluators::task::load_file(&file, &urls) {
                Ok(loaded) => loaded,
                Err(error) => {
                    report.broken.push(error.to_string());
                    continue;
                }
            };
            let raw: Value = serde_json::from_str(&urls.substitute(&text))?;
            let entries: Vec<Value> = match raw {
                Value::Array(entries) => entries,
                single => vec![single],
            };
            for (task_file, raw) in loaded.iter().zip(entries) {
                match convert(task_file, raw, &out, &mut report) {
                    Ok(exported) => {
                        let id = task_file.task.task_id.0;
                        if !seen.insert((exported.folder.clone(), id)) {
                            bail!(
                                "{}: a second task {id} for {}: give each folder's tasks distinct ids",
                                task_file.path.display(),
                                exported.folder
                            );
                        }
                        let folder = out.join(&exported.folder);
                        std::fs::create_dir_all(&folder)?;
                        std::fs::write(
                            folder.join(format!("{id}.json")),
                            serde_json::to_vec_pretty(&exported.value)?,
                        )?;
                        *report.written.entry(exported.folder).or_default() += 1;
                    }
                    Err(reason) => report.findings.push(Finding {
                        path: task_file.path.clone(),
                        skipped: true,
                        message: reason,
                    }),
                }
            }
        }
    }
    if options.log_in && !report.storage_states.is_empty() {
        let auth = out.join(AUTH_FOLDER);
        std::fs::create_dir_all(&auth)?;
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(30))
            .build()?;
        for name in &report.storage_states {
            let sites: Vec<&str> = name.trim_end_matches("_state.json").split('.').collect();
            storage::write_state(&client, &sites, &by_vwa_name, &auth.join(name)).await?;
        }
        report.logged_in = true;
    }
    std::fs::write(out.join(REPORT_FILE), report.to_string())?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vwa_names_sites_its_own_way() {
        assert_eq!(vwa_name("forum"), Some("reddit"));
        assert_eq!(vwa_name("reddit"), Some("reddit"));
        assert_eq!(vwa_name("shopping"), Some("shopping"));
        assert_eq!(vwa_name("gitlab"), None);
    }

    fn write(dir: &Path, name: &str, text: &str) {
        std::fs::create_dir_all(dir.join(name).parent().unwrap()).unwrap();
        std::fs::write(dir.join(name), text).unwrap();
    }

    #[tokio::test]
    async fn tasks_become_vwa_configs_and_the_rest_is_reported() {
        let source = tempfile::tempdir().unwrap();
        let forum = source.path().join("forum");
        write(&forum, "images/in.png", "png bytes");
        write(
            &forum,
            "0.json",
            r#"{"sites": ["reddit", "shopping"], "task_id": 0, "require_login": true,
                "storage_state": null, "start_url": "__REDDIT__/f/x |AND| __SHOPPING__",
                "geolocation": null, "intent": "Do it", "image": ["images/in.png", "http://x/y.png"],
                "require_reset": true,
                "eval": {"eval_types": ["program_html"], "reference_answers": null,
                         "program_html": [{"url": "__REDDIT__/f/x/1", "locator": "func:classifieds_get_latest_comment_content_by_username('5', 'Blake Sullivan')",
                                           "required_contents": {"must_include": ["hi"]}}]},
                "agora": {"gold": [{"action": "stop", "answer": ""}]}}"#,
        );
        write(
            &source.path().join("webui"),
            "0.json",
            r#"{"sites": ["webui"], "task_id": 0, "intent": "Rebuild",
                "eval": {"eval_types": ["aes"], "aes": {"target": "landing", "interactions": [], "pass_threshold": 0.9}}}"#,
        );
        let out = tempfile::tempdir().unwrap();
        let options = ExportOptions {
            paths: vec![source.path().to_owned()],
            out: out.path().to_owned(),
            urls: [
                ("reddit", "http://127.0.0.1:9999/"),
                ("shopping", "http://127.0.0.1:7770"),
            ]
            .into_iter()
            .map(|(site, url)| (site.to_owned(), url.to_owned()))
            .collect(),
            log_in: false,
        };
        let report = export(&options).await.unwrap();
        let out = std::fs::canonicalize(out.path()).unwrap();
        let config: Value =
            serde_json::from_slice(&std::fs::read(out.join("test_reddit/0.json")).unwrap())
                .unwrap();
        assert_eq!(
            config["start_url"],
            "http://127.0.0.1:9999/f/x |AND| http://127.0.0.1:7770"
        );
        assert_eq!(
            config["storage_state"],
            out.join(".auth/reddit.shopping_state.json")
                .display()
                .to_string()
        );
        let copied = out.join("test_reddit/images/in.png");
        assert_eq!(config["image"][0], copied.display().to_string());
        assert_eq!(std::fs::read(&copied).unwrap(), b"png bytes");
        assert_eq!(config["image"][1], "http://x/y.png");
        assert!(config.get("agora").is_none());
        assert_eq!(report.written.get("test_reddit"), Some(&1));
        assert_eq!(report.dropped_extensions, 1);
        assert!(report.broken.is_empty(), "{:?}", report.broken);
        assert!(!report.logged_in);
        let text = report.to_string();
        for expected in [
            "left out: VWA has no `aes` evaluator",
            "VWA has no helper `classifieds_get_latest_comment_content_by_username`",
            "resets only classifieds; reset reddit and shopping first",
            "make reddit.shopping_state.json with VWA's browser_env/auto_login.py",
        ] {
            assert!(text.contains(expected), "{expected:?} not in:\n{text}");
        }
        assert_eq!(
            std::fs::read_to_string(out.join(REPORT_FILE)).unwrap(),
            text
        );
    }
}
