//! The only module that speaks WebDriver: chromedriver supervision, sessions, the warm pool
//! and settling.

mod devtools;
mod driver;
mod error;
mod flags;
mod lifeline;
mod pool;
mod session;
mod settle;

pub use driver::{WebDriverEndpoint, ensure_executable};
pub use error::BrowserError;
pub use flags::chromium_flags;
pub use pool::{BrowserPool, Lease, PoolLimits};
pub use session::{BrowserSession, PrivateTab, SessionSettings, Viewport};
pub use settle::{SettlePolicy, SettleReport, settle};
