//! Targets staged for evaluation: a target is served to one tenant at a one-time URL
//! (`/staged/<key>/`, the key 128 random bits) from staging until release. Nothing else serves
//! a target, so an agent's browser cannot open one by name.

use crate::targets::{self, Target};
use evaluators::{EvalError, QueryFuture, TargetStaging};
use kit::TenantId;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

/// The most targets staged at once; the oldest is dropped first (an evaluation that never
/// released its stage cannot grow the list).
const MAX_STAGED: usize = 64;

/// One staged target.
#[derive(Debug, Clone)]
struct Stage {
    key: String,
    tenant: TenantId,
    target: &'static Target,
}

/// The staged targets. Clones share them.
#[derive(Debug, Clone, Default)]
pub struct Staging {
    stages: Arc<Mutex<VecDeque<Stage>>>,
}

impl Staging {
    /// Stages `target` for `tenant`; returns the key of its URL.
    pub fn stage(&self, tenant: TenantId, target: &'static Target) -> String {
        let key = TenantId::random().to_string();
        let mut stages = self.stages.lock().unwrap_or_else(PoisonError::into_inner);
        if stages.len() >= MAX_STAGED {
            stages.pop_front();
        }
        stages.push_back(Stage {
            key: key.clone(),
            tenant,
            target,
        });
        key
    }

    /// Ends the stage with `key`.
    pub fn release(&self, key: &str) {
        self.stages
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|stage| stage.key != key);
    }

    /// The target staged at `key` for `tenant`, if any.
    pub fn lookup(&self, key: &str, tenant: &TenantId) -> Option<&'static Target> {
        self.stages
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .find(|stage| stage.key == key && &stage.tenant == tenant)
            .map(|stage| stage.target)
    }
}

/// The staging capability for one tenant, as the evaluators receive it.
#[derive(Debug, Clone)]
pub struct TenantStaging {
    /// The tenant.
    pub tenant: TenantId,
    /// The site's staging.
    pub staging: Staging,
    /// The site's base URL as the agent's browser reaches it.
    pub base_url: String,
}

impl TargetStaging for TenantStaging {
    fn stage(&self, target: &str) -> QueryFuture<'_, String> {
        let staged = targets::named(target).map(|target| {
            let key = self.staging.stage(self.tenant, target);
            format!("{}/staged/{key}/", self.base_url.trim_end_matches('/'))
        });
        Box::pin(async move {
            staged.map_err(|error| EvalError::Config {
                field: "eval.aes.target".to_owned(),
                message: error.to_string(),
            })
        })
    }

    fn release(&self, url: &str) -> QueryFuture<'_, ()> {
        if let Some(key) = url
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .filter(|_| url.contains("/staged/"))
        {
            self.staging.release(key);
        }
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::TARGETS;

    #[test]
    fn a_stage_serves_only_its_tenant_until_released() {
        let staging = Staging::default();
        let (mine, other) = (TenantId::random(), TenantId::random());
        let key = staging.stage(mine, &TARGETS[0]);
        assert_eq!(key.len(), 32);
        assert!(staging.lookup(&key, &mine).is_some());
        assert!(staging.lookup(&key, &other).is_none());
        assert!(staging.lookup("0123", &mine).is_none());
        staging.release(&key);
        assert!(staging.lookup(&key, &mine).is_none());
    }

    #[test]
    fn staging_is_bounded() {
        let staging = Staging::default();
        let tenant = TenantId::random();
        let first = staging.stage(tenant, &TARGETS[0]);
        for _ in 0..MAX_STAGED {
            staging.stage(tenant, &TARGETS[0]);
        }
        assert!(staging.lookup(&first, &tenant).is_none());
    }
}
