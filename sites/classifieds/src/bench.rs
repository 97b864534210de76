//! Server-side latency of the main pages at full scale, a fresh tenant's first page and memory
//! per tenant. Requests go through the router in process, so figures exclude the network.

use crate::{Classifieds, ClassifiedsError};
use kit::samples::Samples;
use kit::timing::{FreshTenant, fresh_tenants, time_get};
use kit::{HostedSite, TENANT_COOKIE, Tenants};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::Path;

/// The benchmark's figures.
#[derive(Debug, Clone)]
pub struct Report {
    /// Listings in the base data.
    pub listings: i64,
    /// Item pages.
    pub item: Samples,
    /// Searches with text, filters and sorting.
    pub search: Samples,
    /// Category pages (paged, sorted).
    pub category: Samples,
    /// Home page.
    pub home: Samples,
    /// A fresh tenant's first page (its copy of the site included) and its memory.
    pub fresh: FreshTenant,
}

impl fmt::Display for Report {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "classifieds bench over {} listings (server-side, in process)",
            self.listings
        )?;
        writeln!(formatter, "item page          {}", self.item)?;
        writeln!(formatter, "search             {}", self.search)?;
        writeln!(formatter, "category page      {}", self.category)?;
        writeln!(formatter, "home page          {}", self.home)?;
        write!(formatter, "{}", self.fresh)
    }
}

const SEARCH_WORDS: [&str; 12] = [
    "bike", "honda", "guitar", "sofa", "laptop", "iphone", "jacket", "kayak", "table", "lamp",
    "tv", "size",
];

/// Runs the benchmark over `data_dir`'s base data (seed it first) with `rounds` requests of
/// each kind, and returns the figures.
pub async fn run(data_dir: &Path, rounds: usize) -> Result<Report, ClassifiedsError> {
    let tenants = Tenants::new();
    let site = Classifieds::open_alone(data_dir, &tenants)?;
    let tenant = tenants.create()?;
    let router = site.router();
    let cookie = format!("{TENANT_COOKIE}={tenant}");
    let database = tenants.database(&tenant, crate::SITE)?;
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

    let (mut item, mut search, mut category, mut home) = (
        Samples::new(),
        Samples::new(),
        Samples::new(),
        Samples::new(),
    );
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
    let fresh = fresh_tenants(&tenants, crate::SITE, &router, "/", rounds.clamp(5, 30)).await?;
    Ok(Report {
        listings,
        item,
        search,
        category,
        home,
        fresh,
    })
}
