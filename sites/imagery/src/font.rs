//! The font for printed text, loaded once on first use, and text-to-path layout.

use std::path::{Path as FsPath, PathBuf};
use std::sync::OnceLock;

use ab_glyph::{Font, FontVec, OutlineCurve};
use tiny_skia::{Path, PathBuilder};

use super::error::ImageryError;

/// Where Debian's `fonts-dejavu-core` puts the bold sans face (clear for OCR).
pub const FONT_PATH: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

static FONT: OnceLock<Result<FontVec, ImageryError>> = OnceLock::new();

fn load(path: &FsPath) -> Result<FontVec, ImageryError> {
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ImageryError::FontMissing {
            path: path.to_path_buf(),
        },
        _ => ImageryError::FontUnreadable {
            path: path.to_path_buf(),
            reason: e.to_string(),
        },
    })?;
    FontVec::try_from_vec(bytes).map_err(|e| ImageryError::FontUnreadable {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })
}

/// The bold sans face, loaded on first use (also used to letter Set-of-Marks labels).
pub fn bold_face() -> Result<&'static FontVec, ImageryError> {
    FONT.get_or_init(|| load(&PathBuf::from(FONT_PATH)))
        .as_ref()
        .map_err(Clone::clone)
}

/// Text laid out on one line as a filled outline, in pixels from the pen origin
/// (baseline at y = 0, growing right).
pub(crate) struct TextOutline {
    /// The glyph outlines; `None` when the text has no visible glyphs (spaces only).
    pub path: Option<Path>,
    /// The advance width of the whole line.
    pub width: f32,
}

/// Lays `text` out at `size` pixels per em.
pub(crate) fn outline(text: &str, size: f32) -> Result<TextOutline, ImageryError> {
    let font = bold_face()?;
    Ok(layout(font, text, size))
}

fn layout(font: &FontVec, text: &str, size: f32) -> TextOutline {
    let scale = size / font.units_per_em().unwrap_or(1000.0);
    let mut pb = PathBuilder::new();
    let mut pen = 0.0f32;
    let mut prev = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = prev {
            pen += font.kern_unscaled(p, id) * scale;
        }
        if let Some(glyph) = font.outline(id) {
            // Glyph curves come as loose segments; start a new contour whenever a
            // segment does not continue from the previous one.
            let mut last: Option<(f32, f32)> = None;
            let at = |p: ab_glyph::Point| (pen + p.x * scale, -p.y * scale);
            for curve in &glyph.curves {
                let (start, end) = match *curve {
                    OutlineCurve::Line(a, b)
                    | OutlineCurve::Quad(a, _, b)
                    | OutlineCurve::Cubic(a, _, _, b) => (at(a), at(b)),
                };
                if last != Some(start) {
                    pb.move_to(start.0, start.1);
                }
                match *curve {
                    OutlineCurve::Line(..) => pb.line_to(end.0, end.1),
                    OutlineCurve::Quad(_, c1, _) => {
                        let c1 = at(c1);
                        pb.quad_to(c1.0, c1.1, end.0, end.1);
                    }
                    OutlineCurve::Cubic(_, c1, c2, _) => {
                        let (c1, c2) = (at(c1), at(c2));
                        pb.cubic_to(c1.0, c1.1, c2.0, c2.1, end.0, end.1);
                    }
                }
                last = Some(end);
            }
        }
        pen += font.h_advance_unscaled(id) * scale;
        prev = Some(id);
    }
    TextOutline {
        path: pb.finish(),
        width: pen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_font_names_the_package_to_install() {
        let Err(err) = load(FsPath::new("/nonexistent/DejaVuSans-Bold.ttf")) else {
            panic!("loading a missing font file must fail");
        };
        assert!(matches!(err, ImageryError::FontMissing { .. }));
        assert!(
            err.to_string()
                .contains("apt-get install fonts-dejavu-core"),
            "{err}"
        );
    }

    #[test]
    fn wider_text_lays_out_wider() {
        let short = outline("AB", 20.0).expect("font installed");
        let long = outline("ABCDEF", 20.0).expect("font installed");
        assert!(
            long.width > short.width * 2.5,
            "{} vs {}",
            long.width,
            short.width
        );
        let bounds = long.path.expect("visible glyphs").bounds();
        assert!(
            bounds.top() < -10.0 && bounds.bottom() <= 1.0,
            "cap height above the baseline: {bounds:?}"
        );
    }
}
