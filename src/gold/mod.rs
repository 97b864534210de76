//! Gold trajectories: replay (locators → SoM ids), `agora tasks check` (its schedule as data
//! in [`plan`], run by `execute`), and recording a
//! gold path from an author's actions (`agora tasks record`).

mod check;
mod execute;
pub mod plan;
mod record;
mod replay;

pub use check::{RunResult, TaskCheck, check_tasks, check_tasks_reporting};
pub use execute::replay;
pub use record::{GoldRecorder, RecordError, load_task, task_file, write_gold};
pub use replay::{
    EpisodeLookup, MarkLookup, ReplayError, check_gold_step, ending_with_stop, gold_action,
    gold_steps, resolve_step,
};
