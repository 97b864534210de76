//! One WebDriver session: a Chromium with its own profile, and the commands Agora needs
//! beyond plain WebDriver (CDP through chromedriver's `goog/cdp/execute`).

use super::devtools::{LinkError, TabLink};
use super::guard::{Dialog, PageErrorEntry, PageGuard};
use super::pool::PoolSlot;
use super::sandbox::Sandbox;
use super::uploads::UploadStage;
use super::{BrowserError, WebDriverEndpoint, flags, processes};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::wd::WindowHandle;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Script installed in every document: counts in-flight requests and short timers and
/// records DOM mutations, so settling can wait on conditions instead of sleeping.
const INSTRUMENT_JS: &str = include_str!("js/instrument.js");

/// Clears what a tab keeps across navigations before a first visit (`open_as_first_visit`).
const FIRST_VISIT_JS: &str = include_str!("js/first_visit.js");

/// Removes the Set-of-Marks id attributes (see `restore_page`).
const RESTORE_JS: &str = include_str!("js/restore.js");

/// What a first visit finds empty ([`BrowserSession::open_as_first_visit`]): every kind of
/// storage an origin has but cookies (which keep Agora's own) and session storage (which
/// belongs to the tab).
const FIRST_VISIT_STORAGE: &str = "appcache,file_systems,indexeddb,local_storage,shader_cache,\
websql,service_workers,cache_storage,interest_groups,shared_storage,storage_buckets";

/// Viewport size in CSS pixels (devicePixelRatio is always 1).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Viewport {
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
}

impl Default for Viewport {
    /// VWA's default viewport.
    fn default() -> Self {
        Self {
            width: 1280,
            height: 2048,
        }
    }
}

/// What every session of a pool is created with.
#[derive(Debug, Clone)]
pub struct SessionSettings {
    /// The Chromium binary (used only when the browser is local).
    pub chromium: PathBuf,
    /// `host:port` of the fence proxy as the browser sees it.
    pub fence_proxy: String,
    /// Most tabs a browser may have; tabs pages open beyond it are closed at once.
    pub max_tabs: usize,
    /// How browsers are isolated (Chromium's sandbox, and the account local ones run as).
    pub sandbox: Sandbox,
}

static NEXT_SERIAL: AtomicU64 = AtomicU64::new(1);

/// A live browser session.
#[derive(Debug)]
pub struct BrowserSession {
    client: Client,
    /// The profile directory chromedriver made for this browser (local browsers only); it
    /// removes it when the session ends.
    profile: Option<PathBuf>,
    endpoint: WebDriverEndpoint,
    generation: u64,
    serial: u64,
    instrumented_tabs: HashSet<String>,
    /// Process id of the browser, when it runs on this machine.
    browser_pid: Option<u32>,
    /// Tabs in WebDriver's order, kept current by every method that opens, closes or switches.
    tabs: Vec<WindowHandle>,
    /// The tab commands go to.
    current_tab: Option<WindowHandle>,
    /// The pool's slot this browser takes up, given back when the session is dropped.
    slot: Option<PoolSlot>,
    /// Closes tabs beyond the cap and answers dialogs (local browsers only).
    guard: Option<PageGuard>,
    /// The local browser's DevTools endpoint (`host:port`), for direct tab links.
    debugger_address: Option<String>,
    /// The direct link to the current tab, connected on first use.
    tab_link: tokio::sync::Mutex<Option<Arc<TabLink>>>,
    /// Set when a direct link could not be made: chromedriver's path is used from then on.
    direct_failed: AtomicBool,
    /// Where files to upload are copied for the browser to read (local browsers only).
    uploads: Option<UploadStage>,
}

