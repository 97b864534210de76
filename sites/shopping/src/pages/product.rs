//! The product page (`/<url-key>.html`): gallery, price, SKU, stock, options, add to cart,
//! wishlist and compare, the details table, reviews and the review form.

use super::{PageResult, now};
use crate::ShoppingError;
use crate::db::categories::{self, Category};
use crate::db::products::{self, Product, image_url};
use crate::db::reviews::{self, NewReview, Review};
use crate::visitor::{Layout, Notice, Visitor, layout};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::money::format_cents;
use kit::notice::Notices;

/// Reviews listed on the page (newest first).
const REVIEWS_SHOWN: u32 = 50;
/// Longest nickname and summary.
const MAX_LINE: usize = 100;
/// Longest review body.
const MAX_REVIEW: usize = 5_000;

#[derive(Template)]
#[template(path = "product.html")]
struct ProductPage {
    layout: Layout,
    product: Product,
    price: String,
    image_urls: Vec<String>,
    breadcrumbs: Vec<Category>,
    reviews: Vec<Review>,
    nickname: String,
}

/// `GET /<url-key>.html`.
pub async fn show(visitor: &Visitor, product: Product) -> PageResult {
    let (id, category_id) = (product.id, product.category_id);
    let (image_ids, breadcrumbs, reviews) = visitor
        .database
        .call(move |connection| {
            let leaf = categories::by_id(connection, category_id)?;
            let breadcrumbs = match leaf {
                Some(leaf) => categories::ancestry(connection, &leaf)?,
                None => Vec::new(),
            };
            Ok::<_, ShoppingError>((
                products::image_ids(connection, id)?,
                breadcrumbs,
                reviews::of_product(connection, id, REVIEWS_SHOWN)?,
            ))
        })
        .await?;
    let page = ProductPage {
        layout: layout(visitor, format!("{} | One Stop Market", product.name)).await?,
        price: format_cents(product.price_cents),
        image_urls: image_ids.into_iter().map(image_url).collect(),
        breadcrumbs,
        reviews,
        nickname: visitor
            .user
            .as_ref()
            .map(|customer| customer.first_name.clone())
            .unwrap_or_default(),
        product,
    };
    Ok(visitor.render(&page))
}

/// The product a form names by `product` (its id).
pub async fn named(visitor: &Visitor, form: &Fields) -> Result<Product, PageError> {
    let id = form.required_number("product", "The product (product)")?;
    visitor
        .database
        .call(move |connection| products::by_id(connection, id))
        .await?
        .ok_or_else(|| {
            PageError::not_found(
                "This product does not exist. Search the catalogue for it instead.",
            )
        })
}

/// `POST /review/product/post/` with `product`, `nickname`, `title`, `detail` and `rating`
/// (1–5 stars).
pub async fn add_review(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let product = named(visitor, form).await?;
    let rating = form
        .get("rating")
        .and_then(|stars| stars.parse::<i64>().ok())
        .filter(|stars| (1..=5).contains(stars))
        .ok_or_else(|| {
            PageError::bad_request(
                "Please select one of each of the ratings above: choose 1 to 5 stars.",
            )
        })?;
    let review = NewReview {
        product_id: product.id,
        customer_id: visitor.user.as_ref().map(|customer| customer.id),
        nickname: form.text("nickname", "Nickname", MAX_LINE)?,
        title: form.text("title", "Summary", MAX_LINE)?,
        detail: form.text("detail", "Review", MAX_REVIEW)?,
        rating,
    };
    visitor
        .database
        .call(move |connection| Ok::<_, ShoppingError>(reviews::add(connection, &review, now())?))
        .await?;
    Ok(Notice::ReviewSaved.redirect(&format!("{}#reviews", product.url())))
}
