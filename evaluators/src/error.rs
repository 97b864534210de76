//! Errors that stop an evaluation (as opposed to a wrong answer, which scores 0).

use crate::helper::HelperParseError;
use crate::page::PageError;

/// An evaluation could not be carried out; the task gets no score (never a 0).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EvalError {
    /// The browser page failed.
    #[error(transparent)]
    Page(#[from] PageError),
    /// A helper that needs a site's data was called but that site is not available.
    #[error("site `{0}` is not available to answer evaluator helpers")]
    SiteNotAvailable(&'static str),
    /// A site's data could not be read to answer a helper.
    #[error("site `{site}` could not answer an evaluator helper: {message}")]
    SiteFailed {
        /// The site.
        site: &'static str,
        /// What went wrong.
        message: String,
    },
    /// The task config cannot be evaluated (bad helper call, unknown url_note, …); `agora tasks lint` reports these.
    #[error("invalid task config at {field}: {message}")]
    Config {
        /// JSON path of the field, e.g. `eval.program_html[0].locator`.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A helper call did not parse.
    #[error("invalid helper call at {field}: {source}")]
    Helper {
        /// JSON path of the field.
        field: String,
        /// The parse error.
        source: HelperParseError,
    },
    /// `vwa` mode: VWA's own evaluator raises on this input, so VWA's `run.py` gives the
    /// task no score (it logs the error and leaves the task out of the average).
    #[error(
        "VWA's evaluator raises {exception} here ({message}), so VWA would not have scored this task"
    )]
    VwaRaises {
        /// The Python exception VWA raises, e.g. `OverflowError`.
        exception: &'static str,
        /// What raises it.
        message: String,
    },
    /// A reference image could not be read.
    #[error("reference image {source_name} cannot be used: {message}")]
    ReferenceImage {
        /// URL or path.
        source_name: String,
        /// Why.
        message: String,
    },
}

impl EvalError {
    /// Whether the error comes from the browser page.
    pub fn is_page(&self) -> bool {
        matches!(self, EvalError::Page(_))
    }

    /// Whether the task asked an evaluator to open a URL the episode may not reach.
    pub fn is_refused_url(&self) -> bool {
        matches!(self, EvalError::Page(PageError::Refused { .. }))
    }

    /// Whether a site needed by a helper was unavailable.
    pub fn is_site_not_available(&self) -> bool {
        matches!(self, EvalError::SiteNotAvailable(_))
    }

    /// Whether a task script ran past its time and was stopped.
    pub fn is_timeout(&self) -> bool {
        matches!(self, EvalError::Page(PageError::ScriptTimeout { .. }))
    }

    /// Whether the task config itself is at fault.
    pub fn is_config(&self) -> bool {
        matches!(self, EvalError::Config { .. } | EvalError::Helper { .. })
    }

    /// Whether VWA's own evaluator would raise here (`vwa` mode only).
    pub fn is_vwa_raises(&self) -> bool {
        matches!(self, EvalError::VwaRaises { .. })
    }

    pub(crate) fn vwa_raises(exception: &'static str, message: impl Into<String>) -> Self {
        EvalError::VwaRaises {
            exception,
            message: message.into(),
        }
    }

    pub(crate) fn config(field: impl Into<String>, message: impl Into<String>) -> Self {
        EvalError::Config {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// `text` cut to `limit` characters (with `…`), for quoting inputs in error messages.
pub(crate) fn abbreviate(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}