impl BrowserSession {
    /// Starts a new browser at `endpoint`.
    pub async fn create(
        endpoint: &WebDriverEndpoint,
        settings: &SessionSettings,
    ) -> Result<Self, BrowserError> {
        let local = endpoint.is_local();
        let mut chrome_options = json!({ "args": flags::chromium_flags(
            &settings.fence_proxy,
            settings.sandbox.is_off(),
        )});
        if local {
            chrome_options["binary"] = json!(settings.chromium);
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        capabilities.insert("pageLoadStrategy".into(), json!("normal"));
        // The page guard answers dialogs as they open; chromedriver dismisses any it meets
        // first, as the guard does (a remote browser has no guard).
        capabilities.insert("unhandledPromptBehavior".into(), json!("dismiss"));
        capabilities.insert("goog:chromeOptions".into(), chrome_options);
        // The URL before the generation: a restart bumps the generation before it publishes
        // the new URL, so a session is never credited to a newer chromedriver than its own.
        let url = endpoint.url().await;
        let generation = endpoint.generation();
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&url)
            .await
            .map_err(|error| BrowserError::SessionCreate(error.to_string()))?;
        let mut session = Self {
            client,
            profile: None,
            endpoint: endpoint.clone(),
            generation,
            serial: NEXT_SERIAL.fetch_add(1, Ordering::Relaxed),
            instrumented_tabs: HashSet::new(),
            browser_pid: None,
            tabs: Vec::new(),
            current_tab: None,
            slot: None,
            guard: None,
            debugger_address: None,
            tab_link: tokio::sync::Mutex::new(None),
            direct_failed: AtomicBool::new(false),
            uploads: None,
        };
        if local && let Some(capabilities) = session.client.capabilities() {
            session.debugger_address = capabilities
                .get("goog:chromeOptions")
                .and_then(|options| options["debuggerAddress"].as_str())
                .map(str::to_owned);
            session.profile = capabilities
                .get("chrome")
                .and_then(|chrome| chrome["userDataDir"].as_str())
                .map(PathBuf::from);
            session.uploads = session.profile.as_deref().map(|profile| {
                UploadStage::beside(profile, session.serial, settings.sandbox.user().cloned())
            });
        }
        if let Some(address) = &session.debugger_address {
            match PageGuard::start(address, settings.max_tabs).await {
                Ok(guard) => session.guard = Some(guard),
                Err(error) => {
                    session.close().await;
                    return Err(BrowserError::SessionCreate(error.to_string()));
                }
            }
        }
        session.refresh_tabs().await?;
        session.current_tab = Some(session.client.window().await?);
        session.browser_pid = session
            .profile
            .as_ref()
            .and_then(|profile| processes::browser_pid(profile));
        session.instrument_current_tab().await?;
        Ok(session)
    }

    /// Makes the session hold one of its pool's slots until it is dropped.
    pub(super) fn hold(&mut self, slot: PoolSlot) {
        self.slot = Some(slot);
    }

    /// The JavaScript dialogs pages opened (and the guard answered) since the last call.
    pub fn take_dialogs(&self) -> Vec<Dialog> {
        self.guard
            .as_ref()
            .map(PageGuard::take_dialogs)
            .unwrap_or_default()
    }

    /// Ends a browser that may not answer (a page stuck in a script or a load): a local
    /// browser's processes are killed at once, renderers included, so none keeps a core busy;
    /// a remote one is asked to close in the background. Its pool slot is freed either way.
    pub fn kill(self) {
        match &self.profile {
            Some(profile) => {
                let killed = processes::kill_all(&self.processes());
                // chromedriver removes a profile when its session ends, which this one will not.
                let _ = std::fs::remove_dir_all(profile);
                tracing::info!(
                    serial = self.serial,
                    killed,
                    "killed an unresponsive browser"
                );
            }
            None => {
                tokio::spawn(self.close());
            }
        }
    }

    /// The WebDriver client, for the modules that act and observe.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Process id of the local browser, if known.
    pub fn browser_pid(&self) -> Option<u32> {
        self.browser_pid
    }

    /// Every process of the local browser (it and all it started: zygotes, renderers, GPU
    /// and utility processes), browser first; none for a remote one.
    pub fn processes(&self) -> Vec<u32> {
        self.browser_pid
            .map(|pid| processes::process_tree(&[pid]))
            .unwrap_or_default()
    }

    /// The WebDriver session id (a Selenium Grid knows which node runs it).
    pub async fn webdriver_session_id(&self) -> Option<String> {
        self.client.session_id().await.ok().flatten()
    }

    /// Whether the remote end still answers for this session (one round trip).
    pub async fn responds(&self) -> bool {
        !self.is_orphaned() && self.client.windows().await.is_ok()
    }

    /// A process-unique number for logs.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Whether chromedriver restarted since this session was created (then it is dead).
    pub fn is_orphaned(&self) -> bool {
        self.endpoint.generation() != self.generation
    }

