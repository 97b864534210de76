//! One module per page: gathering data and rendering its template.

pub mod account;
pub mod home;
pub mod item;
pub mod listing_form;
pub mod search;

use crate::db::photos::url_path;
use crate::db::search::ListingSummary;
/// The pinned site clock: the time of new rows and of time windows.
pub use kit::clock::now;
use kit::money::format_cents;

/// Page handlers answer with a response or an error page.
pub type PageResult = Result<axum::response::Response, kit::PageError>;

/// A listing as a result card (list or gallery).
#[derive(Debug, Clone)]
pub struct Card {
    /// Listing id.
    pub id: i64,
    /// Title.
    pub title: String,
    /// Formatted price.
    pub price: String,
    /// Publication date.
    pub published: String,
    /// "City, Region".
    pub location: String,
    /// Category name.
    pub category: String,
    /// First photo's URL.
    pub photo_url: Option<String>,
    /// Start of the description.
    pub excerpt: String,
}

impl From<ListingSummary> for Card {
    fn from(summary: ListingSummary) -> Self {
        Card {
            id: summary.id,
            title: summary.title,
            price: format_cents(summary.price_cents),
            published: summary.published,
            location: format!("{}, {}", summary.city, summary.region),
            category: summary.category,
            photo_url: summary.photo_id.map(url_path),
            excerpt: summary.excerpt,
        }
    }
}
