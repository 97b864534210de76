//! Tenancy: every episode gets its own in-memory copy of every site's base database.
//!
//! The browser picks its tenant with the [`TENANT_COOKIE`]; cookies are per host, not per
//! port, so one cookie serves every site on the host, and a controller can set it on a
//! remote browser through WebDriver. Visitors without a (known) tenant share the default one.

use crate::{Database, KitError, cookie};
use axum::http::HeaderMap;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// The cookie that selects a browser session's tenant.
pub const TENANT_COOKIE: &str = "agora_tenant";

/// Identifies one tenant (one episode's copy of every site).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TenantId(u64);

impl fmt::Display for TenantId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.0)
    }
}

impl FromStr for TenantId {
    type Err = KitError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.trim()
            .parse::<u64>()
            .map(TenantId)
            .map_err(|_| KitError::InvalidTenantId(text.to_owned()))
    }
}

impl TenantId {
    /// The tenant named by the request's [`TENANT_COOKIE`], if any parses.
    pub fn from_headers(headers: &HeaderMap) -> Option<TenantId> {
        cookie::get(headers, TENANT_COOKIE)?.parse().ok()
    }
}

/// The name of a site, as registered with [`Tenants`] ("classifieds").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SiteName(pub &'static str);

impl fmt::Display for SiteName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.0)
    }
}

#[derive(Default)]
struct Registry {
    bases: HashMap<SiteName, Arc<Vec<u8>>>,
    tenants: HashMap<TenantId, HashMap<SiteName, Database>>,
}

/// The registry of tenants over all sites. Clones share it.
#[derive(Clone)]
pub struct Tenants {
    registry: Arc<RwLock<Registry>>,
    next_id: Arc<AtomicU64>,
    default_id: TenantId,
}

impl fmt::Debug for Tenants {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Tenants")
            .field("default_id", &self.default_id)
            .finish_non_exhaustive()
    }
}

impl Default for Tenants {
    fn default() -> Self {
        Self::new()
    }
}

impl Tenants {
    /// An empty registry holding only the shared default tenant.
    pub fn new() -> Self {
        let default_id = TenantId(0);
        let mut registry = Registry::default();
        registry.tenants.insert(default_id, HashMap::new());
        Self {
            registry: Arc::new(RwLock::new(registry)),
            next_id: Arc::new(AtomicU64::new(1)),
            default_id,
        }
    }

    /// The tenant of visitors without a tenant cookie.
    pub fn default_id(&self) -> TenantId {
        self.default_id
    }

    /// Registers a site's base database image (a serialized SQLite file); every existing
    /// tenant, the default one included, gets its own copy.
    pub fn register_site(&self, site: SiteName, image: Vec<u8>) -> Result<(), KitError> {
        let image = Arc::new(image);
        let ids: Vec<TenantId> = self.read()?.tenants.keys().copied().collect();
        let mut copies = Vec::with_capacity(ids.len());
        for id in ids {
            copies.push((id, Database::from_image(&image)?));
        }
        let mut registry = self.write()?;
        registry.bases.insert(site, image);
        for (id, database) in copies {
            if let Some(databases) = registry.tenants.get_mut(&id) {
                databases.insert(site, database);
            }
        }
        Ok(())
    }

    /// A new tenant with a fresh copy of every registered site's base database.
    pub fn create(&self) -> Result<TenantId, KitError> {
        let id = TenantId(self.next_id.fetch_add(1, Ordering::Relaxed));
        let databases = self.fresh_copies()?;
        self.write()?.tenants.insert(id, databases);
        Ok(id)
    }

    /// Throws away the tenant's state and gives it fresh copies of the base databases.
    pub fn reset(&self, id: &TenantId) -> Result<(), KitError> {
        if !self.read()?.tenants.contains_key(id) {
            return Err(KitError::UnknownTenant(id.to_string()));
        }
        // Copy outside the write lock so other tenants' requests keep flowing meanwhile.
        let databases = self.fresh_copies()?;
        self.write()?.tenants.insert(*id, databases);
        Ok(())
    }

    /// Forgets a tenant; its visitors fall back to the default tenant. The default tenant
    /// itself cannot be removed (reset it instead).
    pub fn remove(&self, id: &TenantId) {
        if *id == self.default_id {
            return;
        }
        if let Ok(mut registry) = self.registry.write() {
            registry.tenants.remove(id);
        }
    }

    /// Whether the tenant exists.
    pub fn contains(&self, id: &TenantId) -> bool {
        self.read()
            .map(|registry| registry.tenants.contains_key(id))
            .unwrap_or(false)
    }

