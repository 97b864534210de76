//! Actions: VWA's grammar (parse, print) and their execution in the browser.

mod action;
pub mod computer_use;
mod coordinates;
mod error;
mod execute;
mod grammar;
mod interaction;
mod keys;
mod workspace;

pub use action::{Action, ClickKind, ParseActionError, ScrollDirection, UploadSource};
pub use coordinates::KEY_BY_KEY_CHARS;
pub use error::ActionError;
pub use execute::{ActContext, ActOutcome, execute};
pub use interaction::{InteractionError, interact};
pub use keys::{KeyCombo, UnknownKey, parse_combo};
pub use workspace::Workspace;
