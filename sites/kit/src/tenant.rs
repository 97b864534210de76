//! Tenancy: every episode gets its own in-memory copy of a site's base database, made on the
//! tenant's first request to that site — a tenant pays only for the sites it touches.
//!
//! Copying a large base (shopping's is ~150 MiB) costs about as long as the machine takes to
//! fault in that much fresh memory, so each site keeps one spare copy made off the request
//! path: a tenant's first use takes it and a background thread makes the next. Tenants created
//! faster than one copy's time make their own.
//!
//! The browser picks its tenant with the [`TENANT_COOKIE`]; cookies are per host, not per
//! port, so one cookie serves every site on the host, and a controller can set it on a
//! remote browser through WebDriver. Tenant ids are random 128-bit values. Visitors without
//! the cookie share the default tenant; a cookie that names no live tenant is refused rather
//! than silently served someone else's data.

use crate::{Database, KitError, cookie};
use axum::http::HeaderMap;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::{Duration, Instant};

/// The cookie that selects a browser session's tenant.
pub const TENANT_COOKIE: &str = "agora_tenant";

/// Identifies one tenant (one episode's copy of the sites' data): 128 random bits, written as
/// 32 lower-case hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TenantId(u128);

impl TenantId {
    /// A fresh id from the OS-seeded generator; unguessable.
    pub fn random() -> Self {
        Self(rand::random())
    }
}

impl fmt::Display for TenantId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{:032x}", self.0)
    }
}

impl FromStr for TenantId {
    type Err = KitError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.len() != 32 || !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return Err(KitError::InvalidTenantId(text.chars().take(64).collect()));
        }
        u128::from_str_radix(text, 16)
            .map(TenantId)
            .map_err(|_| KitError::InvalidTenantId(text.to_owned()))
    }
}

/// The name of a site, as registered with [`Tenants`] ("classifieds").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SiteName(pub &'static str);

impl fmt::Display for SiteName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.0)
    }
}

/// One tenant: the copies it has made so far, one per site it touched, and when a request
/// last selected it.
struct Tenant {
    copies: Mutex<HashMap<SiteName, Database>>,
    last_request: Mutex<Instant>,
    /// Changes the copies' row counts cannot see: what the sites keep in memory for the
    /// tenant (noted by them), and copies replaced or thrown away.
    unseen: std::sync::atomic::AtomicU64,
}

