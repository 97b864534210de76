//! `agora report DIR`: one self-contained HTML file from a run's `results.jsonl` and
//! trajectories — the score table with filters, charts, and per task every step's
//! Set-of-Marks screenshot (downscaled, embedded), action, settle report, errors and the
//! evaluation breakdown.

mod chart;

use super::results::{self, RESULTS_FILE, TaskResult};
use super::resume::{MANIFEST_FILE, RunManifest};
use super::summary::{SummaryRow, eval_type_name, summarize};
use super::trajectory::{StepRecord, TRAJECTORY_FILE, TrajectoryRecord};
use askama::Template;
use base64::Engine;
use chart::{BarChart, histogram};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The report's file name inside the run directory.
pub const REPORT_FILE: &str = "report.html";

/// Width of the embedded screenshots, in pixels (the full-size files are linked).
const THUMBNAIL_WIDTH: u32 = 480;

const FILTER_JS: &str = include_str!("filter.js");

/// Why the report could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReportError {
    /// The results could not be read.
    #[error(transparent)]
    Results(#[from] results::ResultsError),
    /// The directory holds no results.
    #[error("{0} holds no results.jsonl with finished tasks; run `agora run --out {0}` first")]
    Empty(String),
    /// Rendering or writing failed.
    #[error("{path}: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

#[derive(Template)]
#[template(path = "report.html")]
struct ReportPage {
    title: String,
    setup: String,
    rows: Vec<RowView>,
    charts: Vec<BarChart>,
    sites: Vec<String>,
    eval_types: Vec<String>,
    difficulties: Vec<String>,
    tasks: Vec<TaskView>,
    script: &'static str,
}

struct RowView {
    label: String,
    tasks: usize,
    success: String,
    scored: usize,
    errors: usize,
    unjudged: usize,
    steps: String,
}

struct TaskView {
    anchor: String,
    name: String,
    intent: String,
    status: &'static str,
    score: String,
    stop_reason: &'static str,
    steps: usize,
    seconds: String,
    tokens: String,
    sites: String,
    eval_types: String,
    difficulty: String,
    answer: String,
    error: String,
    input_images: Vec<String>,
    start_image: Option<Image>,
    trajectory_steps: Vec<StepView>,
    checks: Vec<CheckView>,
}

struct Image {
    thumbnail: String,
    full: String,
}

struct StepView {
    number: usize,
    action: String,
    reply: String,
    error: String,
    settle: String,
    url: String,
    timing: String,
    image: Option<Image>,
}

struct CheckView {
    evaluator: String,
    kind: String,
    expected: String,
    actual: String,
    status: String,
}

/// Writes `DIR/report.html` and returns its path.
pub fn write(dir: &Path) -> Result<PathBuf, ReportError> {
    let stored = results::read(&dir.join(RESULTS_FILE))?;
    // The last line of a task wins (a resumed run may have rerun it).
    let mut latest: HashMap<String, usize> = HashMap::new();
    for (index, result) in stored.results.iter().enumerate() {
        latest.insert(result.task.clone(), index);
    }
    let mut results: Vec<&TaskResult> = stored
        .results
        .iter()
        .enumerate()
        .filter(|(index, result)| latest.get(&result.task) == Some(index))
        .map(|(_, result)| result)
        .collect();
    if results.is_empty() {
        return Err(ReportError::Empty(dir.display().to_string()));
    }
    results.sort_by(|a, b| a.task.cmp(&b.task));
    let owned: Vec<TaskResult> = results.iter().map(|result| (*result).clone()).collect();
    let manifest: Option<RunManifest> = std::fs::read_to_string(dir.join(MANIFEST_FILE))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok());
    let page = ReportPage {
        title: format!("Agora run: {}", dir.display()),
        setup: manifest.as_ref().map(describe_setup).unwrap_or_default(),
        rows: summarize(&owned).iter().map(row_view).collect(),
        charts: charts(&owned),
        sites: distinct(&owned, |result| result.sites.clone()),
        eval_types: distinct(&owned, |result| {
            result
                .eval_types
                .iter()
                .map(|t| eval_type_name(*t))
                .collect()
        }),
        difficulties: distinct(&owned, |result| vec![difficulty(result)]),
        tasks: owned.iter().map(|result| task_view(dir, result)).collect(),
        script: FILTER_JS,
    };
    let path = dir.join(REPORT_FILE);
    let html = page.render().map_err(|error| ReportError::Write {
        path: path.clone(),
        message: error.to_string(),
    })?;
    std::fs::write(&path, html).map_err(|error| ReportError::Write {
        path: path.clone(),
        message: error.to_string(),
    })?;
    Ok(path)
}

