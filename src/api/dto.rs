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

/// `POST /episodes/{id}/step`.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
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
            body.input_images = input_image_links(&context.task.input_images(), &episode.id.0);
        }
        Some(body)
    }
}

/// What an observation shows for a task's input images: remote ones by URL, local files by
/// the API path that serves them (that route numbers the local files only).
fn input_image_links(images: &[evaluators::task::InputImage], episode: &str) -> Vec<String> {
    let mut local_index = 0;
    images
        .iter()
        .map(|image| match image {
            evaluators::task::InputImage::Url(url) => url.clone(),
            evaluators::task::InputImage::File(_) => {
                local_index += 1;
                format!("/episodes/{episode}/input_images/{}", local_index - 1)
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
    /// Why the action was refused or failed; the page is unchanged then.
    pub error: Option<ErrorBody>,
    /// What settling waited for.
    pub settle: Option<SettleReport>,
    /// Whether a tab opened and took focus.
    pub opened_tab: bool,
    /// Whether the episode ended (stop, or the browser was lost).
    pub done: bool,
    /// The answer given with stop.
    pub answer: Option<String>,
    /// The current observation (absent if the browser was lost).
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
            trajectory: episode.trajectory,
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
    /// Each hosted site's state (`ready` or `stopped`).
    pub sites: std::collections::BTreeMap<String, String>,
}

/// `?kind=` of the screenshot endpoint.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ScreenshotQuery {
    /// `som` (default) or `clean`.
    pub kind: Option<String>,
}

/// `POST /episodes/{id}/evaluate`.
#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
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
                .map(|context| TaskSummary {
                    task_id: context.name.to_string(),
                    intent: context.task.intent.clone(),
                    sites: context.task.sites.clone(),
                    input_images: context.task.input_images().len(),
                })
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
            input_image_links(&images, "ep-1"),
            [
                "https://example.com/a.png",
                "/episodes/ep-1/input_images/0",
                "https://example.com/c.png",
                "/episodes/ep-1/input_images/1",
            ]
        );
    }
}
