//! `agora run` (an agent over tasks, resumable) and `agora report` (the HTML report of a run).

use crate::config::Config;
use crate::env::Environment;
use crate::run::results::RESULTS_FILE;
use crate::run::{
    Agent, Backend, LocalBackend, ObservationKind, OpenAiAgent, OpenAiSettings, Prices,
    RemoteBackend, RunPlan, StepLimits, report, selection, summary,
};
use evaluators::chat::{ChatConfig, Sampling};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The agents `agora run` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AgentChoice {
    /// Each task's gold trajectory (checks the setup; measures throughput).
    Replay,
    /// The built-in vision agent over an OpenAI-compatible chat-completions endpoint.
    Openai,
}

/// Arguments of `agora run`. The tasks are chosen with `--tasks` (directories, files, names
/// like `classifieds/3`, or globs like `'classifieds/1*'`; default: every shipped task).
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// The agent.
    #[arg(long, value_enum)]
    pub agent: AgentChoice,
    /// Where results.jsonl, the trajectories and report.html go.
    #[arg(long)]
    pub out: PathBuf,
    /// Continue the run in `--out`: only tasks without a result (or whose result was an
    /// error) run.
    #[arg(long)]
    pub resume: bool,
    /// Episodes at once (each is a Chromium).
    #[arg(long, default_value_t = 2)]
    pub parallel: usize,
    /// Most actions per task (VWA's 30).
    #[arg(long, default_value_t = 30)]
    pub max_steps: usize,
    /// Stop a task after this many replies in a row without a parsable action (VWA's 3).
    #[arg(long, default_value_t = 3)]
    pub max_parse_failures: usize,
    /// Stop a task after the same action this many times in a row (VWA's 5).
    #[arg(long, default_value_t = 5)]
    pub max_repeats: usize,
    /// Extra attempts for a task whose browser, site or server failed.
    #[arg(long, default_value_t = 2)]
    pub retries: u32,
    /// Use the Agora at this URL (`agora up`) instead of starting one in this process.
    #[arg(long, env = "AGORA_SERVER")]
    pub server: Option<String>,
    /// The task root: task names (`classifieds/3`) are paths under it.
    #[arg(long, default_value = "tasks")]
    pub task_root: PathBuf,
    /// Where the sites' base databases live.
    #[command(flatten)]
    pub data_dir: crate::sites::DataDir,
    /// The model agent's settings (`--agent openai`).
    #[command(flatten, next_help_heading = "Model agent (--agent openai)")]
    pub model: ModelArgs,
    /// Controller settings (in-process), the task selection (`--tasks`) and `--eval-mode`.
    #[command(flatten, next_help_heading = "Controller")]
    pub config: Config,
}

/// Settings of the built-in model agent.
#[derive(Debug, Clone, clap::Args)]
pub struct ModelArgs {
    /// The model name sent to the endpoint.
    #[arg(long, env = "AGORA_MODEL", default_value = "gpt-4o")]
    pub model: String,
    /// The endpoint's base URL, up to `/v1` (vLLM: http://127.0.0.1:8000/v1, Ollama:
    /// http://127.0.0.1:11434/v1).
    #[arg(
        long,
        env = "OPENAI_BASE_URL",
        default_value = "https://api.openai.com/v1"
    )]
    pub base_url: String,
    /// Environment variable holding the API key (default: OPENAI_API_KEY when set; local
    /// servers need none).
    #[arg(long)]
    pub api_key_env: Option<String>,
    /// What the model sees of the page.
    #[arg(long, value_enum, default_value_t = ObservationKind::Som)]
    pub observation: ObservationKind,
    /// Sampling temperature (VWA's 1.0).
    #[arg(long, default_value_t = 1.0)]
    pub temperature: f64,
    /// Nucleus sampling (VWA's 0.9).
    #[arg(long, default_value_t = 0.9)]
    pub top_p: f64,
    /// Longest reply in tokens (VWA's 384).
    #[arg(long, default_value_t = 384)]
    pub max_tokens: u32,
    /// Time limit of one model call, in seconds.
    #[arg(long, default_value_t = 120)]
    pub call_timeout_s: u64,
    /// Retries of a model call after a 429, a 5xx, a timeout or a lost connection.
    #[arg(long, default_value_t = 5)]
    pub call_retries: u32,
    /// First backoff before a retry, in milliseconds; doubles each time (a Retry-After
    /// answer overrides it).
    #[arg(long, default_value_t = 1000)]
    pub backoff_ms: u64,
    /// Price of a million prompt tokens in US dollars, for the cost column.
    #[arg(long, requires = "price_output")]
    pub price_input: Option<f64>,
    /// Price of a million completion tokens in US dollars.
    #[arg(long, requires = "price_input")]
    pub price_output: Option<f64>,
}