fn describe_setup(manifest: &RunManifest) -> String {
    let model = manifest
        .model
        .as_ref()
        .map(|model| format!(", model {model}, {} observation", manifest.observation))
        .unwrap_or_default();
    format!(
        "agent {}{model}; at most {} steps; {} evaluation; Agora {}",
        manifest.agent,
        manifest.max_steps,
        manifest.eval_mode.name(),
        manifest.server
    )
}

fn difficulty(result: &TaskResult) -> String {
    result
        .difficulty
        .clone()
        .unwrap_or_else(|| "unknown".to_owned())
}

fn distinct(results: &[TaskResult], values: impl Fn(&TaskResult) -> Vec<String>) -> Vec<String> {
    results
        .iter()
        .flat_map(values)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn row_view(row: &SummaryRow) -> RowView {
    RowView {
        label: row.label.clone(),
        tasks: row.tasks,
        success: row
            .success_rate()
            .map_or_else(|| "–".to_owned(), |rate| format!("{:.1}%", rate * 100.0)),
        scored: row.scored,
        errors: row.errors,
        unjudged: row.unjudged,
        steps: format!("{:.1}", row.mean_steps()),
    }
}

fn charts(results: &[TaskResult]) -> Vec<BarChart> {
    let rows = summarize(results);
    let by_prefix = |prefix: &str, title: &str| {
        BarChart::percentages(
            title,
            rows.iter()
                .filter_map(|row| {
                    let label = row.label.strip_prefix(prefix)?;
                    Some((label.to_owned(), row.success_rate().unwrap_or(0.0)))
                })
                .collect(),
        )
    };
    let steps: Vec<(String, f64)> = results
        .iter()
        .map(|result| (result.task.clone(), result.steps as f64))
        .collect();
    let step_times: Vec<f64> = results
        .iter()
        .flat_map(|result| result.step_ms.iter().map(|ms| *ms as f64))
        .collect();
    vec![
        by_prefix("site: ", "Success by site"),
        by_prefix("difficulty: ", "Success by difficulty"),
        by_prefix("eval: ", "Success by evaluator type"),
        BarChart::counts("Steps per task", steps, ""),
        BarChart::counts("Time per step (ms)", histogram(&step_times, 8), " steps"),
    ]
}

fn task_view(dir: &Path, result: &TaskResult) -> TaskView {
    let folder = dir.join(&result.trajectory);
    let trajectory: Option<TrajectoryRecord> = std::fs::read(folder.join(TRAJECTORY_FILE))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let status = if result.is_error() {
        "error"
    } else if result.passed() {
        "pass"
    } else if result.score.is_none() {
        "unjudged"
    } else {
        "fail"
    };
    let image = |name: &Option<String>| {
        name.as_ref()
            .and_then(|name| embed(&folder, name, &result.trajectory))
    };
    let checks = result
        .evaluation
        .iter()
        .flat_map(|evaluation| &evaluation.evaluators)
        .flat_map(|report| {
            report.checks.iter().map(move |check| CheckView {
                evaluator: eval_type_name(report.eval_type),
                kind: serde_json::to_value(check.kind)
                    .ok()
                    .and_then(|value| value.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                expected: check.expected.clone(),
                actual: check.actual.clone(),
                status: match &check.status {
                    evaluators::CheckStatus::Pass => "pass".to_owned(),
                    evaluators::CheckStatus::Fail => "fail".to_owned(),
                    evaluators::CheckStatus::NeedsJudge => "needs judge".to_owned(),
                    evaluators::CheckStatus::JudgeFailed(reason) => {
                        format!("judge failed: {reason}")
                    }
                },
            })
        })
        .collect();
    let trajectory_steps = trajectory
        .as_ref()
        .map(|trajectory| {
            trajectory
                .steps
                .iter()
                .map(|step| step_view(step, image(&step.screenshot)))
                .collect()
        })
        .unwrap_or_default();
    TaskView {
        anchor: format!("task-{}", result.trajectory.replace(['/', '.'], "-")),
        name: result.task.clone(),
        intent: result.intent.clone(),
        status,
        score: result
            .score
            .map_or_else(|| "–".to_owned(), |score| format!("{score:.2}")),
        stop_reason: result.stop_reason.name(),
        steps: result.steps,
        seconds: format!("{:.1}", result.wall_ms as f64 / 1000.0),
        tokens: result.tokens.map_or_else(String::new, |tokens| {
            let cost = result
                .cost_usd
                .map(|cost| format!(", ${cost:.4}"))
                .unwrap_or_default();
            format!(
                "{} in / {} out{cost}",
                tokens.prompt_tokens, tokens.completion_tokens
            )
        }),
        sites: result.sites.join(" "),
        eval_types: result
            .eval_types
            .iter()
            .map(|t| eval_type_name(*t))
            .collect::<Vec<_>>()
            .join(" "),
        difficulty: difficulty(result),
        answer: result.answer.clone().unwrap_or_default(),
        error: result.error.clone().unwrap_or_default(),
        input_images: trajectory
            .as_ref()
            .map(|trajectory| {
                trajectory
                    .input_images
                    .iter()
                    .filter_map(|name| embed(&folder, name, &result.trajectory))
                    .map(|image| image.thumbnail)
                    .collect()
            })
            .unwrap_or_default(),
        start_image: trajectory
            .as_ref()
            .and_then(|trajectory| image(&trajectory.start_screenshot)),
        trajectory_steps,
        checks,
    }
}

fn step_view(step: &StepRecord, image: Option<Image>) -> StepView {
    let settle = step
        .settle
        .as_ref()
        .map(|settle| {
            let waited = if settle.waited_for.is_empty() {
                "nothing".to_owned()
            } else {
                settle.waited_for.join(", ")
            };
            let pending = if settle.settled {
                String::new()
            } else {
                format!("; still pending at the cap: {}", settle.pending.join(", "))
            };
            format!("waited {} ms for {waited}{pending}", settle.waited_ms)
        })
        .unwrap_or_default();
    StepView {
        number: step.number,
        action: step
            .action
            .clone()
            .unwrap_or_else(|| "(no parsable action)".to_owned()),
        reply: step.reply.clone(),
        error: step
            .error
            .as_ref()
            .map(|error| format!("{}: {}", error.error, error.message))
            .unwrap_or_default(),
        settle,
        url: step.url.clone(),
        timing: format!("agent {} ms, step {} ms", step.agent_ms, step.step_ms),
        image,
    }
}

/// A downscaled JPEG of an image in the task's folder, as a data URL, and the link to the file.
fn embed(folder: &Path, name: &str, relative_folder: &str) -> Option<Image> {
    // Only plain file names the run wrote itself; never a path out of the folder.
    if name.contains(['/', '\\']) || name.starts_with('.') {
        return None;
    }
    let decoded = image::open(folder.join(name)).ok()?;
    let thumbnail = if decoded.width() > THUMBNAIL_WIDTH {
        let height = decoded.height() * THUMBNAIL_WIDTH / decoded.width().max(1);
        decoded.thumbnail(THUMBNAIL_WIDTH, height.max(1))
    } else {
        decoded
    };
    let mut jpeg = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 75);
    thumbnail.to_rgb8().write_with_encoder(encoder).ok()?;
    Some(Image {
        thumbnail: format!(
            "data:image/jpeg;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(&jpeg)
        ),
        full: format!("{relative_folder}/{name}"),
    })
}
