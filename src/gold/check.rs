//! `agora tasks check`: proves every task solvable (its gold trajectory scores 1), not
//! trivially passed (an immediate empty `stop` scores 0, except where N/A is the right answer)
//! and not fooled by its decoys (each wrong end state the task lists scores 0).

use super::replay::{EpisodeLookup, ReplayError, ending_with_stop, resolve_step};
use crate::env::{Environment, EpisodeHandle, TaskContext};
use crate::observe::{ObserveOptions, ScreenshotKind};
use evaluators::Evaluation;
use evaluators::task::{Decoy, GoldStep};
use futures::StreamExt;
use std::time::{Duration, Instant};

/// What one run of a task produced.
#[derive(Debug)]
pub enum RunResult {
    /// The trajectory ran and was evaluated.
    Scored {
        /// The score (None: a judge was needed).
        score: Option<f64>,
        /// The evaluation, for failure reports.
        evaluation: Box<Evaluation>,
    },
    /// The trajectory or the evaluation broke.
    Broken(String),
}

/// Every run of one task.
#[derive(Debug)]
pub struct TaskCheck {
    /// The task's name.
    pub name: crate::env::TaskName,
    /// Gold trajectory result.
    pub gold: RunResult,
    /// Immediate empty stop result (None when N/A is the right answer).
    pub empty: Option<RunResult>,
    /// Each decoy (what is wrong about it) and its result.
    pub decoys: Vec<(String, RunResult)>,
    /// Time taken for every run.
    pub elapsed: Duration,
    /// Browser episodes opened for the runs (stops scored at the gold episode's start state
    /// need none of their own).
    pub episodes: usize,
    /// Whether the task is scored on a continuous scale (AES), so gold must reach
    /// [`CONTINUOUS_GOLD_LEAST`] and an empty stop stay at or under [`CONTINUOUS_EMPTY_MOST`].
    pub continuous: bool,
}

/// The least a continuously scored task's gold may score.
pub const CONTINUOUS_GOLD_LEAST: f64 = 0.99;
/// The most a continuously scored task's empty stop (and decoys) may score.
pub const CONTINUOUS_EMPTY_MOST: f64 = 0.1;

impl TaskCheck {
    /// Whether gold scored 1, the empty stop 0 (or was exempt) and every decoy 0 (for
    /// continuous scores: gold at least 0.99, the others at most 0.1).
    pub fn passed(&self) -> bool {
        let (gold_least, empty_most) = if self.continuous {
            (CONTINUOUS_GOLD_LEAST, CONTINUOUS_EMPTY_MOST)
        } else {
            (1.0 - 1e-9, 1e-9)
        };
        let gold_ok = matches!(self.gold, RunResult::Scored { score: Some(score), .. } if score >= gold_least);
        let zero = |result: &RunResult| matches!(result, RunResult::Scored { score: Some(score), .. } if *score <= empty_most);
        gold_ok
            && self.empty.as_ref().is_none_or(zero)
            && self.decoys.iter().all(|(_, result)| zero(result))
    }

    /// One line for the report; failures say why.
    pub fn describe(&self) -> String {
        let run = |result: &RunResult| match result {
            RunResult::Scored {
                score: Some(score), ..
            } => format!("{score:.2}"),
            RunResult::Scored { score: None, .. } => "needs a judge".to_owned(),
            RunResult::Broken(message) => format!("broken ({message})"),
        };
        let empty = self
            .empty
            .as_ref()
            .map(run)
            .unwrap_or_else(|| "n/a (answer is N/A)".to_owned());
        let verdict = if self.passed() { "PASS" } else { "FAIL" };
        let decoys = if self.decoys.is_empty() {
            String::new()
        } else {
            let scores: Vec<String> = self.decoys.iter().map(|(_, result)| run(result)).collect();
            format!("  decoys {}", scores.join(", "))
        };
        let mut line = format!(
            "{verdict} {}  gold {}  empty stop {}{decoys}  ({:.1} s)",
            self.name,
            run(&self.gold),
            empty,
            self.elapsed.as_secs_f64()
        );
        if !self.passed() {
            let runs = [("gold", &self.gold)]
                .into_iter()
                .chain(self.empty.iter().map(|result| ("empty stop", result)))
                .chain(
                    self.decoys
                        .iter()
                        .map(|(why, result)| (why.as_str(), result)),
                );
            for (label, result) in runs {
                if let RunResult::Scored { evaluation, .. } = result
                    && let Ok(json) = serde_json::to_string(&evaluation.evaluators)
                {
                    line.push_str(&format!("\n    {label}: {json}"));
                }
            }
        }
        line
    }
}

