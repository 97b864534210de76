//! The JSON shapes of the API (requests and responses).

use crate::browser::{SettleReport, Viewport};
use crate::env::{StepOutcome, Summary, TrajectoryStep};
use crate::observe::{
    Observation, ObserveOptions, ObserveTimings, ScrollState, SomElement, TabInfo,
};
use base64::Engine;
use serde::{Deserialize, Serialize};

use super::error::ErrorBody;

/// `POST /episodes`: give exactly one of `start_url`, `task_id` or `task`.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateEpisode {
    /// Start URL; several separated by ` |AND| ` open one tab each (first active).
    pub start_url: Option<String>,
    /// A task from the server's task directories (`classifieds/3`).
    pub task_id: Option<String>,
    /// An inline task config in VWA's format.
    #[schema(value_type = Object)]
    pub task: Option<serde_json::Value>,
    /// Viewport (default 1280×2048).
    pub viewport: Option<Viewport>,
    /// Observation options for this episode.
    #[serde(default)]
    pub observe: ObserveOptions,
    /// Whose site data a `start_url` episode sees: `private` (default, its own copy) or
    /// `shared` (the default tenant every browser without a tenant cookie sees). Task
    /// episodes are always private: `shared` with a task is refused.
    #[serde(default)]
    pub tenant: TenantChoice,
}

/// Whose site data a `start_url` episode sees.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TenantChoice {
    /// Its own copy, made as it first uses each site, dropped when it ends.
    #[default]
    Private,
    /// The shared default tenant.
    Shared,
}

/// `POST /episodes/{id}/step`: the action under `action` — VWA text or its JSON form — or
/// the JSON form as the whole body (`{"action": "click", "id": 12}`); with a `dialect`, a
/// computer-use action under `action`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StepRequest {
    /// VWA text (`"click [12]"`, model output with ``` fences is fine) or the JSON form
    /// (`{"action": "click", "id": 12}`).
    #[schema(value_type = Object)]
    pub action: serde_json::Value,
    /// Set when `action` is a computer-use tool's action JSON: `openai` (a `computer_call`
    /// action) or `anthropic` (a `computer` tool input); it is mapped onto Agora's
    /// coordinate actions.
    pub dialect: Option<crate::act::computer_use::Dialect>,
}

impl<'de> Deserialize<'de> for StepRequest {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let mut body = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        let dialect = match body.remove("dialect") {
            None | Some(serde_json::Value::Null) => None,
            Some(dialect) => Some(serde_json::from_value(dialect).map_err(D::Error::custom)?),
        };
        let action = body
            .remove("action")
            .ok_or_else(|| D::Error::missing_field("action"))?;
        if body.is_empty() {
            return Ok(Self { action, dialect });
        }
        // Fields beside a bare keyword: the body is the action's JSON form itself (its
        // fields are then checked as the action's).
        let keyword = action.as_str().is_some_and(|word| {
            !word.is_empty() && !word.contains(char::is_whitespace) && !word.contains('[')
        });
        if keyword && dialect.is_none() {
            body.insert("action".into(), action);
            return Ok(Self {
                action: serde_json::Value::Object(body),
                dialect: None,
            });
        }
        let unknown = body.keys().next().map(String::as_str).unwrap_or_default();
        Err(D::Error::custom(format!(
            "unknown field `{unknown}`, expected `action` or `dialect` (or the action's JSON form as the whole body, as in {{\"action\": \"click\", \"id\": 12}})"
        )))
    }
}

/// An observation as JSON; screenshots are base64.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ObservationBody {
    /// Active tab URL.
    pub url: String,
    /// Active tab title.
    pub title: String,
    /// Every tab.
    pub tabs: Vec<TabInfo>,
    /// `Tab 0 (current): … | Tab 1: …`.
    pub tab_header: String,
    /// Marked elements.
    pub elements: Vec<SomElement>,
    /// VWA's SoM text.
    pub som_text: String,
    /// Accessibility tree text, when asked for.
    pub axtree: Option<String>,
    /// SoM screenshot, base64.
    pub screenshot: Option<String>,
    /// Screenshot without marks, base64.
    pub clean_screenshot: Option<String>,
    /// MIME type of the screenshots.
    pub screenshot_mime: String,
    /// The URL the fence refused, if the tab shows its error page.
    pub blocked_url: Option<String>,
    /// The page's uncaught exceptions, unhandled rejections and failed loads, as the browser
    /// reported them (`exception: …`, `resource: …`), so the agent can fix them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub page_errors: Vec<String>,
    /// What was cut to keep the observation within its bounds (a title of millions of
    /// characters, elements in view beyond the list's 1,500, …), in words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cut: Vec<String>,
    /// JavaScript dialogs pages opened since the last observation; each was answered as it
    /// opened (`alert`, `confirm`, `prompt` dismissed; `beforeunload` accepted).
    #[serde(default)]
    pub dialogs: Vec<crate::browser::Dialog>,
    /// Viewport size.
    pub viewport: Viewport,
    /// Scroll position.
    pub scroll: ScrollState,
    /// Where the time went.
    pub timings: ObserveTimings,
    /// The task's intent, for task episodes.
    pub intent: Option<String>,
    /// The task's input images: API paths of the image bytes, or remote URLs.
    pub input_images: Vec<String>,
}

