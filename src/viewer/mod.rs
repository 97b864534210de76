//! The trajectory debugger at `/viewer` (served by `agora up` next to the API, and alone
//! over saved runs by `agora view DIR`): live and recent episodes and the runs of
//! `agora run --out`. For one trajectory: a timeline of its steps; for the selected step the
//! observation the agent acted on at full size (zoomable, the chosen element outlined), the
//! element list, SoM text and accessibility tree, the prompt and the raw reply, the action
//! and its result, the settle report, page errors, URL and tabs, and the next observation
//! beside it; the evaluation check by check with only the part of the page it looked at.
//! Episodes and tasks filter by text, outcome, site and errors. A task's gold path can be
//! recorded from it too ([`recording`]).
//!
//! It is meant for a person's browser, so unlike the API it accepts browser requests, under
//! the API's rules otherwise: the same listener (loopback unless a token is set), the same
//! token (as a bearer header, or `?token=` once, which sets a cookie). Without a token only
//! loopback host names are served (no DNS rebinding), and cross-site requests are refused.
//! The agent's browser never reaches it: the fence refuses the API's origin. Saved files are
//! served only from inside a listed run ([`library`]).

mod library;
mod recording;
mod state;

pub use library::{LibraryError, RunLibrary, RunLine, TaskLine};
pub use recording::{RecordingError, RecordingView, Recordings, Saved};
pub use state::{EpisodeRecord, File, LiveEpisodes};

use crate::env::{Environment, EpisodeEvents};
use axum::Json;
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::sync::Arc;

const PAGE_HTML: &str = include_str!("page.html");
const VIEWER_JS: &str = include_str!("viewer.js");
/// The cookie that carries the token after `?token=`.
const TOKEN_COOKIE: &str = "agora_viewer_token";

/// What the debugger serves: live episodes, saved runs, recordings — each when given.
#[derive(Debug, Clone, Default)]
pub struct ViewerState {
    live: Option<LiveEpisodes>,
    runs: Option<RunLibrary>,
    recordings: Option<Recordings>,
}

impl ViewerState {
    /// Follows the episodes of `events` as they run.
    pub fn follow(events: &EpisodeEvents) -> Self {
        Self {
            live: Some(LiveEpisodes::follow(events)),
            ..Self::default()
        }
    }

    /// Serves the saved runs of `runs` too.
    pub fn with_runs(self, runs: RunLibrary) -> Self {
        Self {
            runs: Some(runs),
            ..self
        }
    }

    /// Lets the debugger record gold paths in `env`'s task episodes.
    pub fn with_recordings(self, env: Environment) -> Self {
        Self {
            recordings: Some(Recordings::new(env)),
            ..self
        }
    }

    /// The recordings under way, when the debugger records.
    pub fn recordings(&self) -> Option<&Recordings> {
        self.recordings.as_ref()
    }
}

/// The debugger's routes under `/viewer`; `token`, when set, is required as for the API.
pub fn router(state: ViewerState, token: Option<String>) -> Router {
    let token = Arc::new(token);
    Router::new()
        .route("/viewer", get(page))
        .route("/viewer/viewer.js", get(script))
        .route("/viewer/events", get(events))
        .route("/viewer/api/sources", get(sources))
        .route("/viewer/api/episodes", get(list))
        .route("/viewer/api/episodes/{id}/trajectory", get(trajectory))
        .route("/viewer/api/episodes/{id}/files/{name}", get(episode_file))
        .route("/viewer/api/runs", get(runs))
        .route("/viewer/api/runs/{run}/tasks", get(run_tasks))
        .route("/viewer/runs/{run}/{*path}", get(run_file))
        .route("/viewer/api/recordings", post(start_recording))
        .route(
            "/viewer/api/recordings/{id}",
            get(recording).delete(discard_recording),
        )
        .route("/viewer/api/recordings/{id}/act", post(act))
        .route("/viewer/api/recordings/{id}/save", post(save))
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

/// The debugger page's policy: its own script and styles, images from itself and the
/// evaluation's data URLs, requests to itself only, never framed.
const PAGE_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

async fn page() -> Response {
    (
        [(header::CONTENT_SECURITY_POLICY, PAGE_POLICY)],
        Html(PAGE_HTML),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        VIEWER_JS,
    )
        .into_response()
}

/// What this debugger serves.
#[derive(Debug, Serialize, Deserialize)]
pub struct Sources {
    /// Live and recent episodes.
    pub live: bool,
    /// Saved runs.
    pub runs: bool,
    /// Gold recording.
    pub recording: bool,
}

async fn sources(State(state): State<ViewerState>) -> Json<Sources> {
    Json(Sources {
        live: state.live.is_some(),
        runs: state.runs.is_some(),
        recording: state.recordings.is_some(),
    })
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
    /// The sites its task uses.
    pub sites: Vec<String>,
    /// The URL it started at.
    pub start_url: String,
    /// The URL it is at now.
    pub url: String,
    /// Steps so far.
    pub steps: usize,
    /// Steps refused or failed.
    pub errors: usize,
    /// `live`, or when closed `pass`, `fail`, `unjudged` or `unscored`.
    pub status: String,
    /// The score, once evaluated.
    pub score: Option<f64>,
    /// When it started, in milliseconds since the Unix epoch.
    pub started_ms: u64,
}

fn not_served(what: &str) -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "not_served",
        &format!("this debugger serves no {what}"),
    )
}

