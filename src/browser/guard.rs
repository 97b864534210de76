//! The page guard: one browser-wide DevTools connection per local browser that keeps pages
//! from taking the browser hostage, and that hears what pages cannot hide. It sees every tab
//! as it opens, whoever opened it, and closes any beyond the tab cap at once. It attaches to
//! every tab and installs `js/guard.js` in every document before the page's scripts; that
//! script reports through a binding it takes out of the page's reach:
//!   - JavaScript dialogs are answered as they open, as a user dismissing them would
//!     (Playwright's answer when nobody listens): `alert`, `confirm` (false) and `prompt`
//!     (null) in the page, and `beforeunload` handlers kept from registering; a dialog that
//!     opens natively anyway is answered over CDP (`beforeunload` accepted, so leaving is
//!     never trapped). No dialog stays open, so chromedriver never meets one. What they said
//!     is kept for the next observation.
//!   - The page's errors (uncaught exceptions, unhandled rejections, failed loads) are heard
//!     by listeners that run before any of the page's and that only the browser's own events
//!     reach, so no script of the page can cancel, remove or forge them (the browser's own
//!     error reporting can be cancelled by a page handler). They are kept per tab for its
//!     current document and read with a round trip through the tab, which comes after every
//!     report the tab sent before.
//!
//! No page output can end or stall it: messages of any size up to [`MAX_MESSAGE`] are read
//! (a page's console output arrives here whole), those it does not act on are skipped
//! unparsed, and a failure to read ends the connection on the record: the session then
//! reports itself lost ([`PageGuard::failure`]) and its browser never serves another episode.

use futures::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Answers dialogs and hears errors in the page, and reports them (see the module doc).
const GUARD_JS: &str = include_str!("js/guard.js");
/// The binding `js/guard.js` reports through (and removes from the page's reach).
const BINDING: &str = "__agoraDialog";

/// How long connecting to the browser may take.
const CONNECT_CAP: Duration = Duration::from_secs(5);
/// How long the guard may take to answer a question about a tab (it is attached and every
/// event the tab sent before is in); a tab stuck in a script never answers.
const ANSWER_CAP: Duration = Duration::from_secs(5);
/// The largest message read from the browser: a page's console output arrives whole, so this
/// is far above anything a page produces in an episode's time. A larger one ends the
/// connection (and the session with it).
pub const MAX_MESSAGE: usize = 1 << 30;
/// Most dialogs kept between two observations (an `alert` storm keeps only the first ones).
pub const MAX_DIALOGS: usize = 20;
/// Longest dialog message kept, in characters.
const MAX_MESSAGE_CHARS: usize = 500;
/// Longest dialog type kept, in characters.
const MAX_KIND_CHARS: usize = 20;
/// Most page errors kept per document.
pub const MAX_PAGE_ERRORS: usize = 50;
/// Longest page error kept, in characters.
const MAX_ERROR_CHARS: usize = 500;

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

/// What kind of page error the browser reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageErrorKind {
    /// An uncaught exception or an unhandled promise rejection.
    Exception,
    /// A resource that failed to load (an error status or a network failure).
    Resource,
}

impl std::fmt::Display for PageErrorKind {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(match self {
            PageErrorKind::Exception => "exception",
            PageErrorKind::Resource => "resource",
        })
    }
}

/// One error of a tab's current document, as the page guard heard it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageErrorEntry {
    /// Its kind.
    pub kind: PageErrorKind,
    /// What it said (cut at 500 characters), with where it happened when known.
    pub message: String,
}

/// What the guard keeps where the session can read it.
#[derive(Debug, Default)]
struct Shared {
    /// Dialogs seen since the last observation took them.
    dialogs: Mutex<Vec<Dialog>>,
    /// Why the connection ended, once it has.
    ended: Mutex<Option<String>>,
}

