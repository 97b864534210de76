//! The Agora a run talks to: its own, in this process (sites + browsers), or a running one
//! through the HTTP API (`--server`). Both speak the API's JSON shapes, so the agent loop,
//! the recorder and the report do not care which.

use super::error::RunError;
use crate::act::Action;
use crate::api::{
    EpisodeCreated, ErrorBody, EvaluationBody, LocateResponse, ObservationBody, SiteSummary,
    StepResponse,
};
use crate::env::{Environment, EpisodeId, TaskContext};
use crate::gold::{MarkLookup, resolve_step};
use crate::observe::{ObserveOptions, SomElement, SomId};
use evaluators::task::{GoldStep, SiteUrls};
use evaluators::{EvalMode, Evaluation};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

/// Where episodes run.
#[derive(Debug, Clone)]
pub enum Backend {
    /// An environment in this process.
    Local(Environment),
    /// A running Agora's HTTP API.
    Remote(RemoteAgora),
}

/// A running Agora reached over HTTP.
#[derive(Debug, Clone)]
pub struct RemoteAgora {
    base: String,
    token: Option<String>,
    http: reqwest::Client,
}

impl Backend {
    /// Connects to the Agora at `base` (`http://127.0.0.1:8400`).
    pub fn remote(base: &str, token: Option<String>) -> Result<Self, RunError> {
        // A step settles within seconds and an evaluation with judges within minutes; past
        // this the server is taken for gone (and the task is retried).
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(600))
            .build()
            .map_err(|error| RunError::Infrastructure(error.to_string()))?;
        Ok(Backend::Remote(RemoteAgora {
            base: base.trim_end_matches('/').to_owned(),
            token,
            http,
        }))
    }

    /// Where it runs, for the manifest and messages.
    pub fn describe(&self) -> String {
        match self {
            Backend::Local(_) => "in-process".to_owned(),
            Backend::Remote(remote) => remote.base.clone(),
        }
    }

    /// Base URLs of the hosted sites, for task placeholders.
    pub async fn site_urls(&self) -> Result<SiteUrls, RunError> {
        match self {
            Backend::Local(env) => Ok(env.site_urls()),
            Backend::Remote(remote) => {
                let sites: Vec<SiteSummary> = remote.get("/sites").await?;
                let mut urls = SiteUrls::new();
                for site in sites {
                    // Sites without a placeholder cannot be named by task files anyway.
                    let _ = urls.insert(&site.name, &site.url);
                }
                Ok(urls)
            }
        }
    }

    /// Starts an episode of `task` and returns its id and first observation.
    pub async fn start(
        &self,
        task: &TaskContext,
        observe: ObserveOptions,
    ) -> Result<(EpisodeId, ObservationBody), RunError> {
        match self {
            Backend::Local(env) => {
                let shared = env.create_task_episode(task.clone(), observe).await?;
                let episode = shared.lock().await;
                let observation = ObservationBody::of_episode(&episode).ok_or_else(|| {
                    RunError::Infrastructure("the episode started without an observation".into())
                })?;
                Ok((episode.id.clone(), observation))
            }
            Backend::Remote(remote) => {
                let created: EpisodeCreated = remote
                    .post(
                        "/episodes",
                        &json!({"task_id": task.name, "observe": observe}),
                    )
                    .await?;
                Ok((EpisodeId(created.episode_id), created.observation))
            }
        }
    }

    /// Carries out one action (model output is fine: fences and prose are tolerated).
    pub async fn step(&self, id: &EpisodeId, action: &str) -> Result<StepResponse, RunError> {
        match self {
            Backend::Local(env) => {
                let shared = env.episode(id).await?;
                let mut episode = shared.lock().await;
                let outcome = episode
                    .step(
                        action,
                        env.settle_policy(),
                        env.config().upload_dir.as_deref(),
                    )
                    .await;
                Ok(StepResponse::of_step(outcome, &episode))
            }
            Backend::Remote(remote) => {
                remote
                    .post(&format!("/episodes/{id}/step"), &json!({"action": action}))
                    .await
            }
        }
    }

    /// The action gold step `number` stands for, its target resolved on the current page.
    pub async fn resolve_gold(
        &self,
        id: &EpisodeId,
        observation: &ObservationBody,
        number: usize,
        step: &GoldStep,
    ) -> Result<Action, RunError> {
        match self {
            Backend::Local(env) => {
                let shared = env.episode(id).await?;
                let episode = shared.lock().await;
                Ok(resolve_step(&*episode, number, step).await?)
            }
            Backend::Remote(remote) => {
                let lookup = RemoteLookup {
                    remote,
                    id,
                    elements: &observation.elements,
                };
                Ok(resolve_step(&lookup, number, step).await?)
            }
        }
    }

    /// Scores the episode's end state.
    pub async fn evaluate(
        &self,
        id: &EpisodeId,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, RunError> {
        match self {
            Backend::Local(env) => Ok(env.evaluate(id, mode).await?),
            Backend::Remote(remote) => {
                let body: EvaluationBody = remote
                    .post(&format!("/episodes/{id}/evaluate"), &json!({"mode": mode}))
                    .await?;
                Ok(body.evaluation)
            }
        }
    }

    /// Ends the episode (its browser goes back to the pool); failures only matter to the log.
    pub async fn close(&self, id: &EpisodeId) {
        let closed = match self {
            Backend::Local(env) => env.close_episode(id).await.map_err(RunError::from),
            Backend::Remote(remote) => remote.delete(&format!("/episodes/{id}")).await,
        };
        if let Err(error) = closed {
            tracing::warn!(episode = %id, %error, "could not close an episode");
        }
    }
}

