//! Building a site's base database: a fresh in-memory database with the site's schema, filled
//! by the site, written whole or not at all.

use super::SiteDefinition;
use crate::{KitError, Scale, SeedReport};
use rusqlite::Connection;
use std::path::Path;
use std::time::Instant;

/// Builds `data_dir`/[`SiteDefinition::BASE_FILE`] from `seed`; the same seed gives the same
/// data. The file is written atomically (see [`crate::database::write_file`]).
pub fn seed<D: SiteDefinition>(
    data_dir: &Path,
    scale: Scale,
    seed: u64,
) -> Result<SeedReport<D::Counts>, D::Error> {
    let started = Instant::now();
    std::fs::create_dir_all(data_dir).map_err(|source| KitError::DataDirUnwritable {
        path: data_dir.to_owned(),
        source,
    })?;
    let mut connection = Connection::open_in_memory().map_err(KitError::from)?;
    D::MIGRATIONS.apply(&mut connection)?;
    let counts = (D::BUILD)(&mut connection, scale, seed)?;
    let path = data_dir.join(D::BASE_FILE);
    crate::database::write_file(&connection, &path)?;
    let bytes = std::fs::metadata(&path)
        .map_err(|source| KitError::BaseUnwritable {
            path: path.clone(),
            source,
        })?
        .len();
    Ok(SeedReport {
        site: D::NAME,
        summary: counts,
        path,
        bytes,
        elapsed: started.elapsed(),
    })
}
