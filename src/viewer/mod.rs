//! The live viewer at `/viewer` (served by `agora up` next to the API): live and recent
//! episodes; for one, the latest Set-of-Marks screenshot with its element list (hovering an
//! element highlights its box), the action history with settle reports, the intent and input
//! images — updated as steps happen, through server-sent events.
//!
//! It is meant for a person's browser, so unlike the API it accepts browser requests, under
//! the API's rules otherwise: the same listener (loopback unless a token is set), the same
//! token (as a bearer header, or `?token=` once, which sets a cookie). Without a token only
//! loopback host names are served (no DNS rebinding), and cross-site requests are refused.

mod state;

pub use state::{EpisodeRecord, ViewerState};

use crate::browser::Viewport;
use crate::env::TrajectoryStep;
use crate::observe::SomElement;
use axum::Json;
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;

const PAGE_HTML: &str = include_str!("page.html");
const VIEWER_JS: &str = include_str!("viewer.js");
/// The cookie that carries the token after `?token=`.
const TOKEN_COOKIE: &str = "agora_viewer_token";

/// The viewer's routes under `/viewer`; `token`, when set, is required as for the API.
pub fn router(state: ViewerState, token: Option<String>) -> Router {
    let token = Arc::new(token);
    Router::new()
        .route("/viewer", get(page))
        .route("/viewer/viewer.js", get(script))
        .route("/viewer/events", get(events))
        .route("/viewer/api/episodes", get(list))
        .route("/viewer/api/episodes/{id}", get(detail))
        .route("/viewer/api/episodes/{id}/screenshot", get(screenshot))
        .route(
            "/viewer/api/episodes/{id}/input_images/{index}",
            get(input_image),
        )
        .layer(middleware::from_fn(move |request, next| {
            guard(Arc::clone(&token), request, next)
        }))
        .with_state(state)
}

fn refuse(status: StatusCode, code: &str, message: &str) -> Response {
    crate::api::ApiError::new(status, code, message).into_response()
}

/// The API's rules for a browser: token (header, cookie or `?token=`), loopback host names
/// when there is no token, no cross-site requests.
async fn guard(token: Arc<Option<String>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    if let Some(site) = headers
        .get("sec-fetch-site")
        .and_then(|value| value.to_str().ok())
        && !matches!(site, "same-origin" | "none")
    {
        return refuse(
            StatusCode::FORBIDDEN,
            "cross_site_refused",
            "the viewer only serves its own pages",
        );
    }
    let query_token = request
        .uri()
        .query()
        .into_iter()
        .flat_map(|query| query.split('&'))
        .find_map(|pair| pair.strip_prefix("token="))
        .map(str::to_owned);
    match token.as_deref() {
        Some(expected) => {
            let bearer = headers
                .get(header::AUTHORIZATION)
                .and_then(|value| value.to_str().ok())
                .is_some_and(|value| value == format!("Bearer {expected}"));
            let cookie = cookie(headers, TOKEN_COOKIE).is_some_and(|value| value == expected);
            let query = query_token.as_deref() == Some(expected);
            if !(bearer || cookie || query) {
                return refuse(
                    StatusCode::UNAUTHORIZED,
                    "unauthorized",
                    "open /viewer?token=<token> (the token agora up was started with)",
                );
            }
            let mut response = next.run(request).await;
            if query && !cookie {
                let value =
                    format!("{TOKEN_COOKIE}={expected}; Path=/viewer; HttpOnly; SameSite=Strict");
                if let Ok(value) = value.parse() {
                    response.headers_mut().insert(header::SET_COOKIE, value);
                }
            }
            response
        }
        None => {
            let host = headers
                .get(header::HOST)
                .and_then(|value| value.to_str().ok())
                .unwrap_or("");
            if !is_loopback_host(host) {
                return refuse(
                    StatusCode::FORBIDDEN,
                    "host_refused",
                    "without --token the viewer answers only to 127.0.0.1, localhost or [::1]",
                );
            }
            next.run(request).await
        }
    }
}

fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .find_map(|pair| {
            let (key, value) = pair.trim().split_once('=')?;
            (key == name).then_some(value)
        })
}

/// `127.0.0.1:8400`, `localhost`, `[::1]:8400` and the like.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

async fn page() -> Html<&'static str> {
    Html(PAGE_HTML)
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        VIEWER_JS,
    )
        .into_response()
}

