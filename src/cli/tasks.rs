//! `agora tasks …`: check task files (`lint`, no browser) and prove them solvable (`check`,
//! real Chromium on the real sites).

use anyhow::Context;
use evaluators::lint::lint_paths;
use std::path::{Path, PathBuf};
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
    /// Run shortcut agents that never look at a page and balance rules over task files,
    /// offline: the template prior (answer with the most frequent answer among the
    /// template's other instances), single-answer templates, "0"/"1" answers, values asked
    /// only in N/A tasks, N/A and text-only shares, and the suite's structure (hard shares,
    /// evaluators, input images, templates, vocabulary, repeated sentences).
    ///
    /// Prints each figure per template, per site and overall, beside a reference suite's
    /// (`--reference`, e.g. VWA's task files); exits with status 1 when a figure is above
    /// its bound, unless `--report-only`.
    ///
    /// Example: `agora tasks audit tasks --reference ../vwa/test_shopping.raw.json`
    Audit(Box<AuditArgs>),
    /// Replay every task's gold trajectory (must score 1), an immediate empty stop (must
    /// score 0, except where N/A is the right answer) and its `agora.decoys` (each must score
    /// 0), in parallel episodes on fresh tenants.
    ///
    /// Names each task by its file's path (`tasks/classifieds/3`). Ends with the line
    /// `N passed, M failed`; exits with status 1 on any failure.
    ///
    /// Example: `agora tasks check tasks/ --parallel 2`
    Check(Box<CheckArgs>),
    /// Write the WebUI tasks into a folder: per target of the WebUI site, `<id>.json`,
    /// `<target>.md` (its description with the screenshots) and the screenshots themselves,
    /// `images/<target>_<state>.png`, rendered at 1920×1080 in Agora's own browser (the
    /// initial state, then one after each scripted interaction).
    ///
    /// Re-running overwrites every file it writes.
    ///
    /// Example: `agora tasks webui tasks/webui`
    Webui(Box<WebuiArgs>),
    /// Write task files as VisualWebArena's harness loads them: `OUT/test_<site>/<id>.json`
    /// with the site URLs filled in, `storage_state` set for tasks that need login (the files
    /// under `OUT/.auth/`, made by logging the default accounts in at those URLs, as VWA's
    /// auto-login does), images copied under `OUT/test_<site>/images/` and named by absolute
    /// path, and a report (`OUT/export-report.txt`) of what VWA cannot express.
    ///
    /// The sites must be running at the URLs (`agora sites`), unless `--no-login`.
    ///
    /// Example: `agora tasks export --format vwa --out vwa-configs tasks/`
    Export(Box<ExportArgs>),
    /// Instantiate task templates over the sites' ground truth and write VWA-format task
    /// files (`<site>/<id>.json` with `agora.gold`, `agora.decoys` and `agora.template`,
    /// pictures in `<site>/images/`), the same files for the same templates, data and seed.
    ///
    /// Refuses instances whose answer is not unique, whose visual fact is written in the
    /// text, or which a person could not tell from the picture, and reports per template how
    /// many and why.
    ///
    /// Example: `agora tasks generate --templates tasks/templates --per-template 5 --out tasks/generated --replace`
    Generate(Box<super::generate::GenerateArgs>),
    /// Record a task's gold path from typed actions: opens an episode on the task's start
    /// page, carries out each action (`click [12]`, `type [5] [text] [1]`, …, `stop [answer]`)
    /// and writes it as a gold step whose target is a locator that survives re-marking (role
    /// and name, text, or a stable CSS selector; never the mark), site URLs as placeholders.
    /// Then replays the task as `check` does; exits with status 1 unless it passes.
    ///
    /// Actions may name sites by placeholder (`goto [__CLASSIFIEDS__/index.php?page=search]`);
    /// the sites listen on free ports unless `--port NAME=PORT` fixes one.
    ///
    /// Example: `agora tasks record tasks/classifieds/60.json --actions path.txt`
    Record(Box<super::record::RecordArgs>),
}

/// The formats `agora tasks export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// VisualWebArena's config files.
    Vwa,
}

