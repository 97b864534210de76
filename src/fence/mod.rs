//! The fence: an HTTP proxy every agent browser must use. It forwards requests to allowed
//! origins only (the sites, test fixtures, configured extras) and answers everything else —
//! the control API included — with an error page the observation reports.

mod origin;

pub use origin::{AllowList, Origin};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;

/// Headers that belong to one hop and are never forwarded.
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "proxy-connection",
    "keep-alive",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "proxy-authorization",
];

#[derive(Clone)]
struct FenceState {
    allowed: AllowList,
    client: reqwest::Client,
}

/// A running fence proxy.
#[derive(Debug)]
pub struct Fence {
    address: SocketAddr,
    allowed: AllowList,
    task: tokio::task::JoinHandle<()>,
}

impl Fence {
    /// Starts the proxy on `bind` (port 0 picks a free one).
    pub async fn start(bind: SocketAddr, allowed: AllowList) -> std::io::Result<Self> {
        let client = reqwest::Client::builder()
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(std::io::Error::other)?;
        let state = FenceState {
            allowed: allowed.clone(),
            client,
        };
        let router = axum::Router::new().fallback(forward).with_state(state);
        let listener = tokio::net::TcpListener::bind(bind).await?;
        let address = listener.local_addr()?;
        let task = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, router).await {
                tracing::error!(%error, "fence proxy stopped");
            }
        });
        Ok(Self {
            address,
            allowed,
            task,
        })
    }

    /// Where the proxy listens.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The origins it lets through (shared; can grow while running).
    pub fn allowed(&self) -> &AllowList {
        &self.allowed
    }
}

impl Drop for Fence {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn forward(State(state): State<FenceState>, request: Request) -> Response {
    if request.method() == Method::CONNECT {
        let target = request.uri().to_string();
        return blocked_page(
            &format!("https://{target}"),
            "encrypted connections are not part of any Agora site",
        );
    }
    let url = request.uri().to_string();
    let Some(origin) = Origin::of_url(&url) else {
        return (
            StatusCode::BAD_REQUEST,
            "the Agora fence is a proxy for agent browsers only",
        )
            .into_response();
    };
    if !state.allowed.contains(&origin) {
        tracing::debug!(%url, "fence blocked a request");
        return blocked_page(&url, "it is not one of the sites this episode may visit");
    }
    let (parts, body) = request.into_parts();
    let mut outgoing = state
        .client
        .request(parts.method, &url)
        .headers(strip_hop_by_hop(parts.headers));
    outgoing = outgoing.body(reqwest::Body::wrap_stream(body.into_data_stream()));
    match outgoing.send().await {
        Ok(response) => {
            let mut builder = Response::builder().status(response.status());
            if let Some(headers) = builder.headers_mut() {
                *headers = strip_hop_by_hop(response.headers().clone());
            }
            builder
                .body(Body::from_stream(response.bytes_stream()))
                .unwrap_or_else(|error| {
                    (StatusCode::BAD_GATEWAY, error.to_string()).into_response()
                })
        }
        Err(error) => (
            StatusCode::BAD_GATEWAY,
            format!("the site at {origin} did not answer: {error}"),
        )
            .into_response(),
    }
}

fn strip_hop_by_hop(mut headers: HeaderMap) -> HeaderMap {
    for name in HOP_BY_HOP {
        headers.remove(HeaderName::from_static(name));
    }
    headers
}

/// The page shown in the agent's tab for a refused request; observations detect its meta tag.
fn blocked_page(url: &str, reason: &str) -> Response {
    let escaped = escape_html(url);
    let body = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\">\
         <meta name=\"agora-fence-blocked\" content=\"{escaped}\">\
         <title>Blocked by Agora</title></head>\
         <body style=\"font-family:sans-serif;margin:4em\"><h1>This page is blocked</h1>\
         <p>Agora did not open <code>{escaped}</code>: {reason}.</p>\
         <p>Go back or open one of the sites from the task.</p></body></html>"
    );
    (
        StatusCode::FORBIDDEN,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
