//! For seed tests: does a rendered photo show every visual fact its
//! spec (and so the ground-truth dump) reports? Each fact is checked on pixels: the photo
//! is rendered with and without the fact, and the pixels that change must be there, in the
//! fact's colour.

use super::scene;
use super::spec::{ImageSpec, NamedColor, Pattern};

/// The size photos are checked at.
const SIZE: (u32, u32) = (240, 180);

/// The named colour a person would call this pixel: the nearest base colour.
pub fn nearest(pixel: [u8; 3]) -> NamedColor {
    let distance = |colour: &NamedColor| {
        colour
            .rgb()
            .iter()
            .zip(pixel)
            .map(|(a, b)| (i32::from(*a) - i32::from(b)).pow(2))
            .sum::<i32>()
    };
    NamedColor::ALL
        .into_iter()
        .min_by_key(distance)
        .unwrap_or(NamedColor::Gray)
}

/// The named colour most of `pixels` are nearest to, leaving out the colours in
/// `everywhere` (tyres, screens, steel: on every object of a kind) unless one is `primary`.
pub fn dominant(
    pixels: impl IntoIterator<Item = [u8; 3]>,
    primary: NamedColor,
    everywhere: &[NamedColor],
) -> Option<NamedColor> {
    let mut votes = [0usize; NamedColor::ALL.len()];
    for name in pixels.into_iter().map(nearest) {
        if name == primary || !everywhere.contains(&name) {
            votes[NamedColor::ALL.iter().position(|&c| c == name).unwrap_or(0)] += 1;
        }
    }
    (0..votes.len())
        .max_by_key(|&i| votes[i])
        .map(|i| NamedColor::ALL[i])
}

fn render(spec: &ImageSpec) -> Result<tiny_skia::Pixmap, String> {
    scene::render(spec, SIZE.0, SIZE.1).map_err(|error| error.to_string())
}

/// What `spec` paints in one of its colours: the pixels that turn `swap` when `swapped`
/// (the same spec with that colour replaced by `swap`) is drawn instead. Edge pixels, which
/// blend into the backdrop, are left out: they turn no clear colour.
pub struct Painted {
    /// The pixels' share of the photo.
    pub area: f64,
    /// The share of the photo whose pixels are each clearly `colour` (nearest to it).
    pub clear: f64,
    /// The colour a person would call them together: the nearest named colour to their
    /// mean (shading makes single pixels of a red body brown or pink; together they are red).
    pub reads_as: Option<NamedColor>,
}

/// Where `spec` paints `colour`, found by swapping it for `swap` in `swapped`.
pub fn painted(
    spec: &ImageSpec,
    swapped: &ImageSpec,
    colour: NamedColor,
    swap: NamedColor,
) -> Result<Painted, String> {
    let (photo, changed) = (render(spec)?, render(swapped)?);
    let pixels: Vec<[u8; 3]> = photo
        .pixels()
        .iter()
        .zip(changed.pixels())
        .filter(|(a, b)| a != b && nearest([b.red(), b.green(), b.blue()]) == swap)
        .map(|(a, _)| [a.red(), a.green(), a.blue()])
        .collect();
    let count = pixels.len();
    let total = f64::from(SIZE.0 * SIZE.1);
    let reads_as = (count > 0).then(|| {
        let mut sum = [0u64; 3];
        for pixel in &pixels {
            for (total, value) in sum.iter_mut().zip(pixel) {
                *total += u64::from(*value);
            }
        }
        nearest(sum.map(|total| (total / count as u64) as u8))
    });
    let clear = pixels
        .iter()
        .filter(|&&pixel| nearest(pixel) == colour)
        .count();
    Ok(Painted {
        area: count as f64 / total,
        clear: clear as f64 / total,
        reads_as,
    })
}

/// A colour far from both of these, to swap one of them for.
fn far_from(a: NamedColor, b: Option<NamedColor>) -> NamedColor {
    [NamedColor::Green, NamedColor::Red, NamedColor::Blue]
        .into_iter()
        .find(|&swap| swap.stands_out_on(a) && b.is_none_or(|b| swap.stands_out_on(b)))
        .unwrap_or(NamedColor::Yellow)
}

/// How many separate objects the photo shows (columns of opaque object pixels, side by
/// side).
pub fn objects_drawn(spec: &ImageSpec) -> Result<usize, String> {
    let mut pixmap =
        tiny_skia::Pixmap::new(SIZE.0, SIZE.1).ok_or_else(|| "no canvas".to_owned())?;
    let layout = scene::layout(spec, SIZE.0, SIZE.1);
    for place in &layout.placements {
        scene::draw_object(&mut pixmap, spec, place, layout.finish)
            .map_err(|error| error.to_string())?;
    }
    Ok(super::opaque_column_runs(&pixmap))
}

/// Every visual fact of `spec` the photo does not show, in words (empty when it shows them
/// all): the primary colour over a good part of the photo, the second colour where there is
/// one, a pattern that stands out from the body, and the number of objects.
pub fn unseen_facts(spec: &ImageSpec) -> Result<Vec<String>, String> {
    let mut unseen = Vec::new();
    let swap = far_from(spec.primary, spec.secondary);
    let swapped = ImageSpec {
        primary: swap,
        ..spec.clone()
    };
    // The body reads as its colour and covers at least 1 % of the photo.
    let body = painted(spec, &swapped, spec.primary, swap)?;
    if body.area < 0.01 || body.reads_as != Some(spec.primary) {
        unseen.push(format!(
            "{:?} paints {:.3} of the photo, which reads as {:?}",
            spec.primary, body.area, body.reads_as
        ));
    }
    if let Some(secondary) = spec.secondary {
        let swap = far_from(secondary, Some(spec.primary));
        let swapped = ImageSpec {
            secondary: Some(swap),
            ..spec.clone()
        };
        // At least 0.2 % of the photo (86 pixels at 240×180) is clearly the second colour.
        let accent = painted(spec, &swapped, secondary, swap)?;
        if accent.clear < 0.002 {
            unseen.push(format!(
                "second colour {secondary:?} is clear in {:.4} of the photo (reads as {:?})",
                accent.clear, accent.reads_as
            ));
        }
    }
    if spec.pattern != Pattern::Solid {
        match spec.secondary {
            Some(secondary) if secondary.stands_out_on(spec.primary) => {
                let solid = ImageSpec {
                    pattern: Pattern::Solid,
                    ..spec.clone()
                };
                let area = painted(spec, &solid, secondary, spec.primary)?.area;
                if area < 0.004 {
                    unseen.push(format!(
                        "the {:?} pattern changes only {area:.4} of the photo",
                        spec.pattern
                    ));
                }
            }
            other => unseen.push(format!(
                "the {:?} pattern is in {other:?}, which does not stand out on {:?}",
                spec.pattern, spec.primary
            )),
        }
    }
    let drawn = objects_drawn(spec)?;
    if drawn != usize::from(spec.count) {
        unseen.push(format!("{} objects drawn, {} reported", drawn, spec.count));
    }
    Ok(unseen)
}
