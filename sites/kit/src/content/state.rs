//! The state every handler of a content site shares.

use super::SiteDefinition;
use crate::assets::Asset;
use crate::auth::throttle::LoginThrottle;
use crate::fetch::OwnOrigins;
use crate::{Directory, Tenants};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use imagery::ImageCache;
use std::marker::PhantomData;
use std::sync::Arc;

/// Where every content site serves its stylesheet.
pub const STYLESHEET_PATH: &str = "/static/style.css";

/// Memory kept for rendered images, per site.
const IMAGE_CACHE_BYTES: usize = 256 * 1024 * 1024;

/// Shared state of a site's handlers.
#[derive(Debug, Clone)]
pub struct AppState<D: SiteDefinition> {
    /// The tenant registry.
    pub tenants: Tenants,
    /// The stylesheet.
    pub stylesheet: Arc<Asset>,
    /// Rendered images (shared by all tenants: seeded images are the same).
    pub images: ImageCache,
    /// Recent failed logins.
    pub logins: LoginThrottle,
    /// The hosted sites, the only places an image URL may point to.
    pub origins: Arc<OwnOrigins>,
    site: PhantomData<D>,
}

impl<D: SiteDefinition> AppState<D> {
    /// The state over `tenants`, taking images by URL from the sites of `directory`.
    pub fn new(tenants: Tenants, directory: &Directory) -> Self {
        Self {
            logins: LoginThrottle::noting(tenants.clone()),
            tenants,
            stylesheet: Arc::new(Asset::new(D::STYLESHEET, "text/css; charset=utf-8")),
            images: ImageCache::new(IMAGE_CACHE_BYTES),
            origins: Arc::new(OwnOrigins::of(directory)),
            site: PhantomData,
        }
    }
}

/// `GET /static/style.css`.
pub(super) async fn stylesheet<D: SiteDefinition>(
    State(state): State<AppState<D>>,
    headers: HeaderMap,
) -> Response {
    state.stylesheet.respond(&headers)
}