/// A question for the guard's loop about one tab.
enum Request {
    /// Answer once the tab is attached and its documents are guarded.
    Guarded {
        target: String,
        reply: oneshot::Sender<()>,
    },
    /// The tab's page errors, once every event it sent before is in.
    Errors {
        target: String,
        reply: oneshot::Sender<Vec<PageErrorEntry>>,
    },
    /// End the connection as a failure would.
    Sever,
}

/// A running guard; it stops when dropped (or when its browser goes away).
#[derive(Debug)]
pub struct PageGuard {
    shared: Arc<Shared>,
    requests: mpsc::UnboundedSender<Request>,
    task: tokio::task::JoinHandle<()>,
}

/// Why the guard could not be started or could not answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GuardError {
    /// The connection could not be made.
    #[error("the page guard could not connect to the browser at {address}: {reason}")]
    Connect {
        /// The browser's DevTools endpoint.
        address: String,
        /// Why.
        reason: String,
    },
    /// The connection is gone.
    #[error("the page guard's connection to the browser ended: {0}")]
    Ended(String),
    /// The tab did not answer in time (stuck in a script, or gone).
    #[error("the page guard had no answer from the tab within {ANSWER_CAP:?}")]
    NoAnswer,
}

impl PageGuard {
    /// Connects to the browser whose DevTools endpoint is `address` (`host:port`) and guards
    /// its tabs, at most `max_tabs` of them.
    pub async fn start(address: &str, max_tabs: usize) -> Result<Self, GuardError> {
        let error = |reason: String| GuardError::Connect {
            address: address.to_owned(),
            reason,
        };
        let socket_url = browser_socket_url(address).await.map_err(error)?;
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE))
            .max_frame_size(Some(MAX_MESSAGE));
        let connecting =
            tokio_tungstenite::connect_async_with_config(socket_url.as_str(), Some(config), true);
        let (socket, _) = tokio::time::timeout(CONNECT_CAP, connecting)
            .await
            .map_err(|_| error(format!("no answer within {CONNECT_CAP:?}")))?
            .map_err(|failure| error(failure.to_string()))?;
        let (mut outgoing, incoming) = socket.split();
        let discover = json!({ "id": 0, "method": "Target.setDiscoverTargets", "params": { "discover": true } });
        outgoing
            .send(Message::text(discover.to_string()))
            .await
            .map_err(|failure| error(failure.to_string()))?;
        let shared = Arc::new(Shared::default());
        let (requests, questions) = mpsc::unbounded_channel();
        let watch = Watch {
            max_tabs: max_tabs.max(1),
            shared: Arc::clone(&shared),
            ..Watch::default()
        };
        let task = tokio::spawn(watch.run(outgoing, incoming, questions));
        Ok(Self {
            shared,
            requests,
            task,
        })
    }

    /// The dialogs pages opened since the last call (at most [`MAX_DIALOGS`]).
    pub fn take_dialogs(&self) -> Vec<Dialog> {
        self.shared
            .dialogs
            .lock()
            .map(|mut dialogs| std::mem::take(&mut *dialogs))
            .unwrap_or_default()
    }

    /// Why the guard stopped, once it has (its browser is then unguarded).
    pub fn failure(&self) -> Option<String> {
        let ended = self
            .shared
            .ended
            .lock()
            .ok()
            .and_then(|ended| ended.clone());
        match ended {
            Some(reason) => Some(reason),
            None if self.task.is_finished() => Some("the guard stopped".to_owned()),
            None => None,
        }
    }

    /// Waits until tab `target` is attached and guarded (dialogs answered in its documents,
    /// its page errors kept).
    pub async fn guarded(&self, target: &str) -> Result<(), GuardError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Request::Guarded {
            target: target.to_owned(),
            reply,
        })?;
        self.await_answer(answer).await
    }

    /// The page errors of tab `target`'s current document (at most [`MAX_PAGE_ERRORS`]),
    /// every event it sent before this call included.
    pub async fn page_errors(&self, target: &str) -> Result<Vec<PageErrorEntry>, GuardError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Request::Errors {
            target: target.to_owned(),
            reply,
        })?;
        self.await_answer(answer).await
    }

    /// Ends the connection as a failure of it would: what follows (the session reports
    /// itself lost, its browser leaves the pool) is what the tests of a failed guard look at.
    pub fn sever(&self) {
        if let Ok(mut ended) = self.shared.ended.lock() {
            ended.get_or_insert_with(|| "the connection was severed".to_owned());
        }
        let _ = self.requests.send(Request::Sever);
    }

    fn ask(&self, request: Request) -> Result<(), GuardError> {
        if let Some(reason) = self.failure() {
            return Err(GuardError::Ended(reason));
        }
        self.requests
            .send(request)
            .map_err(|_| GuardError::Ended("the guard stopped".to_owned()))
    }

    async fn await_answer<T>(&self, answer: oneshot::Receiver<T>) -> Result<T, GuardError> {
        match tokio::time::timeout(ANSWER_CAP, answer).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) => Err(match self.failure() {
                Some(reason) => GuardError::Ended(reason),
                // The tab closed before it answered.
                None => GuardError::NoAnswer,
            }),
            Err(_) => Err(GuardError::NoAnswer),
        }
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

