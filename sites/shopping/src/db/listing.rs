//! Product lists: a category (any level) or a full-text search, with Magento's sorting,
//! price filter and paging.

use rusqlite::Connection;
use rusqlite::types::Value;
use std::collections::HashSet;

/// What the list holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// The products under a category at `level` (1 department, 2 group, 3 leaf).
    Category {
        /// The category's level.
        level: i64,
        /// Its id.
        id: i64,
    },
    /// Products whose name or description has every word.
    Search(Vec<String>),
}

/// The most words a search uses.
pub const MAX_WORDS: usize = 12;

/// The words a search text is looked up by: runs of letters and digits, lower-cased, at most
/// [`MAX_WORDS`].
pub fn search_words(text: &str) -> Vec<String> {
    text.split(|character: char| !character.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .take(MAX_WORDS)
        .map(str::to_lowercase)
        .collect()
}

/// `product_list_order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// `position`: catalogue order; in a search, relevance: products with every searched word
    /// in their name first, then the rest, each in catalogue order.
    #[default]
    Position,
    /// `name`.
    Name,
    /// `price`.
    Price,
}

/// One page of a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery {
    /// What is listed.
    pub scope: Scope,
    /// Sort key.
    pub order: Order,
    /// `product_list_dir=desc`.
    pub descending: bool,
    /// Price range in cents: at least the first, below the second.
    pub price: (Option<i64>, Option<i64>),
    /// 1-based page.
    pub page: u32,
    /// Products per page.
    pub limit: u32,
}

/// A product in a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// URL key.
    pub url_key: String,
    /// Price in cents.
    pub price_cents: i64,
    /// Number of reviews.
    pub review_count: i64,
    /// Sum of review stars.
    pub rating_sum: i64,
    /// First photo id.
    pub image_id: Option<i64>,
}

/// The layered navigation's price bounds in cents; the last range is open-ended.
const PRICE_BOUNDS: [i64; 8] = [0, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/// A price range of the layered navigation that holds products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceRange {
    /// Lowest price in cents.
    pub from: i64,
    /// Prices are below this, in cents; `None` for the last, open-ended range.
    pub below: Option<i64>,
    /// How many of the scope's products fall in it.
    pub products: i64,
}

/// A list page: its products, how many match and the scope's price ranges.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// Products matching the scope and the price filter.
    pub total: i64,
    /// The requested page of them.
    pub products: Vec<Summary>,
    /// The scope's non-empty price ranges (the price filter not applied).
    pub ranges: Vec<PriceRange>,
}

/// Reads a whole list page. A search reads its matches once and counts, buckets, sorts and
/// pages them in memory; a category uses its indexes.
pub fn list(connection: &Connection, query: &ListQuery) -> rusqlite::Result<Listing> {
    match &query.scope {
        Scope::Search(words) => {
            let matches = search_matches(connection, words, query.order == Order::Position)?;
            let ranges = ranges_of(matches.iter().map(|found| found.price_cents));
            let (total, ids) = page_of_matches(matches, query);
            Ok(Listing {
                total,
                products: summaries(connection, &ids)?,
                ranges,
            })
        }
        Scope::Category { .. } => Ok(Listing {
            total: category_count(connection, query)?,
            products: category_products(connection, query)?,
            ranges: category_ranges(connection, &query.scope)?,
        }),
    }
}

/// One page of a list's products (a category's without counting them).
pub fn page(connection: &Connection, query: &ListQuery) -> rusqlite::Result<Vec<Summary>> {
    match &query.scope {
        Scope::Search(_) => Ok(list(connection, query)?.products),
        Scope::Category { .. } => category_products(connection, query),
    }
}

/// A product matching a search, with what sorting and bucketing need.
struct Match {
    id: i64,
    price_cents: i64,
    /// The product's place in name order (equal names share it).
    name_rank: i64,
    /// Whether every searched word is in the product's name (relevance: those come first).
    in_name: bool,
}

