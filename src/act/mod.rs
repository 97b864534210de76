//! Actions: VWA's grammar (parse, print) and their execution in the browser.

mod action;
mod error;
mod execute;
mod keys;

pub use action::{Action, ParseActionError, ScrollDirection, UploadSource};
pub use error::ActionError;
pub use execute::{ActContext, ActOutcome, execute};
pub use keys::{KeyCombo, UnknownKey, parse_combo};
