//! Every kind of picture the kit renders, as one stored value: a product photo, a chart,
//! a meme or an outdoor scene. The spec is the picture's ground truth.

use serde::{Deserialize, Serialize};
use tiny_skia::Pixmap;

use super::chart::{self, ChartSpec};
use super::error::{ImageryError, MAX_SIDE, MIN_SIDE};
use super::landscape::{self, LandscapeSpec};
use super::meme::{self, MemeSpec};
use super::scene;
use super::spec::ImageSpec;

/// A picture and everything it shows; stored as JSON tagged by `type`
/// (`{"type": "chart", "kind": "bar", …}`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Picture {
    /// A product photo.
    Product(ImageSpec),
    /// A bar, line or pie chart with its values.
    Chart(ChartSpec),
    /// A photo with captions.
    Meme(MemeSpec),
    /// A meadow with animals under a sky.
    Landscape(LandscapeSpec),
}

impl From<ImageSpec> for Picture {
    fn from(spec: ImageSpec) -> Self {
        Picture::Product(spec)
    }
}

/// Renders `picture` at `width`×`height`.
pub(crate) fn render(picture: &Picture, width: u32, height: u32) -> Result<Pixmap, ImageryError> {
    let blank = || {
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&width) || !side.contains(&height) {
            return Err(ImageryError::SizeOutOfRange { width, height });
        }
        Pixmap::new(width, height).ok_or(ImageryError::SizeOutOfRange { width, height })
    };
    match picture {
        Picture::Product(spec) => scene::render(spec, width, height),
        Picture::Meme(spec) => meme::render(spec, width, height),
        Picture::Chart(spec) => {
            let mut pixmap = blank()?;
            chart::render(spec, &mut pixmap)?;
            Ok(pixmap)
        }
        Picture::Landscape(spec) => {
            let mut pixmap = blank()?;
            landscape::render(spec, &mut pixmap)?;
            Ok(pixmap)
        }
    }
}
