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
    println!(
        "render + PNG encode, each spec timed {REPEATS} times: p50 / p95 over specs of the \
         median and of the fastest (the fastest is the one-core cost on a loaded machine)"
    );
    for (w, h) in [(256, 192), (1000, 750)] {
        let mut median = [Vec::new(), Vec::new(), Vec::new()];
        let mut fastest = [Vec::new(), Vec::new(), Vec::new()];
        for i in 0..n {
            let picture = Picture::Product(sample_spec(i * 11 + 3));
            let solid = Picture::Product(solid_sample_spec(i));
            let renders: [&dyn Fn() -> Vec<u8>; 3] = [
                &|| render_picture_png(&picture, w, h).expect("renders"),
                &|| render_photo_png(&picture, w, h).expect("renders"),
                &|| render_photo_png(&solid, w, h).expect("renders"),
            ];
            for (k, render) in renders.into_iter().enumerate() {
                let mut runs: Vec<f64> = (0..REPEATS)
                    .map(|_| {
                        let start = Instant::now();
                        render();
                        start.elapsed().as_secs_f64() * 1e3
                    })
                    .collect();
                runs.sort_by(f64::total_cmp);
                median[k].push(runs[REPEATS / 2]);
                fastest[k].push(runs[0]);
            }
        }
        for ((label, m), f) in [
            "drawing (baseline)",
            "photo, every kind",
            "photo, models with form",
        ]
        .into_iter()
        .zip(median)
        .zip(fastest)
        {
            let (m50, m95) = p50_p95(m);
            let (f50, f95) = p50_p95(f);
            println!(
                "  {w}x{h} {label:24} median p50 {m50:6.1} p95 {m95:6.1} ms  fastest p50 {f50:6.1} p95 {f95:6.1} ms"
            );
        }
    }
}

/// Times each spec is rendered.
const REPEATS: usize = 3;
