//! Screenshots through CDP's `Page.captureScreenshot`, the fastest capture chromedriver offers.

use crate::browser::{BrowserError, BrowserSession};
use base64::Engine;
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
