//! What evaluators need from a browser page.
//!
//! `env` implements [`Page`] over WebDriver; tests implement it over fixtures. Navigation
//! settling is the implementation's job, so evaluators never wait on a clock.

use crate::aes::interaction::Interaction;
use crate::aes::model::RecordedError;
use crate::js_value::JsValue;
#[cfg(doc)]
use crate::js_value::encoding_script;
use std::future::Future;

/// Why a page operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PageError {
    /// The page's JavaScript threw; VWA treats this as "nothing selected", not as a crash.
    #[error("script error: {message}")]
    Script {
        /// The exception's message.
        message: String,
    },
    /// Navigation failed (bad URL, network error, timeout).
    #[error("navigation to {url} failed: {message}")]
    Navigation {
        /// The URL.
        url: String,
        /// Why.
        message: String,
    },
    /// The URL is not one the episode's browser may reach (`file:`, `data:`, `javascript:`,
    /// another origin): refused before anything is loaded.
    #[error("evaluators may not open {url}: {reason}")]
    Refused {
        /// The URL.
        url: String,
        /// Why, and what is allowed.
        reason: String,
    },
    /// A resource could not be fetched.
    #[error("fetching {url} failed: {message}")]
    Fetch {
        /// The URL.
        url: String,
        /// Why.
        message: String,
    },
    /// A scripted interaction could not be carried out on this page (no element matches its
    /// selector, or the element cannot take the input).
    #[error("{interaction} failed: {message}")]
    Interaction {
        /// The interaction, as an action.
        interaction: String,
        /// Why.
        message: String,
    },
    /// The browser session is gone or misbehaved.
    #[error("browser error: {0}")]
    Browser(String),
    /// A task's script (a locator, a helper's page side) ran past its time and was stopped.
    #[error(
        "a task script ran longer than {seconds} s and was stopped; a locator must answer at once"
    )]
    ScriptTimeout {
        /// The limit.
        seconds: u64,
    },
}

impl PageError {
    /// Whether the error is an exception thrown by page JavaScript.
    pub fn is_script(&self) -> bool {
        matches!(self, PageError::Script { .. })
    }
}

/// A window to lay a page out in: its viewport in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// Viewport width.
    pub width: u32,
    /// Viewport height.
    pub height: u32,
}

/// The live page of an episode (the active tab).
pub trait Page {
    /// The current URL.
    fn url(&mut self) -> impl Future<Output = Result<String, PageError>> + Send;
    /// Navigates and waits until the page has settled.
    fn goto(&mut self, url: &str) -> impl Future<Output = Result<(), PageError>> + Send;
    /// The full serialized HTML of the document.
    fn content(&mut self) -> impl Future<Output = Result<String, PageError>> + Send;
    /// Evaluates a JS expression and returns its value exactly (`NaN`, `-0`, `undefined`
    /// and object key order included; run it through [`encoding_script`] and read the result
    /// with [`JsValue::decode`]); a thrown exception is [`PageError::Script`].
    fn evaluate(
        &mut self,
        js_expression: &str,
    ) -> impl Future<Output = Result<JsValue, PageError>> + Send;
    /// Runs a JS function body with arguments (WebDriver execute-script semantics: the body
    /// reads `arguments[i]` and `return`s its result).
    fn call(
        &mut self,
        function_body: &str,
        args: Vec<serde_json::Value>,
    ) -> impl Future<Output = Result<serde_json::Value, PageError>> + Send;
    /// Runs a measuring function body as [`Page::call`] does, but where the page's own
    /// scripts neither see it run nor change what it reads (a world of its own that shares
    /// only the DOM: no page globals, no patched built-ins); the page's globals are out of its
    /// reach too. A page without such worlds runs it as [`Page::call`].
    fn measure(
        &mut self,
        function_body: &str,
        args: Vec<serde_json::Value>,
    ) -> impl Future<Output = Result<serde_json::Value, PageError>> + Send {
        self.call(function_body, args)
    }
    /// The errors of the current document as the browser reported them — uncaught
    /// exceptions, unhandled rejections, failed loads — heard where no script of the page
    /// can remove, hide or forge them. A page that hears none reports none.
    fn page_errors(
        &mut self,
    ) -> impl Future<Output = Result<Vec<RecordedError>, PageError>> + Send {
        async { Ok(Vec::new()) }
    }
    /// Fetches a resource with the episode's cookies.
    fn fetch_bytes(&mut self, url: &str)
    -> impl Future<Output = Result<Vec<u8>, PageError>> + Send;
    /// Lays the page out in `window` from now on (`None`: back as the episode had it); a page
    /// that cannot refuses.
    fn emulate_window(
        &mut self,
        window: Option<Window>,
    ) -> impl Future<Output = Result<(), PageError>> + Send {
        let refused = PageError::Browser(format!(
            "this page cannot be laid out in another window ({window:?})"
        ));
        async move { Err(refused) }
    }
    /// Carries out a scripted interaction with real input and waits until the page settles;
    /// a page that cannot interact refuses.
    fn interact(
        &mut self,
        interaction: &Interaction,
    ) -> impl Future<Output = Result<(), PageError>> + Send {
        let refused = PageError::Interaction {
            interaction: interaction.to_string(),
            message: "this page does not carry out interactions".to_owned(),
        };
        async move { Err(refused) }
    }
}
