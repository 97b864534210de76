//! One tenant's state as a stamp, the one meaning of "nothing changed" in `tasks check`: its
//! sites' state (rows written, what they keep in memory), the browser's cookies beyond the
//! sites' visitor ids, and what the page's origin stores.

use super::EnvError;
use super::site_host::SiteHost;
use crate::browser::{BrowserError, BrowserSession};
use kit::{TenantId, TenantStamp};
use std::collections::BTreeSet;

/// A tenant's state at one moment, as far as a later page could tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateStamp {
    /// The sites' state of the tenant.
    pub sites: TenantStamp,
    /// Cookies in the browser `(name, value)`, the sites' visitor ids left out.
    pub cookies: BTreeSet<(String, String)>,
    /// Entries the active page's origin stores (`None`: its script could not count them).
    pub origin_storage: Option<u64>,
}

impl StateStamp {
    /// Takes the stamp of `tenant` with its browser `session`.
    pub(super) async fn take(
        sites: &dyn SiteHost,
        tenant: &TenantId,
        session: &BrowserSession,
    ) -> Result<Self, EnvError> {
        let visitor_ids = sites.visitor_cookies();
        let cookies = session
            .all_cookies()
            .await?
            .into_iter()
            .filter(|cookie| !visitor_ids.contains(&cookie.name))
            .map(|cookie| (cookie.name, cookie.value))
            .collect();
        // A page whose script cannot count what it keeps is not taken to keep nothing.
        let origin_storage = match session.origin_storage_entries().await {
            Ok(entries) => Some(entries),
            Err(BrowserError::Script(_)) => None,
            Err(error) => return Err(error.into()),
        };
        Ok(Self {
            sites: sites.stamp(tenant)?,
            cookies,
            origin_storage,
        })
    }

    /// Whether nothing changed between `earlier` and this stamp (never where either's
    /// storage could not be counted).
    pub fn unchanged_since(&self, earlier: &StateStamp) -> bool {
        self.origin_storage.is_some() && self == earlier
    }

    /// Whether the state holds nothing but `sites` and the cookies `set` (`(name, value)`),
    /// with nothing stored by the origin: what a start that leaves nothing behind shows.
    pub fn holds_only(&self, sites: TenantStamp, set: &BTreeSet<(String, String)>) -> bool {
        self.sites == sites && self.cookies.is_subset(set) && self.origin_storage == Some(0)
    }
}
