//! `agora bench imagery` (product-photo rendering) and `agora bench ssim` (VWA's image match).

use super::Samples;
use anyhow::Context;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of the image benchmarks.
#[derive(Debug, clap::Args)]
pub struct ImageBenchArgs {
    /// Measurements per figure.
    #[arg(long, default_value_t = 300)]
    pub samples: usize,
}

/// Render and cache-hit times of listing photos at 400×300.
pub async fn imagery(args: ImageBenchArgs) -> anyhow::Result<ExitCode> {
    let report = tokio::task::spawn_blocking(move || kit::imagery::bench(args.samples)).await??;
    let millis = |duration: std::time::Duration| duration.as_secs_f64() * 1000.0;
    println!(
        "agora bench imagery — {} varied specs at {}x{}",
        report.samples,
        kit::imagery::BENCH_WIDTH,
        kit::imagery::BENCH_HEIGHT
    );
    println!(
        "  render + PNG encode   p50 {:7.2} ms  p90 {:7.2} ms",
        millis(report.render_p50),
        millis(report.render_p90)
    );
    println!(
        "  cache hit             p50 {:7.4} ms  p90 {:7.4} ms",
        millis(report.cached_p50),
        millis(report.cached_p90)
    );
    println!("  mean PNG size         {} bytes", report.mean_png_bytes);
    Ok(ExitCode::SUCCESS)
}

/// SSIM of two 512×512 photos with VWA's recipe (colour to grayscale included).
pub async fn ssim(args: ImageBenchArgs) -> anyhow::Result<ExitCode> {
    let decode = |index: usize| -> anyhow::Result<image::DynamicImage> {
        let png = kit::imagery::render_png(&kit::imagery::sample_spec(index), 512, 512)?;
        image::load_from_memory(&png).context("decoding a rendered photo")
    };
    let (first, second) = (decode(0)?, decode(1)?);
    let (first_gray, second_gray) = (first.to_luma8(), second.to_luma8());
    let mut colour = Samples::new();
    let mut gray = Samples::new();
    let mut value = 0.0;
    for _ in 0..args.samples {
        let started = Instant::now();
        value = evaluators::ssim::image_ssim(&first, &second)?;
        colour.push(started.elapsed());
        let started = Instant::now();
        evaluators::ssim::gray_ssim(&first_gray, &second_gray)?;
        gray.push(started.elapsed());
    }
    println!("agora bench ssim — two 512x512 photos, SSIM {value:.4}");
    println!("  RGB images (grayscale + SSIM)   {colour}");
    println!("  grayscale images (SSIM only)    {gray}");
    Ok(ExitCode::SUCCESS)
}