/// One line of the episode list.
#[derive(Debug, Serialize, Deserialize)]
pub struct EpisodeLine {
    /// Episode id.
    pub id: String,
    /// Task name.
    pub task: Option<String>,
    /// Task intent.
    pub intent: Option<String>,
    /// Steps so far.
    pub steps: usize,
    /// Still running.
    pub live: bool,
    /// Current URL.
    pub url: Option<String>,
}

/// One episode in full.
#[derive(Debug, Serialize, Deserialize)]
pub struct EpisodeDetail {
    /// Episode id.
    pub id: String,
    /// Task name.
    pub task: Option<String>,
    /// Task intent.
    pub intent: Option<String>,
    /// How many input images there are.
    pub input_images: usize,
    /// Still running.
    pub live: bool,
    /// The steps, with settle reports.
    pub steps: Vec<TrajectoryStep>,
    /// Current URL.
    pub url: Option<String>,
    /// Current title.
    pub title: Option<String>,
    /// Marked elements of the latest observation.
    pub elements: Vec<SomElement>,
    /// The screenshot's coordinate space.
    pub viewport: Option<Viewport>,
    /// Whether there is a screenshot.
    pub screenshot: bool,
}

async fn list(State(state): State<ViewerState>) -> Json<Vec<EpisodeLine>> {
    Json(
        state
            .list()
            .into_iter()
            .map(|record| EpisodeLine {
                id: record.id.0,
                task: record.task,
                intent: record.intent,
                steps: record.steps.len(),
                live: record.live,
                url: record.view.as_ref().map(|view| view.url.clone()),
            })
            .collect(),
    )
}

fn unknown() -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "unknown_episode",
        "the viewer does not know this episode (it keeps the 32 most recent)",
    )
}

async fn detail(State(state): State<ViewerState>, Path(id): Path<String>) -> Response {
    let Some(record) = state.get(&id) else {
        return unknown();
    };
    let view = record.view.as_deref();
    Json(EpisodeDetail {
        id: record.id.0,
        task: record.task,
        intent: record.intent,
        input_images: record.input_images.len(),
        live: record.live,
        steps: record.steps,
        url: view.map(|view| view.url.clone()),
        title: view.map(|view| view.title.clone()),
        elements: view.map(|view| view.elements.clone()).unwrap_or_default(),
        viewport: view.map(|view| view.viewport),
        screenshot: view.is_some_and(|view| view.screenshot.is_some()),
    })
    .into_response()
}

async fn screenshot(State(state): State<ViewerState>, Path(id): Path<String>) -> Response {
    let shot = state
        .get(&id)
        .and_then(|record| record.view)
        .and_then(|view| view.screenshot.clone());
    match shot {
        Some(shot) => (
            [
                (header::CONTENT_TYPE, shot.format.mime()),
                (header::CACHE_CONTROL, "no-store"),
            ],
            shot.bytes,
        )
            .into_response(),
        None => unknown(),
    }
}

async fn input_image(
    State(state): State<ViewerState>,
    Path((id, index)): Path<(String, usize)>,
) -> Response {
    // Only the files the episode's task named, by position: no path comes from the request.
    let Some(path) = state
        .get(&id)
        .and_then(|record| record.input_images.get(index).cloned())
    else {
        return unknown();
    };
    match tokio::fs::read(&path).await {
        Ok(bytes) => (
            [(header::CONTENT_TYPE, crate::observe::image_mime(&path))],
            bytes,
        )
            .into_response(),
        Err(_) => unknown(),
    }
}

/// Server-sent events: one `change` event (data: the episode id) per changed episode, or `*`
/// when some were missed.
async fn events(
    State(state): State<ViewerState>,
) -> Sse<impl futures::Stream<Item = Result<Event, Infallible>>> {
    let receiver = state.changes();
    let stream = futures::stream::unfold(receiver, |mut receiver| async move {
        let changed = match receiver.recv().await {
            Ok(id) => id,
            // Changes were missed: tell the page to refetch everything (`*`).
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => "*".to_owned(),
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
        };
        Some((Ok(Event::default().event("change").data(changed)), receiver))
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_host_names_pass_without_a_token() {
        for host in [
            "127.0.0.1:8400",
            "localhost",
            "LOCALHOST:1",
            "[::1]:8400",
            "127.1.2.3",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in ["evil.example:8400", "10.0.0.2", "", "[fe80::1]:80"] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }
}
