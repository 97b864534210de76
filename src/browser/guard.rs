//! The page guard: one browser-wide DevTools connection per local browser that keeps pages
//! from taking the browser hostage. It sees every tab as it opens, whoever opened it, and
//! closes any beyond the tab cap at once. It attaches to every tab and answers JavaScript
//! dialogs as they open, as a user dismissing them would (Playwright's answer when nobody
//! listens): `js/dialogs.js`, installed in every document before the page's scripts, answers
//! `alert`, `confirm` (false) and `prompt` (null) in the page and reports them through a
//! binding, and keeps `beforeunload` handlers from registering; a dialog that opens natively
//! anyway is answered over CDP (`beforeunload` accepted, so leaving is never trapped). No
//! dialog stays open, so chromedriver never meets one. What they said is kept for the next
//! observation.

use futures::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Answers dialogs in the page and reports them (see the module doc).
const DIALOGS_JS: &str = include_str!("js/dialogs.js");
/// The binding `js/dialogs.js` reports through.
const BINDING: &str = "__agoraDialog";

/// How long connecting to the browser may take.
const CONNECT_CAP: Duration = Duration::from_secs(5);
/// Most dialogs kept between two observations (an `alert` storm keeps only the first ones).
pub const MAX_DIALOGS: usize = 20;
/// Longest dialog message kept, in characters.
const MAX_MESSAGE_CHARS: usize = 500;
/// Longest dialog type kept (a page can call the binding itself), in characters.
const MAX_KIND_CHARS: usize = 20;

/// A JavaScript dialog a page opened, as the agent is told about it.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
pub struct Dialog {
    /// `alert`, `confirm`, `prompt` or `beforeunload`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The text the page showed (cut at 500 characters).
    pub message: String,
}

/// Dialogs seen since the last observation took them.
#[derive(Debug, Default)]
struct DialogLog {
    dialogs: Vec<Dialog>,
}

/// A running guard; it stops when dropped (or when its browser goes away).
#[derive(Debug)]
pub struct PageGuard {
    dialogs: Arc<Mutex<DialogLog>>,
    task: tokio::task::JoinHandle<()>,
}

/// Why the guard could not be started.
#[derive(Debug, thiserror::Error)]
#[error("the page guard could not connect to the browser at {address}: {reason}")]
pub struct GuardError {
    address: String,
    reason: String,
}

impl PageGuard {
    /// Connects to the browser whose DevTools endpoint is `address` (`host:port`) and guards
    /// its tabs, at most `max_tabs` of them.
    pub async fn start(address: &str, max_tabs: usize) -> Result<Self, GuardError> {
        let error = |reason: String| GuardError {
            address: address.to_owned(),
            reason,
        };
        let socket_url = browser_socket_url(address).await.map_err(error)?;
        let (socket, _) = tokio::time::timeout(
            CONNECT_CAP,
            tokio_tungstenite::connect_async(socket_url.as_str()),
        )
        .await
        .map_err(|_| error(format!("no answer within {CONNECT_CAP:?}")))?
        .map_err(|failure| error(failure.to_string()))?;
        let (mut outgoing, incoming) = socket.split();
        let discover = json!({ "id": 0, "method": "Target.setDiscoverTargets", "params": { "discover": true } });
        outgoing
            .send(Message::text(discover.to_string()))
            .await
            .map_err(|failure| error(failure.to_string()))?;
        let dialogs = Arc::new(Mutex::new(DialogLog::default()));
        let task = tokio::spawn(watch(
            outgoing,
            incoming,
            max_tabs.max(1),
            Arc::clone(&dialogs),
        ));
        Ok(Self { dialogs, task })
    }

    /// The dialogs pages opened since the last call (at most [`MAX_DIALOGS`]).
    pub fn take_dialogs(&self) -> Vec<Dialog> {
        self.dialogs
            .lock()
            .map(|mut log| std::mem::take(&mut log.dialogs))
            .unwrap_or_default()
    }
}

