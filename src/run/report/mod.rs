//! `agora report DIR`: one HTML file from a run's `results.jsonl` and trajectories — the
//! score table with filters, charts, and per task its steps, each beside the observation the
//! agent acted on (screenshots loaded lazily from the run folder, never embedded), the action
//! and its result, and the evaluation check by check (only the relevant part of the page);
//! each task links to the trajectory debugger, which shows everything else. It stays small:
//! a few kilobytes per task, whatever the screenshots weigh.

mod chart;

use super::results::{self, RESULTS_FILE, TaskResult};
use super::resume::{MANIFEST_FILE, RunManifest};
use super::summary::{SummaryRow, eval_type_name, summarize};
use crate::trajectory::{ObservationRecord, StepRecord};
use askama::Template;
use chart::{BarChart, histogram};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The report's file name inside the run directory.
pub const REPORT_FILE: &str = "report.html";

/// Most characters of an action, a path or an error shown per step (the debugger shows them
/// whole, with the reply, the prompt, the settle report and the timings).
const STEP_TEXT_CHARS: usize = 64;
/// Most characters of a check's sides shown (the debugger shows the evaluator's whole
/// excerpt).
const CHECK_TEXT_CHARS: usize = 120;

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
    run: String,
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
    debugger: String,
    unreadable: String,
    input_images: Vec<String>,
    trajectory_steps: Vec<StepView>,
    checks: Vec<CheckView>,
}

struct StepView {
    number: usize,
    action: String,
    error: String,
    settle: String,
    /// The URL after the step, when the step changed it.
    url: String,
    /// The screenshot of the observation the step acted on (a path in the run folder).
    before: Option<String>,
}