/// Checks every task, `parallel` at a time.
pub async fn check_tasks(
    env: &Environment,
    tasks: Vec<TaskContext>,
    parallel: usize,
) -> Vec<TaskCheck> {
    check_tasks_reporting(env, tasks, parallel, |_| ()).await
}

/// Checks every task, `parallel` at a time, handing each check to `on_done` as it finishes.
pub async fn check_tasks_reporting(
    env: &Environment,
    tasks: Vec<TaskContext>,
    parallel: usize,
    mut on_done: impl FnMut(&TaskCheck),
) -> Vec<TaskCheck> {
    let mut running = futures::stream::iter(tasks)
        .map(|task| check_task(env, task))
        .buffer_unordered(parallel.max(1));
    let mut checks = Vec::new();
    while let Some(check) = running.next().await {
        on_done(&check);
        checks.push(check);
    }
    checks
}

async fn check_task(env: &Environment, task: TaskContext) -> TaskCheck {
    let started = Instant::now();
    let name = task.name.clone();
    let not_applicable = task
        .task
        .gold_answer()
        .is_some_and(|answer| answer.trim().eq_ignore_ascii_case("n/a"));
    let decoys: Vec<&Decoy> = task
        .task
        .agora
        .iter()
        .flat_map(|agora| &agora.decoys)
        .collect();
    // Runs that end in a stop at the start state are scored on the gold episode before its
    // replay when the evaluation reads no more of the agent's page than its URL (an AES
    // evaluation measures in a private tab of its own): that state is the one a fresh
    // episode of the task starts in.
    let at_start = reads_answer_and_url_only(&task.task) || task.task.measured_apart();
    let mut starts: Vec<Option<String>> = Vec::new();
    if !not_applicable {
        starts.push(at_start.then(String::new));
    }
    for decoy in &decoys {
        starts.push(at_start.then(|| stop_answer(decoy)).flatten());
    }
    let (gold, mut scored) = run_gold(env, &task, &starts).await;
    let mut episodes = 1;
    let mut results = Vec::new();
    for (index, trajectory) in (!not_applicable)
        .then_some(Trajectory::EmptyStop)
        .into_iter()
        .chain(decoys.iter().map(|decoy| Trajectory::Decoy(decoy)))
        .enumerate()
    {
        let result = match scored.get_mut(index).and_then(Option::take) {
            Some(result) => result,
            None => {
                episodes += 1;
                run(env, &task, trajectory).await
            }
        };
        results.push(result);
    }
    let mut results = results.into_iter();
    let empty = if not_applicable { None } else { results.next() };
    let decoys = decoys
        .iter()
        .map(|decoy| decoy.why.clone())
        .zip(results)
        .collect();
    TaskCheck {
        name,
        gold,
        empty,
        decoys,
        elapsed: started.elapsed(),
        episodes,
        continuous: task
            .task
            .eval
            .eval_types
            .contains(&evaluators::task::EvalType::Aes),
    }
}

/// Whether `task`'s evaluation reads only the stop answer and the page's URL (so it can be
/// scored at a state without disturbing it).
fn reads_answer_and_url_only(task: &evaluators::Task) -> bool {
    use evaluators::task::EvalType;
    task.eval
        .eval_types
        .iter()
        .all(|kind| matches!(kind, EvalType::StringMatch | EvalType::UrlMatch))
}

/// The answer of a decoy that is only a `stop` at the start state, parsed by the action
/// grammar as the agent's would be; `None` for a decoy with other steps.
fn stop_answer(decoy: &Decoy) -> Option<String> {
    match decoy.steps.as_slice() {
        [step] => match super::replay::gold_action(step, None) {
            Ok(crate::act::Action::Stop { answer }) => Some(answer),
            _ => None,
        },
        _ => None,
    }
}