    /// Fails fast with [`BrowserError::SessionLost`] when the session cannot work any more:
    /// its chromedriver is gone, or its page guard is (the browser would be at its pages'
    /// mercy: tabs uncapped, dialogs unanswered, errors unheard).
    pub fn check_alive(&self) -> Result<(), BrowserError> {
        if self.is_orphaned() {
            return Err(BrowserError::SessionLost(
                "chromedriver crashed and was restarted; this episode's browser is gone".into(),
            ));
        }
        if let Some(reason) = self.guard.as_ref().and_then(PageGuard::failure) {
            return Err(BrowserError::SessionLost(format!(
                "the page guard of this browser stopped ({reason}), so its pages are no longer \
                 kept in check; the browser was retired"
            )));
        }
        Ok(())
    }

    /// A copy of `file` (a file an episode may upload, already through the allow-list check)
    /// that the browser can read, under the same name: a local browser running as another
    /// user cannot read a private folder; a remote one gets the path as it is.
    pub fn stage_upload(&mut self, file: &Path) -> std::io::Result<PathBuf> {
        match &mut self.uploads {
            Some(stage) => stage.stage(file),
            None => Ok(file.to_owned()),
        }
    }

    /// Whether the page guard of this (local) browser stopped.
    pub fn guard_failed(&self) -> bool {
        self.guard
            .as_ref()
            .is_some_and(|guard| guard.failure().is_some())
    }

    /// Ends the page guard's connection as a failure of it would (the tests of a failed
    /// guard use it: the session reports itself lost and never serves another episode).
    pub fn sever_guard(&self) {
        if let Some(guard) = &self.guard {
            guard.sever();
        }
    }

    /// The page errors of the current tab's document, as the browser reported them to the
    /// page guard (none for a remote browser, which has no guard).
    pub async fn page_errors(&self) -> Result<Vec<PageErrorEntry>, BrowserError> {
        self.check_alive()?;
        let (Some(guard), Some(tab)) = (&self.guard, &self.current_tab) else {
            return Ok(Vec::new());
        };
        guard
            .page_errors(&String::from(tab.clone()))
            .await
            .map_err(|error| BrowserError::Command(error.to_string()))
    }

    /// Runs a Chrome DevTools Protocol command on the current tab (only `browser/` speaks
    /// the protocol: callers outside it get typed methods).
    pub(super) async fn cdp(&self, method: &str, params: Value) -> Result<Value, BrowserError> {
        self.check_alive()?;
        Ok(self
            .client
            .issue_cmd(CdpCommand {
                method: method.to_owned(),
                params,
            })
            .await?)
    }

    /// Runs a stateless CDP command (a script, a capture) on the current tab over the direct
    /// DevTools link when there is one, where it can overlap other such commands; otherwise
    /// through chromedriver. Commands that leave state on their connection use
    /// [`BrowserSession::cdp`].
    /// When the link fails or the browser refuses the command on it (a navigation under
    /// way, a closed or crashed tab), the command is sent again through chromedriver, which
    /// waits for navigations and tells a lost browser from a closed tab: the same outcome
    /// as without the link. Only read-only commands use this path, so a retry is safe.
    pub(super) async fn cdp_concurrent(
        &self,
        method: &str,
        params: Value,
    ) -> Result<Value, BrowserError> {
        self.check_alive()?;
        let Some(link) = self.tab_link().await else {
            return self.cdp(method, params).await;
        };
        match link.call(method, params.clone()).await {
            Ok(reply) => Ok(reply),
            Err(error @ (LinkError::Connection(_) | LinkError::Reply { .. })) => {
                tracing::debug!(%error, serial = self.serial, "retrying through chromedriver");
                self.cdp(method, params).await
            }
            Err(error @ LinkError::Timeout(_)) => Err(BrowserError::Command(error.to_string())),
        }
    }

    /// The direct link to the current tab, connected on first use; None for a remote
    /// browser or once connecting failed.
    async fn tab_link(&self) -> Option<Arc<TabLink>> {
        let address = self.debugger_address.as_deref()?;
        if self.direct_failed.load(Ordering::Relaxed) {
            return None;
        }
        let target = String::from(self.current_tab.clone()?);
        let mut slot = self.tab_link.lock().await;
        if let Some(link) = slot.as_ref()
            && link.target() == target
            && link.is_open()
        {
            return Some(link.clone());
        }
        match TabLink::connect(address, &target).await {
            Ok(link) => {
                let link = Arc::new(link);
                *slot = Some(link.clone());
                Some(link)
            }
            Err(error) => {
                tracing::warn!(%error, serial = self.serial, "no direct DevTools link; captures and scripts go through chromedriver");
                self.direct_failed.store(true, Ordering::Relaxed);
                *slot = None;
                None
            }
        }
    }

