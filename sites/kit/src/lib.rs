//! What every Agora site shares: SQLite tenancy, auth, templates, uploads, errors and imagery.
//!
//! A site keeps its state in one SQLite database. `agora seed` builds a *base* database per
//! site; [`Tenants`] hands each episode its own in-memory copy of every registered site's base,
//! chosen per browser session by the [`TENANT_COOKIE`] so no URL the agent sees changes.
//! [`auth`] holds argon2 passwords and sessions, [`csrf`] the double-submit tokens every
//! form carries, [`upload`] the capped, sniffed image uploads, [`error_page`] the HTML error
//! page and [`assets`] the cache headers of static files.

pub mod assets;
pub mod auth;
pub mod cookie;
pub mod csrf;
pub mod database;
pub mod error;
pub mod error_page;
pub mod imagery;
pub mod tenant;
pub mod token;
pub mod upload;

pub use database::{Database, Migrations};
pub use error::KitError;
pub use error_page::PageError;
pub use tenant::{SiteName, TENANT_COOKIE, TenantId, Tenants};
