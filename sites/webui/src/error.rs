//! What can go wrong in the WebUI site.

use crate::workspace::MAX_FILE_BYTES;
use kit::{KitError, PageError};

/// A WebUI site failure.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WebUiError {
    /// Tenancy or SQLite failed.
    #[error(transparent)]
    Kit(#[from] KitError),
    /// SQLite refused a statement.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A workspace write is over the cap.
    #[error(
        "{file} is {bytes} bytes; a workspace file may be at most {MAX_FILE_BYTES} bytes: write a shorter file"
    )]
    TooLarge {
        /// The file.
        file: String,
        /// Its size.
        bytes: usize,
    },
    /// A write named a file the workspace does not have.
    #[error("the workspace has no file `{0}`; write index.html, style.css or script.js")]
    UnknownFile(String),
    /// A write over HTTP named no private tenant: the shared tenant's workspace is read-only
    /// there (episodes on the shared tenant write through the controller).
    #[error(
        "the shared workspace takes no writes over HTTP; write from an episode's browser, which holds its tenant's cookie"
    )]
    SharedWorkspace,
    /// A write was not UTF-8 text.
    #[error("{0} must be UTF-8 text")]
    NotText(String),
    /// No target has this name.
    #[error("there is no WebUI target `{0}`")]
    UnknownTarget(String),
    /// A target's `target.json` does not parse.
    #[error("target `{target}` has a bad target.json: {message}")]
    BadManifest {
        /// The target.
        target: &'static str,
        /// The parse error.
        message: String,
    },
    /// The base data could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// What was written.
        path: String,
        /// Why it failed.
        source: std::io::Error,
    },
}

impl WebUiError {
    /// Whether a write was over the size cap.
    pub fn is_too_large(&self) -> bool {
        matches!(self, WebUiError::TooLarge { .. })
    }
}

impl From<WebUiError> for PageError {
    fn from(error: WebUiError) -> Self {
        match &error {
            WebUiError::TooLarge { .. } => PageError::too_large(error.to_string()),
            WebUiError::UnknownFile(_) | WebUiError::NotText(_) => {
                PageError::bad_request(error.to_string())
            }
            WebUiError::UnknownTarget(_) => PageError::not_found(error.to_string()),
            WebUiError::SharedWorkspace => PageError::forbidden(error.to_string()),
            _ => match error {
                WebUiError::Kit(kit) => PageError::from(kit),
                other => PageError::from(KitError::Task(other.to_string())),
            },
        }
    }
}
