//! The logged-in customer's shopping cart.

use super::options::{Chosen, parse_chosen};
use crate::ShoppingError;
use rusqlite::{Connection, OptionalExtension, params};

/// Most units of one line.
pub const MAX_QTY: i64 = 10_000;

/// A cart line with its product's current facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Line id (`item_id` in forms).
    pub id: i64,
    /// Product id.
    pub product_id: i64,
    /// SKU.
    pub sku: String,
    /// Product name.
    pub name: String,
    /// URL key.
    pub url_key: String,
    /// Unit price in cents.
    pub price_cents: i64,
    /// Units in stock.
    pub stock: i64,
    /// Chosen options.
    pub options: Chosen,
    /// Quantity.
    pub qty: i64,
    /// First photo id.
    pub image_id: Option<i64>,
}

impl Line {
    /// Price × quantity in cents.
    pub fn subtotal_cents(&self) -> i64 {
        self.price_cents * self.qty
    }
}

/// The customer's cart lines, oldest first.
pub fn lines(connection: &Connection, customer_id: i64) -> Result<Vec<Line>, ShoppingError> {
    let rows: Vec<(Line, String)> = connection
        .prepare_cached(
            "SELECT c.id, p.id, p.sku, p.name, p.url_key, p.price_cents, p.stock, c.options, c.qty,
                    (SELECT id FROM images WHERE product_id = p.id ORDER BY position LIMIT 1)
             FROM cart_items c JOIN products p ON p.id = c.product_id
             WHERE c.customer_id = ?1 ORDER BY c.id",
        )?
        .query_map([customer_id], |row| {
            Ok((
                Line {
                    id: row.get(0)?,
                    product_id: row.get(1)?,
                    sku: row.get(2)?,
                    name: row.get(3)?,
                    url_key: row.get(4)?,
                    price_cents: row.get(5)?,
                    stock: row.get(6)?,
                    options: Vec::new(),
                    qty: row.get(8)?,
                    image_id: row.get(9)?,
                },
                row.get(7)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(|(mut line, options)| {
            line.options = parse_chosen(&options)?;
            Ok(line)
        })
        .collect()
}

/// Units of the product already in the cart (all option combinations).
pub fn qty_of_product(
    connection: &Connection,
    customer_id: i64,
    product_id: i64,
) -> rusqlite::Result<i64> {
    connection
        .prepare_cached("SELECT coalesce(sum(qty), 0) FROM cart_items WHERE customer_id = ?1 AND product_id = ?2")?
        .query_row(params![customer_id, product_id], |row| row.get(0))
}

/// Adds `qty` units with these options (merged into an identical line).
pub fn add(
    connection: &Connection,
    customer_id: i64,
    product_id: i64,
    options: &Chosen,
    qty: i64,
) -> Result<(), ShoppingError> {
    connection.execute(
        "INSERT INTO cart_items (customer_id, product_id, options, qty) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (customer_id, product_id, options) DO UPDATE SET qty = qty + excluded.qty",
        params![
            customer_id,
            product_id,
            serde_json::to_string(options)?,
            qty
        ],
    )?;
    Ok(())
}

/// One line of the customer's cart.
pub fn line(
    connection: &Connection,
    customer_id: i64,
    id: i64,
) -> Result<Option<Line>, ShoppingError> {
    Ok(lines(connection, customer_id)?
        .into_iter()
        .find(|line| line.id == id))
}

/// Sets a line's quantity; whether the line exists.
pub fn set_qty(
    connection: &Connection,
    customer_id: i64,
    id: i64,
    qty: i64,
) -> rusqlite::Result<bool> {
    Ok(connection.execute(
        "UPDATE cart_items SET qty = ?3 WHERE customer_id = ?1 AND id = ?2",
        params![customer_id, id, qty],
    )? > 0)
}

/// Removes a line; whether it existed.
pub fn remove(connection: &Connection, customer_id: i64, id: i64) -> rusqlite::Result<bool> {
    Ok(connection.execute(
        "DELETE FROM cart_items WHERE customer_id = ?1 AND id = ?2",
        params![customer_id, id],
    )? > 0)
}

/// The shipping step saved for the customer's checkout: address text and method code.
pub fn checkout_step(
    connection: &Connection,
    customer_id: i64,
) -> rusqlite::Result<Option<(String, String)>> {
    connection
        .prepare_cached("SELECT address, shipping_method FROM checkouts WHERE customer_id = ?1")?
        .query_row([customer_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()
}

/// Saves the shipping step of the checkout.
pub fn save_checkout_step(
    connection: &Connection,
    customer_id: i64,
    address: &str,
    method: &str,
) -> rusqlite::Result<()> {
    connection.execute(
        "INSERT INTO checkouts (customer_id, address, shipping_method) VALUES (?1, ?2, ?3)
         ON CONFLICT (customer_id) DO UPDATE SET address = excluded.address, shipping_method = excluded.shipping_method",
        params![customer_id, address, method],
    )?;
    Ok(())
}
