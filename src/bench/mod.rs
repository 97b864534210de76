//! `agora bench …`: the benchmarks behind docs/PERFORMANCE.md.
//!
//! Each benchmark prints medians and tails next to a raw baseline measured in the same run.

mod browser;
mod stats;

pub use stats::Samples;

use std::process::ExitCode;

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
}

/// Runs the chosen benchmark and prints its figures.
pub async fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    match args.which {
        Benchmark::Observe(args) => browser::observe(args).await,
        Benchmark::Step(args) => browser::step(args).await,
    }
}
