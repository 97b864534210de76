//! The evaluators' view of one tenant of the WebUI site: staging a target for the AES
//! evaluator and releasing it.

use crate::staging::Staging;
use crate::targets;
use evaluators::{EvalError, QueryFuture, SiteQueries};
use kit::TenantId;

/// Queries over one tenant.
#[derive(Debug, Clone)]
pub struct WebUiQueries {
    /// The tenant.
    pub tenant: TenantId,
    /// The site's staging.
    pub staging: Staging,
    /// The site's base URL as the agent's browser reaches it.
    pub base_url: String,
}

impl SiteQueries for WebUiQueries {
    fn webui_stage_target(&self, name: &str) -> QueryFuture<'_, String> {
        let staged = targets::named(name).map(|target| {
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

    fn webui_release_target(&self, url: &str) -> QueryFuture<'_, ()> {
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
