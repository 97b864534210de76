//! `agora bench paint`: whether observations show the pictures a person would see.
//! `--parallel` clients each run `--rounds` episodes over the sites' image-heavy pages (the
//! classifieds, shopping and forum front pages, a search or listing of each), going to each
//! page and scrolling down once, every step observed with a clean screenshot. Every `<img>`
//! whose box meets the viewport is found in the captured frame; one whose pixels are all one
//! colour is counted unpainted (the sites' photos never are). Reported: observations, images
//! in view, unpainted, broken, and step p50/p95 next to the same steps observed without a
//! screenshot (which wait for no paint and capture nothing) in the same run.

use super::Samples;
use crate::config::Config;
use crate::env::{Environment, EpisodeHandle, EpisodeSpec};
use crate::observe::{ObserveOptions, ScreenshotKind};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The pages visited, per site, as paths on the site.
const PAGES: [(&str, &str); 6] = [
    ("classifieds", "/"),
    ("classifieds", "/index.php?page=search&sPattern=bike"),
    ("shopping", "/"),
    ("shopping", "/catalogsearch/result/?q=shoes"),
    ("forum", "/"),
    ("forum", "/f/pics"),
];

/// The boxes of the `<img>` elements that meet the viewport, and whether each is broken.
const IMAGES_IN_VIEW: &str = include_str!("js/images_in_view.js");

/// Arguments of `agora bench paint`.
#[derive(Debug, clap::Args)]
pub struct PaintArgs {
    /// Episodes run at once.
    #[arg(long, default_value_t = 8)]
    pub parallel: usize,
    /// Episodes each client runs, one after another.
    #[arg(long, default_value_t = 2)]
    pub rounds: usize,
    /// The data dir and controller settings.
    #[command(flatten)]
    pub setup: super::BenchSetup,
}

/// What the clients measured with one kind of observation.
#[derive(Default)]
struct Figures {
    observations: usize,
    images: usize,
    unpainted: Vec<String>,
    broken: usize,
    waited_for_images: usize,
    steps: Samples,
}

impl Figures {
    fn merge(&mut self, other: Figures) {
        self.observations += other.observations;
        self.images += other.images;
        self.unpainted.extend(other.unpainted);
        self.broken += other.broken;
        self.waited_for_images += other.waited_for_images;
        self.steps.merge(other.steps);
    }
}

/// An image's box in the viewport, as the page reports it.
#[derive(serde::Deserialize)]
struct ImageBox {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
    broken: bool,
    src: String,
}

/// Runs the benchmark.
pub async fn paint(args: PaintArgs) -> anyhow::Result<ExitCode> {
    let parallel = args.parallel.max(1);
    let config = Config {
        pool_size: parallel.max(args.setup.config.pool_size),
        max_browsers: args.setup.config.max_browsers.max(parallel * 2),
        trajectory_dir: None,
        task_dirs: Vec::new(),
        ..args.setup.config.clone()
    };
    let env = crate::sites::start_with_environment(&args.setup.data_dir, config).await?;
    let sites = env.hosted_sites();
    let pages: Vec<String> = PAGES
        .iter()
        .filter_map(|(site, path)| {
            sites
                .iter()
                .find(|(name, _)| name == site)
                .map(|(_, url)| format!("{}{path}", url.trim_end_matches('/')))
        })
        .collect();
    anyhow::ensure!(!pages.is_empty(), "none of the image-heavy sites is hosted");
    println!(
        "{parallel} parallel episodes × {} rounds over {} pages (go to each, scroll down once)",
        args.rounds.max(1),
        pages.len()
    );
    for screenshot in [ScreenshotKind::Clean, ScreenshotKind::None] {
        let started = Instant::now();
        let clients = futures::future::join_all(
            (0..parallel).map(|_| client(&env, &pages, args.rounds.max(1), screenshot)),
        )
        .await;
        let wall = started.elapsed();
        let mut total = Figures::default();
        for figures in clients {
            total.merge(figures?);
        }
        report(screenshot, &total, wall);
    }
    env.shutdown().await;
    Ok(ExitCode::SUCCESS)
}

