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
    let samples = args.samples;
    let (render, cached, mean_png_bytes) =
        tokio::task::spawn_blocking(move || render_and_hit(samples)).await??;
    println!(
        "agora bench imagery — {samples} varied specs at {}x{}",
        imagery::BENCH_WIDTH,
        imagery::BENCH_HEIGHT
    );
    println!("  render + PNG encode   {render}");
    println!("  cache hit             {cached}");
    println!("  mean PNG size         {mean_png_bytes} bytes");
    Ok(ExitCode::SUCCESS)
}

/// Renders `samples` varied specs through a fresh cache, then fetches each again: the
/// render times, the hit times and the mean PNG size.
fn render_and_hit(samples: usize) -> anyhow::Result<(Samples, Samples, usize)> {
    let cache = imagery::ImageCache::new(256 << 20);
    let specs: Vec<imagery::ImageSpec> = (0..samples).map(imagery::sample_spec).collect();
    let (width, height) = (imagery::BENCH_WIDTH, imagery::BENCH_HEIGHT);
    let mut render = Samples::new();
    let mut bytes = 0usize;
    for spec in &specs {
        let start = Instant::now();
        let image = cache.get(spec, width, height)?;
        render.push(start.elapsed());
        bytes += image.png.len();
    }
    let mut cached = Samples::new();
    for spec in &specs {
        let start = Instant::now();
        cache.get(spec, width, height)?;
        cached.push(start.elapsed());
    }
    Ok((render, cached, bytes.checked_div(samples).unwrap_or(0)))
}

/// SSIM of two 512×512 photos with VWA's recipe (colour to grayscale included).
pub async fn ssim(args: ImageBenchArgs) -> anyhow::Result<ExitCode> {
    let decode = |index: usize| -> anyhow::Result<image::DynamicImage> {
        let png = imagery::render_png(&imagery::sample_spec(index), 512, 512)?;
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
