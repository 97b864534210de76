//! One module per page: gathering data and rendering its template.

pub mod account;
pub mod home;
pub mod item;
pub mod listing_form;
pub mod photo;
pub mod search;

use crate::db::photos::url_path;
use crate::db::search::ListingSummary;
use crate::money::format_cents;
use std::time::{SystemTime, UNIX_EPOCH};

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

/// Seconds since the epoch, for timestamps of new rows.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() as i64)
        .unwrap_or(0)
}

/// A page link in a pager.
#[derive(Debug, Clone)]
pub struct PageLink {
    /// The page number shown.
    pub number: u32,
    /// Its URL.
    pub url: String,
    /// Whether it is the current page.
    pub current: bool,
}

/// Links to pages around `current` of `pages`, built by `url_of`.
pub fn pager(current: u32, pages: u32, url_of: impl Fn(u32) -> String) -> Vec<PageLink> {
    let first = current.saturating_sub(4).max(1);
    let last = (first + 8).min(pages);
    (first..=last)
        .map(|number| PageLink {
            number,
            url: url_of(number),
            current: number == current,
        })
        .collect()
}
