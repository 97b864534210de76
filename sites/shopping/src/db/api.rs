//! What Magento's REST surface (`crate::rest`) reads: the store's orders searched by
//! `searchCriteria` (filters, sorts, a page) and a product's reviews oldest first.
//!
//! Fields and conditions are closed enums mapped to fixed SQL; values are always bound.

use crate::ShoppingError;
use rusqlite::Connection;
use rusqlite::types::Value;

/// An order field the search filters and sorts on, by Magento's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderField {
    /// `entity_id`: the order's row id.
    EntityId,
    /// `increment_id`: the order number as text (`000000170`).
    IncrementId,
    /// `created_at`: `YYYY-MM-DD HH:MM:SS` (UTC).
    CreatedAt,
    /// `updated_at`: orders are not edited, so the creation time.
    UpdatedAt,
    /// `status`: `pending`, `processing`, `complete`, `canceled`.
    Status,
    /// `state`: Magento's state of the status (`new` for `pending`).
    State,
    /// `customer_id`.
    CustomerId,
    /// `customer_email`.
    CustomerEmail,
    /// `grand_total`: subtotal plus shipping, in dollars.
    GrandTotal,
    /// `subtotal`, in dollars.
    Subtotal,
}

impl OrderField {
    /// Every field, in the order error messages list them.
    pub const ALL: [OrderField; 10] = [
        OrderField::EntityId,
        OrderField::IncrementId,
        OrderField::CreatedAt,
        OrderField::UpdatedAt,
        OrderField::Status,
        OrderField::State,
        OrderField::CustomerId,
        OrderField::CustomerEmail,
        OrderField::GrandTotal,
        OrderField::Subtotal,
    ];

    /// Magento's name of the field.
    pub fn name(self) -> &'static str {
        match self {
            OrderField::EntityId => "entity_id",
            OrderField::IncrementId => "increment_id",
            OrderField::CreatedAt => "created_at",
            OrderField::UpdatedAt => "updated_at",
            OrderField::Status => "status",
            OrderField::State => "state",
            OrderField::CustomerId => "customer_id",
            OrderField::CustomerEmail => "customer_email",
            OrderField::GrandTotal => "grand_total",
            OrderField::Subtotal => "subtotal",
        }
    }

    /// The field called `name`.
    pub fn of_name(name: &str) -> Option<OrderField> {
        OrderField::ALL
            .into_iter()
            .find(|field| field.name() == name)
    }

    /// Whether its values are numbers (else text).
    pub fn is_number(self) -> bool {
        matches!(
            self,
            OrderField::EntityId
                | OrderField::CustomerId
                | OrderField::GrandTotal
                | OrderField::Subtotal
        )
    }

    fn column(self) -> &'static str {
        match self {
            OrderField::EntityId => "o.id",
            OrderField::IncrementId => "printf('%09d', o.id)",
            OrderField::CreatedAt | OrderField::UpdatedAt => CREATED,
            OrderField::Status => "o.status",
            OrderField::State => STATE,
            OrderField::CustomerId => "o.customer_id",
            OrderField::CustomerEmail => "c.email",
            OrderField::GrandTotal => "(o.subtotal_cents + o.shipping_cents) / 100.0",
            OrderField::Subtotal => "o.subtotal_cents / 100.0",
        }
    }
}

const CREATED: &str = "strftime('%Y-%m-%d %H:%M:%S', o.created_at, 'unixepoch')";
const STATE: &str = "CASE o.status WHEN 'pending' THEN 'new' ELSE o.status END";

/// A filter's comparison, by Magento's `condition_type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// `eq`.
    Eq,
    /// `neq`.
    Neq,
    /// `gt`.
    Gt,
    /// `gteq`.
    Gteq,
    /// `lt`.
    Lt,
    /// `lteq`.
    Lteq,
    /// `like` (`%` matches any text).
    Like,
    /// `nlike`.
    Nlike,
    /// `in`: one of comma-separated values.
    In,
    /// `nin`: none of them.
    Nin,
}

impl Condition {
    /// Every condition, in the order error messages list them.
    pub const ALL: [Condition; 10] = [
        Condition::Eq,
        Condition::Neq,
        Condition::Gt,
        Condition::Gteq,
        Condition::Lt,
        Condition::Lteq,
        Condition::Like,
        Condition::Nlike,
        Condition::In,
        Condition::Nin,
    ];

