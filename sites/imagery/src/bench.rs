//! The benchmark set of `agora bench imagery`: varied specs that time every code path.

use super::spec::{Backdrop, ImageSpec, NamedColor, ObjectKind, Pattern};

/// Width of benchmark renders.
pub const BENCH_WIDTH: u32 = 400;
/// Height of benchmark renders.
pub const BENCH_HEIGHT: u32 = 300;

/// The `i`-th spec of the benchmark set: cycles kinds, models, colours, patterns,
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
        model: kinds[i % kinds.len()].model_at(i / kinds.len() % 3),
        primary: colors[i % colors.len()],
        secondary: Some(colors[(i * 5 + 3) % colors.len()]),
        count: (i % 4 + 1) as u8,
        pattern: patterns[i / 7 % patterns.len()],
        text: i.is_multiple_of(3).then(|| format!("SALE {i}")),
        backdrop: Backdrop::at(i % 3),
        variation: i as u64,
    }
}

/// Pictures like one site's for the photo statistics: the site's name, its pictures (the
/// `n` first of a fixed sequence) and the size it serves them at.
pub fn site_samples(n: usize) -> Vec<(&'static str, Vec<crate::Picture>, (u32, u32))> {
    use crate::{Animal, LandscapeSpec, MemeSpec, Picture, TimeOfDay, Weather};
    let classifieds = (0..n)
        .map(|i| {
            let mut spec = sample_spec(i * 7 + 1);
            spec.backdrop = Backdrop::at(1 + i % 2);
            Picture::Product(spec)
        })
        .collect();
    let shopping = (0..n)
        .map(|i| {
            let mut spec = sample_spec(i * 5 + 2);
            spec.backdrop = Backdrop::Studio;
            Picture::Product(spec)
        })
        .collect();
    let forum = (0..n)
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

/// One site-like sample's issue #50 statistics (medians at 256 px): the drawings the sites
/// serve, and the same pictures through the photographic renderer.
#[derive(Debug, Clone, Copy)]
pub struct SiteStatistics {
    /// The site the sample is like.
    pub site: &'static str,
    /// The drawings' medians.
    pub drawing: crate::PhotoStats,
    /// The photographic renderer's medians.
    pub photo: crate::PhotoStats,
}

/// The statistics of `n` pictures per site-like sample, drawings against photos.
pub fn site_statistics(n: usize) -> Result<Vec<SiteStatistics>, crate::ImageryError> {
    let mut out = Vec::new();
    for (site, pictures, (w, h)) in site_samples(n) {
        let mut drawing = Vec::new();
        let mut photo = Vec::new();
        for picture in &pictures {
            let png = crate::render_picture_png(picture, w, h)?;
            drawing.extend(crate::PhotoStats::of_png(&png));
            let png = crate::render_photo_png(picture, w, h)?;
            photo.extend(crate::PhotoStats::of_png(&png));
        }
        if let (Some(drawing), Some(photo)) = (
            crate::PhotoStats::median(&drawing),
            crate::PhotoStats::median(&photo),
        ) {
            out.push(SiteStatistics {
                site,
                drawing,
                photo,
            });
        }
    }
    Ok(out)
}

/// Product specs drawn with form (the 3D path), for timing it on its own.
pub fn solid_sample_spec(i: usize) -> ImageSpec {
    let models: Vec<crate::Model> = ObjectKind::ALL
        .iter()
        .flat_map(|kind| kind.models().iter().copied())
        .filter(|&m| crate::solid::mesh_for(m).is_some())
        .collect();
    ImageSpec {
        model: models[i * 7 % models.len()],
        ..sample_spec(i)
    }
}
