//! Controller configuration: one clap struct with environment-variable fallbacks,
//! shared as `Arc<Config>`. Its defaults are written once, in the clap attributes;
//! [`Config::default`] is the command line's parse of no arguments.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Bounds on what one action may do (from `--max-type-chars` and `--max-tabs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionLimits {
    /// Most characters one `type` or `keyboard_type` sends.
    pub type_chars: usize,
    /// Most tabs an episode may have open.
    pub tabs: usize,
}

/// How the controller reaches browsers, settles pages and serves its API.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct Config {
    /// Use this W3C WebDriver remote end (e.g. a Selenium Grid hub) instead of spawning chromedriver.
    #[arg(long, env = "AGORA_WEBDRIVER_URL")]
    pub webdriver_url: Option<String>,
    /// The chromedriver executable to spawn when no `--webdriver-url` is given.
    #[arg(
        long,
        env = "AGORA_CHROMEDRIVER",
        default_value = "/usr/bin/chromedriver"
    )]
    pub chromedriver: PathBuf,
    /// The Chromium executable chromedriver starts: by default Debian's headless shell (the
    /// same Blink as `/usr/bin/chromium` without the desktop browser around it, so each page
    /// load costs the machine less; `/usr/lib/chromium/chromium` works too).
    #[arg(
        long,
        env = "AGORA_CHROMIUM",
        default_value = "/usr/lib/chromium/chromium-headless-shell"
    )]
    pub chromium: PathBuf,
    /// Browser sessions kept warm so an episode never waits for session creation.
    #[arg(long, env = "AGORA_POOL_SIZE", default_value_t = 2)]
    pub pool_size: usize,
    /// Most browsers alive at once (warm, in episodes and being created); an episode that
    /// finds none free waits up to `--pool-wait-s` for one.
    #[arg(long, env = "AGORA_MAX_BROWSERS", default_value_t = 16)]
    pub max_browsers: usize,
    /// Longest wait for a free browser when none is warm and `--max-browsers` are in use, in
    /// seconds (at most 120); then starting the episode is refused with 503 and a
    /// `Retry-After`.
    #[arg(long, env = "AGORA_POOL_WAIT_S", default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(0..=120))]
    pub pool_wait_s: u64,
    /// The unprivileged account browsers run as when Agora runs as root (Chromium keeps its
    /// sandbox only off root); without it, `agora-browser` if that account exists.
    #[arg(long, env = "AGORA_BROWSER_USER")]
    pub browser_user: Option<String>,
    /// Longest a step or an observation may take, in seconds (1–600). A page that holds it
    /// longer (a script that never ends, a load that never finishes) is stopped: its browser
    /// is killed and replaced, and the episode ends with `page_unresponsive`.
    #[arg(long, env = "AGORA_STEP_DEADLINE_S", default_value_t = 45,
        value_parser = clap::value_parser!(u64).range(1..=600))]
    pub step_deadline_s: u64,
    /// Longest one evaluation may take, everything included (pages, scripts, judges), in
    /// seconds (1–1800); past it the evaluation ends with `evaluation_timeout` and the page's
    /// scripts are stopped (a page that does not stop is stopped as for a step).
    #[arg(long, env = "AGORA_EVALUATION_DEADLINE_S", default_value_t = 180,
        alias = "eval-timeout-s",
        value_parser = clap::value_parser!(u64).range(1..=1_800))]
    pub evaluation_deadline_s: u64,
    /// Starts opened ahead: when episodes repeat a start (same start URLs, viewport,
    /// observation options and logins, private tenant), up to this many warm browsers are
    /// opened at it in the background, each as a fresh tenant, settled and observed, so the
    /// next such episode starts at once. Each costs a browser and a tenant copy while it
    /// waits (at most 2 minutes). 0 turns it off.
    #[arg(long, env = "AGORA_PREPARE", default_value_t = 2)]
    pub prepare: usize,
    /// Longest wait for a page to settle after an action, in milliseconds (at most 20000,
    /// well inside the 30 s a page script may take).
    #[arg(long, env = "AGORA_SETTLE_CAP_MS", default_value_t = 3000,
        value_parser = clap::value_parser!(u64).range(0..=20_000))]
    pub settle_cap_ms: u64,
    /// How long the DOM must stay unchanged to count as quiet, in milliseconds (at most 5000).
    #[arg(long, env = "AGORA_DOM_QUIET_MS", default_value_t = 50,
        value_parser = clap::value_parser!(u64).range(0..=5_000))]
    pub dom_quiet_ms: u64,
    /// Episodes without a request for this many seconds are closed.
    #[arg(long, env = "AGORA_IDLE_TIMEOUT_S", default_value_t = 600)]
    pub idle_timeout_s: u64,
    /// Address the API (and the agent-browser fence) binds to.
    #[arg(long, env = "AGORA_BIND", default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Port of the control API (0 picks a free one).
    #[arg(long, env = "AGORA_API_PORT", default_value_t = 8400)]
    pub api_port: u16,
    /// Bearer token required on every API request; mandatory when binding a non-loopback address.
    #[arg(long, env = "AGORA_TOKEN")]
    pub token: Option<String>,
    /// Extra origins the agent's browser may reach (`http://host:port`), besides the sites.
    #[arg(
        long = "allow-origin",
        env = "AGORA_ALLOW_ORIGINS",
        value_delimiter = ','
    )]
    pub allowed_origins: Vec<String>,
    /// Run the browsers of `--webdriver-url` without Chromium's sandbox (`--no-sandbox`):
    /// only for Grid nodes that cannot run it (a node running as root). Announced loudly at
    /// start; by default a Grid's browsers keep their sandbox.
    #[arg(long, env = "AGORA_GRID_NO_SANDBOX")]
    pub grid_no_sandbox: bool,
    /// Address of the fence proxy as the browser sees it (`host:port`; set when the browsers
    /// run elsewhere, e.g. on Selenium Grid nodes).
    #[arg(long, env = "AGORA_FENCE_ADDRESS")]
    pub fence_address: Option<String>,
    /// Where the fence proxy listens (`ip:port`); default: the `--bind` address on a free
    /// port. Remote browsers need a fixed port on an address they can reach.
    #[arg(long, env = "AGORA_FENCE_BIND")]
    pub fence_bind: Option<std::net::SocketAddr>,
    /// Most characters one `type` or `keyboard_type` action may send.
    #[arg(long, env = "AGORA_MAX_TYPE_CHARS", default_value_t = 10_000)]
    pub max_type_chars: usize,
    /// Most tabs one episode may have open.
    #[arg(long, env = "AGORA_MAX_TABS", default_value_t = 10)]
    pub max_tabs: usize,
    /// Most episodes running at once; more are refused with 429 until one is closed.
    /// Defaults to `--max-browsers` (each episode holds a browser).
    #[arg(long, env = "AGORA_MAX_EPISODES")]
    pub max_episodes: Option<usize>,
    /// Most tenants handed to browsers Agora does not drive (`POST /tenants`) live at once;
    /// each holds its own copy of the sites it uses.
    #[arg(long, env = "AGORA_MAX_TENANTS", default_value_t = 64)]
    pub max_tenants: usize,
    /// Directory whose files `upload [id] [path]` may use, besides a task's input images.
    #[arg(long, env = "AGORA_UPLOAD_DIR")]
    pub upload_dir: Option<PathBuf>,
    /// Where trajectories are saved (a folder per episode: screenshots and trajectory.json).
    #[arg(long, env = "AGORA_TRAJECTORIES", default_value = "data/trajectories")]
    pub trajectory_dir: Option<PathBuf>,
    /// Task directories episodes can be started from by id (`classifieds/3`). For `agora run`:
    /// the tasks to run — directories, files, names or globs (`'classifieds/1*'`).
    #[arg(
        long = "tasks",
        env = "AGORA_TASKS",
        value_delimiter = ',',
        default_value = "tasks"
    )]
    pub task_dirs: Vec<PathBuf>,
    /// How evaluations score: `correct` (default), `vwa` (VWA's quirks reproduced) or
    /// `magebench` (MageBench's AES reproduced).
    #[arg(long, env = "AGORA_EVAL_MODE", default_value = "correct")]
    pub eval_mode: evaluators::EvalMode,
    /// Text judge (fuzzy / unachievable-reason checks): OpenAI-compatible base URL up to `/v1`.
    #[arg(long, env = "AGORA_JUDGE_URL")]
    pub judge_url: Option<String>,
    /// Text judge model.
    #[arg(long, env = "AGORA_JUDGE_MODEL", default_value = "gpt-4o")]
    pub judge_model: String,
    /// Vision judge (VQA checks): OpenAI-compatible base URL up to `/v1`.
    #[arg(long, env = "AGORA_VISION_JUDGE_URL")]
    pub vision_judge_url: Option<String>,
    /// Vision judge model.
    #[arg(long, env = "AGORA_VISION_JUDGE_MODEL", default_value = "gpt-4o")]
    pub vision_judge_model: String,
    /// In `vwa` mode, answer visual questions about pictures Agora drew from their spec (the
    /// ground-truth judge) instead of asking the vision judge (`correct` mode always does).
    #[arg(long, env = "AGORA_VQA_GROUND_TRUTH")]
    pub vqa_ground_truth: bool,
    /// Environment variable holding the judges' API key.
    #[arg(
        long,
        env = "AGORA_JUDGE_API_KEY_ENV",
        default_value = "OPENAI_API_KEY"
    )]
    pub judge_api_key_env: String,
    /// Directory where judge verdicts are cached (re-evaluation is then free and deterministic).
    #[arg(long, env = "AGORA_JUDGE_CACHE", default_value = "data/judge-cache")]
    pub judge_cache: PathBuf,
}