    /// Runs `script` (a function body; arguments in `arguments`) in the current frame.
    pub async fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, BrowserError> {
        self.check_alive()?;
        Ok(self.client.execute(script, args).await?)
    }

    /// Stops whatever script runs in the current tab now (a busy loop included): over the
    /// direct link when there is one, which does not wait behind the running script.
    pub async fn terminate_scripts(&self) -> Result<(), BrowserError> {
        self.cdp_concurrent("Runtime.terminateExecution", json!({}))
            .await
            .map(drop)
    }

    /// Runs `script` (a function body; arguments in `arguments`) in the top-level document
    /// through CDP's `Runtime.evaluate`: the same semantics as [`BrowserSession::execute`] for
    /// JSON arguments and results, at about half the round trip. The arguments are embedded
    /// as a JSON literal, never as code.
    pub async fn execute_fast(
        &self,
        script: &str,
        args: Vec<Value>,
    ) -> Result<Value, BrowserError> {
        let reply = self
            .cdp_concurrent(
                "Runtime.evaluate",
                json!({ "expression": applied(script, args), "returnByValue": true, "awaitPromise": true }),
            )
            .await?;
        script_value(reply)
    }

    /// A new isolated world in the current tab's top-level document, sharing only its DOM:
    /// the document's loader id (a new one after each navigation) and the world's execution
    /// context, for [`BrowserSession::execute_in`].
    pub async fn isolated_world(&self, name: &str) -> Result<(String, u64), BrowserError> {
        let tree = self.cdp("Page.getFrameTree", json!({})).await?;
        let frame = &tree["frameTree"]["frame"];
        let loader = frame["loaderId"].as_str().unwrap_or_default().to_owned();
        let world = self
            .cdp(
                "Page.createIsolatedWorld",
                json!({ "frameId": frame["id"], "worldName": name }),
            )
            .await?;
        let context = world["executionContextId"].as_u64().ok_or_else(|| {
            BrowserError::Command(format!("no isolated world in this page: {world}"))
        })?;
        Ok((loader, context))
    }

    /// The current tab's top-level document's loader id (a new one after each navigation).
    pub async fn document_loader(&self) -> Result<String, BrowserError> {
        let tree = self.cdp("Page.getFrameTree", json!({})).await?;
        Ok(tree["frameTree"]["frame"]["loaderId"]
            .as_str()
            .unwrap_or_default()
            .to_owned())
    }

    /// Runs `script` (a function body; arguments in `arguments`) in execution context
    /// `context` (an [`BrowserSession::isolated_world`]), as [`BrowserSession::execute_fast`].
    pub async fn execute_in(
        &self,
        context: u64,
        script: &str,
        args: Vec<Value>,
    ) -> Result<Value, BrowserError> {
        let reply = self
            .cdp(
                "Runtime.evaluate",
                json!({ "expression": applied(script, args), "contextId": context,
                        "returnByValue": true, "awaitPromise": true }),
            )
            .await?;
        script_value(reply)
    }

    /// Navigates the current tab to `url` (WebDriver waits for the load event).
    pub async fn goto(&self, url: &str) -> Result<(), BrowserError> {
        self.check_alive()?;
        Ok(self.client.goto(url).await?)
    }

    /// Goes one entry back in the current tab's history.
    pub async fn back(&self) -> Result<(), BrowserError> {
        Ok(self.client.back().await?)
    }

    /// Goes one entry forward in the current tab's history.
    pub async fn forward(&self) -> Result<(), BrowserError> {
        Ok(self.client.forward().await?)
    }

    /// Reloads the current tab.
    pub async fn reload(&self) -> Result<(), BrowserError> {
        Ok(self.client.refresh().await?)
    }

    /// Performs WebDriver input actions (pointer, keys, wheel) in the current tab.
    pub async fn perform(
        &self,
        actions: impl Into<fantoccini::actions::Actions>,
    ) -> Result<(), BrowserError> {
        Ok(self.client.perform_actions(actions).await?)
    }

