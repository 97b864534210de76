//! Products: one by URL key, id or SKU, with photos, details and options.

use super::options::{self, ProductOption};
use crate::ShoppingError;
use imagery::ImageSpec;
use rusqlite::{Connection, OptionalExtension};

/// A product as its page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    /// Row id.
    pub id: i64,
    /// SKU (`B0…`).
    pub sku: String,
    /// URL key: the page is `/<url_key>.html`.
    pub url_key: String,
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// Price in cents.
    pub price_cents: i64,
    /// Units in stock.
    pub stock: i64,
    /// Leaf category id.
    pub category_id: i64,
    /// `(label, value)` rows of the details table.
    pub attributes: Vec<(String, String)>,
    /// Configurable options (empty for simple products).
    pub options: Vec<ProductOption>,
    /// Number of reviews.
    pub review_count: i64,
    /// Sum of the reviews' stars.
    pub rating_sum: i64,
}

impl Product {
    /// Its page URL.
    pub fn url(&self) -> String {
        format!("/{}.html", self.url_key)
    }

    /// The average rating as a percentage (0 without reviews).
    pub fn rating_percent(&self) -> i64 {
        if self.review_count == 0 {
            0
        } else {
            (self.rating_sum * 20 + self.review_count / 2) / self.review_count
        }
    }
}

const COLUMNS: &str = "SELECT id, sku, url_key, name, description, price_cents, stock, category_id,
    attributes, options, review_count, rating_sum FROM products";

fn product(row: &rusqlite::Row<'_>) -> rusqlite::Result<(Product, String, String)> {
    Ok((
        Product {
            id: row.get(0)?,
            sku: row.get(1)?,
            url_key: row.get(2)?,
            name: row.get(3)?,
            description: row.get(4)?,
            price_cents: row.get(5)?,
            stock: row.get(6)?,
            category_id: row.get(7)?,
            attributes: Vec::new(),
            options: Vec::new(),
            review_count: row.get(10)?,
            rating_sum: row.get(11)?,
        },
        row.get(8)?,
        row.get(9)?,
    ))
}

fn one(
    connection: &Connection,
    filter: &str,
    value: &dyn rusqlite::ToSql,
) -> Result<Option<Product>, ShoppingError> {
    let found = connection
        .prepare_cached(&format!("{COLUMNS} WHERE {filter} = ?1"))?
        .query_row([value], product)
        .optional()?;
    let Some((mut product, attributes, offered)) = found else {
        return Ok(None);
    };
    product.attributes = serde_json::from_str(&attributes)?;
    product.options = options::parse_offered(&offered)?;
    Ok(Some(product))
}

/// The product at `/<url_key>.html`.
pub fn by_url_key(
    connection: &Connection,
    url_key: &str,
) -> Result<Option<Product>, ShoppingError> {
    one(connection, "url_key", &url_key)
}

/// The product with this id.
pub fn by_id(connection: &Connection, id: i64) -> Result<Option<Product>, ShoppingError> {
    one(connection, "id", &id)
}

/// The product with this SKU.
pub fn by_sku(connection: &Connection, sku: &str) -> Result<Option<Product>, ShoppingError> {
    one(connection, "sku", &sku)
}

/// A product's photo ids in display order.
pub fn image_ids(connection: &Connection, product_id: i64) -> rusqlite::Result<Vec<i64>> {
    connection
        .prepare_cached("SELECT id FROM images WHERE product_id = ?1 ORDER BY position")?
        .query_map([product_id], |row| row.get(0))?
        .collect()
}

/// The spec of the photo with this id.
pub fn image_spec(connection: &Connection, id: i64) -> Result<Option<ImageSpec>, ShoppingError> {
    let spec: Option<String> = connection
        .prepare_cached("SELECT spec FROM images WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()?;
    Ok(spec.map(|spec| serde_json::from_str(&spec)).transpose()?)
}

/// The URL path of photo `id` (Magento's catalog media folder).
pub fn image_url(id: i64) -> String {
    format!("/media/catalog/product/{}/{id}.png", id % 100)
}
