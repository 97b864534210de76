//! The cart (`/checkout/cart/`): add a product with options, change quantities, remove lines,
//! and the discount-code box.

use super::PageResult;
use super::product::named;
use crate::ShoppingError;
use crate::db::cart::{self, Line, MAX_QTY};
use crate::db::options::Chosen;
use crate::db::products::{Product, image_url};
use crate::db::saved::{self, List};
use crate::visitor::{Layout, Notice, Visitor, layout, login_redirect};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::money::format_cents;
use kit::notice::Notices;

/// Longest discount code.
const MAX_COUPON: usize = 50;

/// A cart line as the table shows it.
pub struct LineView {
    /// The line.
    pub line: Line,
    /// Unit price.
    pub price: String,
    /// Line subtotal.
    pub subtotal: String,
    /// Product URL.
    pub url: String,
    /// Photo URL.
    pub image_url: Option<String>,
}

impl From<Line> for LineView {
    fn from(line: Line) -> Self {
        LineView {
            price: format_cents(line.price_cents),
            subtotal: format_cents(line.subtotal_cents()),
            url: format!("/{}.html", line.url_key),
            image_url: line.image_id.map(image_url),
            line,
        }
    }
}

#[derive(Template)]
#[template(path = "cart.html")]
struct CartPage {
    layout: Layout,
    lines: Vec<LineView>,
    subtotal: String,
}

/// `GET /checkout/cart/`.
pub async fn show(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let lines = visitor
        .database
        .call(move |connection| cart::lines(connection, customer.id))
        .await?;
    let subtotal = lines.iter().map(Line::subtotal_cents).sum();
    let page = CartPage {
        layout: layout(visitor, "Shopping Cart | One Stop Market").await?,
        lines: lines.into_iter().map(LineView::from).collect(),
        subtotal: format_cents(subtotal),
    };
    Ok(visitor.render(&page))
}

/// A quantity typed by the customer: a whole number from 1 to [`MAX_QTY`].
pub fn parse_qty(text: Option<&str>) -> Result<i64, PageError> {
    let Some(text) = text else {
        return Err(PageError::bad_request(
            "Enter a quantity (a whole number of at least 1).",
        ));
    };
    let qty: i64 = text.parse().map_err(|_| {
        PageError::bad_request(format!(
            "The quantity \"{text}\" is not a number: enter a whole number such as 1 or 2."
        ))
    })?;
    if qty < 1 {
        return Err(PageError::bad_request(format!(
            "The quantity must be greater than 0, not {qty}."
        )));
    }
    if qty > MAX_QTY {
        return Err(PageError::bad_request(format!(
            "The most you can order at once is {MAX_QTY}."
        )));
    }
    Ok(qty)
}

fn out_of_stock(product_name: &str, stock: i64) -> PageError {
    if stock == 0 {
        PageError::bad_request(format!(
            "\"{product_name}\" is out of stock. Choose another product."
        ))
    } else {
        PageError::bad_request(format!(
            "The requested qty is not available: only {stock} of \"{product_name}\" are left in stock."
        ))
    }
}

/// The options `form` chooses for `product` (`super_attribute[Name]` fields): every offered
/// option must be chosen among its values, and nothing else may be.
pub fn chosen_options(product: &Product, form: &Fields) -> Result<Chosen, PageError> {
    for key in form.0.keys() {
        if let Some(name) = key
            .strip_prefix("super_attribute[")
            .and_then(|rest| rest.strip_suffix(']'))
            && !product.options.iter().any(|option| option.name == name)
        {
            return Err(PageError::bad_request(format!(
                "This product has no option \"{name}\"."
            )));
        }
    }
    product
        .options
        .iter()
        .map(|option| {
            let value = form
                .get(&format!("super_attribute[{}]", option.name))
                .ok_or_else(|| {
                    PageError::bad_request(format!(
                        "Please select a {} before adding to the cart.",
                        option.name
                    ))
                })?;
            if !option.values.iter().any(|offered| offered == value) {
                return Err(PageError::bad_request(format!(
                    "{} \"{value}\" is not available for this product: choose one of {}.",
                    option.name,
                    option.values.join(", ")
                )));
            }
            Ok((option.name.clone(), value.to_owned()))
        })
        .collect()
}

