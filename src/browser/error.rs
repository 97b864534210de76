//! Errors of the browser layer.

use fantoccini::error::{CmdError, ErrorStatus};

/// What went wrong talking to a browser.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BrowserError {
    /// chromedriver could not be started or did not become ready.
    #[error("chromedriver could not be started: {0}")]
    DriverStart(String),
    /// A new browser session could not be created.
    #[error("could not create a browser session: {0}")]
    SessionCreate(String),
    /// The browser behind the session died or the session was deleted.
    #[error("the browser session is gone ({0}); start a new episode")]
    SessionLost(String),
    /// A script run in the page threw or returned something unexpected.
    #[error("script failed in the page: {0}")]
    Script(String),
    /// Any other WebDriver command failure.
    #[error("webdriver command failed: {0}")]
    Command(String),
    /// No browser could be had: all are in use and none came free within the wait.
    #[error(
        "no browser became free within {waited:?}: all {ceiling} are in use (--max-browsers); retry later, close an episode, or raise the ceiling"
    )]
    PoolExhausted {
        /// How long the request waited.
        waited: std::time::Duration,
        /// The ceiling of browsers alive.
        ceiling: usize,
    },
    /// A captured frame could not be decoded, marked or encoded.
    #[error("could not draw the Set-of-Marks screenshot: {0}")]
    Marks(String),
}

impl BrowserError {
    /// Whether the session can no longer be used.
    pub fn is_session_lost(&self) -> bool {
        matches!(self, BrowserError::SessionLost(_))
    }
}

/// Phrases chromedriver uses (inside `unknown error`) when the browser itself went away.
const LOST_BROWSER_PHRASES: [&str; 5] = [
    "chrome not reachable",
    "session deleted",
    "disconnected",
    "target window already closed",
    "tab crashed",
];

/// What a Selenium Grid answers for a session whose node is gone.
const GRID_NODE_LOST: &str = "Connection failure";

/// Whether a reply's text names a browser (or tab) that is gone.
fn names_lost_browser(text: &str) -> bool {
    let text = text.to_lowercase();
    LOST_BROWSER_PHRASES
        .iter()
        .any(|phrase| text.contains(phrase))
}

impl From<CmdError> for BrowserError {
    fn from(error: CmdError) -> Self {
        match &error {
            CmdError::NotW3C(reply)
                if reply["message"]
                    .as_str()
                    .is_some_and(|message| message.contains(GRID_NODE_LOST)) =>
            {
                BrowserError::SessionLost(
                    "the WebDriver remote end can no longer reach this browser (its Selenium Grid node went away)"
                        .into(),
                )
            }
            // chromedriver answers for a crashed tab with a non-standard error code
            // (`"error": "tab crashed"`), which arrives here as the bare code.
            CmdError::NotW3C(reply) if names_lost_browser(&reply.to_string()) => {
                BrowserError::SessionLost(format!(
                    "the browser tab crashed or went away ({reply})"
                ))
            }
            CmdError::NotJson(reply) if names_lost_browser(reply) => {
                BrowserError::SessionLost(format!(
                    "the browser tab crashed or went away ({reply})"
                ))
            }
            CmdError::Lost(_) | CmdError::Failed(_) | CmdError::FailedC(_) => {
                BrowserError::SessionLost(error.to_string())
            }
            CmdError::Standard(webdriver) => {
                let lost = matches!(webdriver.error, ErrorStatus::InvalidSessionId)
                    || names_lost_browser(&webdriver.message);
                if lost {
                    BrowserError::SessionLost(webdriver.message.to_string())
                } else if matches!(webdriver.error, ErrorStatus::JavascriptError) {
                    BrowserError::Script(webdriver.message.to_string())
                } else {
                    BrowserError::Command(error.to_string())
                }
            }
            _ => BrowserError::Command(error.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crashed_tab_is_a_lost_session_whatever_the_reply_shape() {
        let bare_code = CmdError::NotW3C(serde_json::Value::String("tab crashed".into()));
        assert!(BrowserError::from(bare_code).is_session_lost());
        let object = CmdError::NotW3C(serde_json::json!({"message": "Tab crashed"}));
        assert!(BrowserError::from(object).is_session_lost());
        let other = CmdError::NotW3C(serde_json::Value::String("teapot".into()));
        assert!(!BrowserError::from(other).is_session_lost());
    }
}
