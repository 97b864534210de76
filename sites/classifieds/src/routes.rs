//! URL scheme: OSClass's `index.php?page=…&action=…` dispatch, photos and static files.

use crate::pages::{account, home, item, listing_form, photo, search};
use crate::state::AppState;
use crate::visitor::Visitor;
use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use kit::form::Fields;
use kit::{PageError, Tenants};
use std::collections::HashMap;
use std::net::SocketAddr;

/// Listing posts may carry a few photos plus the form fields.
const BODY_LIMIT: usize = 4 * kit::upload::MAX_UPLOAD_BYTES;

/// Every other form (login, comments, messages, edits) is text: at most this many bytes.
pub const FORM_LIMIT: usize = 64 * 1024;

/// The site's routes.
pub fn router(tenants: Tenants) -> Router {
    let state = AppState::new(tenants);
    Router::new()
        .route("/", get(get_page).post(post_page))
        .route("/index.php", get(get_page).post(post_page))
        .route("/oc-content/uploads/{folder}/{file}", get(photo_file))
        .route("/static/style.css", get(stylesheet))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

const NO_PAGE: &str = "There is no such page. Use the search bar or go back to the home page.";

async fn not_found() -> PageError {
    PageError::not_found(NO_PAGE)
}

fn query_fields(
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Result<Fields, PageError> {
    query.map(|Query(map)| Fields(map)).map_err(|_| {
        PageError::bad_request(
            "The address has a malformed query string. Check the link and try again.",
        )
    })
}

async fn get_page(
    visitor: Result<Visitor, PageError>,
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        let query = query_fields(query)?;
        let page = query.get("page").unwrap_or("main").to_owned();
        let action = query.get("action").unwrap_or("").to_owned();
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
    };
    outcome.await.unwrap_or_else(IntoResponse::into_response)
}

async fn post_page(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    query: Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Response {
    // The client's address, for the login throttle (absent when the router runs in memory).
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| address.ip().to_string())
        .unwrap_or_default();
    let outcome = async {
        let visitor = visitor?;
        let query = query_fields(query)?;
        let page = query.get("page").unwrap_or("").to_owned();
        let action = query.get("action").unwrap_or("").to_owned();
        if (page.as_str(), action.as_str()) == ("item", "item_add") {
            let multipart = axum::extract::Multipart::from_request(request, &state)
                .await
                .map_err(|_| {
                    PageError::bad_request(
                        "Post the listing with the form on the \"Publish your ad\" page.",
                    )
                })?;
            return listing_form::add(&visitor, multipart).await;
        }
        let (parts, body) = request.into_parts();
        let bytes = axum::body::to_bytes(body, FORM_LIMIT).await.map_err(|_| {
            PageError::too_large(format!(
                "The form is too large: send at most {} KB.",
                FORM_LIMIT / 1024
            ))
        })?;
        let request = Request::from_parts(parts, axum::body::Body::from(bytes));
        let form = axum::extract::Form::<HashMap<String, String>>::from_request(request, &state)
            .await
            .map(|axum::extract::Form(map)| Fields(map))
            .map_err(|_| {
                PageError::bad_request(
                    "The form could not be read. Go back, reload the page and submit it again.",
                )
            })?;
        match (page.as_str(), action.as_str()) {
            ("login", _) => account::login(&visitor, &state.logins, &address, &form).await,
            ("register", _) => account::register(&visitor, &form).await,
            ("logout", _) => account::logout(&visitor, &form).await,
            ("item", "item_edit") => listing_form::edit(&visitor, &query, &form).await,
            ("item", "item_delete") => listing_form::delete(&visitor, &query, &form).await,
            ("item", "add_comment") => item::add_comment(&visitor, &query, &form).await,
            ("item", "contact") => item::contact(&visitor, &query, &form).await,
            _ => Err(PageError::not_found(NO_PAGE)),
        }
    };
    outcome.await.unwrap_or_else(IntoResponse::into_response)
}

async fn photo_file(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path((folder, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        photo::serve(&visitor, &state.images, &folder, &file, &headers).await
    };
    outcome.await.unwrap_or_else(IntoResponse::into_response)
}

async fn stylesheet(State(state): State<AppState>, headers: HeaderMap) -> Response {
    state.stylesheet.respond(&headers)
}
