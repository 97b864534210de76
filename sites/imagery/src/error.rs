//! What can go wrong while rendering a picture.

use std::path::PathBuf;

/// Smallest width or height, in pixels, a photo may be rendered at.
pub const MIN_SIDE: u32 = 16;
/// Largest width or height, in pixels, a photo may be rendered at.
pub const MAX_SIDE: u32 = 2048;

/// Why a photo could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImageryError {
    /// The requested width or height is outside `MIN_SIDE..=MAX_SIDE`.
    #[error(
        "image size {width}x{height} is out of range: each side must be {MIN_SIDE}..={MAX_SIDE} pixels"
    )]
    SizeOutOfRange {
        /// Requested width in pixels.
        width: u32,
        /// Requested height in pixels.
        height: u32,
    },
    /// The spec asks for a number of objects the renderer cannot show.
    #[error("object count {count} is out of range: a photo shows 1 to 4 objects")]
    CountOutOfRange {
        /// The requested count.
        count: u8,
    },
    /// A chart, meme or scene spec that cannot be drawn (the reason says what to change).
    #[error("the picture cannot be drawn: {0}")]
    InvalidSpec(String),
    /// The font used for printed text is not installed.
    #[error(
        "font {} not found; install it with `apt-get install fonts-dejavu-core`",
        path.display()
    )]
    FontMissing {
        /// Where the font was looked for.
        path: PathBuf,
    },
    /// The font file exists but could not be read or parsed.
    #[error("font {} could not be loaded ({reason}); reinstall `fonts-dejavu-core`", path.display())]
    FontUnreadable {
        /// The font's path.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}
