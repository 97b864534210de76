//! `agora tasks record`: an author's typed actions in a task episode become the task's gold
//! path (robust locators, placeholders for site URLs), which is then proven by replay.
//! Actions may name sites by placeholder (`goto [__CLASSIFIEDS__/index.php?page=search]`);
//! the sites listen on free ports unless `--port NAME=PORT` fixes one.

use crate::env::Environment;
use crate::gold::{GoldRecorder, load_task, write_gold};
use crate::observe::{ObserveOptions, ScreenshotKind};
use anyhow::Context;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

/// The most actions one recording takes (a gold path is tens of steps).
const MAX_ACTIONS: usize = 200;

/// Arguments of `agora tasks record`.
#[derive(Debug, clap::Args)]
pub struct RecordArgs {
    /// The task file whose gold path to record (its `start_url` is where the episode opens).
    pub task: PathBuf,
    /// Read the actions from this file, one per line (default: standard input). Lines that
    /// are empty or start with `#` are skipped; site URLs may be written with the task
    /// files' placeholders (`goto [__SHOPPING__/checkout/cart]`).
    #[arg(long)]
    pub actions: Option<PathBuf>,
    /// Write the task with its new gold path here (default: back into the task file).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Where the sites' base databases live.
    #[command(flatten)]
    pub data_dir: crate::sites::DataDir,
    /// A site's port, `NAME=PORT` (repeatable); every other site listens on a free port.
    #[arg(long = "port", value_name = "NAME=PORT")]
    pub ports: Vec<crate::sites::PortChoice>,
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
    let mut sites = crate::sites::SiteOptions::free_ports(args.data_dir.to_path_buf());
    sites.ports.extend(args.ports.iter().copied());
    let env = crate::sites::start_with_options(&sites, config).await?;
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
    for (site, url) in env.hosted_sites() {
        println!("  {site:<12} {url}");
    }
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

/// Prints what the author acts on: the tabs and the marked elements.
async fn show(episode: &crate::env::EpisodeHandle) {
    let summary = episode.summary().await;
    if let Some(observation) = summary.observation {
        println!("--- {} | {}", observation.tab_header(), observation.url);
        println!("{}", observation.som_text());
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    #[test]
    fn sites_can_be_put_on_ports_by_name() {
        let cli = crate::cli::Cli::try_parse_from([
            "agora",
            "tasks",
            "record",
            "tasks/classifieds/60.json",
            "--actions",
            "path.txt",
            "--port",
            "classifieds=9980",
            "--port",
            "forum=0",
        ])
        .unwrap();
        let crate::cli::Command::Tasks(tasks) = cli.command else {
            panic!("not `agora tasks`");
        };
        let crate::cli::tasks::TasksCommand::Record(record) = tasks.command else {
            panic!("not `agora tasks record`");
        };
        let ports: Vec<(&str, u16)> = record
            .ports
            .iter()
            .map(|choice| (choice.site.0, choice.port))
            .collect();
        assert_eq!(ports, [("classifieds", 9980), ("forum", 0)]);
    }
}
