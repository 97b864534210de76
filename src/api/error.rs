//! The API's one error shape: `{"error": snake_code, "message": "..."}`.

use crate::act::ActionError;
use crate::browser::BrowserError;
use crate::env::EnvError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

/// An error as API clients see it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable snake_case code.
    pub error: String,
    /// What happened and what to do.
    pub message: String,
}

/// An HTTP error response.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
    /// Seconds a client should wait before trying again (capacity refusals).
    retry_after: Option<u64>,
}

/// What a capacity refusal asks clients to wait before retrying, in seconds.
const RETRY_AFTER_S: u64 = 5;

impl ApiError {
    /// The JSON body clients get.
    pub fn body(&self) -> &ErrorBody {
        &self.body
    }

    /// An error with an explicit status and code.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        Self {
            status,
            body: ErrorBody {
                error: code.to_owned(),
                message: message.into(),
            },
            retry_after: None,
        }
    }

    /// The same error, telling the client to retry after `seconds`.
    pub fn retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }
}

impl From<EnvError> for ApiError {
    fn from(error: EnvError) -> Self {
        let (status, code) = match &error {
            EnvError::UnknownEpisode(_) => (StatusCode::NOT_FOUND, "unknown_episode"),
            EnvError::UnknownTask { .. } => (StatusCode::NOT_FOUND, "unknown_task"),
            EnvError::InvalidTask(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_task"),
            EnvError::StartUrlRefused(..) => (StatusCode::BAD_REQUEST, "start_url_refused"),
            EnvError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            EnvError::TooManyEpisodes { .. } => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_episodes")
            }
            EnvError::NotATaskEpisode(_) => (StatusCode::CONFLICT, "not_a_task_episode"),
            EnvError::UnknownTenant(_) => (StatusCode::NOT_FOUND, "unknown_tenant"),
            EnvError::NotATaskTenant(_) => (StatusCode::CONFLICT, "not_a_task_tenant"),
            EnvError::TooManyTenants { .. } => (StatusCode::TOO_MANY_REQUESTS, "too_many_tenants"),
            EnvError::Config(_) => (StatusCode::INTERNAL_SERVER_ERROR, "server_misconfigured"),
            EnvError::JudgeConfig(_) => (StatusCode::INTERNAL_SERVER_ERROR, "judge_misconfigured"),
            EnvError::Sites(_) => (StatusCode::INTERNAL_SERVER_ERROR, "site_error"),
            EnvError::Browser(browser) if browser.is_session_lost() => {
                (StatusCode::SERVICE_UNAVAILABLE, "browser_lost")
            }
            EnvError::Browser(BrowserError::PoolExhausted { .. }) => {
                (StatusCode::SERVICE_UNAVAILABLE, "no_browser_free")
            }
            EnvError::Action(action @ ActionError::PageUnresponsive { .. }) => {
                (StatusCode::GATEWAY_TIMEOUT, action.code())
            }
            EnvError::Action(action) if action.is_session_lost() => {
                (StatusCode::SERVICE_UNAVAILABLE, action.code())
            }
            EnvError::Browser(_) => (StatusCode::BAD_GATEWAY, "browser_error"),
            EnvError::Action(action) => (StatusCode::BAD_GATEWAY, action.code()),
            EnvError::EvaluationTimeout { .. } => {
                (StatusCode::GATEWAY_TIMEOUT, "evaluation_timeout")
            }
            EnvError::Evaluation(evaluation) if evaluation.is_timeout() => {
                (StatusCode::GATEWAY_TIMEOUT, "evaluation_timeout")
            }
            EnvError::Evaluation(evaluation) if evaluation.is_config() => {
                (StatusCode::UNPROCESSABLE_ENTITY, "invalid_task")
            }
            EnvError::Evaluation(evaluation) if evaluation.is_refused_url() => {
                (StatusCode::UNPROCESSABLE_ENTITY, "evaluator_url_refused")
            }
            EnvError::Evaluation(evaluation) if evaluation.is_vwa_raises() => {
                (StatusCode::UNPROCESSABLE_ENTITY, "vwa_would_not_score")
            }
            EnvError::Evaluation(_) => (StatusCode::BAD_GATEWAY, "evaluation_failed"),
        };
        let capacity = matches!(
            error,
            EnvError::TooManyEpisodes { .. }
                | EnvError::Browser(BrowserError::PoolExhausted { .. })
        );
        if status.is_server_error() && !capacity {
            tracing::warn!(%error, code, "request failed on the server's side");
        }
        let refusal = Self::new(status, code, error.to_string());
        if capacity {
            refusal.retry_after(RETRY_AFTER_S)
        } else {
            refusal
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}
