//! Product lists: a category (any level) or a full-text search, with Magento's sorting,
//! price filter and paging.

use rusqlite::Connection;
use rusqlite::types::Value;

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

/// `product_list_order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// `position`: catalogue order (relevance in a search).
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

/// The `FROM` clause, conditions and values that select a scope's products.
fn scope_sql(scope: &Scope) -> (&'static str, Vec<String>, Vec<Value>) {
    match scope {
        Scope::Category { level, id } => {
            let column = match level {
                1 => "p.department_id",
                2 => "p.group_id",
                _ => "p.category_id",
            };
            (
                "products p",
                vec![format!("{column} = ?")],
                vec![Value::Integer(*id)],
            )
        }
        Scope::Search(words) => {
            let pattern = words
                .iter()
                .map(|word| format!("\"{}\"", word.replace('"', "")))
                .collect::<Vec<_>>()
                .join(" ");
            (
                "products_fts JOIN products p ON p.id = products_fts.rowid",
                vec!["products_fts MATCH ?".to_owned()],
                vec![Value::Text(pattern)],
            )
        }
    }
}

/// The layered navigation's price ranges in cents: `(from, below, products)`; the last range
/// is open-ended (`below` is `None`). Empty ranges are left out.
pub fn price_ranges(
    connection: &Connection,
    scope: &Scope,
) -> rusqlite::Result<Vec<(i64, Option<i64>, i64)>> {
    const BOUNDS: [i64; 8] = [0, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
    let (from, conditions, values) = scope_sql(scope);
    let sums = BOUNDS
        .iter()
        .enumerate()
        .map(|(index, low)| match BOUNDS.get(index + 1) {
            Some(high) => format!("sum(p.price_cents >= {low} AND p.price_cents < {high})"),
            None => format!("sum(p.price_cents >= {low})"),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let counts: Vec<i64> = connection
        .prepare_cached(&format!(
            "SELECT {sums} FROM {from} WHERE {}",
            conditions.join(" AND ")
        ))?
        .query_row(rusqlite::params_from_iter(values.iter()), |row| {
            (0..BOUNDS.len())
                .map(|index| Ok(row.get::<_, Option<i64>>(index)?.unwrap_or(0)))
                .collect()
        })?;
    Ok(BOUNDS
        .iter()
        .enumerate()
        .zip(counts)
        .filter(|(_, count)| *count > 0)
        .map(|((index, low), count)| (*low, BOUNDS.get(index + 1).copied(), count))
        .collect())
}

/// The matching count and one page of products.
pub fn run(connection: &Connection, query: &ListQuery) -> rusqlite::Result<(i64, Vec<Summary>)> {
    let (from, mut conditions, mut values) = scope_sql(&query.scope);
    if let Some(low) = query.price.0 {
        conditions.push("p.price_cents >= ?".to_owned());
        values.push(Value::Integer(low));
    }
    if let Some(high) = query.price.1 {
        conditions.push("p.price_cents < ?".to_owned());
        values.push(Value::Integer(high));
    }
    let filter = conditions.join(" AND ");
    let total: i64 = connection
        .prepare_cached(&format!("SELECT count(*) FROM {from} WHERE {filter}"))?
        .query_row(rusqlite::params_from_iter(values.iter()), |row| row.get(0))?;
    let direction = if query.descending { "DESC" } else { "ASC" };
    let order = match (query.order, &query.scope) {
        (Order::Name, _) => format!("p.name {direction}, p.id"),
        (Order::Price, _) => format!("p.price_cents {direction}, p.id"),
        (Order::Position, Scope::Search(_)) => format!("products_fts.rank {direction}, p.id"),
        (Order::Position, Scope::Category { .. }) => format!("p.id {direction}"),
    };
    values.push(Value::Integer(i64::from(query.limit)));
    values.push(Value::Integer(
        i64::from(query.page.saturating_sub(1)) * i64::from(query.limit),
    ));
    let products = connection
        .prepare_cached(&format!(
            "SELECT p.id, p.name, p.url_key, p.price_cents, p.review_count, p.rating_sum,
                    (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)
             FROM {from} WHERE {filter} ORDER BY {order} LIMIT ? OFFSET ?"
        ))?
        .query_map(rusqlite::params_from_iter(values.iter()), |row| {
            Ok(Summary {
                id: row.get(0)?,
                name: row.get(1)?,
                url_key: row.get(2)?,
                price_cents: row.get(3)?,
                review_count: row.get(4)?,
                rating_sum: row.get(5)?,
                image_id: row.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((total, products))
}
