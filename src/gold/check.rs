//! `agora tasks check`: proves every task solvable (its gold trajectory scores 1), not
//! trivially passed (an immediate empty `stop` scores 0, except where N/A is the right answer)
//! and not fooled by its decoys (each wrong end state the task lists scores 0).
//!
//! What runs where is [`super::plan`]'s; [`super::execute`] runs it.

use super::execute::{Executed, InertStarts, execute};
use super::plan::{Facts, Slot, plan};
use crate::env::{Environment, TaskContext};
use evaluators::Evaluation;
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
    /// Of those, the episodes opened at the page their run's first `goto` loads, the task's
    /// start having been found to leave nothing behind.
    pub at_first_page: usize,
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
    let starts = InertStarts::default();
    let mut running = futures::stream::iter(tasks)
        .map(|task| check_task(env, &starts, task))
        .buffer_unordered(parallel.max(1));
    let mut checks = Vec::new();
    while let Some(check) = running.next().await {
        on_done(&check);
        checks.push(check);
    }
    checks
}

async fn check_task(env: &Environment, starts: &InertStarts, task: TaskContext) -> TaskCheck {
    let started = Instant::now();
    let facts = Facts {
        permits_url: &|url| env.allowed().permits_url(url),
    };
    let plan = plan(&task.task, &facts);
    let Executed {
        mut results,
        episodes,
        at_first_page,
    } = execute(env, starts, &task, &plan).await;
    let mut take = |slot| {
        results
            .remove(&slot)
            .unwrap_or_else(|| RunResult::Broken("not run".into()))
    };
    let gold = take(Slot::Gold);
    let empty = plan
        .alone
        .contains_key(&Slot::EmptyStop)
        .then(|| take(Slot::EmptyStop));
    let decoys = task
        .task
        .agora
        .iter()
        .flat_map(|agora| &agora.decoys)
        .enumerate()
        .map(|(index, decoy)| (decoy.why.clone(), take(Slot::Decoy(index))))
        .collect();
    TaskCheck {
        name: task.name.clone(),
        gold,
        empty,
        decoys,
        elapsed: started.elapsed(),
        episodes,
        at_first_page,
        continuous: task
            .task
            .eval
            .eval_types
            .contains(&evaluators::task::EvalType::Aes),
    }
}
