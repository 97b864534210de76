//! `agora bench …`: the benchmarks behind docs/PERFORMANCE.md.
//!
//! Each benchmark prints medians and tails next to a raw baseline measured in the same run.

mod browser;
mod images;
mod load;
mod memory;
mod pages;
mod paint;
mod throughput;

pub use kit::samples::Samples;

use crate::config::Config;
use crate::sites::DataDir;

use std::process::ExitCode;

/// What every benchmark over the sites takes: their data dir and the controller's settings
/// (a benchmark raises `--pool-size` and `--max-browsers` to what it runs at once).
#[derive(Debug, clap::Args)]
pub struct BenchSetup {
    /// Where the sites' base databases live (seeded at full scale when missing).
    #[command(flatten)]
    pub data_dir: DataDir,
    /// Controller settings.
    #[command(flatten)]
    pub config: Config,
}

/// Arguments of `agora bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Which benchmark to run.
    #[command(subcommand)]
    pub which: Benchmark,
}

/// The benchmarks.
#[derive(Debug, clap::Subcommand)]
pub enum Benchmark {
    /// Set-of-Marks observation vs raw captures of the same page.
    ///
    /// Example: `agora bench observe --samples 30`
    Observe(browser::BrowserBenchArgs),
    /// Click → settled observation vs raw capture plus the bare click.
    ///
    /// Example: `agora bench step`
    Step(browser::BrowserBenchArgs),
    /// Listing-photo rendering (render + encode, cache hits).
    ///
    /// Example: `agora bench imagery --samples 500`
    Imagery(images::ImageBenchArgs),
    /// SSIM with VWA's recipe on two 512x512 images.
    ///
    /// Example: `agora bench ssim`
    Ssim(images::ImageBenchArgs),
    /// Task-run throughput at several --parallel levels vs the same gold steps run VWA-style.
    ///
    /// Example: `agora bench run --parallel 1,2,4 --tasks tasks`
    Run(Box<throughput::ThroughputArgs>),
    /// Episodes under parallel load: creation p50/p95, steps/s and step p50/p95 per level.
    ///
    /// Example: `agora bench load --parallel 1,4,8 --steps 10 --rounds 3`
    Load(Box<load::LoadArgs>),
    /// Whether observations show every picture in view: unpainted images counted in the
    /// captured frames of image-heavy pages at 8 parallel episodes.
    ///
    /// Example: `agora bench paint --parallel 8 --rounds 2`
    Paint(Box<paint::PaintArgs>),
}

/// Runs the chosen benchmark and prints its figures.
pub async fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    match args.which {
        Benchmark::Observe(args) => browser::observe(args).await,
        Benchmark::Step(args) => browser::step(args).await,
        Benchmark::Imagery(args) => images::imagery(args).await,
        Benchmark::Ssim(args) => images::ssim(args).await,
        Benchmark::Run(args) => throughput::throughput(*args).await,
        Benchmark::Load(args) => load::load(*args).await,
        Benchmark::Paint(args) => paint::paint(*args).await,
    }
}