impl ObservationBody {
    /// The observation of `episode`, with its task's intent and input images.
    pub fn of_episode(episode: &Summary) -> Option<Self> {
        let mut body = Self::from(episode.observation.as_deref()?);
        if let Some(context) = &episode.task {
            body.intent = Some(context.task.intent.clone());
            body.input_images = input_image_links(
                &context.task.input_images(),
                &format!("/episodes/{}", episode.id),
            );
        }
        Some(body)
    }
}

/// What an observation shows for a task's input images: remote ones by URL, local files by
/// the API path under `owner` (`/episodes/{id}`, `/tenants/{id}`) that serves them (that
/// route numbers the local files only).
fn input_image_links(images: &[evaluators::task::InputImage], owner: &str) -> Vec<String> {
    let mut local_index = 0;
    images
        .iter()
        .map(|image| match image {
            evaluators::task::InputImage::Url(url) => url.clone(),
            evaluators::task::InputImage::File(_) => {
                local_index += 1;
                format!("{owner}/input_images/{}", local_index - 1)
            }
        })
        .collect()
}

impl From<&Observation> for ObservationBody {
    fn from(observation: &Observation) -> Self {
        let encode = |shot: &Option<crate::observe::Screenshot>| {
            shot.as_ref()
                .map(|shot| base64::engine::general_purpose::STANDARD.encode(&shot.bytes))
        };
        let mime = observation
            .som_screenshot
            .as_ref()
            .or(observation.clean_screenshot.as_ref())
            .map(|shot| shot.format.mime())
            .unwrap_or("image/png");
        Self {
            url: observation.url.clone(),
            title: observation.title.clone(),
            tabs: observation.tabs.clone(),
            tab_header: observation.tab_header(),
            elements: observation.elements.clone(),
            som_text: observation.som_text(),
            axtree: observation.axtree.clone(),
            screenshot: encode(&observation.som_screenshot),
            clean_screenshot: encode(&observation.clean_screenshot),
            screenshot_mime: mime.to_owned(),
            blocked_url: observation.blocked_url.clone(),
            page_errors: observation.page_errors.clone(),
            cut: observation.cut.clone(),
            dialogs: observation.dialogs.clone(),
            viewport: observation.viewport,
            scroll: observation.scroll,
            timings: observation.timings.clone(),
            intent: None,
            input_images: Vec::new(),
        }
    }
}

/// A new episode and its first observation.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EpisodeCreated {
    /// Use it in later requests.
    pub episode_id: String,
    /// Whether the browser came from the warm pool.
    pub warm_start: bool,
    /// How long the episode waited for its browser, in milliseconds (0 when one was warm).
    #[serde(default)]
    pub pool_wait_ms: u64,
    /// Whether the start page was opened ahead of the request (`--prepare`): the page and
    /// this observation were made before it, for a tenant nobody had used.
    #[serde(default)]
    pub prepared: bool,
    /// What the agent sees.
    pub observation: ObservationBody,
}

impl EpisodeCreated {
    /// A new episode's start and first observation (none if it has none).
    pub fn of(episode: &Summary) -> Option<Self> {
        Some(Self {
            episode_id: episode.id.to_string(),
            warm_start: episode.start.warm_start,
            pool_wait_ms: u64::try_from(episode.start.pool_wait.as_millis()).unwrap_or(u64::MAX),
            prepared: episode.start.prepared,
            observation: ObservationBody::of_episode(episode)?,
        })
    }
}

