//! One module per page group: gathering data and rendering its template.

pub mod account;
pub mod address;
pub mod cart;
pub mod checkout;
pub mod home;
pub mod listing;
pub mod orders;
pub mod product;
pub mod saved;

use crate::db::listing::Summary;
use crate::db::products::image_url;
/// The pinned site clock: the time of new rows and of time windows.
pub use kit::clock::now;
use kit::money::format_cents;

/// Page handlers answer with a response or an error page.
pub type PageResult = Result<axum::response::Response, kit::PageError>;

/// A product tile (grid, list, wishlist, compare).
#[derive(Debug, Clone)]
pub struct Card {
    /// Product id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Page URL.
    pub url: String,
    /// Formatted price.
    pub price: String,
    /// First photo URL.
    pub image_url: Option<String>,
    /// Average rating in percent (0 without reviews).
    pub rating_percent: i64,
    /// Number of reviews.
    pub reviews: i64,
}

impl From<Summary> for Card {
    fn from(summary: Summary) -> Self {
        let rating_percent = if summary.review_count == 0 {
            0
        } else {
            (summary.rating_sum * 20 + summary.review_count / 2) / summary.review_count
        };
        Card {
            id: summary.id,
            url: format!("/{}.html", summary.url_key),
            name: summary.name,
            price: format_cents(summary.price_cents),
            image_url: summary.image_id.map(image_url),
            rating_percent,
            reviews: summary.review_count,
        }
    }
}
