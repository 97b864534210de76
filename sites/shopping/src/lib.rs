//! The Magento-style shopping site (VWA's "One Stop Market", port 7770).
//!
//! A store of products in a three-level category tree, with search, reviews, a cart, checkout,
//! orders, wishlist, comparison and a customer area, served from one SQLite database per
//! tenant ([`kit::Tenants`]). URLs and DOM hooks follow Magento 2 as VisualWebArena's tasks use
//! them (`/<url-key>.html`, `/checkout/cart/`, `.order-details-items.ordered`, …). [`seed()`]
//! builds the deterministic base data; [`ShoppingQueries`] gives evaluators typed access to a
//! tenant's state.

pub mod bench;
pub mod catalog;
pub mod db;
pub mod dump;
mod error;
pub mod ground_truth;
pub mod migrations;
mod pages;
mod queries;
mod routes;
pub mod seed;
mod site;
mod state;
mod visitor;

pub use error::ShoppingError;
pub use kit::Scale;
pub use queries::ShoppingQueries;
pub use routes::FORM_LIMIT;
pub use seed::{BASE_FILE, DEFAULT_EMAIL, DEFAULT_PASSWORD, DEFAULT_SEED, SeedReport, seed};
pub use site::ShoppingSite;

use kit::{SiteName, TenantId, Tenants};
use std::path::Path;

/// The site's name in the tenant registry.
pub const SITE: SiteName = SiteName("shopping");
/// The login session cookie.
pub const SESSION_COOKIE: &str = "shopping_session";
/// The CSRF double-submit cookie.
pub const CSRF_COOKIE: &str = "shopping_csrf";
/// The cookie carrying a one-time notice across a redirect.
pub const NOTICE_COOKIE: &str = "shopping_notice";
/// The port VWA serves the shopping site on.
pub const DEFAULT_PORT: u16 = 7770;

/// The shopping site, opened over a tenant registry.
#[derive(Debug, Clone)]
pub struct Shopping {
    tenants: Tenants,
    base_url: String,
}

impl Shopping {
    /// Registers `data_dir/shopping.sqlite` as the site's base database with `tenants`;
    /// `base_url` is where agents reach the site (for order URLs given to evaluators).
    pub fn open(data_dir: &Path, tenants: &Tenants, base_url: &str) -> Result<Self, ShoppingError> {
        let image = kit::database::read_image(&data_dir.join(BASE_FILE))?;
        tenants.register_site(SITE, image)?;
        Ok(Self {
            tenants: tenants.clone(),
            base_url: base_url.trim_end_matches('/').to_owned(),
        })
    }

    /// The site's HTTP routes.
    pub fn router(&self) -> axum::Router {
        routes::router(self.tenants.clone())
    }

    /// A session cookie `(name, value)` that logs `email` in on tenant `id`.
    pub fn login_cookie(
        &self,
        id: &TenantId,
        email: &str,
    ) -> Result<(String, String), ShoppingError> {
        let database = self.tenants.database(id, SITE)?;
        let email = email.to_owned();
        let token = database.call_blocking(move |connection| {
            let (customer, _) = db::customers::by_email(connection, &email)?
                .ok_or_else(|| ShoppingError::UnknownCustomer(email.clone()))?;
            Ok::<_, ShoppingError>(kit::auth::create_session(connection, customer.id)?)
        })?;
        Ok((SESSION_COOKIE.to_owned(), token))
    }

    /// Typed queries over tenant `id`'s state (for evaluators and tests).
    pub fn queries(&self, id: &TenantId) -> Result<ShoppingQueries, ShoppingError> {
        if !self.tenants.contains(id) {
            return Err(kit::KitError::UnknownTenant(id.to_string()).into());
        }
        Ok(ShoppingQueries::new(
            self.tenants.handle(*id, SITE),
            self.base_url.clone(),
        ))
    }
}
