//! Ground truth for task authors: every listing with what its photos show, as JSON lines.

use crate::ClassifiedsError;
use crate::seed::mentions_color;
use imagery::ImageSpec;
use rusqlite::Connection;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct PhotoRecord {
    id: i64,
    url: String,
    /// The drawing the photo shows ("pickup truck", "cruiser"), named as a person would.
    drawing: &'static str,
    spec: ImageSpec,
}

#[derive(Serialize)]
struct ListingRecord {
    id: i64,
    url: String,
    title: String,
    description: String,
    price: f64,
    category_id: i64,
    category: String,
    city: String,
    region: String,
    seller_email: String,
    published: String,
    /// Whether the title or description names a colour (false: the colour is only in the photo).
    color_in_text: bool,
    photos: Vec<PhotoRecord>,
}

/// Writes one JSON object per listing of the base database `connection` to `out`; returns the
/// number of listings written.
pub fn dump(connection: &Connection, out: &mut dyn Write) -> Result<u64, ClassifiedsError> {
    let mut photos = connection.prepare("SELECT listing_id, id, spec FROM photos WHERE spec IS NOT NULL ORDER BY listing_id, position, id")?;
    let mut photo_rows = photos.query([])?;
    let mut pending: Option<(i64, PhotoRecord)> = None;
    let mut listings = connection.prepare(
        "SELECT l.id, l.title, l.description, l.price_cents, l.category_id, c.name, ci.name, r.name, u.email,
                strftime('%Y-%m-%d %H:%M:%S', l.published_at, 'unixepoch')
         FROM listings l JOIN categories c ON c.id = l.category_id JOIN cities ci ON ci.id = l.city_id
         JOIN regions r ON r.id = ci.region_id JOIN users u ON u.id = l.user_id ORDER BY l.id",
    )?;
    let mut rows = listings.query([])?;
    let mut written = 0;
    let io = |source| ClassifiedsError::Io {
        what: "the dump".into(),
        source,
    };
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let title: String = row.get(1)?;
        let description: String = row.get(2)?;
        let mut record = ListingRecord {
            id,
            url: format!("/index.php?page=item&id={id}"),
            color_in_text: mentions_color(&title) || mentions_color(&description),
            title,
            description,
            price: row.get::<_, i64>(3)? as f64 / 100.0,
            category_id: row.get(4)?,
            category: row.get(5)?,
            city: row.get(6)?,
            region: row.get(7)?,
            seller_email: row.get(8)?,
            published: row.get(9)?,
            photos: Vec::new(),
        };
        // Photos arrive sorted by listing, so one pass merges them in.
        loop {
            if let Some((listing_id, _)) = &pending {
                if *listing_id < id {
                    pending = None;
                } else if *listing_id == id {
                    if let Some((_, photo)) = pending.take() {
                        record.photos.push(photo);
                    }
                } else {
                    break;
                }
            }
            match photo_rows.next()? {
                Some(photo) => {
                    let photo_id: i64 = photo.get(1)?;
                    let spec: ImageSpec = serde_json::from_str(&photo.get::<_, String>(2)?)?;
                    pending = Some((
                        photo.get(0)?,
                        PhotoRecord {
                            id: photo_id,
                            url: crate::db::photos::url_path(photo_id),
                            drawing: spec.model.name(),
                            spec,
                        },
                    ));
                }
                None => break,
            }
        }
        let mut line = serde_json::to_vec(&record)?;
        line.push(b'\n');
        out.write_all(&line).map_err(io)?;
        written += 1;
    }
    out.flush().map_err(io)?;
    Ok(written)
}
