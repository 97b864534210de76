//! The only module that speaks WebDriver: chromedriver supervision, sessions, the warm pool
//! and settling.

mod devtools;
mod driver;
mod error;
mod flags;
mod guard;
mod lifeline;
mod pool;
mod probes;
mod processes;
mod sandbox;
mod session;
mod settle;
mod uploads;

pub use driver::{WebDriverEndpoint, ensure_executable};
pub use error::BrowserError;
pub use flags::chromium_flags;
pub use guard::{Dialog, MAX_DIALOGS, MAX_PAGE_ERRORS, PageErrorEntry, PageErrorKind};
pub use pool::{BrowserPool, Lease, PoolLimits};
pub use probes::{BrowserCookie, NewCookie, TabTarget};
pub use processes::process_tree;
pub use sandbox::{BrowserUser, DEFAULT_BROWSER_USER, Sandbox};
pub use session::{BrowserSession, PrivateTab, SessionSettings, Viewport};
pub use settle::{SettlePolicy, SettleReport, settle};
