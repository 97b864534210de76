//! Ground truth for task authors, as JSON lines: every category, every product with its
//! details, options and what its photos show, every review, customer and order.

use crate::ShoppingError;
use crate::db::options::{Chosen, ProductOption};
use crate::db::products::image_url;
use imagery::ImageSpec;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::json;
use std::io::Write;

#[derive(Serialize)]
struct Photo {
    url: String,
    /// The drawing a person would name ("hiking boots"), from the spec.
    drawing: &'static str,
    spec: ImageSpec,
}

#[derive(Serialize)]
struct ProductRecord {
    record: &'static str,
    id: i64,
    sku: String,
    url: String,
    name: String,
    description: String,
    price: f64,
    stock: i64,
    category: String,
    attributes: Vec<(String, String)>,
    options: Vec<ProductOption>,
    reviews: i64,
    rating_percent: i64,
    photos: Vec<Photo>,
}

fn write_line(out: &mut dyn Write, value: &impl Serialize) -> Result<(), ShoppingError> {
    let mut line = serde_json::to_vec(value)?;
    line.push(b'\n');
    out.write_all(&line).map_err(|source| ShoppingError::Io {
        what: "the dump".into(),
        source,
    })
}

/// Writes the ground truth of the base database `connection` to `out`, one JSON object per
/// line with a `record` field (`category`, `product`, `review`, `customer`, `order`); returns
/// the number of lines written.
pub fn dump(connection: &Connection, out: &mut dyn Write) -> Result<u64, ShoppingError> {
    let mut written = 0;
    let mut categories = connection
        .prepare("SELECT id, parent_id, level, name, path FROM categories ORDER BY id")?;
    let mut rows = categories.query([])?;
    while let Some(row) = rows.next()? {
        let path: String = row.get(4)?;
        write_line(
            out,
            &json!({
                "record": "category", "id": row.get::<_, i64>(0)?, "parent_id": row.get::<_, Option<i64>>(1)?,
                "level": row.get::<_, i64>(2)?, "name": row.get::<_, String>(3)?, "url": format!("/{path}.html"),
            }),
        )?;
        written += 1;
    }
    let mut photos = connection
        .prepare("SELECT id, spec FROM images WHERE product_id = ?1 ORDER BY position")?;
    let mut products = connection.prepare(
        "SELECT p.id, p.sku, p.url_key, p.name, p.description, p.price_cents, p.stock, c.path,
                p.attributes, p.options, p.review_count, p.rating_sum
         FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id",
    )?;
    let mut rows = products.query([])?;
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let reviews: i64 = row.get(10)?;
        let rating_sum: i64 = row.get(11)?;
        let url_key: String = row.get(2)?;
        let specs: Vec<(i64, String)> = photos
            .query_map([id], |photo| Ok((photo.get(0)?, photo.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let record = ProductRecord {
            record: "product",
            id,
            sku: row.get(1)?,
            url: format!("/{url_key}.html"),
            name: row.get(3)?,
            description: row.get(4)?,
            price: row.get::<_, i64>(5)? as f64 / 100.0,
            stock: row.get(6)?,
            category: format!("/{}.html", row.get::<_, String>(7)?),
            attributes: serde_json::from_str(&row.get::<_, String>(8)?)?,
            options: serde_json::from_str(&row.get::<_, String>(9)?)?,
            reviews,
            rating_percent: if reviews == 0 {
                0
            } else {
                (rating_sum * 20 + reviews / 2) / reviews
            },
            photos: specs
                .into_iter()
                .map(|(photo, spec)| {
                    let spec: ImageSpec = serde_json::from_str(&spec)?;
                    Ok(Photo {
                        url: image_url(photo),
                        drawing: spec.model.name(),
                        spec,
                    })
                })
                .collect::<Result<_, ShoppingError>>()?,
        };
        write_line(out, &record)?;
        written += 1;
    }
    let mut reviews = connection.prepare(
        "SELECT r.id, p.sku, r.nickname, r.title, r.detail, r.rating, strftime('%Y-%m-%d', r.created_at, 'unixepoch')
         FROM reviews r JOIN products p ON p.id = r.product_id ORDER BY r.id",
    )?;
    let mut rows = reviews.query([])?;
    while let Some(row) = rows.next()? {
        write_line(
            out,
            &json!({
                "record": "review", "id": row.get::<_, i64>(0)?, "sku": row.get::<_, String>(1)?,
                "nickname": row.get::<_, String>(2)?, "title": row.get::<_, String>(3)?,
                "detail": row.get::<_, String>(4)?, "rating": row.get::<_, i64>(5)?, "date": row.get::<_, String>(6)?,
            }),
        )?;
        written += 1;
    }
    let mut customers =
        connection.prepare("SELECT id, first_name, last_name, email FROM customers ORDER BY id")?;
    let mut rows = customers.query([])?;
    while let Some(row) = rows.next()? {
        write_line(
            out,
            &json!({
                "record": "customer", "id": row.get::<_, i64>(0)?, "first_name": row.get::<_, String>(1)?,
                "last_name": row.get::<_, String>(2)?, "email": row.get::<_, String>(3)?,
            }),
        )?;
        written += 1;
    }
    let mut items = connection.prepare("SELECT sku, name, options, price_cents, qty FROM order_items WHERE order_id = ?1 ORDER BY id")?;
    let mut orders = connection.prepare(
        "SELECT o.id, c.email, o.status, strftime('%Y-%m-%d', o.created_at, 'unixepoch'), o.shipping_address,
                o.shipping_method, o.subtotal_cents + o.shipping_cents
         FROM orders o JOIN customers c ON c.id = o.customer_id ORDER BY o.id",
    )?;
    let mut rows = orders.query([])?;
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let lines: Vec<(String, String, String, i64, i64)> = items
            .query_map([id], |item| {
                Ok((
                    item.get(0)?,
                    item.get(1)?,
                    item.get(2)?,
                    item.get(3)?,
                    item.get(4)?,
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let lines = lines
            .into_iter()
            .map(|(sku, name, options, price, qty)| {
                let options: Chosen = serde_json::from_str(&options)?;
                Ok(json!({"sku": sku, "name": name, "options": options, "price": price as f64 / 100.0, "qty": qty}))
            })
            .collect::<Result<Vec<_>, ShoppingError>>()?;
        write_line(
            out,
            &json!({
                "record": "order", "id": id, "url": format!("/sales/order/view/order_id/{id}/"),
                "customer": row.get::<_, String>(1)?, "status": row.get::<_, String>(2)?, "date": row.get::<_, String>(3)?,
                "shipping_address": row.get::<_, String>(4)?, "shipping_method": row.get::<_, String>(5)?,
                "total": row.get::<_, i64>(6)? as f64 / 100.0, "items": lines,
            }),
        )?;
        written += 1;
    }
    out.flush().map_err(|source| ShoppingError::Io {
        what: "the dump".into(),
        source,
    })?;
    Ok(written)
}
