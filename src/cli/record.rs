//! `agora tasks record`: an author's typed actions in a task episode become the task's gold
//! path (robust locators, placeholders for site URLs), which is then proven by replay.

use crate::env::{Environment, TaskContext, TaskRegistry};
use crate::gold::GoldRecorder;
use crate::observe::{ObserveOptions, ScreenshotKind};
use anyhow::Context;
use serde_json::Value;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The most actions one recording takes (a gold path is tens of steps).
const MAX_ACTIONS: usize = 200;

/// Arguments of `agora tasks record`.
#[derive(Debug, clap::Args)]
pub struct RecordArgs {
    /// The task file whose gold path to record (its `start_url` is where the episode opens).
    pub task: PathBuf,
    /// Read the actions from this file, one per line (default: standard input). Lines that
    /// are empty or start with `#` are skipped.
    #[arg(long)]
    pub actions: Option<PathBuf>,
    /// Write the task with its new gold path here (default: back into the task file).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Where the sites' base databases live (seeded there when missing).
    #[arg(long, default_value = "data", env = "AGORA_DATA_DIR")]
    pub data_dir: PathBuf,
    /// Controller settings.
    #[command(flatten, next_help_heading = "Controller")]
    pub config: crate::config::Config,
}

/// Runs `agora tasks record`.
pub async fn record_command(args: RecordArgs) -> anyhow::Result<ExitCode> {
    let lines: Box<dyn BufRead> = match &args.actions {
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?,
        )),
        None => Box::new(std::io::stdin().lock()),
    };
    let config = crate::config::Config {
        pool_size: 1,
        task_dirs: Vec::new(),
        ..args.config.clone()
    };
    let env = crate::sites::start_with_environment(&args.data_dir, config).await?;
    let outcome = record_and_prove(&env, &args, lines).await;
    env.shutdown().await;
    outcome
}

async fn record_and_prove(
    env: &Environment,
    args: &RecordArgs,
    lines: Box<dyn BufRead>,
) -> anyhow::Result<ExitCode> {
    let task = load_task(env, &args.task)?;
    let observe = ObserveOptions {
        screenshot: ScreenshotKind::None,
        ..ObserveOptions::default()
    };
    let episode = env.create_task_episode(task.clone(), observe).await?;
    println!("task {}: {}", task.name, task.task.intent);
    println!(
        "type actions as the agent writes them (`click [12]`, `type [5] [text] [1]`, `stop [answer]`); the path ends with stop"
    );
    let mut recorder = GoldRecorder::new(episode.clone(), env.site_urls());
    show(&episode).await;
    for line in lines.lines().take(MAX_ACTIONS) {
        let line = line.context("reading the actions")?;
        let input = line.trim();
        if input.is_empty() || input.starts_with('#') {
            continue;
        }
        match recorder.act(input).await {
            Ok(step) => println!("recorded: {}", serde_json::to_string(&step)?),
            Err(error) => println!("not recorded: {error}"),
        }
        if recorder.finished() {
            break;
        }
        show(&episode).await;
    }
    let _ = episode.close().await;
    if !recorder.finished() {
        anyhow::bail!(
            "the actions ended before `stop` (at most {MAX_ACTIONS} are read): nothing was written"
        );
    }
    let out = args.out.clone().unwrap_or_else(|| args.task.clone());
    write_gold(&args.task, &out, recorder.steps())?;
    println!(
        "wrote {} step(s) to {}",
        recorder.steps().len(),
        out.display()
    );
    let proven = load_task(env, &out)?;
    let checks = crate::gold::check_tasks(env, vec![proven], 1).await;
    let passed = checks.iter().all(crate::gold::TaskCheck::passed);
    for check in &checks {
        println!("{}", check.describe());
    }
    Ok(if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The one task in `path`.
fn load_task(env: &Environment, path: &Path) -> anyhow::Result<TaskContext> {
    let registry = TaskRegistry::load_by_path(&[path.to_owned()], &env.site_urls());
    if let Some(broken) = registry.broken().first() {
        anyhow::bail!("{}: not loaded: {}", broken.path, broken.message);
    }
    registry
        .tasks()
        .next()
        .cloned()
        .with_context(|| format!("{}: no task there", path.display()))
}

/// Prints what the author acts on: the tabs and the marked elements.
async fn show(episode: &crate::env::EpisodeHandle) {
    let summary = episode.summary().await;
    if let Some(observation) = summary.observation {
        println!("--- {} | {}", observation.tab_header(), observation.url);
        println!("{}", observation.som_text());
    }
}

/// Writes the task at `from` to `to` with `agora.gold` set to `steps`, every other field kept.
fn write_gold(from: &Path, to: &Path, steps: &[evaluators::task::GoldStep]) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(from).with_context(|| format!("reading {}", from.display()))?;
    let mut task: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", from.display()))?;
    let object = task
        .as_object_mut()
        .with_context(|| format!("{} is not one task object", from.display()))?;
    let agora = object
        .entry("agora")
        .or_insert_with(|| Value::Object(Default::default()));
    let agora = agora
        .as_object_mut()
        .context("the task's `agora` field is not an object")?;
    agora.insert("gold".into(), serde_json::to_value(steps)?);
    let mut written = serde_json::to_vec_pretty(&task)?;
    written.push(b'\n');
    std::fs::write(to, written).with_context(|| format!("writing {}", to.display()))
}