impl Drop for PageGuard {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The browser-wide WebSocket URL, from `/json/version`.
async fn browser_socket_url(address: &str) -> Result<String, String> {
    let client = reqwest::Client::builder()
        .no_proxy()
        .timeout(CONNECT_CAP)
        .build()
        .map_err(|error| error.to_string())?;
    let version: Value = client
        .get(format!("http://{address}/json/version"))
        .send()
        .await
        .map_err(|error| error.to_string())?
        .json()
        .await
        .map_err(|error| error.to_string())?;
    version["webSocketDebuggerUrl"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| "the browser named no webSocketDebuggerUrl".into())
}

/// Keeps a dialog for the next observation (the first [`MAX_DIALOGS`] only).
fn record(dialogs: &Mutex<DialogLog>, kind: &str, message: &str) {
    if let Ok(mut log) = dialogs.lock()
        && log.dialogs.len() < MAX_DIALOGS
    {
        log.dialogs.push(Dialog {
            kind: kind.chars().take(MAX_KIND_CHARS).collect(),
            message: message.chars().take(MAX_MESSAGE_CHARS).collect(),
        });
    }
}

/// One message from the browser; only events matter here (replies are not awaited).
#[derive(Deserialize)]
struct Event {
    method: Option<String>,
    #[serde(default)]
    params: Value,
    #[serde(rename = "sessionId")]
    session_id: Option<String>,
}

/// Follows the browser's targets and dialogs until the connection ends.
async fn watch<S, R>(
    mut outgoing: S,
    mut incoming: R,
    max_tabs: usize,
    dialogs: Arc<Mutex<DialogLog>>,
) where
    S: futures::Sink<Message> + Unpin,
    R: futures::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let mut pages: HashSet<String> = HashSet::new();
    let mut next_id = 1u64;
    while let Some(Ok(message)) = incoming.next().await {
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(Event {
            method: Some(method),
            params,
            session_id,
        }) = serde_json::from_str::<Event>(&text)
        else {
            continue;
        };
        let commands = match method.as_str() {
            "Target.targetCreated" => {
                let info = &params["targetInfo"];
                match info["targetId"].as_str() {
                    Some(target) if info["type"] == "page" => {
                        if pages.len() >= max_tabs {
                            tracing::info!(
                                max_tabs,
                                "closing a tab a page opened beyond the tab cap"
                            );
                            vec![(None, "Target.closeTarget", json!({ "targetId": target }))]
                        } else {
                            pages.insert(target.to_owned());
                            vec![(
                                None,
                                "Target.attachToTarget",
                                json!({ "targetId": target, "flatten": true }),
                            )]
                        }
                    }
                    _ => continue,
                }
            }
            "Target.targetDestroyed" => {
                if let Some(target) = params["targetId"].as_str() {
                    pages.remove(target);
                }
                continue;
            }
            "Target.attachedToTarget" => {
                let Some(session) = params["sessionId"].as_str() else {
                    continue;
                };
                let session = Some(session.to_owned());
                vec![
                    (
                        session.clone(),
                        "Runtime.addBinding",
                        json!({ "name": BINDING }),
                    ),
                    (session.clone(), "Runtime.enable", json!({})),
                    (session.clone(), "Page.enable", json!({})),
                    (
                        session.clone(),
                        "Page.addScriptToEvaluateOnNewDocument",
                        json!({ "source": DIALOGS_JS }),
                    ),
                    // The document already there (a tab opened before the guard saw it).
                    (
                        session,
                        "Runtime.evaluate",
                        json!({ "expression": DIALOGS_JS }),
                    ),
                ]
            }
            "Runtime.bindingCalled" if params["name"] == BINDING => {
                let reported: Value = params["payload"]
                    .as_str()
                    .and_then(|payload| serde_json::from_str(payload).ok())
                    .unwrap_or_default();
                record(
                    &dialogs,
                    reported["type"].as_str().unwrap_or("alert"),
                    reported["message"].as_str().unwrap_or_default(),
                );
                continue;
            }
            "Page.javascriptDialogOpening" => {
                let kind = params["type"].as_str().unwrap_or("alert");
                record(
                    &dialogs,
                    kind,
                    params["message"].as_str().unwrap_or_default(),
                );
                let accept = kind == "beforeunload";
                vec![(
                    session_id,
                    "Page.handleJavaScriptDialog",
                    json!({ "accept": accept }),
                )]
            }
            _ => continue,
        };
        for (session, method, params) in commands {
            let mut command = json!({ "id": next_id, "method": method, "params": params });
            if let Some(session) = session {
                command["sessionId"] = json!(session);
            }
            next_id += 1;
            if outgoing
                .send(Message::text(command.to_string()))
                .await
                .is_err()
            {
                return;
            }
        }
    }
}
