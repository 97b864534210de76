//! The site's HTTP routes: the tenant's workspace (read and overwrite), the shared resources,
//! and staged targets.

use crate::staging::Staging;
use crate::targets::{self, Target};
use crate::workspace::{self, MAX_FILE_BYTES, WorkspaceFile};
use crate::{SITE, WebUiError};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use kit::{PageError, Tenants};

/// What the handlers share.
#[derive(Debug, Clone)]
pub struct WebUiState {
    /// The tenant registry.
    pub tenants: Tenants,
    /// Targets staged for evaluation.
    pub staging: Staging,
}

/// The site's router.
pub fn router(state: WebUiState) -> Router {
    Router::new()
        .route("/", get(|| async { Redirect::to("/workspace/") }))
        .route("/workspace/", get(workspace_index))
        .route("/workspace/{file}", get(workspace_file).put(write_file))
        .route("/staged/{key}/", get(staged_index))
        .route("/staged/{key}/{file}", get(staged_file))
        .fallback(|| async {
            PageError::not_found("There is no such page here. The workspace is at /workspace/.")
        })
        // Room for a file at the cap, so an oversized one gets the workspace's own message.
        .layer(DefaultBodyLimit::max(2 * MAX_FILE_BYTES))
        .with_state(state)
}

fn served(content_type: &str, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    // The agent rewrites files and reloads: never show a stale copy.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn resource(name: &str) -> Response {
    match targets::resource(name) {
        Some((_, content_type, bytes)) => served(content_type, *bytes),
        None => PageError::not_found(format!(
            "There is no file `{}` here: a workspace has index.html, style.css, script.js and the shared resources.",
            name.chars().take(80).collect::<String>()
        ))
        .into_response(),
    }
}

async fn workspace_index(State(state): State<WebUiState>, headers: HeaderMap) -> Response {
    workspace_file(State(state), headers, Path("index.html".to_owned())).await
}

async fn workspace_file(
    State(state): State<WebUiState>,
    headers: HeaderMap,
    Path(name): Path<String>,
) -> Response {
    let Ok(file) = WorkspaceFile::named(&name) else {
        return resource(&name);
    };
    let read = async {
        let database = state.tenants.database_for_request(&headers, SITE).await?;
        workspace::read(&database, file).await
    };
    match read.await {
        Ok(content) => served(file.content_type(), content),
        Err(error) => PageError::from(error).into_response(),
    }
}

async fn write_file(
    State(state): State<WebUiState>,
    headers: HeaderMap,
    Path(name): Path<String>,
    body: Bytes,
) -> Response {
    let write = async {
        let file = WorkspaceFile::named(&name)?;
        let content =
            String::from_utf8(body.to_vec()).map_err(|_| WebUiError::NotText(name.clone()))?;
        if state.tenants.tenant_of_request(&headers)? == state.tenants.default_id() {
            return Err(WebUiError::SharedWorkspace);
        }
        let database = state.tenants.database_for_request(&headers, SITE).await?;
        workspace::write(&database, file, content).await
    };
    match write.await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(error) => PageError::from(error).into_response(),
    }
}

/// The target staged at `key` for the requesting tenant.
fn staged(state: &WebUiState, headers: &HeaderMap, key: &str) -> Option<&'static Target> {
    let tenant = state.tenants.tenant_of_request(headers).ok()?;
    state.staging.lookup(key, &tenant)
}

async fn staged_index(
    State(state): State<WebUiState>,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Response {
    staged_file(State(state), headers, Path((key, "index.html".to_owned()))).await
}

async fn staged_file(
    State(state): State<WebUiState>,
    headers: HeaderMap,
    Path((key, name)): Path<(String, String)>,
) -> Response {
    let Some(target) = staged(&state, &headers, &key) else {
        return PageError::not_found("There is no such page here.").into_response();
    };
    match WorkspaceFile::named(&name) {
        Ok(file) => served(file.content_type(), target.file(file)),
        Err(_) => resource(&name),
    }
}
