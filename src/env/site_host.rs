//! What the controller needs from the hosted sites: a private tenant per episode, logged-in
//! sessions handed to the browser as cookies, the tenant's state for evaluators, and the
//! capabilities hosted sites offer (a workspace episodes write into, the staging of
//! evaluation targets).

use evaluators::{SiteQuerySet, TargetStaging};
use kit::TenantId;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

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

/// A site-host failure: the tenant registry or a site itself.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SiteHostError {
    /// The tenant registry failed.
    #[error("site tenancy: {0}")]
    Tenant(#[from] kit::KitError),
    /// A site failed (its data, an unknown account, …).
    #[error("site {0}")]
    Site(#[from] kit::SiteError),
}

/// The sites Agora serves, as the controller sees them.
pub trait SiteHost: Send + Sync + fmt::Debug {
    /// Site names and base URLs (`classifieds` → `http://127.0.0.1:9980`).
    fn site_urls(&self) -> Vec<(String, String)>;
    /// Creates a fresh tenant; it copies a site's data when it first uses the site.
    fn create_tenant(&self) -> Result<TenantId, SiteHostError>;
    /// The tenant of browsers without a tenant cookie (shared by everyone).
    fn default_tenant(&self) -> TenantId;
    /// Drops a tenant and its data.
    fn remove_tenant(&self, tenant: &TenantId);
    /// How long ago a site request last selected `tenant` (since it was made, if none has).
    fn tenant_idle(&self, tenant: &TenantId) -> Result<std::time::Duration, SiteHostError>;
    /// Cookies that log the site's default account in on `tenant` (`site` is Agora's name or
    /// a task-file name such as `reddit`); empty for sites not hosted or without accounts.
    fn login_cookies(
        &self,
        site: &str,
        tenant: &TenantId,
    ) -> Result<Vec<SiteCookie>, SiteHostError>;
    /// Names of the cookies a site sets on any page for a browser that has none of its own:
    /// an anonymous visitor's random id, which tells a later page nothing.
    fn visitor_cookies(&self) -> Vec<String>;
    /// `tenant`'s site state now (rows written, what the sites keep in memory for it):
    /// unchanged while that state is.
    fn stamp(&self, tenant: &TenantId) -> Result<kit::TenantStamp, SiteHostError>;
    /// The evaluators' queries over `tenant`'s state of every site.
    fn queries(&self, tenant: &TenantId) -> Result<SiteQuerySet, SiteHostError>;
    /// The workspace a hosted site offers episodes, if one does.
    fn workspace(&self) -> Option<Arc<dyn kit::site::Workspace>>;
    /// The staging of evaluation targets for `tenant`, if a hosted site offers it.
    fn staging(&self, tenant: &TenantId) -> Option<Arc<dyn TargetStaging>>;
    /// Each site's state by name (`ready`, or why not).
    fn readiness(&self) -> BTreeMap<String, String>;
}