    /// The site's database of tenant `id`; an unknown or missing tenant gets the default one.
    pub fn database(&self, id: Option<&TenantId>, site: SiteName) -> Result<Database, KitError> {
        let registry = self.read()?;
        let databases = id
            .and_then(|id| registry.tenants.get(id))
            .or_else(|| registry.tenants.get(&self.default_id))
            .ok_or_else(|| KitError::UnknownTenant(self.default_id.to_string()))?;
        databases
            .get(&site)
            .cloned()
            .ok_or_else(|| KitError::UnknownSite(site.to_string()))
    }

    /// The site's database of the tenant named by the request's cookie (or the default one).
    pub fn database_for_request(
        &self,
        headers: &HeaderMap,
        site: SiteName,
    ) -> Result<Database, KitError> {
        self.database(TenantId::from_headers(headers).as_ref(), site)
    }

    /// The site's database of exactly tenant `id` (no fallback).
    pub fn database_of(&self, id: &TenantId, site: SiteName) -> Result<Database, KitError> {
        if !self.contains(id) {
            return Err(KitError::UnknownTenant(id.to_string()));
        }
        self.database(Some(id), site)
    }

    fn fresh_copies(&self) -> Result<HashMap<SiteName, Database>, KitError> {
        let bases: Vec<(SiteName, Arc<Vec<u8>>)> = self
            .read()?
            .bases
            .iter()
            .map(|(site, image)| (*site, Arc::clone(image)))
            .collect();
        bases
            .into_iter()
            .map(|(site, image)| Ok((site, Database::from_image(&image)?)))
            .collect()
    }

    fn read(&self) -> Result<std::sync::RwLockReadGuard<'_, Registry>, KitError> {
        self.registry.read().map_err(|_| KitError::Poisoned)
    }

    fn write(&self) -> Result<std::sync::RwLockWriteGuard<'_, Registry>, KitError> {
        self.registry.write().map_err(|_| KitError::Poisoned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, header};
    use rusqlite::Connection;

    const SITE: SiteName = SiteName("notes");

    fn image() -> Vec<u8> {
        let connection = Connection::open_in_memory().unwrap();
        connection
            .execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('base');")
            .unwrap();
        let data = connection.serialize(rusqlite::MAIN_DB).unwrap();
        data.to_vec()
    }

    fn count(database: &Database) -> i64 {
        database
            .call_blocking(|c| {
                c.query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
                    .map_err(KitError::from)
            })
            .unwrap()
    }

    fn wipe(database: &Database) {
        database
            .call_blocking(|c| c.execute("DELETE FROM notes", []).map_err(KitError::from))
            .unwrap();
    }

    #[test]
    fn tenants_are_isolated_and_reset_restores_the_base() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let first = tenants.create().unwrap();
        let second = tenants.create().unwrap();
        wipe(&tenants.database_of(&first, SITE).unwrap());
        assert_eq!(count(&tenants.database_of(&first, SITE).unwrap()), 0);
        assert_eq!(count(&tenants.database_of(&second, SITE).unwrap()), 1);
        assert_eq!(count(&tenants.database(None, SITE).unwrap()), 1);
        tenants.reset(&first).unwrap();
        assert_eq!(count(&tenants.database_of(&first, SITE).unwrap()), 1);
    }

    #[test]
    fn unknown_or_removed_tenants_fall_back_to_the_default_one() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        wipe(&tenants.database(None, SITE).unwrap());
        let id = tenants.create().unwrap();
        tenants.remove(&id);
        assert!(!tenants.contains(&id));
        assert_eq!(count(&tenants.database(Some(&id), SITE).unwrap()), 0);
        assert!(tenants.reset(&id).unwrap_err().is_unknown_tenant());
        assert!(
            tenants
                .database_of(&id, SITE)
                .unwrap_err()
                .is_unknown_tenant()
        );
    }

    #[test]
    fn the_cookie_selects_the_tenant() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let id = tenants.create().unwrap();
        wipe(&tenants.database_of(&id, SITE).unwrap());
        let mut headers = HeaderMap::new();
        let cookie = format!("{TENANT_COOKIE}={id}");
        headers.insert(header::COOKIE, HeaderValue::from_str(&cookie).unwrap());
        assert_eq!(
            count(&tenants.database_for_request(&headers, SITE).unwrap()),
            0
        );
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("agora_tenant=junk"),
        );
        assert_eq!(
            count(&tenants.database_for_request(&headers, SITE).unwrap()),
            1
        );
        assert!("x1".parse::<TenantId>().is_err());
    }
}
