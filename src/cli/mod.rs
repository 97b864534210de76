//! Command-line interface: argument definitions and dispatch to the modules that do the work.

pub mod generate;
pub mod mcp;
pub mod progress;
pub mod record;
pub mod run;
pub mod tasks;
pub mod up;
pub mod view;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// Agora: self-hosted websites, a real-browser controller and VWA-compatible evaluators.
#[derive(Debug, Parser)]
#[command(name = "agora", version, about)]
pub struct Cli {
    /// The site clock every site dates its content against ("now" for relative times, time
    /// filters and new rows; where `seed` ends its activity): a date `YYYY-MM-DD` (midnight
    /// UTC) or a time `YYYY-MM-DDTHH:MM:SSZ`. Global: it may stand after any subcommand.
    #[arg(long, global = true, env = "AGORA_CLOCK", value_name = "TIME", default_value_t = kit::clock::DEFAULT)]
    pub clock: kit::clock::SiteClock,
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
    let cli = match Cli::from_arg_matches(&command().get_matches()) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    kit::clock::pin(cli.clock);
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

/// The controller options only the API server reads: the subcommands that start sites and
/// browsers without serving the API still accept them (one set of flags works everywhere)
/// but leave them out of their help.
const API_SERVER_OPTIONS: [&str; 6] = [
    "api_port",
    "token",
    "allowed_origins",
    "max_episodes",
    "max_tenants",
    "idle_timeout_s",
];

/// The command line as parsed and as `--help` shows it: each subcommand lists only the
/// controller options it reads (it sets the others itself, e.g. one browser for `tasks
/// record`).
pub fn command() -> clap::Command {
    let hide = |command: clap::Command, own: &[&str]| {
        API_SERVER_OPTIONS
            .iter()
            .chain(own)
            .fold(command, |command, id| {
                command.mut_arg(*id, |arg| arg.hide(true))
            })
    };
    Cli::command()
        .mut_subcommand("tasks", |tasks| {
            tasks
                .mut_subcommand("record", |record| hide(record, &["pool_size", "task_dirs"]))
                .mut_subcommand("webui", |webui| hide(webui, &["pool_size", "task_dirs"]))
                .mut_subcommand("check", |check| {
                    hide(
                        check,
                        &["pool_size", "prepare", "trajectory_dir", "task_dirs"],
                    )
                })
        })
        .mut_subcommand("run", |run| hide(run, &["pool_size", "trajectory_dir"]))
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("AGORA_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour codes only where a person reads them, never into a log file or a pipe.
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(terminal)
        .with_writer(std::io::stderr)
        .init();
}

#[cfg(test)]
mod tests {
    use super::{Cli, Command};
    use clap::{FromArgMatches, Parser};

    fn help_of(path: &[&str]) -> String {
        let mut command = super::command();
        let mut found = &mut command;
        for name in path {
            found = found.find_subcommand_mut(name).expect("subcommand");
        }
        found.render_long_help().to_string()
    }

    #[test]
    fn the_clock_is_one_option_for_every_command_with_a_default_and_a_clear_refusal() {
        let parse = |line: &[&str]| {
            let matches = super::command().try_get_matches_from(line)?;
            Cli::from_arg_matches(&matches)
        };
        for line in [
            &["agora", "up", "--clock", "2026-03-04"][..],
            &["agora", "seed", "--clock", "2026-03-04T00:00:00Z"],
            &["agora", "tasks", "check", "tasks", "--clock", "2026-03-04"],
        ] {
            let cli = parse(line).expect("parses");
            assert_eq!(
                cli.clock.to_string(),
                "2026-03-04T00:00:00+00:00",
                "{line:?}"
            );
        }
        let default = parse(&["agora", "seed"]).expect("parses");
        assert_eq!(default.clock, kit::clock::DEFAULT);
        let refused = parse(&["agora", "seed", "--clock", "tomorrow"])
            .unwrap_err()
            .to_string();
        assert!(refused.contains("YYYY-MM-DD"), "{refused}");
    }

    #[test]
    fn subcommands_without_the_api_leave_its_options_out_of_help_but_accept_them() {
        let record = help_of(&["tasks", "record"]);
        assert!(record.contains("--port <NAME=PORT>"), "{record}");
        assert!(record.contains("--chromedriver"), "{record}");
        for hidden in [
            "--api-port",
            "--max-tenants",
            "--pool-size",
            "--allow-origin",
        ] {
            assert!(!record.contains(hidden), "{hidden} in {record}");
        }
        let up = help_of(&["up"]);
        for shown in ["--api-port", "--max-tenants", "--pool-size"] {
            assert!(up.contains(shown), "{shown} missing from {up}");
        }
        let check = help_of(&["tasks", "check"]);
        assert!(!check.contains("--prepare"), "{check}");
        assert!(check.contains("--parallel"), "{check}");
        // Hidden is not refused: a shared set of flags still parses.
        let matches = super::command()
            .try_get_matches_from(["agora", "tasks", "record", "t.json", "--pool-size", "3"])
            .expect("a hidden option is accepted");
        Cli::from_arg_matches(&matches).expect("parses");
    }

    #[test]
    fn the_data_dir_is_accepted_before_or_after_a_sites_subcommand() {
        for args in [
            [
                "agora",
                "sites",
                "dump",
                "shopping",
                "--data-dir",
                "elsewhere",
            ],
            [
                "agora",
                "sites",
                "--data-dir",
                "elsewhere",
                "dump",
                "shopping",
            ],
        ] {
            let cli = Cli::try_parse_from(args).expect("parses");
            let Command::Sites(sites) = cli.command else {
                panic!("sites")
            };
            assert_eq!(&*sites.options.data_dir, std::path::Path::new("elsewhere"));
        }
    }
}
