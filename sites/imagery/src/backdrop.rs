//! The setting behind the objects: a studio sweep, a room, or outdoors.
//!
//! Large smooth areas (gradients, the spotlight, the lens vignette) are computed
//! per pixel in one pass each: tiny-skia's general gradient pipeline cost over
//! 4 ms per 400×300 backdrop, the direct pass well under one. Details (hills,
//! planks) are ordinary anti-aliased paths.

use tiny_skia::{Color, FillRule, Paint, Path, Pixmap, Shader, Stroke, Transform};

use super::painter::Rgb;
use super::shapes;
use crate::spec::Backdrop;

/// A horizontal band of the backdrop: a vertical gradient from `top` to `bottom`
/// (pixels), optionally brightened by the spotlight.
struct Band<'a> {
    bottom: f32,
    top: f32,
    stops: &'a [(f32, Rgb)],
    lit: bool,
}

/// A soft round light: `rgb` blended in by up to `alpha` at the centre, fading
/// linearly to nothing at radius `r`.
struct Spot {
    cx: f32,
    cy: f32,
    r: f32,
    rgb: Rgb,
    alpha: f32,
}

impl Backdrop {
    /// Where objects stand, as a fraction of the image height from the top.
    pub(crate) fn floor(self) -> f32 {
        match self {
            Backdrop::Studio => 0.86,
            Backdrop::Room | Backdrop::Outdoors => 0.88,
        }
    }

    /// Paints the backdrop over the whole pixmap; `light` (-1..1) moves the spotlight.
    pub(crate) fn paint(self, pixmap: &mut Pixmap, light: f32) {
        let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
        let floor = h * self.floor();
        match self {
            Backdrop::Studio => {
                let stops = [
                    (0.0, [214, 216, 220]),
                    (0.62, [236, 237, 239]),
                    (1.0, [206, 207, 210]),
                ];
                let spot = Spot {
                    cx: w * (0.5 + 0.15 * light),
                    cy: h * 0.55,
                    r: w.max(h) * 0.55,
                    rgb: [255; 3],
                    alpha: 0.35,
                };
                wash(
                    pixmap,
                    &[Band {
                        top: 0.0,
                        bottom: h,
                        stops: &stops,
                        lit: true,
                    }],
                    &spot,
                );
            }
            Backdrop::Room => {
                let skirting = floor - h * 0.16;
                let board = skirting + h * 0.025;
                let wall = [(0.0, [214, 204, 186]), (1.0, [232, 224, 208])];
                let trim = [(0.0, [246, 244, 238]), (1.0, [236, 234, 228])];
                let planks = [(0.0, [178, 166, 150]), (1.0, [150, 138, 124])];
                let spot = Spot {
                    cx: w * (0.5 + 0.25 * light),
                    cy: h * 0.3,
                    r: w.max(h) * 0.5,
                    rgb: [255, 250, 238],
                    alpha: 0.35,
                };
                let bands = [
                    Band {
                        top: 0.0,
                        bottom: skirting,
                        stops: &wall,
                        lit: true,
                    },
                    Band {
                        top: skirting,
                        bottom: board,
                        stops: &trim,
                        lit: false,
                    },
                    Band {
                        top: board,
                        bottom: h,
                        stops: &planks,
                        lit: false,
                    },
                ];
                wash(pixmap, &bands, &spot);
                // Plank joints converge toward a vanishing point above the centre.
                let vanish = (w * 0.5, board - h * 0.9);
                for i in -8..=8 {
                    let x = w * 0.5 + i as f32 * w * 0.16;
                    let x_at_board =
                        vanish.0 + (x - vanish.0) * ((board - vanish.1) / (h - vanish.1));
                    stroke(
                        pixmap,
                        shapes::line(x_at_board, board, x, h),
                        [120, 108, 96],
                        0.35,
                    );
                }
            }
            Backdrop::Outdoors => {
                let horizon = floor - h * 0.2;
                let sky = [(0.0, [150, 186, 222]), (1.0, [214, 228, 238])];
                let paving = [(0.0, [196, 192, 182]), (1.0, [168, 164, 156])];
                let sun = Spot {
                    cx: w * (0.5 + 0.4 * light),
                    cy: h * 0.05,
                    r: w * 0.35,
                    rgb: [255, 252, 236],
                    alpha: 0.5,
                };
                let bands = [
                    Band {
                        top: 0.0,
                        bottom: horizon,
                        stops: &sky,
                        lit: true,
                    },
                    Band {
                        top: horizon,
                        bottom: h,
                        stops: &paving,
                        lit: false,
                    },
                ];
                wash(pixmap, &bands, &sun);
                let hills = shapes::smooth(&[
                    (-w * 0.1, horizon + 2.0),
                    (w * 0.15, horizon - h * 0.1),
                    (w * 0.4, horizon - h * 0.05),
                    (w * 0.7, horizon - h * 0.13),
                    (w * 1.1, horizon - h * 0.03),
                    (w * 1.1, horizon + 4.0),
                ]);
                if let Some(hills) = hills {
                    let paint = solid([150, 168, 158], 1.0);
                    pixmap.fill_path(
                        &hills,
                        &paint,
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
                // Repaint the paving's top edge over the hills' foot.
                stroke(
                    pixmap,
                    shapes::line(0.0, horizon + 1.0, w, horizon + 1.0),
                    [196, 192, 182],
                    1.0,
                );
                stroke(
                    pixmap,
                    shapes::line(0.0, horizon, w, horizon),
                    [140, 138, 130],
                    0.6,
                );
            }
        }
        vignette(pixmap);
    }
}

fn solid(rgb: Rgb, alpha: f32) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(Color::from_rgba8(
            rgb[0],
            rgb[1],
            rgb[2],
            (alpha * 255.0).round() as u8,
        )),
        anti_alias: true,
        ..Paint::default()
    }
}

