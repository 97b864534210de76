//! Screenshots through CDP's `Page.captureScreenshot`, the fastest capture chromedriver offers,
//! and the Set-of-Marks screenshot made from the same frame.

use super::paint::Canvas;
use super::som::SomElement;
use crate::browser::{BrowserError, BrowserSession};
use base64::Engine;
use image::ImageEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Image encoding of screenshots.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    /// Lossless PNG, encoded by Chromium's fast path.
    #[default]
    Png,
    /// JPEG at the observation's quality.
    Jpeg,
}

impl ImageFormat {
    /// The MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
        }
    }
}

/// The MIME type of an image file, by its extension (PNG when unknown).
pub fn image_mime(path: &std::path::Path) -> &'static str {
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("gif") => "image/gif",
        _ => "image/png",
    }
}

/// An encoded screenshot.
#[derive(Debug, Clone)]
pub struct Screenshot {
    /// Encoding.
    pub format: ImageFormat,
    /// Encoded bytes.
    pub bytes: Vec<u8>,
}

/// Captures the current tab's viewport.
pub async fn capture(
    session: &BrowserSession,
    format: ImageFormat,
    jpeg_quality: u8,
) -> Result<Screenshot, BrowserError> {
    let params = match format {
        ImageFormat::Png => json!({ "format": "png", "optimizeForSpeed": true }),
        ImageFormat::Jpeg => {
            json!({ "format": "jpeg", "quality": jpeg_quality.min(100), "optimizeForSpeed": true })
        }
    };
    let reply = session.cdp("Page.captureScreenshot", params).await?;
    let data = reply["data"]
        .as_str()
        .ok_or_else(|| BrowserError::Command("Page.captureScreenshot returned no data".into()))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|error| BrowserError::Command(format!("screenshot is not base64: {error}")))?;
    Ok(Screenshot { format, bytes })
}

/// The Set-of-Marks screenshot of `frame`: decoded, marked and encoded again in the frame's
/// own format. CPU-bound (tens of milliseconds at 1280×2048); run it on a blocking thread.
pub(super) fn mark_frame(
    frame: &Screenshot,
    marks: &FrameMarks,
    jpeg_quality: u8,
) -> Result<Screenshot, BrowserError> {
    let font = kit::imagery::bold_face().map_err(|error| BrowserError::Marks(error.to_string()))?;
    let decoded = image::load_from_memory_with_format(
        &frame.bytes,
        match frame.format {
            ImageFormat::Png => image::ImageFormat::Png,
            ImageFormat::Jpeg => image::ImageFormat::Jpeg,
        },
    )
    .map_err(|error| BrowserError::Marks(format!("decoding the captured frame: {error}")))?;
    let (width, height) = (decoded.width(), decoded.height());
    let (mut pixels, colour_type, channels) = match decoded {
        image::DynamicImage::ImageRgb8(rgb) => (rgb.into_raw(), image::ExtendedColorType::Rgb8, 3),
        other => (
            other.into_rgba8().into_raw(),
            image::ExtendedColorType::Rgba8,
            4,
        ),
    };
    Canvas {
        pixels: &mut pixels,
        width,
        height,
        channels,
    }
    .draw_marks(font, &marks.elements, marks.viewport, marks.scale);
    let mut bytes = Vec::with_capacity(frame.bytes.len() + frame.bytes.len() / 4);
    let encoded = match frame.format {
        // Fast deflate with the Sub filter: the speed-first choice, like CDP's own fast path.
        ImageFormat::Png => {
            PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Sub)
                .write_image(&pixels, width, height, colour_type)
        }
        ImageFormat::Jpeg => {
            let rgb = match channels {
                3 => pixels,
                _ => pixels
                    .chunks_exact(4)
                    .flat_map(|pixel| [pixel[0], pixel[1], pixel[2]])
                    .collect(),
            };
            JpegEncoder::new_with_quality(&mut bytes, jpeg_quality.clamp(1, 100)).write_image(
                &rgb,
                width,
                height,
                image::ExtendedColorType::Rgb8,
            )
        }
    };
    encoded.map_err(|error| BrowserError::Marks(format!("encoding the marked frame: {error}")))?;
    Ok(Screenshot {
        format: frame.format,
        bytes,
    })
}

/// What to draw on a frame: the marked elements, the viewport in CSS px and the page's
/// devicePixelRatio.
pub(super) struct FrameMarks {
    pub elements: Vec<SomElement>,
    pub viewport: (f64, f64),
    pub scale: f64,
}
