//! Orders: placing one from the cart, a customer's history and one order's details.

use super::cart;
use super::options::{Chosen, parse_chosen};
use crate::ShoppingError;
use kit::money::format_cents;
use rusqlite::{Connection, OptionalExtension, params};

/// A shipping method of the checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShippingMethod {
    /// `flatrate`: $5.00 per unit.
    FlatRate,
    /// `freeshipping`: free on orders of $100 or more.
    Free,
}

/// Subtotal (cents) from which free shipping is offered.
pub const FREE_SHIPPING_FROM: i64 = 10_000;

impl ShippingMethod {
    /// Both methods, in display order.
    pub const ALL: [ShippingMethod; 2] = [ShippingMethod::FlatRate, ShippingMethod::Free];

    /// The form value.
    pub fn code(self) -> &'static str {
        match self {
            ShippingMethod::FlatRate => "flatrate",
            ShippingMethod::Free => "freeshipping",
        }
    }

    /// The method with this form value.
    pub fn of_code(code: &str) -> Option<ShippingMethod> {
        ShippingMethod::ALL
            .into_iter()
            .find(|method| method.code() == code)
    }

    /// The label shown on the order ("Flat Rate - Fixed").
    pub fn label(self) -> &'static str {
        match self {
            ShippingMethod::FlatRate => "Flat Rate - Fixed",
            ShippingMethod::Free => "Free Shipping - Free",
        }
    }

    /// The cost in cents for `units` units and a subtotal; `None` when not offered.
    pub fn cost_cents(self, units: i64, subtotal_cents: i64) -> Option<i64> {
        match self {
            ShippingMethod::FlatRate => Some(500 * units),
            ShippingMethod::Free => (subtotal_cents >= FREE_SHIPPING_FROM).then_some(0),
        }
    }
}

/// An order as the history lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSummary {
    /// Order number (`order_id` in URLs).
    pub id: i64,
    /// `M/D/YY`.
    pub date: String,
    /// Recipient's name.
    pub ship_to: String,
    /// Grand total in cents.
    pub total_cents: i64,
    /// `complete`, `pending`, `processing`, `canceled`.
    pub status: String,
}

impl OrderSummary {
    /// The order number as Magento prints it (`000000170`).
    pub fn number(&self) -> String {
        format!("{:09}", self.id)
    }

    /// The formatted grand total.
    pub fn total(&self) -> String {
        format_cents(self.total_cents)
    }

    /// The status as shown ("Complete").
    pub fn status_label(&self) -> String {
        let mut characters = self.status.chars();
        characters
            .next()
            .map(|first| first.to_ascii_uppercase().to_string() + characters.as_str())
            .unwrap_or_default()
    }
}

/// One ordered product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderItem {
    /// Product id.
    pub product_id: i64,
    /// SKU.
    pub sku: String,
    /// Name when ordered.
    pub name: String,
    /// Chosen options.
    pub options: Chosen,
    /// Unit price in cents.
    pub price_cents: i64,
    /// Quantity.
    pub qty: i64,
}

impl OrderItem {
    /// The formatted unit price.
    pub fn price(&self) -> String {
        format_cents(self.price_cents)
    }

    /// The formatted line subtotal.
    pub fn subtotal(&self) -> String {
        format_cents(self.price_cents * self.qty)
    }
}

/// An order with everything its page shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The summary.
    pub summary: OrderSummary,
    /// Shipping address text (lines).
    pub shipping_address: String,
    /// Billing address text.
    pub billing_address: String,
    /// Shipping method label.
    pub shipping_method: String,
    /// Shipping cost in cents.
    pub shipping_cents: i64,
    /// Subtotal in cents.
    pub subtotal_cents: i64,
    /// The products.
    pub items: Vec<OrderItem>,
}

impl Order {
    /// The formatted subtotal.
    pub fn subtotal(&self) -> String {
        format_cents(self.subtotal_cents)
    }

    /// The formatted shipping cost.
    pub fn shipping(&self) -> String {
        format_cents(self.shipping_cents)
    }

    /// Address lines of the shipping address.
    pub fn shipping_lines(&self) -> Vec<&str> {
        self.shipping_address.lines().collect()
    }

    /// Address lines of the billing address.
    pub fn billing_lines(&self) -> Vec<&str> {
        self.billing_address.lines().collect()
    }
}

const SUMMARY: &str = "SELECT id,
        ltrim(strftime('%m', created_at, 'unixepoch'), '0') || '/' || ltrim(strftime('%d', created_at, 'unixepoch'), '0') || '/' || substr(strftime('%Y', created_at, 'unixepoch'), 3),
        substr(shipping_address, 1, instr(shipping_address, char(10)) - 1),
        subtotal_cents + shipping_cents, status, shipping_address, billing_address, shipping_method,
        shipping_cents, subtotal_cents
    FROM orders";

