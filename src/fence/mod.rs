//! The fence: an HTTP proxy every agent browser must use. It forwards requests to allowed
//! origins only (the sites, test fixtures, configured extras) and answers everything else —
//! the control API, other hosts, every `https` address (`tunnel.rs`) and, through
//! [`block_page_url`], addresses of other schemes — with one block page the observation
//! reports as `blocked_url`.

mod origin;
mod tunnel;

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

/// The host of the fence's block page for an address the browser must not open at all
/// (`data:`, `file:`, `javascript:`, `chrome:`, …): `.invalid` names nothing on any network
/// (RFC 2606), and the fence answers it itself.
const BLOCK_HOST: &str = "blocked.agora.invalid";

/// The address at which the fence shows its block page for `url`: what the agent's tab opens
/// instead of an address of a scheme other than `http`/`https`.
pub fn block_page_url(url: &str) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("url", url)
        .finish();
    format!("http://{BLOCK_HOST}/?{query}")
}

#[derive(Clone)]
struct FenceState {
    allowed: AllowList,
    client: reqwest::Client,
    tunnels: tunnel::TunnelEnd,
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
            tunnels: tunnel::TunnelEnd::new()?,
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
        // The tunnel ends here: the browser then asks for its page over TLS, and gets the
        // block page (a refused CONNECT would leave it on a browser error page instead).
        let authority = request.uri().to_string();
        let upgrade = hyper::upgrade::on(request);
        let tunnels = state.tunnels.clone();
        tokio::spawn(async move {
            match upgrade.await {
                Ok(upgraded) => tunnels.serve(upgraded, authority).await,
                Err(error) => tracing::debug!(%error, "a tunnel through the fence did not open"),
            }
        });
        return StatusCode::OK.into_response();
    }
    let url = request.uri().to_string();
    if request.uri().host() == Some(BLOCK_HOST) {
        let blocked = request
            .uri()
            .query()
            .and_then(|query| {
                url::form_urlencoded::parse(query.as_bytes())
                    .find(|(key, _)| key == "url")
                    .map(|(_, value)| value.into_owned())
            })
            .unwrap_or_default();
        return blocked_page(
            &blocked,
            "Agora opens only http:// addresses of the task's sites",
        );
    }
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