/// What a step did.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StepResponse {
    /// The action as understood (VWA text), when it parsed.
    pub action: Option<String>,
    /// Why the action was refused or failed. An action checks its target before touching
    /// the page, so a refusal leaves the page as the action found it; `page_changed` and
    /// `observation` say how the page is now either way.
    pub error: Option<ErrorBody>,
    /// What settling waited for before the observation after the step.
    pub settle: Option<SettleReport>,
    /// Whether the observation after the step differs from the one before it (URL, title,
    /// tabs, marked elements and their values, text, scroll), refused steps included; null
    /// when none was taken (`stop`, or the browser was lost).
    #[serde(default)]
    pub page_changed: Option<bool>,
    /// Whether a tab opened and took focus.
    pub opened_tab: bool,
    /// Whether the episode ended (stop, or the browser was lost).
    pub done: bool,
    /// The answer given with stop.
    pub answer: Option<String>,
    /// The observation taken after the step, refused steps included (absent if the browser
    /// was lost; after `stop`, the one the answer was given on).
    pub observation: Option<ObservationBody>,
}

impl StepResponse {
    /// What `outcome` did to `episode`, with the observation after it.
    pub fn of_step(outcome: StepOutcome, episode: &Summary) -> Self {
        let error = outcome.error.as_ref().map(|error| ErrorBody {
            error: error.code().to_owned(),
            message: error.to_string(),
        });
        Self {
            action: outcome.action.as_ref().map(ToString::to_string),
            error,
            settle: outcome.settle,
            page_changed: outcome.page_changed,
            opened_tab: outcome.opened_tab,
            done: outcome.done,
            answer: episode.answer.clone(),
            observation: if episode.lost.is_some() {
                None
            } else {
                ObservationBody::of_episode(episode)
            },
        }
    }
}

/// An episode's state.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EpisodeSummary {
    /// Its id.
    pub episode_id: String,
    /// Active tab URL at the last observation.
    pub url: Option<String>,
    /// The stop answer, if it ended.
    pub answer: Option<String>,
    /// Why its browser is gone, if it is.
    pub lost: Option<String>,
    /// Steps so far.
    pub trajectory: Vec<TrajectoryStep>,
}

impl EpisodeSummary {
    /// The state of `episode`.
    pub fn of(episode: Summary) -> Self {
        Self {
            episode_id: episode.id.to_string(),
            url: episode
                .observation
                .as_ref()
                .map(|observation| observation.url.clone()),
            answer: episode.answer,
            lost: episode.lost,
            trajectory: std::sync::Arc::unwrap_or_clone(episode.trajectory),
        }
    }
}

/// `GET /health`.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Health {
    /// `degraded` when a site is not ready, else `exhausted` when a new episode would be
    /// refused for capacity right now (see `exhausted`), else `ok`.
    pub status: String,
    /// Browser sessions ready for new episodes.
    pub warm_sessions: usize,
    /// Browsers alive: warm, in episodes, being created or wiped.
    pub browsers: usize,
    /// The most browsers alive at once (`--max-browsers`).
    pub max_browsers: usize,
    /// Running episodes.
    pub episodes: usize,
    /// The most episodes at once (`--max-episodes`).
    pub max_episodes: usize,
    /// Whether a new episode would be refused now: the episode cap is reached, or no
    /// browser is warm and every one the ceiling allows is in use.
    pub exhausted: bool,
    /// The site clock the sites date their content against (`--clock`), RFC 3339 UTC.
    pub clock: String,
    /// Each hosted site's state (`ready` or `stopped`).
    pub sites: std::collections::BTreeMap<String, String>,
    /// Live tenants handed to browsers Agora does not drive (`POST /tenants`).
    #[serde(default)]
    pub tenants: usize,
    /// The most such tenants at once (`--max-tenants`).
    #[serde(default)]
    pub max_tenants: usize,
}

/// `?kind=` of the screenshot endpoint.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct ScreenshotQuery {
    /// `som` (default) or `clean`.
    pub kind: Option<String>,
}

/// `POST /episodes/{id}/evaluate`.
#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EvaluateRequest {
    /// `correct` (default: the server's `--eval-mode`), `vwa` or `magebench`.
    #[schema(value_type = Option<String>)]
    pub mode: Option<evaluators::EvalMode>,
}

/// The score and a per-evaluator, per-check breakdown.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EvaluationBody {
    /// The score (0–1), or null when a judge was needed but missing or failed.
    pub score: Option<f64>,
    /// The answer that was scored (the stop answer).
    pub answer: String,
    /// Everything the evaluators compared.
    #[schema(value_type = Object)]
    pub evaluation: evaluators::Evaluation,
}

/// `GET /tasks` and `POST /tasks/reload`: the usable tasks (intents only, no answers) and the
/// task files that could not be loaded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TaskList {
    /// The tasks episodes can be started from.
    pub tasks: Vec<TaskSummary>,
    /// Task files that failed to load, with why.
    pub broken: Vec<crate::env::BrokenTaskFile>,
}

