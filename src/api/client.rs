//! A client of a running Agora's control API, in the API's own JSON shapes: what
//! `agora run --server` and the API benches speak, so the routes and their bodies are
//! written once, here beside the server.

use super::dto::{
    CreateEpisode, EpisodeCreated, EvaluateRequest, EvaluationBody, LocateRequest, LocateResponse,
    ObservationBody, SiteSummary, StepRequest, StepResponse,
};
use super::error::ErrorBody;
use crate::env::EpisodeId;
use crate::observe::ObserveOptions;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// Why a request to the API did not give an answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The server could not be reached (or gave up mid-answer).
    #[error("Agora at {base} is unreachable: {message}")]
    Unreachable {
        /// The server's base URL.
        base: String,
        /// What the HTTP client said.
        message: String,
    },
    /// The server answered with an error.
    #[error("HTTP {status}: {message}")]
    Refused {
        /// The HTTP status.
        status: http::StatusCode,
        /// The error's code (`unknown_episode`), when the body was the API's error shape.
        code: Option<String>,
        /// What the server said.
        message: String,
    },
    /// The answer was not the shape the route promises.
    #[error("unreadable answer: {0}")]
    Unreadable(String),
}

impl ClientError {
    /// Whether the caller was at fault (a 4xx other than an unknown episode, which means the
    /// server lost it).
    pub fn is_callers_fault(&self) -> bool {
        matches!(self, ClientError::Refused { status, code, .. }
            if status.is_client_error() && code.as_deref() != Some("unknown_episode"))
    }
}

/// A running Agora's API.
#[derive(Debug, Clone)]
pub struct ApiClient {
    base: String,
    token: Option<String>,
    http: reqwest::Client,
}

impl ApiClient {
    /// The API at `base` (`http://127.0.0.1:8400`), with `token` as its bearer token; a
    /// request that takes longer than `timeout` fails as unreachable.
    pub fn new(base: &str, token: Option<String>, timeout: Duration) -> Result<Self, ClientError> {
        let base = base.trim_end_matches('/').to_owned();
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|error| ClientError::Unreachable {
                base: base.clone(),
                message: error.to_string(),
            })?;
        Ok(Self { base, token, http })
    }

    /// Its base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// `GET /sites`: the hosted sites and their base URLs.
    pub async fn sites(&self) -> Result<Vec<SiteSummary>, ClientError> {
        self.send(self.request(reqwest::Method::GET, "/sites"))
            .await
    }

    /// `POST /episodes`: starts an episode.
    pub async fn create(&self, request: &CreateEpisode) -> Result<EpisodeCreated, ClientError> {
        self.post("/episodes", request).await
    }

    /// `POST /episodes/{id}/step`: carries out one action.
    pub async fn step(
        &self,
        id: &EpisodeId,
        request: &StepRequest,
    ) -> Result<StepResponse, ClientError> {
        self.post(&format!("/episodes/{id}/step"), request).await
    }

    /// `POST /episodes/{id}/observe`: observes the page again with `options`.
    pub async fn observe(
        &self,
        id: &EpisodeId,
        options: &ObserveOptions,
    ) -> Result<ObservationBody, ClientError> {
        self.post(&format!("/episodes/{id}/observe"), options).await
    }

    /// `POST /episodes/{id}/evaluate`: scores the episode.
    pub async fn evaluate(
        &self,
        id: &EpisodeId,
        request: &EvaluateRequest,
    ) -> Result<EvaluationBody, ClientError> {
        self.post(&format!("/episodes/{id}/evaluate"), request)
            .await
    }

    /// `POST /episodes/{id}/locate`: the mark of the first element a CSS selector matches.
    pub async fn locate(
        &self,
        id: &EpisodeId,
        request: &LocateRequest,
    ) -> Result<LocateResponse, ClientError> {
        self.post(&format!("/episodes/{id}/locate"), request).await
    }

    /// `DELETE /episodes/{id}`: ends the episode.
    pub async fn close(&self, id: &EpisodeId) -> Result<(), ClientError> {
        let response = self
            .request(reqwest::Method::DELETE, &format!("/episodes/{id}"))
            .send()
            .await
            .map_err(|error| self.unreachable(error))?;
        match response.status().is_success() {
            true => Ok(()),
            false => Err(Self::refusal(response).await),
        }
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let request = self.http.request(method, format!("{}{path}", self.base));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl Serialize,
    ) -> Result<T, ClientError> {
        self.send(self.request(reqwest::Method::POST, path).json(body))
            .await
    }

    async fn send<T: DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ClientError> {
        let response = request
            .send()
            .await
            .map_err(|error| self.unreachable(error))?;
        if !response.status().is_success() {
            return Err(Self::refusal(response).await);
        }
        response
            .json()
            .await
            .map_err(|error| ClientError::Unreadable(error.to_string()))
    }

    fn unreachable(&self, error: reqwest::Error) -> ClientError {
        ClientError::Unreachable {
            base: self.base.clone(),
            message: error.to_string(),
        }
    }

    /// An error answer, read as the API's error shape when it is one.
    async fn refusal(response: reqwest::Response) -> ClientError {
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let body: Option<ErrorBody> = serde_json::from_str(&text).ok();
        ClientError::Refused {
            status,
            code: body.as_ref().map(|body| body.error.clone()),
            message: body.map_or_else(|| text.chars().take(300).collect(), |body| body.message),
        }
    }
}
