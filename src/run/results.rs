//! `results.jsonl`: one line per finished task, appended whole and synced, so a run killed at
//! any moment leaves only complete lines (a torn last line is recognised and dropped).

use evaluators::Evaluation;
use evaluators::chat::Usage;
use evaluators::task::EvalType;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The results file's name inside a run's output directory.
pub const RESULTS_FILE: &str = "results.jsonl";

/// Why an episode ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The agent issued `stop`.
    Answered,
    /// The step limit (`--max-steps`) was reached.
    MaxSteps,
    /// Too many replies in a row had no parsable action (VWA's parsing-failure rule).
    InvalidActions,
    /// The same action was repeated too often (VWA's repeated-action rule).
    RepeatedAction,
    /// Something broke (browser, site, model server) on every attempt: no score.
    Error,
}

impl StopReason {
    /// The name used in files and tables.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Answered => "answered",
            StopReason::MaxSteps => "max steps",
            StopReason::InvalidActions => "invalid actions",
            StopReason::RepeatedAction => "repeated action",
            StopReason::Error => "error",
        }
    }
}

/// One finished task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskResult {
    /// The task's name (`classifieds/3`).
    pub task: String,
    /// The task's intent.
    pub intent: String,
    /// Sites it uses.
    pub sites: Vec<String>,
    /// Its evaluators.
    pub eval_types: Vec<EvalType>,
    /// Its overall difficulty, when the task file gives one.
    pub difficulty: Option<String>,
    /// The score in `[0, 1]`; absent when the task ended in an error or a judge was needed.
    pub score: Option<f64>,
    /// Why the episode ended.
    pub stop_reason: StopReason,
    /// What broke, for errors.
    pub error: Option<String>,
    /// The `stop` answer.
    pub answer: Option<String>,
    /// Actions taken (refused ones included).
    pub steps: usize,
    /// Of which refused or failed.
    #[serde(default)]
    pub refused_steps: usize,
    /// Wall time of the task, retries included, in milliseconds.
    pub wall_ms: u64,
    /// Time of each step in the environment (act, settle, observe), in milliseconds.
    pub step_ms: Vec<u64>,
    /// Attempts made (1 unless infrastructure failures were retried).
    pub attempts: u32,
    /// Tokens the agent's model used, when it reports them.
    pub tokens: Option<Usage>,
    /// Cost in US dollars, when prices were given.
    pub cost_usd: Option<f64>,
    /// The per-evaluator breakdown (what was compared with what).
    pub evaluation: Option<Evaluation>,
    /// The trajectory's folder, relative to the output directory.
    pub trajectory: String,
}

impl TaskResult {
    /// Whether the task ended in an error (and so has no score).
    pub fn is_error(&self) -> bool {
        self.stop_reason == StopReason::Error
    }

    /// Whether it passed: it scored 1 (an AES task: every state reached its threshold).
    pub fn passed(&self) -> bool {
        match &self.evaluation {
            Some(evaluation) => self.score.is_some() && evaluation.passed(),
            None => self.score.is_some_and(|score| score >= 1.0 - 1e-9),
        }
    }

    /// `pass`, `fail`, `unjudged` (a judge was needed) or `error` (no score).
    pub fn status(&self) -> &'static str {
        if self.is_error() {
            "error"
        } else if self.passed() {
            "pass"
        } else if self.score.is_none() {
            "unjudged"
        } else {
            "fail"
        }
    }
}

/// Why the results file could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResultsError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// A complete line is not a result.
    #[error("{path} line {line}: {message}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The parse error.
        message: String,
    },
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> ResultsError + '_ {
    move |source| ResultsError::Io {
        path: path.to_owned(),
        source,
    }
}

/// What a results file holds.
#[derive(Debug, Default)]
pub struct StoredResults {
    /// Complete results, in file order.
    pub results: Vec<TaskResult>,
    /// Whether the file ended in a torn line (a write cut short by a kill).
    pub torn_tail: bool,
}

