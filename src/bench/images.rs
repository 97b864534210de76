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
    /// Pictures per site-like sample for the photo statistics and timings (`bench imagery`).
    #[arg(long, default_value_t = 24)]
    pub photo_samples: usize,
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
    let per_site = args.photo_samples;
    let (stats, timings) = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        Ok((
            imagery::site_statistics(per_site)?,
            photo_timings(per_site)?,
        ))
    })
    .await??;
    println!(
        "photographic renderer (issue #50) — {per_site} pictures per site, statistics at 256 px, medians"
    );
    println!(
        "  real photos            flat 0.30-0.36  high-pass 0.85-1.27  colours 1270-1560  jpeg85 1.70-2.12 bpp"
    );
    for s in &stats {
        println!("  {:12} drawing  {}", s.site, s.drawing);
        println!("  {:12} photo    {}", s.site, s.photo);
    }
    for (label, samples) in timings {
        println!("  {label:40} {samples}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Render + encode times of drawings and photos at the two budget sizes (one core):
/// the old drawings as the same-run baseline, every kind's photo, and the photos of models
/// drawn with form.
fn photo_timings(n: usize) -> anyhow::Result<Vec<(String, Samples)>> {
    let mut out = Vec::new();
    for (w, h) in [(256, 192), (1000, 750)] {
        let mut drawing = Samples::new();
        let mut photo = Samples::new();
        let mut solid = Samples::new();
        for i in 0..n {
            let picture = imagery::Picture::Product(imagery::sample_spec(i * 11 + 3));
            let start = Instant::now();
            imagery::render_picture_png(&picture, w, h)?;
            drawing.push(start.elapsed());
            let start = Instant::now();
            imagery::render_photo_png(&picture, w, h)?;
            photo.push(start.elapsed());
            let picture = imagery::Picture::Product(imagery::solid_sample_spec(i));
            let start = Instant::now();
            imagery::render_photo_png(&picture, w, h)?;
            solid.push(start.elapsed());
        }
        out.push((format!("{w}x{h} drawing (baseline)"), drawing));
        out.push((format!("{w}x{h} photo, every kind"), photo));
        out.push((format!("{w}x{h} photo, models with form"), solid));
    }
    Ok(out)
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