/// The gradient colour at `t` (0..1) through `stops` (sorted by position).
fn gradient_at(stops: &[(f32, Rgb)], t: f32) -> [f32; 3] {
    let as_f = |rgb: Rgb| rgb.map(f32::from);
    let Some(&(first_pos, first)) = stops.first() else {
        return [0.0; 3];
    };
    if t <= first_pos {
        return as_f(first);
    }
    for pair in stops.windows(2) {
        let ((p0, c0), (p1, c1)) = (pair[0], pair[1]);
        if t <= p1 {
            let k = ((t - p0) / (p1 - p0).max(f32::EPSILON)).clamp(0.0, 1.0);
            let (c0, c1) = (as_f(c0), as_f(c1));
            return [0, 1, 2].map(|i| c0[i] + (c1[i] - c0[i]) * k);
        }
    }
    stops.last().map_or(as_f(first), |&(_, c)| as_f(c))
}

/// A colour channel from a non-negative float, rounded to nearest. (Adding 0.5
/// and truncating is much faster than `f32::round`, which is a libm call on
/// baseline x86-64, and this runs for every pixel.)
fn channel(v: f32) -> u8 {
    (v + 0.5) as u8
}

/// The columns of row `dy` (distance from the centre's row) within `radius` of
/// a centre at column `cx`, clamped to `0..width`.
fn span(cx: f32, dy: f32, radius: f32, width: usize) -> std::ops::Range<usize> {
    let half = (radius * radius - dy * dy).max(0.0).sqrt();
    let start = (cx - half - 0.5).floor().clamp(0.0, width as f32) as usize;
    let end = (cx + half + 0.5).ceil().clamp(0.0, width as f32) as usize;
    start..end.max(start)
}

