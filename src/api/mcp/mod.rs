//! The MCP server (the official Rust SDK, `rmcp`): the same episodes as the HTTP API as
//! tools — list tasks, start an episode, observe, one tool per action of the grammar
//! (generated from [`Action`]'s JSON form, so every action is a tool), evaluate, close — and
//! the tenants of browsers Agora does not drive: create, evaluate a reported end state, delete.
//! Served over stdio by `agora mcp` and over streamable HTTP at `/mcp` by `agora up`.

pub mod stdio;
mod view;

pub use view::{View, ViewOptions};

use super::dto::{CreateEpisode, CreateTenant, EvaluateTenant, TaskList, TenantChoice};
use super::routes::{evaluation_body, issue_tenant, score_tenant, start_episode};
use super::{ApiError, ErrorBody};
use crate::act::Action;
use crate::browser::Viewport;
use crate::env::{Environment, EpisodeHandle, EpisodeId};
use base64::Engine;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use tokio::sync::Mutex;

/// One MCP connection's handler. The size controls of each episode are shared by every
/// connection, so a stateless HTTP client that passes `episode_id` keeps its settings.
#[derive(Debug, Clone)]
pub struct AgoraMcp {
    env: Environment,
    /// The episode this connection started last (the default for `episode_id`).
    current: Arc<Mutex<Option<EpisodeId>>>,
    views: Arc<Mutex<HashMap<EpisodeId, View>>>,
}

impl AgoraMcp {
    /// A handler over `env` with its own "current episode" and shared per-episode views.
    pub fn new(env: Environment, views: Arc<Mutex<HashMap<EpisodeId, View>>>) -> Self {
        Self {
            env,
            current: Arc::new(Mutex::new(None)),
            views,
        }
    }
}

/// The streamable HTTP service mounted at `/mcp`. With a token (any bind address) the
/// `Host` header is not checked: the token already keeps DNS-rebinding pages out.
pub fn http_service(
    env: Environment,
    token_required: bool,
) -> StreamableHttpService<AgoraMcp, LocalSessionManager> {
    let views = Arc::new(Mutex::new(HashMap::new()));
    let mut config = StreamableHttpServerConfig::default();
    if token_required {
        config = config.disable_allowed_hosts();
    }
    StreamableHttpService::new(
        move || Ok(AgoraMcp::new(env.clone(), Arc::clone(&views))),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}

/// `start_episode`: exactly one of `task_id`, `task` or `start_url`.
#[derive(Debug, Deserialize, JsonSchema)]
struct StartParams {
    /// A task to run, by name (see list_tasks), e.g. `classifieds/3`.
    task_id: Option<String>,
    /// An inline task config in VisualWebArena's JSON format.
    task: Option<Value>,
    /// A URL of one of the sites to open, without a task.
    start_url: Option<String>,
    /// Viewport in CSS px for a start_url episode (default 1280x2048; tasks set their own).
    viewport: Option<ViewportParam>,
    #[serde(flatten)]
    view: ViewOptions,
}

/// A viewport size.
#[derive(Debug, Deserialize, JsonSchema)]
struct ViewportParam {
    /// Width in CSS px (100–4096).
    width: u32,
    /// Height in CSS px (100–8192).
    height: u32,
}

/// `observe`.
#[derive(Debug, Deserialize, JsonSchema)]
struct ObserveParams {
    /// The episode (default: the one this connection started last).
    episode_id: Option<String>,
    #[serde(flatten)]
    view: ViewOptions,
}

/// `evaluate`.
#[derive(Debug, Deserialize, JsonSchema)]
struct EvaluateParams {
    /// The episode (default: the one this connection started last).
    episode_id: Option<String>,
    /// `correct` (default: the server's mode), `vwa` (VisualWebArena's quirks) or
    /// `magebench` (MageBench's AES).
    #[schemars(with = "Option<String>")]
    mode: Option<evaluators::EvalMode>,
}

/// `close_episode`, and the tools that take nothing but the episode.
#[derive(Debug, Deserialize, JsonSchema)]
struct EpisodeParams {
    /// The episode (default: the one this connection started last).
    episode_id: Option<String>,
}

/// `list_tasks`.
#[derive(Debug, Deserialize, JsonSchema)]
struct NoParams {}

/// `create_tenant`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct CreateTenantParams {
    /// A task (see list_tasks), e.g. `classifieds/3`: the tenant comes with its start URLs
    /// and logins and can be evaluated against it.
    task_id: Option<String>,
    /// Sites whose default account is logged in besides the task's (`shopping`, `reddit`,
    /// `classifieds`).
    #[serde(default)]
    logins: Vec<String>,
}