fn unknown() -> Response {
    refuse(
        StatusCode::NOT_FOUND,
        "unknown_episode",
        "the debugger does not know this episode (it keeps the 32 most recent)",
    )
}

async fn list(State(state): State<ViewerState>) -> Response {
    let Some(live) = &state.live else {
        return not_served("live episodes");
    };
    let lines: Vec<EpisodeLine> = live
        .list()
        .into_iter()
        .map(|record| EpisodeLine {
            status: record.status().to_owned(),
            score: record
                .evaluation
                .as_ref()
                .and_then(|evaluation| evaluation.score()),
            url: record
                .steps
                .iter()
                .rev()
                .find_map(|step| step.observation.as_ref())
                .map_or_else(
                    || record.start.url.clone(),
                    |observation| observation.url.clone(),
                ),
            start_url: record.start.url.clone(),
            steps: record.steps.len(),
            errors: record
                .steps
                .iter()
                .filter(|step| step.error.is_some())
                .count(),
            started_ms: record
                .started
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_millis() as u64),
            id: record.id.0,
            task: record.task,
            intent: record.intent,
            sites: record.sites,
        })
        .collect();
    Json(lines).into_response()
}

async fn trajectory(State(state): State<ViewerState>, Path(id): Path<String>) -> Response {
    let Some(live) = &state.live else {
        return not_served("live episodes");
    };
    match live.get(&id) {
        Some(record) => Json(record.trajectory()).into_response(),
        None => unknown(),
    }
}

async fn episode_file(
    State(state): State<ViewerState>,
    Path((id, name)): Path<(String, String)>,
) -> Response {
    let Some(live) = &state.live else {
        return not_served("live episodes");
    };
    let Some(record) = live.get(&id) else {
        return unknown();
    };
    match record.file(&name) {
        Some(File::Screenshot(shot)) => (
            [
                (header::CONTENT_TYPE, shot.format.mime()),
                (header::CACHE_CONTROL, "private, max-age=3600"),
            ],
            shot.bytes,
        )
            .into_response(),
        // Only the files the episode's task named, by their position: no path comes from
        // the request.
        Some(File::Path(path)) => match tokio::fs::read(&path).await {
            Ok(bytes) => (
                [(header::CONTENT_TYPE, crate::observe::image_mime(&path))],
                bytes,
            )
                .into_response(),
            Err(_) => unknown(),
        },
        None => refuse(
            StatusCode::NOT_FOUND,
            "not_kept",
            "the debugger no longer holds this file (it keeps the newest screenshots within 256 MiB; recorded trajectories keep them all)",
        ),
    }
}

async fn runs(State(state): State<ViewerState>) -> Response {
    match &state.runs {
        Some(runs) => {
            let runs = runs.clone();
            match tokio::task::spawn_blocking(move || runs.list()).await {
                Ok(lines) => Json(lines).into_response(),
                Err(_) => refuse(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "listing failed",
                ),
            }
        }
        None => not_served("saved runs (start it with --runs DIR, or use `agora view DIR`)"),
    }
}

fn library_error(error: LibraryError) -> Response {
    let (status, code) = match &error {
        LibraryError::UnknownRun(_) => (StatusCode::NOT_FOUND, "unknown_run"),
        LibraryError::Refused(_) => (StatusCode::NOT_FOUND, "file_refused"),
        LibraryError::Unreadable(_) => (StatusCode::INTERNAL_SERVER_ERROR, "run_unreadable"),
    };
    refuse(status, code, &error.to_string())
}