    /// Opens `url` in the current tab as a first visit of it finds the page: the tab leaves
    /// what it shows for `about:blank`, its history and window name start afresh, and the
    /// page's origin keeps no cookie but Agora's own (`keep`: HTTP-only cookies, which no
    /// page can write) and nothing stored of any kind (local storage, IndexedDB, caches,
    /// service workers; session storage belongs to the tab: a tab of its own has none). A page
    /// cannot tell two visits made this way in fresh tabs apart — the agent's view of its
    /// WebUI page and each page the AES evaluator measures.
    pub async fn open_as_first_visit(&self, url: &str, keep: &[&str]) -> Result<(), BrowserError> {
        let origin = url::Url::parse(url)
            .map(|parsed| parsed.origin().ascii_serialization())
            .map_err(|error| BrowserError::Command(format!("{url} is not a URL: {error}")))?;
        self.goto("about:blank").await?;
        self.execute(FIRST_VISIT_JS, vec![]).await?;
        self.cdp("Page.resetNavigationHistory", json!({})).await?;
        for cookie in self.cookies(url).await? {
            if cookie.http_only && keep.contains(&cookie.name.as_str()) {
                continue;
            }
            self.delete_cookie(&cookie).await?;
        }
        self.cdp(
            "Storage.clearDataForOrigin",
            json!({ "origin": origin, "storageTypes": FIRST_VISIT_STORAGE }),
        )
        .await?;
        self.goto(url).await
    }

    /// Replaces the current tab with a new one at `about:blank` (with nothing of the old
    /// one's: history, session storage, window name), and makes it current; it still needs
    /// its viewport and instrumentation. Returns the old tab and the new one.
    pub async fn replace_current_tab(
        &mut self,
    ) -> Result<(Option<WindowHandle>, WindowHandle), BrowserError> {
        self.check_alive()?;
        let fresh = self.client.new_window(true).await?.handle;
        self.client.close_window().await?;
        let old = self.current_tab.take();
        if let Some(old) = &old {
            self.instrumented_tabs.remove(&String::from(old.clone()));
        }
        match self
            .tabs
            .iter_mut()
            .find(|handle| Some(&**handle) == old.as_ref())
        {
            Some(place) => *place = fresh.clone(),
            None => self.tabs.push(fresh.clone()),
        }
        self.switch_tab(fresh.clone()).await?;
        Ok((old, fresh))
    }

    /// The current tab's URL.
    pub async fn current_url(&self) -> Result<String, BrowserError> {
        self.check_alive()?;
        Ok(self.client.current_url().await?.to_string())
    }

    /// The current document's serialized HTML.
    pub async fn page_source(&self) -> Result<String, BrowserError> {
        self.check_alive()?;
        Ok(self.client.source().await?)
    }

    /// A bare WebDriver click on the first element matching `css` (no settling, no checks),
    /// the raw baseline benchmarks compare steps with; returns how long the click command
    /// took, the element lookup excluded.
    pub async fn timed_click(&self, css: &str) -> Result<std::time::Duration, BrowserError> {
        self.check_alive()?;
        let element = self.client.find(fantoccini::Locator::Css(css)).await?;
        let started = std::time::Instant::now();
        element.click().await?;
        Ok(started.elapsed())
    }

    /// A WebDriver screenshot of the current tab (PNG bytes).
    pub async fn webdriver_screenshot(&self) -> Result<Vec<u8>, BrowserError> {
        self.check_alive()?;
        Ok(self.client.screenshot().await?)
    }

