//! The sign carrying a photo's printed text: a white card across the top with
//! large dark letters, on one line or, when that prints larger, two.

use tiny_skia::{Color, FillRule, Paint, Path, PathBuilder, Pixmap, Shader, Stroke, Transform};

use super::error::ImageryError;
use super::font;
use super::painter::Rgb;
use super::shapes;

/// The band the sign occupies: top and height as fractions of the image height.
pub(crate) const SIGN_BAND: (f32, f32) = (0.04, 0.16);

/// Letter size for one line, as a fraction of the band height.
const ONE_LINE: f32 = 0.62;
/// Letter size for each of two lines, as a fraction of the band height.
const TWO_LINES: f32 = 0.40;

/// The text made printable on one line: control characters (newlines, tabs)
/// become spaces and the ends are trimmed.
fn printable(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    spaced.trim().to_owned()
}

/// Splits at the space nearest the middle, if there is one.
pub(crate) fn halves(text: &str) -> Option<(&str, &str)> {
    let middle = text.len() / 2;
    let at = text
        .char_indices()
        .filter(|&(_, c)| c == ' ')
        .min_by_key(|&(i, _)| i.abs_diff(middle))?
        .0;
    Some((text[..at].trim_end(), text[at..].trim_start()))
}

/// The lines to print and their letter size, whichever layout prints larger.
fn fit(text: &str, band_h: f32, max_w: f32) -> Result<(Vec<&str>, f32), ImageryError> {
    let width_per_px = |line: &str| font::outline(line, 1.0).map(|o| o.width.max(f32::EPSILON));
    let one = (band_h * ONE_LINE).min(max_w / width_per_px(text)?);
    if let Some((a, b)) = halves(text) {
        let widest = width_per_px(a)?.max(width_per_px(b)?);
        let two = (band_h * TWO_LINES).min(max_w / widest);
        // Two lines only when they gain real size; one line reads more naturally.
        if two > one * 1.15 {
            return Ok((vec![a, b], two));
        }
    }
    Ok((vec![text], one))
}

fn solid(rgb: Rgb, alpha: f32) -> Paint<'static> {
    Paint {
        shader: Shader::SolidColor(Color::from_rgba8(
            rgb[0],
            rgb[1],
            rgb[2],
            (alpha * 255.0) as u8,
        )),
        anti_alias: true,
        ..Paint::default()
    }
}

/// Printed text set in lines that fit a box `box_h` high and at most `max_w` wide: the glyph
/// outlines with the lines stacked and centred, the pen origin at the first baseline.
pub(crate) struct TypeSet {
    /// The glyphs of every line.
    pub glyphs: Path,
    /// The widest line's advance width.
    pub width: f32,
}

/// Sets `text` (made printable on one line first) for a box; `None` when nothing prints.
pub(crate) fn set(text: &str, box_h: f32, max_w: f32) -> Result<Option<TypeSet>, ImageryError> {
    let text = printable(text);
    if text.is_empty() {
        return Ok(None);
    }
    let (lines, size) = fit(&text, box_h, max_w)?;
    let laid = lines
        .iter()
        .map(|line| font::outline(line, size))
        .collect::<Result<Vec<_>, _>>()?;
    let widest = laid.iter().map(|l| l.width).fold(0.0f32, f32::max);
    // Stack the lines, each centred on the widest.
    let mut pb = PathBuilder::new();
    for (i, line) in laid.iter().enumerate() {
        let shift = Transform::from_translate((widest - line.width) / 2.0, i as f32 * size * 1.18);
        if let Some(path) = line.path.clone().and_then(|p| p.transform(shift)) {
            pb.push_path(&path);
        }
    }
    Ok(pb.finish().map(|glyphs| TypeSet {
        glyphs,
        width: widest,
    }))
}

/// Paints the sign with `text` near the top of the photo; blank text paints nothing.
pub(crate) fn paint(pixmap: &mut Pixmap, text: &str) -> Result<(), ImageryError> {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let (band_top, band_h) = (h * SIGN_BAND.0, h * SIGN_BAND.1);
    let Some(TypeSet {
        glyphs,
        width: widest,
    }) = set(text, band_h, w * 0.86 - band_h * 0.6)?
    else {
        return Ok(());
    };
    let card_w = widest + band_h * 0.6;
    let card_x = (w - card_w) / 2.0;
    let radius = band_h * 0.14;
    let at = Transform::identity();
    if let Some(drop) = shapes::rrect(card_x + 1.5, band_top + 2.5, card_w, band_h, radius) {
        pixmap.fill_path(&drop, &solid([0; 3], 0.22), FillRule::Winding, at, None);
    }
    if let Some(card) = shapes::rrect(card_x, band_top, card_w, band_h, radius) {
        pixmap.fill_path(
            &card,
            &solid([252, 252, 250], 1.0),
            FillRule::Winding,
            at,
            None,
        );
        let edge = Stroke {
            width: 1.5,
            ..Stroke::default()
        };
        pixmap.stroke_path(&card, &solid([70, 70, 76], 1.0), &edge, at, None);
    }
    // Centre the ink (not the em boxes) in the card.
    let ink = glyphs.bounds();
    let dx = card_x + (card_w - widest) / 2.0;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_print_as_spaces() {
        assert_eq!(printable("  TWO\nLINES\t"), "TWO LINES");
        assert_eq!(printable("\n \t"), "");
    }

    #[test]
    fn long_text_wraps_onto_two_lines_at_the_middle_space() {
        let (lines, size) =
            fit("VINTAGE LEATHER JACKET SIZE L", 48.0, 300.0).expect("font installed");
        assert_eq!(lines, ["VINTAGE LEATHER", "JACKET SIZE L"]);
        assert!(size > 10.0, "{size}");
        let (lines, _) = fit("SALE", 48.0, 300.0).expect("font installed");
        assert_eq!(lines, ["SALE"]);
    }

    #[test]
    fn the_sign_stays_inside_the_photo_however_long_the_text() {
        let mut pixmap = Pixmap::new(200, 150).expect("valid size");
        let text = "W".repeat(120);
        paint(&mut pixmap, &text).expect("font installed");
        let w = pixmap.width() as usize;
        let inked = |x: usize| (0..40).any(|y| pixmap.pixels()[y * w + x].alpha() > 0);
        assert!(!inked(0) && !inked(w - 1), "the card keeps a margin");
        assert!(inked(w / 2));
    }
}