/// Reads `path` (missing = empty). Only the last line may be incomplete; it is reported as
/// `torn_tail` and left out.
pub fn read(path: &Path) -> Result<StoredResults, ResultsError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Ok(StoredResults::default());
        }
        Err(error) => return Err(io_error(path)(error)),
    };
    let mut stored = StoredResults::default();
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let last = index + 1 == lines.len();
        match serde_json::from_str::<TaskResult>(line) {
            Ok(result) if complete || !last => stored.results.push(result),
            Ok(_) => stored.torn_tail = true,
            Err(_) if last && !complete => stored.torn_tail = true,
            Err(error) => {
                return Err(ResultsError::Corrupt {
                    path: path.to_owned(),
                    line: index + 1,
                    message: error.to_string(),
                });
            }
        }
    }
    Ok(stored)
}

/// Replaces `path` with exactly `results`, atomically (temporary file, sync, rename).
pub fn rewrite(path: &Path, results: &[TaskResult]) -> Result<(), ResultsError> {
    let temporary = path.with_extension("jsonl.tmp");
    let mut file = File::create(&temporary).map_err(io_error(&temporary))?;
    for result in results {
        file.write_all(&line_of(result))
            .map_err(io_error(&temporary))?;
    }
    file.sync_all().map_err(io_error(&temporary))?;
    std::fs::rename(&temporary, path).map_err(io_error(path))
}

fn line_of(result: &TaskResult) -> Vec<u8> {
    // Serializing plain data cannot fail; an empty object line would be caught on read.
    let mut line = serde_json::to_vec(result).unwrap_or_default();
    line.push(b'\n');
    line
}

/// The results file, open for appending.
#[derive(Debug)]
pub struct ResultsLog {
    path: PathBuf,
    file: File,
}

impl ResultsLog {
    /// Opens (creating) `path` for appending.
    pub fn open(path: &Path) -> Result<Self, ResultsError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io_error(path))?;
        Ok(Self {
            path: path.to_owned(),
            file,
        })
    }

    /// Appends one result as one line in a single write, then syncs it to disk: once this
    /// returns, the result survives a kill.
    pub fn append(&mut self, result: &TaskResult) -> Result<(), ResultsError> {
        self.file
            .write_all(&line_of(result))
            .map_err(io_error(&self.path))?;
        self.file.sync_data().map_err(io_error(&self.path))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn result(task: &str, score: Option<f64>, stop: StopReason) -> TaskResult {
        TaskResult {
            task: task.into(),
            intent: "Find it.".into(),
            sites: vec!["classifieds".into()],
            eval_types: vec![EvalType::UrlMatch],
            difficulty: Some("easy".into()),
            score,
            stop_reason: stop,
            error: None,
            answer: None,
            steps: 2,
            refused_steps: 0,
            wall_ms: 1200,
            step_ms: vec![100, 200],
            attempts: 1,
            tokens: None,
            cost_usd: None,
            evaluation: None,
            trajectory: format!("trajectories/{task}"),
        }
    }

    #[test]
    fn appended_lines_read_back_and_a_torn_tail_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RESULTS_FILE);
        let mut log = ResultsLog::open(&path).unwrap();
        log.append(&result("classifieds/1", Some(1.0), StopReason::Answered))
            .unwrap();
        log.append(&result("classifieds/2", None, StopReason::Error))
            .unwrap();
        let stored = read(&path).unwrap();
        assert_eq!(stored.results.len(), 2);
        assert!(!stored.torn_tail);
        // A kill in the middle of a write leaves a line without its end.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(br#"{"task":"classifieds/3","sco"#).unwrap();
        let stored = read(&path).unwrap();
        assert_eq!(stored.results.len(), 2);
        assert!(stored.torn_tail);
        rewrite(&path, &stored.results[..1]).unwrap();
        let stored = read(&path).unwrap();
        assert_eq!(stored.results.len(), 1);
        assert!(!stored.torn_tail);
    }

    #[test]
    fn a_corrupt_complete_line_is_an_error_with_its_line_number() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(RESULTS_FILE);
        std::fs::write(&path, "not json\n").unwrap();
        let error = read(&path).unwrap_err();
        assert!(error.to_string().contains("line 1"), "{error}");
    }
}