/// `evaluate_tenant`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct EvaluateTenantParams {
    /// The tenant, as create_tenant returned it.
    tenant_id: String,
    /// The agent's answer (empty if it gave none).
    #[serde(default)]
    answer: String,
    /// The URL of the active tab.
    url: String,
    /// The URLs of every open tab in order, the active one among them (default: it alone).
    #[serde(default)]
    tabs: Vec<String>,
    /// `correct` (default: the server's mode), `vwa` or `magebench`.
    #[schemars(with = "Option<String>")]
    mode: Option<evaluators::EvalMode>,
}

/// `delete_tenant`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TenantParams {
    /// The tenant, as create_tenant returned it.
    tenant_id: String,
}

/// Names of the tools that are not actions.
const START: &str = "start_episode";
const OBSERVE: &str = "observe";
const EVALUATE: &str = "evaluate";
const CLOSE: &str = "close_episode";
const LIST_TASKS: &str = "list_tasks";
const CREATE_TENANT: &str = "create_tenant";
const EVALUATE_TENANT: &str = "evaluate_tenant";
const DELETE_TENANT: &str = "delete_tenant";

fn schema_for<T: JsonSchema>() -> serde_json::Map<String, Value> {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .with(|settings| settings.inline_subschemas = true)
        .into_generator();
    let schema = generator.into_root_schema_for::<T>();
    let mut object = schema.as_object().cloned().unwrap_or_default();
    object.remove("$schema");
    object.remove("title");
    object.remove("description");
    object
}

fn tool(name: &'static str, description: &'static str, schema: JsonObject) -> Tool {
    Tool::new(name, description, Arc::new(schema))
}

/// One tool per action: the action's JSON form without its `action` tag, plus `episode_id`.
fn action_tools() -> Vec<Tool> {
    let schema = schema_for::<Action>();
    let variants = schema
        .get("oneOf")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    variants
        .into_iter()
        .filter_map(|variant| {
            let mut properties = variant["properties"].as_object()?.clone();
            let keyword = properties
                .remove("action")?
                .get("const")?
                .as_str()?
                .to_owned();
            properties.insert(
                "episode_id".into(),
                json!({"type": "string", "description": "The episode (default: the one this connection started last)."}),
            );
            let required: Vec<Value> = variant["required"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|field| *field != "action")
                .cloned()
                .collect();
            let description = format!(
                "{} Returns the observation after it, and why the action was refused if it was (an action checks its target before touching the page).",
                variant["description"].as_str().unwrap_or("")
            );
            let mut input = JsonObject::new();
            input.insert("type".into(), json!("object"));
            input.insert("properties".into(), Value::Object(properties));
            input.insert("required".into(), Value::Array(required));
            Some(Tool::new(keyword, description, Arc::new(input)))
        })
        .collect()
}

