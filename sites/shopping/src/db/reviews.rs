//! Product reviews.

use rusqlite::{Connection, params};

/// A review as the product page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// Row id.
    pub id: i64,
    /// The reviewer's nickname.
    pub nickname: String,
    /// Summary line.
    pub title: String,
    /// Body.
    pub detail: String,
    /// Stars, 1–5.
    pub rating: i64,
    /// `M/D/YY` date.
    pub date: String,
}

impl Review {
    /// The rating as a percentage (what Magento's `.rating-result[title]` shows).
    pub fn percent(&self) -> i64 {
        self.rating * 20
    }
}

/// A product's reviews, newest first (Magento's review list order), `limit` of them from the
/// `offset`-th on.
pub fn of_product(
    connection: &Connection,
    product_id: i64,
    limit: u32,
    offset: u64,
) -> rusqlite::Result<Vec<Review>> {
    connection
        .prepare_cached(
            "SELECT id, nickname, title, detail, rating,
                    ltrim(strftime('%m', created_at, 'unixepoch'), '0') || '/' ||
                    ltrim(strftime('%d', created_at, 'unixepoch'), '0') || '/' ||
                    strftime('%Y', created_at, 'unixepoch')
             FROM reviews WHERE product_id = ?1 ORDER BY created_at DESC, id DESC
             LIMIT ?2 OFFSET ?3",
        )?
        .query_map(params![product_id, limit, offset], |row| {
            Ok(Review {
                id: row.get(0)?,
                nickname: row.get(1)?,
                title: row.get(2)?,
                detail: row.get(3)?,
                rating: row.get(4)?,
                date: row.get(5)?,
            })
        })?
        .collect()
}

/// The latest review of a product: the first of its review list, and the one VWA's REST
/// list puts last.
pub fn latest(connection: &Connection, product_id: i64) -> rusqlite::Result<Option<Review>> {
    Ok(of_product(connection, product_id, 1, 0)?.into_iter().next())
}

/// What a new review says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReview {
    /// The product.
    pub product_id: i64,
    /// The author's account, if logged in.
    pub customer_id: Option<i64>,
    /// Nickname.
    pub nickname: String,
    /// Summary.
    pub title: String,
    /// Body.
    pub detail: String,
    /// Stars, 1–5.
    pub rating: i64,
}

/// Stores a review and updates the product's counts.
pub fn add(connection: &Connection, review: &NewReview, now: i64) -> rusqlite::Result<()> {
    connection.execute(
        "INSERT INTO reviews (product_id, customer_id, nickname, title, detail, rating, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            review.product_id,
            review.customer_id,
            review.nickname,
            review.title,
            review.detail,
            review.rating,
            now
        ],
    )?;
    connection.execute(
        "UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + ?2 WHERE id = ?1",
        params![review.product_id, review.rating],
    )?;
    Ok(())
}
