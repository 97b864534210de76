//! The OSClass-style classifieds site (VWA's "classifieds", port 9980).
//!
//! A marketplace of listings with photos, search with filters, accounts, comments and
//! ratings, served from one SQLite database per tenant ([`kit::Tenants`]). URLs and DOM hooks
//! follow OSClass as VisualWebArena's tasks use it (`index.php?page=item&id=N`,
//! `.comments_list h3`, `.item-photos`, …). [`ClassifiedsSite`] holds the site's own facts
//! for kit's content frame; [`seed`] fills the deterministic base data; [`ClassifiedsQueries`]
//! gives evaluators typed access to a tenant's state; [`bench`] measures page latency and
//! tenant reset at full scale.

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
mod visitor;

pub use error::ClassifiedsError;
pub use kit::Scale;
pub use queries::ClassifiedsQueries;
pub use seed::{DEFAULT_EMAIL, DEFAULT_PASSWORD, SeedCounts};
pub use site::ClassifiedsSite;

/// The site's name in the tenant registry.
pub const SITE: kit::SiteName = <ClassifiedsSite as kit::content::SiteDefinition>::NAME;

/// The classifieds site being served (its router, login cookies and typed queries).
pub type Classifieds = kit::content::Hosted<ClassifiedsSite>;
