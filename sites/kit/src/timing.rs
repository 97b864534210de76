//! Timing requests through a site's router in process, for the sites' server-side benches.

use crate::samples::Samples;
use crate::{KitError, SiteName, TENANT_COOKIE, Tenants};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
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
    /// Time to the first page of a new tenant (the copy of the site's base included).
    pub first_page: Samples,
    /// Bytes of one tenant's copy of the site.
    pub bytes: u64,
}

/// Creates `rounds` fresh tenants, times each one's first `GET uri`, and measures the size of a
/// tenant's copy of `site`.
pub async fn fresh_tenants(
    tenants: &Tenants,
    site: SiteName,
    router: &axum::Router,
    uri: &str,
    rounds: usize,
) -> Result<FreshTenant, KitError> {
    let mut first_page = Samples::new();
    let mut bytes = 0;
    for _ in 0..rounds.max(1) {
        let tenant = tenants.create()?;
        let cookie = format!("{TENANT_COOKIE}={tenant}");
        first_page.push(time_get(router, &cookie, uri).await?);
        bytes = tenants.database(&tenant, site)?.size_bytes()?;
        tenants.remove(&tenant);
    }
    Ok(FreshTenant { first_page, bytes })
}
