//! Image uploads: a size cap, content sniffing (never trusting the file name or the declared
//! type), a full decode under dimension and memory limits on a blocking thread (at most
//! [`MAX_CONCURRENT_DECODES`] at once), and re-encoding as PNG for storage.

use crate::PageError;
use image::{ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// The largest upload accepted, in bytes (5 MiB).
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

/// The largest accepted width or height, in pixels.
pub const MAX_DIMENSION: u32 = 4096;

/// The most memory one decode may allocate, in bytes (a 4096×4096 RGBA photo fits; a
/// decompression bomb is refused from its header before anything is allocated).
pub const MAX_DECODE_ALLOC: u64 = 96 * 1024 * 1024;

/// Decodes running at once, across every request (each may hold [`MAX_DECODE_ALLOC`]).
pub const MAX_CONCURRENT_DECODES: usize = 2;

static DECODES: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(MAX_CONCURRENT_DECODES);

/// An accepted upload, re-encoded as PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    /// The PNG bytes to store and serve.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Why an upload was refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UploadError {
    /// The file is larger than the cap.
    #[error("the file is {size} bytes; uploads may be at most {limit} bytes")]
    TooLarge {
        /// The file's size.
        size: usize,
        /// The cap.
        limit: usize,
    },
    /// The bytes are not a PNG, JPEG, GIF or WebP image.
    #[error("the file is not a PNG, JPEG, GIF or WebP image")]
    NotAnImage,
    /// The image is corrupt or larger than the dimension limits.
    #[error(
        "the image could not be read ({0}); upload a PNG or JPEG photo at most {MAX_DIMENSION} pixels wide and high"
    )]
    Undecodable(String),
}

impl UploadError {
    /// Whether the upload was refused for its size.
    pub fn is_too_large(&self) -> bool {
        matches!(self, UploadError::TooLarge { .. })
    }
}

impl From<UploadError> for PageError {
    fn from(error: UploadError) -> Self {
        match error {
            UploadError::TooLarge { .. } => PageError::too_large(error.to_string()),
            _ => PageError::new(
                axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
                error.to_string(),
            ),
        }
    }
}

/// [`accept_image`] on a blocking thread, waiting for a decode slot first, so the async
/// workers stay free whatever is uploaded.
pub async fn accept_image_off_thread(
    bytes: bytes::Bytes,
    limit: usize,
) -> Result<StoredImage, UploadError> {
    if bytes.len() > limit {
        return Err(UploadError::TooLarge {
            size: bytes.len(),
            limit,
        });
    }
    let _slot = DECODES
        .acquire()
        .await
        .map_err(|error| UploadError::Undecodable(error.to_string()))?;
    tokio::task::spawn_blocking(move || accept_image(&bytes, limit))
        .await
        .map_err(|error| UploadError::Undecodable(error.to_string()))?
}

/// Checks an uploaded file and re-encodes it as PNG.
pub fn accept_image(bytes: &[u8], limit: usize) -> Result<StoredImage, UploadError> {
    if bytes.len() > limit {
        return Err(UploadError::TooLarge {
            size: bytes.len(),
            limit,
        });
    }
    let format = image::guess_format(bytes).map_err(|_| UploadError::NotAnImage)?;
    if !matches!(
        format,
        ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif | ImageFormat::WebP
    ) {
        return Err(UploadError::NotAnImage);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    reader.limits(limits);
    let decoded = reader
        .decode()
        .map_err(|error| UploadError::Undecodable(error.to_string()))?;
    let mut png = Vec::new();
    decoded
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|error| UploadError::Undecodable(error.to_string()))?;
    Ok(StoredImage {
        png,
        width: decoded.width(),
        height: decoded.height(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbImage::from_pixel(width, height, image::Rgb([200, 30, 35]));
        let mut bytes = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Jpeg)
            .unwrap();
        bytes
    }

    #[test]
    fn a_jpeg_is_stored_as_a_png_of_the_same_size() {
        let stored = accept_image(&jpeg(40, 30), MAX_UPLOAD_BYTES).unwrap();
        assert_eq!((stored.width, stored.height), (40, 30));
        let back = image::load_from_memory(&stored.png).unwrap();
        assert_eq!(back.width(), 40);
        assert_eq!(image::guess_format(&stored.png).unwrap(), ImageFormat::Png);
    }

    #[test]
    fn text_oversized_and_truncated_files_are_refused() {
        assert!(matches!(
            accept_image(b"<script>alert(1)</script>", MAX_UPLOAD_BYTES),
            Err(UploadError::NotAnImage)
        ));
        let photo = jpeg(40, 30);
        assert!(accept_image(&photo, 100).unwrap_err().is_too_large());
        assert!(matches!(
            accept_image(&photo[..photo.len() / 3], MAX_UPLOAD_BYTES),
            Err(UploadError::Undecodable(_))
        ));
    }
}