/// Arguments of `agora tasks export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// Task files or directories of them.
    #[arg(default_value = "tasks")]
    pub paths: Vec<PathBuf>,
    /// The format to write.
    #[arg(long, value_enum, default_value_t = ExportFormat::Vwa)]
    pub format: ExportFormat,
    /// The folder to write into (created if missing; files it writes are overwritten).
    #[arg(long)]
    pub out: PathBuf,
    /// The classifieds site's URL (VWA's CLASSIFIEDS).
    #[arg(long, default_value = "http://127.0.0.2:9980")]
    pub classifieds: String,
    /// The shopping site's URL (VWA's SHOPPING).
    #[arg(long, default_value = "http://127.0.0.3:7770")]
    pub shopping: String,
    /// The forum's URL (VWA's REDDIT).
    #[arg(long, alias = "forum", default_value = "http://127.0.0.4:9999")]
    pub reddit: String,
    /// The homepage's URL (VWA's HOMEPAGE).
    #[arg(long, default_value = "http://127.0.0.5:4399")]
    pub homepage: String,
    /// Wikipedia's URL (VWA's WIKIPEDIA; Agora does not host it).
    #[arg(long, default_value = "http://127.0.0.1:8888")]
    pub wikipedia: String,
    /// Do not log in: name the storage-state files without writing them (make them with
    /// VWA's `browser_env/auto_login.py`).
    #[arg(long)]
    pub no_login: bool,
}

/// Arguments of `agora tasks webui`.
#[derive(Debug, clap::Args)]
pub struct WebuiArgs {
    /// The folder to write the tasks into (created if missing).
    pub out: PathBuf,
    /// Write only the JSON and Markdown files, not the screenshots (no browser needed).
    #[arg(long)]
    pub no_screenshots: bool,
    /// Where the sites' base databases live.
    #[command(flatten)]
    pub data_dir: crate::sites::DataDir,
    /// Controller settings.
    #[command(flatten, next_help_heading = "Controller")]
    pub config: crate::config::Config,
}

/// Arguments of `agora tasks check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Task files or directories of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Episodes run at once (each is a Chromium).
    #[arg(long, default_value_t = 2)]
    pub parallel: usize,
    /// Check only the tasks whose name (`forum/12`) contains this text; none matching is not
    /// a failure (`./dev test FILTER` narrows every phase this way).
    #[arg(long, value_name = "TEXT")]
    pub matching: Option<String>,
    /// Where the sites' base databases live.
    #[command(flatten)]
    pub data_dir: crate::sites::DataDir,
    /// Controller settings.
    #[command(flatten, next_help_heading = "Controller")]
    pub config: crate::config::Config,
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

/// Arguments of `agora tasks audit`.
#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    /// Task files or directories of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// A reference suite (files or directories), measured by the same code and printed
    /// beside: VWA's `test_<site>.raw.json`.
    #[arg(long, value_name = "PATH")]
    pub reference: Vec<PathBuf>,
    /// Print the figures as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Exit with status 0 even when a bound is not met (a report, not a gate).
    #[arg(long)]
    pub report_only: bool,
    /// Highest share of string tasks the template prior may answer right.
    #[arg(long, default_value_t = 0.04, value_name = "SHARE", value_parser = parse_share)]
    pub max_template_prior: f64,
    /// Most templates whose instances may all share one answer.
    #[arg(long, default_value_t = 0, value_name = "COUNT")]
    pub max_single_answer_templates: usize,
    /// Highest share of string answers that may be "0" or "1".
    #[arg(long, default_value_t = 0.01, value_name = "SHARE", value_parser = parse_share)]
    pub max_zero_one: f64,
    /// Most slot values that may be asked only in N/A tasks.
    #[arg(long, default_value_t = 0, value_name = "COUNT")]
    pub max_na_only_values: usize,
    /// Highest share of tasks whose answer may be N/A (VWA: 5 %).
    #[arg(long, default_value_t = 0.10, value_name = "SHARE", value_parser = parse_share)]
    pub max_not_achievable: f64,
    /// Highest share of tasks that may need no picture (tagged `text_only` or with a
    /// `visual_fact` of `none: …`).
    #[arg(long, default_value_t = 0.05, value_name = "SHARE", value_parser = parse_share)]
    pub max_text_only: f64,
}

/// A share bound: a number from 0 to 1 (`0.04` is 4 %).
fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!(
            "`{text}` is not a share: give a number from 0 to 1 (0.04 is 4 %)"
        )),
    }
}

/// Runs a `tasks` subcommand.
pub async fn run(args: TasksArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        TasksCommand::Lint(lint) => Ok(lint_command(&lint)),
        TasksCommand::Audit(audit) => audit_command(&audit),
        TasksCommand::Check(check) => check_command(*check).await,
        TasksCommand::Webui(webui) => webui_command(*webui).await,
        TasksCommand::Export(export) => export_command(*export).await,
        TasksCommand::Generate(generate) => super::generate::generate_command(&generate),
        TasksCommand::Record(record) => super::record::record_command(*record).await,
    }
}

