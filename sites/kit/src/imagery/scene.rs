//! Composes a photo: backdrop, floor shadows, the objects side by side, and a sign
//! carrying the printed text.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tiny_skia::{
    Color, FillRule, GradientStop, Paint, Pixmap, Point, RadialGradient, Shader, SpreadMode,
    Transform,
};

use super::backdrop::Backdrop;
use super::error::{ImageryError, MAX_SIDE, MIN_SIDE};
use super::font;
use super::objects;
use super::painter::{Finish, Painter, Rgb};
use super::shapes;
use super::spec::ImageSpec;

/// Where one object was placed, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Placement {
    /// Maps the object's local frame to pixels.
    pub frame: Transform,
    /// Left edge of the object's frame.
    pub left: f32,
    /// Right edge of the object's frame.
    pub right: f32,
    /// Top edge of the object's frame.
    pub top: f32,
    /// Where the object stands.
    pub floor: f32,
}

/// Checks a requested size and the spec's count before any drawing.
pub(crate) fn validate(spec: &ImageSpec, width: u32, height: u32) -> Result<(), ImageryError> {
    let side = MIN_SIDE..=MAX_SIDE;
    if !side.contains(&width) || !side.contains(&height) {
        return Err(ImageryError::SizeOutOfRange { width, height });
    }
    if !(1..=4).contains(&spec.count) {
        return Err(ImageryError::CountOutOfRange { count: spec.count });
    }
    Ok(())
}

/// The accent colour: the spec's secondary, else white or charcoal, whichever
/// contrasts with the primary.
fn secondary(spec: &ImageSpec) -> Rgb {
    match spec.secondary {
        Some(c) => c.rgb(),
        None => {
            let [r, g, b] = spec.primary.rgb();
            if u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b) > 1500 {
                [58, 58, 62]
            } else {
                [242, 242, 238]
            }
        }
    }
}

/// Everything decided from the spec and its variation seed before painting.
pub(crate) struct Layout {
    /// The setting.
    pub backdrop: Backdrop,
    /// Colours, pattern and light for every object.
    pub finish: Finish,
    /// One placement per object, left to right.
    pub placements: Vec<Placement>,
}

/// Decides the backdrop, lighting and object placements for a photo.
pub(crate) fn layout(spec: &ImageSpec, width: u32, height: u32) -> Layout {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.variation);
    let (w, h) = (width as f32, height as f32);
    let backdrop = Backdrop::from_index(spec.background);
    let finish = Finish {
        primary: spec.primary.rgb(),
        secondary: secondary(spec),
        pattern: spec.pattern,
        light: rng.random_range(-1.0f32..1.0),
    };
    let floor = h * backdrop.floor();
    let top = if spec.text.is_some() {
        h * 0.25
    } else {
        h * 0.08
    };
    let n = f32::from(spec.count.clamp(1, 4));
    let slot = w * 0.94 / n;
    let (fw, fh) = objects::size(spec.kind);
    let base_scale = (slot * 0.84 / fw).min((floor - top) / fh);
    let placements = (0..spec.count.clamp(1, 4))
        .map(|i| {
            let scale = base_scale * rng.random_range(0.93f32..1.0);
            let centre =
                w * 0.03 + slot * (f32::from(i) + 0.5) + slot * rng.random_range(-0.03f32..0.03);
            let stand = floor + h * rng.random_range(0.0f32..0.012);
            let left = centre - fw * scale / 2.0;
            let top = stand - fh * scale;
            Placement {
                frame: Transform::from_row(scale, 0.0, 0.0, scale, left, top),
                left,
                right: left + fw * scale,
                top,
                floor: stand,
            }
        })
        .collect();
    Layout {
        backdrop,
        finish,
        placements,
    }
}

/// Renders the photo a spec describes.
pub(crate) fn render(spec: &ImageSpec, width: u32, height: u32) -> Result<Pixmap, ImageryError> {
    validate(spec, width, height)?;
    let mut pixmap =
        Pixmap::new(width, height).ok_or(ImageryError::SizeOutOfRange { width, height })?;
    let layout = layout(spec, width, height);
    layout.backdrop.paint(&mut pixmap, layout.finish.light);
    for place in &layout.placements {
        floor_shadow(&mut pixmap, place, layout.finish.light);
    }
    for place in &layout.placements {
        draw_object(&mut pixmap, spec, place, layout.finish);
    }
    if let Some(text) = spec.text.as_deref().filter(|t| !t.trim().is_empty()) {
        sign(&mut pixmap, text)?;
    }
    Ok(pixmap)
}

