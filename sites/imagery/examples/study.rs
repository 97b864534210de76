//! Issue #50's photo statistics and the render times at the budget sizes, drawings
//! against photos, without the rest of Agora:
//! `cargo run --release -p imagery --example study -- [PICTURES_PER_SITE]`
//! (`agora bench imagery` prints the same figures).

use std::time::Instant;

use imagery::{
    Picture, render_photo_png, render_picture_png, sample_spec, site_statistics, solid_sample_spec,
};

fn p50_p95(mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(f64::total_cmp);
    (
        ms[ms.len() / 2],
        ms[(ms.len() * 95 / 100).min(ms.len() - 1)],
    )
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(24);
    println!("statistics at 256 px, medians of {n} pictures per site");
    for s in site_statistics(n).expect("renders") {
        println!("  {:12} drawing  {}", s.site, s.drawing);
        println!("  {:12} photo    {}", s.site, s.photo);
    }
    for (w, h) in [(256, 192), (1000, 750)] {
        let mut times = [Vec::new(), Vec::new(), Vec::new()];
        for i in 0..n {
            let picture = Picture::Product(sample_spec(i * 11 + 3));
            let solid = Picture::Product(solid_sample_spec(i));
            let start = Instant::now();
            render_picture_png(&picture, w, h).expect("renders");
            times[0].push(start.elapsed().as_secs_f64() * 1e3);
            let start = Instant::now();
            render_photo_png(&picture, w, h).expect("renders");
            times[1].push(start.elapsed().as_secs_f64() * 1e3);
            let start = Instant::now();
            render_photo_png(&solid, w, h).expect("renders");
            times[2].push(start.elapsed().as_secs_f64() * 1e3);
        }
        for (label, t) in [
            "drawing (baseline)",
            "photo, every kind",
            "photo, models with form",
        ]
        .into_iter()
        .zip(times)
        {
            let (p50, p95) = p50_p95(t);
            println!("  {w}x{h} {label:26} p50 {p50:6.1} ms  p95 {p95:6.1} ms");
        }
    }
}
