//! Listing photos at OSClass's `oc-content/uploads/<folder>/<id>.png`: seeded photos are
//! rendered from their spec (cached, with ETags), uploads are served as stored.

use super::PageResult;
use crate::ClassifiedsError;
use crate::db::photos::{self, PhotoSource};
use crate::visitor::Visitor;
use axum::http::HeaderMap;
use kit::PageError;
use kit::imagery::ImageCache;

/// Width of served photos in pixels.
pub const PHOTO_WIDTH: u32 = 640;
/// Height of served photos in pixels.
pub const PHOTO_HEIGHT: u32 = 480;

fn no_photo() -> PageError {
    PageError::not_found("There is no photo at this address.")
}

/// `GET /oc-content/uploads/{folder}/{id}.png`.
pub async fn serve(
    visitor: &Visitor,
    images: &ImageCache,
    folder: &str,
    file: &str,
    headers: &HeaderMap,
) -> PageResult {
    let id: i64 = file
        .strip_suffix(".png")
        .and_then(|stem| stem.parse().ok())
        .ok_or_else(no_photo)?;
    if folder != (id / 1000).to_string() {
        return Err(no_photo());
    }
    let source = visitor
        .database
        .call(move |connection| photos::source(connection, id))
        .await?
        .ok_or_else(no_photo)?;
    match source {
        PhotoSource::Uploaded(png) => {
            let etag = kit::assets::etag_of(&png);
            Ok(kit::assets::cached(headers, &etag, "image/png", png))
        }
        PhotoSource::Spec(spec) => {
            let images = images.clone();
            let rendered =
                tokio::task::spawn_blocking(move || images.get(&spec, PHOTO_WIDTH, PHOTO_HEIGHT))
                    .await
                    .map_err(|error| kit::KitError::Task(error.to_string()))?
                    .map_err(|error| ClassifiedsError::Render(error.to_string()))?;
            Ok(kit::assets::cached(
                headers,
                &rendered.etag,
                "image/png",
                rendered.png.to_vec(),
            ))
        }
    }
}
