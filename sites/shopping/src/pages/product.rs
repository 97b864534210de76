//! The product page (`/<url-key>.html`): gallery, price, SKU, stock, options, add to cart,
//! wishlist and compare, the details table, reviews (newest first, paged as Magento's review
//! list is: `?p=2`, `?limit=10|20|50`) and the review form.

use super::listing::Choice;
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
use kit::pager::{PageLink, pager};

/// Review page sizes offered, the first the default (Magento's review pager: `limit`).
const REVIEW_LIMITS: [u32; 3] = [10, 20, 50];
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
    review_pages: ReviewPages,
    nickname: String,
}

/// Where the review list stands: Magento's review toolbar ("Items 11 to 20 of 337 total",
/// page links, "Show 10 | 20 | 50 per page"), read from `?p=` and `?limit=`.
#[derive(Debug, Clone)]
struct ReviewPages {
    /// The first and last review shown (1-based) and the total.
    first: u64,
    last: u64,
    total: u64,
    /// Links to the pages around the current one.
    pages: Vec<PageLink>,
    /// The previous and next pages' links.
    previous: Option<String>,
    next: Option<String>,
    /// The page sizes offered.
    limits: Vec<Choice>,
}

/// The review page (1-based, clamped to the last page as Magento does) and page size a
/// product page's query asks for.
fn review_position(query: &Fields, total: u64) -> Result<(u64, u32), PageError> {
    let limit = match query.number("limit", "The number of reviews per page (limit)")? {
        None => REVIEW_LIMITS[0],
        Some(limit) => REVIEW_LIMITS
            .into_iter()
            .find(|allowed| i64::from(*allowed) == limit)
            .ok_or_else(|| PageError::bad_request("Show 10, 20 or 50 reviews per page (limit)."))?,
    };
    let last_page = total.div_ceil(u64::from(limit)).max(1);
    let page = query
        .number("p", "The review page number (p)")?
        .unwrap_or(1)
        .clamp(1, i64::MAX) as u64;
    Ok((page.min(last_page), limit))
}

impl ReviewPages {
    /// The toolbar of page `page` of `total` reviews, `limit` a page, on the product at `url`.
    fn new(url: &str, page: u64, limit: u32, total: u64) -> ReviewPages {
        let link = |page: u64, limit: u32| {
            let mut query = Vec::new();
            if page > 1 {
                query.push(format!("p={page}"));
            }
            if limit != REVIEW_LIMITS[0] {
                query.push(format!("limit={limit}"));
            }
            if query.is_empty() {
                format!("{url}#reviews")
            } else {
                format!("{url}?{}#reviews", query.join("&"))
            }
        };
        let last_page = total.div_ceil(u64::from(limit)).max(1);
        let first = (page - 1) * u64::from(limit) + 1;
        ReviewPages {
            first: first.min(total),
            last: (page * u64::from(limit)).min(total),
            total,
            pages: pager(page as u32, last_page as u32, |number| {
                link(u64::from(number), limit)
            }),
            previous: (page > 1).then(|| link(page - 1, limit)),
            next: (page < last_page).then(|| link(page + 1, limit)),
            limits: REVIEW_LIMITS
                .into_iter()
                .map(|candidate| Choice {
                    label: candidate.to_string(),
                    url: link(1, candidate),
                    current: candidate == limit,
                })
                .collect(),
        }
    }
}

/// `GET /<url-key>.html[?p=<review page>&limit=<reviews per page>]`.
pub async fn show(visitor: &Visitor, product: Product, query: &Fields) -> PageResult {
    let (id, category_id) = (product.id, product.category_id);
    let total = product.review_count.max(0) as u64;
    let (review_page, limit) = review_position(query, total)?;
    let offset = (review_page - 1) * u64::from(limit);
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
                reviews::of_product(connection, id, limit, offset)?,
            ))
        })
        .await?;
    let page = ProductPage {
        layout: layout(visitor, format!("{} | One Stop Market", product.name)).await?,
        price: format_cents(product.price_cents),
        image_urls: image_ids.into_iter().map(image_url).collect(),
        breadcrumbs,
        reviews,
        review_pages: ReviewPages::new(&product.url(), review_page, limit, total),
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
