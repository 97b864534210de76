//! Saved runs the debugger can open: the output folders of `agora run --out` under one root
//! (`agora view DIR`, `agora up --runs DIR`). A run is the root itself when it holds
//! `results.jsonl`, else each folder directly under it that does; it is named by its folder.
//! Files are served only from inside a listed run, each name through the one allow-list
//! check ([`evaluators::local_file::file_inside`]) and only of the kinds a run writes.

use crate::run::results::{RESULTS_FILE, TaskResult};
use crate::run::resume::{MANIFEST_FILE, RunManifest};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The one page of a run the debugger serves as HTML: the report Agora writes. Any other
/// HTML file (say, a task's input image named `.html`) would run on the debugger's origin.
const REPORT: &str = "report.html";

/// The extensions of the files a run writes that the debugger serves, with their types.
const SERVED: [(&str, &str); 7] = [
    ("json", "application/json"),
    ("jsonl", "application/x-ndjson"),
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("gif", "image/gif"),
    ("webp", "image/webp"),
];

/// The saved runs under a root folder.
#[derive(Debug, Clone)]
pub struct RunLibrary {
    root: PathBuf,
}

/// One run as the debugger lists it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunLine {
    /// Its name (its folder's name).
    pub id: String,
    /// The agent, the model and the observation kind, when `run.json` says.
    pub setup: Option<String>,
    /// Tasks with a result.
    pub tasks: usize,
    /// Of which passed.
    pub passed: usize,
    /// Of which ended in an error.
    pub errors: usize,
}

/// One task of a run as the debugger lists it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TaskLine {
    /// The task's name.
    pub task: String,
    /// Its intent.
    pub intent: String,
    /// The sites it uses.
    pub sites: Vec<String>,
    /// Its score, when it has one.
    pub score: Option<f64>,
    /// `pass`, `fail`, `unjudged` or `error`.
    pub status: &'static str,
    /// Why the episode ended.
    pub stop_reason: &'static str,
    /// Steps taken.
    pub steps: usize,
    /// Of which refused or failed.
    pub refused_steps: usize,
    /// What broke, for errors.
    pub error: Option<String>,
    /// The trajectory's folder in the run.
    pub trajectory: String,
}

/// Why a run or a file of it is not served.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LibraryError {
    /// No run has that name.
    #[error("no run `{0}` here (the debugger lists the runs it serves)")]
    UnknownRun(String),
    /// The file is not one the run holds.
    #[error("{0}")]
    Refused(String),
    /// The run's results could not be read.
    #[error("{0}")]
    Unreadable(String),
}

impl RunLibrary {
    /// The runs under `root`.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// Every run, by name.
    fn runs(&self) -> Vec<(String, PathBuf)> {
        let name_of = |path: &Path| {
            path.canonicalize().ok().and_then(|path| {
                path.file_name()
                    .map(|name| name.to_string_lossy().into_owned())
            })
        };
        if self.root.join(RESULTS_FILE).is_file() {
            return name_of(&self.root)
                .map(|name| vec![(name, self.root.clone())])
                .unwrap_or_default();
        }
        let Ok(entries) = std::fs::read_dir(&self.root) else {
            return Vec::new();
        };
        let mut runs: Vec<(String, PathBuf)> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.join(RESULTS_FILE).is_file())
            .filter_map(|path| Some((name_of(&path)?, path)))
            .collect();
        runs.sort();
        runs
    }

    /// The folder of run `id`, if it is one of the listed runs (no path from the request is
    /// ever joined: the name is looked up).
    fn folder(&self, id: &str) -> Result<PathBuf, LibraryError> {
        self.runs()
            .into_iter()
            .find(|(name, _)| name == id)
            .map(|(_, path)| path)
            .ok_or_else(|| LibraryError::UnknownRun(id.to_owned()))
    }

    /// Every run with its counts.
    pub fn list(&self) -> Vec<RunLine> {
        self.runs()
            .into_iter()
            .map(|(id, folder)| {
                let results = latest_results(&folder).unwrap_or_default();
                let setup = std::fs::read(folder.join(MANIFEST_FILE))
                    .ok()
                    .and_then(|bytes| serde_json::from_slice::<RunManifest>(&bytes).ok())
                    .map(|manifest| {
                        let model = manifest
                            .model
                            .map(|model| format!(" {model}"))
                            .unwrap_or_default();
                        format!(
                            "{}{model}, {} observation",
                            manifest.agent, manifest.observation
                        )
                    });
                RunLine {
                    id,
                    setup,
                    tasks: results.len(),
                    passed: results.iter().filter(|result| result.passed()).count(),
                    errors: results.iter().filter(|result| result.is_error()).count(),
                }
            })
            .collect()
    }

    /// The tasks of run `id`, the last result of each (a resumed run may have rerun some).
    pub fn tasks(&self, id: &str) -> Result<Vec<TaskLine>, LibraryError> {
        let folder = self.folder(id)?;
        let results = latest_results(&folder).map_err(LibraryError::Unreadable)?;
        Ok(results
            .into_iter()
            .map(|result| TaskLine {
                status: result.status(),
                stop_reason: result.stop_reason.name(),
                task: result.task,
                intent: result.intent,
                sites: result.sites,
                score: result.score,
                steps: result.steps,
                refused_steps: result.refused_steps,
                error: result.error,
                trajectory: result.trajectory,
            })
            .collect())
    }

    /// A file of run `id`: `path` must name a regular file inside the run's folder (no
    /// absolute path, no `..`, no symlink out) of a kind a run writes.
    pub fn file(&self, id: &str, path: &str) -> Result<(PathBuf, &'static str), LibraryError> {
        let folder = self.folder(id)?;
        let file = evaluators::local_file::file_inside(&folder, path)
            .map_err(|refused| LibraryError::Refused(refused.to_string()))?;
        if path == REPORT {
            return Ok((file, "text/html; charset=utf-8"));
        }
        let extension = file
            .extension()
            .and_then(|extension| extension.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        let mime = SERVED
            .iter()
            .find(|(served, _)| *served == extension)
            .map(|(_, mime)| *mime)
            .ok_or_else(|| {
                LibraryError::Refused(format!(
                    "`{path}` is not a file a run writes (trajectories, screenshots, results, the report)"
                ))
            })?;
        Ok((file, mime))
    }
}