/// The first `limit` characters of `text`.
fn cut(text: &str, limit: usize) -> String {
    text.chars().take(limit).collect()
}

/// The envelope of a message from the browser; its `params` are skipped unread unless the
/// method is one the guard acts on.
#[derive(Deserialize)]
struct Envelope {
    id: Option<u64>,
    method: Option<String>,
    #[serde(rename = "sessionId")]
    session_id: Option<String>,
}

/// The methods whose parameters the guard reads.
const READ_METHODS: [&str; 6] = [
    "Target.targetCreated",
    "Target.targetDestroyed",
    "Target.attachedToTarget",
    "Target.detachedFromTarget",
    "Runtime.bindingCalled",
    "Page.javascriptDialogOpening",
];

/// A message's parameters, for the methods in [`READ_METHODS`] (and `Page.frameNavigated`,
/// whose frame is read without its URL).
#[derive(Deserialize)]
struct WithParams<T> {
    params: T,
}

/// `Page.frameNavigated`'s frame, as far as the guard reads it.
#[derive(Deserialize)]
struct Navigated {
    frame: NavigatedFrame,
}

#[derive(Deserialize)]
struct NavigatedFrame {
    #[serde(rename = "parentId")]
    parent_id: Option<String>,
}

/// One tab the guard attached to (or was asked about before it did).
#[derive(Default)]
struct Tab {
    /// Its DevTools session on the guard's connection, once attached.
    session: Option<String>,
    /// Whether its documents are guarded (every attaching command answered).
    guarded: bool,
    /// Its current document's errors.
    errors: Vec<PageErrorEntry>,
    /// Questions waiting for it to be guarded.
    waiting: Vec<Request>,
}

/// A command whose reply the guard waits for.
enum Pending {
    /// The last command attaching tab `0`: once answered, the tab is guarded.
    Attached(String),
    /// A round trip through tab `target`: once answered, every event it sent before is in.
    Barrier {
        target: String,
        reply: oneshot::Sender<Vec<PageErrorEntry>>,
    },
}

