//! The observation and step benchmarks on the sites' own pages, through the HTTP API the way
//! users call it, each figure next to the same run's raw CDP capture of the same page (and,
//! for a navigating step, the same run's navigate-to-load + capture).

use super::Samples;
use crate::api::{ApiClient, CreateEpisode, StepRequest, TenantChoice};
use crate::config::Config;
use crate::env::EpisodeId;
use crate::observe::{ImageFormat, ObserveOptions, ScreenshotKind, capture};
use anyhow::Context;
use std::path::Path;
use std::time::{Duration, Instant};

/// One page of a site to measure on.
struct SitePage {
    site: &'static str,
    name: &'static str,
    /// Path and query below the site's base URL.
    path: &'static str,
}

const SITE_PAGES: [SitePage; 5] = [
    SitePage {
        site: "classifieds",
        name: "classifieds home",
        path: "/",
    },
    SitePage {
        site: "classifieds",
        name: "classifieds search",
        path: "/index.php?page=search&sPattern=blue",
    },
    SitePage {
        site: "classifieds",
        name: "classifieds item",
        path: "/index.php?page=item&id=12",
    },
    SitePage {
        site: "shopping",
        name: "shopping home",
        path: "/",
    },
    SitePage {
        site: "forum",
        name: "forum home",
        path: "/",
    },
];

/// The sites, an environment and the HTTP API on loopback ports, and a client for it.
pub(super) struct ApiBench {
    env: crate::env::Environment,
    api: ApiClient,
}

impl ApiBench {
    /// Starts every site over `data_dir` (seeding what is missing), the controller and the API.
    pub(super) async fn start(data_dir: &Path, config: &Config) -> anyhow::Result<Self> {
        let config = Config {
            pool_size: 1,
            trajectory_dir: None,
            task_dirs: Vec::new(),
            ..config.clone()
        };
        let env = crate::sites::start_with_environment(data_dir, config).await?;
        let router = crate::api::router(env.clone(), None);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let api = ApiClient::new(
            &format!("http://{}", listener.local_addr()?),
            None,
            Duration::from_secs(600),
        )?;
        tokio::spawn(async move { axum::serve(listener, router).await });
        Ok(Self { env, api })
    }

    fn site_url(&self, page: &SitePage) -> anyhow::Result<String> {
        let base = self
            .env
            .hosted_sites()
            .into_iter()
            .find_map(|(name, url)| (name == page.site).then_some(url))
            .with_context(|| format!("the {} site is not hosted", page.site))?;
        Ok(format!("{base}{}", page.path))
    }

    /// One raw CDP PNG capture (`optimizeForSpeed`) of the episode's page.
    async fn raw_capture(&self, id: &EpisodeId) -> anyhow::Result<Duration> {
        let browser = self.env.episode(id).await?.browser().await?;
        let started = Instant::now();
        capture(&browser, ImageFormat::Png, 80).await?;
        Ok(started.elapsed())
    }

    /// Navigates the episode's browser to `url` with a plain WebDriver `get` (returns at the
    /// load event) and captures: the floor of a navigating step.
    async fn raw_navigate_capture(&self, id: &EpisodeId, url: &str) -> anyhow::Result<Duration> {
        let browser = self.env.episode(id).await?.browser().await?;
        let started = Instant::now();
        browser.goto(url).await?;
        capture(&browser, ImageFormat::Png, 80).await?;
        Ok(started.elapsed())
    }

    async fn open(
        &self,
        url: &str,
        viewport: crate::browser::Viewport,
    ) -> anyhow::Result<EpisodeId> {
        let created = self
            .api
            .create(&CreateEpisode {
                start_url: Some(url.to_owned()),
                task_id: None,
                task: None,
                viewport: Some(viewport),
                observe: ObserveOptions::default(),
                tenant: TenantChoice::Shared,
            })
            .await?;
        Ok(EpisodeId(created.episode_id))
    }

    async fn close(&self, id: &EpisodeId) -> anyhow::Result<()> {
        self.api.close(id).await?;
        Ok(())
    }

    pub(super) async fn shutdown(self) {
        self.env.shutdown().await;
    }
}

fn ratio(numerator: &Samples, denominator: &Samples) -> f64 {
    numerator.p50().as_secs_f64() / denominator.p50().as_secs_f64().max(1e-9)
}

fn verdict(ratio: f64, budget: f64) -> &'static str {
    if ratio <= budget { "met" } else { "missed" }
}