impl TaskList {
    /// The list of a registry.
    pub fn of(registry: &crate::env::TaskRegistry) -> Self {
        Self {
            tasks: registry
                .tasks()
                .map(|context| TaskSummary::of(&context.name, &context.task))
                .collect(),
            broken: registry.broken().to_vec(),
        }
    }
}

/// One task in `GET /tasks` (no answers).
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TaskSummary {
    /// Pass as `task_id` to start an episode.
    pub task_id: String,
    /// What the agent is asked to do.
    pub intent: String,
    /// The sites it uses.
    pub sites: Vec<String>,
    /// How many input images it has.
    pub input_images: usize,
    /// The template it was generated from (`classifieds/colour_price`), if it was.
    #[serde(default)]
    pub template: Option<String>,
    /// `train` or `test`: the split `agora tasks generate --split` puts it in (by its
    /// template's slot values, at the default test share); null for hand-written tasks and
    /// instances of intents without slots.
    #[serde(default)]
    pub split: Option<String>,
    /// Reasoning difficulty (`easy`, `medium`, `hard`).
    #[serde(default)]
    pub reasoning_difficulty: Option<String>,
    /// Visual difficulty.
    #[serde(default)]
    pub visual_difficulty: Option<String>,
    /// Overall difficulty.
    #[serde(default)]
    pub overall_difficulty: Option<String>,
}

impl TaskSummary {
    /// What a client may know of task `name` before running it.
    pub fn of(name: &crate::env::TaskName, task: &evaluators::task::Task) -> Self {
        let template = task
            .agora
            .as_ref()
            .and_then(|agora| agora.extra.get("template"))
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned);
        Self {
            task_id: name.to_string(),
            intent: task.intent.clone(),
            sites: task.sites.clone(),
            input_images: task.input_images().len(),
            template,
            split: crate::generate::task_split(task).map(|split| {
                match split {
                    crate::generate::Split::Train => "train",
                    crate::generate::Split::Test => "test",
                }
                .to_owned()
            }),
            reasoning_difficulty: task.reasoning_difficulty.clone(),
            visual_difficulty: task.visual_difficulty.clone(),
            overall_difficulty: task.overall_difficulty.clone(),
        }
    }
}

/// One hosted site in `GET /sites`.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SiteSummary {
    /// The site's name, as task files name it (`classifieds`).
    pub name: String,
    /// Its base URL, which replaces the task placeholder (`__CLASSIFIEDS__`).
    pub url: String,
}

/// `POST /episodes/{id}/locate`: find an element's mark by CSS selector (gold replay).
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LocateRequest {
    /// A CSS selector, run in the active tab's top document.
    pub css: String,
}

/// The mark of the first element the selector matched.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LocateResponse {
    /// Its Set-of-Marks id (null: no match, or the element is not marked).
    pub id: Option<u32>,
}

/// `POST /tenants`: a private tenant for a browser Agora does not drive, for a task or none.
#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTenant {
    /// A task from the server's task directories (`classifieds/3`): the tenant then comes
    /// with its start URLs and logins, and can be evaluated against it.
    pub task_id: Option<String>,
    /// Sites whose default account is logged in besides the task's (`shopping`, `reddit`,
    /// `classifieds`): for a harness that runs many tasks on one tenant.
    #[serde(default)]
    pub logins: Vec<String>,
}

/// A cookie the harness's browser must carry on one site.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TenantCookie {
    /// Cookie name (`agora_tenant`, or a site's login session).
    pub name: String,
    /// Cookie value.
    pub value: String,
    /// The site's base URL (what WebDriver's add-cookie and Playwright's `add_cookies` take
    /// as `url`).
    pub url: String,
    /// The site's host.
    pub domain: String,
    /// Always `/`.
    pub path: String,
}

/// A cookie in Playwright's `storage_state` format.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StorageCookie {
    /// Cookie name.
    pub name: String,
    /// Cookie value.
    pub value: String,
    /// The site's host.
    pub domain: String,
    /// Always `/`.
    pub path: String,
    /// -1: a session cookie.
    pub expires: f64,
    /// True: no page script reads it.
    pub http_only: bool,
    /// False: the sites are plain HTTP.
    pub secure: bool,
    /// `Lax`.
    pub same_site: String,
}

/// A Playwright `storage_state` (`browser.new_context(storage_state=…)`, VWA's `.auth/*.json`).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StorageState {
    /// The tenant's and the logins' cookies.
    pub cookies: Vec<StorageCookie>,
    /// Always empty: nothing is kept in the sites' local storage.
    #[schema(value_type = Vec<Object>)]
    pub origins: Vec<serde_json::Value>,
}