static TOOLS: LazyLock<Vec<Tool>> = LazyLock::new(|| {
    let mut tools = vec![
        tool(
            LIST_TASKS,
            "List the tasks episodes can be started from: task_id, intent, sites, input images (never answers).",
            schema_for::<NoParams>(),
        ),
        tool(
            START,
            "Start an episode from a task (task_id or inline task) or at a start_url. Returns the first observation: a Set-of-Marks screenshot (numbered boxes) and the listing of marked elements `[id] [TAG] [text]`; act on elements by id. Size controls (max_elements, max_line_chars, max_text_chars, screenshot, image_format, axtree) stay in force for the episode.",
            schema_for::<StartParams>(),
        ),
        tool(
            OBSERVE,
            "Observe the current page again, optionally with other size controls (they stay in force).",
            schema_for::<ObserveParams>(),
        ),
        tool(
            EVALUATE,
            "Score the episode against its task (after stop): the score (0-1) and what each evaluator compared.",
            schema_for::<EvaluateParams>(),
        ),
        tool(
            CLOSE,
            "Close the episode: its browser goes back to the pool and its private copy of the sites is dropped.",
            schema_for::<EpisodeParams>(),
        ),
        tool(
            CREATE_TENANT,
            "Make a private copy of the sites for a browser you drive yourself (Playwright, WebDriver), optionally for a task: returns tenant_id, the cookies that select it on every site and log in the task's sites, a Playwright storage_state with them, and the task's start URLs.",
            schema_for::<CreateTenantParams>(),
        ),
        tool(
            EVALUATE_TENANT,
            "Score the end state your own browser reached on a tenant made for a task: give the answer, the active tab's URL and the open tabs. Returns the score (0-1) and each check's result (reference answers withheld).",
            schema_for::<EvaluateTenantParams>(),
        ),
        tool(
            DELETE_TENANT,
            "Drop a tenant and its copy of the sites; its cookies select nothing any more.",
            schema_for::<TenantParams>(),
        ),
    ];
    tools.extend(action_tools());
    tools
});

/// A tool call that failed in a way the model should see (not a protocol error): bad
/// arguments, no such episode or task, a browser that is gone.
#[derive(Debug)]
struct ToolFailure {
    code: Option<String>,
    message: String,
}

impl ToolFailure {
    fn new(message: impl Into<String>) -> Self {
        Self {
            code: None,
            message: message.into(),
        }
    }

    fn api(error: &ApiError) -> Self {
        let ErrorBody { error, message } = error.body();
        Self {
            code: Some(error.clone()),
            message: format!("{error}: {message}"),
        }
    }

    fn into_result(self) -> CallToolResult {
        let mut result = CallToolResult::error(vec![ContentBlock::text(self.message.clone())]);
        if let Some(code) = self.code {
            result.structured_content = Some(json!({ "error": code, "message": self.message }));
        }
        result
    }
}

type ToolOutcome = Result<CallToolResult, ToolFailure>;

fn arguments<T: for<'de> Deserialize<'de>>(
    tool: &str,
    arguments: Option<JsonObject>,
) -> Result<T, ToolFailure> {
    serde_json::from_value(Value::Object(arguments.unwrap_or_default()))
        .map_err(|error| ToolFailure::new(format!("bad arguments for `{tool}`: {error}")))
}

/// Refuses an argument `tool`'s schema does not list, naming it and the ones it takes (a
/// misspelt optional argument would otherwise be dropped without a word).
fn known_arguments(tool: &Tool, arguments: Option<&JsonObject>) -> Result<(), ToolFailure> {
    let properties = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object);
    let known = |key: &str| properties.is_some_and(|properties| properties.contains_key(key));
    let Some(unknown) = arguments
        .into_iter()
        .flat_map(|arguments| arguments.keys())
        .find(|key| !known(key))
    else {
        return Ok(());
    };
    let mut valid: Vec<&str> = properties
        .into_iter()
        .flat_map(|properties| properties.keys().map(String::as_str))
        .collect();
    valid.sort_unstable();
    let valid = if valid.is_empty() {
        "it takes none".to_owned()
    } else {
        format!("it takes {}", valid.join(", "))
    };
    Err(ToolFailure::new(format!(
        "bad arguments for `{}`: unknown argument `{unknown}`; {valid}",
        tool.name
    )))
}

impl AgoraMcp {
    /// The episode a tool call means.
    async fn episode(&self, episode_id: Option<String>) -> Result<EpisodeHandle, ToolFailure> {
        let id = match episode_id {
            Some(id) => EpisodeId(id),
            None => self.current.lock().await.clone().ok_or_else(|| {
                ToolFailure::new("no episode: call start_episode first, or pass episode_id")
            })?,
        };
        self.env
            .episode(&id)
            .await
            .map_err(|error| ToolFailure::api(&error.into()))
    }