impl Config {
    /// The settle cap as a duration.
    pub fn settle_cap(&self) -> Duration {
        Duration::from_millis(self.settle_cap_ms)
    }

    /// The DOM-quiet window as a duration.
    pub fn dom_quiet(&self) -> Duration {
        Duration::from_millis(self.dom_quiet_ms)
    }

    /// The judges configured by `--judge-url` / `--vision-judge-url` (none: checks that need a
    /// judge report `needs_judge`).
    pub fn judges(&self) -> Result<evaluators::Judges, evaluators::judge::JudgeError> {
        let judge = |url: &Option<String>, model: &str| {
            url.as_ref().map(|url| {
                let mut config = evaluators::JudgeConfig::new(url.clone(), model);
                config.chat.api_key_env = Some(self.judge_api_key_env.clone());
                config.cache_dir = Some(self.judge_cache.clone());
                config
            })
        };
        let mut judges = evaluators::Judges::from_configs(
            judge(&self.judge_url, &self.judge_model),
            judge(&self.vision_judge_url, &self.vision_judge_model),
        )?;
        judges.truth_in_vwa = self.vqa_ground_truth;
        Ok(judges)
    }

    /// What one action may do.
    pub fn action_limits(&self) -> ActionLimits {
        ActionLimits {
            type_chars: self.max_type_chars,
            tabs: self.max_tabs,
        }
    }