impl ModelArgs {
    fn agent(&self) -> anyhow::Result<Agent> {
        let api_key_env = match &self.api_key_env {
            Some(name) => Some(name.clone()),
            None => std::env::var_os("OPENAI_API_KEY").map(|_| "OPENAI_API_KEY".to_owned()),
        };
        let chat = ChatConfig {
            api_key_env,
            timeout: Duration::from_secs(self.call_timeout_s.max(1)),
            max_retries: self.call_retries,
            backoff_base: Duration::from_millis(self.backoff_ms),
            ..ChatConfig::new(self.base_url.clone(), self.model.clone())
        };
        let prices = match (self.price_input, self.price_output) {
            (Some(input), Some(output)) => Some(Prices { input, output }),
            _ => None,
        };
        let agent = OpenAiAgent::new(OpenAiSettings {
            chat,
            observation: self.observation,
            sampling: Sampling {
                temperature: self.temperature,
                top_p: self.top_p,
                max_tokens: self.max_tokens,
            },
            prices,
        })?;
        Ok(Agent::OpenAi(Box::new(agent)))
    }
}

/// Arguments of `agora report`.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// The run's output directory (`agora run --out DIR`).
    pub dir: PathBuf,
}

/// Writes the report of a run.
pub fn report_command(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let path = report::write(&args.dir)?;
    println!("report: {}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// Runs the tasks, then prints the summary and writes the report. Exits with status 1 when a
/// task ended in an error (it has no score).
pub async fn run_command(args: RunArgs) -> anyhow::Result<ExitCode> {
    let agent = match args.agent {
        AgentChoice::Replay => Agent::Replay,
        AgentChoice::Openai => args.model.agent()?,
    };
    // Before any site, browser or episode starts: an endpoint that cannot answer stops here.
    if let Agent::OpenAi(model) = &agent {
        model.preflight().await?;
    }
    let parallel = args.parallel.max(1);
    let (backend, local): (Box<dyn Backend>, _) = match &args.server {
        Some(url) => (
            Box::new(RemoteBackend::new(url, args.config.token.clone())?),
            None,
        ),
        None => {
            let env = start_local(&args, parallel).await?;
            (Box::new(LocalBackend(env.clone())), Some(env))
        }
    };
    let plan = RunPlan {
        agent,
        limits: StepLimits {
            max_steps: args.max_steps,
            max_parse_failures: args.max_parse_failures,
            max_repeats: args.max_repeats,
        },
        eval_mode: Some(args.config.eval_mode),
        parallel,
        retries: args.retries,
        out: args.out.clone(),
    };
    let outcome = tokio::select! {
        outcome = execute(backend.as_ref(), &plan, &args) => outcome,
        _ = tokio::signal::ctrl_c() => {
            eprintln!("interrupted: finished tasks are saved; continue with the same command and --resume");
            Ok(ExitCode::FAILURE)
        }
    };
    if let Some(env) = local {
        env.shutdown().await;
    }
    outcome
}

/// Sites and browsers in this process, as `agora tasks check` starts them.
async fn start_local(args: &RunArgs, parallel: usize) -> anyhow::Result<Environment> {
    let config = Config {
        pool_size: parallel,
        trajectory_dir: None,
        task_dirs: vec![args.task_root.clone()],
        ..args.config.clone()
    };
    crate::sites::start_with_environment(&args.data_dir, config).await
}

async fn execute(
    backend: &dyn Backend,
    plan: &RunPlan,
    args: &RunArgs,
) -> anyhow::Result<ExitCode> {
    let urls = backend.site_urls().await?;
    let tasks = selection::select(&args.config.task_dirs, &args.task_root, &urls)?;
    anyhow::ensure!(!tasks.is_empty(), "--tasks selects no task");
    let run = crate::run::run_tasks(backend, plan, tasks, args.resume).await?;
    println!("\n{}", summary::render(&summary::summarize(&run.results)));
    println!("results: {}", plan.out.join(RESULTS_FILE).display());
    println!("report:  {}", run.report.display());
    let errors = run
        .results
        .iter()
        .filter(|result| result.is_error())
        .count();
    if errors > 0 {
        println!("{errors} task(s) ended in an error and have no score; rerun them with --resume");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
