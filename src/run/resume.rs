//! Resuming a run: what the output directory already holds decides which tasks still run.
//!
//! `run.json` records how the run was started; `--resume` refuses a directory started with a
//! different agent or model. Finished tasks are kept; tasks that ended in an error, a torn
//! last line and duplicate lines are dropped (atomically) so the file again holds exactly one
//! line per finished task, and the dropped tasks run again.

use super::results::{self, RESULTS_FILE, ResultsError, TaskResult};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The manifest's name inside the output directory.
pub const MANIFEST_FILE: &str = "run.json";

/// How a run was started (what must match for `--resume`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunManifest {
    /// `replay` or `openai`.
    pub agent: String,
    /// The model, for model agents.
    pub model: Option<String>,
    /// What the agent observes.
    pub observation: String,
    /// Step limit.
    pub max_steps: usize,
    /// Evaluation mode.
    pub eval_mode: evaluators::EvalMode,
    /// Where Agora ran (`in-process` or the `--server` URL).
    pub server: String,
}

/// Why the output directory cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    /// Results exist and `--resume` was not given.
    #[error(
        "{0} already holds results: add --resume to continue that run, or choose another --out"
    )]
    NotEmpty(PathBuf),
    /// `--resume` on a run started differently.
    #[error(
        "{dir} was started as {previous}, not {current}: resume it with the same agent and model, or choose another --out"
    )]
    Mismatch {
        /// The directory.
        dir: PathBuf,
        /// How it was started.
        previous: String,
        /// How it is started now.
        current: String,
    },
    /// The results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// The directory or manifest.
    #[error("{path}: {message}")]
    Io {
        /// The path.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

impl RunManifest {
    fn describe(&self) -> String {
        match &self.model {
            Some(model) => format!(
                "--agent {} --model {model} ({} observation)",
                self.agent, self.observation
            ),
            None => format!("--agent {}", self.agent),
        }
    }
}

/// Prepares `dir` for a run: creates it, checks or writes the manifest, and returns the
/// results kept from earlier (empty for a fresh run).
pub fn prepare(
    dir: &Path,
    manifest: &RunManifest,
    resume: bool,
) -> Result<Vec<TaskResult>, ResumeError> {
    let io = |path: &Path, error: &dyn std::fmt::Display| ResumeError::Io {
        path: path.to_owned(),
        message: error.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(|error| io(dir, &error))?;
    let results_path = dir.join(RESULTS_FILE);
    let manifest_path = dir.join(MANIFEST_FILE);
    let stored = results::read(&results_path)?;
    if !resume {
        if !stored.results.is_empty() || stored.torn_tail {
            return Err(ResumeError::NotEmpty(dir.to_owned()));
        }
    } else if let Ok(text) = std::fs::read_to_string(&manifest_path) {
        let previous: RunManifest =
            serde_json::from_str(&text).map_err(|error| io(&manifest_path, &error))?;
        if (
            previous.agent.as_str(),
            previous.model.as_deref(),
            &previous.observation,
        ) != (
            manifest.agent.as_str(),
            manifest.model.as_deref(),
            &manifest.observation,
        ) {
            return Err(ResumeError::Mismatch {
                dir: dir.to_owned(),
                previous: previous.describe(),
                current: manifest.describe(),
            });
        }
    }
    let json = serde_json::to_vec_pretty(manifest).map_err(|error| io(&manifest_path, &error))?;
    std::fs::write(&manifest_path, json).map_err(|error| io(&manifest_path, &error))?;
    let count = stored.results.len();
    let kept = keep_finished(stored.results);
    if stored.torn_tail || kept.len() != count {
        results::rewrite(&results_path, &kept)?;
    }
    Ok(kept)
}

/// The first result of each task that did not end in an error.
fn keep_finished(results: Vec<TaskResult>) -> Vec<TaskResult> {
    let mut seen = HashSet::new();
    results
        .into_iter()
        .filter(|result| !result.is_error() && seen.insert(result.task.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::results::{ResultsLog, StopReason, tests::result};

    fn manifest(agent: &str) -> RunManifest {
        RunManifest {
            agent: agent.into(),
            model: None,
            observation: "som".into(),
            max_steps: 30,
            eval_mode: evaluators::EvalMode::Correct,
            server: "in-process".into(),
        }
    }

    #[test]
    fn resume_keeps_finished_tasks_once_and_drops_errors_and_torn_lines() {
        let dir = tempfile::tempdir().unwrap();
        assert!(
            prepare(dir.path(), &manifest("replay"), false)
                .unwrap()
                .is_empty()
        );
        let path = dir.path().join(RESULTS_FILE);
        let mut log = ResultsLog::open(&path).unwrap();
        log.append(&result("a", Some(1.0), StopReason::Answered))
            .unwrap();
        log.append(&result("b", None, StopReason::Error)).unwrap();
        log.append(&result("a", Some(0.0), StopReason::Answered))
            .unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .and_then(|mut file| std::io::Write::write_all(&mut file, b"{\"task\":\"c\""))
            .unwrap();
        let error = prepare(dir.path(), &manifest("replay"), false).unwrap_err();
        assert!(error.to_string().contains("--resume"), "{error}");
        let error = prepare(dir.path(), &manifest("openai"), true).unwrap_err();
        assert!(error.to_string().contains("--agent replay"), "{error}");
        let kept = prepare(dir.path(), &manifest("replay"), true).unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].score, Some(1.0));
        let on_disk = results::read(&path).unwrap();
        assert_eq!(on_disk.results, kept);
        assert!(!on_disk.torn_tail);
    }
}
