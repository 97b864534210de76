//! The state every forum handler shares: tenants, the stylesheet, the picture cache, the
//! login throttle and the origins pictures may be taken from by URL.

use crate::db::users::{self, User};
use kit::assets::Asset;
use kit::fetch::OwnOrigins;
use kit::imagery::ImageCache;
use kit::throttle::LoginThrottle;
use kit::visitor::{SiteCookies, SiteState};
use kit::{KitError, Tenants};
use rusqlite::Connection;
use std::sync::Arc;

/// Shared state of the site's handlers.
#[derive(Clone)]
pub struct AppState {
    /// The tenant registry.
    pub tenants: Tenants,
    /// The stylesheet.
    pub stylesheet: Arc<Asset>,
    /// Rendered pictures (shared by all tenants: seeded pictures are the same).
    pub images: ImageCache,
    /// Recent failed logins.
    pub logins: LoginThrottle,
    /// The hosted sites, the only places an image URL may point to.
    pub origins: Arc<OwnOrigins>,
}

/// Memory kept for rendered pictures.
const PICTURE_CACHE_BYTES: usize = 256 * 1024 * 1024;

impl AppState {
    /// The state over `tenants`, taking pictures by URL from `origins`.
    pub fn new(tenants: Tenants, origins: OwnOrigins) -> Self {
        Self {
            tenants,
            origins: Arc::new(origins),
            images: ImageCache::new(PICTURE_CACHE_BYTES),
            logins: LoginThrottle::default(),
            stylesheet: Arc::new(Asset::new(
                include_bytes!("../static/style.css"),
                "text/css; charset=utf-8",
            )),
        }
    }
}

impl SiteState for AppState {
    type Account = User;

    fn tenants(&self) -> &Tenants {
        &self.tenants
    }

    fn cookies(&self) -> SiteCookies {
        crate::visitor::COOKIES
    }

    fn find_account(connection: &Connection, id: i64) -> Result<Option<User>, KitError> {
        Ok(users::by_id(connection, id)?)
    }
}
