//! `agora bench run`: task-run throughput. `agora run --agent replay` over the tasks at several
//! `--parallel` levels (tasks per minute, step p50/p95, peak memory of Agora and its browsers),
//! and in the same run the same gold steps executed VWA-style — one task at a time, each action
//! followed by VWA's fixed 2.5 s wait, emulated here — to state the speed-up honestly.

use super::Samples;
use super::memory::PeakMemory;
use crate::config::Config;
use crate::env::TaskContext;
use crate::run::{Agent, Backend, LocalBackend, RunPlan, StepLimits, run_tasks, selection};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `agora bench run` (tasks with `--tasks`, default every shipped one).
#[derive(Debug, clap::Args)]
pub struct ThroughputArgs {
    /// Parallel levels to measure.
    #[arg(long, value_delimiter = ',', default_value = "1,2,4")]
    pub parallel: Vec<usize>,
    /// VWA's wait after each action, in milliseconds (0 skips the VWA-style baseline).
    #[arg(long, default_value_t = 2500)]
    pub vwa_delay_ms: u64,
    /// The task root (task names are paths under it).
    #[arg(long, default_value = "tasks")]
    pub task_root: PathBuf,
    /// The data dir and controller settings.
    #[command(flatten)]
    pub setup: super::BenchSetup,
}

/// One measured configuration.
struct Figures {
    label: String,
    tasks: usize,
    passed: usize,
    wall: Duration,
    steps: Samples,
    peak_mib: f64,
}

impl Figures {
    fn print(&self) {
        let minutes = self.wall.as_secs_f64() / 60.0;
        println!(
            "{:<28} {:>3} tasks ({} scored 1) in {:>6.1} s  {:>6.1} tasks/min  step p50 {:>6.0} ms  p95 {:>6.0} ms  peak memory {:>6.0} MiB",
            self.label,
            self.tasks,
            self.passed,
            self.wall.as_secs_f64(),
            self.tasks as f64 / minutes.max(1e-9),
            self.steps.p50().as_secs_f64() * 1000.0,
            self.steps.percentile(0.95).as_secs_f64() * 1000.0,
            self.peak_mib
        );
    }
}

/// Runs the benchmark.
pub async fn throughput(args: ThroughputArgs) -> anyhow::Result<ExitCode> {
    let most = args.parallel.iter().copied().max().unwrap_or(1).max(1);
    let config = Config {
        pool_size: most,
        trajectory_dir: None,
        ..args.setup.config.clone()
    };
    let env = crate::sites::start_with_environment(&args.setup.data_dir, config).await?;
    let tasks = selection::select(
        &args.setup.config.task_dirs,
        &args.task_root,
        &env.site_urls(),
    )?;
    anyhow::ensure!(!tasks.is_empty(), "--tasks selects no task");
    let scratch = tempfile::tempdir()?;
    let backend = LocalBackend(env.clone());
    let mut figures = Vec::new();
    for &parallel in &args.parallel {
        let plan = RunPlan {
            agent: Agent::Replay,
            limits: StepLimits::default(),
            eval_mode: None,
            parallel: parallel.max(1),
            retries: 0,
            out: scratch.path().join(format!("parallel-{parallel}")),
        };
        let memory = PeakMemory::start(Duration::from_millis(250));
        let started = Instant::now();
        let outcome = run_tasks(&backend, &plan, tasks.clone(), false).await?;
        let wall = started.elapsed();
        let mut steps = Samples::new();
        for result in &outcome.results {
            for ms in &result.step_ms {
                steps.push(Duration::from_millis(*ms));
            }
        }
        figures.push(Figures {
            label: format!("agora run --parallel {parallel}"),
            tasks: outcome.results.len(),
            passed: outcome
                .results
                .iter()
                .filter(|result| result.passed())
                .count(),
            wall,
            steps,
            peak_mib: memory.peak_mib(),
        });
    }
    if args.vwa_delay_ms > 0 {
        let memory = PeakMemory::start(Duration::from_millis(250));
        let started = Instant::now();
        let (passed, steps) =
            vwa_style(&backend, &tasks, Duration::from_millis(args.vwa_delay_ms)).await;
        figures.push(Figures {
            label: format!("VWA-style ({} ms after each action)", args.vwa_delay_ms),
            tasks: tasks.len(),
            passed,
            wall: started.elapsed(),
            steps,
            peak_mib: memory.peak_mib(),
        });
    }
    println!();
    for figure in &figures {
        figure.print();
    }
    if let (Some(fastest), Some(vwa)) = (
        figures
            .iter()
            .filter(|figure| figure.label.starts_with("agora"))
            .min_by_key(|figure| figure.wall),
        figures
            .iter()
            .find(|figure| figure.label.starts_with("VWA")),
    ) {
        println!(
            "speed-up of `{}` over VWA-style: {:.1}×",
            fastest.label,
            vwa.wall.as_secs_f64() / fastest.wall.as_secs_f64().max(1e-9)
        );
    }
    env.shutdown().await;
    Ok(ExitCode::SUCCESS)
}

/// The gold steps one task at a time, each action followed by `delay` (VWA sleeps 2.5 s after
/// every action instead of settling on conditions); returns how many scored 1 and the step
/// times (action + settle + observation + the delay, as VWA's step costs).
async fn vwa_style(
    backend: &dyn Backend,
    tasks: &[TaskContext],
    delay: Duration,
) -> (usize, Samples) {
    let mut steps = Samples::new();
    let mut passed = 0;
    for task in tasks {
        let observe = crate::run::ObservationKind::Som.observe_options();
        let Ok((id, mut observation)) = backend.start(task, observe).await else {
            continue;
        };
        let gold = crate::gold::gold_steps(&task.task).unwrap_or_default();
        let mut failed = false;
        for (index, step) in gold.iter().enumerate() {
            let started = Instant::now();
            let Ok(action) = backend
                .resolve_gold(&id, &observation, index + 1, step)
                .await
            else {
                failed = true;
                break;
            };
            let Ok(response) = backend.step(&id, &action.to_string()).await else {
                failed = true;
                break;
            };
            if step.action != "stop" {
                vwa_emulated_delay(delay).await;
            }
            steps.push(started.elapsed());
            if let Some(next) = response.observation {
                observation = next;
            }
        }
        if !failed
            && let Ok(evaluation) = backend.evaluate(&id, None).await
            && evaluation.score() == Some(1.0)
        {
            passed += 1;
        }
        backend.close(&id).await;
    }
    (passed, steps)
}

/// VWA's emulated fixed wait after an action. Only this benchmark baseline waits by the
/// clock (named in the tidy rules); Agora itself settles on page conditions.
async fn vwa_emulated_delay(delay: Duration) {
    tokio::time::sleep(delay).await;
}
