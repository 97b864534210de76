//! Task runs (`agora run`): an agent over a set of tasks, in parallel episodes on their own
//! tenants, each result appended to `results.jsonl` as it finishes (so a killed run resumes
//! without losing or repeating anything), each trajectory kept, and one HTML report at the end.
//!
//! - [`selection`]: which tasks (`--tasks`: directories, files, names, globs).
//! - [`backend`]: the Agora episodes run in (this process, or `--server` over HTTP).
//! - [`agent`]: `replay` (gold trajectories) and `openai` (any chat-completions endpoint).
//! - [`attempt`]: one task's episode loop, VWA's early-stop rules.
//! - [`scheduler`]: parallelism and bounded retries of infrastructure failures.
//! - [`results`], [`resume`], [`trajectory`]: what the output directory holds.
//! - [`summary`], [`progress`], [`report`]: what the user sees.

pub mod agent;
pub mod attempt;
pub mod backend;
pub mod error;
pub mod progress;
pub mod report;
pub mod results;
pub mod resume;
pub mod scheduler;
pub mod selection;
pub mod summary;
pub mod trajectory;

pub use agent::{Agent, ObservationKind, OpenAiAgent, OpenAiSettings, Prices};
pub use attempt::StepLimits;
pub use backend::Backend;
pub use error::RunError;
pub use results::{StopReason, TaskResult};
pub use scheduler::RunPlan;
