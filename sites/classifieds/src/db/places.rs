//! Regions and cities.

use rusqlite::Connection;

/// A region (state) with its cities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// Id used in `sRegion`.
    pub id: i64,
    /// Display name.
    pub name: String,
    /// Its cities as `(id, name)`.
    pub cities: Vec<(i64, String)>,
}

/// Every region with its cities, by name.
pub fn regions(connection: &Connection) -> rusqlite::Result<Vec<Region>> {
    let mut statement = connection.prepare_cached(
        "SELECT r.id, r.name, c.id, c.name FROM regions r JOIN cities c ON c.region_id = r.id
         ORDER BY r.name, c.name",
    )?;
    let mut regions: Vec<Region> = Vec::new();
    let rows = statement.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, i64>(2)?,
            row.get::<_, String>(3)?,
        ))
    })?;
    for row in rows {
        let (region_id, region_name, city_id, city_name) = row?;
        match regions.last_mut() {
            Some(region) if region.id == region_id => region.cities.push((city_id, city_name)),
            _ => regions.push(Region {
                id: region_id,
                name: region_name,
                cities: vec![(city_id, city_name)],
            }),
        }
    }
    Ok(regions)
}

/// Whether a city exists.
pub fn city_exists(connection: &Connection, id: i64) -> rusqlite::Result<bool> {
    connection.query_row("SELECT count(*) FROM cities WHERE id = ?1", [id], |row| {
        row.get::<_, i64>(0).map(|count| count == 1)
    })
}

/// Whether a region exists.
pub fn region_exists(connection: &Connection, id: i64) -> rusqlite::Result<bool> {
    connection.query_row("SELECT count(*) FROM regions WHERE id = ?1", [id], |row| {
        row.get::<_, i64>(0).map(|count| count == 1)
    })
}
