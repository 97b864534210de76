//! Admin bearer tokens (`POST /rest/V1/integration/admin/token`): issued for the admin
//! account VWA's configs use, valid four hours (Magento's default) and only on the tenant
//! they were issued on. Kept in memory, at most [`CAPACITY`] at once.

use kit::TenantId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The admin account's user name (VWA's `shopping_site_admin`).
pub const ADMIN_USERNAME: &str = "admin";
/// The admin account's password.
pub const ADMIN_PASSWORD: &str = "admin1234";
/// How long a token is valid.
const LIFETIME: Duration = Duration::from_secs(4 * 3600);
/// Tokens kept at most; beyond it the oldest is forgotten.
const CAPACITY: usize = 10_000;

/// Whether `username` and `password` are the admin account's.
pub(crate) fn is_admin(username: &str, password: &str) -> bool {
    username == ADMIN_USERNAME && password == ADMIN_PASSWORD
}

struct Issued {
    tenant: TenantId,
    at: Instant,
}

/// The tokens issued so far; clones share them.
#[derive(Clone, Default)]
pub(crate) struct AdminTokens {
    issued: Arc<Mutex<HashMap<String, Issued>>>,
}

impl AdminTokens {
    /// A fresh token for `tenant`.
    pub(crate) fn issue(&self, tenant: TenantId) -> String {
        let token = kit::token::random_hex(16);
        let now = Instant::now();
        if let Ok(mut issued) = self.issued.lock() {
            issued.retain(|_, old| now.duration_since(old.at) < LIFETIME);
            if issued.len() >= CAPACITY
                && let Some(oldest) = issued
                    .iter()
                    .min_by_key(|(_, old)| old.at)
                    .map(|(key, _)| key.clone())
            {
                issued.remove(&oldest);
            }
            issued.insert(token.clone(), Issued { tenant, at: now });
        }
        token
    }

    /// Whether `token` was issued on `tenant` and is still valid.
    pub(crate) fn is_valid(&self, token: &str, tenant: TenantId) -> bool {
        self.issued.lock().is_ok_and(|issued| {
            issued
                .get(token)
                .is_some_and(|found| found.tenant == tenant && found.at.elapsed() < LIFETIME)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_valid_on_its_own_tenant_only() {
        let tokens = AdminTokens::default();
        let (mine, other) = (TenantId::random(), TenantId::random());
        let token = tokens.issue(mine);
        assert!(tokens.is_valid(&token, mine));
        assert!(!tokens.is_valid(&token, other));
        assert!(!tokens.is_valid("0123", mine));
        assert!(is_admin("admin", "admin1234"));
        assert!(!is_admin("admin", "admin12345"));
    }

    #[test]
    fn the_store_is_bounded() {
        let tokens = AdminTokens::default();
        let tenant = TenantId::random();
        let first = tokens.issue(tenant);
        for _ in 0..CAPACITY {
            tokens.issue(tenant);
        }
        assert!(!tokens.is_valid(&first, tenant));
        assert_eq!(tokens.issued.lock().unwrap().len(), CAPACITY);
    }
}
