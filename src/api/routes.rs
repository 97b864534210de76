//! Route handlers: episodes are created, stepped, observed and closed here.

use super::dto::{
    CreateEpisode, CreateTenant, EpisodeCreated, EpisodeSummary, EvaluateRequest, EvaluateTenant,
    EvaluationBody, Health, LocateRequest, LocateResponse, ObservationBody, ScreenshotQuery,
    SiteSummary, StepRequest, StepResponse, TaskList, TenantChoice, TenantCreated,
};
use super::error::{ApiError, ErrorBody};
use super::extract::{ApiJson, ApiParts};
use crate::act::Action;
use crate::env::{
    Environment, EpisodeHandle, EpisodeId, EpisodeSpec, HarnessTenantId, ReportedEnd, TaskName,
    Tenancy,
};
use crate::observe::{ObserveOptions, ScreenshotKind};
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Starts an episode at the given URL(s) and returns the first observation.
#[utoipa::path(post, path = "/episodes", request_body = CreateEpisode,
    responses((status = 201, body = EpisodeCreated), (status = 400, body = ErrorBody)))]
pub async fn create_episode(
    State(env): State<Environment>,
    ApiJson(request): ApiJson<CreateEpisode>,
) -> Result<(StatusCode, Json<EpisodeCreated>), ApiError> {
    let episode = start_episode(&env, request).await?.summary().await;
    let created = EpisodeCreated::of(&episode).ok_or_else(|| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the episode started without an observation",
        )
    })?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Starts the episode a request asks for (start URL, task id or inline task); the HTTP
/// API and the MCP server share it.
pub(super) async fn start_episode(
    env: &Environment,
    request: CreateEpisode,
) -> Result<EpisodeHandle, ApiError> {
    if request.tenant == TenantChoice::Shared && request.start_url.is_none() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "\"tenant\": \"shared\" works only with start_url: a task episode always runs in a private tenant, so its evaluation sees only its own changes; leave tenant out",
        ));
    }
    Ok(match (request.start_url, request.task_id, request.task) {
        (Some(start_url), None, None) => {
            let spec = EpisodeSpec {
                start_urls: start_url
                    .split(" |AND| ")
                    .map(|url| url.trim().to_owned())
                    .collect(),
                viewport: request.viewport,
                observe: request.observe,
                input_images: Vec::new(),
                tenancy: match request.tenant {
                    TenantChoice::Private => Tenancy::Private,
                    TenantChoice::Shared => Tenancy::Shared,
                },
                logins: Vec::new(),
                task: None,
            };
            env.create_episode(spec).await?
        }
        (None, Some(task_id), None) => {
            env.create_task_episode(env.task(&TaskName::new(&task_id))?, request.observe)
                .await?
        }
        (None, None, Some(task)) => {
            env.create_task_episode(env.inline_task(&task)?, request.observe)
                .await?
        }
        _ => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "give exactly one of start_url, task_id or task",
            ));
        }
    })
}

/// Carries out one action, settles and observes.
#[utoipa::path(post, path = "/episodes/{id}/step", request_body = StepRequest,
    params(("id" = String, Path, description = "Episode id")),
    responses((status = 200, body = StepResponse), (status = 404, body = ErrorBody)))]
pub async fn step(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
    ApiJson(request): ApiJson<StepRequest>,
) -> Result<Json<StepResponse>, ApiError> {
    let action_text = match &request.action {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let parsed = match request.dialect {
        Some(dialect) => dialect.to_action(&request.action),
        None => Action::from_model_output(&action_text),
    };
    let stepped = env
        .episode(&EpisodeId(id))
        .await?
        .step_action(&action_text, parsed)
        .await;
    Ok(Json(StepResponse::of_step(
        stepped.outcome,
        &stepped.episode,
    )))
}

/// Observes the page again (e.g. with other options).
#[utoipa::path(post, path = "/episodes/{id}/observe", request_body = ObserveOptions,
    params(("id" = String, Path, description = "Episode id")),
    responses((status = 200, body = ObservationBody), (status = 404, body = ErrorBody)))]
