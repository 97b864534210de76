//! `agora tasks check`: proves every task solvable (its gold trajectory scores 1) and not
//! trivially passed (an immediate empty `stop` scores 0, except where N/A is the right answer).

use super::replay::{ReplayError, resolve_step};
use crate::env::{Environment, TaskContext};
use crate::observe::{ObserveOptions, ScreenshotKind};
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

/// Both runs of one task.
#[derive(Debug)]
pub struct TaskCheck {
    /// The task's name.
    pub name: crate::env::TaskName,
    /// Gold trajectory result.
    pub gold: RunResult,
    /// Immediate empty stop result (None when N/A is the right answer).
    pub empty: Option<RunResult>,
    /// Time taken for both runs.
    pub elapsed: Duration,
}

impl TaskCheck {
    /// Whether gold scored 1 and the empty stop 0 (or was exempt).
    pub fn passed(&self) -> bool {
        let gold_ok = matches!(self.gold, RunResult::Scored { score: Some(score), .. } if (score - 1.0).abs() < 1e-9);
        let empty_ok = match &self.empty {
            None => true,
            Some(RunResult::Scored {
                score: Some(score), ..
            }) => score.abs() < 1e-9,
            Some(_) => false,
        };
        gold_ok && empty_ok
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
        let mut line = format!(
            "{verdict} {}  gold {}  empty stop {}  ({:.1} s)",
            self.name,
            run(&self.gold),
            empty,
            self.elapsed.as_secs_f64()
        );
        if !self.passed() {
            for result in [Some(&self.gold), self.empty.as_ref()]
                .into_iter()
                .flatten()
            {
                if let RunResult::Scored { evaluation, .. } = result
                    && let Ok(json) = serde_json::to_string(&evaluation.evaluators)
                {
                    line.push_str(&format!("\n    breakdown: {json}"));
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
    futures::stream::iter(tasks)
        .map(|task| check_task(env, task))
        .buffer_unordered(parallel.max(1))
        .collect()
        .await
}

async fn check_task(env: &Environment, task: TaskContext) -> TaskCheck {
    let started = Instant::now();
    let name = task.name.clone();
    let not_applicable = task
        .task
        .gold_answer()
        .is_some_and(|answer| answer.trim().eq_ignore_ascii_case("n/a"));
    let gold = run(env, &task, true).await;
    let empty = if not_applicable {
        None
    } else {
        Some(run(env, &task, false).await)
    };
    TaskCheck {
        name,
        gold,
        empty,
        elapsed: started.elapsed(),
    }
}

/// Runs the gold trajectory (or an immediate empty stop) in a fresh episode and evaluates it.
async fn run(env: &Environment, task: &TaskContext, gold: bool) -> RunResult {
    let observe = ObserveOptions {
        screenshot: ScreenshotKind::None,
        ..ObserveOptions::default()
    };
    let shared = match env.create_task_episode(task.clone(), observe).await {
        Ok(shared) => shared,
        Err(error) => return RunResult::Broken(format!("episode: {error}")),
    };
    let id = shared.lock().await.id.clone();
    let replayed = if gold {
        replay(env, &shared, task).await
    } else {
        stop_empty(env, &shared).await
    };
    let result = match replayed {
        Ok(()) => match env.evaluate(&id, None).await {
            Ok(evaluation) => RunResult::Scored {
                score: evaluation.outcome.score(),
                evaluation: Box::new(evaluation),
            },
            Err(error) => RunResult::Broken(format!("evaluation: {error}")),
        },
        Err(error) => RunResult::Broken(error.to_string()),
    };
    let _ = env.close_episode(&id).await;
    result
}

async fn replay(
    env: &Environment,
    shared: &tokio::sync::Mutex<crate::env::Episode>,
    task: &TaskContext,
) -> Result<(), ReplayError> {
    let steps = task
        .task
        .agora
        .as_ref()
        .map(|agora| agora.gold.clone())
        .unwrap_or_default();
    if steps.last().is_none_or(|step| step.action != "stop") {
        return Err(ReplayError::BadStep {
            step: steps.len(),
            message: "the gold trajectory must end with stop".into(),
        });
    }
    let mut episode = shared.lock().await;
    for (index, step) in steps.iter().enumerate() {
        let number = index + 1;
        let action = resolve_step(&episode, number, step).await?;
        let text = action.to_string();
        let outcome = episode
            .step(
                &text,
                env.settle_policy(),
                env.config().upload_dir.as_deref(),
            )
            .await;
        if let Some(error) = outcome.error {
            return Err(ReplayError::Failed {
                step: number,
                action: text,
                message: error.to_string(),
            });
        }
    }
    Ok(())
}

async fn stop_empty(
    env: &Environment,
    shared: &tokio::sync::Mutex<crate::env::Episode>,
) -> Result<(), ReplayError> {
    let outcome = shared
        .lock()
        .await
        .step("stop []", env.settle_policy(), None)
        .await;
    match outcome.error {
        Some(error) => Err(ReplayError::Failed {
            step: 1,
            action: "stop []".into(),
            message: error.to_string(),
        }),
        None => Ok(()),
    }
}
