//! URL scheme: Magento's paths (`/<url-key>.html`, `/<dept>/<group>.html`,
//! `/catalogsearch/result/`, `/checkout/cart/`, `/customer/…`, `/sales/order/…`, …), photos
//! and static files. Paths are matched with or without their trailing slash.

use crate::ShoppingError;
use crate::db::saved::List;
use crate::db::{categories, products};
use crate::pages::{
    PageResult, account, address, cart, checkout, home, image, listing, orders, product, saved,
};
use crate::state::AppState;
use crate::visitor::Visitor;
use axum::Router;
use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Form, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use kit::form::Fields;
use kit::{PageError, Tenants};
use std::collections::HashMap;
use std::net::SocketAddr;

/// Every form is text: at most this many bytes.
pub const FORM_LIMIT: usize = 64 * 1024;

/// The site's routes.
pub fn router(tenants: Tenants) -> Router {
    let state = AppState::new(tenants);
    Router::new()
        .route("/media/catalog/product/{folder}/{file}", get(photo))
        .route("/static/style.css", get(stylesheet))
        .fallback(dispatch)
        .layer(DefaultBodyLimit::max(FORM_LIMIT))
        .with_state(state)
}

const NO_PAGE: &str =
    "We can't find the page you are looking for. Use the search box or go back to the home page.";

/// The address without its trailing slash (`/` stays `/`).
fn normalized(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() { "/" } else { trimmed }
}

fn query_fields(
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Fields, PageError> {
    query.map(|Query(map)| Fields(map)).map_err(|_| {
        PageError::bad_request(
            "The address has a malformed query string. Check the link and try again.",
        )
    })
}

async fn dispatch(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    request: Request,
) -> Response {
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| address.ip().to_string())
        .unwrap_or_default();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let outcome = async {
        let visitor = visitor?;
        if method == axum::http::Method::GET || method == axum::http::Method::HEAD {
            let query = query_fields(query)?;
            return get_page(&visitor, normalized(&path), &query).await;
        }
        if method != axum::http::Method::POST {
            return Err(PageError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "This address only answers GET and POST.",
            ));
        }
        let form: Result<Form<HashMap<String, String>>, FormRejection> =
            <Form<HashMap<String, String>> as axum::extract::FromRequest<AppState>>::from_request(
                request, &state,
            )
            .await;
        let form = match form {
            Ok(Form(map)) => Fields(map),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(PageError::too_large(format!(
                    "The form is too large: send at most {} KB.",
                    FORM_LIMIT / 1024
                )));
            }
            Err(_) => {
                return Err(PageError::bad_request(
                    "The form could not be read. Go back, reload the page and submit it again.",
                ));
            }
        };
        post_page(&visitor, &state, &address, normalized(&path), &form).await
    };
    outcome.await.unwrap_or_else(IntoResponse::into_response)
}

async fn get_page(visitor: &Visitor, path: &str, query: &Fields) -> PageResult {
    match path {
        "/" => home::show(visitor).await,
        "/catalogsearch/result" | "/catalogsearch/result/index" => {
            listing::search(visitor, path, query).await
        }
        "/checkout/cart" | "/checkout/cart/index" => cart::show(visitor).await,
        "/checkout" | "/checkout/index" => checkout::show(visitor).await,
        "/checkout/onepage/success" => checkout::success(visitor).await,
        "/customer/account" | "/customer/account/index" => account::dashboard(visitor).await,
        "/customer/account/login" => account::login_form(visitor).await,
        "/customer/account/create" => account::register_form(visitor).await,
        "/customer/account/edit" | "/newsletter/manage" => account::edit_form(visitor).await,
        "/customer/address" | "/customer/address/index" => address::book(visitor).await,
        "/customer/address/new" => address::form(visitor, None).await,
        "/sales/order/history" => orders::history(visitor).await,
        "/wishlist" | "/wishlist/index" | "/wishlist/index/index" => saved::wishlist(visitor).await,
        "/catalog/product_compare" | "/catalog/product_compare/index" => {
            saved::compare(visitor).await
        }
        _ => {
            if let Some(id) = path.strip_prefix("/sales/order/view/order_id/") {
                return orders::view(visitor, id).await;
            }
            if let Some(id) = path.strip_prefix("/customer/address/edit/id/") {
                return address::form(visitor, Some(id)).await;
            }
            catalogue_page(visitor, path, query).await
        }
    }
}

/// `/<path>.html`: a category or a product.
async fn catalogue_page(visitor: &Visitor, path: &str, query: &Fields) -> PageResult {
    let Some(key) = path
        .strip_prefix('/')
        .and_then(|rest| rest.strip_suffix(".html"))
    else {
        return Err(PageError::not_found(NO_PAGE));
    };
    if key.is_empty() || key.len() > 300 {
        return Err(PageError::not_found(NO_PAGE));
    }
    let lookup = key.to_owned();
    let found = visitor
        .database
        .call(move |connection| {
            if let Some(category) = categories::by_path(connection, &lookup)? {
                return Ok::<_, ShoppingError>((Some(category), None));
            }
            Ok((None, products::by_url_key(connection, &lookup)?))
        })
        .await?;
    match found {
        (Some(category), _) => listing::category(visitor, category, query).await,
        (None, Some(found)) => product::show(visitor, found, query).await,
        (None, None) => Err(PageError::not_found(
            "This product or category does not exist. Use the search box to find what you are looking for.",
        )),
    }
}

async fn post_page(
    visitor: &Visitor,
    state: &AppState,
    address: &str,
    path: &str,
    form: &Fields,
) -> PageResult {
    match path {
        "/customer/account/loginPost" | "/customer/account/login" => {
            account::login(visitor, &state.logins, address, form).await
        }
        "/customer/account/logout" => account::logout(visitor, form).await,
        "/customer/account/createpost" => account::register(visitor, form).await,
        "/customer/account/editPost" => account::edit(visitor, form).await,
        "/customer/address/formPost" => address::save(visitor, form).await,
        "/checkout/cart/add" => cart::add(visitor, form).await,
        "/checkout/cart/updatePost" => cart::update(visitor, form).await,
        "/checkout/cart/delete" => cart::remove(visitor, form).await,
        "/checkout/cart/couponPost" => cart::coupon(visitor, form).await,
        "/checkout/shipping" => checkout::shipping(visitor, form).await,
        "/checkout/place" => checkout::place(visitor, form).await,
        "/sales/order/reorder" => orders::reorder(visitor, form).await,
        "/review/product/post" => product::add_review(visitor, form).await,
        "/wishlist/index/add" => saved::add(visitor, List::Wishlist, form).await,
        "/wishlist/index/remove" => saved::remove(visitor, List::Wishlist, form).await,
        "/wishlist/index/cart" => cart::from_wishlist(visitor, form).await,
        "/catalog/product_compare/add" => saved::add(visitor, List::Compare, form).await,
        "/catalog/product_compare/remove" => saved::remove(visitor, List::Compare, form).await,
        _ => Err(PageError::not_found(NO_PAGE)),
    }
}

async fn photo(
    State(state): State<AppState>,
    visitor: Result<Visitor, PageError>,
    Path((folder, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let outcome = async {
        let visitor = visitor?;
        image::serve(&visitor, &state.images, &folder, &file, &headers).await
    };
    outcome.await.unwrap_or_else(IntoResponse::into_response)
}

async fn stylesheet(State(state): State<AppState>, headers: HeaderMap) -> Response {
    state.stylesheet.respond(&headers)
}
