//! The Agora a run talks to: its own, in this process (sites + browsers), or a running one
//! through the HTTP API (`--server`). Both implement [`Backend`] over the API's JSON shapes,
//! so the agent loop, the recorder and the report do not care which.

use super::error::RunError;
use crate::act::Action;
use crate::api::{
    ApiClient, CreateEpisode, EpisodeCreated, EvaluateRequest, LocateRequest, ObservationBody,
    StepRequest, StepResponse, TenantChoice,
};
use crate::env::{Environment, EpisodeId, TaskContext};
use crate::gold::{EpisodeLookup, MarkLookup, resolve_step};
use crate::observe::{ObserveOptions, SomElement, SomId};
use evaluators::task::{GoldStep, SiteUrls};
use evaluators::{EvalMode, Evaluation};
use std::future::Future;
use std::pin::Pin;

/// The future of one backend call.
pub type BackendFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, RunError>> + Send + 'a>>;

/// Where a run's episodes run: each verb in the API's shapes.
pub trait Backend: Send + Sync + std::fmt::Debug {
    /// Where it runs, for the manifest and messages.
    fn describe(&self) -> String;
    /// Base URLs of the hosted sites, for task placeholders.
    fn site_urls(&self) -> BackendFuture<'_, SiteUrls>;
    /// Starts an episode of `task` and returns its id and first observation.
    fn start<'a>(
        &'a self,
        task: &'a TaskContext,
        observe: ObserveOptions,
    ) -> BackendFuture<'a, (EpisodeId, ObservationBody)>;
    /// Carries out one action (model output is fine: fences and prose are tolerated).
    fn step<'a>(&'a self, id: &'a EpisodeId, action: &'a str) -> BackendFuture<'a, StepResponse>;
    /// The action gold step `number` stands for, its target resolved on the current page.
    fn resolve_gold<'a>(
        &'a self,
        id: &'a EpisodeId,
        observation: &'a ObservationBody,
        number: usize,
        step: &'a GoldStep,
    ) -> BackendFuture<'a, Action>;
    /// Scores the episode's end state.
    fn evaluate<'a>(
        &'a self,
        id: &'a EpisodeId,
        mode: Option<EvalMode>,
    ) -> BackendFuture<'a, Evaluation>;
    /// Ends the episode (its browser goes back to the pool); failures only matter to the log.
    fn close<'a>(&'a self, id: &'a EpisodeId) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>>;
}

/// Episodes in this process, driven through their handles.
#[derive(Debug, Clone)]
pub struct LocalBackend(pub Environment);

impl Backend for LocalBackend {
    fn describe(&self) -> String {
        "in-process".to_owned()
    }

    fn site_urls(&self) -> BackendFuture<'_, SiteUrls> {
        Box::pin(async { Ok(self.0.site_urls()) })
    }

    fn start<'a>(
        &'a self,
        task: &'a TaskContext,
        observe: ObserveOptions,
    ) -> BackendFuture<'a, (EpisodeId, ObservationBody)> {
        Box::pin(async move {
            let episode = self.0.create_task_episode(task.clone(), observe).await?;
            let summary = episode.summary().await;
            let observation = ObservationBody::of_episode(&summary).ok_or_else(|| {
                RunError::Infrastructure("the episode started without an observation".into())
            })?;
            Ok((summary.id, observation))
        })
    }

    fn step<'a>(&'a self, id: &'a EpisodeId, action: &'a str) -> BackendFuture<'a, StepResponse> {
        Box::pin(async move {
            let stepped = self.0.episode(id).await?.step(action).await;
            Ok(StepResponse::of_step(stepped.outcome, &stepped.episode))
        })
    }

    fn resolve_gold<'a>(
        &'a self,
        id: &'a EpisodeId,
        _: &'a ObservationBody,
        number: usize,
        step: &'a GoldStep,
    ) -> BackendFuture<'a, Action> {
        // The episode's own last observation is the one the agent was shown.
        Box::pin(async move {
            let lookup = EpisodeLookup::of(&self.0.episode(id).await?).await;
            Ok(resolve_step(&lookup, number, step).await?)
        })
    }

    fn evaluate<'a>(
        &'a self,
        id: &'a EpisodeId,
        mode: Option<EvalMode>,
    ) -> BackendFuture<'a, Evaluation> {
        Box::pin(async move { Ok(self.0.episode(id).await?.evaluate(mode).await?) })
    }

    fn close<'a>(&'a self, id: &'a EpisodeId) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>> {
        Box::pin(async move {
            let closed = match self.0.episode(id).await {
                Ok(episode) => episode.close().await,
                Err(error) => Err(error),
            };
            if let Err(error) = closed {
                tracing::warn!(episode = %id, %error, "could not close an episode");
            }
        })
    }
}

