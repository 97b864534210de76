//! The photo statistics of issue #50 on the drawings and on the camera-developed pictures:
//! printed per site-like sample (`cargo test -p imagery --test photo_stats -- --nocapture`),
//! and held to move towards real photos.

use imagery::{
    Animal, Backdrop, LandscapeSpec, MemeSpec, NamedColor, ObjectKind, PhotoStats, Picture,
    TimeOfDay, Weather, render_photo_png, render_picture_png, sample_spec,
};

/// Pictures like one site's, with the size it serves them at.
fn samples() -> Vec<(&'static str, Vec<Picture>, (u32, u32))> {
    let classifieds = (0..24)
        .map(|i| {
            let mut spec = sample_spec(i * 7 + 1);
            spec.backdrop = Backdrop::at(1 + i % 2);
            Picture::Product(spec)
        })
        .collect();
    let shopping = (0..24)
        .map(|i| {
            let mut spec = sample_spec(i * 5 + 2);
            spec.backdrop = Backdrop::Studio;
            Picture::Product(spec)
        })
        .collect();
    let forum = (0..24)
        .map(|i| {
            if i % 2 == 0 {
                Picture::Landscape(LandscapeSpec {
                    time: TimeOfDay::ALL[i / 2 % 4],
                    weather: Weather::ALL[i / 8 % 4],
                    animal: Animal::ALL[i % 6],
                    count: (i % 3 + 1) as u8,
                    variation: i as u64,
                })
            } else {
                Picture::Meme(MemeSpec {
                    top: "WHEN THE".into(),
                    bottom: format!("ITEM {i} ARRIVES"),
                    subject: ObjectKind::ALL[i % ObjectKind::ALL.len()],
                    colour: NamedColor::ALL[i % NamedColor::ALL.len()],
                    backdrop: Backdrop::at(i),
                    variation: i as u64,
                })
            }
        })
        .collect();
    vec![
        ("classifieds", classifieds, (640, 480)),
        ("shopping", shopping, (600, 600)),
        ("forum", forum, (640, 480)),
    ]
}

#[test]
fn developed_pictures_measure_closer_to_photos_than_drawings() {
    println!(
        "issue #50 statistics at 256 px, medians (real photos: flat 0.30-0.36, high-pass 0.85-1.27, colours 1270-1560, JPEG 1.70-2.12 bpp)"
    );
    for (site, pictures, (w, h)) in samples() {
        let measure = |render: fn(&Picture, u32, u32) -> Result<Vec<u8>, imagery::ImageryError>| {
            let stats: Vec<PhotoStats> = pictures
                .iter()
                .map(|p| PhotoStats::of_png(&render(p, w, h).expect("renders")).expect("decodes"))
                .collect();
            PhotoStats::median(&stats).expect("samples")
        };
        let drawing = measure(render_picture_png);
        let start = std::time::Instant::now();
        let photo = measure(render_photo_png);
        let each = start.elapsed().as_secs_f64() * 1000.0 / pictures.len() as f64;
        println!("  {site:12} drawing  {drawing}");
        println!("  {site:12} camera   {photo}  ({each:.0} ms each with measuring, this build)");
        assert!(photo.flat < drawing.flat, "{site}: {photo} vs {drawing}");
        assert!(
            photo.texture > drawing.texture,
            "{site}: {photo} vs {drawing}"
        );
        assert!(
            photo.colours > drawing.colours,
            "{site}: {photo} vs {drawing}"
        );
        // JPEG size is printed, not held: a catalogue shot on a white sweep stays small.
    }
}

#[test]
fn developing_is_deterministic() {
    for (_, pictures, (w, h)) in samples() {
        for picture in pictures.iter().take(3) {
            assert_eq!(
                render_photo_png(picture, w, h).expect("renders"),
                render_photo_png(picture, w, h).expect("renders")
            );
        }
    }
}

/// Writes a few drawings and their developed photos to `$PHOTO_OUT` to look at.
#[test]
fn write_samples_to_look_at() {
    let Ok(out) = std::env::var("PHOTO_OUT") else {
        return;
    };
    for (site, pictures, (w, h)) in samples() {
        for (i, picture) in pictures.iter().enumerate().take(4) {
            let drawing = render_picture_png(picture, w, h).expect("renders");
            let photo = render_photo_png(picture, w, h).expect("renders");
            std::fs::write(format!("{out}/{site}-{i}-drawing.png"), drawing).expect("writes");
            std::fs::write(format!("{out}/{site}-{i}-photo.png"), photo).expect("writes");
        }
    }
}

/// Times the developed photos at the two budget sizes (meaningful in release:
/// `cargo test --release -p imagery --test photo_stats timing -- --nocapture`).
#[test]
fn timing_of_developed_photos() {
    for (w, h) in [(256, 192), (1000, 750)] {
        let mut drawing = Vec::new();
        let mut photo = Vec::new();
        for i in 0..20 {
            let picture = Picture::Product(sample_spec(i * 11 + 3));
            let start = std::time::Instant::now();
            render_picture_png(&picture, w, h).expect("renders");
            drawing.push(start.elapsed().as_secs_f64() * 1000.0);
            let start = std::time::Instant::now();
            render_photo_png(&picture, w, h).expect("renders");
            photo.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let p95 = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() * 95 / 100]
        };
        println!(
            "  {w}x{h}: drawing p95 {:.1} ms, camera-developed photo p95 {:.1} ms",
            p95(drawing),
            p95(photo)
        );
    }
}