    async fn view_of(&self, id: &EpisodeId) -> View {
        self.views.lock().await.get(id).copied().unwrap_or_default()
    }

    async fn start(&self, params: StartParams) -> ToolOutcome {
        let view = View::default().with(&params.view);
        let request = CreateEpisode {
            start_url: params.start_url,
            task_id: params.task_id,
            task: params.task,
            viewport: params.viewport.map(|viewport| Viewport {
                width: viewport.width,
                height: viewport.height,
            }),
            observe: view.observe_options(),
            tenant: TenantChoice::Private,
        };
        let episode = start_episode(&self.env, request)
            .await
            .map_err(|error| ToolFailure::api(&error))?
            .summary()
            .await;
        self.views.lock().await.insert(episode.id.clone(), view);
        *self.current.lock().await = Some(episode.id.clone());
        let mut result = view.render(&episode, None);
        for (index, path) in episode.input_images.iter().enumerate() {
            match tokio::fs::read(path).await {
                Ok(bytes) => {
                    result
                        .content
                        .push(ContentBlock::text(format!("Input image {index}:")));
                    result.content.push(ContentBlock::image(
                        base64::engine::general_purpose::STANDARD.encode(bytes),
                        crate::observe::image_mime(path),
                    ));
                }
                Err(error) => {
                    tracing::warn!(%error, path = %path.display(), "input image unreadable")
                }
            }
        }
        Ok(result)
    }

    async fn observe(&self, params: ObserveParams) -> ToolOutcome {
        let episode = self.episode(params.episode_id).await?;
        let view = self.view_of(episode.id()).await.with(&params.view);
        self.views.lock().await.insert(episode.id().clone(), view);
        match episode.observe_from_now(view.observe_options()).await {
            Ok(summary) => Ok(view.render(&summary, None)),
            Err(error) => {
                let message = error.to_string();
                let code = super::ApiError::from(error).body().error.clone();
                Err(ToolFailure::new(format!("{code}: {message}")))
            }
        }
    }

    async fn act(&self, name: &str, arguments: Option<JsonObject>) -> ToolOutcome {
        let mut fields = arguments.unwrap_or_default();
        let episode_id = match fields.remove("episode_id") {
            Some(Value::String(id)) => Some(id),
            Some(Value::Null) | None => None,
            Some(other) => {
                return Err(ToolFailure::new(format!(
                    "episode_id must be a string, not {other}"
                )));
            }
        };
        fields.insert("action".into(), Value::String(name.to_owned()));
        let action: Action = serde_json::from_value(Value::Object(fields))
            .map_err(|error| ToolFailure::new(format!("bad arguments for `{name}`: {error}")))?;
        let episode = self.episode(episode_id).await?;
        let view = self.view_of(episode.id()).await;
        let stepped = episode.step_action(&action.to_string(), Ok(action)).await;
        Ok(view.render(&stepped.episode, Some(&stepped.outcome)))
    }

    async fn evaluate(&self, params: EvaluateParams) -> ToolOutcome {
        let episode = self.episode(params.episode_id).await?;
        let body = evaluation_body(&episode, params.mode)
            .await
            .map_err(|error| ToolFailure::api(&error))?;
        let score = match body.score {
            Some(score) => format!("Score: {score}"),
            None => "Score: none (a judge was needed but is not configured or failed)".to_owned(),
        };
        let structured = serde_json::to_value(&body).unwrap_or(Value::Null);
        let mut result = CallToolResult::success(vec![ContentBlock::text(format!(
            "{score}\nAnswer scored: `{}`\n{}",
            body.answer,
            serde_json::to_string_pretty(&body.evaluation).unwrap_or_default()
        ))]);
        result.structured_content = Some(structured);
        Ok(result)
    }

