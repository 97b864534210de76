//! Running tasks end to end: gold-trajectory replay and `agora tasks check`.

mod check;
mod replay;

pub use check::{RunResult, TaskCheck, check_tasks};
pub use replay::{ReplayError, resolve_step};
