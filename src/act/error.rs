//! Why an action could not be carried out — each message says what to do instead.

use crate::browser::{BrowserError, Viewport};
use crate::observe::SomId;

/// An action that was refused or failed. The page is left as it was and the episode goes on,
/// except for [`ActionError::Browser`] with a lost session.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The text is not an action.
    #[error(transparent)]
    Parse(#[from] super::ParseActionError),
    /// The id was not in the last observation.
    #[error("element [{id}] is not in the last observation; use one of the ids it lists")]
    UnknownId {
        /// The id asked for.
        id: SomId,
    },
    /// The element was in the last observation but is gone from the page.
    #[error(
        "element [{id}] is no longer on the page (it changed since the last observation); observe again"
    )]
    StaleId {
        /// The id asked for.
        id: SomId,
    },
    /// The element exists but cannot take this action.
    #[error("element [{id}] cannot be used that way: {reason}")]
    NotInteractable {
        /// The id asked for.
        id: SomId,
        /// What is wrong, in words.
        reason: String,
    },
    /// `select` found no option with that text or value.
    #[error("element [{id}] has no option `{option}`; its options are: {available}")]
    NoSuchOption {
        /// The select's id.
        id: SomId,
        /// What was asked for.
        option: String,
        /// The options it has.
        available: String,
    },
    /// A key name is not known.
    #[error(transparent)]
    Key(#[from] super::keys::UnknownKey),
    /// `tab_focus` to a tab that does not exist.
    #[error("there is no tab {index}; tabs are numbered 0 to {}", count.saturating_sub(1))]
    NoSuchTab {
        /// The index asked for.
        index: usize,
        /// How many tabs there are.
        count: usize,
    },
    /// `close_tab` on the only tab.
    #[error("this is the only tab; open another one (new_tab) before closing it")]
    LastTab,
    /// `upload` of something that is not an input image or a file in the upload directory.
    #[error("cannot upload `{file}`: {reason}")]
    UploadRefused {
        /// What was asked for.
        file: String,
        /// Why not.
        reason: String,
    },
    /// `goto` to something that is not an address at all (other schemes and other sites
    /// are opened: the tab shows the fence's block page).
    #[error(
        "`{url}` is not an address; write a whole one with its scheme, as in `goto [http://127.0.0.2:9980/]`"
    )]
    UrlRefused {
        /// What was asked for.
        url: String,
    },
    /// A coordinate action at a point outside the viewport.
    #[error(
        "({x}, {y}) is outside the viewport ({}x{} CSS px); use x from 0 to {} and y from 0 to {}, or scroll first",
        viewport.width, viewport.height, viewport.width.saturating_sub(1), viewport.height.saturating_sub(1)
    )]
    OutsideViewport {
        /// Horizontal coordinate asked for.
        x: i64,
        /// Vertical coordinate asked for.
        y: i64,
        /// The viewport it had to fit in.
        viewport: Viewport,
    },
    /// `type` or `keyboard_type` with more text than one action may send.
    #[error(
        "{length} characters is too much text for one action; type at most {limit} at a time (the server's cap, raised with --max-type-chars or AGORA_MAX_TYPE_CHARS)"
    )]
    TextTooLong {
        /// Characters given.
        length: usize,
        /// The most one action sends.
        limit: usize,
    },
    /// A new tab beyond the episode's cap.
    #[error(
        "the episode already has {limit} tabs, the most it may have; close one (close_tab) first (the server's cap, raised with --max-tabs or AGORA_MAX_TABS)"
    )]
    TooManyTabs {
        /// The cap.
        limit: usize,
    },
    /// The episode already ended with `stop`.
    #[error("the episode has ended (stop was called); evaluate it or start a new one")]
    Finished,
    /// A workspace file is over the size cap.
    #[error(
        "{file} would be {bytes} bytes; a workspace file may be at most {limit} bytes: write a shorter file"
    )]
    FileTooLarge {
        /// The file.
        file: &'static str,
        /// Its size.
        bytes: usize,
        /// The cap.
        limit: usize,
    },
    /// A WebUI action in an episode without the WebUI site.
    #[error(
        "there is no workspace in this episode; write_* and refresh work in WebUI tasks (site `webui`)"
    )]
    NoWorkspace,
    /// The WebUI site refused or failed a workspace write.
    #[error("writing {file} failed: {message}")]
    WorkspaceWrite {
        /// The file.
        file: &'static str,
        /// Why.
        message: String,
    },
    /// The page held the browser past the deadline (a script that never ends, a load that
    /// never finishes); the browser was stopped and the episode ended.
    #[error(
        "the page did not answer within {waited:?} (a script that never ends or a load that never finishes); its browser was stopped and this episode has ended: start a new one"
    )]
    PageUnresponsive {
        /// The deadline that passed.
        waited: std::time::Duration,
    },
    /// The browser failed underneath.
    #[error(transparent)]
    Browser(#[from] BrowserError),
}

impl ActionError {
    /// Whether the browser is gone, so the episode cannot continue.
    pub fn is_session_lost(&self) -> bool {
        matches!(self, ActionError::Browser(error) if error.is_session_lost())
    }

    /// A stable snake_case code for API clients.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Parse(_) => "unparsable_action",
            ActionError::UnknownId { .. } => "unknown_element",
            ActionError::StaleId { .. } => "stale_element",
            ActionError::NotInteractable { .. } => "not_interactable",
            ActionError::NoSuchOption { .. } => "no_such_option",
            ActionError::Key(_) => "unknown_key",
            ActionError::NoSuchTab { .. } => "no_such_tab",
            ActionError::LastTab => "last_tab",
            ActionError::UploadRefused { .. } => "upload_refused",
            ActionError::UrlRefused { .. } => "url_refused",
            ActionError::OutsideViewport { .. } => "outside_viewport",
            ActionError::TextTooLong { .. } => "text_too_long",
            ActionError::TooManyTabs { .. } => "too_many_tabs",
            ActionError::Finished => "episode_finished",
            ActionError::FileTooLarge { .. } => "file_too_large",
            ActionError::NoWorkspace => "no_workspace",
            ActionError::WorkspaceWrite { .. } => "workspace_write_failed",
            ActionError::PageUnresponsive { .. } => "page_unresponsive",
            ActionError::Browser(error) if error.is_session_lost() => "browser_lost",
            ActionError::Browser(_) => "browser_error",
        }
    }
}
