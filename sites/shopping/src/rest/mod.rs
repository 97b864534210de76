//! Magento's REST surface, the part VWA's evaluation helpers call (`/rest/V1/…`, also under
//! the store codes `default` and `all`):
//!
//! - `POST /rest/default/V1/integration/admin/token` with `{"username": "admin", "password":
//!   "admin1234"}` → a bearer token (a JSON string);
//! - `GET /rest/V1/orders?searchCriteria…` → `{"items", "search_criteria", "total_count"}`;
//! - `GET /rest/V1/orders/{id}` → one order;
//! - `GET /rest/V1/products/{sku}` → the product, `custom_attributes` with its `url_key`;
//! - `GET /rest/V1/products/{sku}/reviews` → its reviews, oldest first.
//!
//! Every answer comes from the tenant the request selects (the shared one without the tenant
//! cookie, as for VWA's `requests` calls) — the same data its pages show — and every read
//! needs a bearer token issued on that tenant. Errors are Magento's `{"message", "parameters"}`.

mod criteria;
mod error;
mod shapes;
mod tokens;

pub use criteria::MAX_PAGE_SIZE;
pub use tokens::{ADMIN_PASSWORD, ADMIN_USERNAME};

use crate::db::api::{self, Condition, Filter, OrderField, OrderSearch};
use crate::db::products;
use crate::{SITE, ShoppingError};
use axum::extract::rejection::PathRejection;
use axum::extract::{ConnectInfo, Path, RawQuery, Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::{Json, Router};
use error::RestError;
use kit::auth::throttle::LoginThrottle;
use kit::{Database, TenantId, Tenants};
use serde_json::{Value, json};
use std::net::SocketAddr;
use tokens::AdminTokens;

/// Bytes of a request body read at most (the token request is a short JSON object).
const BODY_LIMIT: usize = 16 * 1024;
/// Reviews of one product listed at most (the newest, still oldest first).
const MAX_REVIEWS: u32 = 1000;
/// Characters of a SKU at most (Magento's limit).
const MAX_SKU: usize = 64;

/// What the REST handlers share.
#[derive(Clone)]
struct RestState {
    tenants: Tenants,
    tokens: AdminTokens,
    sign_ins: LoginThrottle,
}

/// The REST routes, over the site's tenants.
pub fn router(tenants: Tenants) -> Router {
    Router::new()
        .route("/rest/{*path}", any(handle))
        .with_state(RestState {
            sign_ins: LoginThrottle::noting(tenants.clone()),
            tokens: AdminTokens::default(),
            tenants,
        })
}

/// One call, resolved from its method and path.
enum Call<'a> {
    AdminToken,
    Orders,
    Order(&'a str),
    Product(&'a str),
    Reviews(&'a str),
}

/// The call at `path` (after `/rest/`): `V1/…` or `<store>/V1/…`.
fn call_of<'a>(method: &Method, path: &'a str) -> Result<Call<'a>, RestError> {
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let rest = match parts.as_slice() {
        ["V1", rest @ ..] => rest,
        ["default" | "all", "V1", rest @ ..] => rest,
        [_, "V1", ..] => return Err(RestError::UnknownStore),
        _ => return Err(RestError::NoRoute),
    };
    let get = method == Method::GET || method == Method::HEAD;
    match (rest, get) {
        (["integration", "admin", "token"], false) if method == Method::POST => {
            Ok(Call::AdminToken)
        }
        (["orders"], true) => Ok(Call::Orders),
        (["orders", id], true) => Ok(Call::Order(id)),
        (["products", sku], true) => Ok(Call::Product(sku)),
        (["products", sku, "reviews"], true) => Ok(Call::Reviews(sku)),
        _ => Err(RestError::NoRoute),
    }
}

async fn handle(
    State(state): State<RestState>,
    path: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
    request: Request,
) -> Response {
    let address = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| address.ip().to_string())
        .unwrap_or_default();
    let method = request.method().clone();
    let headers = request.headers().clone();
    let outcome = async {
        let tenant = state.tenants.tenant_of_request(&headers)?;
        let Path(path) = path.map_err(|_| RestError::NoRoute)?;
        match call_of(&method, &path)? {
            Call::AdminToken => {
                let body = axum::body::to_bytes(request.into_body(), BODY_LIMIT)
                    .await
                    .map_err(|_| {
                        RestError::Invalid(format!(
                            "The request body is too large: send at most {BODY_LIMIT} bytes."
                        ))
                    })?;
                admin_token(&state, tenant, &address, &body)
            }
            Call::Orders => {
                authorize(&state, &headers, tenant, "Magento_Sales::actions_view")?;
                let pairs = query_pairs(query.as_deref());
                let (search, echo) = criteria::parse(&pairs)?;
                let (total, orders) = search_orders(&state, tenant, search).await?;
                Ok(Json(json!({
                    "items": orders.iter().map(shapes::order).collect::<Vec<_>>(),
                    "search_criteria": echo,
                    "total_count": total,
                }))
                .into_response())
            }
            Call::Order(id) => {
                authorize(&state, &headers, tenant, "Magento_Sales::actions_view")?;
                let id: f64 = id.parse().map_err(|_| RestError::NoOrder)?;
                let search = OrderSearch {
                    groups: vec![vec![Filter {
                        field: OrderField::EntityId,
                        condition: Condition::Eq,
                        values: vec![rusqlite::types::Value::Real(id)],
                    }]],
                    sorts: Vec::new(),
                    page_size: 1,
                    current_page: 1,
                };
                let (_, orders) = search_orders(&state, tenant, search).await?;
                let order = orders.first().ok_or(RestError::NoOrder)?;
                Ok(Json(shapes::order(order)).into_response())
            }
            Call::Product(sku) => {
                authorize(&state, &headers, tenant, "Magento_Catalog::products")?;
                let sku = checked_sku(sku)?;
                let database = database(&state, tenant).await?;
                let found = database
                    .call(move |connection| {
                        let Some(product) = products::by_sku(connection, &sku)? else {
                            return Ok::<_, ShoppingError>(None);
                        };
                        let images = products::image_ids(connection, product.id)?;
                        Ok(Some(shapes::product(&product, &images)))
                    })
                    .await?;
                Ok(Json(found.ok_or(RestError::NoProduct)?).into_response())
            }
            Call::Reviews(sku) => {
                authorize(&state, &headers, tenant, "Magento_Review::reviews")?;
                let sku = checked_sku(sku)?;
                let database = database(&state, tenant).await?;
                let found = database
                    .call(move |connection| {
                        let Some(product) = products::by_sku(connection, &sku)? else {
                            return Ok::<_, ShoppingError>(None);
                        };
                        let reviews =
                            api::reviews_oldest_first(connection, product.id, MAX_REVIEWS)?;
                        Ok(Some(
                            reviews
                                .iter()
                                .map(|review| shapes::review(review, product.id))
                                .collect::<Vec<Value>>(),
                        ))
                    })
                    .await?;
                Ok(Json(found.ok_or(RestError::NoProduct)?).into_response())
            }
        }
    };
    outcome.await.unwrap_or_else(IntoResponse::into_response)
}

fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .into_owned()
        .collect()
}

fn checked_sku(sku: &str) -> Result<String, RestError> {
    if sku.is_empty() || sku.chars().count() > MAX_SKU {
        return Err(RestError::NoProduct);
    }
    Ok(sku.to_owned())
}

async fn database(state: &RestState, tenant: TenantId) -> Result<Database, RestError> {
    Ok(state.tenants.handle(tenant, SITE).get().await?)
}

async fn search_orders(
    state: &RestState,
    tenant: TenantId,
    search: OrderSearch,
) -> Result<(u64, Vec<api::ApiOrder>), RestError> {
    let database = database(state, tenant).await?;
    Ok(database
        .call(move |connection| api::search_orders(connection, &search))
        .await?)
}

/// Checks the request's `Authorization: Bearer <token>` against the tenant's admin tokens.
fn authorize(
    state: &RestState,
    headers: &HeaderMap,
    tenant: TenantId,
    resources: &'static str,
) -> Result<(), RestError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| {
            let (scheme, token) = value.trim().split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then_some(token.trim())
        });
    match token {
        Some(token) if state.tokens.is_valid(token, tenant) => Ok(()),
        _ => Err(RestError::Unauthorized { resources }),
    }
}

/// `POST …/integration/admin/token`: a token for the admin account's JSON credentials.
fn admin_token(
    state: &RestState,
    tenant: TenantId,
    address: &str,
    body: &[u8],
) -> Result<Response, RestError> {
    let credentials: Value = serde_json::from_slice(body).map_err(|error| {
        RestError::Invalid(format!(
            "The body is not JSON ({error}): send {{\"username\": …, \"password\": …}} with Content-Type: application/json."
        ))
    })?;
    let text = |field: &'static str| {
        credentials
            .get(field)
            .and_then(Value::as_str)
            .ok_or(RestError::Required { field })
    };
    let (username, password) = (text("username")?, text("password")?);
    let key = LoginThrottle::key(&tenant.to_string(), username, address);
    if let Err(wait) = state.sign_ins.attempt(&key) {
        return Err(RestError::Throttled {
            seconds: wait.as_secs().max(1),
        });
    }
    if !tokens::is_admin(username, password) {
        return Err(RestError::SignIn);
    }
    state.sign_ins.clear(&key);
    let token = state.tokens.issue(tenant);
    // An issued token is state of the tenant's, kept in memory.
    state.tenants.note_kept(&tenant);
    Ok(Json(token).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_resolve_with_and_without_a_store_code() {
        let get = Method::GET;
        assert!(matches!(call_of(&get, "V1/orders"), Ok(Call::Orders)));
        assert!(matches!(
            call_of(&get, "default/V1/orders/"),
            Ok(Call::Orders)
        ));
        assert!(matches!(
            call_of(&get, "V1/products/B01/reviews"),
            Ok(Call::Reviews("B01"))
        ));
        assert!(matches!(
            call_of(&Method::POST, "default/V1/integration/admin/token"),
            Ok(Call::AdminToken)
        ));
        assert!(matches!(
            call_of(&get, "V1/integration/admin/token"),
            Err(RestError::NoRoute)
        ));
        assert!(matches!(
            call_of(&get, "elsewhere/V1/orders"),
            Err(RestError::UnknownStore)
        ));
        assert!(matches!(
            call_of(&get, "V2/orders"),
            Err(RestError::NoRoute)
        ));
        assert!(matches!(
            call_of(&Method::DELETE, "V1/orders"),
            Err(RestError::NoRoute)
        ));
    }
}
