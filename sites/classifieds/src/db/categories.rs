//! The category tree with listing counts.

use rusqlite::{Connection, OptionalExtension};

/// A category and how many live listings it holds (children included for parents).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// Id used in `sCategory`.
    pub id: i64,
    /// Parent category, `None` at the top level.
    pub parent_id: Option<i64>,
    /// Display name.
    pub name: String,
    /// Live listings in the category and its children.
    pub count: i64,
}

/// Every category in display order, with counts.
pub fn tree(connection: &Connection) -> rusqlite::Result<Vec<Category>> {
    let mut statement = connection.prepare_cached(
        "SELECT c.id, c.parent_id, c.name,
                COALESCE((SELECT sum(s.listings) FROM category_stats s
                          JOIN categories leaf ON leaf.id = s.category_id
                          WHERE leaf.id = c.id OR leaf.parent_id = c.id), 0)
         FROM categories c ORDER BY c.position",
    )?;
    statement
        .query_map([], |row| {
            Ok(Category {
                id: row.get(0)?,
                parent_id: row.get(1)?,
                name: row.get(2)?,
                count: row.get(3)?,
            })
        })?
        .collect()
}

/// How a search restricts listings to a category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CategoryFilter {
    /// Listings posted in this leaf category.
    Leaf(i64),
    /// Listings posted in any child of this top-level category.
    Parent(i64),
}

/// The filter for category `id`, or `None` if the category does not exist.
pub fn filter_for(connection: &Connection, id: i64) -> rusqlite::Result<Option<CategoryFilter>> {
    connection
        .prepare_cached("SELECT parent_id FROM categories WHERE id = ?1")?
        .query_row([id], |row| row.get::<_, Option<i64>>(0))
        .optional()
        .map(|found| {
            found.map(|parent| match parent {
                Some(_) => CategoryFilter::Leaf(id),
                None => CategoryFilter::Parent(id),
            })
        })
}

/// Whether `id` is a leaf category (listings may be posted there).
pub fn is_leaf(connection: &Connection, id: i64) -> rusqlite::Result<bool> {
    connection.query_row(
        "SELECT count(*) FROM categories c WHERE c.id = ?1 AND c.parent_id IS NOT NULL",
        [id],
        |row| row.get::<_, i64>(0).map(|count| count == 1),
    )
}
