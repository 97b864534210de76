//! A direct Chrome DevTools Protocol connection to one tab of a local browser, beside
//! chromedriver's own. chromedriver runs one command per session at a time and relays every
//! reply through its own JSON; on this connection commands skip that hop and run
//! concurrently, so a frame capture and the marking script can be in flight together.
//! Only stateless commands use it (scripts, captures): state a command leaves behind
//! (emulation, injected scripts) belongs to the connection that sent it.

use futures::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// How long connecting to a tab may take before chromedriver's path is used instead.
const CONNECT_CAP: Duration = Duration::from_secs(2);
/// How long one command may take (a page stuck in a script never answers).
const COMMAND_CAP: Duration = Duration::from_secs(30);
/// The largest reply accepted: a screenshot of the largest viewport, base64, with room.
const MAX_MESSAGE: usize = 256 << 20;

type Replies = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;

type Outgoing = futures::stream::SplitSink<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    Message,
>;

/// An open connection to one tab (a page target).
#[derive(Debug)]
pub struct TabLink {
    target: String,
    outgoing: tokio::sync::Mutex<Outgoing>,
    replies: Replies,
    next_id: AtomicU64,
    open: Arc<AtomicBool>,
    reader: tokio::task::JoinHandle<()>,
}

/// Why a command on a [`TabLink`] failed.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The connection could not be made or is gone (the tab closed, the browser died):
    /// chromedriver's path can say which.
    #[error("DevTools connection: {0}")]
    Connection(String),
    /// The browser answered with an error.
    #[error("{method}: {message}")]
    Reply {
        /// The command.
        method: String,
        /// The browser's message.
        message: String,
    },
    /// No answer within the cap.
    #[error("the tab did not answer {0} within {COMMAND_CAP:?} (is the page stuck in a script?)")]
    Timeout(String),
}

/// One message from the browser: a reply (with `id`) or an event (without).
#[derive(Deserialize)]
struct Incoming {
    id: Option<u64>,
    result: Option<Value>,
    error: Option<IncomingError>,
}

#[derive(Deserialize)]
struct IncomingError {
    message: String,
}

impl TabLink {
    /// Connects to tab `target` of the browser whose DevTools endpoint is `address`
    /// (`host:port`, as chromedriver reports it in `goog:chromeOptions.debuggerAddress`).
    pub async fn connect(address: &str, target: &str) -> Result<Self, LinkError> {
        Self::open(&format!("ws://{address}/devtools/page/{target}"), target).await
    }

    /// Connects to the browser itself (its browser target: contexts, targets) at `address`.
    pub async fn connect_browser(address: &str) -> Result<Self, LinkError> {
        let version = format!("http://{address}/json/version");
        let asking = async {
            let client = reqwest::Client::builder()
                .no_proxy()
                .build()
                .map_err(|error| error.to_string())?;
            let reply: Value = client
                .get(&version)
                .send()
                .await
                .map_err(|error| error.to_string())?
                .json()
                .await
                .map_err(|error| error.to_string())?;
            reply["webSocketDebuggerUrl"]
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| "no webSocketDebuggerUrl in its answer".to_owned())
        };
        let url = tokio::time::timeout(CONNECT_CAP, asking)
            .await
            .map_err(|_| LinkError::Connection(format!("no answer from {version}")))?
            .map_err(|error| LinkError::Connection(format!("{version}: {error}")))?;
        Self::open(&url, "browser").await
    }

    async fn open(url: &str, target: &str) -> Result<Self, LinkError> {
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE))
            .max_frame_size(Some(MAX_MESSAGE));
        let connecting = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        let (socket, _) = tokio::time::timeout(CONNECT_CAP, connecting)
            .await
            .map_err(|_| {
                LinkError::Connection(format!("no answer from {url} within {CONNECT_CAP:?}"))
            })?
            .map_err(|error| LinkError::Connection(format!("{url}: {error}")))?;
        let (outgoing, mut incoming) = socket.split();
        let replies: Replies = Arc::default();
        let open = Arc::new(AtomicBool::new(true));
        let reader = tokio::spawn({
            let replies = replies.clone();
            let open = open.clone();
            async move {
                while let Some(Ok(message)) = incoming.next().await {
                    let Message::Text(text) = message else {
                        continue;
                    };
                    let Ok(Incoming {
                        id: Some(id),
                        result,
                        error,
                    }) = serde_json::from_str::<Incoming>(&text)
                    else {
                        continue;
                    };
                    let reply = match error {
                        Some(error) => Err(error.message),
                        None => Ok(result.unwrap_or(Value::Null)),
                    };
                    let waiter = replies.lock().ok().and_then(|mut map| map.remove(&id));
                    if let Some(waiter) = waiter {
                        let _ = waiter.send(reply);
                    }
                }
                open.store(false, Ordering::Release);
                // Dropping the senders wakes every caller still waiting with an error.
                if let Ok(mut map) = replies.lock() {
                    map.clear();
                }
            }
        });
        Ok(Self {
            target: target.to_owned(),
            outgoing: tokio::sync::Mutex::new(outgoing),
            replies,
            next_id: AtomicU64::new(1),
            open,
            reader,
        })
    }

    /// The tab this link talks to.
    pub fn target(&self) -> &str {
        &self.target
    }

    /// Whether the connection is still up.
    pub fn is_open(&self) -> bool {
        self.open.load(Ordering::Acquire)
    }

    /// Runs one CDP command on the tab. Commands sent while others are in flight run
    /// concurrently; they are sent in the order callers reach this method.
    pub async fn call(&self, method: &str, params: Value) -> Result<Value, LinkError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (sender, receiver) = oneshot::channel();
        self.replies
            .lock()
            .map_err(|_| LinkError::Connection("reply table poisoned".into()))?
            .insert(id, sender);
        let request = json!({ "id": id, "method": method, "params": params }).to_string();
        let sent = self
            .outgoing
            .lock()
            .await
            .send(Message::text(request))
            .await;
        if let Err(error) = sent {
            self.forget(id);
            return Err(LinkError::Connection(format!("sending {method}: {error}")));
        }
        match tokio::time::timeout(COMMAND_CAP, receiver).await {
            Ok(Ok(Ok(result))) => Ok(result),
            Ok(Ok(Err(message))) => Err(LinkError::Reply {
                method: method.to_owned(),
                message,
            }),
            Ok(Err(_)) => Err(LinkError::Connection(format!("closed during {method}"))),
            Err(_) => {
                self.forget(id);
                Err(LinkError::Timeout(method.to_owned()))
            }
        }
    }

    fn forget(&self, id: u64) {
        if let Ok(mut map) = self.replies.lock() {
            map.remove(&id);
        }
    }
}

impl Drop for TabLink {
    fn drop(&mut self) {
        self.reader.abort();
    }
}
