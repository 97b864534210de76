//! The WebUI sandbox under the kit's [`Site`] contract.

use crate::routes::{WebUiState, router};
use crate::staging::{Staging, TenantStaging};
use crate::targets::TARGETS;
use crate::{BASE_FILE, DEFAULT_PORT, SITE, WebUiError, workspace};
use kit::{
    BenchFuture, HostedSite, OpenContext, Scale, SeedReport, Site, SiteError, SiteName, TenantId,
};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The WebUI sandbox as the binary lists it.
#[derive(Debug, Clone, Copy, Default)]
pub struct WebUiSite;

/// The WebUI sandbox being served.
#[derive(Debug, Clone)]
pub struct WebUi {
    state: WebUiState,
    base_url: String,
}

fn site_error(error: WebUiError) -> SiteError {
    SiteError::new(SITE, error)
}

impl WebUi {
    /// Opens the site over the tenants (its base image registered), reachable at `base_url`.
    pub fn open(
        data_dir: &Path,
        tenants: &kit::Tenants,
        base_url: &str,
    ) -> Result<Self, WebUiError> {
        let image = kit::database::read_image(&data_dir.join(BASE_FILE))?;
        tenants.register_site(SITE, image)?;
        Ok(Self {
            state: WebUiState {
                tenants: tenants.clone(),
                staging: Staging::default(),
            },
            base_url: base_url.to_owned(),
        })
    }
}

impl Site for WebUiSite {
    fn name(&self) -> SiteName {
        SITE
    }

    fn title(&self) -> &'static str {
        "WebUI sandbox"
    }

    fn description(&self) -> &'static str {
        "A private workspace to rebuild a web page from its description and screenshots: write index.html, style.css and script.js and look at the result."
    }

    fn default_port(&self) -> u16 {
        DEFAULT_PORT
    }

    fn loopback_host(&self) -> u8 {
        6
    }

    fn base(&self) -> Option<kit::BaseData> {
        Some(kit::BaseData {
            file: BASE_FILE,
            migrations: workspace::MIGRATIONS,
        })
    }

    fn seed(
        &self,
        data_dir: &Path,
        _: Scale,
        _: Option<u64>,
    ) -> Result<Option<SeedReport>, SiteError> {
        let started = Instant::now();
        let path = data_dir.join(BASE_FILE);
        let write = || -> Result<u64, WebUiError> {
            std::fs::create_dir_all(data_dir).map_err(|source| WebUiError::Io {
                path: data_dir.display().to_string(),
                source,
            })?;
            let connection = workspace::base_connection()?;
            kit::database::write_file(&connection, &path)?;
            Ok(std::fs::metadata(&path).map(|meta| meta.len()).unwrap_or(0))
        };
        let bytes = write().map_err(site_error)?;
        Ok(Some(SeedReport {
            site: SITE,
            summary: format!("empty workspaces; {} targets", TARGETS.len()),
            path,
            bytes,
            elapsed: started.elapsed(),
        }))
    }

    fn open(&self, context: &OpenContext) -> Result<Arc<dyn HostedSite>, SiteError> {
        let base_url = context.directory.url_of(SITE).unwrap_or_default();
        let site =
            WebUi::open(&context.data_dir, &context.tenants, base_url).map_err(site_error)?;
        Ok(Arc::new(site))
    }

    fn dump(&self, _: &Path, out: &mut dyn Write) -> Result<u64, SiteError> {
        let mut written = 0;
        for target in TARGETS {
            let manifest = target.manifest().map_err(site_error)?;
            let line = serde_json::json!({
                "target": target.name,
                "title": manifest.title,
                "interactions": manifest.interactions,
                "resources": manifest.resources,
                "bytes": target.html.len() + target.css.len() + target.javascript.len(),
            });
            writeln!(out, "{line}").map_err(|source| {
                site_error(WebUiError::Io {
                    path: "dump output".to_owned(),
                    source,
                })
            })?;
            written += 1;
        }
        Ok(written)
    }

    fn bench<'a>(&'a self, data_dir: &'a Path, rounds: usize) -> BenchFuture<'a> {
        Box::pin(async move {
            let tenants = kit::Tenants::new();
            let site = WebUi::open(data_dir, &tenants, "").map_err(site_error)?;
            let router = HostedSite::router(&site);
            let mut samples = kit::samples::Samples::new();
            for _ in 0..rounds.max(1) {
                let elapsed = kit::timing::time_get(&router, "", "/workspace/")
                    .await
                    .map_err(|error| SiteError::new(SITE, error))?;
                samples.push(elapsed);
            }
            Ok(format!(
                "webui bench (server-side, in process)\nworkspace page {samples}"
            ))
        })
    }
}

impl HostedSite for WebUi {
    fn router(&self) -> axum::Router {
        router(self.state.clone())
    }

    fn login_cookies(&self, _: &TenantId) -> Result<Vec<(String, String)>, SiteError> {
        Ok(Vec::new())
    }

    fn queries(&self, _: &TenantId) -> Result<Arc<dyn evaluators::SiteQueries>, SiteError> {
        Ok(Arc::new(evaluators::NoSiteQueries))
    }

    fn workspace(&self) -> Option<Arc<dyn kit::site::Workspace>> {
        Some(Arc::new(workspace::TenantWorkspaces {
            tenants: self.state.tenants.clone(),
            base_url: self.base_url.clone(),
        }))
    }

    fn staging(&self, tenant: &TenantId) -> Option<Arc<dyn evaluators::TargetStaging>> {
        Some(Arc::new(TenantStaging {
            tenant: *tenant,
            staging: self.state.staging.clone(),
            base_url: self.base_url.clone(),
        }))
    }
}
