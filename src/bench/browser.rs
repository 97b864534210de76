//! `agora bench observe` and `agora bench step`: Set-of-Marks observations and settled steps
//! on the fixture pages and on the sites' own pages (see `pages`), each printed next to raw
//! captures of the same page in the same run.

use super::{Samples, pages};
use crate::browser::{BrowserSession, Viewport};
use crate::config::Config;
use crate::env::{Environment, EpisodeSpec};
use crate::fence::{AllowList, Origin};
use crate::observe::{ImageFormat, ObserveOptions, capture};
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Arguments shared by the browser benchmarks.
#[derive(Debug, clap::Args)]
pub struct BrowserBenchArgs {
    /// Measurements per figure.
    #[arg(long, default_value_t = 30)]
    pub samples: usize,
    /// Directory of the fixture pages.
    #[arg(long, default_value = "tests/fixtures")]
    pub fixtures: PathBuf,
    /// Which pages to measure on.
    #[arg(long, value_delimiter = ',', default_value = "fixtures,sites")]
    pub pages: Vec<PageSet>,
    /// The data dir and controller settings.
    #[command(flatten)]
    pub setup: super::BenchSetup,
}

/// A set of pages the browser benchmarks measure on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PageSet {
    /// The fixture pages in `--fixtures`, in process.
    Fixtures,
    /// The sites' home, search and item pages, through the HTTP API.
    Sites,
}

const VIEWPORTS: [Viewport; 2] = [
    Viewport {
        width: 1280,
        height: 2048,
    },
    Viewport {
        width: 1280,
        height: 720,
    },
];
const PAGES: [&str; 2] = ["actions.html", "long.html"];

async fn start(args: &BrowserBenchArgs) -> anyhow::Result<(Environment, String)> {
    anyhow::ensure!(
        args.fixtures.is_dir(),
        "{} is not a directory; run from the repository root",
        args.fixtures.display()
    );
    let router =
        axum::Router::new().fallback_service(tower_http::services::ServeDir::new(&args.fixtures));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(async move { axum::serve(listener, router).await });
    let allowed = AllowList::default();
    allowed.allow(Origin::of_url(&base).context("fixture origin")?);
    let config = Config {
        pool_size: 1,
        ..args.setup.config.clone()
    };
    let env = Environment::start(Arc::new(config), allowed).await?;
    Ok((env, base))
}

/// Raw capture baselines of the current page: WebDriver PNG, CDP fast PNG, CDP JPEG q80.
async fn raw_captures(session: &BrowserSession, samples: usize) -> anyhow::Result<[Samples; 3]> {
    let mut raw = [Samples::new(), Samples::new(), Samples::new()];
    for _ in 0..samples {
        raw_round(session, &mut raw).await?;
    }
    Ok(raw)
}

/// One raw capture of each kind (see [`raw_captures`]), added to `raw`.
async fn raw_round(session: &BrowserSession, raw: &mut [Samples; 3]) -> anyhow::Result<()> {
    let [webdriver, fast_png, jpeg] = raw;
    let started = Instant::now();
    session.webdriver_screenshot().await?;
    webdriver.push(started.elapsed());
    let started = Instant::now();
    capture(session, ImageFormat::Png, 80).await?;
    fast_png.push(started.elapsed());
    let started = Instant::now();
    capture(session, ImageFormat::Jpeg, 80).await?;
    jpeg.push(started.elapsed());
    Ok(())
}

fn ratio(numerator: &Samples, denominator: std::time::Duration) -> f64 {
    numerator.p50().as_secs_f64() / denominator.as_secs_f64().max(1e-9)
}

/// Observation cost next to raw captures, on the pages `args` names.
pub async fn observe(args: BrowserBenchArgs) -> anyhow::Result<ExitCode> {
    println!(
        "agora bench observe — {} samples per figure, medians and p90",
        args.samples
    );
    if args.pages.contains(&PageSet::Fixtures) {
        observe_fixtures(&args).await?;
    }
    if args.pages.contains(&PageSet::Sites) {
        let bench = pages::ApiBench::start(&args.setup.data_dir, &args.setup.config).await?;
        for viewport in VIEWPORTS {
            pages::observe(&bench, viewport, args.samples).await?;
        }
        bench.shutdown().await;
    }
    Ok(ExitCode::SUCCESS)
}

/// Steps next to their raw floors, on the pages `args` names.
pub async fn step(args: BrowserBenchArgs) -> anyhow::Result<ExitCode> {
    println!(
        "agora bench step — {} samples per figure, medians and p90",
        args.samples
    );
    if args.pages.contains(&PageSet::Fixtures) {
        step_fixtures(&args).await?;
    }
    if args.pages.contains(&PageSet::Sites) {
        let bench = pages::ApiBench::start(&args.setup.data_dir, &args.setup.config).await?;
        for viewport in VIEWPORTS {
            pages::step(&bench, viewport, args.samples).await?;
        }
        bench.shutdown().await;
    }
    Ok(ExitCode::SUCCESS)
}