async fn export_command(args: ExportArgs) -> anyhow::Result<ExitCode> {
    let ExportFormat::Vwa = args.format;
    let urls = [
        ("classifieds", args.classifieds),
        ("shopping", args.shopping),
        ("reddit", args.reddit),
        ("homepage", args.homepage),
        ("wikipedia", args.wikipedia),
    ]
    .into_iter()
    .map(|(site, url)| (site.to_owned(), url))
    .collect();
    let options = crate::export::ExportOptions {
        paths: args.paths,
        out: args.out,
        urls,
        log_in: !args.no_login,
    };
    let report = crate::export::export(&options).await?;
    print!("{report}");
    Ok(if report.broken.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

async fn webui_command(args: WebuiArgs) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&args.out)?;
    let files = webui::tasks::task_files()?;
    for (name, text) in &files {
        std::fs::write(args.out.join(name), text)?;
    }
    println!(
        "wrote {} WebUI task files to {}",
        files.len(),
        args.out.display()
    );
    if args.no_screenshots {
        return Ok(ExitCode::SUCCESS);
    }
    let images = args.out.join(webui::tasks::IMAGE_FOLDER);
    std::fs::create_dir_all(&images)?;
    let config = crate::config::Config {
        pool_size: 1,
        task_dirs: Vec::new(),
        ..args.config
    };
    let site: &'static dyn kit::Site = &webui::WebUiSite;
    let env = crate::sites::start_sites_with_environment(&[site], &args.data_dir, config).await?;
    let rendered = render_screenshots(&env, &args.out).await;
    env.shutdown().await;
    let count = rendered?;
    println!("rendered {count} screenshots into {}", images.display());
    Ok(ExitCode::SUCCESS)
}

/// Renders every WebUI target's screenshots into `out`; returns how many it wrote.
async fn render_screenshots(env: &crate::env::Environment, out: &Path) -> anyhow::Result<usize> {
    let mut count = 0;
    for target in webui::targets::TARGETS {
        let config = webui::tasks::screenshot_config(target)?;
        let shots = env
            .target_screenshots(env.inline_task(&config)?)
            .await
            .with_context(|| format!("rendering WebUI target `{}`", target.name))?;
        for (state, png) in shots.iter().enumerate() {
            std::fs::write(out.join(webui::tasks::screenshot_path(target, state)), png)?;
        }
        count += shots.len();
        println!("{}: {} states", target.name, shots.len());
    }
    Ok(count)
}

