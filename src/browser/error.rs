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
            CmdError::Lost(_) | CmdError::Failed(_) | CmdError::FailedC(_) => {
                BrowserError::SessionLost(error.to_string())
            }
            CmdError::Standard(webdriver) => {
                let message = webdriver.message.to_lowercase();
                let lost = matches!(webdriver.error, ErrorStatus::InvalidSessionId)
                    || LOST_BROWSER_PHRASES
                        .iter()
                        .any(|phrase| message.contains(phrase));
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