/// The guard's loop and everything it keeps.
#[derive(Default)]
struct Watch {
    max_tabs: usize,
    shared: Arc<Shared>,
    /// Page targets open (at most `max_tabs`).
    pages: HashSet<String>,
    /// Tabs by target id.
    tabs: HashMap<String, Tab>,
    /// Target ids by session id.
    sessions: HashMap<String, String>,
    pending: HashMap<u64, Pending>,
    next_id: u64,
    /// Commands to send, as (session, method, params, what waits for the reply).
    queue: Vec<(Option<String>, &'static str, Value, Option<Pending>)>,
}

impl Watch {
    /// Follows the browser's targets, dialogs and errors, and answers questions, until the
    /// connection ends (recorded in `shared.ended`) or the guard is dropped.
    async fn run<S, R>(
        mut self,
        mut outgoing: S,
        mut incoming: R,
        mut questions: mpsc::UnboundedReceiver<Request>,
    ) where
        S: futures::Sink<Message> + Unpin,
        S::Error: std::fmt::Display,
        R: futures::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
    {
        self.next_id = 1;
        let ended = loop {
            tokio::select! {
                message = incoming.next() => match message {
                    Some(Ok(Message::Text(text))) => self.read(&text),
                    Some(Ok(Message::Close(_))) | None => {
                        break "the browser closed the connection".to_owned();
                    }
                    Some(Ok(_)) => {}
                    Some(Err(error)) => break format!("reading from the browser failed: {error}"),
                },
                question = questions.recv() => match question {
                    Some(Request::Sever) | None => break "the connection was severed".to_owned(),
                    Some(request) => self.answer(request),
                },
            }
            if let Err(error) = self.flush(&mut outgoing).await {
                break format!("writing to the browser failed: {error}");
            }
        };
        tracing::warn!(reason = %ended, "the page guard stopped");
        if let Ok(mut slot) = self.shared.ended.lock() {
            slot.get_or_insert(ended);
        }
    }

    /// Sends the queued commands.
    async fn flush<S>(&mut self, outgoing: &mut S) -> Result<(), S::Error>
    where
        S: futures::Sink<Message> + Unpin,
    {
        for (session, method, params, pending) in std::mem::take(&mut self.queue) {
            let id = self.next_id;
            self.next_id += 1;
            let mut command = json!({ "id": id, "method": method, "params": params });
            if let Some(session) = session {
                command["sessionId"] = json!(session);
            }
            if let Some(pending) = pending {
                self.pending.insert(id, pending);
            }
            outgoing.send(Message::text(command.to_string())).await?;
        }
        Ok(())
    }

    fn send(&mut self, session: Option<&str>, method: &'static str, params: Value) {
        self.queue
            .push((session.map(str::to_owned), method, params, None));
    }

    /// Acts on one message from the browser.
    fn read(&mut self, text: &str) {
        let Ok(envelope) = serde_json::from_str::<Envelope>(text) else {
            return;
        };
        if let Some(id) = envelope.id {
            self.replied(id);
            return;
        }
        let Some(method) = envelope.method else {
            return;
        };
        let session = envelope.session_id;
        if method == "Page.frameNavigated" {
            let top = serde_json::from_str::<WithParams<Navigated>>(text)
                .is_ok_and(|message| message.params.frame.parent_id.is_none());
            if top && let Some(tab) = self.tab_of(session.as_deref()) {
                tab.errors.clear();
            }
            return;
        }
        if !READ_METHODS.contains(&method.as_str()) {
            return;
        }
        let Ok(message) = serde_json::from_str::<WithParams<Value>>(text) else {
            return;
        };
        self.event(&method, &message.params, session.as_deref());
    }

    fn tab_of(&mut self, session: Option<&str>) -> Option<&mut Tab> {
        let target = self.sessions.get(session?)?;
        self.tabs.get_mut(target)
    }

