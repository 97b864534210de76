//! Product photos at Magento's `/media/catalog/product/<folder>/<id>.png`, rendered from
//! their spec (cached, with ETags).

use super::PageResult;
use crate::ShoppingError;
use crate::db::products;
use crate::visitor::Visitor;
use axum::http::HeaderMap;
use kit::PageError;
use kit::imagery::ImageCache;

/// Width of served photos in pixels.
pub const PHOTO_WIDTH: u32 = 600;
/// Height of served photos in pixels.
pub const PHOTO_HEIGHT: u32 = 600;

fn no_photo() -> PageError {
    PageError::not_found("There is no product photo at this address.")
}

/// `GET /media/catalog/product/{folder}/{id}.png`.
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
    if folder != (id % 100).to_string() {
        return Err(no_photo());
    }
    let spec = visitor
        .database
        .call(move |connection| products::image_spec(connection, id))
        .await?
        .ok_or_else(no_photo)?;
    let images = images.clone();
    let rendered =
        tokio::task::spawn_blocking(move || images.get(&spec, PHOTO_WIDTH, PHOTO_HEIGHT))
            .await
            .map_err(|error| kit::KitError::Task(error.to_string()))?
            .map_err(|error| ShoppingError::Render(error.to_string()))?;
    Ok(kit::assets::cached(
        headers,
        &rendered.etag,
        "image/png",
        rendered.png.to_vec(),
    ))
}
