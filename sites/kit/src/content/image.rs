//! Stored images: uploads served as stored, pictures drawn from their spec on request
//! (cached, with ETags).

use super::{AppState, SiteDefinition};
use crate::visitor::Visitor;
use crate::{KitError, PageError};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use imagery::Picture;
use std::collections::HashMap;

/// Where a site serves its stored images and how.
#[derive(Debug, Clone, Copy)]
pub struct ImageRoute {
    /// The route (`/submission_images/{file}`); its parameters go to
    /// [`SiteDefinition::find_image`].
    pub path: &'static str,
    /// Width of drawn pictures in pixels.
    pub width: u32,
    /// Height of drawn pictures in pixels.
    pub height: u32,
    /// What the error page says when the address names no image.
    pub missing: &'static str,
}

/// What a stored image is made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageSource {
    /// A seeded picture, drawn from its spec.
    Drawn(Picture),
    /// An upload, stored as PNG.
    Uploaded(Vec<u8>),
}

/// The id a `{folder}/{file}` route names as `<folder>/<id>.png`, when `folder` is
/// `folder_of(id)` (a site's folder scheme); else `None`.
pub fn numbered_file(route: &HashMap<String, String>, folder_of: fn(i64) -> i64) -> Option<i64> {
    route
        .get("file")?
        .strip_suffix(".png")?
        .parse::<i64>()
        .ok()
        .filter(|id| route.get("folder") == Some(&folder_of(*id).to_string()))
}

/// `GET` of [`ImageRoute::path`].
pub(super) async fn serve<D: SiteDefinition>(
    State(state): State<AppState<D>>,
    visitor: Visitor<D>,
    Path(route): Path<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let missing = || PageError::not_found(D::IMAGES.missing);
    let source = visitor
        .database
        .call(move |connection| D::find_image(connection, &route).map_err(Into::<PageError>::into))
        .await?
        .ok_or_else(missing)?;
    let picture = match source {
        ImageSource::Uploaded(png) => {
            let etag = crate::assets::etag_of(&png);
            return Ok(crate::assets::cached(&headers, &etag, "image/png", png));
        }
        ImageSource::Drawn(picture) => picture,
    };
    let images = state.images.clone();
    let ImageRoute { width, height, .. } = D::IMAGES;
    let drawn = tokio::task::spawn_blocking(move || images.get_picture(&picture, width, height))
        .await
        .map_err(|error| KitError::Task(error.to_string()))?
        .map_err(|error| KitError::Render(error.to_string()))?;
    Ok(crate::assets::cached(
        &headers,
        &drawn.etag,
        "image/png",
        drawn.png.to_vec(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
            .collect()
    }

    #[test]
    fn a_numbered_file_must_sit_in_its_folder() {
        let per_thousand = |id: i64| id / 1000;
        assert_eq!(
            numbered_file(
                &route(&[("folder", "12"), ("file", "12345.png")]),
                per_thousand
            ),
            Some(12_345)
        );
        for (folder, file) in [("11", "12345.png"), ("12", "12345.jpg"), ("12", "x.png")] {
            assert_eq!(
                numbered_file(&route(&[("folder", folder), ("file", file)]), per_thousand),
                None,
                "{folder}/{file}"
            );
        }
        assert_eq!(
            numbered_file(&route(&[("file", "7.png")]), per_thousand),
            None
        );
    }
}
