//! Composes a photo: backdrop, floor shadows, the objects side by side, and a sign
//! carrying the printed text.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tiny_skia::{
    Color, FillRule, GradientStop, Paint, Pixmap, Point, RadialGradient, SpreadMode, Transform,
};

use super::error::{ImageryError, MAX_SIDE, MIN_SIDE};
use super::objects;
use super::painter::{Finish, Painter, Rgb};
use super::shapes;
use super::sign::{self, SIGN_BAND};
use super::spec::{ImageSpec, NamedColor, Pattern};
use crate::spec::Backdrop;

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
fn validate(spec: &ImageSpec, width: u32, height: u32) -> Result<(), ImageryError> {
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

/// The spec's text, unless it is blank.
fn printed_text(spec: &ImageSpec) -> Option<&str> {
    spec.text.as_deref().filter(|t| !t.trim().is_empty())
}

/// The text for the sign above the objects: none for kinds that print it on themselves.
fn sign_text(spec: &ImageSpec) -> Option<&str> {
    printed_text(spec).filter(|_| !spec.kind().prints_on_itself())
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
    let backdrop = spec.backdrop;
    let finish = Finish {
        primary: spec.primary.rgb(),
        secondary: secondary(spec),
        pattern: spec.pattern,
        two_tone: spec.pattern == Pattern::Solid && spec.secondary.is_some(),
        light: rng.random_range(-1.0f32..1.0),
        depth: match spec.primary {
            NamedColor::White => 0.35,
            NamedColor::Silver | NamedColor::Yellow | NamedColor::Navy | NamedColor::Beige => 0.55,
            _ => 1.0,
        },
        gloss: match spec.primary {
            NamedColor::Black | NamedColor::Navy => 0.45,
            _ => 1.0,
        },
    };
    let floor = h * backdrop.floor();
    // Objects start below the sign when there is one, leaving a little air.
    let top = if sign_text(spec).is_some() {
        h * (SIGN_BAND.0 + SIGN_BAND.1 + 0.05)
    } else {
        h * 0.08
    };
    let n = f32::from(spec.count.clamp(1, 4));
    let slot = w * 0.94 / n;
    let (fw, fh) = objects::size(spec.model);
    let base_scale = (slot * 0.88 / fw).min((floor - top) / fh);
    // The shot: which way the objects face, how far round the camera stands (turning the
    // object away foreshortens it), and for a single object how close the camera is and
    // where it sits in the frame.
    let facing_left = rng.random_bool(0.5);
    let turn = rng.random_range(0.8f32..1.0);
    let (zoom, shift) = if spec.count > 1 {
        (1.0, 0.0)
    } else {
        (
            rng.random_range(0.72f32..1.0),
            rng.random_range(-0.1f32..0.1),
        )
    };
    let placements = (0..spec.count.clamp(1, 4))
        .map(|i| {
            let scale = base_scale * zoom * rng.random_range(0.93f32..1.0);
            let centre = w * 0.03
                + slot * (f32::from(i) + 0.5)
                + slot * (shift * (1.0 - zoom) * 2.0 + rng.random_range(-0.03f32..0.03));
            let stand = floor + h * rng.random_range(0.0f32..0.012);
            let wide = scale * turn;
            let left = centre - fw * wide / 2.0;
            let top = stand - fh * scale;
            let frame = if facing_left {
                Transform::from_row(-wide, 0.0, 0.0, scale, left + fw * wide, top)
            } else {
                Transform::from_row(wide, 0.0, 0.0, scale, left, top)
            };
            Placement {
                frame,
                left,
                right: left + fw * wide,
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
        draw_object(&mut pixmap, spec, place, layout.finish)?;
    }
    if let Some(text) = sign_text(spec) {
        sign::paint(&mut pixmap, text)?;
    }
    Ok(pixmap)
}

/// Renders the photo a spec describes with real surfaces, for the camera to develop: the
/// backdrop's surfaces textured, and the objects drawn on a layer of their own that takes
/// a material's micro-texture before it is set on the floor.
pub(crate) fn render_photo(
    spec: &ImageSpec,
    width: u32,
    height: u32,
    seed: u64,
) -> Result<Pixmap, ImageryError> {
    validate(spec, width, height)?;
    let blank = || Pixmap::new(width, height).ok_or(ImageryError::SizeOutOfRange { width, height });
    let mut pixmap = blank()?;
    let layout = layout(spec, width, height);
    layout.backdrop.paint(&mut pixmap, layout.finish.light);
    crate::camera::texture_backdrop(&mut pixmap, layout.backdrop, seed);
    let mut layer = blank()?;
    let solid = crate::solid::render(
        spec.model,
        layout.finish,
        &layout.placements,
        spec.variation,
        &mut pixmap,
        &mut layer,
    );
    if !solid {
        for place in &layout.placements {
            floor_shadow(&mut pixmap, place, layout.finish.light);
        }
        for place in &layout.placements {
            draw_object(&mut layer, spec, place, layout.finish)?;
        }
    }
    crate::camera::texture_material(&mut layer, seed);
    pixmap.draw_pixmap(
        0,
        0,
        layer.as_ref(),
        &tiny_skia::PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    if let Some(text) = sign_text(spec) {
        sign::paint(&mut pixmap, text)?;
    }
    Ok(pixmap)
}

/// Draws one object through its placement (no backdrop, no shadow).
pub(crate) fn draw_object(
    pixmap: &mut Pixmap,
    spec: &ImageSpec,
    place: &Placement,
    finish: Finish,
) -> Result<(), ImageryError> {
    let (fw, fh) = objects::size(spec.model);
    let mut painter = Painter::new(pixmap, place.frame, finish, fw.min(fh) / 7.0);
    objects::draw(spec.model, printed_text(spec), &mut painter)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{dominant, nearest};
    use crate::model::Model;
    use crate::spec::{ObjectKind, Pattern};

    /// A photo of `model` (the `index`-th of its kind) in `primary`.
    fn spec(model: Model, index: usize, primary: NamedColor, count: u8) -> ImageSpec {
        ImageSpec {
            model,
            primary,
            secondary: None,
            count,
            pattern: Pattern::Solid,
            text: None,
            backdrop: Backdrop::Studio,
            variation: index as u64 * 31 + u64::from(count),
        }
    }

    /// The objects alone, on a transparent canvas.
    fn objects_only(spec: &ImageSpec, width: u32, height: u32) -> Pixmap {
        let mut pixmap = Pixmap::new(width, height).expect("valid size");
        let layout = layout(spec, width, height);
        for place in &layout.placements {
            draw_object(&mut pixmap, spec, place, layout.finish).expect("font installed");
        }
        pixmap
    }

    #[test]
    fn the_primary_colour_dominates_every_object() {
        let mut failures = Vec::new();
        for kind in ObjectKind::ALL {
            for (position, &model) in kind.models().iter().enumerate() {
                for primary in NamedColor::ALL {
                    let pixmap = objects_only(&spec(model, position, primary, 1), 200, 150);
                    // Tyres, screens and soles are black on every object; they only count
                    // when the object itself is black.
                    let winner = dominant(
                        pixmap
                            .pixels()
                            .iter()
                            .filter(|p| p.alpha() == 255)
                            .map(|p| [p.red(), p.green(), p.blue()]),
                        primary,
                        &[NamedColor::Black],
                    );
                    if winner != Some(primary) {
                        failures.push(format!("{model:?} {primary:?} -> {winner:?}"));
                    }
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} misses:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn every_colour_a_spec_names_is_drawn_on_every_object() {
        let mut failures = Vec::new();
        for kind in ObjectKind::ALL {
            for (position, &model) in kind.models().iter().enumerate() {
                for (index, primary) in NamedColor::ALL.into_iter().enumerate() {
                    let secondary = NamedColor::ALL[(index + 5) % NamedColor::ALL.len()];
                    for pattern in [Pattern::Solid, Pattern::Striped] {
                        let spec = ImageSpec {
                            secondary: Some(secondary),
                            pattern,
                            ..spec(model, position, primary, 1)
                        };
                        let pixmap = objects_only(&spec, 200, 150);
                        let object: Vec<_> = pixmap
                            .pixels()
                            .iter()
                            .filter(|p| p.alpha() == 255)
                            .map(|p| nearest([p.red(), p.green(), p.blue()]))
                            .collect();
                        let share = |colour: NamedColor| {
                            object.iter().filter(|&&c| c == colour).count() as f64
                                / object.len().max(1) as f64
                        };
                        for (role, colour, least) in
                            [("primary", primary, 0.08), ("secondary", secondary, 0.008)]
                        {
                            if share(colour) < least {
                                failures.push(format!(
                                    "{model:?} {pattern:?} {role} {colour:?}: {:.3}",
                                    share(colour)
                                ));
                            }
                        }
                    }
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} misses:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn count_sets_the_number_of_separate_objects() {
        for kind in ObjectKind::ALL {
            for (position, &model) in kind.models().iter().enumerate() {
                for count in 1..=4 {
                    for (w, h) in [(400, 300), (200, 150)] {
                        let s = spec(model, position, NamedColor::Green, count);
                        let found = crate::opaque_column_runs(&objects_only(&s, w, h));
                        assert_eq!(found, usize::from(count), "{model:?} x{count} at {w}x{h}");
                    }
                }
            }
        }
    }

    #[test]
    fn objects_stand_on_the_floor_inside_the_photo() {
        for kind in ObjectKind::ALL {
            for count in 1..=4 {
                let s = ImageSpec {
                    text: Some("TAG".into()),
                    ..spec(kind.models()[0], 0, NamedColor::Red, count)
                };
                let layout = layout(&s, 400, 300);
                let below = if kind.prints_on_itself() {
                    0.0
                } else {
                    300.0 * (SIGN_BAND.0 + SIGN_BAND.1)
                };
                for place in &layout.placements {
                    assert!(
                        place.left >= 0.0 && place.right <= 400.0,
                        "{kind:?}: {place:?}"
                    );
                    assert!(place.top >= below, "below the sign: {place:?}");
                    assert!(place.floor <= 300.0, "{kind:?}: {place:?}");
                }
            }
        }
    }
}
