//! Saved product lists of a customer: the wishlist and the comparison list.

use super::listing::Summary;
use rusqlite::{Connection, params};

/// Which saved list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    /// The wishlist (`/wishlist/`).
    Wishlist,
    /// The comparison list (`/catalog/product_compare/`).
    Compare,
}

impl List {
    fn table(self) -> &'static str {
        match self {
            List::Wishlist => "wishlist",
            List::Compare => "compare",
        }
    }
}

/// Adds a product (no-op when it is already there).
pub fn add(
    connection: &Connection,
    list: List,
    customer_id: i64,
    product_id: i64,
    now: i64,
) -> rusqlite::Result<()> {
    connection.execute(
        &format!(
            "INSERT INTO {} (customer_id, product_id, added_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            list.table()
        ),
        params![customer_id, product_id, now],
    )?;
    Ok(())
}

/// Removes a product; whether it was there.
pub fn remove(
    connection: &Connection,
    list: List,
    customer_id: i64,
    product_id: i64,
) -> rusqlite::Result<bool> {
    let removed = connection.execute(
        &format!(
            "DELETE FROM {} WHERE customer_id = ?1 AND product_id = ?2",
            list.table()
        ),
        params![customer_id, product_id],
    )?;
    Ok(removed > 0)
}

/// The list's products, oldest addition first.
pub fn products(
    connection: &Connection,
    list: List,
    customer_id: i64,
) -> rusqlite::Result<Vec<Summary>> {
    connection
        .prepare_cached(&format!(
            "SELECT p.id, p.name, p.url_key, p.price_cents, p.review_count, p.rating_sum,
                    (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)
             FROM {} s JOIN products p ON p.id = s.product_id
             WHERE s.customer_id = ?1 ORDER BY s.added_at, p.id",
            list.table()
        ))?
        .query_map([customer_id], |row| {
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
        .collect()
}