/// Fills every pixel from the band covering its row, adding the spotlight in lit
/// bands.
fn wash(pixmap: &mut Pixmap, bands: &[Band<'_>], spot: &Spot) {
    let width = pixmap.width() as usize;
    let inv_r = 1.0 / spot.r.max(f32::EPSILON);
    let light = spot.rgb.map(f32::from);
    for (y, row) in pixmap.data_mut().chunks_exact_mut(width * 4).enumerate() {
        let yc = y as f32 + 0.5;
        let Some(band) = bands.iter().find(|b| yc < b.bottom).or(bands.last()) else {
            return;
        };
        let t = (yc - band.top) / (band.bottom - band.top).max(f32::EPSILON);
        let base = gradient_at(band.stops, t);
        let flat = [channel(base[0]), channel(base[1]), channel(base[2]), 255];
        for px in row.chunks_exact_mut(4) {
            px.copy_from_slice(&flat);
        }
        if !band.lit {
            continue;
        }
        let dy = yc - spot.cy;
        for x in span(spot.cx, dy, spot.r, width) {
            let dx = x as f32 + 0.5 - spot.cx;
            let a = spot.alpha * (1.0 - (dx * dx + dy * dy).sqrt() * inv_r);
            if a > 0.0 {
                let px = &mut row[x * 4..x * 4 + 3];
                for (c, (b, l)) in px.iter_mut().zip(base.iter().zip(light.iter())) {
                    *c = channel(b + (l - b) * a);
                }
            }
        }
    }
}

/// Darkens the corners a little, as a camera lens does.
fn vignette(pixmap: &mut Pixmap) {
    let (width, height) = (pixmap.width() as usize, pixmap.height() as f32);
    let (cx, cy) = (width as f32 / 2.0, height * 0.45);
    let reach = ((width as f32).powi(2) + height * height).sqrt() * 0.62;
    let clear = reach * 0.55;
    for (y, row) in pixmap.data_mut().chunks_exact_mut(width * 4).enumerate() {
        let dy = y as f32 + 0.5 - cy;
        // Pixels nearer the centre than `clear` keep their colour; only the
        // spans either side need the falloff.
        let untouched = span(cx, dy, clear, width);
        for x in (0..untouched.start).chain(untouched.end..width) {
            let dx = x as f32 + 0.5 - cx;
            let d = (dx * dx + dy * dy).sqrt() / reach;
            let keep = 1.0 - 0.2 * ((d - 0.55) / 0.45).clamp(0.0, 1.0);
            for c in &mut row[x * 4..x * 4 + 3] {
                *c = channel(f32::from(*c) * keep);
            }
        }
    }
}

fn stroke(pixmap: &mut Pixmap, path: Option<Path>, rgb: Rgb, alpha: f32) {
    if let Some(path) = path {
        let stroke = Stroke {
            width: 1.0,
            ..Stroke::default()
        };
        pixmap.stroke_path(
            &path,
            &solid(rgb, alpha),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradients_interpolate_between_stops_and_clamp_at_the_ends() {
        let stops = [
            (0.0, [0, 0, 0]),
            (0.5, [100, 200, 50]),
            (1.0, [200, 200, 250]),
        ];
        assert_eq!(gradient_at(&stops, -1.0), [0.0; 3]);
        assert_eq!(gradient_at(&stops, 0.25), [50.0, 100.0, 25.0]);
        assert_eq!(gradient_at(&stops, 0.75), [150.0, 200.0, 150.0]);
        assert_eq!(gradient_at(&stops, 2.0), [200.0, 200.0, 250.0]);
    }

    #[test]
    fn every_backdrop_is_opaque_and_lit_where_the_light_falls() {
        for backdrop in [Backdrop::Studio, Backdrop::Room, Backdrop::Outdoors] {
            let mut left = Pixmap::new(200, 150).expect("valid size");
            let mut right = Pixmap::new(200, 150).expect("valid size");
            backdrop.paint(&mut left, -1.0);
            backdrop.paint(&mut right, 1.0);
            assert!(
                left.pixels().iter().all(|p| p.alpha() == 255),
                "{backdrop:?}"
            );
            // The spotlight follows the light: the left half is brighter when lit from the left.
            let brightness = |p: &Pixmap, x0: u32| -> u32 {
                (0..60)
                    .flat_map(|y| (x0..x0 + 60).map(move |x| (x, y)))
                    .filter_map(|(x, y)| p.pixel(x, y))
                    .map(|c| u32::from(c.red()) + u32::from(c.green()) + u32::from(c.blue()))
                    .sum()
            };
            assert!(
                brightness(&left, 20) > brightness(&right, 20),
                "{backdrop:?}"
            );
            assert!(
                brightness(&right, 120) > brightness(&left, 120),
                "{backdrop:?}"
            );
        }
    }
}
