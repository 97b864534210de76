//! What the controller needs from the hosted sites: a private tenant per episode and
//! logged-in sessions, handed to the browser as cookies.

use std::fmt;

/// A cookie the browser gets before the episode's first navigation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteCookie {
    /// A URL of the site the cookie belongs to.
    pub url: String,
    /// Cookie name.
    pub name: String,
    /// Cookie value.
    pub value: String,
}

/// A site-host failure (seeding, tenancy, unknown account).
#[derive(Debug, Clone, thiserror::Error)]
#[error("site host: {0}")]
pub struct SiteHostError(pub String);

/// The sites Agora serves, as the controller sees them.
pub trait SiteHost: Send + Sync + fmt::Debug {
    /// Site names and base URLs (`classifieds` → `http://127.0.0.1:9980`).
    fn site_urls(&self) -> Vec<(String, String)>;
    /// Creates a fresh tenant (a private copy of every site's data) and returns the cookies
    /// that select it.
    fn create_tenant(&self) -> Result<(String, Vec<SiteCookie>), SiteHostError>;
    /// Drops a tenant.
    fn remove_tenant(&self, tenant: &str);
    /// Cookies that log the site's default account in on `tenant`; empty for sites not hosted.
    fn login_cookies(&self, site: &str, tenant: &str) -> Result<Vec<SiteCookie>, SiteHostError>;
}