    /// The pool's warm target, ceiling and wait cap.
    pub fn pool_limits(&self) -> crate::browser::PoolLimits {
        crate::browser::PoolLimits {
            warm: self.pool_size,
            ceiling: self.max_browsers.max(self.pool_size),
            wait_cap: Duration::from_secs(self.pool_wait_s),
        }
    }

    /// The episode cap: `--max-episodes`, else one episode per browser.
    pub fn episode_cap(&self) -> usize {
        self.max_episodes
            .unwrap_or(self.pool_limits().ceiling)
            .max(1)
    }

    /// How long a step or an observation may take.
    pub fn step_deadline(&self) -> Duration {
        Duration::from_secs(self.step_deadline_s)
    }

    /// How long an evaluation may take.
    pub fn evaluation_deadline(&self) -> Duration {
        Duration::from_secs(self.evaluation_deadline_s)
    }

    /// The idle timeout as a duration.
    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout_s)
    }
}

impl Default for Config {
    /// Every setting at its command-line default, without reading the environment.
    fn default() -> Self {
        use clap::{Args, FromArgMatches};
        let command =
            Config::augment_args(clap::Command::new("agora")).mut_args(|arg| arg.env(None));
        command
            .try_get_matches_from(["agora"])
            .and_then(|matches| Config::from_arg_matches(&matches))
            .unwrap_or_else(|error| unreachable!("every setting has a default: {error}"))
    }
}

#[cfg(test)]
mod tests {
    use super::Config;
    use clap::Parser;

    #[test]
    fn the_command_line_without_arguments_is_the_default() {
        let cli = crate::cli::Cli::try_parse_from(["agora", "up"]).unwrap();
        let crate::cli::Command::Up(args) = cli.command else {
            panic!("not `agora up`");
        };
        let default = Config::default();
        assert_eq!(args.config, default);
        assert_eq!(
            default.trajectory_dir.as_deref(),
            Some(std::path::Path::new("data/trajectories"))
        );
        assert_eq!(default.pool_size, 2);
    }

    #[test]
    fn settle_waits_are_bounded_on_the_command_line() {
        let parse = |flag: &str, value: &str| {
            crate::cli::Cli::try_parse_from(["agora", "up", flag, value]).map(|_| ())
        };
        assert!(parse("--settle-cap-ms", "20000").is_ok());
        let error = parse("--settle-cap-ms", "600000").expect_err("ten minutes is refused");
        assert!(error.to_string().contains("0..=20000"), "{error}");
        assert!(parse("--dom-quiet-ms", "5001").is_err());
    }
}