    fn event(&mut self, method: &str, params: &Value, session: Option<&str>) {
        match method {
            "Target.targetCreated" => {
                let info = &params["targetInfo"];
                let Some(target) = info["targetId"].as_str() else {
                    return;
                };
                if info["type"] != "page" || self.pages.contains(target) {
                    return;
                }
                // A page's tab has an opener; Agora's own (an episode's first tab, a private
                // measuring tab, a wipe's fresh tab) have none and are counted by Agora.
                let opened_by_a_page = info["openerId"].is_string();
                if opened_by_a_page && self.pages.len() >= self.max_tabs {
                    tracing::info!(
                        max_tabs = self.max_tabs,
                        "closing a tab a page opened beyond the tab cap"
                    );
                    self.send(None, "Target.closeTarget", json!({ "targetId": target }));
                } else {
                    self.pages.insert(target.to_owned());
                    self.send(
                        None,
                        "Target.attachToTarget",
                        json!({ "targetId": target, "flatten": true }),
                    );
                }
            }
            "Target.targetDestroyed" => {
                if let Some(target) = params["targetId"].as_str() {
                    self.pages.remove(target);
                    if let Some(tab) = self.tabs.remove(target)
                        && let Some(session) = tab.session
                    {
                        self.sessions.remove(&session);
                    }
                }
            }
            "Target.attachedToTarget" => self.attached(params),
            "Target.detachedFromTarget" => {
                if let Some(session) = params["sessionId"].as_str()
                    && let Some(target) = self.sessions.remove(session)
                    && let Some(tab) = self.tabs.get_mut(&target)
                {
                    tab.session = None;
                    tab.guarded = false;
                }
            }
            "Runtime.bindingCalled" if params["name"] == BINDING => {
                let reported: Value = params["payload"]
                    .as_str()
                    .and_then(|payload| serde_json::from_str(payload).ok())
                    .unwrap_or_default();
                let message = reported["message"].as_str().unwrap_or_default();
                match reported["type"].as_str().unwrap_or("alert") {
                    "page_error" => {
                        let kind = match reported["kind"].as_str() {
                            Some("resource") => PageErrorKind::Resource,
                            _ => PageErrorKind::Exception,
                        };
                        self.page_error(session, kind, message);
                    }
                    kind => self.dialog(kind, message),
                }
            }
            "Page.javascriptDialogOpening" => {
                let kind = params["type"].as_str().unwrap_or("alert");
                self.dialog(kind, params["message"].as_str().unwrap_or_default());
                let accept = kind == "beforeunload";
                self.send(
                    session,
                    "Page.handleJavaScriptDialog",
                    json!({ "accept": accept }),
                );
            }
            _ => {}
        }
    }

    /// A tab attached: its documents get the dialog answers and report their errors here.
    fn attached(&mut self, params: &Value) {
        let (Some(session), Some(target)) = (
            params["sessionId"].as_str(),
            params["targetInfo"]["targetId"].as_str(),
        ) else {
            return;
        };
        self.sessions.insert(session.to_owned(), target.to_owned());
        let tab = self.tabs.entry(target.to_owned()).or_default();
        tab.session = Some(session.to_owned());
        let session = Some(session);
        self.send(session, "Runtime.addBinding", json!({ "name": BINDING }));
        self.send(session, "Runtime.enable", json!({}));
        self.send(session, "Page.enable", json!({}));
        self.send(
            session,
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": GUARD_JS }),
        );
        // The document already there (a tab opened before the guard saw it).
        self.queue.push((
            session.map(str::to_owned),
            "Runtime.evaluate",
            json!({ "expression": GUARD_JS }),
            Some(Pending::Attached(target.to_owned())),
        ));
    }

    /// A reply came for command `id`.
    fn replied(&mut self, id: u64) {
        match self.pending.remove(&id) {
            Some(Pending::Attached(target)) => {
                let waiting = match self.tabs.get_mut(&target) {
                    Some(tab) => {
                        tab.guarded = true;
                        std::mem::take(&mut tab.waiting)
                    }
                    None => Vec::new(),
                };
                for request in waiting {
                    self.answer(request);
                }
            }
            Some(Pending::Barrier { target, reply }) => {
                let errors = self
                    .tabs
                    .get(&target)
                    .map(|tab| tab.errors.clone())
                    .unwrap_or_default();
                let _ = reply.send(errors);
            }
            None => {}
        }
    }

    /// Answers a question now, or once its tab is guarded.
    fn answer(&mut self, request: Request) {
        let target = match &request {
            Request::Guarded { target, .. } | Request::Errors { target, .. } => target.clone(),
            Request::Sever => return,
        };
        let tab = self.tabs.entry(target.clone()).or_default();
        if !tab.guarded {
            tab.waiting.push(request);
            return;
        }
        let session = tab.session.clone();
        match request {
            Request::Guarded { reply, .. } => {
                let _ = reply.send(());
            }
            Request::Errors { reply, .. } => self.queue.push((
                session,
                "Runtime.evaluate",
                json!({ "expression": "0" }),
                Some(Pending::Barrier { target, reply }),
            )),
            Request::Sever => {}
        }
    }

