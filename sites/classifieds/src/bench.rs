//! Server-side latency of the main pages at full scale, tenant reset time and memory per
//! tenant. Requests go through the router in process, so figures exclude the network.

use crate::{Classifieds, ClassifiedsError};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use kit::{TENANT_COOKIE, Tenants};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// Latency percentiles of one kind of request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latency {
    /// Requests measured.
    pub samples: usize,
    /// Median.
    pub p50: Duration,
    /// 95th percentile.
    pub p95: Duration,
    /// Slowest.
    pub max: Duration,
}

impl Latency {
    fn of(mut samples: Vec<Duration>) -> Self {
        samples.sort();
        let at = |fraction: f64| {
            let index = ((samples.len() as f64 - 1.0) * fraction).round() as usize;
            samples.get(index).copied().unwrap_or_default()
        };
        Latency {
            samples: samples.len(),
            p50: at(0.5),
            p95: at(0.95),
            max: samples.last().copied().unwrap_or_default(),
        }
    }
}

impl fmt::Display for Latency {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |duration: Duration| duration.as_secs_f64() * 1e3;
        write!(
            formatter,
            "n={} p50={:.2} ms p95={:.2} ms max={:.2} ms",
            self.samples,
            ms(self.p50),
            ms(self.p95),
            ms(self.max)
        )
    }
}

/// The benchmark's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Listings in the base data.
    pub listings: i64,
    /// Item pages.
    pub item: Latency,
    /// Searches with text, filters and sorting.
    pub search: Latency,
    /// Category pages (paged, sorted).
    pub category: Latency,
    /// Home page.
    pub home: Latency,
    /// Creating a fresh tenant copy (reset).
    pub reset: Latency,
    /// Bytes of one tenant's in-memory database.
    pub tenant_bytes: u64,
}

impl fmt::Display for Report {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "classifieds bench over {} listings (server-side, in process)",
            self.listings
        )?;
        writeln!(formatter, "item page      {}", self.item)?;
        writeln!(formatter, "search         {}", self.search)?;
        writeln!(formatter, "category page  {}", self.category)?;
        writeln!(formatter, "home page      {}", self.home)?;
        writeln!(formatter, "tenant reset   {}", self.reset)?;
        write!(
            formatter,
            "memory per tenant {:.1} MiB",
            self.tenant_bytes as f64 / (1024.0 * 1024.0)
        )
    }
}

const SEARCH_WORDS: [&str; 12] = [
    "bike", "honda", "guitar", "sofa", "laptop", "iphone", "jacket", "kayak", "table", "lamp",
    "tv", "size",
];

async fn time_get(
    router: &axum::Router,
    cookie: &str,
    uri: &str,
) -> Result<Duration, ClassifiedsError> {
    let request = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .map_err(|error| kit::KitError::Task(error.to_string()))?;
    let started = Instant::now();
    let response = router
        .clone()
        .oneshot(request)
        .await
        .map_err(|error| kit::KitError::Task(error.to_string()))?;
    let status = response.status();
    axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .map_err(|error| kit::KitError::Task(error.to_string()))?;
    let elapsed = started.elapsed();
    if status != StatusCode::OK {
        return Err(kit::KitError::Task(format!("{uri} answered {status}")).into());
    }
    Ok(elapsed)
}

/// Runs the benchmark over `data_dir`'s base data (seed it first) with `rounds` requests of
/// each kind, and returns the figures.
pub async fn run(data_dir: &Path, rounds: usize) -> Result<Report, ClassifiedsError> {
    let tenants = Tenants::new();
    let site = Classifieds::open(data_dir, &tenants)?;
    let tenant = tenants.create()?;
    let router = site.router();
    let cookie = format!("{TENANT_COOKIE}={tenant}");
    let database = tenants.database_of(&tenant, crate::SITE)?;
    let listings: i64 = database.call_blocking(|connection| {
        Ok::<_, ClassifiedsError>(connection.query_row(
            "SELECT max(id) FROM listings",
            [],
            |row| row.get(0),
        )?)
    })?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // Warm up caches and prepared statements.
    time_get(&router, &cookie, "/").await?;

    let (mut item, mut search, mut category, mut home) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let id = rng.random_range(1..=listings);
        item.push(time_get(&router, &cookie, &format!("/index.php?page=item&id={id}")).await?);
        let word = SEARCH_WORDS[round % SEARCH_WORDS.len()];
        let order = if round % 2 == 0 {
            "i_price"
        } else {
            "dt_pub_date"
        };
        let direction = if round % 3 == 0 { "asc" } else { "desc" };
        let region = 1 + round % 8;
        let uri = format!(
            "/index.php?page=search&sPattern={word}&sRegion={region}&sPriceMin=10&sPriceMax=5000&sOrder={order}&iOrderType={direction}&sShowAs=gallery"
        );
        search.push(time_get(&router, &cookie, &uri).await?);
        let category_id = 1 + round % 19;
        let page = 1 + rng.random_range(0..20);
        let uri = format!(
            "/index.php?page=search&sCategory={category_id}&sOrder={order}&iOrderType={direction}&iPage={page}"
        );
        category.push(time_get(&router, &cookie, &uri).await?);
        if round % 4 == 0 {
            home.push(time_get(&router, &cookie, "/").await?);
        }
    }
    let mut resets = Vec::new();
    for _ in 0..rounds.clamp(5, 30) {
        let started = Instant::now();
        tenants.reset(&tenant)?;
        resets.push(started.elapsed());
    }
    let tenant_bytes = tenants.database_of(&tenant, crate::SITE)?.size_bytes()?;
    Ok(Report {
        listings,
        item: Latency::of(item),
        search: Latency::of(search),
        category: Latency::of(category),
        home: Latency::of(home),
        reset: Latency::of(resets),
        tenant_bytes,
    })
}