/// The last result of each task in the run at `folder`, in file order.
fn latest_results(folder: &Path) -> Result<Vec<TaskResult>, String> {
    let stored =
        crate::run::results::read(&folder.join(RESULTS_FILE)).map_err(|error| error.to_string())?;
    let mut latest: HashMap<String, usize> = HashMap::new();
    for (index, result) in stored.results.iter().enumerate() {
        latest.insert(result.task.clone(), index);
    }
    Ok(stored
        .results
        .into_iter()
        .enumerate()
        .filter(|(index, result)| latest.get(&result.task) == Some(index))
        .map(|(_, result)| result)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_inside_a_listed_run_of_a_served_kind_are_given() {
        let root = tempfile::tempdir().unwrap();
        let run = root.path().join("replay");
        std::fs::create_dir_all(run.join("trajectories/a")).unwrap();
        std::fs::write(run.join(RESULTS_FILE), "").unwrap();
        std::fs::write(run.join("trajectories/a/observation_000.png"), b"png").unwrap();
        std::fs::write(run.join("notes.txt"), b"private").unwrap();
        std::fs::write(run.join(REPORT), b"<!DOCTYPE html>").unwrap();
        std::fs::write(run.join("trajectories/a/input_0.html"), b"<script>").unwrap();
        std::fs::write(root.path().join("secret.json"), b"{}").unwrap();
        std::fs::create_dir_all(root.path().join("not-a-run")).unwrap();
        let library = RunLibrary::new(root.path());
        let names: Vec<String> = library.list().into_iter().map(|run| run.id).collect();
        assert_eq!(names, ["replay"]);
        let (path, mime) = library
            .file("replay", "trajectories/a/observation_000.png")
            .unwrap();
        assert!(path.ends_with("observation_000.png"));
        assert_eq!(mime, "image/png");
        assert_eq!(
            library.file("replay", REPORT).unwrap().1,
            "text/html; charset=utf-8"
        );
        for refused in [
            "trajectories/a/input_0.html",
            "../secret.json",
            "trajectories/../../secret.json",
            "/etc/passwd",
            "notes.txt",
            "trajectories/a/missing.png",
        ] {
            assert!(
                library.file("replay", refused).is_err(),
                "{refused} is refused"
            );
        }
        assert_eq!(
            library.file("..", "secret.json"),
            Err(LibraryError::UnknownRun("..".into()))
        );
        assert!(library.file("not-a-run", "x.json").is_err());
        // A symlink out of the run is refused too.
        std::os::unix::fs::symlink(
            root.path().join("secret.json"),
            run.join("trajectories/a/link.json"),
        )
        .unwrap();
        assert!(library.file("replay", "trajectories/a/link.json").is_err());
        // A root that is itself a run lists that run alone.
        let single = RunLibrary::new(&run);
        assert_eq!(single.list().len(), 1);
        assert_eq!(single.list()[0].id, "replay");
    }
}
