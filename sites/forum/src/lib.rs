//! The Postmill-style forum (VWA's "reddit", port 9999).
//!
//! Forums of image, text and link submissions with nested comment trees, votes that start
//! from the seeded scores, subscriptions, block lists and private messages, served from one
//! SQLite database per tenant ([`kit::Tenants`]). URLs and DOM hooks follow Postmill as
//! VisualWebArena's tasks use them (`/f/<forum>/<id>/<slug>`, `.submission__*`,
//! `.comment[data-level]`, `#sidebar > section > ul`, …). [`seed()`] builds the
//! deterministic base data; [`ForumQueries`] gives evaluators typed access to a tenant's
//! state; [`bench`] measures page latency and tenant reset at full scale.

pub mod bench;
pub mod db;
pub mod dump;
mod error;
pub mod ground_truth;
mod markdown;
pub mod migrations;
mod pages;
mod queries;
mod routes;
pub mod seed;
mod site;
mod state;
mod visitor;

pub use error::ForumError;
pub use kit::Scale;
pub use queries::ForumQueries;
pub use seed::{BASE_FILE, DEFAULT_PASSWORD, DEFAULT_SEED, DEFAULT_USERNAME, SeedReport, seed};
pub use site::ForumSite;

use kit::fetch::OwnOrigins;
use kit::{Directory, SiteName, TenantId, Tenants};
use std::path::Path;

/// The site's name in the tenant registry.
pub const SITE: SiteName = SiteName("forum");
/// The login session cookie (named per site so sites on one host do not collide).
pub const SESSION_COOKIE: &str = "forum_session";
/// The CSRF double-submit cookie.
pub const CSRF_COOKIE: &str = "forum_csrf";
/// The cookie carrying a one-time notice across a redirect.
pub const NOTICE_COOKIE: &str = "forum_notice";
/// The port VWA serves the forum on.
pub const DEFAULT_PORT: u16 = 9999;

/// The forum, opened over a tenant registry.
#[derive(Debug, Clone)]
pub struct Forum {
    tenants: Tenants,
    origins: OwnOrigins,
}

impl Forum {
    /// Registers `data_dir/forum.sqlite` as the site's base database with `tenants`.
    pub fn open(data_dir: &Path, tenants: &Tenants) -> Result<Self, ForumError> {
        let image = kit::database::read_image(&data_dir.join(BASE_FILE))?;
        tenants.register_site(SITE, image)?;
        Ok(Self {
            tenants: tenants.clone(),
            origins: OwnOrigins::default(),
        })
    }

    /// Lets image posts take pictures by URL from the sites of `directory` (none before).
    pub fn with_sites(mut self, directory: &Directory) -> Self {
        self.origins = OwnOrigins::of(directory);
        self
    }

    /// The site's HTTP routes.
    pub fn router(&self) -> axum::Router {
        routes::router(self.tenants.clone(), self.origins.clone())
    }

    /// A session cookie `(name, value)` that logs `username` in on tenant `id`.
    pub fn login_cookie(
        &self,
        id: &TenantId,
        username: &str,
    ) -> Result<(String, String), ForumError> {
        let database = self.tenants.database(id, SITE)?;
        let username = username.to_owned();
        let token = database.call_blocking(move |connection| {
            let (user, _) = db::users::by_name(connection, &username)?
                .ok_or_else(|| ForumError::UnknownUser(username.clone()))?;
            Ok::<_, ForumError>(kit::auth::create_session(connection, user.id)?)
        })?;
        Ok((SESSION_COOKIE.to_owned(), token))
    }

    /// Typed queries over tenant `id`'s state (for evaluators and tests); nothing is copied
    /// until a query runs.
    pub fn queries(&self, id: &TenantId) -> Result<ForumQueries, ForumError> {
        if !self.tenants.contains(id) {
            return Err(kit::KitError::UnknownTenant(id.to_string()).into());
        }
        Ok(ForumQueries::new(self.tenants.handle(*id, SITE)))
    }
}