impl Default for Tenant {
    fn default() -> Self {
        Self {
            copies: Mutex::default(),
            last_request: Mutex::new(Instant::now()),
            unseen: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

impl Tenant {
    fn note_unseen(&self) {
        self.unseen
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A tenant's site state at one moment: two stamps are equal while nothing the sites hold for
/// it changed in between (its databases' rows, what the sites keep in memory for it, its copies
/// replaced by a reset).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TenantStamp {
    /// Rows written through the tenant's current database copies.
    pub rows_written: u64,
    /// Changes the row counts cannot see (memory kept by the sites, copies replaced).
    pub unseen: u64,
}

/// A site's spare copy: the copy, once made, and whether a thread is making it.
#[derive(Default)]
struct Spare {
    copy: Option<Database>,
    making: bool,
}

/// A site's base image and the spare copy of it kept ready for the next tenant.
struct Base {
    image: Vec<u8>,
    spare: Mutex<Spare>,
    /// Signalled when a spare is put in place.
    spare_ready: Condvar,
}

impl Base {
    fn new(image: Vec<u8>) -> Self {
        Self {
            image,
            spare: Mutex::default(),
            spare_ready: Condvar::new(),
        }
    }

    /// A fresh copy of the base: the spare if one is ready, else one made now. Either way a
    /// background thread then makes the next spare.
    fn fresh_copy(self: &Arc<Self>) -> Result<Database, KitError> {
        let spare = self
            .spare
            .lock()
            .map_err(|_| KitError::Poisoned)?
            .copy
            .take();
        let copy = match spare {
            Some(database) => database,
            None => Database::from_image(&self.image)?,
        };
        self.refill();
        Ok(copy)
    }

    /// Makes the next spare on its own thread, unless one is ready or being made.
    fn refill(self: &Arc<Self>) {
        {
            let Ok(mut spare) = self.spare.lock() else {
                return;
            };
            if spare.copy.is_some() || spare.making {
                return;
            }
            spare.making = true;
        }
        let base = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("tenant-spare".into())
            .spawn(move || {
                let copy = Database::from_image(&base.image).ok();
                if let Ok(mut spare) = base.spare.lock() {
                    *spare = Spare {
                        copy,
                        making: false,
                    };
                    base.spare_ready.notify_all();
                }
            });
        if spawned.is_err()
            && let Ok(mut spare) = self.spare.lock()
        {
            spare.making = false;
        }
    }
}

#[derive(Default)]
struct Registry {
    bases: HashMap<SiteName, Arc<Base>>,
    tenants: HashMap<TenantId, Arc<Tenant>>,
}

/// The registry of tenants over all sites. Clones share it.
#[derive(Clone)]
pub struct Tenants {
    registry: Arc<RwLock<Registry>>,
    default_id: TenantId,
}

impl fmt::Debug for Tenants {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.debug_struct("Tenants").finish_non_exhaustive()
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
        let default_id = TenantId::random();
        let mut registry = Registry::default();
        registry.tenants.insert(default_id, Arc::default());
        Self {
            registry: Arc::new(RwLock::new(registry)),
            default_id,
        }
    }

    /// The tenant of visitors without a tenant cookie.
    pub fn default_id(&self) -> TenantId {
        self.default_id
    }

    /// Registers a site's base database image (a serialized SQLite file). Tenants copy it
    /// when they first use the site; copies made from an earlier image are dropped.
    pub fn register_site(&self, site: SiteName, image: Vec<u8>) -> Result<(), KitError> {
        let mut registry = self.write()?;
        registry.bases.insert(site, Arc::new(Base::new(image)));
        for tenant in registry.tenants.values() {
            if let Ok(mut copies) = tenant.copies.lock() {
                copies.remove(&site);
            }
        }
        Ok(())
    }

    /// A new tenant; it copies a site's data on first use.
    pub fn create(&self) -> Result<TenantId, KitError> {
        let id = TenantId::random();
        self.write()?.tenants.insert(id, Arc::default());
        Ok(id)
    }

    /// Throws away the tenant's state: its next request to any site starts from the base.
    pub fn reset(&self, id: &TenantId) -> Result<(), KitError> {
        let mut registry = self.write()?;
        let tenant = registry
            .tenants
            .get_mut(id)
            .ok_or_else(|| KitError::UnknownTenant(id.to_string()))?;
        let unseen = tenant.unseen.load(std::sync::atomic::Ordering::Relaxed);
        *tenant = Arc::default();
        tenant
            .unseen
            .store(unseen + 1, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }

    /// Replaces tenant `id`'s copy of `site` with a fresh copy of the base (the spare when one
    /// is ready: see [`Tenants::wait_for_spare`]), after `carry` has moved what must outlive the reset from the old copy, if
    /// the tenant had one, into the fresh one. Requests already holding the old copy finish
    /// on it; every later request sees the fresh one.
    pub fn replace_copy(
        &self,
        id: &TenantId,
        site: SiteName,
        carry: impl FnOnce(&Database, &Database) -> Result<(), KitError>,
    ) -> Result<(), KitError> {
        let tenant = self.tenant(id)?;
        let base = self
            .read()?
            .bases
            .get(&site)
            .cloned()
            .ok_or_else(|| KitError::UnknownSite(site.to_string()))?;
        let mut copies = tenant.copies.lock().map_err(|_| KitError::Poisoned)?;
        let fresh = base.fresh_copy()?;
        if let Some(old) = copies.get(&site) {
            carry(old, &fresh)?;
        }
        tenant.note_unseen();
        if let Some(old) = copies.insert(site, fresh) {
            // Freeing a large copy takes a while; the caller need not wait for it.
            let _ = std::thread::Builder::new()
                .name("tenant-drop".into())
                .spawn(move || drop(old));
        }
        Ok(())
    }

    /// Forgets a tenant and frees its copies; a browser still holding its cookie is refused.
    /// The default tenant cannot be removed (reset it instead).
    pub fn remove(&self, id: &TenantId) {
        if *id == self.default_id {
            return;
        }
        if let Ok(mut registry) = self.registry.write() {
            registry.tenants.remove(id);
        }
    }

    /// How long ago a site request last selected tenant `id` (or, if none has, since it was
    /// made): how idle a browser Agora does not drive is.
    pub fn idle(&self, id: &TenantId) -> Result<Duration, KitError> {
        let tenant = self.tenant(id)?;
        let last = *tenant.last_request.lock().map_err(|_| KitError::Poisoned)?;
        Ok(last.elapsed())
    }

    /// Whether the tenant exists.
    pub fn contains(&self, id: &TenantId) -> bool {
        self.read()
            .map(|registry| registry.tenants.contains_key(id))
            .unwrap_or(false)
    }

    /// The sites tenant `id` has copied so far.
    pub fn touched_sites(&self, id: &TenantId) -> Result<Vec<SiteName>, KitError> {
        let tenant = self.tenant(id)?;
        let copies = tenant.copies.lock().map_err(|_| KitError::Poisoned)?;
        let mut sites: Vec<SiteName> = copies.keys().copied().collect();
        sites.sort();
        Ok(sites)
    }

    /// Tenant `id`'s site state now, as a stamp that stays the same while that state does.
    pub fn stamp(&self, id: &TenantId) -> Result<TenantStamp, KitError> {
        let tenant = self.tenant(id)?;
        let copies = tenant.copies.lock().map_err(|_| KitError::Poisoned)?;
        let rows_written = copies.values().try_fold(0, |total, database| {
            Ok::<_, KitError>(total + database.changes()?)
        })?;
        Ok(TenantStamp {
            rows_written,
            unseen: tenant.unseen.load(std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// Notes that a site changed what it keeps in memory for tenant `id` (a login throttle's
    /// count, an issued token): its [`Tenants::stamp`] moves. An unknown tenant is ignored.
    pub fn note_kept(&self, id: &TenantId) {
        if let Ok(tenant) = self.tenant(id) {
            tenant.note_unseen();
        }
    }

    /// The site's database of tenant `id`, copied from the base on first use (blocking: a
    /// copy is a memory copy of the whole base image).
    pub fn database(&self, id: &TenantId, site: SiteName) -> Result<Database, KitError> {
        let (tenant, base) = {
            let registry = self.read()?;
            let tenant = registry
                .tenants
                .get(id)
                .cloned()
                .ok_or_else(|| KitError::UnknownTenant(id.to_string()))?;
            let base = registry
                .bases
                .get(&site)
                .cloned()
                .ok_or_else(|| KitError::UnknownSite(site.to_string()))?;
            (tenant, base)
        };
        // Holding the tenant's lock while copying makes concurrent first requests share one
        // copy; other tenants are not affected.
        let mut copies = tenant.copies.lock().map_err(|_| KitError::Poisoned)?;
        if let Some(database) = copies.get(&site) {
            return Ok(database.clone());
        }
        let database = base.fresh_copy()?;
        copies.insert(site, database.clone());
        Ok(database)
    }

    /// Waits up to `cap` for `site`'s spare copy to be ready (it is made after a tenant's
    /// first use of the site); whether it is.
    pub fn wait_for_spare(&self, site: SiteName, cap: Duration) -> Result<bool, KitError> {
        let base = self
            .read()?
            .bases
            .get(&site)
            .cloned()
            .ok_or_else(|| KitError::UnknownSite(site.to_string()))?;
        base.refill();
        let spare = base.spare.lock().map_err(|_| KitError::Poisoned)?;
        let (spare, _) = base
            .spare_ready
            .wait_timeout_while(spare, cap, |spare| spare.copy.is_none() && spare.making)
            .map_err(|_| KitError::Poisoned)?;
        Ok(spare.copy.is_some())
    }

    /// The tenant a request selects: the default one without a [`TENANT_COOKIE`], the named
    /// one if it is live, an error otherwise (never someone else's data).
    pub fn tenant_of_request(&self, headers: &HeaderMap) -> Result<TenantId, KitError> {
        let Some(value) = cookie::get(headers, TENANT_COOKIE) else {
            return Ok(self.default_id);
        };
        let id: TenantId = value.parse()?;
        let tenant = self.tenant(&id)?;
        if let Ok(mut last) = tenant.last_request.lock() {
            *last = Instant::now();
        }
        Ok(id)
    }

    /// The site's database of the tenant a request selects ([`Tenants::tenant_of_request`]);
    /// a first-use copy runs on the blocking pool.
    pub async fn database_for_request(
        &self,
        headers: &HeaderMap,
        site: SiteName,
    ) -> Result<Database, KitError> {
        let id = self.tenant_of_request(headers)?;
        self.handle(id, site).get().await
    }

    /// A handle on tenant `id`'s database of `site` that copies nothing until it is used.
    pub fn handle(&self, id: TenantId, site: SiteName) -> TenantDatabase {
        TenantDatabase {
            tenants: self.clone(),
            id,
            site,
        }
    }

    /// The tenant's copy of the site, if it has made one.
    fn copied(&self, id: &TenantId, site: SiteName) -> Result<Option<Database>, KitError> {
        let tenant = self.tenant(id)?;
        let copies = tenant.copies.lock().map_err(|_| KitError::Poisoned)?;
        Ok(copies.get(&site).cloned())
    }

    fn tenant(&self, id: &TenantId) -> Result<Arc<Tenant>, KitError> {
        self.read()?
            .tenants
            .get(id)
            .cloned()
            .ok_or_else(|| KitError::UnknownTenant(id.to_string()))
    }

    fn read(&self) -> Result<std::sync::RwLockReadGuard<'_, Registry>, KitError> {
        self.registry.read().map_err(|_| KitError::Poisoned)
    }

    fn write(&self) -> Result<std::sync::RwLockWriteGuard<'_, Registry>, KitError> {
        self.registry.write().map_err(|_| KitError::Poisoned)
    }
}

/// One tenant's database of one site, resolved when used: the copy is made on first use,
/// on the blocking pool.
#[derive(Debug, Clone)]
pub struct TenantDatabase {
    tenants: Tenants,
    id: TenantId,
    site: SiteName,
}

impl TenantDatabase {
    /// The database, copying the site's base first if the tenant has not used the site yet.
    pub async fn get(&self) -> Result<Database, KitError> {
        if let Some(database) = self.tenants.copied(&self.id, self.site)? {
            return Ok(database);
        }
        let this = self.clone();
        tokio::task::spawn_blocking(move || this.tenants.database(&this.id, this.site))
            .await
            .map_err(|error| KitError::Task(error.to_string()))?
    }

    /// The tenant.
    pub fn tenant(&self) -> TenantId {
        self.id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, header};
    use rusqlite::Connection;

    const SITE: SiteName = SiteName("notes");
    const OTHER: SiteName = SiteName("other");

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

    fn cookie_headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        let cookie = format!("{TENANT_COOKIE}={value}");
        headers.insert(header::COOKIE, HeaderValue::from_str(&cookie).unwrap());
        headers
    }

    #[test]
    fn tenants_are_isolated_and_reset_restores_the_base() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let first = tenants.create().unwrap();
        let second = tenants.create().unwrap();
        wipe(&tenants.database(&first, SITE).unwrap());
        assert_eq!(count(&tenants.database(&first, SITE).unwrap()), 0);
        assert_eq!(count(&tenants.database(&second, SITE).unwrap()), 1);
        assert_eq!(
            count(&tenants.database(&tenants.default_id(), SITE).unwrap()),
            1
        );
        tenants.reset(&first).unwrap();
        assert_eq!(count(&tenants.database(&first, SITE).unwrap()), 1);
    }

    #[test]
    fn a_tenants_stamp_moves_with_its_rows_its_kept_memory_and_its_resets_only() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let (mine, other) = (tenants.create().unwrap(), tenants.create().unwrap());
        let database = tenants.database(&mine, SITE).unwrap();
        let others = tenants.stamp(&other).unwrap();
        let mut last = tenants.stamp(&mine).unwrap();
        count(&database);
        assert_eq!(tenants.stamp(&mine).unwrap(), last, "reading is no change");
        for what in [
            "a row written",
            "memory a site keeps",
            "a copy replaced (a VWA reset)",
            "the tenant reset",
        ] {
            match what {
                "a row written" => wipe(&database),
                "memory a site keeps" => tenants.note_kept(&mine),
                "the tenant reset" => tenants.reset(&mine).unwrap(),
                _ => tenants.replace_copy(&mine, SITE, |_, _| Ok(())).unwrap(),
            }
            let now = tenants.stamp(&mine).unwrap();
            assert_ne!(now, last, "{what} moves the stamp");
            last = now;
        }
        assert_eq!(
            tenants.stamp(&other).unwrap(),
            others,
            "other tenants' stay"
        );
    }

    #[test]
    fn spare_copies_are_pristine_private_and_follow_a_new_base() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let cap = Duration::from_secs(10);
        let first = tenants.create().unwrap();
        wipe(&tenants.database(&first, SITE).unwrap());
        // The spare made after the first use is a clean base, and only the next tenant gets it.
        assert!(tenants.wait_for_spare(SITE, cap).unwrap());
        let second = tenants.create().unwrap();
        let third = tenants.create().unwrap();
        wipe(&tenants.database(&second, SITE).unwrap());
        assert_eq!(count(&tenants.database(&third, SITE).unwrap()), 1);
        assert_eq!(count(&tenants.database(&second, SITE).unwrap()), 0);
        // A spare of an older base is never handed out.
        assert!(tenants.wait_for_spare(SITE, cap).unwrap());
        let connection = Connection::open_in_memory().unwrap();
        connection
            .execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('a'), ('b');")
            .unwrap();
        let newer = connection.serialize(rusqlite::MAIN_DB).unwrap().to_vec();
        tenants.register_site(SITE, newer).unwrap();
        let fourth = tenants.create().unwrap();
        assert_eq!(count(&tenants.database(&fourth, SITE).unwrap()), 2);
    }

    #[test]
    fn a_tenant_copies_only_the_sites_it_touches() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        tenants.register_site(OTHER, image()).unwrap();
        let id = tenants.create().unwrap();
        assert!(tenants.touched_sites(&id).unwrap().is_empty());
        tenants.database(&id, OTHER).unwrap();
        tenants.database(&id, OTHER).unwrap();
        assert_eq!(tenants.touched_sites(&id).unwrap(), vec![OTHER]);
        tenants.reset(&id).unwrap();
        assert!(tenants.touched_sites(&id).unwrap().is_empty());
        assert!(
            tenants
                .database(&id, SiteName("nowhere"))
                .unwrap_err()
                .to_string()
                .contains("nowhere")
        );
    }

    #[test]
    fn ids_are_random_128_bit_hex_and_round_trip() {
        let tenants = Tenants::new();
        let first = tenants.create().unwrap();
        let second = tenants.create().unwrap();
        assert_ne!(first, second);
        let text = first.to_string();
        assert_eq!(text.len(), 32);
        assert_eq!(text.parse::<TenantId>().unwrap(), first);
        for bad in ["", "1", "424242", &"g".repeat(32), &"a".repeat(33)] {
            assert!(bad.parse::<TenantId>().is_err(), "{bad:?} parsed");
        }
    }

    #[tokio::test]
    async fn the_cookie_selects_a_live_tenant_and_anything_else_is_refused() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let id = tenants.create().unwrap();
        wipe(&tenants.database(&id, SITE).unwrap());
        let mine = cookie_headers(&id.to_string());
        let database = tenants.database_for_request(&mine, SITE).await.unwrap();
        assert_eq!(count(&database), 0);
        // No cookie: the shared default tenant.
        let none = tenants
            .database_for_request(&HeaderMap::new(), SITE)
            .await
            .unwrap();
        assert_eq!(count(&none), 1);
        // Junk, a guessed id and a removed tenant are all refused, not served the default.
        let guessed = TenantId::random().to_string();
        for value in ["junk", "0", "1", guessed.as_str()] {
            let error = tenants
                .database_for_request(&cookie_headers(value), SITE)
                .await
                .unwrap_err();
            assert!(error.is_refused_tenant(), "{value}: {error}");
        }
        tenants.remove(&id);
        assert!(!tenants.contains(&id));
        let error = tenants.database_for_request(&mine, SITE).await.unwrap_err();
        assert!(error.is_refused_tenant());
        assert!(tenants.reset(&id).unwrap_err().is_unknown_tenant());
        // The default tenant cannot be removed.
        tenants.remove(&tenants.default_id());
        assert!(tenants.contains(&tenants.default_id()));
    }

    #[test]
    fn a_request_that_selects_a_tenant_makes_it_no_longer_idle() {
        let tenants = Tenants::new();
        let id = tenants.create().unwrap();
        let headers = cookie_headers(&id.to_string());
        let waited = Duration::from_millis(50);
        let cap = Instant::now() + Duration::from_secs(5);
        while tenants.idle(&id).unwrap() < waited && Instant::now() < cap {
            std::hint::spin_loop();
        }
        assert!(tenants.idle(&id).unwrap() >= waited);
        assert_eq!(tenants.tenant_of_request(&headers).unwrap(), id);
        assert!(tenants.idle(&id).unwrap() < waited);
        tenants.remove(&id);
        assert!(tenants.idle(&id).unwrap_err().is_unknown_tenant());
    }
}