/// A new tenant: what a harness's browser needs to browse as it.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TenantCreated {
    /// Use it to evaluate and delete the tenant.
    pub tenant_id: String,
    /// The cookies that select the tenant on every site and log in the task's sites.
    pub cookies: Vec<TenantCookie>,
    /// The same cookies as a Playwright storage state.
    pub storage_state: StorageState,
    /// The task's start URLs, one tab each, first active (empty without a task).
    pub start_urls: Vec<String>,
    /// The task, if the tenant was made for one.
    pub task: Option<TaskSummary>,
    /// The task's input images: API paths of the image bytes, or remote URLs.
    pub input_images: Vec<String>,
    /// The task's viewport (VWA's 1280×2048 without a task).
    pub viewport: Viewport,
    /// The tenant is dropped after this many seconds in which neither its browser nor the
    /// API used it.
    pub idle_timeout_s: u64,
}

impl TenantCreated {
    /// The body for `issued`; the server reaps idle tenants after `idle_timeout_s`.
    pub fn of(issued: &crate::env::IssuedTenant, idle_timeout_s: u64) -> Self {
        let cookies: Vec<TenantCookie> = issued
            .cookies
            .iter()
            .map(|cookie| TenantCookie {
                name: cookie.name.clone(),
                value: cookie.value.clone(),
                url: cookie.url.clone(),
                domain: url::Url::parse(&cookie.url)
                    .ok()
                    .and_then(|url| url.host_str().map(str::to_owned))
                    .unwrap_or_default(),
                path: "/".to_owned(),
            })
            .collect();
        let storage_state = StorageState {
            cookies: cookies
                .iter()
                .map(|cookie| StorageCookie {
                    name: cookie.name.clone(),
                    value: cookie.value.clone(),
                    domain: cookie.domain.clone(),
                    path: cookie.path.clone(),
                    expires: -1.0,
                    http_only: true,
                    secure: false,
                    same_site: "Lax".to_owned(),
                })
                .collect(),
            origins: Vec::new(),
        };
        let (task, input_images) = match &issued.task {
            Some(context) => (
                Some(TaskSummary::of(&context.name, &context.task)),
                input_image_links(
                    &context.task.input_images(),
                    &format!("/tenants/{}", issued.id),
                ),
            ),
            None => (None, Vec::new()),
        };
        Self {
            tenant_id: issued.id.to_string(),
            cookies,
            storage_state,
            start_urls: issued.start_urls.clone(),
            task,
            input_images,
            viewport: issued.viewport,
            idle_timeout_s,
        }
    }
}

/// `POST /tenants/{id}/evaluate`: the end state the harness's browser reached.
#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EvaluateTenant {
    /// The agent's answer (its `stop` text; empty if it gave none).
    #[serde(default)]
    pub answer: String,
    /// The URL of the active tab.
    pub url: String,
    /// The URLs of every open tab in order, the active one among them (default: the active
    /// tab alone).
    #[serde(default)]
    pub tabs: Vec<String>,
    /// `correct` (default: the server's `--eval-mode`), `vwa` or `magebench`.
    #[schema(value_type = Option<String>)]
    pub mode: Option<evaluators::EvalMode>,
}

impl EvaluationBody {
    /// A harness tenant's evaluation of `answer`: the score and every check's kind, result
    /// and observed side, with the reference side withheld (`expected` is empty, the AES
    /// breakdown left out), so no evaluation tells a gold answer.
    pub fn withheld(mut evaluation: evaluators::Evaluation, answer: String) -> Self {
        for report in &mut evaluation.evaluators {
            report.aes = None;
            for check in &mut report.checks {
                check.expected.clear();
            }
        }
        Self {
            score: evaluation.outcome.score(),
            answer,
            evaluation,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::input_image_links;
    use evaluators::task::InputImage;

    #[test]
    fn local_input_images_are_linked_by_their_index_among_local_files() {
        let images = [
            InputImage::Url("https://example.com/a.png".to_owned()),
            InputImage::File("b.png".to_owned()),
            InputImage::Url("https://example.com/c.png".to_owned()),
            InputImage::File("d.png".to_owned()),
        ];
        assert_eq!(
            input_image_links(&images, "/episodes/ep-1"),
            [
                "https://example.com/a.png",
                "/episodes/ep-1/input_images/0",
                "https://example.com/c.png",
                "/episodes/ep-1/input_images/1",
            ]
        );
    }
}
