//! Task runs (`agora run`): an agent over a set of tasks, in parallel episodes on their own
//! tenants, each result appended to `results.jsonl` as it finishes (so a killed run resumes
//! without losing or repeating anything), each trajectory kept, and one HTML report at the end.
//!
//! - [`selection`]: which tasks (`--tasks`: directories, files, names, globs).
//! - [`backend`]: the Agora episodes run in (this process, or `--server` over HTTP).
//! - [`agent`]: `replay` (gold trajectories) and `openai` (any chat-completions endpoint).
//! - [`attempt`]: one task's episode loop, VWA's early-stop rules.
//! - [`scheduler`]: parallelism and bounded retries of infrastructure failures.
//! - [`results`], [`resume`], [`trajectory`]: what the output directory holds.
//! - [`summary`], [`progress`], [`report`]: what the user sees.

pub mod agent;
pub mod attempt;
pub mod backend;
pub mod error;
pub mod progress;
pub mod report;
pub mod results;
pub mod resume;
pub mod scheduler;
pub mod selection;
pub mod summary;
pub mod trajectory;

pub use agent::{Agent, ObservationKind, OpenAiAgent, OpenAiSettings, Prices};
pub use attempt::StepLimits;
pub use backend::{Backend, LocalBackend, RemoteBackend};
pub use error::RunError;
pub use results::{StopReason, TaskResult};
pub use scheduler::RunPlan;

use crate::env::TaskContext;
use std::collections::HashSet;
use std::path::PathBuf;

/// Why a run could not go on (a task's own failure is a result, not one of these).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunSetupError {
    /// The output directory cannot be used.
    #[error(transparent)]
    Resume(#[from] resume::ResumeError),
    /// A result could not be saved.
    #[error(transparent)]
    Results(#[from] results::ResultsError),
    /// The report could not be written.
    #[error(transparent)]
    Report(#[from] report::ReportError),
}

/// What a run produced.
#[derive(Debug)]
pub struct RunOutcome {
    /// Every selected task's result: earlier ones (resumed) first, then this run's.
    pub results: Vec<TaskResult>,
    /// The report.
    pub report: PathBuf,
}

/// Runs `tasks` as `plan` says, into `plan.out` (only unfinished ones when `resume`), then
/// writes the report.
pub async fn run_tasks(
    backend: &dyn Backend,
    plan: &RunPlan,
    tasks: Vec<TaskContext>,
    resume: bool,
) -> Result<RunOutcome, RunSetupError> {
    let manifest = resume::RunManifest {
        agent: plan.agent.name().to_owned(),
        model: plan.agent.model().map(str::to_owned),
        observation: plan.agent.observation().name().to_owned(),
        max_steps: plan.limits.max_steps,
        eval_mode: plan.eval_mode.unwrap_or_default(),
        server: backend.describe(),
    };
    let kept = resume::prepare(&plan.out, &manifest, resume)?;
    let selected: HashSet<&str> = tasks.iter().map(|task| task.name.as_str()).collect();
    let earlier: Vec<TaskResult> = kept
        .into_iter()
        .filter(|result| selected.contains(result.task.as_str()))
        .collect();
    let done: HashSet<&str> = earlier.iter().map(|result| result.task.as_str()).collect();
    let remaining: Vec<TaskContext> = tasks
        .iter()
        .filter(|task| !done.contains(task.name.as_str()))
        .cloned()
        .collect();
    println!(
        "running {} task(s) with the {} agent, {} at a time{} → {}",
        remaining.len(),
        plan.agent.name(),
        plan.parallel,
        if earlier.is_empty() {
            String::new()
        } else {
            format!(" ({} finished earlier)", earlier.len())
        },
        plan.out.display()
    );
    let mut log = results::ResultsLog::open(&plan.out.join(results::RESULTS_FILE))?;
    let mut progress = progress::Progress::new(remaining.len() + earlier.len(), earlier.len());
    for result in &earlier {
        progress.add(result, false);
    }
    let new = scheduler::run_all(backend, plan, remaining, &mut log, &mut progress).await?;
    progress.finish();
    let report = report::write(&plan.out)?;
    Ok(RunOutcome {
        results: earlier.into_iter().chain(new).collect(),
        report,
    })
}