impl RemoteAgora {
    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let request = self.http.request(method, format!("{}{path}", self.base));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, RunError> {
        self.send(self.request(reqwest::Method::GET, path)).await
    }

    async fn post<T: DeserializeOwned>(
        &self,
        path: &str,
        body: &impl Serialize,
    ) -> Result<T, RunError> {
        self.send(self.request(reqwest::Method::POST, path).json(body))
            .await
    }

    async fn delete(&self, path: &str) -> Result<(), RunError> {
        let response = self
            .request(reqwest::Method::DELETE, path)
            .send()
            .await
            .map_err(|error| self.unreachable(error))?;
        match response.status().is_success() {
            true => Ok(()),
            false => Err(Self::refusal(response).await),
        }
    }

    async fn send<T: DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, RunError> {
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
            .map_err(|error| RunError::Infrastructure(format!("unreadable answer: {error}")))
    }

    fn unreachable(&self, error: reqwest::Error) -> RunError {
        RunError::Infrastructure(format!("Agora at {} is unreachable: {error}", self.base))
    }

    /// An error answer: client mistakes are the task's, the rest the infrastructure's.
    async fn refusal(response: reqwest::Response) -> RunError {
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let body: Option<ErrorBody> = serde_json::from_str(&text).ok();
        let code = body.as_ref().map_or("", |body| body.error.as_str());
        let message = body.as_ref().map_or_else(
            || text.chars().take(300).collect(),
            |body| body.message.clone(),
        );
        let message = format!("HTTP {status}: {message}");
        if status.is_client_error() && code != "unknown_episode" {
            RunError::Task(message)
        } else {
            RunError::Infrastructure(message)
        }
    }
}

/// Resolves locators of a remote episode: elements from the last observation, CSS selectors
/// through `POST /episodes/{id}/locate`.
struct RemoteLookup<'a> {
    remote: &'a RemoteAgora,
    id: &'a EpisodeId,
    elements: &'a [SomElement],
}

impl MarkLookup for RemoteLookup<'_> {
    fn elements(&self) -> Option<&[SomElement]> {
        Some(self.elements)
    }

    async fn mark_of_css(&self, css: &str) -> Result<Option<SomId>, String> {
        let located: LocateResponse = self
            .remote
            .post(
                &format!("/episodes/{}/locate", self.id),
                &json!({"css": css}),
            )
            .await
            .map_err(|error| error.to_string())?;
        Ok(located.id.map(SomId))
    }
}
