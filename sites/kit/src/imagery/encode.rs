//! PNG encoding of a rendered pixmap.

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use tiny_skia::Pixmap;

use super::error::ImageryError;

/// Encodes an opaque pixmap as an RGB PNG. Fast compression: photos are rendered on
/// demand and cached, so encode time matters more than a few kilobytes.
pub(crate) fn png(pixmap: &Pixmap) -> Result<Vec<u8>, ImageryError> {
    // Every photo is painted over an opaque backdrop, so the premultiplied RGBA data
    // is plain RGB once alpha is dropped.
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|px| [px[0], px[1], px[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 4);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            &rgb,
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| ImageryError::Encode(e.to_string()))?;
    Ok(out)
}
