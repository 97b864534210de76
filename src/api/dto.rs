//! The JSON shapes of the API (requests and responses).

use crate::browser::{SettleReport, Viewport};
use crate::env::TrajectoryStep;
use crate::observe::{
    Observation, ObserveOptions, ObserveTimings, ScrollState, SomElement, TabInfo,
};
use base64::Engine;
use serde::{Deserialize, Serialize};

use super::error::ErrorBody;

/// `POST /episodes`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateEpisode {
    /// Start URL; several separated by ` |AND| ` open one tab each (first active).
    pub start_url: String,
    /// Viewport (default 1280×2048).
    pub viewport: Option<Viewport>,
    /// Observation options for this episode.
    #[serde(default)]
    pub observe: ObserveOptions,
}

/// `POST /episodes/{id}/step`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StepRequest {
    /// VWA text (`"click [12]"`, model output with ``` fences is fine) or the JSON form
    /// (`{"action": "click", "id": 12}`).
    #[schema(value_type = Object)]
    pub action: serde_json::Value,
}

/// An observation as JSON; screenshots are base64.
#[derive(Debug, Serialize, utoipa::ToSchema)]
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
    /// Viewport size.
    pub viewport: Viewport,
    /// Scroll position.
    pub scroll: ScrollState,
    /// Where the time went.
    pub timings: ObserveTimings,
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
            viewport: Viewport {
                width: observation.viewport.0,
                height: observation.viewport.1,
            },
            scroll: observation.scroll,
            timings: observation.timings.clone(),
        }
    }
}

/// A new episode and its first observation.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EpisodeCreated {
    /// Use it in later requests.
    pub episode_id: String,
    /// Whether the browser came from the warm pool.
    pub warm_start: bool,
    /// What the agent sees.
    pub observation: ObservationBody,
}

/// What a step did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
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

/// An episode's state.
#[derive(Debug, Serialize, utoipa::ToSchema)]
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

/// `GET /health`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    /// Always `ok` when the server answers.
    pub status: String,
    /// Browser sessions ready for new episodes.
    pub warm_sessions: usize,
    /// Running episodes.
    pub episodes: usize,
}

/// `?kind=` of the screenshot endpoint.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ScreenshotQuery {
    /// `som` (default) or `clean`.
    pub kind: Option<String>,
}
