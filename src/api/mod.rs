//! The control API (axum): the only module that knows the agent-facing JSON shapes.
//! Loopback by default; a bearer token is required on any other address. Requests that
//! come from a browser (they carry `Sec-Fetch-*` or `Origin` headers) are refused, a second
//! wall behind the fence.

mod client;
mod dto;
mod error;
mod extract;
pub mod mcp;
mod routes;
mod shaped;

pub use client::{ApiClient, ClientError};
pub use dto::{
    CreateEpisode, CreateTenant, EpisodeCreated, EpisodeSummary, EvaluateRequest, EvaluateTenant,
    EvaluationBody, Health, LocateRequest, LocateResponse, ObservationBody, SiteSummary,
    StepRequest, StepResponse, StorageCookie, StorageState, TaskList, TaskSummary, TenantChoice,
    TenantCookie, TenantCreated,
};
pub use error::{ApiError, ErrorBody};
pub use shaped::ShapedListener;

use crate::env::Environment;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use std::sync::Arc;
use utoipa::OpenApi;

/// The OpenAPI document served at `/openapi.json`: every route and every JSON shape of the
/// wire format (a snapshot test pins the route and schema names).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Agora control API",
        description = "Episodes in real Chromium with Set-of-Marks observations, tasks and their evaluation."
    ),
    paths(
        routes::create_episode,
        routes::list,
        routes::episode,
        routes::close,
        routes::step,
        routes::observe,
        routes::screenshot,
        routes::evaluate,
        routes::input_image,
        routes::tasks,
        routes::reload_tasks,
        routes::health,
        routes::sites,
        routes::locate,
        routes::create_tenant,
        routes::evaluate_tenant,
        routes::delete_tenant,
        routes::tenant_input_image
    ),
    components(schemas(
        dto::CreateEpisode,
        dto::TenantChoice,
        dto::StepRequest,
        dto::StepResponse,
        dto::ObservationBody,
        dto::EpisodeCreated,
        dto::EpisodeSummary,
        dto::EvaluateRequest,
        dto::EvaluationBody,
        dto::TaskList,
        dto::TaskSummary,
        crate::env::BrokenTaskFile,
        dto::Health,
        dto::SiteSummary,
        dto::LocateRequest,
        dto::LocateResponse,
        dto::CreateTenant,
        dto::TenantCreated,
        dto::TenantCookie,
        dto::StorageState,
        dto::StorageCookie,
        dto::EvaluateTenant,
        error::ErrorBody
    ))
)]
pub struct ApiDoc;

/// The largest request body the API reads, in bytes; larger ones get 413 `payload_too_large`.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// The router over `env`; `token`, when set, is required as `Authorization: Bearer <token>`.
pub fn router(env: Environment, token: Option<String>) -> Router {
    let mcp = mcp::http_service(env.clone(), token.is_some());
    let token = Arc::new(token);
    Router::new()
        .route("/episodes", post(routes::create_episode).get(routes::list))
        .route("/episodes/{id}", get(routes::episode).delete(routes::close))
        .route("/episodes/{id}/step", post(routes::step))
        .route("/episodes/{id}/observe", post(routes::observe))
        .route("/episodes/{id}/screenshot", get(routes::screenshot))
        .route("/episodes/{id}/evaluate", post(routes::evaluate))
        .route("/episodes/{id}/locate", post(routes::locate))
        .route(
            "/episodes/{id}/input_images/{index}",
            get(routes::input_image),
        )
        .route("/tenants", post(routes::create_tenant))
        .route("/tenants/{id}", delete(routes::delete_tenant))
        .route("/tenants/{id}/evaluate", post(routes::evaluate_tenant))
        .route(
            "/tenants/{id}/input_images/{index}",
            get(routes::tenant_input_image),
        )
        .route("/tasks", get(routes::tasks))
        .route("/tasks/reload", post(routes::reload_tasks))
        .route("/health", get(routes::health))
        .nest_service("/mcp", mcp)
        .route("/sites", get(routes::sites))
        .route(
            "/openapi.json",
            get(|| async { axum::Json(ApiDoc::openapi()) }),
        )
        .fallback(|| async {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                "no such endpoint; see /openapi.json",
            )
        })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "this endpoint does not take that method; see /openapi.json",
            )
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(extract::refuse_oversized))
        .layer(middleware::from_fn(move |request, next| {
            guard(Arc::clone(&token), request, next)
        }))
        .with_state(env)
}

/// Refuses browser-originated requests and, when configured, requests without the token.
async fn guard(token: Arc<Option<String>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    if headers.contains_key("sec-fetch-site")
        || headers.contains_key("sec-fetch-mode")
        || headers.contains_key(header::ORIGIN)
    {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "browser_refused",
            "the control API does not serve web browsers",
        )
        .into_response();
    }
    if let Some(expected) = token.as_deref() {
        let given = headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok());
        if given != Some(&format!("Bearer {expected}")) {
            return ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "send Authorization: Bearer <token>",
            )
            .into_response();
        }
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The routes and schemas of the wire format. A change here is a change every client
    /// sees: update this list on purpose, and say so in the changelog of the release.
    const ROUTES: &[&str] = &[
        "DELETE /episodes/{id}",
        "DELETE /tenants/{id}",
        "GET /episodes",
        "GET /episodes/{id}",
        "GET /episodes/{id}/input_images/{index}",
        "GET /episodes/{id}/screenshot",
        "GET /health",
        "GET /sites",
        "GET /tasks",
        "GET /tenants/{id}/input_images/{index}",
        "POST /episodes",
        "POST /episodes/{id}/evaluate",
        "POST /episodes/{id}/locate",
        "POST /episodes/{id}/observe",
        "POST /episodes/{id}/step",
        "POST /tasks/reload",
        "POST /tenants",
        "POST /tenants/{id}/evaluate",
    ];

    const SCHEMAS: &[&str] = &[
        "BoundingBox",
        "BrokenTaskFile",
        "CreateEpisode",
        "CreateTenant",
        "Dialect",
        "Dialog",
        "EpisodeCreated",
        "EpisodeSummary",
        "ErrorBody",
        "EvaluateRequest",
        "EvaluateTenant",
        "EvaluationBody",
        "Health",
        "ImageFormat",
        "LocateRequest",
        "LocateResponse",
        "ObservationBody",
        "ObserveOptions",
        "ObserveTimings",
        "ScreenshotKind",
        "ScrollState",
        "SettleReport",
        "SiteSummary",
        "SomElement",
        "SomId",
        "StepRequest",
        "StepResponse",
        "StorageCookie",
        "StorageState",
        "TabInfo",
        "TaskList",
        "TaskSummary",
        "TenantChoice",
        "TenantCookie",
        "TenantCreated",
        "TrajectoryStep",
        "Viewport",
    ];

    #[test]
    fn the_wire_contract_is_pinned() {
        let document = serde_json::to_value(ApiDoc::openapi()).expect("the document serializes");
        let mut routes: Vec<String> = document["paths"]
            .as_object()
            .expect("paths")
            .iter()
            .flat_map(|(path, operations)| {
                operations
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(move |(method, _)| format!("{} {path}", method.to_uppercase()))
            })
            .collect();
        routes.sort();
        assert_eq!(routes, ROUTES, "the API's routes changed");
        let mut schemas: Vec<&str> = document["components"]["schemas"]
            .as_object()
            .expect("schemas")
            .keys()
            .map(String::as_str)
            .collect();
        schemas.sort_unstable();
        assert_eq!(schemas, SCHEMAS, "the API's JSON shapes changed");
    }
}
