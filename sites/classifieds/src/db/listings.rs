//! Listings: reading one, a user's own, and posting, editing and deleting.

use rusqlite::{Connection, OptionalExtension, params};

/// A listing as its page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// Id used in `index.php?page=item&id=N`.
    pub id: i64,
    /// The seller's user id.
    pub user_id: i64,
    /// The seller's name.
    pub seller_name: String,
    /// The seller's email.
    pub seller_email: String,
    /// The seller's phone, if given.
    pub seller_phone: Option<String>,
    /// Leaf category id.
    pub category_id: i64,
    /// Leaf category name.
    pub category_name: String,
    /// Parent category id.
    pub parent_category_id: Option<i64>,
    /// City id.
    pub city_id: i64,
    /// City name.
    pub city: String,
    /// Region name.
    pub region: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Price in cents.
    pub price_cents: i64,
    /// Publication date, `YYYY-MM-DD`.
    pub published: String,
    /// Photo ids in display order.
    pub photo_ids: Vec<i64>,
}

/// The listing with this id, or `None` if it does not exist (or was deleted).
pub fn by_id(connection: &Connection, id: i64) -> rusqlite::Result<Option<Listing>> {
    let listing = connection
        .prepare_cached(
            "SELECT l.id, l.user_id, u.name, u.email, u.phone, l.category_id, c.name, c.parent_id,
                    l.city_id, ci.name, r.name, l.title, l.description, l.price_cents,
                    strftime('%Y-%m-%d', l.published_at, 'unixepoch')
             FROM listings l
             JOIN users u ON u.id = l.user_id
             JOIN categories c ON c.id = l.category_id
             JOIN cities ci ON ci.id = l.city_id
             JOIN regions r ON r.id = ci.region_id
             WHERE l.id = ?1",
        )?
        .query_row([id], |row| {
            Ok(Listing {
                id: row.get(0)?,
                user_id: row.get(1)?,
                seller_name: row.get(2)?,
                seller_email: row.get(3)?,
                seller_phone: row.get(4)?,
                category_id: row.get(5)?,
                category_name: row.get(6)?,
                parent_category_id: row.get(7)?,
                city_id: row.get(8)?,
                city: row.get(9)?,
                region: row.get(10)?,
                title: row.get(11)?,
                description: row.get(12)?,
                price_cents: row.get(13)?,
                published: row.get(14)?,
                photo_ids: Vec::new(),
            })
        })
        .optional()?;
    let Some(mut listing) = listing else {
        return Ok(None);
    };
    listing.photo_ids = super::photos::ids_of(connection, id)?;
    Ok(Some(listing))
}

/// What a seller fills in to post or edit a listing (already validated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingDraft {
    /// Leaf category id.
    pub category_id: i64,
    /// City id.
    pub city_id: i64,
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Price in cents.
    pub price_cents: i64,
}

/// Posts a listing for `user_id`; returns its id.
pub fn create(
    connection: &Connection,
    user_id: i64,
    draft: &ListingDraft,
    now: i64,
) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO listings (user_id, category_id, city_id, title, description, price_cents, published_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![user_id, draft.category_id, draft.city_id, draft.title, draft.description, draft.price_cents, now],
    )?;
    Ok(connection.last_insert_rowid())
}

/// Replaces a listing's fields; returns whether the listing exists and belongs to `user_id`.
pub fn update(
    connection: &Connection,
    id: i64,
    user_id: i64,
    draft: &ListingDraft,
) -> rusqlite::Result<bool> {
    let changed = connection.execute(
        "UPDATE listings SET category_id = ?3, city_id = ?4, title = ?5, description = ?6, price_cents = ?7
         WHERE id = ?1 AND user_id = ?2",
        params![id, user_id, draft.category_id, draft.city_id, draft.title, draft.description, draft.price_cents],
    )?;
    Ok(changed == 1)
}

/// Deletes a listing with its photos, comments and messages; returns whether it existed and
/// belonged to `user_id`.
pub fn delete(connection: &mut Connection, id: i64, user_id: i64) -> rusqlite::Result<bool> {
    let transaction = connection.transaction()?;
    let deleted = transaction.execute(
        "DELETE FROM listings WHERE id = ?1 AND user_id = ?2",
        params![id, user_id],
    )?;
    if deleted == 1 {
        for table in ["photos", "comments", "messages"] {
            transaction.execute(&format!("DELETE FROM {table} WHERE listing_id = ?1"), [id])?;
        }
    }
    transaction.commit()?;
    Ok(deleted == 1)
}

/// Records a message to the seller from the contact form.
pub fn add_message(
    connection: &Connection,
    listing_id: i64,
    name: &str,
    email: &str,
    body: &str,
    now: i64,
) -> rusqlite::Result<()> {
    connection.execute(
        "INSERT INTO messages (listing_id, sender_name, sender_email, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![listing_id, name, email, body, now],
    )?;
    Ok(())
}