async fn check_command(args: CheckArgs) -> anyhow::Result<ExitCode> {
    use crate::env::TaskRegistry;

    // Episodes follow each other back to back and reuse the browsers the last ones gave back
    // (the pool keeps them), so one warm spare is enough. Nothing is opened ahead: the check
    // keeps every core busy, so a start opened ahead saves no time, and the ones no run takes
    // (most runs open at their first page) are work thrown away (≈ 4 % of the CPU measured).
    // Its thousands of replays record no trajectories (each step's record holds the page's
    // whole element list: a full check would leave a gigabyte); `agora run --agent replay`
    // records a gold path for the debugger.
    let config = crate::config::Config {
        pool_size: 1,
        prepare: 0,
        trajectory_dir: None,
        task_dirs: Vec::new(),
        ..args.config
    };
    let env = crate::sites::start_with_environment(&args.data_dir, config).await?;
    let registry = TaskRegistry::load_by_path(&args.paths, &env.site_urls());
    for path in &args.paths {
        if !path.exists() {
            println!("{}: no such file or directory", path.display());
        }
    }
    for broken in registry.broken() {
        println!("{}: not loaded: {}", broken.path, broken.message);
    }
    let tasks: Vec<_> = registry
        .tasks()
        .filter(|task| {
            args.matching
                .as_deref()
                .is_none_or(|text| task.name.to_string().contains(text))
        })
        .cloned()
        .collect();
    if tasks.is_empty()
        && let Some(text) = &args.matching
    {
        println!("no task name contains `{text}`: nothing to check");
        env.shutdown().await;
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "checking {} task(s), {} at a time",
        tasks.len(),
        args.parallel.max(1)
    );
    let started = std::time::Instant::now();
    // Each line as its task finishes; the failures' names again at the end.
    let progress = super::progress::bar(tasks.len(), "tasks");
    let checks = crate::gold::check_tasks_reporting(&env, tasks, args.parallel, |check| {
        progress.suspend(|| println!("{}", check.describe()));
        progress.inc(1);
    })
    .await;
    progress.finish_and_clear();
    let failures: Vec<String> = checks
        .iter()
        .filter(|check| !check.passed())
        .map(|check| check.name.to_string())
        .collect();
    let passed = checks.len() - failures.len();
    let browsers = env.pool().browsers_started();
    env.shutdown().await;
    let missing = args.paths.iter().filter(|path| !path.exists()).count();
    let failed = failures.len() + registry.broken().len() + missing;
    if !failures.is_empty() {
        println!("failed: {}", failures.join(", "));
    }
    let elapsed = started.elapsed().as_secs_f64();
    let episodes: usize = checks.iter().map(|check| check.episodes).sum();
    let at_first_page: usize = checks.iter().map(|check| check.at_first_page).sum();
    println!(
        "{passed} passed, {failed} failed in {elapsed:.1} s: {:.1} tasks/min, {episodes} episodes ({at_first_page} opened at their first page), {browsers} browsers started",
        checks.len() as f64 * 60.0 / elapsed.max(0.001)
    );
    Ok(if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn audit_command(args: &AuditArgs) -> anyhow::Result<ExitCode> {
    use crate::audit::{AuditTask, Bounds, Comparison};
    let load = |paths: &[PathBuf]| -> anyhow::Result<Vec<AuditTask>> {
        let urls = evaluators::task::SiteUrls::new();
        let mut tasks = Vec::new();
        for path in paths {
            let files = evaluators::task::load_path(path, &urls).with_context(|| {
                format!("auditing {} (`agora tasks lint` says more)", path.display())
            })?;
            tasks.extend(files.iter().map(|file| AuditTask::of(&file.task)));
        }
        Ok(tasks)
    };
    let ours = load(&args.paths)?;
    anyhow::ensure!(
        !ours.is_empty(),
        "no task files under the paths given: nothing to audit"
    );
    let reference = if args.reference.is_empty() {
        None
    } else {
        Some(load(&args.reference)?)
    };
    let bounds = Bounds {
        max_template_prior: args.max_template_prior,
        max_single_answer_templates: args.max_single_answer_templates,
        max_zero_one: args.max_zero_one,
        max_na_only_values: args.max_na_only_values,
        max_not_achievable: args.max_not_achievable,
        max_text_only: args.max_text_only,
    };
    let comparison = Comparison::new(&ours, reference.as_deref(), bounds);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&comparison)?);
    } else {
        println!("{comparison}");
    }
    Ok(if comparison.passed() {
        ExitCode::SUCCESS
    } else if args.report_only {
        if !args.json {
            println!("report only: bounds not met, exit status 0");
        }
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn lint_command(args: &LintArgs) -> ExitCode {
    let report = lint_paths(&args.paths, &crate::gold::check_gold_step);
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
    use evaluators::lint::Severity;

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
            lint(&["evaluators/tests/fixtures/vwa_tasks/evaluator-configs"]),
            ExitCode::SUCCESS
        );
        assert_eq!(lint(&["tasks"]), ExitCode::SUCCESS);
    }

    #[test]
    fn gold_steps_are_checked_with_the_real_action_parser() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let report = lint_paths(
            &[root.join("evaluators/tests/fixtures/lint")],
            &crate::gold::check_gold_step,
        );
        let errors: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity == Severity::Error)
            .map(ToString::to_string)
            .collect();
        let has = |needle: &str| {
            assert!(
                errors.iter().any(|error| error.contains(needle)),
                "no error containing {needle:?} in:\n{}",
                errors.join("\n")
            );
        };
        has("task 6 agora.gold[0]: `click` needs a target locator");
        has("task 6 agora.gold[1]: not a valid `fly` action: unknown variant `fly`");
        // `none` is not an action the replay accepts, so lint refuses it too.
        let step = |json: &str| serde_json::from_str::<evaluators::task::GoldStep>(json).unwrap();
        assert!(crate::gold::check_gold_step(&step(r#"{"action": "none"}"#)).is_err());
        assert!(
            crate::gold::check_gold_step(&step(
                r##"{"action": "type", "target": {"css": "#q"}, "text": "bike"}"##
            ))
            .is_ok()
        );
        assert!(
            crate::gold::check_gold_step(&step(r#"{"action": "stop", "answer": "4"}"#)).is_ok()
        );
        assert!(
            crate::gold::check_gold_step(&step(r#"{"action": "scroll", "direction": "sideways"}"#))
                .is_err()
        );
    }
}