/// `POST /episodes/{id}/observe` (SoM only, and SoM + clean) on each site page, alternating
/// with raw captures of the same page.
pub(super) async fn observe(
    bench: &ApiBench,
    viewport: crate::browser::Viewport,
    samples: usize,
) -> anyhow::Result<()> {
    for page in &SITE_PAGES {
        let id = bench.open(&bench.site_url(page)?, viewport).await?;
        let options = |screenshot| ObserveOptions {
            screenshot,
            ..ObserveOptions::default()
        };
        let mut raw = Samples::new();
        let mut som = Samples::new();
        let mut both = Samples::new();
        let mut draw = Samples::new();
        let mut observing = Samples::new();
        let mut capturing = Samples::new();
        let mut scripting = Samples::new();
        let mut recaptured = 0;
        let mut marks = 0;
        for _ in 0..samples {
            raw.push(bench.raw_capture(&id).await?);
            let started = Instant::now();
            let reply = bench
                .api
                .observe(&id, &options(ScreenshotKind::Som))
                .await?;
            som.push(started.elapsed());
            let ms = |ms: f64| Duration::from_secs_f64(ms / 1000.0);
            draw.push(ms(reply.timings.draw_ms));
            observing.push(ms(reply.timings.total_ms));
            capturing.push(ms(reply.timings.capture_ms));
            scripting.push(ms(reply.timings.som_script_ms));
            recaptured += usize::from(reply.timings.recaptured);
            marks = reply.elements.len();
            let started = Instant::now();
            bench
                .api
                .observe(&id, &options(ScreenshotKind::Both))
                .await?;
            both.push(started.elapsed());
        }
        bench.close(&id).await?;
        println!(
            "\n{} at {}x{} ({marks} marks), through the HTTP API",
            page.name, viewport.width, viewport.height
        );
        println!("  raw CDP PNG optimizeForSpeed   {raw}");
        let som_ratio = ratio(&som, &raw);
        println!(
            "  SoM observation, PNG           {som}   = {som_ratio:.2}x raw (budget 1.15x: {})",
            verdict(som_ratio, 1.15)
        );
        let both_ratio = ratio(&both, &raw);
        println!(
            "  SoM + clean, PNG               {both}   = {both_ratio:.2}x raw (budget 1.2x: {})",
            verdict(both_ratio, 1.2)
        );
        println!("  of which observing (server)    {observing}");
        println!("  of which the capture           {capturing}");
        println!("  the marking script (in page)   {scripting}");
        println!("  of which decode + draw + encode {draw}; recaptured {recaptured}/{samples}");
    }
    Ok(())
}

/// A navigating step (`goto [url]` through `POST /episodes/{id}/step`) on each site page,
/// alternating with a plain navigate-to-load + raw capture of the same page.
pub(super) async fn step(
    bench: &ApiBench,
    viewport: crate::browser::Viewport,
    samples: usize,
) -> anyhow::Result<()> {
    for page in &SITE_PAGES {
        let url = bench.site_url(page)?;
        let id = bench.open(&url, viewport).await?;
        let mut floor = Samples::new();
        let mut steps = Samples::new();
        let mut settle = Samples::new();
        let mut quiet = Samples::new();
        for _ in 0..samples {
            floor.push(bench.raw_navigate_capture(&id, &url).await?);
            let request = StepRequest {
                action: format!("goto [{url}]").into(),
                dialect: None,
            };
            let started = Instant::now();
            let reply = bench.api.step(&id, &request).await?;
            steps.push(started.elapsed());
            if let Some(error) = reply.error {
                anyhow::bail!("goto failed: {}: {}", error.error, error.message);
            }
            if let Some(report) = reply.settle {
                settle.push(Duration::from_millis(report.waited_ms));
                quiet.push(Duration::from_millis(report.quiet_wait_ms));
            }
        }
        bench.close(&id).await?;
        let step_ratio = ratio(&steps, &floor);
        println!(
            "\n{} at {}x{}, through the HTTP API",
            page.name, viewport.width, viewport.height
        );
        println!("  navigate to load + raw CDP PNG {floor}");
        println!(
            "  goto step → settled SoM obs.   {steps}   = {step_ratio:.2}x (budget 1.15x: {})",
            verdict(step_ratio, 1.15)
        );
        println!("  of which settling {settle}, of that the DOM-quiet window alone {quiet}");
    }
    Ok(())
}