/// A running Agora reached over its HTTP API.
#[derive(Debug, Clone)]
pub struct RemoteBackend {
    api: ApiClient,
}

impl RemoteBackend {
    /// Connects to the Agora at `base` (`http://127.0.0.1:8400`).
    pub fn new(base: &str, token: Option<String>) -> Result<Self, RunError> {
        // A step settles within seconds and an evaluation with judges within minutes; past
        // this the server is taken for gone (and the task is retried).
        let api = ApiClient::new(base, token, std::time::Duration::from_secs(600))?;
        Ok(Self { api })
    }
}

impl Backend for RemoteBackend {
    fn describe(&self) -> String {
        self.api.base().to_owned()
    }

    fn site_urls(&self) -> BackendFuture<'_, SiteUrls> {
        Box::pin(async {
            let mut urls = SiteUrls::new();
            for site in self.api.sites().await? {
                // Sites without a placeholder cannot be named by task files anyway.
                let _ = urls.insert(&site.name, &site.url);
            }
            Ok(urls)
        })
    }

    fn start<'a>(
        &'a self,
        task: &'a TaskContext,
        observe: ObserveOptions,
    ) -> BackendFuture<'a, (EpisodeId, ObservationBody)> {
        Box::pin(async move {
            let created: EpisodeCreated = self
                .api
                .create(&CreateEpisode {
                    start_url: None,
                    task_id: Some(task.name.to_string()),
                    task: None,
                    viewport: None,
                    observe,
                    tenant: TenantChoice::Private,
                })
                .await?;
            Ok((EpisodeId(created.episode_id), created.observation))
        })
    }

    fn step<'a>(&'a self, id: &'a EpisodeId, action: &'a str) -> BackendFuture<'a, StepResponse> {
        Box::pin(async move {
            let request = StepRequest {
                action: action.into(),
                dialect: None,
            };
            Ok(self.api.step(id, &request).await?)
        })
    }

    fn resolve_gold<'a>(
        &'a self,
        id: &'a EpisodeId,
        observation: &'a ObservationBody,
        number: usize,
        step: &'a GoldStep,
    ) -> BackendFuture<'a, Action> {
        Box::pin(async move {
            let lookup = RemoteLookup {
                api: &self.api,
                id,
                elements: &observation.elements,
            };
            Ok(resolve_step(&lookup, number, step).await?)
        })
    }

    fn evaluate<'a>(
        &'a self,
        id: &'a EpisodeId,
        mode: Option<EvalMode>,
    ) -> BackendFuture<'a, Evaluation> {
        Box::pin(async move {
            let body = self.api.evaluate(id, &EvaluateRequest { mode }).await?;
            Ok(body.evaluation)
        })
    }

    fn close<'a>(&'a self, id: &'a EpisodeId) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>> {
        Box::pin(async move {
            if let Err(error) = self.api.close(id).await {
                tracing::warn!(episode = %id, %error, "could not close an episode");
            }
        })
    }
}

/// Resolves locators of a remote episode: elements from the last observation, CSS selectors
/// through `POST /episodes/{id}/locate`.
struct RemoteLookup<'a> {
    api: &'a ApiClient,
    id: &'a EpisodeId,
    elements: &'a [SomElement],
}

impl MarkLookup for RemoteLookup<'_> {
    fn elements(&self) -> Option<&[SomElement]> {
        Some(self.elements)
    }

    async fn mark_of_css(&self, css: &str) -> Result<Option<SomId>, String> {
        let located = self
            .api
            .locate(
                self.id,
                &LocateRequest {
                    css: css.to_owned(),
                },
            )
            .await
            .map_err(|error| error.to_string())?;
        Ok(located.id.map(SomId))
    }
}
