//! The listing page (`index.php?page=item&id=N`): photos, price, description, seller,
//! location, ratings, comments and the forms to comment and to contact the seller.

use super::{PageResult, now};
use crate::ClassifiedsError;
use crate::db::comments::{self, Comment};
use crate::db::listings::{self, Listing};
use crate::db::photos::url_path;
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::money::format_cents;
use kit::notice::Notices;

/// Longest comment title.
const MAX_COMMENT_TITLE: usize = 100;
/// Longest comment or message body.
const MAX_BODY: usize = 2_000;

#[derive(Template)]
#[template(path = "item.html")]
struct ItemPage {
    layout: Layout,
    listing: Listing,
    price: String,
    photo_urls: Vec<String>,
    comments: Vec<Comment>,
    rating: Option<String>,
    ratings: usize,
    is_owner: bool,
    contact_name: String,
    contact_email: String,
}

fn missing() -> PageError {
    PageError::not_found(
        "This listing does not exist or has been deleted. Search for similar items instead.",
    )
}

fn listing_id(fields: &Fields) -> Result<i64, PageError> {
    fields.required_number("id", "The listing id (id)")
}

/// `GET index.php?page=item&id=N`.
pub async fn show(visitor: &Visitor, fields: &Fields) -> PageResult {
    let id = listing_id(fields)?;
    let found = visitor
        .database
        .call(move |connection| {
            let Some(listing) = listings::by_id(connection, id)? else {
                return Ok::<_, ClassifiedsError>(None);
            };
            Ok(Some((listing, comments::of_listing(connection, id)?)))
        })
        .await?;
    let (listing, comments) = found.ok_or_else(missing)?;
    let rated: Vec<i64> = comments
        .iter()
        .filter_map(|comment| comment.rating)
        .collect();
    let rating = (!rated.is_empty()).then(|| {
        format!(
            "{:.1}",
            rated.iter().sum::<i64>() as f64 / rated.len() as f64
        )
    });
    let is_owner = visitor
        .user
        .as_ref()
        .is_some_and(|user| user.id == listing.user_id);
    let page = ItemPage {
        layout: visitor.layout(format!("{} - Classifieds", listing.title)),
        price: format_cents(listing.price_cents),
        photo_urls: listing.photo_ids.iter().copied().map(url_path).collect(),
        comments,
        rating,
        ratings: rated.len(),
        is_owner,
        contact_name: visitor
            .user
            .as_ref()
            .map(|user| user.name.clone())
            .unwrap_or_default(),
        contact_email: visitor
            .user
            .as_ref()
            .map(|user| user.email.clone())
            .unwrap_or_default(),
        listing,
    };
    Ok(visitor.render(&page))
}

/// `POST index.php?page=item&action=add_comment&id=N` (logged-in users).
pub async fn add_comment(visitor: &Visitor, query: &Fields, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let id = listing_id(query)?;
    let title = form.text("title", "The comment title", MAX_COMMENT_TITLE)?;
    let body = form.text("body", "The comment", MAX_BODY)?;
    let rating = match form.get("rating") {
        None => None,
        Some(text) => Some(
            text.parse::<i64>()
                .ok()
                .filter(|stars| (1..=5).contains(stars))
                .ok_or_else(|| PageError::bad_request("The rating must be from 1 to 5 stars."))?,
        ),
    };
    let added = visitor
        .database
        .call(move |connection| {
            if listings::by_id(connection, id)?.is_none() {
                return Ok::<_, ClassifiedsError>(false);
            }
            comments::add(connection, id, user.id, &title, &body, rating, now())?;
            Ok(true)
        })
        .await?;
    if !added {
        return Err(missing());
    }
    Ok(Notice::CommentAdded.redirect(&format!("/index.php?page=item&id={id}")))
}

/// `POST index.php?page=item&action=contact&id=N`: a message to the seller.
pub async fn contact(visitor: &Visitor, query: &Fields, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let id = listing_id(query)?;
    let name = form.text("name", "Your name", 100)?;
    let email = form.text("email", "Your email", 200)?;
    if !email.contains('@') {
        return Err(PageError::bad_request(
            "Enter an email address such as name@example.com.",
        ));
    }
    let body = form.text("message", "The message", MAX_BODY)?;
    let sent = visitor
        .database
        .call(move |connection| {
            if listings::by_id(connection, id)?.is_none() {
                return Ok::<_, ClassifiedsError>(false);
            }
            listings::add_message(connection, id, &name, &email, &body, now())?;
            Ok(true)
        })
        .await?;
    if !sent {
        return Err(missing());
    }
    Ok(Notice::MessageSent.redirect(&format!("/index.php?page=item&id={id}")))
}
