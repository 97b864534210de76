//! Listing photos: specs rendered on demand, or uploaded PNG bytes.

use imagery::Picture;
use kit::content::ImageSource;
use rusqlite::{Connection, OptionalExtension, params};

/// The photo ids of a listing in display order.
pub fn ids_of(connection: &Connection, listing_id: i64) -> rusqlite::Result<Vec<i64>> {
    connection
        .prepare_cached("SELECT id FROM photos WHERE listing_id = ?1 ORDER BY position, id")?
        .query_map([listing_id], |row| row.get(0))?
        .collect()
}

/// The photo with this id, or `None`.
pub fn source(
    connection: &Connection,
    id: i64,
) -> Result<Option<ImageSource>, crate::ClassifiedsError> {
    let row: Option<(Option<String>, Option<Vec<u8>>)> = connection
        .prepare_cached("SELECT spec, png FROM photos WHERE id = ?1")?
        .query_row([id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    Ok(match row {
        Some((Some(spec), _)) => Some(ImageSource::Drawn(Picture::Product(serde_json::from_str(
            &spec,
        )?))),
        Some((None, Some(png))) => Some(ImageSource::Uploaded(png)),
        _ => None,
    })
}

/// Stores an uploaded PNG as the listing's next photo; returns its id.
pub fn add_upload(connection: &Connection, listing_id: i64, png: &[u8]) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO photos (listing_id, position, png)
         VALUES (?1, (SELECT COALESCE(max(position) + 1, 0) FROM photos WHERE listing_id = ?1), ?2)",
        params![listing_id, png],
    )?;
    Ok(connection.last_insert_rowid())
}

/// The public URL path of a photo (OSClass's scheme: a folder per thousand ids).
pub fn url_path(id: i64) -> String {
    format!("/oc-content/uploads/{}/{}.png", id / 1000, id)
}
