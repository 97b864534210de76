//! Gold trajectories: replay (locators → SoM ids) and `agora tasks check`.

mod check;
mod replay;

pub use check::{RunResult, TaskCheck, check_tasks};
pub use replay::{ReplayError, check_gold_step, gold_action, resolve_step};
