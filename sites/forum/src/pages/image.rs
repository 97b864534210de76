//! Submission pictures at `/submission_images/<name>.png`: seeded ones rendered from their
//! spec (cached, with ETags), uploads served as stored.

use super::PageResult;
use crate::ForumError;
use crate::db::images::{self, ImageSource};
use crate::visitor::Visitor;
use axum::http::HeaderMap;
use kit::PageError;
use kit::imagery::ImageCache;

/// Width of seeded pictures in pixels.
pub const PICTURE_WIDTH: u32 = 640;
/// Height of seeded pictures in pixels.
pub const PICTURE_HEIGHT: u32 = 480;

fn no_picture() -> PageError {
    PageError::not_found("There is no picture at this address.")
}

/// `GET /submission_images/{file}`.
pub async fn serve(
    visitor: &Visitor,
    cache: &ImageCache,
    file: &str,
    headers: &HeaderMap,
) -> PageResult {
    let name = file
        .strip_suffix(".png")
        .filter(|stem| stem.len() == 64 && stem.bytes().all(|byte| byte.is_ascii_hexdigit()))
        .ok_or_else(no_picture)?
        .to_owned();
    let source = visitor
        .database
        .call(move |connection| images::by_name(connection, &name))
        .await?
        .ok_or_else(no_picture)?;
    match source {
        ImageSource::Uploaded(png) => {
            let etag = kit::assets::etag_of(&png);
            Ok(kit::assets::cached(headers, &etag, "image/png", png))
        }
        ImageSource::Spec(spec) => {
            let cache = cache.clone();
            let rendered = tokio::task::spawn_blocking(move || {
                cache.get_picture(&spec, PICTURE_WIDTH, PICTURE_HEIGHT)
            })
            .await
            .map_err(|error| kit::KitError::Task(error.to_string()))?
            .map_err(|error| ForumError::Render(error.to_string()))?;
            Ok(kit::assets::cached(
                headers,
                &rendered.etag,
                "image/png",
                rendered.png.to_vec(),
            ))
        }
    }
}
