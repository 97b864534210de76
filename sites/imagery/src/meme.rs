//! Memes: a photo of an object with a caption printed across the top and another across
//! the bottom, in white capitals with a black border, as image macros are.

use serde::{Deserialize, Serialize};
use tiny_skia::Pixmap;

use super::error::ImageryError;
use super::ink::{self, Align, Text};
use super::scene;
use super::sign::halves;
use super::spec::{Backdrop, ImageSpec, NamedColor, ObjectKind, Pattern};

/// Longest caption, in characters.
pub const MAX_CAPTION: usize = 60;

/// Everything a meme shows: its captions (printed in capitals) and the photo under them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MemeSpec {
    /// The caption across the top (may be empty).
    pub top: String,
    /// The caption across the bottom (may be empty).
    pub bottom: String,
    /// The object in the photo.
    pub subject: ObjectKind,
    /// Its colour.
    pub colour: NamedColor,
    /// Where the photo is taken.
    pub backdrop: Backdrop,
    /// Seed for the photo's small variations.
    pub variation: u64,
}

impl MemeSpec {
    /// The captions as printed: upper case, control characters as spaces, trimmed.
    pub fn printed(caption: &str) -> String {
        caption
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_uppercase()
    }

    /// The photo under the captions.
    pub fn photo(&self) -> ImageSpec {
        ImageSpec {
            model: self.subject.model_at((self.variation % 3) as usize),
            primary: self.colour,
            secondary: None,
            count: 1,
            pattern: Pattern::Solid,
            text: None,
            backdrop: self.backdrop,
            variation: self.variation,
        }
    }

    /// Checks the captions fit.
    pub fn validate(&self) -> Result<(), ImageryError> {
        for caption in [&self.top, &self.bottom] {
            if caption.chars().count() > MAX_CAPTION {
                return Err(ImageryError::InvalidSpec(format!(
                    "meme caption \"{caption}\" is longer than {MAX_CAPTION} characters"
                )));
            }
        }
        Ok(())
    }
}

/// Which edge a caption hangs from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    Top,
    Bottom,
}

/// Renders a meme.
pub(crate) fn render(spec: &MemeSpec, width: u32, height: u32) -> Result<Pixmap, ImageryError> {
    spec.validate()?;
    let mut pixmap = scene::render(&spec.photo(), width, height)?;
    caption(&mut pixmap, &MemeSpec::printed(&spec.top), Edge::Top)?;
    caption(&mut pixmap, &MemeSpec::printed(&spec.bottom), Edge::Bottom)?;
    Ok(pixmap)
}

/// Prints one caption on one line, or on two when that prints it larger.
fn caption(pixmap: &mut Pixmap, text: &str, edge: Edge) -> Result<(), ImageryError> {
    if text.is_empty() {
        return Ok(());
    }
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let (most, room) = (h * 0.12, w * 0.92);
    let one = ink::fitting_size(text, most, room)?;
    let lines: Vec<&str> = match halves(text) {
        Some((a, b)) if one < most * 0.7 => {
            let two = ink::fitting_size(a, most * 0.8, room)?.min(ink::fitting_size(
                b,
                most * 0.8,
                room,
            )?);
            if two > one * 1.15 {
                vec![a, b]
            } else {
                vec![text]
            }
        }
        _ => vec![text],
    };
    let size = lines
        .iter()
        .map(|line| ink::fitting_size(line, most, room))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .fold(most, f32::min);
    let leading = size * 1.08;
    let first = match edge {
        Edge::Top => h * 0.03 + size * 0.9,
        Edge::Bottom => h * 0.96 - leading * (lines.len() - 1) as f32 - size * 0.05,
    };
    for (i, line) in lines.iter().enumerate() {
        ink::text(
            pixmap,
            &Text {
                text: line,
                size,
                x: w / 2.0,
                baseline: first + leading * i as f32,
                align: Align::Centre,
                rgb: [255; 3],
                outline: Some([0; 3]),
            },
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meme(top: &str, bottom: &str) -> MemeSpec {
        MemeSpec {
            top: top.into(),
            bottom: bottom.into(),
            subject: ObjectKind::Laptop,
            colour: NamedColor::Gray,
            backdrop: Backdrop::Room,
            variation: 7,
        }
    }

    /// Pixels of rows `rows` that are caption white next to caption black.
    fn caption_ink(pixmap: &Pixmap, rows: std::ops::Range<u32>) -> usize {
        let (w, _) = (pixmap.width(), pixmap.height());
        let shade = |x: u32, y: u32| {
            pixmap.pixel(x, y).map_or(128, |p| {
                (u32::from(p.red()) + u32::from(p.green()) + u32::from(p.blue())) / 3
            })
        };
        rows.flat_map(|y| (1..w - 1).map(move |x| (x, y)))
            .filter(|&(x, y)| shade(x, y) > 245 && (shade(x - 1, y) < 40 || shade(x + 1, y) < 40))
            .count()
    }

    #[test]
    fn captions_print_where_they_belong() {
        let plain = render(&meme("", ""), 640, 480).expect("renders");
        let both =
            render(&meme("WHEN THE BUILD PASSES", "ON THE FIRST TRY"), 640, 480).expect("renders");
        let top_only = render(&meme("WHEN THE BUILD PASSES", ""), 640, 480).expect("renders");
        assert_eq!(caption_ink(&plain, 0..100), 0);
        assert!(caption_ink(&both, 0..100) > 100, "top caption");
        assert!(caption_ink(&both, 380..480) > 100, "bottom caption");
        assert_eq!(caption_ink(&top_only, 380..480), 0, "no bottom caption");
    }

    #[test]
    fn captions_are_printed_in_capitals_and_longer_ones_wrap() {
        assert_eq!(
            MemeSpec::printed("  me,\nevery Monday "),
            "ME, EVERY MONDAY"
        );
        let long = render(
            &meme(
                "NOBODY: ABSOLUTELY NOBODY AT ALL IN THE WHOLE WIDE WORLD",
                "",
            ),
            640,
            480,
        )
        .expect("renders");
        let short = render(&meme("WHEN THE BUILD PASSES", ""), 640, 480).expect("renders");
        // Two lines reach lower than one does.
        let lowest = |pixmap: &Pixmap| (0..240).rev().find(|&y| caption_ink(pixmap, y..y + 1) > 0);
        let (long, short) = (lowest(&long), lowest(&short));
        assert!(long > short.map(|y| y + 10), "{long:?} vs {short:?}");
    }

    #[test]
    fn overlong_captions_are_refused() {
        let error =
            render(&meme(&"A".repeat(MAX_CAPTION + 1), ""), 640, 480).expect_err("too long");
        assert!(error.to_string().contains("longer than"), "{error}");
    }
}
