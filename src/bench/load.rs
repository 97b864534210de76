//! `agora bench load`: episodes under parallel load. At each `--parallel` level that many
//! clients each start an episode on the classifieds site, take `--steps` steps (scrolling
//! down and up) and close it, `--rounds` times over. Reported per level: episode creation
//! p50/p95, how many started warm and how many found their start opened ahead, steps per
//! second across all clients, step p50/p95. The warm pool is sized for the largest level and
//! full before each level starts; starts are opened ahead as `--prepare` says (compare
//! `--prepare 0` with `--prepare 8`).

use super::Samples;
use crate::config::Config;
use crate::env::{Environment, EpisodeSpec};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How long the pool may take to warm up before a level.
const WARM_UP_CAP: Duration = Duration::from_secs(300);

/// Arguments of `agora bench load`.
#[derive(Debug, clap::Args)]
pub struct LoadArgs {
    /// Parallel episode counts to measure.
    #[arg(long, value_delimiter = ',', default_value = "1,4,8")]
    pub parallel: Vec<usize>,
    /// Steps per episode.
    #[arg(long, default_value_t = 10)]
    pub steps: usize,
    /// Episodes each client runs, one after another.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
    /// The data dir and controller settings.
    #[command(flatten)]
    pub setup: super::BenchSetup,
}

/// What one client measured.
#[derive(Default)]
struct ClientFigures {
    creations: Samples,
    warm: usize,
    prepared: usize,
    steps: Samples,
}

/// Runs the benchmark.
pub async fn load(args: LoadArgs) -> anyhow::Result<ExitCode> {
    let most = args.parallel.iter().copied().max().unwrap_or(1).max(1);
    let config = Config {
        pool_size: most.max(args.setup.config.pool_size),
        max_browsers: args.setup.config.max_browsers.max(most * 3),
        trajectory_dir: None,
        task_dirs: Vec::new(),
        ..args.setup.config.clone()
    };
    let env = crate::sites::start_with_environment(&args.setup.data_dir, config).await?;
    let start_url = env
        .hosted_sites()
        .into_iter()
        .find_map(|(name, url)| (name == "classifieds").then_some(url))
        .ok_or_else(|| anyhow::anyhow!("the classifieds site is not hosted"))?;
    println!(
        "{:<14} {:>9} {:>10} {:>10} {:>8} {:>9} {:>9} {:>10} {:>10}",
        "parallel",
        "episodes",
        "create p50",
        "create p95",
        "warm",
        "prepared",
        "steps/s",
        "step p50",
        "step p95"
    );
    for &parallel in &args.parallel {
        let parallel = parallel.max(1);
        anyhow::ensure!(
            env.pool().wait_warm(WARM_UP_CAP).await,
            "the pool did not warm up within {WARM_UP_CAP:?}"
        );
        let started = Instant::now();
        let clients = futures::future::join_all(
            (0..parallel).map(|_| client(&env, &start_url, args.steps, args.rounds)),
        )
        .await;
        let wall = started.elapsed();
        let mut total = ClientFigures::default();
        for figures in clients {
            let figures = figures?;
            total.warm += figures.warm;
            total.prepared += figures.prepared;
            total.creations.merge(figures.creations);
            total.steps.merge(figures.steps);
        }
        let ms = |duration: Duration| format!("{:.1} ms", duration.as_secs_f64() * 1000.0);
        println!(
            "{:<14} {:>9} {:>10} {:>10} {:>8} {:>9} {:>9.1} {:>10} {:>10}",
            format!("--parallel {parallel}"),
            total.creations.len(),
            ms(total.creations.p50()),
            ms(total.creations.percentile(0.95)),
            format!("{}/{}", total.warm, total.creations.len()),
            format!("{}/{}", total.prepared, total.creations.len()),
            total.steps.len() as f64 / wall.as_secs_f64().max(1e-9),
            ms(total.steps.p50()),
            ms(total.steps.percentile(0.95)),
        );
    }
    env.shutdown().await;
    Ok(ExitCode::SUCCESS)
}

/// One client: `rounds` episodes of `steps` steps, one after another.
async fn client(
    env: &Environment,
    start_url: &str,
    steps: usize,
    rounds: usize,
) -> anyhow::Result<ClientFigures> {
    let mut figures = ClientFigures::default();
    for _ in 0..rounds {
        let started = Instant::now();
        let episode = env
            .create_episode(EpisodeSpec {
                start_urls: vec![start_url.to_owned()],
                ..EpisodeSpec::default()
            })
            .await?;
        figures.creations.push(started.elapsed());
        let start = episode.summary().await.start;
        figures.warm += usize::from(start.warm_start);
        figures.prepared += usize::from(start.prepared);
        for step in 0..steps {
            let action = if step % 2 == 0 {
                "scroll [down]"
            } else {
                "scroll [up]"
            };
            let started = Instant::now();
            if let Some(error) = episode.step(action).await.outcome.error {
                anyhow::bail!("`{action}` failed: {error}");
            }
            figures.steps.push(started.elapsed());
        }
        episode.close().await?;
    }
    Ok(figures)
}
