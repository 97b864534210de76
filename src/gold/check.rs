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
    let gold = run(env, &task, Trajectory::Gold).await;
    let empty = if not_applicable {
        None
    } else {
        Some(run(env, &task, Trajectory::EmptyStop).await)
    };
    let mut decoys = Vec::new();
    for decoy in task.task.agora.iter().flat_map(|agora| &agora.decoys) {
        let result = run(env, &task, Trajectory::Decoy(decoy)).await;
        decoys.push((decoy.why.clone(), result));
    }
    TaskCheck {
        name,
        gold,
        empty,
        decoys,
        elapsed: started.elapsed(),
        continuous: task
            .task
            .eval
            .eval_types
            .contains(&evaluators::task::EvalType::Aes),
    }
}

/// What one run replays.
enum Trajectory<'a> {
    /// The task's gold trajectory.
    Gold,
    /// An immediate empty `stop`.
    EmptyStop,
    /// A wrong end state the task lists.
    Decoy(&'a Decoy),
}

/// Runs one trajectory in a fresh episode and evaluates it.
async fn run(env: &Environment, task: &TaskContext, trajectory: Trajectory<'_>) -> RunResult {
    let observe = ObserveOptions {
        screenshot: ScreenshotKind::None,
        ..ObserveOptions::default()
    };
    let episode = match env.create_task_episode(task.clone(), observe).await {
        Ok(episode) => episode,
        Err(error) => return RunResult::Broken(format!("episode: {error}")),
    };
    let replayed = match trajectory {
        Trajectory::Gold => replay(&episode, task).await,
        Trajectory::EmptyStop => stop_empty(&episode).await,
        Trajectory::Decoy(decoy) => match ending_with_stop(decoy.steps.clone(), "decoy") {
            Ok(steps) => replay_steps(&episode, &steps).await,
            Err(error) => Err(error),
        },
    };
    let result = match replayed {
        Ok(()) => match episode.evaluate(None).await {
            Ok(evaluation) => RunResult::Scored {
                score: evaluation.outcome.score(),
                evaluation: Box::new(evaluation),
            },
            Err(error) => RunResult::Broken(format!("evaluation: {error}")),
        },
        Err(error) => RunResult::Broken(error.to_string()),
    };
    let _ = episode.close().await;
    result
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
