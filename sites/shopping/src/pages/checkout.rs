//! Checkout (`/checkout/`): the shipping step (address and method), the payment step
//! (`#payment`, check / money order) with the order summary (`#opc-sidebar`), placing the
//! order and the success page.

use super::address::read_address;
use super::cart::LineView;
use super::{PageResult, now};
use crate::ShoppingError;
use crate::db::addresses::{self, Address};
use crate::db::cart::{self, Line};
use crate::db::orders::{self, Refusal, ShippingMethod};
use crate::visitor::{Layout, Visitor, layout, login_redirect};
use askama::Template;
use axum::response::{IntoResponse, Redirect};
use kit::PageError;
use kit::form::Fields;
use kit::money::format_cents;

/// A shipping method as the form offers it.
struct MethodView {
    code: &'static str,
    label: &'static str,
    price: String,
    available: bool,
    chosen: bool,
}

#[derive(Template)]
#[template(path = "checkout.html")]
struct CheckoutPage {
    layout: Layout,
    addresses: Vec<Address>,
    methods: Vec<MethodView>,
    lines: Vec<LineView>,
    units: i64,
    subtotal: String,
    /// The saved shipping step: address lines, method label, shipping and total.
    step: Option<(Vec<String>, String, String, String)>,
}

/// `GET /checkout/`: empty carts go back to the cart page, which says so.
pub async fn show(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let (lines, addresses, step) = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>((
                cart::lines(connection, customer.id)?,
                addresses::of_customer(connection, customer.id)?,
                cart::checkout_step(connection, customer.id)?,
            ))
        })
        .await?;
    if lines.is_empty() {
        return Ok(Redirect::to("/checkout/cart/").into_response());
    }
    let subtotal: i64 = lines.iter().map(Line::subtotal_cents).sum();
    let units: i64 = lines.iter().map(|line| line.qty).sum();
    let chosen = step
        .as_ref()
        .and_then(|(_, code)| ShippingMethod::of_code(code));
    let methods = ShippingMethod::ALL
        .into_iter()
        .map(|method| {
            let cost = method.cost_cents(units, subtotal);
            MethodView {
                code: method.code(),
                label: method.label(),
                price: cost.map(format_cents).unwrap_or_else(|| {
                    format!("from {} subtotal", format_cents(orders::FREE_SHIPPING_FROM))
                }),
                available: cost.is_some(),
                chosen: chosen == Some(method)
                    || (chosen.is_none() && method == ShippingMethod::FlatRate),
            }
        })
        .collect();
    let step = step.and_then(|(address, code)| {
        let method = ShippingMethod::of_code(&code)?;
        let shipping = method.cost_cents(units, subtotal)?;
        Some((
            address.lines().map(str::to_owned).collect(),
            method.label().to_owned(),
            format_cents(shipping),
            format_cents(subtotal + shipping),
        ))
    });
    let page = CheckoutPage {
        layout: layout(visitor, "Checkout | One Stop Market").await?,
        addresses,
        methods,
        units,
        subtotal: format_cents(subtotal),
        lines: lines.into_iter().map(LineView::from).collect(),
        step,
    };
    Ok(visitor.render(&page))
}

/// `POST /checkout/shipping/` with `address_id` (a saved address) or `address_id=new` and the
/// address fields, and `shipping_method`; then the payment step.
pub async fn shipping(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let method = form
        .get("shipping_method")
        .and_then(ShippingMethod::of_code)
        .ok_or_else(|| {
            PageError::bad_request("Choose a shipping method: Flat Rate or Free Shipping.")
        })?;
    let new_address = match form.get("address_id") {
        Some("new") => Some(read_address(form)?),
        Some(_) => None,
        None => {
            return Err(PageError::bad_request(
                "Choose a shipping address, or enter a new one.",
            ));
        }
    };
    let chosen_id = form.get("address_id").and_then(|id| id.parse::<i64>().ok());
    let outcome = visitor
        .database
        .call(move |connection| {
            let lines = cart::lines(connection, customer.id)?;
            if lines.is_empty() {
                return Ok::<_, ShoppingError>(Err(
                    "Your shopping cart is empty: add products before checking out.",
                ));
            }
            let subtotal: i64 = lines.iter().map(Line::subtotal_cents).sum();
            let units: i64 = lines.iter().map(|line| line.qty).sum();
            if method.cost_cents(units, subtotal).is_none() {
                return Ok(Err(
                    "Free Shipping needs a subtotal of $100.00 or more: choose Flat Rate.",
                ));
            }
            let address = match (&new_address, chosen_id) {
                (Some(address), _) => address.clone(),
                (None, Some(id)) => match addresses::one(connection, customer.id, id)? {
                    Some(address) => address,
                    None => {
                        return Ok(Err(
                            "This address is not in your address book. Choose another.",
                        ));
                    }
                },
                (None, None) => return Ok(Err("Choose a shipping address, or enter a new one.")),
            };
            cart::save_checkout_step(connection, customer.id, &address.text(), method.code())?;
            Ok(Ok(()))
        })
        .await?;
    match outcome {
        Ok(()) => Ok(Redirect::to("/checkout/#payment").into_response()),
        Err(message) => Err(PageError::bad_request(message)),
    }
}

/// `POST /checkout/place/` with `payment_method=checkmo`: the order, then the success page.
pub async fn place(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    if form.get("payment_method") != Some("checkmo") {
        return Err(PageError::bad_request(
            "Choose the payment method Check / Money order.",
        ));
    }
    let outcome = visitor
        .database
        .call(move |connection| {
            let Some((address, code)) = cart::checkout_step(connection, customer.id)? else {
                return Ok::<Result<i64, &str>, ShoppingError>(Err(
                    "Enter the shipping address and method first (the Shipping step).",
                ));
            };
            let method = ShippingMethod::of_code(&code).unwrap_or(ShippingMethod::FlatRate);
            Ok(match orders::place(connection, customer.id, &address, method, now())? {
                Ok(id) => Ok(id),
                Err(Refusal::EmptyCart) => Err("Your shopping cart is empty: add products before placing an order."),
                Err(Refusal::OutOfStock(_)) => Err("Some products in your cart are no longer in stock in that quantity. Update the cart."),
                Err(Refusal::MethodUnavailable) => Err("The shipping method no longer applies to your cart: choose another in the Shipping step."),
            })
        })
        .await?;
    match outcome {
        Ok(_) => Ok(Redirect::to("/checkout/onepage/success/").into_response()),
        Err(message) => Err(PageError::bad_request(message)),
    }
}

#[derive(Template)]
#[template(path = "success.html")]
struct SuccessPage {
    layout: Layout,
    order: Option<i64>,
}

/// `GET /checkout/onepage/success/`: the customer's newest order number.
pub async fn success(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let order = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(
                orders::of_customer(connection, customer.id)?
                    .first()
                    .map(|order| order.id),
            )
        })
        .await?;
    let page = SuccessPage {
        layout: layout(visitor, "Success Page | One Stop Market").await?,
        order,
    };
    Ok(visitor.render(&page))
}
