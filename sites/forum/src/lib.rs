//! The Postmill-style forum (VWA's "reddit", port 9999).
//!
//! Forums of image, text and link submissions with nested comment trees, votes that start
//! from the seeded scores, subscriptions, block lists and private messages, served from one
//! SQLite database per tenant ([`kit::Tenants`]). URLs and DOM hooks follow Postmill as
//! VisualWebArena's tasks use them (`/f/<forum>/<id>/<slug>`, `.submission__*`,
//! `.comment[data-level]`, `#sidebar > section > ul`, …). [`ForumSite`] holds the site's own
//! facts for kit's content frame; [`seed`] fills the deterministic base data; [`ForumQueries`]
//! gives evaluators typed access to a tenant's state; [`bench`] measures page latency and
//! tenant reset at full scale.

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
mod visitor;

pub use error::ForumError;
pub use kit::Scale;
pub use queries::ForumQueries;
pub use seed::{DEFAULT_PASSWORD, DEFAULT_USERNAME, SeedCounts};
pub use site::ForumSite;

/// The site's name in the tenant registry.
pub const SITE: kit::SiteName = <ForumSite as kit::content::SiteDefinition>::NAME;

/// The forum being served (its router, login cookies and typed queries).
pub type Forum = kit::content::Hosted<ForumSite>;