    /// Sets the viewport of the current tab (CSS px, devicePixelRatio 1).
    pub async fn set_viewport(&self, viewport: Viewport) -> Result<(), BrowserError> {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": viewport.width, "height": viewport.height, "deviceScaleFactor": 1, "mobile": false }),
        )
        .await?;
        Ok(())
    }

    /// Makes sure the current tab runs the instrumentation script in every new document,
    /// and in the current one.
    pub async fn instrument_current_tab(&mut self) -> Result<(), BrowserError> {
        let handle = match &self.current_tab {
            Some(handle) => String::from(handle.clone()),
            None => String::from(self.client.window().await?),
        };
        if self.instrumented_tabs.insert(handle.clone()) {
            self.cdp(
                "Page.addScriptToEvaluateOnNewDocument",
                json!({ "source": INSTRUMENT_JS }),
            )
            .await?;
            // Its documents answer dialogs and report errors before anything loads in it.
            if let Some(guard) = &self.guard {
                guard
                    .guarded(&handle)
                    .await
                    .map_err(|error| BrowserError::Command(error.to_string()))?;
            }
        }
        self.execute(INSTRUMENT_JS, vec![]).await?;
        Ok(())
    }

    /// Tabs in order, as last seen.
    pub fn tab_handles(&self) -> &[WindowHandle] {
        &self.tabs
    }

    /// The tab commands go to.
    pub fn current_tab(&self) -> Option<&WindowHandle> {
        self.current_tab.as_ref()
    }

    /// Reads the tab list from the browser (pages can open tabs by themselves).
    pub async fn refresh_tabs(&mut self) -> Result<Vec<WindowHandle>, BrowserError> {
        self.check_alive()?;
        self.tabs = self.client.windows().await?;
        Ok(self.tabs.clone())
    }

    /// Makes `handle` the current tab.
    pub async fn switch_tab(&mut self, handle: WindowHandle) -> Result<(), BrowserError> {
        self.client.switch_to_window(handle.clone()).await?;
        self.current_tab = Some(handle);
        Ok(())
    }

    /// Opens an empty tab and makes it current.
    pub async fn open_tab(&mut self) -> Result<(), BrowserError> {
        let opened = self.client.new_window(true).await?;
        self.tabs.push(opened.handle.clone());
        self.switch_tab(opened.handle).await
    }

    /// Closes the current tab and makes the last remaining one current.
    pub async fn close_current_tab(&mut self) -> Result<(), BrowserError> {
        self.client.close_window().await?;
        if let Some(closed) = self.current_tab.take() {
            self.tabs.retain(|handle| *handle != closed);
            self.instrumented_tabs.remove(&String::from(closed));
        }
        if let Some(last) = self.tabs.last().cloned() {
            self.switch_tab(last).await?;
        }
        Ok(())
    }

    /// Removes every trace of Set-of-Marks from the page (the id attributes; the marks
    /// themselves are drawn on screenshots, never in the page), so evaluators read exactly
    /// what the site rendered. Ids the agent saw become stale.
    pub async fn restore_page(&self) -> Result<(), BrowserError> {
        self.execute(RESTORE_JS, vec![]).await?;
        Ok(())
    }

    /// Returns the session to a blank state for the next episode: one new tab on
    /// `about:blank` (the old tabs, their history and handles closed), no cookies, no cache,
    /// no granted permissions, and nothing stored for any of `origins` — every origin the
    /// browser can have reached, since the fence answers any other with a page that runs no
    /// script (service workers, cache storage, IndexedDB, local storage and the rest).
    pub async fn wipe(&mut self, origins: &[String]) -> Result<(), BrowserError> {
        self.check_alive()?;
        let old = self.refresh_tabs().await?;
        // The tab commands went to may be gone (a popup the guard closed): the new one is
        // opened from one still there.
        for handle in &old {
            if self.client.switch_to_window(handle.clone()).await.is_ok() {
                break;
            }
        }
        let fresh = self.client.new_window(true).await?.handle;
        for handle in old {
            // A tab may close while this runs (the guard closing popups beyond the cap):
            // what counts is that none is left, checked below.
            let closing = async {
                self.client.switch_to_window(handle.clone()).await?;
                self.client.close_window().await
            };
            if let Err(error) = closing.await {
                tracing::debug!(%error, serial = self.serial, "a tab went before the wipe closed it");
            }
            self.instrumented_tabs.remove(&String::from(handle));
        }
        self.tabs = vec![fresh.clone()];
        self.current_tab = None;
        self.switch_tab(fresh.clone()).await?;
        let left = self.client.windows().await?;
        if left != [fresh] {
            return Err(BrowserError::Command(format!(
                "{} tabs were left open after the wipe",
                left.len().saturating_sub(1)
            )));
        }
        self.cdp("Network.clearBrowserCookies", json!({})).await?;
        self.cdp("Network.clearBrowserCache", json!({})).await?;
        self.cdp("Browser.resetPermissions", json!({})).await?;
        for origin in origins {
            self.cdp(
                "Storage.clearDataForOrigin",
                json!({ "origin": origin, "storageTypes": "all" }),
            )
            .await?;
        }
        // Dialogs the last episode's pages opened are not the next episode's to see, nor
        // are the files it uploaded.
        self.take_dialogs();
        if let Some(stage) = &mut self.uploads {
            stage.clear();
        }
        Ok(())
    }

    /// Opens a tab in a browser context of its own and makes it current: it shares no
    /// cookies, storage, service workers, cache, history or window handles with the session's
    /// tabs, which neither list it nor can reach it. Local browsers only (the context is made
    /// over the browser's DevTools endpoint).
    pub async fn open_private_tab(&mut self) -> Result<PrivateTab, BrowserError> {
        self.check_alive()?;
        let address = self.debugger_address.clone().ok_or_else(|| {
            BrowserError::Command(
                "a private browser context needs a local browser (its DevTools endpoint)".into(),
            )
        })?;
        let link_error = |error: LinkError| BrowserError::Command(error.to_string());
        let link = TabLink::connect_browser(&address)
            .await
            .map_err(link_error)?;
        // Disposed with the link too, should the tab never be closed.
        let context = link
            .call(
                "Target.createBrowserContext",
                json!({ "disposeOnDetach": true }),
            )
            .await
            .map_err(link_error)?["browserContextId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let target = link
            .call(
                "Target.createTarget",
                json!({ "url": "about:blank", "browserContextId": context }),
            )
            .await
            .map_err(link_error)?["targetId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let handle = WindowHandle::try_from(target)
            .map_err(|error| BrowserError::Command(format!("the private tab: {error}")))?;
        let previous = self.current_tab.clone();
        self.client.switch_to_window(handle.clone()).await?;
        self.current_tab = Some(handle);
        Ok(PrivateTab {
            link,
            context,
            previous,
        })
    }

    /// Closes a private tab with its browser context (all it held is gone) and makes the
    /// tab that was current before it current again.
    pub async fn close_private_tab(&mut self, tab: PrivateTab) -> Result<(), BrowserError> {
        let disposed = tab
            .link
            .call(
                "Target.disposeBrowserContext",
                json!({ "browserContextId": tab.context }),
            )
            .await;
        if let Some(closed) = self.current_tab.take() {
            self.instrumented_tabs.remove(&String::from(closed));
        }
        if let Some(previous) = tab.previous {
            self.switch_tab(previous).await?;
        }
        disposed
            .map(drop)
            .map_err(|error| BrowserError::Command(error.to_string()))
    }

    /// Switches back to the top-level document of the current tab.
    pub async fn to_top_frame(&self) -> Result<(), BrowserError> {
        self.client.issue_cmd(TopFrameCommand).await?;
        Ok(())
    }

    /// Ends the session and its browser; the page guard stops first, so the browser's
    /// leaving is not reported as the guard's failure.
    pub async fn close(mut self) {
        drop(self.guard.take());
        if let Err(error) = self.client.close().await {
            tracing::debug!(%error, serial = self.serial, "closing a browser session failed");
        }
    }
}

/// A function body applied to JSON arguments, as an expression (the arguments embedded as a
/// JSON literal, never as code).
fn applied(script: &str, args: Vec<Value>) -> String {
    format!(
        "(function() {{\n{script}\n}}).apply(null, {})",
        Value::Array(args)
    )
}

/// The value of a `Runtime.evaluate` reply, or the exception it reports.
fn script_value(reply: Value) -> Result<Value, BrowserError> {
    if let Some(details) = reply.get("exceptionDetails") {
        let message = details["exception"]["description"]
            .as_str()
            .or(details["text"].as_str())
            .unwrap_or("exception");
        return Err(BrowserError::Script(message.to_owned()));
    }
    Ok(reply["result"]["value"].clone())
}

/// A tab of a browser context of its own ([`BrowserSession::open_private_tab`]).
#[derive(Debug)]
pub struct PrivateTab {
    /// The browser-level DevTools link the context was made over.
    link: TabLink,
    context: String,
    /// The session's current tab before.
    previous: Option<WindowHandle>,
}

/// chromedriver's vendor endpoint that runs a CDP command on the current tab.
#[derive(Debug)]
struct CdpCommand {
    method: String,
    params: Value,
}

impl WebDriverCompatibleCommand for CdpCommand {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.method, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// W3C "switch to frame" with a null id: back to the top-level browsing context.
#[derive(Debug)]
struct TopFrameCommand;

impl WebDriverCompatibleCommand for TopFrameCommand {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/frame", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "id": null }).to_string()))
    }
}
