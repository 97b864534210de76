//! Comments (with optional star ratings) on listings.

use rusqlite::{Connection, params};

/// A comment as shown under a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// Row id.
    pub id: i64,
    /// The author's name.
    pub author: String,
    /// The heading's first part.
    pub title: String,
    /// Text.
    pub body: String,
    /// Stars from 1 to 5, if the author rated.
    pub rating: Option<i64>,
    /// Date, `YYYY-MM-DD`.
    pub created: String,
}

impl Comment {
    /// The rating drawn as five stars ("★★★☆☆"), empty without a rating.
    pub fn stars(&self) -> String {
        let filled = self.rating.unwrap_or(0).clamp(0, 5) as usize;
        if self.rating.is_none() {
            return String::new();
        }
        "★".repeat(filled) + &"☆".repeat(5 - filled)
    }
}

/// A listing's comments, oldest first.
pub fn of_listing(connection: &Connection, listing_id: i64) -> rusqlite::Result<Vec<Comment>> {
    connection
        .prepare_cached(
            "SELECT c.id, u.name, c.title, c.body, c.rating, strftime('%Y-%m-%d', c.created_at, 'unixepoch')
             FROM comments c JOIN users u ON u.id = c.user_id
             WHERE c.listing_id = ?1 ORDER BY c.created_at, c.id",
        )?
        .query_map([listing_id], |row| {
            Ok(Comment {
                id: row.get(0)?,
                author: row.get(1)?,
                title: row.get(2)?,
                body: row.get(3)?,
                rating: row.get(4)?,
                created: row.get(5)?,
            })
        })?
        .collect()
}

/// Adds a comment; returns its id.
pub fn add(
    connection: &Connection,
    listing_id: i64,
    user_id: i64,
    title: &str,
    body: &str,
    rating: Option<i64>,
    now: i64,
) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO comments (listing_id, user_id, title, body, rating, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![listing_id, user_id, title, body, rating, now],
    )?;
    Ok(connection.last_insert_rowid())
}
