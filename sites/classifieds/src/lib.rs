//! The OSClass-style classifieds site (VWA's "classifieds", port 9980).
//!
//! A marketplace of listings with photos, search with filters, accounts, comments and
//! ratings, served from one SQLite database per tenant ([`kit::Tenants`]). URLs and DOM hooks
//! follow OSClass as VisualWebArena's tasks use it (`index.php?page=item&id=N`,
//! `.comments_list h3`, `.item-photos`, …). [`seed()`] builds the deterministic base data;
//! [`ClassifiedsQueries`] gives evaluators typed access to a tenant's state; [`bench`] measures
//! page latency and tenant reset at full scale.

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

pub use error::ClassifiedsError;
pub use kit::Scale;
pub use queries::ClassifiedsQueries;
pub use routes::FORM_LIMIT;
pub use seed::{BASE_FILE, DEFAULT_EMAIL, DEFAULT_PASSWORD, DEFAULT_SEED, SeedReport, seed};
pub use site::ClassifiedsSite;

use kit::{SiteName, TenantId, Tenants};
use std::path::Path;

/// The site's name in the tenant registry.
pub const SITE: SiteName = SiteName("classifieds");
/// The login session cookie (named per site so sites on one host do not collide).
pub const SESSION_COOKIE: &str = "classifieds_session";
/// The CSRF double-submit cookie.
pub const CSRF_COOKIE: &str = "classifieds_csrf";
/// The cookie carrying a one-time notice across a redirect.
pub const NOTICE_COOKIE: &str = "classifieds_notice";
/// The port VWA serves the classifieds site on.
pub const DEFAULT_PORT: u16 = 9980;

/// The classifieds site, opened over a tenant registry.
#[derive(Debug, Clone)]
pub struct Classifieds {
    tenants: Tenants,
}

impl Classifieds {
    /// Registers `data_dir/classifieds.sqlite` as the site's base database with `tenants`.
    pub fn open(data_dir: &Path, tenants: &Tenants) -> Result<Self, ClassifiedsError> {
        let image = kit::database::read_image(&data_dir.join(BASE_FILE))?;
        tenants.register_site(SITE, image)?;
        Ok(Self {
            tenants: tenants.clone(),
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
    ) -> Result<(String, String), ClassifiedsError> {
        let database = self.tenants.database(id, SITE)?;
        let email = email.to_owned();
        let token = database.call_blocking(move |connection| {
            let (user, _) = db::users::by_email(connection, &email)?
                .ok_or_else(|| ClassifiedsError::UnknownUser(email.clone()))?;
            Ok::<_, ClassifiedsError>(kit::auth::create_session(connection, user.id)?)
        })?;
        Ok((SESSION_COOKIE.to_owned(), token))
    }

    /// Typed queries over tenant `id`'s state (for evaluators and tests); nothing is copied
    /// until a query runs.
    pub fn queries(&self, id: &TenantId) -> Result<ClassifiedsQueries, ClassifiedsError> {
        if !self.tenants.contains(id) {
            return Err(kit::KitError::UnknownTenant(id.to_string()).into());
        }
        Ok(ClassifiedsQueries::new(self.tenants.handle(*id, SITE)))
    }
}
