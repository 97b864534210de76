//! Deterministic product photos rendered from stored attributes.
//!
//! An [`ImageSpec`] (kind, template, colours, count, pattern, printed text,
//! backdrop, variation seed) is stored with every item; [`render_png`] turns it
//! into a shaded product photo — backdrop, floor shadows, the objects side by side
//! and a sign carrying the text — as a pure function of the spec and size.
//! [`ImageCache`] keeps rendered PNGs in memory with strong ETags for serving.

mod backdrop;
mod bench;
mod cache;
mod encode;
mod error;
mod font;
mod objects;
mod painter;
mod scene;
mod shapes;
mod sign;
mod spec;

pub use bench::{BENCH_HEIGHT, BENCH_WIDTH, BenchReport, bench, sample_spec};
pub use cache::{ImageCache, RenderedImage, etag};
pub use encode::encode_rgb_png;
pub use error::{ImageryError, MAX_SIDE, MIN_SIDE};
pub use font::{FONT_PATH, bold_face};
pub use objects::TEMPLATES;
pub use spec::{ImageSpec, NamedColor, ObjectKind, Pattern};

/// Renders the photo `spec` describes at `width`×`height` pixels as a PNG.
///
/// The same spec and size always give byte-identical output.
pub fn render_png(spec: &ImageSpec, width: u32, height: u32) -> Result<Vec<u8>, ImageryError> {
    let pixmap = scene::render(spec, width, height)?;
    encode::png(&pixmap)
}
