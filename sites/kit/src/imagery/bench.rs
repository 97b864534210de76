//! Render and cache timings over a varied set of specs, for `agora bench imagery`.

use std::time::{Duration, Instant};

use super::cache::ImageCache;
use super::error::ImageryError;
use super::spec::{ImageSpec, NamedColor, ObjectKind, Pattern};
use crate::samples::Samples;

/// Width of benchmark renders.
pub const BENCH_WIDTH: u32 = 400;
/// Height of benchmark renders.
pub const BENCH_HEIGHT: u32 = 300;

/// Timing percentiles of rendering photos and of serving them from the cache.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BenchReport {
    /// How many specs were rendered (and then fetched from the cache).
    pub samples: usize,
    /// Median time to render and encode one photo.
    pub render_p50: Duration,
    /// 90th percentile time to render and encode one photo.
    pub render_p90: Duration,
    /// Median time of a cache hit.
    pub cached_p50: Duration,
    /// 90th percentile time of a cache hit.
    pub cached_p90: Duration,
    /// Mean PNG size in bytes.
    pub mean_png_bytes: usize,
}

/// The `i`-th spec of the benchmark set: cycles kinds, templates, colours, patterns,
/// counts, backdrops and text so every code path is timed.
pub fn sample_spec(i: usize) -> ImageSpec {
    let kinds = ObjectKind::ALL;
    let colors = NamedColor::ALL;
    let patterns = [
        Pattern::Solid,
        Pattern::Striped,
        Pattern::Dotted,
        Pattern::Checkered,
    ];
    ImageSpec {
        kind: kinds[i % kinds.len()],
        template: (i / kinds.len() % 3) as u8,
        primary: colors[i % colors.len()],
        secondary: Some(colors[(i * 5 + 3) % colors.len()]),
        count: (i % 4 + 1) as u8,
        pattern: patterns[i / 7 % patterns.len()],
        text: i.is_multiple_of(3).then(|| format!("SALE {i}")),
        background: (i % 3) as u8,
        variation: i as u64,
    }
}

/// Renders `samples` varied specs at 400×300 through a fresh cache, then fetches
/// each again, and reports percentiles of both.
pub fn bench(samples: usize) -> Result<BenchReport, ImageryError> {
    let cache = ImageCache::new(256 << 20);
    let specs: Vec<ImageSpec> = (0..samples).map(sample_spec).collect();
    let mut render = Samples::new();
    let mut bytes = 0usize;
    for spec in &specs {
        let start = Instant::now();
        let image = cache.get(spec, BENCH_WIDTH, BENCH_HEIGHT)?;
        render.push(start.elapsed());
        bytes += image.png.len();
    }
    let mut cached = Samples::new();
    for spec in &specs {
        let start = Instant::now();
        cache.get(spec, BENCH_WIDTH, BENCH_HEIGHT)?;
        cached.push(start.elapsed());
    }
    Ok(BenchReport {
        samples,
        render_p50: render.p50(),
        render_p90: render.percentile(0.9),
        cached_p50: cached.p50(),
        cached_p90: cached.percentile(0.9),
        mean_png_bytes: bytes.checked_div(samples).unwrap_or(0),
    })
}