pub async fn observe(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
    options: Option<ApiJson<ObserveOptions>>,
) -> Result<Json<ObservationBody>, ApiError> {
    let episode = env
        .episode(&EpisodeId(id))
        .await?
        .observe(options.map(|ApiJson(options)| options))
        .await?;
    ObservationBody::of_episode(&episode)
        .map(Json)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "no observation",
            )
        })
}

/// The last observation's screenshot as an image (`?kind=som|clean`).
#[utoipa::path(get, path = "/episodes/{id}/screenshot",
    params(("id" = String, Path, description = "Episode id"), ScreenshotQuery),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 404, body = ErrorBody)))]
pub async fn screenshot(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
    ApiParts(Query(query)): ApiParts<Query<ScreenshotQuery>>,
) -> Result<Response, ApiError> {
    let handle = env.episode(&EpisodeId(id)).await?;
    let clean = match query.kind.as_deref() {
        None | Some("som") => false,
        Some("clean") => true,
        Some(other) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("kind `{other}`: use som or clean"),
            ));
        }
    };
    let shot_of = |observation: &crate::observe::Observation| {
        if clean {
            observation.clean_screenshot.clone()
        } else {
            observation.som_screenshot.clone()
        }
    };
    let episode = handle.summary().await;
    let shot = match episode.observation.as_deref().and_then(shot_of) {
        Some(shot) => shot,
        None => {
            // Not captured with the last observation: observe again with that kind.
            let options = ObserveOptions {
                screenshot: if clean {
                    ScreenshotKind::Clean
                } else {
                    ScreenshotKind::Som
                },
                ..episode.options
            };
            let observed = handle.observe(Some(options)).await?;
            observed
                .observation
                .as_deref()
                .and_then(shot_of)
                .ok_or_else(|| {
                    ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "internal",
                        "no screenshot",
                    )
                })?
        }
    };
    Ok(([(header::CONTENT_TYPE, shot.format.mime())], shot.bytes).into_response())
}

/// The episode's state and trajectory.
#[utoipa::path(get, path = "/episodes/{id}", params(("id" = String, Path, description = "Episode id")),
    responses((status = 200, body = EpisodeSummary), (status = 404, body = ErrorBody)))]
pub async fn episode(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
) -> Result<Json<EpisodeSummary>, ApiError> {
    let episode = env.episode(&EpisodeId(id)).await?.summary().await;
    Ok(Json(EpisodeSummary::of(episode)))
}

