//! The three-level category tree.

use rusqlite::{Connection, OptionalExtension};

/// A category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Row id.
    pub id: i64,
    /// Parent id (`None` for departments).
    pub parent_id: Option<i64>,
    /// 1 = department, 2 = group, 3 = leaf.
    pub level: i64,
    /// Display name.
    pub name: String,
    /// URL path without `.html` (`electronics/home-audio/speakers`).
    pub path: String,
}

impl Category {
    /// Its page URL (`/electronics/home-audio.html`).
    pub fn url(&self) -> String {
        format!("/{}.html", self.path)
    }
}

fn category(row: &rusqlite::Row<'_>) -> rusqlite::Result<Category> {
    Ok(Category {
        id: row.get(0)?,
        parent_id: row.get(1)?,
        level: row.get(2)?,
        name: row.get(3)?,
        path: row.get(4)?,
    })
}

const COLUMNS: &str = "SELECT id, parent_id, level, name, path FROM categories";

/// The category at this URL path (without `.html`).
pub fn by_path(connection: &Connection, path: &str) -> rusqlite::Result<Option<Category>> {
    connection
        .prepare_cached(&format!("{COLUMNS} WHERE path = ?1"))?
        .query_row([path], category)
        .optional()
}

/// The category with this id.
pub fn by_id(connection: &Connection, id: i64) -> rusqlite::Result<Option<Category>> {
    connection
        .prepare_cached(&format!("{COLUMNS} WHERE id = ?1"))?
        .query_row([id], category)
        .optional()
}

/// The children of `parent` (`None`: the departments), in position order.
pub fn children(connection: &Connection, parent: Option<i64>) -> rusqlite::Result<Vec<Category>> {
    connection
        .prepare_cached(&format!(
            "{COLUMNS} WHERE parent_id IS ?1 ORDER BY position"
        ))?
        .query_map([parent], category)?
        .collect()
}

/// The chain from the department down to `category` (for breadcrumbs).
pub fn ancestry(connection: &Connection, category: &Category) -> rusqlite::Result<Vec<Category>> {
    let mut chain = vec![category.clone()];
    let mut parent = category.parent_id;
    while let Some(id) = parent {
        let Some(found) = by_id(connection, id)? else {
            break;
        };
        parent = found.parent_id;
        chain.push(found);
    }
    chain.reverse();
    Ok(chain)
}