fn order(row: &rusqlite::Row<'_>) -> rusqlite::Result<Order> {
    Ok(Order {
        summary: OrderSummary {
            id: row.get(0)?,
            date: row.get(1)?,
            ship_to: row.get(2)?,
            total_cents: row.get(3)?,
            status: row.get(4)?,
        },
        shipping_address: row.get(5)?,
        billing_address: row.get(6)?,
        shipping_method: row.get(7)?,
        shipping_cents: row.get(8)?,
        subtotal_cents: row.get(9)?,
        items: Vec::new(),
    })
}

/// A customer's orders, newest first.
pub fn of_customer(
    connection: &Connection,
    customer_id: i64,
) -> rusqlite::Result<Vec<OrderSummary>> {
    connection
        .prepare_cached(&format!(
            "{SUMMARY} WHERE customer_id = ?1 ORDER BY created_at DESC, id DESC"
        ))?
        .query_map([customer_id], |row| order(row).map(|order| order.summary))?
        .collect()
}

/// Order `id` of the customer (`None` if it is someone else's or does not exist).
pub fn one(
    connection: &Connection,
    customer_id: i64,
    id: i64,
) -> Result<Option<Order>, ShoppingError> {
    let Some(mut found) = connection
        .prepare_cached(&format!("{SUMMARY} WHERE customer_id = ?1 AND id = ?2"))?
        .query_row(params![customer_id, id], order)
        .optional()?
    else {
        return Ok(None);
    };
    let rows: Vec<(OrderItem, String)> = connection
        .prepare_cached("SELECT product_id, sku, name, options, price_cents, qty FROM order_items WHERE order_id = ?1 ORDER BY id")?
        .query_map([id], |row| {
            Ok((
                OrderItem {
                    product_id: row.get(0)?,
                    sku: row.get(1)?,
                    name: row.get(2)?,
                    options: Vec::new(),
                    price_cents: row.get(4)?,
                    qty: row.get(5)?,
                },
                row.get(3)?,
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    for (mut item, options) in rows {
        item.options = parse_chosen(&options)?;
        found.items.push(item);
    }
    Ok(Some(found))
}

/// The newest order of the store (what VWA's admin API reports as the latest), if any.
pub fn latest_id(connection: &Connection) -> rusqlite::Result<Option<i64>> {
    connection
        .prepare_cached("SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 1")?
        .query_row([], |row| row.get(0))
        .optional()
}

/// Why an order could not be placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The cart is empty.
    EmptyCart,
    /// A line wants more than the stock.
    OutOfStock(String),
    /// The method is not offered for this cart.
    MethodUnavailable,
}

/// Places the customer's cart as an order in one transaction (stock taken, cart emptied);
/// returns the new order's id.
pub fn place(
    connection: &Connection,
    customer_id: i64,
    address: &str,
    method: ShippingMethod,
    now: i64,
) -> Result<Result<i64, Refusal>, ShoppingError> {
    let transaction = connection.unchecked_transaction()?;
    let lines = cart::lines(&transaction, customer_id)?;
    if lines.is_empty() {
        return Ok(Err(Refusal::EmptyCart));
    }
    if let Some(short) = lines.iter().find(|line| line.qty > line.stock) {
        return Ok(Err(Refusal::OutOfStock(short.name.clone())));
    }
    let subtotal: i64 = lines.iter().map(cart::Line::subtotal_cents).sum();
    let units: i64 = lines.iter().map(|line| line.qty).sum();
    let Some(shipping) = method.cost_cents(units, subtotal) else {
        return Ok(Err(Refusal::MethodUnavailable));
    };
    // Order ids grow with time even when the clock reads earlier than seeded orders.
    let created: i64 = transaction.query_row(
        "SELECT max(?1, coalesce(max(created_at), 0) + 1) FROM orders",
        [now],
        |row| row.get(0),
    )?;
    transaction.execute(
        "INSERT INTO orders (customer_id, status, created_at, shipping_address, billing_address,
                             shipping_method, shipping_cents, subtotal_cents)
         VALUES (?1, 'pending', ?2, ?3, ?3, ?4, ?5, ?6)",
        params![
            customer_id,
            created,
            address,
            method.label(),
            shipping,
            subtotal
        ],
    )?;
    let id = transaction.last_insert_rowid();
    for line in &lines {
        transaction.execute(
            "INSERT INTO order_items (order_id, product_id, sku, name, options, price_cents, qty)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                id,
                line.product_id,
                line.sku,
                line.name,
                serde_json::to_string(&line.options)?,
                line.price_cents,
                line.qty
            ],
        )?;
        transaction.execute(
            "UPDATE products SET stock = stock - ?2 WHERE id = ?1",
            params![line.product_id, line.qty],
        )?;
    }
    transaction.execute(
        "DELETE FROM cart_items WHERE customer_id = ?1",
        [customer_id],
    )?;
    transaction.execute(
        "DELETE FROM checkouts WHERE customer_id = ?1",
        [customer_id],
    )?;
    transaction.commit()?;
    Ok(Ok(id))
}