struct CheckView {
    evaluator: String,
    kind: String,
    expected: String,
    actual: String,
    part: String,
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
    let run = dir
        .canonicalize()
        .ok()
        .and_then(|dir| {
            dir.file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let page = ReportPage {
        title: format!("Agora run: {}", dir.display()),
        run: run.clone(),
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
        tasks: owned
            .iter()
            .map(|result| task_view(dir, &run, result))
            .collect(),
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

fn task_view(dir: &Path, run: &str, result: &TaskResult) -> TaskView {
    let folder = dir.join(&result.trajectory);
    let (trajectory, unreadable) = match crate::trajectory::read_folder(&folder) {
        Ok(trajectory) => (Some(trajectory), String::new()),
        Err(error) => (None, error.to_string()),
    };
    let status = result.status();
    let file = |name: &str| -> Option<String> {
        // Only plain file names the run wrote itself; never a path out of the folder.
        (!name.contains(['/', '\\']) && !name.starts_with('.'))
            .then(|| format!("{}/{name}", result.trajectory))
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
                expected: clip(&check.expected, CHECK_TEXT_CHARS),
                actual: evaluators::Excerpt::around(
                    &check.actual,
                    &check.expected,
                    CHECK_TEXT_CHARS,
                )
                .map_or_else(|| check.actual.clone(), |(part, _)| format!("…{part}…")),
                part: check_part(check),
                status: match &check.status {
                    evaluators::CheckStatus::Pass => "pass".to_owned(),
                    evaluators::CheckStatus::Fail => "fail".to_owned(),
                    evaluators::CheckStatus::NeedsJudge => "needs judge".to_owned(),
                    evaluators::CheckStatus::JudgeFailed(reason) => {
                        format!("judge failed: {}", clip(reason, CHECK_TEXT_CHARS))
                    }
                },
            })
        })
        .collect();
    let trajectory_steps = trajectory
        .as_ref()
        .map(|trajectory| {
            let mut shown = trajectory.start.as_ref();
            trajectory
                .steps
                .iter()
                .map(|step| {
                    let before = step.acted_on.as_ref().or(shown);
                    let image = before
                        .and_then(|observation| {
                            observation
                                .screenshot
                                .as_ref()
                                .or(observation.clean_screenshot.as_ref())
                        })
                        .and_then(|name| file(name));
                    let view = step_view(step, before, image);
                    if step.observation.is_some() {
                        shown = step.observation.as_ref();
                    } else if step.acted_on.is_some() {
                        shown = step.acted_on.as_ref();
                    }
                    view
                })
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
        debugger: debugger_link(run, &result.task),
        unreadable,
        input_images: trajectory
            .as_ref()
            .map(|trajectory| {
                trajectory
                    .input_images
                    .iter()
                    .filter_map(|name| file(name))
                    .collect()
            })
            .unwrap_or_default(),
        trajectory_steps,
        checks,
    }
}

/// The debugger's address for a task of run `run`, from the viewer's root (the report's
/// script points it at `agora view`'s default address when the file is opened from disk).
fn debugger_link(run: &str, task: &str) -> String {
    let encode =
        |text: &str| url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>();
    format!("/viewer?run={}&task={}", encode(run), encode(task))
}

/// Which part of the page a check's observed side is, when it is part of a longer one.
fn check_part(check: &evaluators::CheckReport) -> String {
    let mut parts = Vec::new();
    if let Some(excerpt) = check.excerpt {
        let end = excerpt.start + check.actual.chars().count();
        parts.push(format!(
            "characters {}–{end} of {}{}",
            excerpt.start,
            excerpt.total,
            if excerpt.found {
                ""
            } else {
                " (the expected text is not in it)"
            }
        ));
    }
    if let Some(images) = &check.images {
        parts.push(format!(
            "page image {} vs reference {}",
            clip(&images.page_image, STEP_TEXT_CHARS),
            clip(&images.reference, STEP_TEXT_CHARS)
        ));
    }
    parts.join("; ")
}

/// The path, query and fragment of `url` (the site is the task's).
fn path_of(url: &str) -> &str {
    url.split_once("://")
        .and_then(|(_, rest)| rest.find('/').map(|slash| &rest[slash..]))
        .unwrap_or(url)
}

/// `text` cut to `chars` characters (an ellipsis marks the cut).
fn clip(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

fn step_view(
    step: &StepRecord,
    before: Option<&ObservationRecord>,
    image: Option<String>,
) -> StepView {
    // How long settling took; what it waited for is in the debugger.
    let settle = step
        .settle
        .as_ref()
        .map(|settle| {
            let cap = if settle.settled { "" } else { " (cap)" };
            format!("{} ms{cap}", settle.waited_ms)
        })
        .unwrap_or_default();
    let action = step
        .action
        .clone()
        .unwrap_or_else(|| "(no parsable action)".to_owned());
    let before_url = before.map(|observation| observation.url.as_str());
    let after_url = step
        .observation
        .as_ref()
        .map(|observation| observation.url.as_str())
        .filter(|url| Some(*url) != before_url);
    StepView {
        number: step.number,
        action: clip(&action, STEP_TEXT_CHARS),
        error: step
            .error
            .as_ref()
            .map(|error| {
                clip(
                    &format!("{}: {}", error.error, error.message),
                    STEP_TEXT_CHARS,
                )
            })
            .unwrap_or_default(),
        settle,
        url: after_url
            .map(|url| clip(path_of(url), STEP_TEXT_CHARS))
            .unwrap_or_default(),
        before: image,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::results::{ResultsLog, StopReason};
    use crate::trajectory::{
        FORMAT_VERSION, ObservationRecord, StepError, StepRecord, StepTimings, Trajectory,
    };
    use evaluators::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};

    /// An observation as a run records it; the report reads its URL and screenshot only, so
    /// a few elements stand for the page's hundreds.
    fn observation(index: usize, task: usize) -> ObservationRecord {
        serde_json::from_value(serde_json::json!({
            "url": format!("http://127.0.0.2:9980/index.php?page=search&sCategory={task}&iPage={index}&sOrder=dt_pub_date"),
            "title": "Classifieds — search results for bikes and more",
            "tabs": [{"index": 0, "title": "Classifieds", "url": "http://127.0.0.2:9980/", "active": true}],
            "tab_header": "Tab 0 (current): Classifieds",
            "elements": (0..5).map(|id| serde_json::json!({
                "id": id, "tag": "a", "role": "link", "name": format!("Listing {id}"), "text": format!("Listing {id}"),
                "alt": null, "placeholder": null, "value": null, "input_type": null,
                "bbox": {"x": 10.0, "y": 20.0 * id as f64, "width": 100.0, "height": 18.0}, "frame": []
            })).collect::<Vec<_>>(),
            "som_text": "[0] [A] [Listing 0]",
            "screenshot": format!("observation_{index:03}.png"),
            "viewport": {"width": 1280, "height": 2048},
            "scroll": {"x": 0.0, "y": 0.0, "height": 4000.0}
        }))
        .unwrap()
    }

    /// A run of `tasks` tasks × `steps` steps as a model agent leaves it: replies with
    /// reasoning, a refused step in five, failed `program_html` checks over whole pages.
    fn synthetic_run(dir: &Path, tasks: usize, steps: usize) {
        let mut log = ResultsLog::open(&dir.join(RESULTS_FILE)).unwrap();
        let page: String = (0..400)
            .map(|row| format!("<li class=\"listing\" id=\"l{row}\"><a href=\"/index.php?page=item&amp;id={row}\">Red bike {row}</a><span class=\"price\">${row}.00</span></li>"))
            .collect();
        for task in 0..tasks {
            let name = format!("classifieds/{task}");
            let folder = crate::run::trajectory::relative_folder(&name);
            let checks = vec![
                CheckReport::new(
                    CheckKind::MustInclude,
                    "Red bike 399 |OR| Blue bike",
                    &page,
                    CheckStatus::Pass,
                ),
                CheckReport::new(
                    CheckKind::MustInclude,
                    "$1,200.00",
                    &page,
                    CheckStatus::Fail,
                ),
            ];
            let evaluation = evaluators::Evaluation {
                outcome: Outcome::Score(0.0),
                mode: evaluators::EvalMode::Correct,
                evaluators: vec![EvaluatorReport {
                    eval_type: evaluators::task::EvalType::ProgramHtml,
                    outcome: Outcome::Score(0.0),
                    checks,
                    aes: None,
                }],
            };
            let trajectory = Trajectory {
                format_version: FORMAT_VERSION,
                task: Some(name.clone()),
                intent: Some("Find the cheapest red bike listed this week and tell me its price.".into()),
                sites: vec!["classifieds".into()],
                start: Some(observation(0, task)),
                steps: (1..=steps)
                    .map(|number| StepRecord {
                        number,
                        reply: format!("Let me think step by step. The page lists {number} bikes; the objective asks for the cheapest red one, so I should sort by price and look at the first results before answering. {}In summary, the next action I will perform is ```click [{number}]```", "I see several listings. ".repeat(12)),
                        action: Some(format!("click [{number}]")),
                        target: Some(crate::observe::SomId(number as u32)),
                        error: (number % 5 == 0).then(|| StepError {
                            error: "stale_element".into(),
                            message: "element [5] is not on the current page: observe again and use an id from the new observation".into(),
                        }),
                        settle: Some(crate::browser::SettleReport {
                            settled: true,
                            waited_ms: 240,
                            waited_for: vec!["navigation".into(), "page load".into(), "images".into()],
                            ..Default::default()
                        }),
                        observation: Some(observation(number, task)),
                        timings: StepTimings { agent_ms: Some(2_400), step_ms: 310 },
                        ..StepRecord::default()
                    })
                    .collect(),
                answer: Some("$45".into()),
                stop_reason: Some(StopReason::Answered),
                evaluation: Some(evaluation.clone()),
                ..Trajectory::default()
            };
            std::fs::create_dir_all(dir.join(&folder)).unwrap();
            std::fs::write(
                dir.join(&folder).join(crate::trajectory::TRAJECTORY_FILE),
                serde_json::to_vec(&trajectory).unwrap(),
            )
            .unwrap();
            log.append(&TaskResult {
                task: name.clone(),
                intent: trajectory.intent.clone().unwrap(),
                sites: vec!["classifieds".into()],
                eval_types: vec![evaluators::task::EvalType::ProgramHtml],
                difficulty: Some("medium".into()),
                score: Some(0.0),
                stop_reason: StopReason::Answered,
                error: None,
                answer: Some("$45".into()),
                steps,
                refused_steps: steps / 5,
                wall_ms: 30_000,
                step_ms: vec![310; steps],
                attempts: 1,
                tokens: Some(evaluators::chat::Usage {
                    prompt_tokens: 41_000,
                    completion_tokens: 900,
                }),
                cost_usd: None,
                evaluation: Some(evaluation),
                trajectory: folder,
            })
            .unwrap();
        }
    }

    #[test]
    fn a_report_of_a_thousand_tasks_of_ten_steps_stays_under_five_megabytes() {
        let dir = tempfile::tempdir().unwrap();
        synthetic_run(dir.path(), 1_000, 10);
        let started = std::time::Instant::now();
        let path = write(dir.path()).unwrap();
        let html = std::fs::read_to_string(&path).unwrap();
        println!(
            "report of 1,000 tasks × 10 steps: {} bytes in {:?}",
            html.len(),
            started.elapsed()
        );
        assert!(html.len() <= 5 << 20, "{} bytes", html.len());
        assert!(!html.contains("data:image"), "nothing is embedded");
        assert_eq!(
            html.matches("loading=lazy").count(),
            10_000,
            "one screenshot per step"
        );
        // Each step beside the observation it acted on: step 1 shows the start.
        assert!(html.contains(
            "<tr><td>1<td><img loading=lazy src=\"trajectories/classifieds/7/observation_000.png\""
        ));
        assert!(
            html.contains(
                ">click [1]</b><td class=m>/index.php?page=search&#38;sCategory=7&#38;iPage=1&#38;"
            ),
            "the page after step 1"
        );
        // A failed check over a whole page shows the part around what it looked for.
        assert!(html.contains("Red bike 399"));
        assert!(!html.contains("Red bike 3<"), "not the whole page");
        assert!(html.contains("(the expected text is not in it)"));
        assert_eq!(
            html.matches("class=\"debug\" href=\"/viewer?run=").count(),
            2_000
        );
    }
}
