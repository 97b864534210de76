//! Why a task run could not finish: the kinds decide what is retried and what is reported.

use crate::env::EnvError;
use evaluators::chat::ChatError;

/// A failure that ends an attempt at a task. Never turned into a score.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The browser, a site or the Agora server failed; the task is retried from scratch.
    #[error("{0}")]
    Infrastructure(String),
    /// The agent's model server failed after its own retries.
    #[error(transparent)]
    Model(#[from] ChatError),
    /// The task cannot run as written (no start URL, unknown task, bad gold step).
    #[error("{0}")]
    Task(String),
    /// The model endpoint cannot be used (found before the first episode): what to fix.
    #[error("the model endpoint cannot be used: {0}")]
    Endpoint(String),
}

impl RunError {
    /// Whether another attempt might succeed.
    pub fn is_retryable(&self) -> bool {
        matches!(self, RunError::Infrastructure(_))
    }
}

impl From<EnvError> for RunError {
    fn from(error: EnvError) -> Self {
        match error {
            EnvError::UnknownTask { .. }
            | EnvError::InvalidTask(_)
            | EnvError::StartUrlRefused(..)
            | EnvError::BadRequest(_)
            | EnvError::NotATaskEpisode(_)
            | EnvError::Config(_)
            | EnvError::JudgeConfig(_) => RunError::Task(error.to_string()),
            other => RunError::Infrastructure(other.to_string()),
        }
    }
}

impl From<crate::gold::ReplayError> for RunError {
    fn from(error: crate::gold::ReplayError) -> Self {
        RunError::Task(format!("gold trajectory: {error}"))
    }
}

impl From<crate::api::ClientError> for RunError {
    /// Client mistakes are the task's, the rest the infrastructure's.
    fn from(error: crate::api::ClientError) -> Self {
        if error.is_callers_fault() {
            RunError::Task(error.to_string())
        } else {
            RunError::Infrastructure(error.to_string())
        }
    }
}
