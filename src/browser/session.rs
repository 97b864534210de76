//! One WebDriver session: a Chromium with its own profile, and the commands Agora needs
//! beyond plain WebDriver (CDP through chromedriver's `goog/cdp/execute`).

use super::{BrowserError, WebDriverEndpoint, flags};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// Script installed in every document: counts in-flight requests and short timers and
/// records DOM mutations, so settling can wait on conditions instead of sleeping.
const INSTRUMENT_JS: &str = include_str!("js/instrument.js");

/// Viewport size in CSS pixels (devicePixelRatio is always 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Viewport {
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
}

impl Default for Viewport {
    /// VWA's default viewport.
    fn default() -> Self {
        Self { width: 1280, height: 2048 }
    }
}

/// What every session of a pool is created with.
#[derive(Debug, Clone)]
pub struct SessionSettings {
    /// The Chromium binary (used only when the browser is local).
    pub chromium: PathBuf,
    /// `host:port` of the fence proxy as the browser sees it.
    pub fence_proxy: String,
}

static NEXT_SERIAL: AtomicU64 = AtomicU64::new(1);

/// A live browser session.
#[derive(Debug)]
pub struct BrowserSession {
    client: Client,
    /// Our own profile directory, removed when the session is dropped (local browsers only).
    profile: Option<tempfile::TempDir>,
    endpoint: WebDriverEndpoint,
    generation: u64,
    serial: u64,
    instrumented_tabs: HashSet<String>,
}

impl BrowserSession {
    /// Starts a new browser at `endpoint`.
    pub async fn create(endpoint: &WebDriverEndpoint, settings: &SessionSettings) -> Result<Self, BrowserError> {
        let generation = endpoint.generation();
        let profile = if endpoint.is_local() {
            Some(
                tempfile::Builder::new()
                    .prefix("agora-profile-")
                    .tempdir()
                    .map_err(|error| BrowserError::SessionCreate(format!("profile directory: {error}")))?,
            )
        } else {
            None
        };
        let mut chrome_options = json!({ "args": flags::chromium_flags(
            profile.as_ref().map(|dir| dir.path()).unwrap_or_else(|| std::path::Path::new("")),
            &settings.fence_proxy,
        )});
        if profile.is_none() {
            // A remote end creates its own fresh profile per session.
            if let Some(args) = chrome_options["args"].as_array_mut() {
                args.retain(|arg| !arg.as_str().unwrap_or_default().starts_with("--user-data-dir"));
            }
        } else {
            chrome_options["binary"] = json!(settings.chromium);
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        capabilities.insert("pageLoadStrategy".into(), json!("normal"));
        capabilities.insert("unhandledPromptBehavior".into(), json!("accept"));
        capabilities.insert("goog:chromeOptions".into(), chrome_options);
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&endpoint.url().await)
            .await
            .map_err(|error| BrowserError::SessionCreate(error.to_string()))?;
        let mut session = Self {
            client,
            profile: profile,
            endpoint: endpoint.clone(),
            generation,
            serial: NEXT_SERIAL.fetch_add(1, Ordering::Relaxed),
            instrumented_tabs: HashSet::new(),
        };
        session.instrument_current_tab().await?;
        Ok(session)
    }

    /// The WebDriver client, for the modules that act and observe.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The profile directory of a local browser (its command line names it, so tools can find it).
    pub fn profile_dir(&self) -> Option<&std::path::Path> {
        self.profile.as_ref().map(|dir| dir.path())
    }

    /// A process-unique number for logs.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Whether chromedriver restarted since this session was created (then it is dead).
    pub fn is_orphaned(&self) -> bool {
        self.endpoint.generation() != self.generation
    }

    /// Fails fast with [`BrowserError::SessionLost`] when the session cannot work any more.
    pub fn check_alive(&self) -> Result<(), BrowserError> {
        if self.is_orphaned() {
            return Err(BrowserError::SessionLost(
                "chromedriver crashed and was restarted; this episode's browser is gone".into(),
            ));
        }
        Ok(())
    }

    /// Runs a Chrome DevTools Protocol command on the current tab.
    pub async fn cdp(&self, method: &str, params: Value) -> Result<Value, BrowserError> {
        self.check_alive()?;
        Ok(self.client.issue_cmd(CdpCommand { method: method.to_owned(), params }).await?)
    }

    /// Runs `script` (a function body; arguments in `arguments`) in the current frame.
    pub async fn execute(&self, script: &str, args: Vec<Value>) -> Result<Value, BrowserError> {
        self.check_alive()?;
        Ok(self.client.execute(script, args).await?)
    }

    /// Runs an asynchronous script whose last argument is the completion callback.
    pub async fn execute_async(&self, script: &str, args: Vec<Value>) -> Result<Value, BrowserError> {
        self.check_alive()?;
        Ok(self.client.execute_async(script, args).await?)
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
        let handle = String::from(self.client.window().await?);
        if self.instrumented_tabs.insert(handle) {
            self.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": INSTRUMENT_JS }))
                .await?;
        }
        self.execute(INSTRUMENT_JS, vec![]).await?;
        Ok(())
    }

    /// Returns the session to a blank state for the next episode: one tab on
    /// `about:blank`, no cookies, no storage for `origins`, no cache.
    pub async fn wipe(&mut self, origins: &[String]) -> Result<(), BrowserError> {
        self.check_alive()?;
        let mut handles = self.client.windows().await?;
        let first = handles.remove(0);
        for handle in handles {
            self.client.switch_to_window(handle.clone()).await?;
            self.client.close_window().await?;
            self.instrumented_tabs.remove(&String::from(handle));
        }
        self.client.switch_to_window(first).await?;
        self.client.goto("about:blank").await?;
        self.cdp("Network.clearBrowserCookies", json!({})).await?;
        self.cdp("Network.clearBrowserCache", json!({})).await?;
        for origin in origins {
            self.cdp("Storage.clearDataForOrigin", json!({ "origin": origin, "storageTypes": "all" }))
                .await?;
        }
        Ok(())
    }

    /// Switches back to the top-level document of the current tab.
    pub async fn to_top_frame(&self) -> Result<(), BrowserError> {
        self.client.issue_cmd(TopFrameCommand).await?;
        Ok(())
    }

    /// Ends the session and its browser.
    pub async fn close(self) {
        if let Err(error) = self.client.close().await {
            tracing::debug!(%error, serial = self.serial, "closing a browser session failed");
        }
    }
}

/// chromedriver's vendor endpoint that runs a CDP command on the current tab.
#[derive(Debug)]
struct CdpCommand {
    method: String,
    params: Value,
}

impl WebDriverCompatibleCommand for CdpCommand {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
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
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/frame", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "id": null }).to_string()))
    }
}