/// Closes the episode and returns its browser to the pool.
#[utoipa::path(delete, path = "/episodes/{id}", params(("id" = String, Path, description = "Episode id")),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn close(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
) -> Result<StatusCode, ApiError> {
    env.episode(&EpisodeId(id)).await?.close().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Running episode ids.
#[utoipa::path(get, path = "/episodes", responses((status = 200, body = Vec<String>)))]
pub async fn list(State(env): State<Environment>) -> Json<Vec<String>> {
    Json(
        env.episode_ids()
            .await
            .into_iter()
            .map(|id| id.to_string())
            .collect(),
    )
}

/// Liveness, pool status and each site's readiness.
#[utoipa::path(get, path = "/health", responses((status = 200, body = Health)))]
pub async fn health(State(env): State<Environment>) -> Json<Health> {
    let sites = env.site_readiness();
    let ready = sites.values().all(|state| state == "ready");
    let warm_sessions = env.pool().warm_count().await;
    let (browsers, max_browsers) = env.pool().browsers_alive();
    let episodes = env.episode_ids().await.len();
    let max_episodes = env.config().episode_cap();
    let exhausted = episodes >= max_episodes || (warm_sessions == 0 && browsers >= max_browsers);
    let status = match (ready, exhausted) {
        (false, _) => "degraded",
        (true, true) => "exhausted",
        (true, false) => "ok",
    };
    Json(Health {
        status: status.into(),
        warm_sessions,
        browsers,
        max_browsers,
        episodes,
        max_episodes,
        exhausted,
        clock: kit::clock::current().to_string(),
        sites,
        tenants: env.harness_tenant_count().await,
        max_tenants: env.config().max_tenants,
    })
}

/// Scores the episode against its task.
#[utoipa::path(post, path = "/episodes/{id}/evaluate", request_body = EvaluateRequest,
    params(("id" = String, Path, description = "Episode id")),
    responses((status = 200, body = EvaluationBody), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn evaluate(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
    request: Option<ApiJson<EvaluateRequest>>,
) -> Result<Json<EvaluationBody>, ApiError> {
    let mode = request.and_then(|ApiJson(request)| request.mode);
    let episode = env.episode(&EpisodeId(id)).await?;
    Ok(Json(evaluation_body(&episode, mode).await?))
}

/// Evaluates an episode and pairs the evaluation with the answer it scored.
pub(super) async fn evaluation_body(
    episode: &EpisodeHandle,
    mode: Option<evaluators::EvalMode>,
) -> Result<EvaluationBody, ApiError> {
    let evaluation = episode.evaluate(mode).await?;
    let answer = episode.summary().await.answer.unwrap_or_default();
    Ok(EvaluationBody {
        score: evaluation.outcome.score(),
        answer,
        evaluation,
    })
}

/// A task input image, as bytes.
#[utoipa::path(get, path = "/episodes/{id}/input_images/{index}",
    params(("id" = String, Path, description = "Episode id"), ("index" = usize, Path, description = "Image index")),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 404, body = ErrorBody)))]
pub async fn input_image(
    State(env): State<Environment>,
    ApiParts(Path((id, index))): ApiParts<Path<(String, usize)>>,
) -> Result<Response, ApiError> {
    let path = env
        .episode(&EpisodeId(id))
        .await?
        .summary()
        .await
        .input_images
        .get(index)
        .cloned()
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "no_such_image",
                "the task has no local input image with that index",
            )
        })?;
    image_response(&path).await
}

/// The bytes of a local input image, with its MIME type.
async fn image_response(path: &std::path::Path) -> Result<Response, ApiError> {
    let bytes = tokio::fs::read(path).await.map_err(|error| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_image",
            format!("{}: {error}", path.display()),
        )
    })?;
    let mime = crate::observe::image_mime(path);
    Ok(([(header::CONTENT_TYPE, mime)], bytes).into_response())
}

/// The tasks episodes can be started from (intents only; no answers), and the task files
/// that could not be loaded.
#[utoipa::path(get, path = "/tasks", responses((status = 200, body = TaskList)))]
pub async fn tasks(State(env): State<Environment>) -> Json<TaskList> {
    Json(TaskList::of(&env.tasks()))
}

/// Loads the task directories again (after task files changed) and returns the new list.
#[utoipa::path(post, path = "/tasks/reload", responses((status = 200, body = TaskList)))]
pub async fn reload_tasks(State(env): State<Environment>) -> Json<TaskList> {
    let registry = tokio::task::spawn_blocking(move || env.reload_tasks())
        .await
        .unwrap_or_default();
    Json(TaskList::of(&registry))
}

/// The hosted sites and their base URLs (what task placeholders resolve to).
#[utoipa::path(get, path = "/sites", responses((status = 200, body = Vec<SiteSummary>)))]
pub async fn sites(State(env): State<Environment>) -> Json<Vec<SiteSummary>> {
    Json(
        env.hosted_sites()
            .into_iter()
            .map(|(name, url)| SiteSummary { name, url })
            .collect(),
    )
}

/// The mark of the first element a CSS selector matches (how gold trajectories are replayed
/// through the API).
#[utoipa::path(post, path = "/episodes/{id}/locate", request_body = LocateRequest,
    params(("id" = String, Path, description = "Episode id")),
    responses((status = 200, body = LocateResponse), (status = 404, body = ErrorBody)))]