/// The FTS5 query for words: every word must occur (each quoted, so none is an operator).
fn match_pattern(words: &[String]) -> String {
    words
        .iter()
        .map(|word| format!("\"{}\"", word.replace('"', "")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every product matching the words, read in one pass over the full-text index; `relevance`
/// also asks which of them have every word in their name.
fn search_matches(
    connection: &Connection,
    words: &[String],
    relevance: bool,
) -> rusqlite::Result<Vec<Match>> {
    let pattern = match_pattern(words);
    let in_names: HashSet<i64> = if relevance {
        connection
            .prepare_cached("SELECT rowid FROM products_fts WHERE products_fts MATCH ?")?
            .query_map([format!("{{name}} : ({pattern})")], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?
    } else {
        HashSet::new()
    };
    connection
        .prepare_cached(
            "SELECT p.id, p.price_cents, p.name_rank
             FROM products_fts JOIN products p INDEXED BY products_sort_keys
                  ON p.id = products_fts.rowid
             WHERE products_fts MATCH ?",
        )?
        .query_map([pattern], |row| {
            let id = row.get(0)?;
            Ok(Match {
                id,
                price_cents: row.get(1)?,
                name_rank: row.get(2)?,
                in_name: in_names.contains(&id),
            })
        })?
        .collect()
}

/// Applies the price filter, sorts and cuts out the requested page: `(total, page's ids)`.
fn page_of_matches(mut matches: Vec<Match>, query: &ListQuery) -> (i64, Vec<i64>) {
    let (low, high) = query.price;
    matches.retain(|found| {
        low.is_none_or(|low| found.price_cents >= low)
            && high.is_none_or(|high| found.price_cents < high)
    });
    let descending = query.descending;
    let directed = |ordering: std::cmp::Ordering| {
        if descending {
            ordering.reverse()
        } else {
            ordering
        }
    };
    match query.order {
        Order::Name => {
            matches.sort_by(|a, b| directed(a.name_rank.cmp(&b.name_rank)).then(a.id.cmp(&b.id)))
        }
        Order::Price => matches
            .sort_by(|a, b| directed(a.price_cents.cmp(&b.price_cents)).then(a.id.cmp(&b.id))),
        Order::Position => {
            matches.sort_by(|a, b| directed(b.in_name.cmp(&a.in_name)).then(a.id.cmp(&b.id)))
        }
    }
    let total = matches.len() as i64;
    let skip = query.page.saturating_sub(1) as usize * query.limit as usize;
    let ids = matches
        .iter()
        .skip(skip)
        .take(query.limit as usize)
        .map(|found| found.id)
        .collect();
    (total, ids)
}

/// The columns of a [`Summary`], for `p` the products table.
const SUMMARY_COLUMNS: &str = "p.id, p.name, p.url_key, p.price_cents, p.review_count, \
     p.rating_sum, (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)";

fn summary(row: &rusqlite::Row<'_>) -> rusqlite::Result<Summary> {
    Ok(Summary {
        id: row.get(0)?,
        name: row.get(1)?,
        url_key: row.get(2)?,
        price_cents: row.get(3)?,
        review_count: row.get(4)?,
        rating_sum: row.get(5)?,
        image_id: row.get(6)?,
    })
}

/// The summaries of products by id, in the order given.
fn summaries(connection: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<Summary>> {
    let mut statement = connection.prepare_cached(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM products p WHERE p.id = ?"
    ))?;
    ids.iter()
        .map(|id| statement.query_row([id], summary))
        .collect()
}

/// The column a category of `level` is found in.
fn category_column(level: i64) -> &'static str {
    match level {
        1 => "p.department_id",
        2 => "p.group_id",
        _ => "p.category_id",
    }
}

/// The `WHERE` clause and its values for a category list with the price filter.
fn category_filter(query: &ListQuery) -> (String, Vec<Value>) {
    let Scope::Category { level, id } = query.scope else {
        return ("0".to_owned(), Vec::new());
    };
    let mut conditions = vec![format!("{} = ?", category_column(level))];
    let mut values = vec![Value::Integer(id)];
    if let Some(low) = query.price.0 {
        conditions.push("p.price_cents >= ?".to_owned());
        values.push(Value::Integer(low));
    }
    if let Some(high) = query.price.1 {
        conditions.push("p.price_cents < ?".to_owned());
        values.push(Value::Integer(high));
    }
    (conditions.join(" AND "), values)
}

/// How many of a category's products pass the price filter.
fn category_count(connection: &Connection, query: &ListQuery) -> rusqlite::Result<i64> {
    let (filter, values) = category_filter(query);
    connection
        .prepare_cached(&format!("SELECT count(*) FROM products p WHERE {filter}"))?
        .query_row(rusqlite::params_from_iter(values.iter()), |row| row.get(0))
}

/// One page of a category's products, through its indexes.
fn category_products(connection: &Connection, query: &ListQuery) -> rusqlite::Result<Vec<Summary>> {
    let (filter, mut values) = category_filter(query);
    let direction = if query.descending { "DESC" } else { "ASC" };
    let order = match query.order {
        Order::Name => format!("p.name_rank {direction}, p.id"),
        Order::Price => format!("p.price_cents {direction}, p.id"),
        Order::Position => format!("p.id {direction}"),
    };
    values.push(Value::Integer(i64::from(query.limit)));
    values.push(Value::Integer(
        i64::from(query.page.saturating_sub(1)) * i64::from(query.limit),
    ));
    connection
        .prepare_cached(&format!(
            "SELECT {SUMMARY_COLUMNS} FROM products p WHERE {filter}
             ORDER BY {order} LIMIT ? OFFSET ?"
        ))?
        .query_map(rusqlite::params_from_iter(values.iter()), summary)?
        .collect()
}

/// A category's price ranges, counted by SQL over its index.
fn category_ranges(connection: &Connection, scope: &Scope) -> rusqlite::Result<Vec<PriceRange>> {
    let Scope::Category { level, id } = *scope else {
        return Ok(Vec::new());
    };
    let mut statement = connection.prepare_cached(&format!(
        "SELECT p.price_cents FROM products p WHERE {} = ?",
        category_column(level)
    ))?;
    let prices = statement
        .query_map([id], |row| row.get::<_, i64>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(ranges_of(prices))
}

/// Buckets prices into the non-empty ranges of [`PRICE_BOUNDS`].
fn ranges_of(prices: impl IntoIterator<Item = i64>) -> Vec<PriceRange> {
    let mut counts = [0_i64; PRICE_BOUNDS.len()];
    for price in prices {
        let bucket = PRICE_BOUNDS.partition_point(|bound| *bound <= price);
        if let Some(count) = bucket
            .checked_sub(1)
            .and_then(|index| counts.get_mut(index))
        {
            *count += 1;
        }
    }
    PRICE_BOUNDS
        .iter()
        .enumerate()
        .zip(counts)
        .filter(|(_, count)| *count > 0)
        .map(|((index, from), products)| PriceRange {
            from: *from,
            below: PRICE_BOUNDS.get(index + 1).copied(),
            products,
        })
        .collect()
}
