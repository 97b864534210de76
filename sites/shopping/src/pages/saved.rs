//! The wishlist (`/wishlist/`) and the comparison list (`/catalog/product_compare/`).

use super::product::named;
use super::{Card, PageResult, now};
use crate::ShoppingError;
use crate::db::products::{self, Product};
use crate::db::saved::{self, List};
use crate::visitor::{Layout, Notice, Visitor, layout, login_redirect};
use askama::Template;
use kit::form::Fields;
use kit::notice::Notices;

#[derive(Template)]
#[template(path = "wishlist.html")]
struct WishlistPage {
    layout: Layout,
    cards: Vec<Card>,
}

/// A compared product with its details.
struct Compared {
    card: Card,
    product: Product,
}

#[derive(Template)]
#[template(path = "compare.html")]
struct ComparePage {
    layout: Layout,
    products: Vec<Compared>,
    labels: Vec<String>,
}

impl ComparePage {
    /// The value of detail `label` for a product ("" when it has none).
    fn detail(&self, product: &Product, label: &str) -> String {
        product
            .attributes
            .iter()
            .find(|(name, _)| name == label)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    }
}

/// `GET /wishlist/`.
pub async fn wishlist(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let list = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(saved::products(connection, List::Wishlist, customer.id)?)
        })
        .await?;
    let page = WishlistPage {
        layout: layout(visitor, "My Wish List | One Stop Market").await?,
        cards: list.into_iter().map(Card::from).collect(),
    };
    Ok(visitor.render(&page))
}

/// `GET /catalog/product_compare/`.
pub async fn compare(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let products = visitor
        .database
        .call(move |connection| {
            saved::products(connection, List::Compare, customer.id)?
                .into_iter()
                .filter_map(|summary| match products::by_id(connection, summary.id) {
                    Ok(Some(product)) => Some(Ok(Compared {
                        card: Card::from(summary),
                        product,
                    })),
                    Ok(None) => None,
                    Err(error) => Some(Err(error)),
                })
                .collect::<Result<Vec<_>, ShoppingError>>()
        })
        .await?;
    let mut labels: Vec<String> = Vec::new();
    for compared in &products {
        for (label, _) in &compared.product.attributes {
            if !labels.contains(label) {
                labels.push(label.clone());
            }
        }
    }
    let page = ComparePage {
        layout: layout(visitor, "Products Comparison List | One Stop Market").await?,
        products,
        labels,
    };
    Ok(visitor.render(&page))
}

/// `POST /wishlist/index/add/` or `/catalog/product_compare/add/` with `product`.
pub async fn add(visitor: &Visitor, list: List, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let product = named(visitor, form).await?;
    visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(saved::add(
                connection,
                list,
                customer.id,
                product.id,
                now(),
            )?)
        })
        .await?;
    Ok(match list {
        List::Wishlist => Notice::AddedToWishlist.redirect("/wishlist/"),
        List::Compare => Notice::AddedToCompare.redirect("/catalog/product_compare/"),
    })
}

/// `POST /wishlist/index/remove/` or `/catalog/product_compare/remove/` with `product`.
pub async fn remove(visitor: &Visitor, list: List, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let product = form.required_number("product", "The product (product)")?;
    visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(saved::remove(connection, list, customer.id, product)?)
        })
        .await?;
    Ok(match list {
        List::Wishlist => Notice::RemovedFromWishlist.redirect("/wishlist/"),
        List::Compare => Notice::RemovedFromCompare.redirect("/catalog/product_compare/"),
    })
}
