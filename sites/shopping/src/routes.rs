//! URL scheme: Magento's paths (`/<url-key>.html`, `/<dept>/<group>.html`,
//! `/catalogsearch/result/`, `/checkout/cart/`, `/customer/…`, `/sales/order/…`, …); kit's
//! content frame adds the photos and the stylesheet. Paths are matched with or without their
//! trailing slash.

use crate::ShoppingError;
use crate::db::saved::List;
use crate::db::{categories, products};
use crate::pages::{
    PageResult, account, address, cart, checkout, home, listing, orders, product, saved,
};
use crate::visitor::{AppState, Visitor};
use axum::Router;
use axum::extract::{FromRequest, Request, State};
use axum::http::{Method, StatusCode};
use kit::PageError;
use kit::form::{Fields, FormFields, QueryFields};

/// The site's routes: one dispatch over every path.
pub fn routes() -> Router<AppState> {
    Router::new().fallback(dispatch)
}

const NO_PAGE: &str =
    "We can't find the page you are looking for. Use the search box or go back to the home page.";

/// The address without its trailing slash (`/` stays `/`).
fn normalized(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() { "/" } else { trimmed }
}

async fn dispatch(
    State(state): State<AppState>,
    visitor: Visitor,
    query: Result<QueryFields, PageError>,
    request: Request,
) -> PageResult {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    if method == Method::GET || method == Method::HEAD {
        let QueryFields(query) = query?;
        return get_page(&visitor, normalized(&path), &query).await;
    }
    if method != Method::POST {
        return Err(PageError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "This address only answers GET and POST.",
        ));
    }
    let FormFields(form) = FormFields::from_request(request, &state).await?;
    post_page(&visitor, &state, normalized(&path), &form).await
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

async fn post_page(visitor: &Visitor, state: &AppState, path: &str, form: &Fields) -> PageResult {
    match path {
        "/customer/account/loginPost" | "/customer/account/login" => {
            account::login(visitor, &state.logins, form).await
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