pub async fn locate(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
    ApiJson(request): ApiJson<LocateRequest>,
) -> Result<Json<LocateResponse>, ApiError> {
    let mark = env
        .episode(&EpisodeId(id))
        .await?
        .locate(&request.css)
        .await
        .map_err(|error| {
            ApiError::new(StatusCode::BAD_REQUEST, "bad_selector", error.to_string())
        })?;
    Ok(Json(LocateResponse {
        id: mark.map(|mark| mark.0),
    }))
}

/// Makes a private tenant for a browser Agora does not drive (VWA's `run.py`, BrowserGym,
/// any Playwright or WebDriver harness), for a task or none: the cookies that select it on
/// every site and log in the task's sites (also as a Playwright storage state), and the
/// task's start URLs.
#[utoipa::path(post, path = "/tenants", request_body = CreateTenant,
    responses((status = 201, body = TenantCreated), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn create_tenant(
    State(env): State<Environment>,
    request: Option<ApiJson<CreateTenant>>,
) -> Result<(StatusCode, Json<TenantCreated>), ApiError> {
    let request = request.map(|ApiJson(request)| request).unwrap_or_default();
    Ok((
        StatusCode::CREATED,
        Json(issue_tenant(&env, request).await?),
    ))
}

/// Makes the tenant a request asks for; the HTTP API and the MCP server share it.
pub(super) async fn issue_tenant(
    env: &Environment,
    request: CreateTenant,
) -> Result<TenantCreated, ApiError> {
    let task = match request.task_id {
        Some(task_id) => Some(env.task(&TaskName::new(&task_id))?),
        None => None,
    };
    let issued = env.create_harness_tenant(task, &request.logins).await?;
    Ok(TenantCreated::of(&issued, env.config().idle_timeout_s))
}

/// Scores the end state a harness reports for the tenant (answer, active tab URL, open
/// tabs) against its task, with Agora's evaluators in Agora's own fenced browser holding the
/// tenant's cookies. The reference side of every check is withheld.
#[utoipa::path(post, path = "/tenants/{id}/evaluate", request_body = EvaluateTenant,
    params(("id" = String, Path, description = "Tenant id")),
    responses((status = 200, body = EvaluationBody), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn evaluate_tenant(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
    ApiJson(request): ApiJson<EvaluateTenant>,
) -> Result<Json<EvaluationBody>, ApiError> {
    Ok(Json(score_tenant(&env, id, request).await?))
}

/// Evaluates a tenant's reported end state; the HTTP API and the MCP server share it.
pub(super) async fn score_tenant(
    env: &Environment,
    id: String,
    request: EvaluateTenant,
) -> Result<EvaluationBody, ApiError> {
    let reported = ReportedEnd {
        answer: request.answer,
        url: request.url,
        tabs: request.tabs,
    };
    let evaluation = env
        .evaluate_harness_tenant(&HarnessTenantId(id), &reported, request.mode)
        .await?;
    Ok(EvaluationBody::withheld(evaluation, reported.answer))
}

/// Drops the tenant and its data; its cookies select nothing any more.
#[utoipa::path(delete, path = "/tenants/{id}", params(("id" = String, Path, description = "Tenant id")),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn delete_tenant(
    State(env): State<Environment>,
    ApiParts(Path(id)): ApiParts<Path<String>>,
) -> Result<StatusCode, ApiError> {
    env.delete_harness_tenant(&HarnessTenantId(id)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// An input image of the tenant's task, as bytes.
#[utoipa::path(get, path = "/tenants/{id}/input_images/{index}",
    params(("id" = String, Path, description = "Tenant id"), ("index" = usize, Path, description = "Image index")),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 404, body = ErrorBody)))]
pub async fn tenant_input_image(
    State(env): State<Environment>,
    ApiParts(Path((id, index))): ApiParts<Path<(String, usize)>>,
) -> Result<Response, ApiError> {
    let path = env
        .harness_tenant_input_image(&HarnessTenantId(id), index)
        .await?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "no_such_image",
                "the tenant's task has no local input image with that index",
            )
        })?;
    image_response(&path).await
}