    /// Magento's name of the condition.
    pub fn name(self) -> &'static str {
        match self {
            Condition::Eq => "eq",
            Condition::Neq => "neq",
            Condition::Gt => "gt",
            Condition::Gteq => "gteq",
            Condition::Lt => "lt",
            Condition::Lteq => "lteq",
            Condition::Like => "like",
            Condition::Nlike => "nlike",
            Condition::In => "in",
            Condition::Nin => "nin",
        }
    }

    /// The condition called `name`.
    pub fn of_name(name: &str) -> Option<Condition> {
        Condition::ALL
            .into_iter()
            .find(|condition| condition.name() == name)
    }

    /// Whether the value is a comma-separated list.
    pub fn takes_list(self) -> bool {
        matches!(self, Condition::In | Condition::Nin)
    }

    /// The SQL comparing `column` with the condition's `count` bound values.
    fn sql(self, column: &str, count: usize) -> String {
        let operator = match self {
            Condition::Eq => "=",
            Condition::Neq => "<>",
            Condition::Gt => ">",
            Condition::Gteq => ">=",
            Condition::Lt => "<",
            Condition::Lteq => "<=",
            Condition::Like => "LIKE",
            Condition::Nlike => "NOT LIKE",
            Condition::In | Condition::Nin => {
                let marks = vec!["?"; count].join(", ");
                let negation = if self == Condition::Nin { "NOT " } else { "" };
                return format!("{column} {negation}IN ({marks})");
            }
        };
        format!("{column} {operator} ?")
    }
}

/// One filter: field, condition and its bound values (one, or a list for `in`/`nin`).
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    /// The field.
    pub field: OrderField,
    /// The comparison.
    pub condition: Condition,
    /// The values compared with.
    pub values: Vec<Value>,
}

/// One sort order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    /// The field.
    pub field: OrderField,
    /// `DESC` (else `ASC`).
    pub descending: bool,
}

/// A search over the store's orders: groups of filters (a group matches when any of its
/// filters does; an order when every group does), sorts and a page.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderSearch {
    /// Filter groups, ANDed; filters in a group ORed.
    pub groups: Vec<Vec<Filter>>,
    /// Sorts in order; ties end by order id in the last sort's direction.
    pub sorts: Vec<Sort>,
    /// Orders per page.
    pub page_size: u32,
    /// The page, from 1.
    pub current_page: u32,
}

/// An order as the REST surface reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiOrder {
    /// Row id (`entity_id`; the order number).
    pub id: i64,
    /// The customer.
    pub customer_id: i64,
    /// The customer's email.
    pub email: String,
    /// The customer's first name.
    pub first_name: String,
    /// The customer's last name.
    pub last_name: String,
    /// `pending`, `processing`, `complete`, `canceled`.
    pub status: String,
    /// Magento's state of the status.
    pub state: String,
    /// `YYYY-MM-DD HH:MM:SS` (UTC).
    pub created_at: String,
    /// Shipping address lines.
    pub shipping_address: String,
    /// Billing address lines.
    pub billing_address: String,
    /// Shipping method label.
    pub shipping_method: String,
    /// Shipping cost in cents.
    pub shipping_cents: i64,
    /// Subtotal in cents.
    pub subtotal_cents: i64,
    /// The ordered products.
    pub items: Vec<ApiOrderItem>,
}

/// One ordered product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiOrderItem {
    /// Row id (`item_id`).
    pub id: i64,
    /// The product.
    pub product_id: i64,
    /// SKU.
    pub sku: String,
    /// Name when ordered.
    pub name: String,
    /// Unit price in cents.
    pub price_cents: i64,
    /// Quantity.
    pub qty: i64,
}

