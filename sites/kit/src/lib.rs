//! What every Agora site shares: SQLite tenancy, auth, templates, uploads and errors.
//!
//! A site keeps its state in one SQLite database. `agora seed` builds a *base* database per
//! site; [`Tenants`] hands each episode its own in-memory copy of a site's base on the
//! tenant's first request to it, chosen per browser session by the [`TENANT_COOKIE`] so no URL
//! the agent sees changes. Every site implements the [`Site`] contract, which is all the
//! binary knows of it.
//! [`auth`] holds argon2 passwords and sessions, [`csrf`] the tokens every form carries
//! (bound to the login session or visitor id, keyed by the server), [`throttle`] the failed-login limit, [`upload`] the capped, sniffed image
//! uploads, [`fetch`] pictures taken by URL from Agora's own sites only, [`error_page`] the HTML error
//! page, [`assets`] the cache headers of static files and [`reset`] VWA's reset call.

pub mod assets;
pub mod auth;
pub mod clock;
pub mod content;
pub mod cookie;
pub mod csrf;
pub mod database;
pub mod error;
pub mod error_page;
pub mod fetch;
pub mod form;
pub mod ground_truth;
pub mod money;
pub mod multipart;
pub mod names;
pub mod notice;
pub mod pager;
pub mod picture_facts;
pub mod plural;
pub mod prose;
pub mod reset;
pub mod samples;
pub mod site;
pub mod tenant;
pub mod testing;
pub mod timing;
pub mod token;
pub mod upload;
pub mod visitor;

pub use database::{Database, Migrations};
pub use error::KitError;
pub use error_page::PageError;
pub use site::{
    BaseData, BenchFuture, Directory, HostedSite, Listing, OpenContext, Scale, SeedReport, Site,
    SiteError,
};
pub use tenant::{SiteName, TENANT_COOKIE, TenantDatabase, TenantId, TenantStamp, Tenants};
