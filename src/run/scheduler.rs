//! Runs tasks `parallel` at a time, each in its own episode (its own tenant, so they never
//! interfere), retrying infrastructure failures a bounded number of times, and appends each
//! result the moment it is final.

use super::agent::Agent;
use super::attempt::{StepLimits, attempt};
use super::backend::Backend;
use super::progress::Progress;
use super::results::{ResultsError, ResultsLog, StopReason, TaskResult};
use super::trajectory::{TrajectoryWriter, relative_folder};
use crate::env::TaskContext;
use evaluators::EvalMode;
use futures::StreamExt;
use std::path::PathBuf;
use std::time::Instant;

/// How the tasks of a run are carried out.
#[derive(Debug, Clone)]
pub struct RunPlan {
    /// The agent.
    pub agent: Agent,
    /// Early-stop rules.
    pub limits: StepLimits,
    /// Evaluation mode (None: the server's).
    pub eval_mode: Option<EvalMode>,
    /// Episodes at once.
    pub parallel: usize,
    /// Extra attempts after an infrastructure failure.
    pub retries: u32,
    /// The output directory.
    pub out: PathBuf,
}

/// Runs `tasks`, appending each result to `log` as it finishes; returns them in finishing order.
pub async fn run_all(
    backend: &dyn Backend,
    plan: &RunPlan,
    tasks: Vec<TaskContext>,
    log: &mut ResultsLog,
    progress: &mut Progress,
) -> Result<Vec<TaskResult>, ResultsError> {
    let mut finished = Vec::with_capacity(tasks.len());
    let mut running = futures::stream::iter(tasks)
        .map(|task| async move { run_task(backend, plan, &task).await })
        .buffer_unordered(plan.parallel.max(1));
    while let Some(result) = running.next().await {
        log.append(&result)?;
        progress.add(&result, true);
        progress.println(&line_of(&result));
        finished.push(result);
    }
    Ok(finished)
}

/// One line per finished task.
fn line_of(result: &TaskResult) -> String {
    let score = result
        .score
        .map_or_else(|| "-".to_owned(), |score| format!("{score:.2}"));
    let mut line = format!(
        "{:<24} score {score:>4}  {:<15} {:>2} steps  {:>6.1} s",
        result.task,
        result.stop_reason.name(),
        result.steps,
        result.wall_ms as f64 / 1000.0
    );
    if let Some(error) = &result.error {
        line.push_str(&format!("  ({error})"));
    }
    line
}

/// Runs one task until it finishes or its attempts are used up.
async fn run_task(backend: &dyn Backend, plan: &RunPlan, task: &TaskContext) -> TaskResult {
    let started = Instant::now();
    let mut attempts = 0;
    loop {
        attempts += 1;
        let mut writer = match TrajectoryWriter::begin(&plan.out, task).await {
            Ok(writer) => writer,
            Err(error) => return error_result(task, error.to_string(), started, attempts),
        };
        let outcome = attempt(
            backend,
            &plan.agent,
            task,
            plan.limits,
            plan.eval_mode,
            &mut writer,
        )
        .await;
        match outcome {
            Ok(finished) => {
                writer.record.answer = finished.answer.clone();
                writer.record.stop_reason = Some(finished.stop_reason);
                writer.record.evaluation = Some(finished.evaluation.clone());
                if let Err(error) = writer.finish().await {
                    return error_result(task, error.to_string(), started, attempts);
                }
                let tokens = finished.tokens;
                return TaskResult {
                    score: finished.evaluation.score(),
                    stop_reason: finished.stop_reason,
                    error: None,
                    answer: finished.answer,
                    steps: writer.record.steps.len(),
                    refused_steps: refused(&writer),
                    step_ms: finished.step_ms,
                    tokens,
                    cost_usd: tokens.and_then(|tokens| plan.agent.cost(tokens)),
                    evaluation: Some(finished.evaluation),
                    ..base_result(task, started, attempts)
                };
            }
            Err(error) if error.is_retryable() && attempts <= plan.retries => {
                tracing::warn!(task = %task.name, attempt = attempts, %error, "infrastructure failure; retrying the task");
            }
            Err(error) => {
                writer.record.stop_reason = Some(StopReason::Error);
                writer.record.error = Some(error.to_string());
                let _ = writer.finish().await;
                let steps = writer.record.steps.len();
                let step_ms = writer
                    .record
                    .steps
                    .iter()
                    .map(|step| step.timings.step_ms)
                    .collect();
                return TaskResult {
                    steps,
                    refused_steps: refused(&writer),
                    step_ms,
                    ..error_result(task, error.to_string(), started, attempts)
                };
            }
        }
    }
}

/// Steps of the trajectory that were refused or failed.
fn refused(writer: &TrajectoryWriter) -> usize {
    writer
        .record
        .steps
        .iter()
        .filter(|step| step.error.is_some())
        .count()
}

/// The fields every result of `task` shares.
fn base_result(task: &TaskContext, started: Instant, attempts: u32) -> TaskResult {
    TaskResult {
        task: task.name.to_string(),
        intent: task.task.intent.clone(),
        sites: task.task.sites.clone(),
        eval_types: task.task.eval.eval_types.clone(),
        difficulty: task.task.overall_difficulty.clone(),
        score: None,
        stop_reason: StopReason::Error,
        error: None,
        answer: None,
        steps: 0,
        refused_steps: 0,
        wall_ms: started.elapsed().as_millis() as u64,
        step_ms: Vec::new(),
        attempts,
        tokens: None,
        cost_usd: None,
        evaluation: None,
        trajectory: relative_folder(task.name.as_str()),
    }
}

/// A result that says what broke; it carries no score.
fn error_result(task: &TaskContext, error: String, started: Instant, attempts: u32) -> TaskResult {
    TaskResult {
        error: Some(error),
        ..base_result(task, started, attempts)
    }
}