/// The orders matching `search`: how many match in all, and the asked page of them.
pub fn search_orders(
    connection: &Connection,
    search: &OrderSearch,
) -> Result<(u64, Vec<ApiOrder>), ShoppingError> {
    let mut values: Vec<Value> = Vec::new();
    let mut clauses = Vec::new();
    for group in search.groups.iter().filter(|group| !group.is_empty()) {
        let alternatives: Vec<String> = group
            .iter()
            .map(|filter| {
                values.extend(filter.values.iter().cloned());
                filter
                    .condition
                    .sql(filter.field.column(), filter.values.len())
            })
            .collect();
        clauses.push(format!("({})", alternatives.join(" OR ")));
    }
    let filter = if clauses.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", clauses.join(" AND "))
    };
    let from = "FROM orders o JOIN customers c ON c.id = o.customer_id";
    let total: i64 = connection.query_row(
        &format!("SELECT count(*) {from} {filter}"),
        rusqlite::params_from_iter(&values),
        |row| row.get(0),
    )?;
    let direction = |descending: bool| if descending { "DESC" } else { "ASC" };
    let mut order: Vec<String> = search
        .sorts
        .iter()
        .map(|sort| format!("{} {}", sort.field.column(), direction(sort.descending)))
        .collect();
    let last_descending = search.sorts.last().is_some_and(|sort| sort.descending);
    order.push(format!("o.id {}", direction(last_descending)));
    let offset = u64::from(search.current_page.saturating_sub(1)) * u64::from(search.page_size);
    let sql = format!(
        "SELECT o.id, o.customer_id, c.email, c.first_name, c.last_name, o.status, {STATE}, {CREATED},
                o.shipping_address, o.billing_address, o.shipping_method, o.shipping_cents,
                o.subtotal_cents
         {from} {filter} ORDER BY {} LIMIT {} OFFSET {offset}",
        order.join(", "),
        search.page_size
    );
    let mut orders: Vec<ApiOrder> = connection
        .prepare(&sql)?
        .query_map(rusqlite::params_from_iter(&values), |row| {
            Ok(ApiOrder {
                id: row.get(0)?,
                customer_id: row.get(1)?,
                email: row.get(2)?,
                first_name: row.get(3)?,
                last_name: row.get(4)?,
                status: row.get(5)?,
                state: row.get(6)?,
                created_at: row.get(7)?,
                shipping_address: row.get(8)?,
                billing_address: row.get(9)?,
                shipping_method: row.get(10)?,
                shipping_cents: row.get(11)?,
                subtotal_cents: row.get(12)?,
                items: Vec::new(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut items = connection.prepare_cached(
        "SELECT id, product_id, sku, name, price_cents, qty FROM order_items
         WHERE order_id = ?1 ORDER BY id",
    )?;
    for order in &mut orders {
        order.items = items
            .query_map([order.id], |row| {
                Ok(ApiOrderItem {
                    id: row.get(0)?,
                    product_id: row.get(1)?,
                    sku: row.get(2)?,
                    name: row.get(3)?,
                    price_cents: row.get(4)?,
                    qty: row.get(5)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
    }
    Ok((u64::try_from(total).unwrap_or_default(), orders))
}

/// A review as the REST surface reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiReview {
    /// Row id.
    pub id: i64,
    /// The reviewer's nickname.
    pub nickname: String,
    /// Summary line.
    pub title: String,
    /// Body.
    pub detail: String,
    /// Stars, 1–5.
    pub rating: i64,
    /// The author's account, if they were signed in.
    pub customer_id: Option<i64>,
    /// `YYYY-MM-DD HH:MM:SS` (UTC).
    pub created_at: String,
}

/// A product's newest `limit` reviews, oldest first (so the newest is last, where VWA's
/// helpers read it).
pub fn reviews_oldest_first(
    connection: &Connection,
    product_id: i64,
    limit: u32,
) -> rusqlite::Result<Vec<ApiReview>> {
    connection
        .prepare_cached(
            "SELECT id, nickname, title, detail, rating, customer_id,
                    strftime('%Y-%m-%d %H:%M:%S', created_at, 'unixepoch')
             FROM (SELECT * FROM reviews WHERE product_id = ?1
                   ORDER BY created_at DESC, id DESC LIMIT ?2)
             ORDER BY created_at ASC, id ASC",
        )?
        .query_map(rusqlite::params![product_id, limit], |row| {
            Ok(ApiReview {
                id: row.get(0)?,
                nickname: row.get(1)?,
                title: row.get(2)?,
                detail: row.get(3)?,
                rating: row.get(4)?,
                customer_id: row.get(5)?,
                created_at: row.get(6)?,
            })
        })?
        .collect()
}