/// Observation cost on the fixture pages, in process.
async fn observe_fixtures(args: &BrowserBenchArgs) -> anyhow::Result<()> {
    let (env, base) = start(args).await?;
    for viewport in VIEWPORTS {
        for page in PAGES {
            let spec = EpisodeSpec {
                start_urls: vec![format!("{base}/{page}")],
                viewport: Some(viewport),
                ..EpisodeSpec::default()
            };
            let episode = env.create_episode(spec).await?;
            // Raw captures and observations alternate, so drift on the machine hits both alike.
            let mut raw = [Samples::new(), Samples::new(), Samples::new()];
            let mut observe_png = Samples::new();
            let mut observe_jpeg = Samples::new();
            let jpeg_options = ObserveOptions {
                format: ImageFormat::Jpeg,
                ..ObserveOptions::default()
            };
            let mut som_script = Samples::new();
            let mut som_round_trip = Samples::new();
            let mut elements = 0;
            for _ in 0..args.samples {
                raw_round(&*episode.browser().await?, &mut raw).await?;
                let started = Instant::now();
                let observed = episode.observe(Some(ObserveOptions::default())).await?;
                observe_png.push(started.elapsed());
                if let Some(observation) = &observed.observation {
                    let timings = &observation.timings;
                    som_script.push(Duration::from_secs_f64(timings.som_script_ms / 1000.0));
                    som_round_trip.push(Duration::from_secs_f64(timings.som_ms / 1000.0));
                }
                let started = Instant::now();
                let observed = episode.observe(Some(jpeg_options)).await?;
                observe_jpeg.push(started.elapsed());
                elements = observed
                    .observation
                    .map_or(0, |observation| observation.elements.len());
            }
            episode.close().await?;
            let [webdriver, fast_png, jpeg] = raw;
            println!(
                "\n{page} at {}x{} ({elements} marks)",
                viewport.width, viewport.height
            );
            println!("  raw WebDriver PNG screenshot   {webdriver}");
            println!("  raw CDP PNG optimizeForSpeed   {fast_png}");
            println!("  raw CDP JPEG q80               {jpeg}");
            println!(
                "  SoM observation, PNG           {observe_png}   = {:.2}x raw CDP PNG",
                ratio(&observe_png, fast_png.p50())
            );
            println!(
                "  SoM observation, JPEG q80      {observe_jpeg}   = {:.2}x raw CDP JPEG",
                ratio(&observe_jpeg, jpeg.p50())
            );
            println!(
                "  SoM observation, PNG vs WebDriver PNG screenshot: {:.2}x",
                ratio(&observe_png, webdriver.p50())
            );
            println!("  of which SoM script in the page {som_script}");
            println!("  of which marking, capture, drawing {som_round_trip}");
        }
    }
    env.shutdown().await;
    Ok(())
}

/// Click → settled observation on a fixture page next to raw captures and the bare click.
async fn step_fixtures(args: &BrowserBenchArgs) -> anyhow::Result<()> {
    let (env, base) = start(args).await?;
    for viewport in VIEWPORTS {
        let spec = EpisodeSpec {
            start_urls: vec![format!("{base}/actions.html")],
            viewport: Some(viewport),
            ..EpisodeSpec::default()
        };
        let episode = env.create_episode(spec).await?;
        let mut bare_click = Samples::new();
        let fast_png = {
            let browser = episode.browser().await?;
            let [_, fast_png, _] = raw_captures(&browser, args.samples).await?;
            for _ in 0..args.samples {
                bare_click.push(browser.timed_click("#quiet").await?);
            }
            fast_png
        };
        let marked = episode.summary().await;
        let quiet_id = som_id(&marked, "Does nothing")?;
        let busy_id = som_id(&marked, "Click me")?;
        let mut quiet_steps = Samples::new();
        let mut busy_steps = Samples::new();
        let mut settle_waits = Samples::new();
        for _ in 0..args.samples {
            let started = Instant::now();
            let outcome = episode.step(&format!("click [{quiet_id}]")).await.outcome;
            quiet_steps.push(started.elapsed());
            anyhow::ensure!(
                outcome.error.is_none(),
                "quiet click failed: {:?}",
                outcome.error
            );
            let started = Instant::now();
            let outcome = episode.step(&format!("click [{busy_id}]")).await.outcome;
            busy_steps.push(started.elapsed());
            anyhow::ensure!(outcome.error.is_none(), "click failed: {:?}", outcome.error);
            if let Some(settle) = outcome.settle {
                settle_waits.push(std::time::Duration::from_millis(settle.waited_ms));
            }
        }
        episode.close().await?;
        let budget = (fast_png.p50() + bare_click.p50()).mul_f64(1.2);
        println!("\nactions.html at {}x{}", viewport.width, viewport.height);
        println!("  raw CDP PNG optimizeForSpeed         {fast_png}");
        println!("  bare WebDriver click                 {bare_click}");
        println!(
            "  click → settled SoM observation      {quiet_steps}   (quiet page; budget 1.2 x (raw + click) = {:.1} ms: {})",
            budget.as_secs_f64() * 1000.0,
            if quiet_steps.p50() <= budget {
                "met"
            } else {
                "missed"
            }
        );
        println!(
            "  click that changes the DOM → settled {busy_steps}   (settle part: {settle_waits})"
        );
    }
    env.shutdown().await;
    Ok(())
}

fn som_id(episode: &crate::env::Summary, name: &str) -> anyhow::Result<crate::observe::SomId> {
    episode
        .observation
        .as_deref()
        .and_then(|observation| {
            observation
                .elements
                .iter()
                .find(|element| element.name == name)
        })
        .map(|element| element.id)
        .with_context(|| format!("no marked element named `{name}`"))
}
