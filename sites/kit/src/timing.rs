//! Timing requests through a site's router in process, for the sites' server-side benches.

use crate::samples::Samples;
use crate::{KitError, SiteName, TENANT_COOKIE, Tenants};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use std::fmt;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// Time to answer `GET uri` with `cookie` through `router`, body read in full; any status but
/// 200 is an error.
pub async fn time_get(
    router: &axum::Router,
    cookie: &str,
    uri: &str,
) -> Result<Duration, KitError> {
    let request = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .map_err(|error| KitError::Task(error.to_string()))?;
    let started = Instant::now();
    let response = router
        .clone()
        .oneshot(request)
        .await
        .map_err(|error| KitError::Task(error.to_string()))?;
    let status = response.status();
    axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .map_err(|error| KitError::Task(error.to_string()))?;
    let elapsed = started.elapsed();
    if status != StatusCode::OK {
        return Err(KitError::Task(format!("{uri} answered {status}")));
    }
    Ok(elapsed)
}

/// What a fresh tenant pays on its first page of a site.
#[derive(Debug, Clone)]
pub struct FreshTenant {
    /// `GET` of the measured page, for the report.
    pub uri: String,
    /// Time to the first page of a new tenant, the site's spare copy being ready (the usual
    /// case: one copy's time passed since the last tenant's first use).
    pub first_page: Samples,
    /// Time to make a copy of the site's base: what a first page costs on top when tenants
    /// come faster than that and no spare is ready.
    pub copy: Samples,
    /// VWA's reset call (`POST /index.php?page=reset`) on a tenant that used the site, the
    /// spare copy being ready.
    pub reset: Samples,
    /// Bytes of one tenant's copy of the site.
    pub bytes: u64,
}

impl fmt::Display for FreshTenant {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(formatter, "fresh tenant {:<6}{}", self.uri, self.first_page)?;
        writeln!(formatter, "copy of the base  {}", self.copy)?;
        writeln!(formatter, "VWA reset call    {}", self.reset)?;
        write!(
            formatter,
            "memory per tenant  {:.1} MiB (and one spare copy per site)",
            self.bytes as f64 / (1024.0 * 1024.0)
        )
    }
}

/// The longest a fresh-tenant round waits for the site's spare copy.
const SPARE_WAIT: Duration = Duration::from_secs(30);

/// Creates `rounds` fresh tenants, times each one's first `GET uri` (once the site's spare copy
/// is ready), VWA's reset call on it (once the next spare is ready) and a copy of the base made
/// on the spot, and measures a tenant's size.
pub async fn fresh_tenants(
    tenants: &Tenants,
    site: SiteName,
    router: &axum::Router,
    uri: &str,
    rounds: usize,
) -> Result<FreshTenant, KitError> {
    let mut first_page = Samples::new();
    let mut copy = Samples::new();
    let mut reset = Samples::new();
    let mut bytes = 0;
    for _ in 0..rounds.max(1) {
        spare_ready(tenants, site).await?;
        let tenant = tenants.create()?;
        let cookie = format!("{TENANT_COOKIE}={tenant}");
        first_page.push(time_get(router, &cookie, uri).await?);
        spare_ready(tenants, site).await?;
        reset.push(time_reset(router, &cookie).await?);
        let database = tenants.database(&tenant, site)?;
        bytes = database.size_bytes()?;
        let image = database.call_blocking(|connection| {
            Ok::<_, KitError>(connection.serialize(rusqlite::MAIN_DB)?.to_vec())
        })?;
        let started = Instant::now();
        let made = crate::Database::from_image(&image)?;
        copy.push(started.elapsed());
        drop(made);
        tenants.remove(&tenant);
    }
    Ok(FreshTenant {
        uri: uri.to_owned(),
        first_page,
        copy,
        reset,
        bytes,
    })
}

/// Waits (at most [`SPARE_WAIT`]) for the site's spare copy.
async fn spare_ready(tenants: &Tenants, site: SiteName) -> Result<(), KitError> {
    let waiting = tenants.clone();
    tokio::task::spawn_blocking(move || waiting.wait_for_spare(site, SPARE_WAIT))
        .await
        .map_err(|error| KitError::Task(error.to_string()))??;
    Ok(())
}

/// Time to answer VWA's reset call with the default token for the tenant of `cookie`.
async fn time_reset(router: &axum::Router, cookie: &str) -> Result<Duration, KitError> {
    let uri = format!("{}?page=reset", crate::reset::RESET_PATH);
    let request = Request::post(&uri)
        .header(header::COOKIE, cookie)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "token={}",
            crate::reset::VWA_RESET_TOKEN
        )))
        .map_err(|error| KitError::Task(error.to_string()))?;
    let started = Instant::now();
    let response = router
        .clone()
        .oneshot(request)
        .await
        .map_err(|error| KitError::Task(error.to_string()))?;
    let elapsed = started.elapsed();
    if response.status() != StatusCode::OK {
        return Err(KitError::Task(format!(
            "the reset call answered {}",
            response.status()
        )));
    }
    Ok(elapsed)
}
