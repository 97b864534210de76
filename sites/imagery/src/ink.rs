//! Flat drawing on a pixmap in pixel coordinates: solid fills and strokes, and lines
//! of text placed by an anchor. Charts, memes and landscapes are drawn with these.

use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, Pixmap, Shader, Stroke, Transform,
};

use super::error::ImageryError;
use super::font;
use super::painter::Rgb;

/// A solid anti-aliased paint.
pub(crate) fn solid(rgb: Rgb, alpha: f32) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(Color::from_rgba8(
            rgb[0],
            rgb[1],
            rgb[2],
            (alpha.clamp(0.0, 1.0) * 255.0).round() as u8,
        )),
        anti_alias: true,
        ..Paint::default()
    }
}

/// Fills `path` (skipped when geometry was degenerate).
pub(crate) fn fill(pixmap: &mut Pixmap, path: Option<Path>, rgb: Rgb, alpha: f32) {
    if let Some(path) = path {
        pixmap.fill_path(
            &path,
            &solid(rgb, alpha),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// Strokes `path` with round caps and joins.
pub(crate) fn stroke(pixmap: &mut Pixmap, path: Option<Path>, rgb: Rgb, width: f32) {
    if let Some(path) = path {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(
            &path,
            &solid(rgb, 1.0),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// Where a line of text sits relative to the given x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    /// The text starts at x.
    Left,
    /// The text is centred on x.
    Centre,
    /// The text ends at x.
    Right,
}

/// One line of text at `size` px per em with its baseline at `baseline`; an `outline`
/// colour draws a border of `size / 8` around the letters first (meme captions).
pub(crate) struct Text<'a> {
    /// The characters (one line).
    pub text: &'a str,
    /// Pixels per em.
    pub size: f32,
    /// The anchor's x.
    pub x: f32,
    /// The baseline's y.
    pub baseline: f32,
    /// How the text sits on x.
    pub align: Align,
    /// The letters' colour.
    pub rgb: Rgb,
    /// A border colour, if any.
    pub outline: Option<Rgb>,
}

/// The advance width of `text` at `size` px per em.
pub(crate) fn width(text: &str, size: f32) -> Result<f32, ImageryError> {
    Ok(font::outline(text, size)?.width)
}

/// Draws a line of text.
pub(crate) fn text(pixmap: &mut Pixmap, text: &Text<'_>) -> Result<(), ImageryError> {
    let laid = font::outline(text.text, text.size)?;
    let Some(path) = laid.path else {
        return Ok(());
    };
    let left = match text.align {
        Align::Left => text.x,
        Align::Centre => text.x - laid.width / 2.0,
        Align::Right => text.x - laid.width,
    };
    let Some(path) = path.transform(Transform::from_translate(left, text.baseline)) else {
        return Ok(());
    };
    if let Some(border) = text.outline {
        stroke(pixmap, Some(path.clone()), border, text.size / 8.0);
    }
    fill(pixmap, Some(path), text.rgb, 1.0);
    Ok(())
}

/// The largest size (at most `most`) at which `text` fits in `max_width` pixels.
pub(crate) fn fitting_size(text: &str, most: f32, max_width: f32) -> Result<f32, ImageryError> {
    let at_one = width(text, 1.0)?.max(f32::EPSILON);
    Ok(most.min(max_width / at_one))
}
