//! Gold trajectories: replay (locators → SoM ids) and `agora tasks check`.

mod check;
mod replay;

pub use check::{RunResult, TaskCheck, check_tasks};
pub use replay::{MarkLookup, ReplayError, gold_steps, resolve_step};