/// `POST /checkout/cart/add/` with `product`, `qty` and `super_attribute[…]` options.
pub async fn add(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let product = named(visitor, form).await?;
    let qty = parse_qty(form.get("qty").or(Some("1")))?;
    let options = chosen_options(&product, form)?;
    let (id, stock) = (product.id, product.stock);
    let added = visitor
        .database
        .call(move |connection| {
            if cart::qty_of_product(connection, customer.id, id)? + qty > stock {
                return Ok::<_, ShoppingError>(false);
            }
            cart::add(connection, customer.id, id, &options, qty)?;
            Ok(true)
        })
        .await?;
    if !added {
        return Err(out_of_stock(&product.name, product.stock));
    }
    Ok(Notice::AddedToCart.redirect("/checkout/cart/"))
}

/// `POST /checkout/cart/updatePost/` with `cart[<line>][qty]` for each line to change; all
/// are checked before any is applied.
pub async fn update(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let mut changes = Vec::new();
    for (key, value) in &form.0 {
        let Some(line) = key
            .strip_prefix("cart[")
            .and_then(|rest| rest.strip_suffix("][qty]"))
        else {
            continue;
        };
        let line: i64 = line.parse().map_err(|_| {
            PageError::bad_request(
                "The cart form names an unknown line. Reload the cart and try again.",
            )
        })?;
        changes.push((line, parse_qty(Some(value.trim()))?));
    }
    let refused = visitor
        .database
        .call(move |connection| {
            let lines = cart::lines(connection, customer.id)?;
            for (id, qty) in &changes {
                let Some(line) = lines.iter().find(|line| line.id == *id) else {
                    return Ok::<_, ShoppingError>(Some(PageError::not_found(
                        "This cart line no longer exists. Reload the cart.",
                    )));
                };
                let others: i64 = lines
                    .iter()
                    .filter(|other| other.product_id == line.product_id && other.id != line.id)
                    .map(|other| other.qty)
                    .sum();
                if others + qty > line.stock {
                    return Ok(Some(out_of_stock(&line.name, line.stock)));
                }
            }
            let transaction = connection.unchecked_transaction()?;
            for (id, qty) in &changes {
                cart::set_qty(&transaction, customer.id, *id, *qty)?;
            }
            transaction.commit()?;
            Ok(None)
        })
        .await?;
    if let Some(error) = refused {
        return Err(error);
    }
    Ok(Notice::CartUpdated.redirect("/checkout/cart/"))
}

/// `POST /checkout/cart/delete/` with `id` (a cart line).
pub async fn remove(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let id = form.required_number("id", "The cart line (id)")?;
    let removed = visitor
        .database
        .call(move |connection| Ok::<_, ShoppingError>(cart::remove(connection, customer.id, id)?))
        .await?;
    if !removed {
        return Err(PageError::not_found(
            "This cart line no longer exists. Reload the cart.",
        ));
    }
    Ok(Notice::CartUpdated.redirect("/checkout/cart/"))
}

/// `POST /checkout/cart/couponPost/` with `coupon_code`: the store runs no promotions.
pub async fn coupon(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let code = form.text("coupon_code", "The discount code", MAX_COUPON)?;
    Err(PageError::bad_request(format!(
        "The coupon code \"{code}\" is not valid. Check the code and try again."
    )))
}

/// `POST /wishlist/index/cart/` with `product`: one unit of a wishlist product into the cart
/// (products with options go to their page to choose them). The product leaves the wishlist.
pub async fn from_wishlist(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let product = named(visitor, form).await?;
    if !product.options.is_empty() {
        return Ok(axum::response::IntoResponse::into_response(
            axum::response::Redirect::to(&product.url()),
        ));
    }
    let (id, stock) = (product.id, product.stock);
    let added = visitor
        .database
        .call(move |connection| {
            if cart::qty_of_product(connection, customer.id, id)? + 1 > stock {
                return Ok::<_, ShoppingError>(false);
            }
            let transaction = connection.unchecked_transaction()?;
            cart::add(&transaction, customer.id, id, &Vec::new(), 1)?;
            saved::remove(&transaction, List::Wishlist, customer.id, id)?;
            transaction.commit()?;
            Ok(true)
        })
        .await?;
    if !added {
        return Err(out_of_stock(&product.name, product.stock));
    }
    Ok(Notice::AddedToCart.redirect("/checkout/cart/"))
}