fn report(screenshot: ScreenshotKind, total: &Figures, wall: Duration) {
    let ms = |duration: Duration| duration.as_secs_f64() * 1000.0;
    let steps = format!(
        "{} steps in {:.1} s, step p50 {:.0} ms, p95 {:.0} ms",
        total.steps.len(),
        wall.as_secs_f64(),
        ms(total.steps.p50()),
        ms(total.steps.percentile(0.95)),
    );
    if screenshot == ScreenshotKind::None {
        println!("without a screenshot (no paint wait, no capture; baseline): {steps}");
        return;
    }
    println!(
        "with a clean screenshot: {steps}; {} of them waited for images\n  \
         {} observations, {} images in view, {} unpainted, {} broken",
        total.waited_for_images,
        total.observations,
        total.images,
        total.unpainted.len(),
        total.broken,
    );
    for unpainted in total.unpainted.iter().take(10) {
        println!("  unpainted: {unpainted}");
    }
}

/// One client: `rounds` episodes, each going to every page and scrolling down once.
async fn client(
    env: &Environment,
    pages: &[String],
    rounds: usize,
    screenshot: ScreenshotKind,
) -> anyhow::Result<Figures> {
    let mut figures = Figures::default();
    let observe = ObserveOptions {
        screenshot,
        ..ObserveOptions::default()
    };
    for _ in 0..rounds {
        let episode = env
            .create_episode(EpisodeSpec {
                start_urls: vec![pages[0].clone()],
                observe,
                ..EpisodeSpec::default()
            })
            .await?;
        look(&episode, &mut figures).await?;
        for page in pages {
            for action in [format!("goto [{page}]"), "scroll [down]".to_owned()] {
                let started = Instant::now();
                let stepped = episode.step(&action).await;
                if let Some(error) = stepped.outcome.error {
                    anyhow::bail!("`{action}` failed: {error}");
                }
                figures.steps.push(started.elapsed());
                let waited =
                    stepped.outcome.settle.as_ref().is_some_and(|settle| {
                        settle.waited_for.iter().any(|what| what == "images")
                    });
                figures.waited_for_images += usize::from(waited);
                look(&episode, &mut figures).await?;
            }
        }
        episode.close().await?;
    }
    Ok(figures)
}

/// Counts the images in view of the episode's last observation, and those not painted in
/// its frame (when it has one).
async fn look(episode: &EpisodeHandle, figures: &mut Figures) -> anyhow::Result<()> {
    let Some(observation) = episode.summary().await.observation else {
        return Ok(());
    };
    let Some(frame) = observation.clean_screenshot.as_ref() else {
        return Ok(());
    };
    let frame = image::load_from_memory(&frame.bytes)?.to_rgb8();
    let boxes: Vec<ImageBox> = {
        let browser = episode.browser().await?;
        serde_json::from_value(browser.execute(IMAGES_IN_VIEW, Vec::new()).await?)?
    };
    figures.observations += 1;
    for image in boxes {
        figures.images += 1;
        if image.broken {
            figures.broken += 1;
        } else if uniform(&frame, &image) {
            figures
                .unpainted
                .push(format!("{} on {}", image.src, observation.url));
        }
    }
    Ok(())
}

/// Whether the part of `frame` under `image` (clipped to the frame, one pixel in from its
/// edges) is all one colour.
fn uniform(frame: &image::RgbImage, image: &ImageBox) -> bool {
    let clip = |start: f64, length: f64, limit: u32| {
        let low = (start + 1.0).max(0.0) as u32;
        let high = ((start + length - 1.0).max(0.0) as u32).min(limit);
        (low, high)
    };
    let (left, right) = clip(image.x, image.width, frame.width());
    let (top, bottom) = clip(image.y, image.height, frame.height());
    let mut pixels = (top..bottom).flat_map(|y| (left..right).map(move |x| (x, y)));
    let Some((x, y)) = pixels.next() else {
        return false;
    };
    let first = frame.get_pixel(x, y);
    pixels.all(|(x, y)| frame.get_pixel(x, y) == first)
}
