//! Screenshots through CDP's `Page.captureScreenshot`, the fastest capture chromedriver offers.

use crate::browser::{BrowserError, BrowserSession};
use serde::{Deserialize, Serialize};

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
    let quality = match format {
        ImageFormat::Png => None,
        ImageFormat::Jpeg => Some(jpeg_quality),
    };
    let bytes = session.capture_viewport(quality).await?;
    Ok(Screenshot { format, bytes })
}