/// Draws one object through its placement (no backdrop, no shadow).
pub(crate) fn draw_object(
    pixmap: &mut Pixmap,
    spec: &ImageSpec,
    place: &Placement,
    finish: Finish,
) {
    let (fw, fh) = objects::size(spec.kind);
    let mut painter = Painter::new(pixmap, place.frame, finish, fw.min(fh) / 7.0);
    objects::draw(spec.kind, spec.template, &mut painter);
}

/// A soft contact shadow on the floor, pushed away from the light.
fn floor_shadow(pixmap: &mut Pixmap, place: &Placement, light: f32) {
    let width = place.right - place.left;
    let cx = (place.left + place.right) / 2.0 - light * width * 0.04;
    for (rx, ry, alpha) in [
        (width * 0.58, width * 0.07, 0.28),
        (width * 0.46, width * 0.03, 0.32),
    ] {
        let shader = RadialGradient::new(
            Point::from_xy(0.0, 0.0),
            Point::from_xy(0.0, 0.0),
            rx,
            vec![
                GradientStop::new(0.0, Color::from_rgba8(0, 0, 0, (alpha * 255.0) as u8)),
                GradientStop::new(1.0, Color::from_rgba8(0, 0, 0, 0)),
            ],
            SpreadMode::Pad,
            Transform::from_row(1.0, 0.0, 0.0, ry / rx, cx, place.floor),
        );
        if let (Some(shader), Some(path)) = (shader, shapes::ellipse(cx, place.floor, rx, ry)) {
            let paint = Paint {
                shader,
                anti_alias: true,
                ..Paint::default()
            };
            pixmap.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
}

/// The band the sign occupies: top and height as fractions of the image height.
pub(crate) const SIGN_BAND: (f32, f32) = (0.04, 0.16);

/// A white card across the top carrying `text` in large dark letters.
fn sign(pixmap: &mut Pixmap, text: &str) -> Result<(), ImageryError> {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let (band_top, band_h) = (h * SIGN_BAND.0, h * SIGN_BAND.1);
    let mut size = band_h * 0.62;
    let mut laid = font::outline(text, size)?;
    let max_text = w * 0.86 - band_h * 0.6;
    if laid.width > max_text {
        size *= max_text / laid.width;
        laid = font::outline(text, size)?;
    }
    let Some(glyphs) = laid.path else {
        return Ok(());
    };
    let card_w = laid.width + band_h * 0.6;
    let card_x = (w - card_w) / 2.0;
    let solid = |rgb: Rgb, a: f32| Paint {
        shader: Shader::SolidColor(Color::from_rgba8(rgb[0], rgb[1], rgb[2], (a * 255.0) as u8)),
        anti_alias: true,
        ..Paint::default()
    };
    let radius = band_h * 0.14;
    if let Some(drop) = shapes::rrect(card_x + 1.5, band_top + 2.5, card_w, band_h, radius) {
        pixmap.fill_path(
            &drop,
            &solid([0; 3], 0.22),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    if let Some(card) = shapes::rrect(card_x, band_top, card_w, band_h, radius) {
        pixmap.fill_path(
            &card,
            &solid([252, 252, 250], 1.0),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        let stroke = tiny_skia::Stroke {
            width: 1.5,
            ..tiny_skia::Stroke::default()
        };
        pixmap.stroke_path(
            &card,
            &solid([70, 70, 76], 1.0),
            &stroke,
            Transform::identity(),
            None,
        );
    }
    // Centre the glyphs' ink (not the em box) in the card.
    let ink = glyphs.bounds();
    let dx = card_x + (card_w - laid.width) / 2.0;
    let dy = band_top + band_h / 2.0 - (ink.top() + ink.bottom()) / 2.0;
    pixmap.fill_path(
        &glyphs,
        &solid([18, 18, 22], 1.0),
        FillRule::Winding,
        Transform::from_translate(dx, dy),
        None,
    );
    Ok(())
}
