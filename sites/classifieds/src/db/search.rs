//! Listing search: full-text pattern, category, region, price range, user, sort and page.

use super::categories::CategoryFilter;
use rusqlite::Connection;
use rusqlite::types::Value;

/// Listings per result page.
pub const PAGE_SIZE: u32 = 20;

/// The sort key (`sOrder`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// `dt_pub_date`: publication date.
    #[default]
    Date,
    /// `i_price`: price.
    Price,
}

/// The sort direction (`iOrderType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Direction {
    /// `asc`.
    Ascending,
    /// `desc`.
    #[default]
    Descending,
}

/// What to search for. Filters left `None` do not restrict.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchQuery {
    /// Words that must all occur in the title or description.
    pub words: Vec<String>,
    /// The category (a leaf, or a parent with all its children).
    pub category: Option<CategoryFilter>,
    /// Region id.
    pub region: Option<i64>,
    /// Minimum price in cents.
    pub price_min: Option<i64>,
    /// Maximum price in cents.
    pub price_max: Option<i64>,
    /// Only this seller's listings.
    pub user: Option<i64>,
    /// Sort key.
    pub order: Order,
    /// Sort direction.
    pub direction: Direction,
    /// 1-based page number.
    pub page: u32,
}

/// A listing in a result list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingSummary {
    /// Id.
    pub id: i64,
    /// Title.
    pub title: String,
    /// Price in cents.
    pub price_cents: i64,
    /// Publication date, `YYYY-MM-DD`.
    pub published: String,
    /// City name.
    pub city: String,
    /// Region name.
    pub region: String,
    /// Category name.
    pub category: String,
    /// First photo, if any.
    pub photo_id: Option<i64>,
    /// The description's beginning.
    pub excerpt: String,
}

/// One page of results and the total count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResults {
    /// Listings matching all filters.
    pub total: i64,
    /// This page's listings.
    pub listings: Vec<ListingSummary>,
}

/// Turns free text into FTS5 terms: only letters and digits survive, so no input can inject
/// FTS syntax (quotes, `*`, `NEAR`, column filters) or SQL.
pub fn words_of(pattern: &str) -> Vec<String> {
    pattern
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .take(12)
        .map(str::to_lowercase)
        .collect()
}

/// Runs a search.
pub fn run(connection: &Connection, query: &SearchQuery) -> rusqlite::Result<SearchResults> {
    let mut conditions: Vec<String> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    if !query.words.is_empty() {
        // Each word quoted as an FTS5 string and prefix-matched; all must match.
        let expression = query
            .words
            .iter()
            .map(|word| format!("\"{word}\"*"))
            .collect::<Vec<_>>()
            .join(" ");
        conditions
            .push("l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ?)".into());
        values.push(Value::Text(expression));
    }
    match query.category {
        Some(CategoryFilter::Leaf(id)) => {
            conditions.push("l.category_id = ?".into());
            values.push(Value::Integer(id));
        }
        Some(CategoryFilter::Parent(id)) => {
            conditions.push("l.parent_category_id = ?".into());
            values.push(Value::Integer(id));
        }
        None => {}
    }
    if let Some(region) = query.region {
        conditions.push("l.city_id IN (SELECT id FROM cities WHERE region_id = ?)".into());
        values.push(Value::Integer(region));
    }
    if let Some(minimum) = query.price_min {
        conditions.push("l.price_cents >= ?".into());
        values.push(Value::Integer(minimum));
    }
    if let Some(maximum) = query.price_max {
        conditions.push("l.price_cents <= ?".into());
        values.push(Value::Integer(maximum));
    }
    if let Some(user) = query.user {
        conditions.push("l.user_id = ?".into());
        values.push(Value::Integer(user));
    }
    let filter = if conditions.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", conditions.join(" AND "))
    };
    let total: i64 = connection
        .prepare_cached(&format!("SELECT count(*) FROM listings l {filter}"))?
        .query_row(rusqlite::params_from_iter(values.iter()), |row| row.get(0))?;
    let column = match query.order {
        Order::Date => "l.published_at",
        Order::Price => "l.price_cents",
    };
    let direction = match query.direction {
        Direction::Ascending => "ASC",
        Direction::Descending => "DESC",
    };
    let offset = i64::from(query.page.max(1) - 1) * i64::from(PAGE_SIZE);
    // Pick the page's ids first and fetch the displayed columns for those 20 only: SQLite
    // computes result columns before sorting, so joining first would do it for every match.
    let sql = format!(
        "WITH chosen AS (
             SELECT l.id AS id, {column} AS sort_key FROM listings l {filter}
             ORDER BY {column} {direction}, l.id {direction}
             LIMIT {PAGE_SIZE} OFFSET {offset}
         )
         SELECT l.id, l.title, l.price_cents, strftime('%Y-%m-%d', l.published_at, 'unixepoch'),
                ci.name, r.name, c.name,
                (SELECT p.id FROM photos p WHERE p.listing_id = l.id ORDER BY p.position, p.id LIMIT 1),
                substr(l.description, 1, 180)
         FROM chosen
         JOIN listings l ON l.id = chosen.id
         JOIN cities ci ON ci.id = l.city_id
         JOIN regions r ON r.id = ci.region_id
         JOIN categories c ON c.id = l.category_id
         ORDER BY chosen.sort_key {direction}, chosen.id {direction}"
    );
    let listings = connection
        .prepare_cached(&sql)?
        .query_map(rusqlite::params_from_iter(values.iter()), |row| {
            Ok(ListingSummary {
                id: row.get(0)?,
                title: row.get(1)?,
                price_cents: row.get(2)?,
                published: row.get(3)?,
                city: row.get(4)?,
                region: row.get(5)?,
                category: row.get(6)?,
                photo_id: row.get(7)?,
                excerpt: row.get(8)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(SearchResults { total, listings })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fts_and_sql_metacharacters_never_reach_the_match_expression() {
        assert_eq!(
            words_of("\"bike\" OR title:* NEAR(a b) '; DROP TABLE listings;--"),
            [
                "bike", "or", "title", "near", "a", "b", "drop", "table", "listings"
            ]
        );
        assert!(words_of("***\"'()").is_empty());
    }
}
