//! The state every shopping handler shares: tenants, the stylesheet and the photo cache.

use crate::db::customers::{self, Customer};
use kit::assets::Asset;
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
    /// Rendered photos (shared by all tenants: seeded photos are the same).
    pub images: ImageCache,
    /// Recent failed logins.
    pub logins: LoginThrottle,
}

/// Memory kept for rendered photos.
const PHOTO_CACHE_BYTES: usize = 256 * 1024 * 1024;

impl AppState {
    /// The state over `tenants`.
    pub fn new(tenants: Tenants) -> Self {
        Self {
            tenants,
            images: ImageCache::new(PHOTO_CACHE_BYTES),
            logins: LoginThrottle::default(),
            stylesheet: Arc::new(Asset::new(
                include_bytes!("../static/style.css"),
                "text/css; charset=utf-8",
            )),
        }
    }
}

impl SiteState for AppState {
    type Account = Customer;

    fn tenants(&self) -> &Tenants {
        &self.tenants
    }

    fn cookies(&self) -> SiteCookies {
        SiteCookies {
            site: crate::SITE,
            session: crate::SESSION_COOKIE,
            csrf: crate::CSRF_COOKIE,
            notice: crate::NOTICE_COOKIE,
        }
    }

    fn find_account(connection: &Connection, id: i64) -> Result<Option<Customer>, KitError> {
        Ok(customers::by_id(connection, id)?)
    }
}
