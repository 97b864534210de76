//! Orders in the customer area: history (`/sales/order/history/`), one order
//! (`/sales/order/view/order_id/N/`) and reorder.

use super::PageResult;
use super::cart::parse_qty;
use crate::ShoppingError;
use crate::db::cart;
use crate::db::orders::{self, Order, OrderSummary};
use crate::db::products;
use crate::visitor::{Layout, Notice, Visitor, layout, login_redirect};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::notice::Notices;

#[derive(Template)]
#[template(path = "order_history.html")]
struct HistoryPage {
    layout: Layout,
    orders: Vec<OrderSummary>,
}

/// `GET /sales/order/history/`.
pub async fn history(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let orders = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(orders::of_customer(connection, customer.id)?)
        })
        .await?;
    let page = HistoryPage {
        layout: layout(visitor, "My Orders | One Stop Market").await?,
        orders,
    };
    Ok(visitor.render(&page))
}

#[derive(Template)]
#[template(path = "order_view.html")]
struct OrderPage {
    layout: Layout,
    order: Order,
}

fn no_order() -> PageError {
    PageError::not_found(
        "This order does not exist in your account. See My Orders for your orders.",
    )
}

/// `GET /sales/order/view/order_id/{id}/`.
pub async fn view(visitor: &Visitor, id: &str) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let id: i64 = id.parse().map_err(|_| no_order())?;
    let order = visitor
        .database
        .call(move |connection| orders::one(connection, customer.id, id))
        .await?
        .ok_or_else(no_order)?;
    let page = OrderPage {
        layout: layout(
            visitor,
            format!("Order # {} | One Stop Market", order.summary.number()),
        )
        .await?,
        order,
    };
    Ok(visitor.render(&page))
}

/// `POST /sales/order/reorder/` with `order_id`: the order's products back into the cart
/// (those still in stock in that quantity).
pub async fn reorder(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let id = form.required_number("order_id", "The order (order_id)")?;
    let found = visitor
        .database
        .call(move |connection| {
            let Some(order) = orders::one(connection, customer.id, id)? else {
                return Ok::<_, ShoppingError>(false);
            };
            let transaction = connection.unchecked_transaction()?;
            for item in &order.items {
                let Some(product) = products::by_id(&transaction, item.product_id)? else {
                    continue;
                };
                let wanted =
                    cart::qty_of_product(&transaction, customer.id, product.id)? + item.qty;
                if wanted <= product.stock && parse_qty(Some(&item.qty.to_string())).is_ok() {
                    cart::add(
                        &transaction,
                        customer.id,
                        product.id,
                        &item.options,
                        item.qty,
                    )?;
                }
            }
            transaction.commit()?;
            Ok(true)
        })
        .await?;
    if !found {
        return Err(no_order());
    }
    Ok(Notice::CartUpdated.redirect("/checkout/cart/"))
}
