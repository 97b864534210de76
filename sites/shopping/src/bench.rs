//! Server-side latency of every page kind at full scale (category sorted and price-filtered,
//! search, product with reviews, cart, order view), a fresh tenant's first page and memory
//! per tenant. Requests go through the router in process, so figures exclude the network.

use crate::db::{cart, categories, orders};
use crate::{DEFAULT_EMAIL, Shopping, ShoppingError};
use kit::HostedSite;
use kit::samples::Samples;
use kit::timing::{FreshTenant, fresh_tenants, time_get};
use kit::{TENANT_COOKIE, Tenants};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::Path;

/// The benchmark's figures.
#[derive(Debug, Clone)]
pub struct Report {
    /// Products in the base data.
    pub products: i64,
    /// Category pages, sorted and price-filtered.
    pub category: Samples,
    /// Searches.
    pub search: Samples,
    /// Product pages with reviews.
    pub product: Samples,
    /// The cart with a few lines.
    pub cart: Samples,
    /// Order pages.
    pub order: Samples,
    /// A fresh tenant's first page and its memory.
    pub fresh: FreshTenant,
}

impl fmt::Display for Report {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "shopping bench over {} products (server-side, in process)",
            self.products
        )?;
        writeln!(formatter, "category page      {}", self.category)?;
        writeln!(formatter, "search             {}", self.search)?;
        writeln!(formatter, "product page       {}", self.product)?;
        writeln!(formatter, "cart               {}", self.cart)?;
        writeln!(formatter, "order view         {}", self.order)?;
        write!(formatter, "{}", self.fresh)
    }
}

const SEARCH_WORDS: [&str; 10] = [
    "jacket", "lamp", "guitar", "sofa", "laptop", "phone", "shoe", "kayak", "table", "chair",
];

const ORDERS: [&str; 3] = ["position", "name", "price"];

/// Runs the benchmark over `data_dir`'s base data (seed it first) with `rounds` requests of
/// each kind, and returns the figures.
pub async fn run(data_dir: &Path, rounds: usize) -> Result<Report, ShoppingError> {
    let tenants = Tenants::new();
    let site = Shopping::open_alone(data_dir, &tenants)?;
    let tenant = tenants.create()?;
    let router = site.router();
    let (_, session) = site.login_cookie(&tenant, DEFAULT_EMAIL)?;
    let cookie = format!(
        "{TENANT_COOKIE}={tenant}; {}={session}",
        kit::visitor::SiteCookies::of(crate::SITE).session
    );
    let database = tenants.database(&tenant, crate::SITE)?;
    let (products, paths, keys, order) = database.call_blocking(|connection| {
        let products: i64 =
            connection.query_row("SELECT max(id) FROM products", [], |row| row.get(0))?;
        let mut paths = Vec::new();
        for department in categories::children(connection, None)? {
            for group in categories::children(connection, Some(department.id))? {
                paths.push(group.url());
            }
            paths.push(department.url());
        }
        let keys: Vec<String> = connection
            .prepare("SELECT url_key FROM products WHERE review_count > 0 ORDER BY id LIMIT 500")?
            .query_map([], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        for id in [1, 2, 3] {
            cart::add(connection, 1, id, &Vec::new(), 1)?;
        }
        let order = orders::of_customer(connection, 1)?
            .first()
            .map(|order| order.id)
            .unwrap_or(1);
        Ok::<_, ShoppingError>((products, paths, keys, order))
    })?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    time_get(&router, &cookie, "/").await?;
    let (mut category, mut search, mut product, mut cart, mut order_page) = (
        Samples::new(),
        Samples::new(),
        Samples::new(),
        Samples::new(),
        Samples::new(),
    );
    for round in 0..rounds {
        let path = &paths[round % paths.len()];
        let sort = ORDERS[round % ORDERS.len()];
        let dir = if round % 2 == 0 { "asc" } else { "desc" };
        let page = 1 + rng.random_range(0..5);
        let uri = format!(
            "{path}?product_list_order={sort}&product_list_dir={dir}&price=20-500&p={page}"
        );
        category.push(time_get(&router, &cookie, &uri).await?);
        let word = SEARCH_WORDS[round % SEARCH_WORDS.len()];
        let uri = format!(
            "/catalogsearch/result/?q={word}&product_list_order={sort}&product_list_dir={dir}"
        );
        search.push(time_get(&router, &cookie, &uri).await?);
        let key = &keys[rng.random_range(0..keys.len())];
        product.push(time_get(&router, &cookie, &format!("/{key}.html")).await?);
        cart.push(time_get(&router, &cookie, "/checkout/cart/").await?);
        order_page.push(
            time_get(
                &router,
                &cookie,
                &format!("/sales/order/view/order_id/{order}/"),
            )
            .await?,
        );
    }
    let fresh = fresh_tenants(&tenants, crate::SITE, &router, "/", rounds.clamp(5, 30)).await?;
    Ok(Report {
        products,
        category,
        search,
        product,
        cart,
        order: order_page,
        fresh,
    })
}