/// What a run besides the gold replays.
enum Trajectory<'a> {
    /// An immediate empty `stop`.
    EmptyStop,
    /// A wrong end state the task lists.
    Decoy(&'a Decoy),
}

/// Runs the gold trajectory in a fresh episode and evaluates it; first, at its start state,
/// scores a stop with each answer given in `at_start` (the results in the same places, `None`
/// where no answer was given or the episode broke).
async fn run_gold(
    env: &Environment,
    task: &TaskContext,
    at_start: &[Option<String>],
) -> (RunResult, Vec<Option<RunResult>>) {
    let episode = match open(env, task).await {
        Ok(episode) => episode,
        Err(broken) => return (broken, Vec::new()),
    };
    let mut scored = Vec::new();
    for answer in at_start {
        scored.push(match answer {
            Some(answer) => Some(scored_or_broken(
                episode.evaluate_if_stopped(answer, None).await,
            )),
            None => None,
        });
    }
    let result = finish(&episode, replay(&episode, task).await).await;
    (result, scored)
}

/// Runs an empty stop or a decoy in a fresh episode and evaluates it.
async fn run(env: &Environment, task: &TaskContext, trajectory: Trajectory<'_>) -> RunResult {
    let episode = match open(env, task).await {
        Ok(episode) => episode,
        Err(broken) => return broken,
    };
    let replayed = match trajectory {
        Trajectory::EmptyStop => stop_empty(&episode).await,
        Trajectory::Decoy(decoy) => match ending_with_stop(decoy.steps.clone(), "decoy") {
            Ok(steps) => replay_steps(&episode, &steps).await,
            Err(error) => Err(error),
        },
    };
    finish(&episode, replayed).await
}

/// A fresh episode of `task`, observed without screenshots (the marks are resolved exactly as
/// an agent's would be).
async fn open(env: &Environment, task: &TaskContext) -> Result<EpisodeHandle, RunResult> {
    let observe = ObserveOptions {
        screenshot: ScreenshotKind::None,
        ..ObserveOptions::default()
    };
    env.create_task_episode(task.clone(), observe)
        .await
        .map_err(|error| RunResult::Broken(format!("episode: {error}")))
}

/// Evaluates the episode after its replay (unless the replay broke) and closes it.
async fn finish(episode: &EpisodeHandle, replayed: Result<(), ReplayError>) -> RunResult {
    let result = match replayed {
        Ok(()) => scored_or_broken(episode.evaluate(None).await),
        Err(error) => RunResult::Broken(error.to_string()),
    };
    let _ = episode.close().await;
    result
}

fn scored_or_broken(evaluated: Result<Evaluation, crate::env::EnvError>) -> RunResult {
    match evaluated {
        Ok(evaluation) => RunResult::Scored {
            score: evaluation.outcome.score(),
            evaluation: Box::new(evaluation),
        },
        Err(error) => RunResult::Broken(format!("evaluation: {error}")),
    }
}

/// Replays the task's gold trajectory in a running episode of it (locators resolved to ids,
/// each step checked), up to and including its final `stop`.
pub async fn replay(episode: &EpisodeHandle, task: &TaskContext) -> Result<(), ReplayError> {
    let steps = super::gold_steps(&task.task)?;
    replay_steps(episode, &steps).await
}

/// Replays `steps` (locators resolved to ids, each step checked) in a running episode.
async fn replay_steps(episode: &EpisodeHandle, steps: &[GoldStep]) -> Result<(), ReplayError> {
    for (index, step) in steps.iter().enumerate() {
        let number = index + 1;
        let action = resolve_step(&EpisodeLookup::of(episode).await, number, step).await?;
        let text = action.to_string();
        if let Some(error) = episode.step(&text).await.outcome.error {
            return Err(ReplayError::Failed {
                step: number,
                action: text,
                message: error.to_string(),
            });
        }
    }
    Ok(())
}

async fn stop_empty(episode: &EpisodeHandle) -> Result<(), ReplayError> {
    match episode.step("stop []").await.outcome.error {
        Some(error) => Err(ReplayError::Failed {
            step: 1,
            action: "stop []".into(),
            message: error.to_string(),
        }),
        None => Ok(()),
    }
}