    async fn close(&self, params: EpisodeParams) -> ToolOutcome {
        let episode = self.episode(params.episode_id).await?;
        episode
            .close()
            .await
            .map_err(|error| ToolFailure::api(&error.into()))?;
        let id = episode.id().clone();
        self.views.lock().await.remove(&id);
        let mut current = self.current.lock().await;
        if current.as_ref() == Some(&id) {
            *current = None;
        }
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "Closed episode {id}."
        ))]))
    }

    async fn create_tenant(&self, params: CreateTenantParams) -> ToolOutcome {
        let created = issue_tenant(
            &self.env,
            CreateTenant {
                task_id: params.task_id,
                logins: params.logins,
            },
        )
        .await
        .map_err(|error| ToolFailure::api(&error))?;
        Ok(structured(&created))
    }

    async fn evaluate_tenant(&self, params: EvaluateTenantParams) -> ToolOutcome {
        let request = EvaluateTenant {
            answer: params.answer,
            url: params.url,
            tabs: params.tabs,
            mode: params.mode,
        };
        let body = score_tenant(&self.env, params.tenant_id, request)
            .await
            .map_err(|error| ToolFailure::api(&error))?;
        Ok(structured(&body))
    }

    async fn delete_tenant(&self, params: TenantParams) -> ToolOutcome {
        self.env
            .delete_harness_tenant(&crate::env::HarnessTenantId(params.tenant_id.clone()))
            .await
            .map_err(|error| ToolFailure::api(&error.into()))?;
        Ok(CallToolResult::success(vec![ContentBlock::text(format!(
            "Deleted tenant {}.",
            params.tenant_id
        ))]))
    }

    async fn list_tasks(&self) -> ToolOutcome {
        Ok(structured(&TaskList::of(&self.env.tasks())))
    }
}

/// A tool result of `body` as pretty JSON text and as structured content.
fn structured(body: &impl serde::Serialize) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(
        serde_json::to_string_pretty(body).unwrap_or_default(),
    )]);
    result.structured_content = Some(serde_json::to_value(body).unwrap_or(Value::Null));
    result
}

impl ServerHandler for AgoraMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_instructions(
            "Agora runs web tasks in a real browser on self-hosted sites. Call list_tasks, then \
             start_episode; every observation shows a Set-of-Marks screenshot and the marked \
             elements as `[id] [TAG] [text]`. Act with one tool per action (click, type, …, or \
             coordinate actions like mouse_click), finish with stop, then evaluate and close_episode.",
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(TOOLS.clone()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        TOOLS.iter().find(|tool| tool.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let name = request.name.as_ref();
        if let Some(tool) = self.get_tool(name)
            && let Err(unknown) = known_arguments(&tool, request.arguments.as_ref())
        {
            return Ok(unknown.into_result().into());
        }
        let outcome = match name {
            LIST_TASKS => self.list_tasks().await,
            START => match arguments(name, request.arguments) {
                Ok(params) => self.start(params).await,
                Err(error) => Err(error),
            },
            OBSERVE => match arguments(name, request.arguments) {
                Ok(params) => self.observe(params).await,
                Err(error) => Err(error),
            },
            EVALUATE => match arguments(name, request.arguments) {
                Ok(params) => self.evaluate(params).await,
                Err(error) => Err(error),
            },
            CLOSE => match arguments(name, request.arguments) {
                Ok(params) => self.close(params).await,
                Err(error) => Err(error),
            },
            CREATE_TENANT => match arguments(name, request.arguments) {
                Ok(params) => self.create_tenant(params).await,
                Err(error) => Err(error),
            },
            EVALUATE_TENANT => match arguments(name, request.arguments) {
                Ok(params) => self.evaluate_tenant(params).await,
                Err(error) => Err(error),
            },
            DELETE_TENANT => match arguments(name, request.arguments) {
                Ok(params) => self.delete_tenant(params).await,
                Err(error) => Err(error),
            },
            _ if self.get_tool(name).is_some() => self.act(name, request.arguments).await,
            _ => {
                return Err(ErrorData::invalid_params(
                    format!("no tool `{name}`; list the tools to see them"),
                    None,
                ));
            }
        };
        Ok(outcome.unwrap_or_else(ToolFailure::into_result).into())
    }
}
