//! The Magento-style shopping site (VWA's "One Stop Market", port 7770).
//!
//! A store of products in a three-level category tree, with search, reviews, a cart, checkout,
//! orders, wishlist, comparison and a customer area, served from one SQLite database per
//! tenant ([`kit::Tenants`]). URLs and DOM hooks follow Magento 2 as VisualWebArena's tasks use
//! them (`/<url-key>.html`, `/checkout/cart/`, `.order-details-items.ordered`, …).
//! [`ShoppingSite`] holds the site's own facts for kit's content frame; [`seed`] fills the
//! deterministic base data; [`ShoppingQueries`] gives evaluators typed access to a tenant's
//! state.

pub mod bench;
pub mod catalog;
pub mod db;
pub mod dump;
mod error;
pub mod ground_truth;
pub mod migrations;
mod pages;
mod queries;
pub mod rest;
mod routes;
pub mod seed;
mod site;
mod visitor;

pub use error::ShoppingError;
pub use kit::Scale;
pub use queries::ShoppingQueries;
pub use seed::{DEFAULT_EMAIL, DEFAULT_PASSWORD, SeedCounts};
pub use site::ShoppingSite;

/// The site's name in the tenant registry.
pub const SITE: kit::SiteName = <ShoppingSite as kit::content::SiteDefinition>::NAME;

/// The shopping site being served (its router, login cookies and typed queries).
pub type Shopping = kit::content::Hosted<ShoppingSite>;
