//! The WebUI reconstruction sandbox (MageBench's WebUI, port 7780): each tenant has a private
//! workspace (`index.html`, `style.css`, `script.js`) served at `/workspace/`, next to the
//! resources the targets use, so an agent can write a page and look at it.
//!
//! The target pages (`targets/<name>/`, embedded at build time) are never served by name: the
//! evaluator stages one for a tenant at a one-time URL while it measures it ([`staging`]).
//! Both reach the controller as capabilities of the kit's contract: the workspace episodes
//! write into ([`workspace::TenantWorkspaces`]) and the staging of targets
//! ([`staging::TenantStaging`]).
//! Pages are served exactly as written: their errors (for the agent's observation and the
//! AES rule "a page that throws on load scores 0") are heard by the controller's page guard
//! from the browser itself, out of the page's reach.

pub mod error;
pub mod routes;
pub mod site;
pub mod staging;
pub mod targets;
pub mod tasks;
pub mod workspace;

pub use error::WebUiError;
pub use site::{WebUi, WebUiSite};
pub use workspace::{MAX_FILE_BYTES, WorkspaceFile};

use kit::SiteName;

/// The site's name.
pub const SITE: SiteName = SiteName("webui");
/// The port MageBench-style tasks expect.
pub const DEFAULT_PORT: u16 = 7780;
/// The base database (an empty workspace) in the data dir.
pub const BASE_FILE: &str = "webui.sqlite";
