//! `agora tasks …`: work on task files without a browser (`lint`).

use evaluators::lint::lint_paths;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `agora tasks`.
#[derive(Debug, clap::Args)]
pub struct TasksArgs {
    /// What to do with the task files.
    #[command(subcommand)]
    pub command: TasksCommand,
}

/// The `tasks` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum TasksCommand {
    /// Parse VWA-format task files and report what would break their evaluation.
    ///
    /// Prints one line per finding (file, task id, JSON field, message) and a summary;
    /// exits with status 1 if there is any error.
    ///
    /// Example: `agora tasks lint tasks/ ../vwa/test_shopping.raw.json`
    Lint(LintArgs),
}

/// Arguments of `agora tasks lint`.
#[derive(Debug, clap::Args)]
pub struct LintArgs {
    /// Task files (`<id>.json` or `test_<site>.raw.json` arrays) or directories of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print errors only (warnings are still counted in the summary).
    #[arg(long)]
    pub errors_only: bool,
}

/// Runs a `tasks` subcommand.
pub async fn run(args: TasksArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        TasksCommand::Lint(lint) => Ok(lint_command(&lint)),
    }
}

fn lint_command(args: &LintArgs) -> ExitCode {
    let report = lint_paths(&args.paths);
    for diagnostic in &report.diagnostics {
        if !args.errors_only || diagnostic.severity == evaluators::lint::Severity::Error {
            println!("{diagnostic}");
        }
    }
    println!(
        "{} files, {} tasks: {} errors, {} warnings",
        report.files,
        report.tasks,
        report.errors(),
        report.warnings()
    );
    if report.errors() > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lint(paths: &[&str]) -> ExitCode {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        lint_command(&LintArgs {
            paths: paths.iter().map(|path| root.join(path)).collect(),
            errors_only: true,
        })
    }

    #[test]
    fn exit_status_follows_errors() {
        assert_eq!(lint(&["evaluators/tests/fixtures/lint"]), ExitCode::FAILURE);
        assert_eq!(
            lint(&["../shared/reference/vwa-tasks/evaluator-configs"]),
            ExitCode::SUCCESS
        );
    }
}
