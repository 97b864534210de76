//! Why an environment request failed: one variant per cause, so the API maps each to a status
//! once (the caller's faults are 4xx, the server's 5xx).

use super::{EpisodeId, HarnessTenantId, SiteHostError, TaskName};
use crate::act::ActionError;
use crate::browser::BrowserError;

/// Why an episode or task request failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EnvError {
    /// No episode has that id (it was closed or reaped).
    #[error("no episode `{0}`; it was closed or timed out — create a new one")]
    UnknownEpisode(EpisodeId),
    /// No harness tenant has that id (it was deleted or reaped).
    #[error("no tenant `{0}`; it was deleted or idle too long — create a new one (POST /tenants)")]
    UnknownTenant(HarnessTenantId),
    /// The tenant was made without a task, so there is nothing to evaluate.
    #[error(
        "tenant `{0}` was made without a task; nothing to evaluate — create one with a task_id"
    )]
    NotATaskTenant(HarnessTenantId),
    /// The server already hands out as many tenants as it may.
    #[error(
        "{limit} tenants are live, the most this server allows; delete one (DELETE /tenants/{{id}}) or start the server with a higher --max-tenants (AGORA_MAX_TENANTS)"
    )]
    TooManyTenants {
        /// The cap.
        limit: usize,
    },
    /// No task has that name.
    #[error("no task `{name}` under {dirs}; list them with GET /tasks")]
    UnknownTask {
        /// The name asked for.
        name: TaskName,
        /// The task directories searched.
        dirs: String,
    },
    /// A task given inline (or named) cannot be run as it is.
    #[error("the task cannot be used: {0}")]
    InvalidTask(String),
    /// A start URL is not a permitted web address.
    #[error("start URL `{0}` is not one of the allowed sites ({1})")]
    StartUrlRefused(String, String),
    /// The server already runs as many episodes as it may.
    #[error(
        "{limit} episodes are running or starting, the most this server allows; close one (DELETE /episodes/{{id}}) or start the server with a higher --max-episodes (AGORA_MAX_EPISODES)"
    )]
    TooManyEpisodes {
        /// The cap.
        limit: usize,
    },
    /// The request itself is malformed.
    #[error("{0}")]
    BadRequest(String),
    /// The episode was not started from a task, so there is nothing to evaluate.
    #[error("episode `{0}` was not started from a task; nothing to evaluate")]
    NotATaskEpisode(EpisodeId),
    /// The server's own configuration is wrong (a flag, an environment variable).
    #[error("server configuration: {0}")]
    Config(String),
    /// The judge is misconfigured (a missing API key, a bad URL).
    #[error("judge configuration: {0}")]
    JudgeConfig(#[source] evaluators::judge::JudgeError),
    /// The hosted sites failed (tenancy, a site's data).
    #[error(transparent)]
    Sites(#[from] SiteHostError),
    /// The browser failed.
    #[error(transparent)]
    Browser(#[from] BrowserError),
    /// An action-level failure while starting.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// The evaluation ran past its deadline (`--evaluation-deadline-s`) and was stopped.
    #[error(
        "the evaluation took longer than its {seconds} s deadline and was stopped; the task's checks are too slow for this server"
    )]
    EvaluationTimeout {
        /// The deadline.
        seconds: u64,
    },
    /// The evaluation could not be carried out (not a wrong answer: something broke).
    #[error("evaluation failed: {0}")]
    Evaluation(#[from] evaluators::EvalError),
}
