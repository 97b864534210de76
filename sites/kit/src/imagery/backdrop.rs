//! The setting behind the objects: a studio sweep, a room, or outdoors.

use tiny_skia::{
    Color, FillRule, GradientStop, LinearGradient, Paint, Pixmap, Point, RadialGradient, Shader,
    SpreadMode, Transform,
};

use super::painter::Rgb;
use super::shapes;

/// Which setting a photo is taken in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backdrop {
    /// A seamless light-grey paper sweep with a soft spotlight.
    Studio,
    /// A painted wall, skirting board and plank floor.
    Room,
    /// Sky, distant hills and paving.
    Outdoors,
}

impl Backdrop {
    /// The backdrop a spec's `background` number selects (taken modulo the count).
    pub(crate) fn from_index(index: u8) -> Self {
        match index % 3 {
            0 => Backdrop::Studio,
            1 => Backdrop::Room,
            _ => Backdrop::Outdoors,
        }
    }

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
                vertical(
                    pixmap,
                    0.0,
                    h,
                    &[
                        (0.0, [214, 216, 220]),
                        (0.62, [236, 237, 239]),
                        (1.0, [206, 207, 210]),
                    ],
                );
                spot(
                    pixmap,
                    w * (0.5 + 0.15 * light),
                    h * 0.55,
                    w.max(h) * 0.55,
                    [255, 255, 255],
                    0.35,
                );
            }
            Backdrop::Room => {
                let skirting = floor - h * 0.16;
                vertical(
                    pixmap,
                    0.0,
                    skirting,
                    &[(0.0, [214, 204, 186]), (1.0, [232, 224, 208])],
                );
                spot(
                    pixmap,
                    w * (0.5 + 0.25 * light),
                    h * 0.3,
                    w.max(h) * 0.5,
                    [255, 250, 238],
                    0.35,
                );
                fill(
                    pixmap,
                    shapes::rect(0.0, skirting, w, h * 0.025),
                    [246, 244, 238],
                    1.0,
                );
                let board = skirting + h * 0.025;
                vertical(
                    pixmap,
                    board,
                    h,
                    &[(0.0, [178, 166, 150]), (1.0, [150, 138, 124])],
                );
                // Floor planks converge toward a vanishing point above the image centre.
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
                        1.0,
                    );
                }
            }
            Backdrop::Outdoors => {
                let horizon = floor - h * 0.2;
                vertical(
                    pixmap,
                    0.0,
                    horizon,
                    &[(0.0, [150, 186, 222]), (1.0, [214, 228, 238])],
                );
                spot(
                    pixmap,
                    w * (0.5 + 0.4 * light),
                    h * 0.05,
                    w * 0.35,
                    [255, 252, 236],
                    0.5,
                );
                let hills = shapes::smooth(&[
                    (-w * 0.1, horizon + 2.0),
                    (w * 0.15, horizon - h * 0.1),
                    (w * 0.4, horizon - h * 0.05),
                    (w * 0.7, horizon - h * 0.13),
                    (w * 1.1, horizon - h * 0.03),
                    (w * 1.1, horizon + 4.0),
                ]);
                fill(pixmap, hills, [150, 168, 158], 1.0);
                vertical(
                    pixmap,
                    horizon,
                    h,
                    &[(0.0, [196, 192, 182]), (1.0, [168, 164, 156])],
                );
                stroke(
                    pixmap,
                    shapes::line(0.0, horizon, w, horizon),
                    [140, 138, 130],
                    0.6,
                    1.0,
                );
            }
        }
    }
}

fn paint_of(shader: Shader<'_>) -> Paint<'_> {
    Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    }
}

fn rgba(rgb: Rgb, alpha: f32) -> Color {
    Color::from_rgba8(rgb[0], rgb[1], rgb[2], (alpha * 255.0).round() as u8)
}

/// Fills the band `top..bottom` with a vertical gradient through `stops`.
fn vertical(pixmap: &mut Pixmap, top: f32, bottom: f32, stops: &[(f32, Rgb)]) {
    let w = pixmap.width() as f32;
    let stops = stops
        .iter()
        .map(|&(pos, rgb)| GradientStop::new(pos, rgba(rgb, 1.0)))
        .collect();
    let shader = LinearGradient::new(
        Point::from_xy(0.0, top),
        Point::from_xy(0.0, bottom.max(top + 1.0)),
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    );
    if let (Some(shader), Some(path)) = (shader, shapes::rect(0.0, top, w, bottom - top)) {
        pixmap.fill_path(
            &path,
            &paint_of(shader),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// A soft round light falling on the backdrop.
fn spot(pixmap: &mut Pixmap, cx: f32, cy: f32, r: f32, rgb: Rgb, alpha: f32) {
    let shader = RadialGradient::new(
        Point::from_xy(cx, cy),
        Point::from_xy(cx, cy),
        r,
        vec![
            GradientStop::new(0.0, rgba(rgb, alpha)),
            GradientStop::new(1.0, rgba(rgb, 0.0)),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    );
    if let (Some(shader), Some(path)) = (shader, shapes::circle(cx, cy, r)) {
        pixmap.fill_path(
            &path,
            &paint_of(shader),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn fill(pixmap: &mut Pixmap, path: Option<tiny_skia::Path>, rgb: Rgb, alpha: f32) {
    if let Some(path) = path {
        let paint = paint_of(Shader::SolidColor(rgba(rgb, alpha)));
        pixmap.fill_path(
            &path,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn stroke(pixmap: &mut Pixmap, path: Option<tiny_skia::Path>, rgb: Rgb, alpha: f32, width: f32) {
    if let Some(path) = path {
        let paint = paint_of(Shader::SolidColor(rgba(rgb, alpha)));
        let stroke = tiny_skia::Stroke {
            width,
            ..tiny_skia::Stroke::default()
        };
        pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
    }
}
