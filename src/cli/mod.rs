//! Command-line interface: argument definitions and dispatch to the modules that do the work.

pub mod generate;
pub mod mcp;
pub mod record;
pub mod run;
pub mod tasks;
pub mod up;
pub mod view;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Agora: self-hosted websites, a real-browser controller and VWA-compatible evaluators.
#[derive(Debug, Parser)]
#[command(name = "agora", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands of `agora`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the sites, the browser controller and the API.
    ///
    /// Example: `agora up --pool-size 4`
    Up(up::UpArgs),
    /// (Re)build the deterministic base data of every site.
    ///
    /// Example: `agora seed --data-dir data`
    Seed(crate::sites::SeedArgs),
    /// Serve the sites only, or dump their ground truth.
    ///
    /// Example: `agora sites dump classifieds > classifieds.jsonl`
    Sites(crate::sites::SitesArgs),
    /// Run a benchmark and print its figures (see docs/PERFORMANCE.md).
    ///
    /// Example: `agora bench observe`
    Bench(crate::bench::BenchArgs),
    /// Check task files. Example: `agora tasks lint tasks/`
    Tasks(tasks::TasksArgs),
    /// Serve the MCP server over stdio (sites and browsers included; logs on stderr).
    ///
    /// Example: `agora mcp --data-dir data --port classifieds=0 --port shopping=0 --port forum=0 --port homepage=0 --port webui=0`
    Mcp(up::UpArgs),
    /// Run an agent over tasks: parallel episodes, results.jsonl, trajectories, an HTML report.
    ///
    /// Resumable: after an interruption, the same command with `--resume` runs only the
    /// unfinished tasks.
    ///
    /// Example: `agora run --tasks tasks --agent replay --parallel 2 --out runs/replay`
    ///
    /// Example: `agora run --agent openai --model gpt-4o --tasks 'classifieds/1*' --out runs/gpt4o`
    Run(Box<run::RunArgs>),
    /// Write the self-contained HTML report of a run (`DIR/report.html`).
    ///
    /// Example: `agora report runs/replay`
    Report(run::ReportArgs),
    /// Open saved runs in the trajectory debugger (no sites or browsers needed).
    ///
    /// Example: `agora view runs/replay`, then open the printed http://127.0.0.1:8400/viewer?run=replay
    View(view::ViewArgs),
}

/// Parses the command line, runs the command and maps its error to an exit code.
pub fn main() -> ExitCode {
    init_tracing();
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(async move {
        match cli.command {
            Command::Up(args) => up::run(args).await,
            Command::Seed(args) => crate::sites::seed(args).await,
            Command::Sites(args) => crate::sites::run(args).await,
            Command::Bench(args) => crate::bench::run(args).await,
            Command::Tasks(args) => tasks::run(args).await,
            Command::Mcp(args) => mcp::run(args).await,
            Command::Run(args) => run::run_command(*args).await,
            Command::Report(args) => run::report_command(&args),
            Command::View(args) => view::run(args).await,
        }
    });
    match outcome {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("AGORA_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}
