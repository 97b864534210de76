//! The forum under the kit's [`Site`] contract.

use crate::{BASE_FILE, DEFAULT_PORT, DEFAULT_USERNAME, Forum, ForumError, SITE};
use kit::ground_truth::GroundTruth;
use kit::{
    BenchFuture, HostedSite, OpenContext, Scale, SeedReport, Site, SiteError, SiteName, TenantId,
};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// The forum as the binary lists it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ForumSite;

fn site_error(error: ForumError) -> SiteError {
    SiteError::new(SITE, error)
}

impl Site for ForumSite {
    fn name(&self) -> SiteName {
        SITE
    }

    fn title(&self) -> &'static str {
        "Postmill"
    }

    fn description(&self) -> &'static str {
        "A Reddit-like forum: communities of picture, text and link posts with nested comments, votes, subscriptions and private messages."
    }

    fn default_port(&self) -> u16 {
        DEFAULT_PORT
    }

    fn base(&self) -> Option<kit::BaseData> {
        Some(kit::BaseData {
            file: BASE_FILE,
            migrations: crate::migrations::MIGRATIONS,
        })
    }

    fn seed(
        &self,
        data_dir: &Path,
        scale: Scale,
        seed: Option<u64>,
    ) -> Result<Option<SeedReport>, SiteError> {
        let report = crate::seed(data_dir, scale, seed.unwrap_or(crate::DEFAULT_SEED))
            .map_err(site_error)?;
        Ok(Some(SeedReport {
            site: SITE,
            summary: report.summary(),
            path: report.path,
            bytes: report.bytes,
            elapsed: report.elapsed,
        }))
    }

    fn open(&self, context: &OpenContext) -> Result<Arc<dyn HostedSite>, SiteError> {
        let site = Forum::open(&context.data_dir, &context.tenants)
            .map_err(site_error)?
            .with_sites(&context.directory);
        Ok(Arc::new(site))
    }

    fn dump(&self, data_dir: &Path, out: &mut dyn Write) -> Result<u64, SiteError> {
        crate::dump::dump(data_dir, &mut &mut *out).map_err(site_error)
    }

    fn bench<'a>(&'a self, data_dir: &'a Path, rounds: usize) -> BenchFuture<'a> {
        Box::pin(async move {
            let report = crate::bench::run(data_dir, rounds)
                .await
                .map_err(site_error)?;
            Ok(report.to_string())
        })
    }

    fn ground_truth(&self, data_dir: &Path) -> Result<Box<dyn GroundTruth>, SiteError> {
        let truth = crate::ground_truth::ForumTruth::open(data_dir)
            .map_err(|error| SiteError::new(SITE, error))?;
        Ok(Box::new(truth))
    }
}

impl HostedSite for Forum {
    fn router(&self) -> axum::Router {
        Forum::router(self)
    }

    fn login_cookies(&self, tenant: &TenantId) -> Result<Vec<(String, String)>, SiteError> {
        let cookie = self
            .login_cookie(tenant, DEFAULT_USERNAME)
            .map_err(site_error)?;
        Ok(vec![cookie])
    }

    fn queries(&self, tenant: &TenantId) -> Result<Arc<dyn evaluators::SiteQueries>, SiteError> {
        let queries = Forum::queries(self, tenant).map_err(site_error)?;
        Ok(Arc::new(queries))
    }
}
