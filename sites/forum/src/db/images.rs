//! Submission pictures: seeded ones rendered from their spec, uploads stored as PNG.

use imagery::{ImageSpec, Picture};
use kit::content::ImageSource;
use rusqlite::{Connection, OptionalExtension, params};

/// The picture stored under `name`, or `None`.
pub fn by_name(
    connection: &Connection,
    name: &str,
) -> Result<Option<ImageSource>, crate::ForumError> {
    let row: Option<(Option<String>, Option<Vec<u8>>)> = connection
        .prepare_cached("SELECT spec, png FROM images WHERE name = ?1")?
        .query_row([name], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    Ok(match row {
        Some((Some(spec), _)) => Some(ImageSource::Drawn(parse(&spec)?)),
        Some((None, Some(png))) => Some(ImageSource::Uploaded(png)),
        _ => None,
    })
}

/// A stored spec: a tagged [`Picture`], or a bare product spec as base files seeded before
/// pictures had other kinds hold.
pub fn parse(spec: &str) -> Result<Picture, serde_json::Error> {
    serde_json::from_str(spec).or_else(|error| {
        serde_json::from_str::<ImageSpec>(spec)
            .map(Picture::Product)
            .map_err(|_| error)
    })
}

/// Stores an uploaded PNG under `name` (its SHA-256), once; returns the row id.
pub fn store_upload(connection: &Connection, name: &str, png: &[u8]) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO images (name, png) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
        params![name, png],
    )?;
    connection
        .prepare_cached("SELECT id FROM images WHERE name = ?1")?
        .query_row([name], |row| row.get(0))
}

/// The public URL path of a stored picture (Postmill's `/submission_images/<hash>.<ext>`).
pub fn url_path(name: &str) -> String {
    format!("/submission_images/{name}.png")
}
