//! Posting (with photos), editing and deleting one's own listings.

use super::{PageResult, now};
use crate::ClassifiedsError;
use crate::db::categories::{self, Category};
use crate::db::listings::{self, ListingDraft};
use crate::db::photos;
use crate::db::places::{self, Region};
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use askama::Template;
use axum::extract::Multipart;
use kit::PageError;
use kit::form::Fields;
use kit::notice::Notices;

/// Longest title.
const MAX_TITLE: usize = 100;
/// Longest description.
const MAX_DESCRIPTION: usize = 5_000;
/// Most photos per upload.
const MAX_PHOTOS: usize = 5;

#[derive(Template)]
#[template(path = "listing_form.html")]
struct ListingFormPage {
    layout: Layout,
    heading: &'static str,
    action_url: String,
    with_photos: bool,
    categories: Vec<Category>,
    regions: Vec<Region>,
    title: String,
    description: String,
    price: String,
    category_id: i64,
    city_id: i64,
}

async fn choices(visitor: &Visitor) -> Result<(Vec<Category>, Vec<Region>), PageError> {
    Ok(visitor
        .database
        .call(|connection| {
            Ok::<_, ClassifiedsError>((categories::tree(connection)?, places::regions(connection)?))
        })
        .await?)
}

/// `GET index.php?page=item&action=item_add`.
pub async fn add_form(visitor: &Visitor) -> PageResult {
    if visitor.user.is_none() {
        return Ok(login_redirect());
    }
    let (categories, regions) = choices(visitor).await?;
    let page = ListingFormPage {
        layout: visitor.layout("Publish your ad - Classifieds"),
        heading: "Publish your ad",
        action_url: "/index.php?page=item&action=item_add".into(),
        with_photos: true,
        categories,
        regions,
        title: String::new(),
        description: String::new(),
        price: String::new(),
        category_id: 0,
        city_id: 0,
    };
    Ok(visitor.render(&page))
}

/// Validates the fields shared by posting and editing.
async fn draft(visitor: &Visitor, fields: &Fields) -> Result<ListingDraft, PageError> {
    let draft = ListingDraft {
        category_id: fields.required_number("category", "The category")?,
        city_id: fields.required_number("city", "The city")?,
        title: fields.text("title", "The title", MAX_TITLE)?,
        description: fields.text("description", "The description", MAX_DESCRIPTION)?,
        price_cents: fields.price("price", "The price")?.ok_or_else(|| {
            PageError::bad_request("The price is required; enter 0 to give the item away.")
        })?,
    };
    let (category, city) = (draft.category_id, draft.city_id);
    let (leaf, city_known) = visitor
        .database
        .call(move |connection| {
            Ok::<_, ClassifiedsError>((
                categories::is_leaf(connection, category)?,
                places::city_exists(connection, city)?,
            ))
        })
        .await?;
    if !leaf {
        return Err(PageError::bad_request(
            "Choose one of the listed categories for your ad.",
        ));
    }
    if !city_known {
        return Err(PageError::bad_request(
            "Choose one of the listed cities for your ad.",
        ));
    }
    Ok(draft)
}

/// `POST index.php?page=item&action=item_add` (multipart, with `photos` files). Whoever is not
/// logged in is sent to the login page before the body is read.
pub async fn add(visitor: &Visitor, multipart: Multipart) -> PageResult {
    let Some(user_id) = visitor.user.as_ref().map(|user| user.id) else {
        return Ok(login_redirect());
    };
    let (fields, images) =
        kit::multipart::read_with_images(visitor, multipart, "photos", MAX_PHOTOS).await?;
    let draft = draft(visitor, &fields).await?;
    let id = visitor
        .database
        .call(move |connection| {
            let transaction = connection.transaction()?;
            let id = listings::create(&transaction, user_id, &draft, now())?;
            for image in &images {
                photos::add_upload(&transaction, id, &image.png)?;
            }
            transaction.commit()?;
            Ok::<_, ClassifiedsError>(id)
        })
        .await?;
    Ok(Notice::ListingSaved.redirect(&format!("/index.php?page=item&id={id}")))
}

/// The listing id and the logged-in user's id; `None` when nobody is logged in.
fn owned(visitor: &Visitor, query: &Fields) -> Result<Option<(i64, i64)>, PageError> {
    let id = query.required_number("id", "The listing id (id)")?;
    Ok(visitor.user.as_ref().map(|user| (id, user.id)))
}

fn not_yours() -> PageError {
    PageError::not_found("You have no listing with that id. Open \"My listings\" to see yours.")
}

/// `GET index.php?page=item&action=item_edit&id=N`.
pub async fn edit_form(visitor: &Visitor, query: &Fields) -> PageResult {
    let Some((id, user_id)) = owned(visitor, query)? else {
        return Ok(login_redirect());
    };
    let listing = visitor
        .database
        .call(move |connection| Ok::<_, ClassifiedsError>(listings::by_id(connection, id)?))
        .await?
        .filter(|listing| listing.user_id == user_id)
        .ok_or_else(not_yours)?;
    let (categories, regions) = choices(visitor).await?;
    let page = ListingFormPage {
        layout: visitor.layout("Edit your ad - Classifieds"),
        heading: "Edit your ad",
        action_url: format!("/index.php?page=item&action=item_edit&id={id}"),
        with_photos: false,
        categories,
        regions,
        title: listing.title,
        description: listing.description,
        price: format!(
            "{}.{:02}",
            listing.price_cents / 100,
            listing.price_cents % 100
        ),
        category_id: listing.category_id,
        city_id: listing.city_id,
    };
    Ok(visitor.render(&page))
}

/// `POST index.php?page=item&action=item_edit&id=N`.
pub async fn edit(visitor: &Visitor, query: &Fields, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some((id, user_id)) = owned(visitor, query)? else {
        return Ok(login_redirect());
    };
    let draft = draft(visitor, form).await?;
    let updated = visitor
        .database
        .call(move |connection| {
            Ok::<_, ClassifiedsError>(listings::update(connection, id, user_id, &draft)?)
        })
        .await?;
    if !updated {
        return Err(not_yours());
    }
    Ok(Notice::ListingSaved.redirect(&format!("/index.php?page=item&id={id}")))
}

/// `POST index.php?page=item&action=item_delete&id=N`.
pub async fn delete(visitor: &Visitor, query: &Fields, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some((id, user_id)) = owned(visitor, query)? else {
        return Ok(login_redirect());
    };
    let deleted = visitor
        .database
        .call(move |connection| {
            Ok::<_, ClassifiedsError>(listings::delete(connection, id, user_id)?)
        })
        .await?;
    if !deleted {
        return Err(not_yours());
    }
    Ok(Notice::ListingDeleted.redirect("/index.php?page=user&action=items"))
}