    /// Keeps a dialog for the next observation (the first [`MAX_DIALOGS`] only).
    fn dialog(&self, kind: &str, message: &str) {
        if let Ok(mut dialogs) = self.shared.dialogs.lock()
            && dialogs.len() < MAX_DIALOGS
        {
            dialogs.push(Dialog {
                kind: cut(kind, MAX_KIND_CHARS),
                message: cut(message, MAX_MESSAGE_CHARS),
            });
        }
    }

    /// Keeps a page error of the tab of `session` (the first [`MAX_PAGE_ERRORS`] only).
    fn page_error(&mut self, session: Option<&str>, kind: PageErrorKind, message: &str) {
        if let Some(tab) = self.tab_of(session)
            && tab.errors.len() < MAX_PAGE_ERRORS
        {
            tab.errors.push(PageErrorEntry {
                kind,
                message: cut(message, MAX_ERROR_CHARS),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A browser's side of the connection: answers every command, then sends `events`.
    async fn browser_sending(events: Vec<String>) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (stream, _) = listener.accept().await.unwrap();
            let config = WebSocketConfig::default()
                .max_message_size(None)
                .max_frame_size(None);
            let mut socket = tokio_tungstenite::accept_async_with_config(stream, Some(config))
                .await
                .unwrap();
            for event in events {
                if socket.send(Message::text(event)).await.is_err() {
                    return;
                }
            }
            while let Some(Ok(_)) = socket.next().await {}
        });
        format!("ws://{address}/devtools/browser")
    }

    async fn watching(url: &str) -> (Arc<Shared>, tokio::task::JoinHandle<()>) {
        let config = WebSocketConfig::default()
            .max_message_size(Some(4 << 20))
            .max_frame_size(Some(4 << 20));
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .unwrap();
        let (outgoing, incoming) = socket.split();
        let shared = Arc::new(Shared::default());
        let (requests, questions) = mpsc::unbounded_channel();
        let watch = Watch {
            max_tabs: 4,
            shared: Arc::clone(&shared),
            ..Watch::default()
        };
        let task = tokio::spawn(async move {
            // Kept open: the loop ends on the connection, not on its questions.
            let _kept = requests;
            watch.run(outgoing, incoming, questions).await;
        });
        (shared, task)
    }

    #[tokio::test]
    async fn output_it_does_not_act_on_is_skipped_and_a_failed_read_is_on_the_record() {
        let console = |size: usize| {
            json!({"method": "Runtime.consoleAPICalled", "sessionId": "s",
                "params": {"type": "log", "args": [{"type": "string", "value": "x".repeat(size)}]}})
            .to_string()
        };
        let dialog = json!({"method": "Page.javascriptDialogOpening", "sessionId": "s",
            "params": {"type": "alert", "message": "still here"}})
        .to_string();
        // Big (under the cap) and many small messages: the guard reads on.
        let mut events = vec![console(3 << 20)];
        events.extend((0..10_000).map(|_| console(10)));
        events.push(dialog.clone());
        // Then one over this connection's cap: the read fails, on the record.
        events.push(console(5 << 20));
        let url = browser_sending(events).await;
        let (shared, task) = watching(&url).await;
        task.await.unwrap();
        let dialogs = shared.dialogs.lock().unwrap().clone();
        assert_eq!(dialogs.len(), 1, "{dialogs:?}");
        assert_eq!(dialogs[0].message, "still here");
        let ended = shared
            .ended
            .lock()
            .unwrap()
            .clone()
            .expect("the end is kept");
        assert!(ended.contains("reading from the browser failed"), "{ended}");
    }
}
