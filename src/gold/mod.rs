//! Gold trajectories: replay (locators → SoM ids) and `agora tasks check`.

mod check;
mod replay;

pub use check::{RunResult, TaskCheck, check_tasks, check_tasks_reporting, replay};
pub use replay::{
    EpisodeLookup, MarkLookup, ReplayError, check_gold_step, ending_with_stop, gold_action,
    gold_steps, resolve_step,
};