async fn run_tasks(State(state): State<ViewerState>, Path(run): Path<String>) -> Response {
    let Some(runs) = state.runs.clone() else {
        return not_served("saved runs");
    };
    match tokio::task::spawn_blocking(move || runs.tasks(&run)).await {
        Ok(Ok(tasks)) => Json(tasks).into_response(),
        Ok(Err(error)) => library_error(error),
        Err(_) => refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "reading failed",
        ),
    }
}

async fn run_file(
    State(state): State<ViewerState>,
    Path((run, path)): Path<(String, String)>,
) -> Response {
    let Some(runs) = &state.runs else {
        return not_served("saved runs");
    };
    let (file, mime) = match runs.file(&run, &path) {
        Ok(found) => found,
        Err(error) => return library_error(error),
    };
    match tokio::fs::read(&file).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            bytes,
        )
            .into_response(),
        Err(error) => refuse(StatusCode::NOT_FOUND, "file_refused", &error.to_string()),
    }
}

/// `POST /viewer/api/recordings`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StartRecording {
    /// The task's name (`classifieds/3`).
    task: String,
}

/// `POST /viewer/api/recordings/{id}/act`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordAction {
    /// The action, as the agent writes it (placeholders allowed).
    action: String,
}

fn recording_error(error: RecordingError) -> Response {
    let message = error.to_string();
    let (status, code) = match error {
        RecordingError::Env(env) => return crate::api::ApiError::from(env).into_response(),
        RecordingError::Record(_) => (StatusCode::UNPROCESSABLE_ENTITY, "not_recorded"),
        RecordingError::Unknown(_) => (StatusCode::NOT_FOUND, "unknown_recording"),
        RecordingError::TooMany => (StatusCode::TOO_MANY_REQUESTS, "too_many_recordings"),
        RecordingError::NotSavable(_) => (StatusCode::CONFLICT, "not_savable"),
        RecordingError::Save(_) => (StatusCode::INTERNAL_SERVER_ERROR, "save_failed"),
    };
    refuse(status, code, &message)
}

fn no_recording() -> Response {
    not_served("gold recording (it needs `agora up`)")
}

async fn start_recording(
    State(state): State<ViewerState>,
    Json(request): Json<StartRecording>,
) -> Response {
    let Some(recordings) = &state.recordings else {
        return no_recording();
    };
    match recordings.start(&request.task).await {
        Ok(view) => Json(view).into_response(),
        Err(error) => recording_error(error),
    }
}

async fn recording(State(state): State<ViewerState>, Path(id): Path<String>) -> Response {
    let Some(recordings) = &state.recordings else {
        return no_recording();
    };
    match recordings.view(&id).await {
        Ok(view) => Json(view).into_response(),
        Err(error) => recording_error(error),
    }
}

async fn act(
    State(state): State<ViewerState>,
    Path(id): Path<String>,
    Json(request): Json<RecordAction>,
) -> Response {
    let Some(recordings) = &state.recordings else {
        return no_recording();
    };
    match recordings.act(&id, &request.action).await {
        Ok(view) => Json(view).into_response(),
        Err(error) => recording_error(error),
    }
}

async fn save(State(state): State<ViewerState>, Path(id): Path<String>) -> Response {
    let Some(recordings) = &state.recordings else {
        return no_recording();
    };
    match recordings.save(&id).await {
        Ok(saved) => Json(saved).into_response(),
        Err(error) => recording_error(error),
    }
}

async fn discard_recording(State(state): State<ViewerState>, Path(id): Path<String>) -> Response {
    let Some(recordings) = &state.recordings else {
        return no_recording();
    };
    match recordings.discard(&id).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(error) => recording_error(error),
    }
}

/// Server-sent events: one `change` event (data: the episode id) per changed episode, or `*`
/// when some were missed. Without live episodes, the stream stays open and quiet.
async fn events(
    State(state): State<ViewerState>,
) -> Sse<impl futures::Stream<Item = Result<Event, Infallible>>> {
    let receiver = state.live.as_ref().map(LiveEpisodes::changes);
    let stream = futures::stream::unfold(receiver, |receiver| async move {
        let mut receiver = match receiver {
            Some(receiver) => receiver,
            None => std::future::pending().await,
        };
        let changed = match receiver.recv().await {
            Ok(id) => id,
            // Changes were missed: tell the page to refetch everything (`*`).
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => "*".to_owned(),
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
        };
        Some((
            Ok(Event::default().event("change").data(changed)),
            Some(receiver),
        ))
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
