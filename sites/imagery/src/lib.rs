//! Agora's pictures: what every site picture shows, and its renderer.
//!
//! An [`ImageSpec`] (the object's named [`Model`], colours, count, pattern, printed text,
//! backdrop, variation seed) is stored with every item; [`render_png`] turns it
//! into a shaded product photo — backdrop, floor shadows, the objects side by side
//! and a sign carrying the text — as a pure function of the spec and size.
//! A [`Picture`] is any renderable spec: a product photo, a [`ChartSpec`] (bar, line or
//! pie with its values printed), a [`MemeSpec`] (a photo with top and bottom captions)
//! or a [`LandscapeSpec`] (time of day, weather, a counted number of animals);
//! [`render_picture_png`] draws one. [`ImageCache`] keeps rendered PNGs in memory with
//! strong ETags for serving.

mod backdrop;
mod bench;
mod cache;
mod camera;
mod chart;
pub mod check;
mod drawing;
mod encode;
mod error;
mod font;
mod ink;
mod landscape;
mod meme;
mod model;
mod objects;
mod painter;
mod picture;
mod scene;
mod shapes;
mod sign;
mod solid;
mod spec;
mod stats;

pub use bench::{
    BENCH_HEIGHT, BENCH_WIDTH, SiteStatistics, sample_spec, site_samples, site_statistics,
    solid_sample_spec,
};
pub use cache::{ImageCache, RenderedImage, etag};
pub use camera::Shot;
pub use chart::{
    ChartKind, ChartSpec, MAX_CHART_ENTRIES, MAX_CHART_TEXT, MAX_CHART_VALUE, PIE_PALETTE,
    slice_colour,
};
pub use drawing::{Drawing, drawing_for};
pub use encode::encode_rgb_png;
pub use error::{ImageryError, MAX_SIDE, MIN_SIDE};
pub use font::{FONT_PATH, bold_face};
pub use landscape::{Animal, LandscapeSpec, MAX_ANIMALS, TimeOfDay, Weather};
pub use meme::{MAX_CAPTION, MemeSpec};
pub use model::*;
pub use picture::Picture;
pub use spec::{Backdrop, ImageSpec, NamedColor, ObjectKind, Pattern};
pub use stats::{PhotoStats, STATS_SIDE};

/// Renders the photo `spec` describes at `width`×`height` pixels as a PNG.
///
/// The same spec and size always give byte-identical output.
pub fn render_png(spec: &ImageSpec, width: u32, height: u32) -> Result<Vec<u8>, ImageryError> {
    let pixmap = scene::render(spec, width, height)?;
    encode::png(&pixmap)
}

/// Renders any [`Picture`] at `width`×`height` pixels as a PNG; the same picture and
/// size always give byte-identical output.
pub fn render_picture_png(
    picture: &Picture,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, ImageryError> {
    let pixmap = picture::render(picture, width, height)?;
    encode::png(&pixmap)
}

/// Renders `picture` as a camera would have taken it, as a PNG: the drawing developed
/// through the [`Shot`] the picture is taken as (light and surface unevenness, lens softness,
/// vignetting, exposure, white balance, sensor noise and the JPEG a phone or shop saves).
/// The same picture and size always give byte-identical output.
///
/// Not yet what the sites serve: the first stage of issue #50's photographic renderer,
/// measured against the drawings by [`PhotoStats`].
pub fn render_photo_png(
    picture: &Picture,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, ImageryError> {
    let seed = picture_seed(picture);
    let pixmap = match picture {
        Picture::Product(spec) => scene::render_photo(spec, width, height, seed)?,
        Picture::Landscape(_) => {
            let mut pixmap = picture::render(picture, width, height)?;
            camera::texture_landscape(&mut pixmap, seed);
            pixmap
        }
        _ => picture::render(picture, width, height)?,
    };
    let rgb = camera::develop(&pixmap, Shot::of(picture), seed);
    encode::encode_rgb_png(&rgb, width, height)
}

/// A stable seed for everything a picture shows (its JSON's SHA-256).
fn picture_seed(picture: &Picture) -> u64 {
    use sha2::{Digest, Sha256};
    let json = serde_json::to_vec(picture).unwrap_or_default();
    let digest = Sha256::digest(&json);
    u64::from_le_bytes(digest[..8].try_into().unwrap_or([0; 8]))
}

/// Runs of columns holding opaque pixels: how many separate figures a test drew side by side.
fn opaque_column_runs(pixmap: &tiny_skia::Pixmap) -> usize {
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    let pixels = pixmap.pixels();
    let occupied: Vec<bool> = (0..w)
        .map(|x| (0..h).any(|y| pixels[y * w + x].alpha() > 24))
        .collect();
    occupied
        .windows(2)
        .filter(|pair| pair[1] && !pair[0])
        .count()
        + usize::from(occupied[0])
}
