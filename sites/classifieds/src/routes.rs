//! URL scheme: OSClass's `index.php?page=…&action=…` dispatch (kit's content frame adds the
//! photos and the stylesheet).

use crate::pages::{PageResult, account, home, item, listing_form, search};
use crate::visitor::{AppState, Visitor};
use axum::Router;
use axum::extract::{FromRequest, Request, State};
use axum::routing::get;
use kit::PageError;
use kit::form::{FormFields, QueryFields};

/// The site's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(get_page).post(post_page))
        .route("/index.php", get(get_page).post(post_page))
        .fallback(not_found)
}

const NO_PAGE: &str = "There is no such page. Use the search bar or go back to the home page.";

async fn not_found() -> PageError {
    PageError::not_found(NO_PAGE)
}

/// The `page` and `action` of a query (`page` defaults to `default`).
fn page_and_action(query: &kit::form::Fields, default: &str) -> (String, String) {
    (
        query.get("page").unwrap_or(default).to_owned(),
        query.get("action").unwrap_or("").to_owned(),
    )
}

async fn get_page(visitor: Visitor, QueryFields(query): QueryFields) -> PageResult {
    let (page, action) = page_and_action(&query, "main");
    match (page.as_str(), action.as_str()) {
        ("main", _) => home::show(&visitor).await,
        ("search", _) => search::show(&visitor, &query).await,
        ("item", "") => item::show(&visitor, &query).await,
        ("item", "item_add") => listing_form::add_form(&visitor).await,
        ("item", "item_edit") => listing_form::edit_form(&visitor, &query).await,
        ("login", _) => Ok(account::login_form(&visitor)),
        ("register", _) => Ok(account::register_form(&visitor)),
        ("user", "items") => account::my_items(&visitor, &query).await,
        _ => Err(PageError::not_found(NO_PAGE)),
    }
}

async fn post_page(
    State(state): State<AppState>,
    visitor: Visitor,
    QueryFields(query): QueryFields,
    request: Request,
) -> PageResult {
    let (page, action) = page_and_action(&query, "");
    if (page.as_str(), action.as_str()) == ("item", "item_add") {
        let multipart =
            kit::multipart::of_request(request, &state, "listing", "Publish your ad").await?;
        return listing_form::add(&visitor, multipart).await;
    }
    let FormFields(form) = FormFields::from_request(request, &state).await?;
    match (page.as_str(), action.as_str()) {
        ("login", _) => account::login(&visitor, &state.logins, &form).await,
        ("register", _) => account::register(&visitor, &form).await,
        ("logout", _) => account::logout(&visitor, &form).await,
        ("item", "item_edit") => listing_form::edit(&visitor, &query, &form).await,
        ("item", "item_delete") => listing_form::delete(&visitor, &query, &form).await,
        ("item", "add_comment") => item::add_comment(&visitor, &query, &form).await,
        ("item", "contact") => item::contact(&visitor, &query, &form).await,
        _ => Err(PageError::not_found(NO_PAGE)),
    }
}
