//! The trajectory file: what an episode recording (`data/trajectories/<episode>/`) and each
//! task of a run (`<out>/trajectories/<task>/`) keep, in one format — every observation the
//! agent was given (SoM text and element list, tabs and tab header, the accessibility tree
//! when asked, page errors, dialogs, the screenshots as files beside it), and per step the
//! messages sent to the model, its raw reply, the parsed action and its target, the result,
//! the settle report and the timings; at the end the answer and the evaluation, check by
//! check. The format is versioned ([`FORMAT_VERSION`]); its JSON Schema is
//! `schemas/trajectory.v1.schema.json` ([`json_schema`], documented in docs/trajectory.md).

use crate::act::Action;
use crate::api::ObservationBody;
use crate::browser::{Dialog, SettleReport, Viewport};
use crate::observe::TabInfo;
use crate::observe::{ImageFormat, Observation, ObserveTimings, ScrollState, SomElement, SomId};
use crate::run::StopReason;
use evaluators::Evaluation;
use evaluators::chat::Usage;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The version of the format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The trajectory file's name in its folder (written when the episode or task ends).
pub const TRAJECTORY_FILE: &str = "trajectory.json";
/// The step log's name in its folder: one [`StepRecord`] per line, appended and synced as
/// each step happens, so a crash loses at most the step in flight.
pub const STEPS_FILE: &str = "steps.jsonl";
/// Where the schema is kept in the repository.
pub const SCHEMA_PATH: &str = "schemas/trajectory.v1.schema.json";

/// A whole trajectory (`trajectory.json`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Trajectory {
    /// The format's version ([`FORMAT_VERSION`]).
    pub format_version: u32,
    /// The episode's id, for an episode recorded by the server.
    #[serde(default)]
    pub episode: Option<String>,
    /// The task's name (`classifieds/3`), for task episodes.
    #[serde(default)]
    pub task: Option<String>,
    /// The task's intent.
    #[serde(default)]
    pub intent: Option<String>,
    /// The sites the task uses.
    #[serde(default)]
    pub sites: Vec<String>,
    /// The task's input images copied beside the file (file names), in order.
    #[serde(default)]
    pub input_images: Vec<String>,
    /// The first observation.
    #[serde(default)]
    pub start: Option<ObservationRecord>,
    /// The steps, in order.
    #[serde(default)]
    pub steps: Vec<StepRecord>,
    /// The `stop` answer.
    #[serde(default)]
    pub answer: Option<String>,
    /// Why the episode ended, for a task of a run.
    #[serde(default)]
    pub stop_reason: Option<StopReason>,
    /// What broke, if something did.
    #[serde(default)]
    pub error: Option<String>,
    /// The evaluation, check by check (the last one, when the episode was evaluated twice).
    #[serde(default)]
    pub evaluation: Option<Evaluation>,
}

/// One step: what the agent was asked and answered, what it did and what came of it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepRecord {
    /// 1-based.
    pub number: usize,
    /// The observation the action was chosen from, when it is not the one the previous step
    /// (or the start) left: the agent observed again in between. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acted_on: Option<ObservationRecord>,
    /// The messages sent to the model for this step, in order (model agents only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prompt: Vec<PromptMessage>,
    /// What the agent gave, as given: a model's whole reply (prose and fences included), or
    /// the action text or JSON a client sent.
    pub reply: String,
    /// The action as understood (absent when the reply held none).
    pub action: Option<String>,
    /// The element the action targets (`click [12]` → 12), on the observation acted on.
    #[serde(default)]
    pub target: Option<SomId>,
    /// Why the action was refused or failed.
    #[serde(default)]
    pub error: Option<StepError>,
    /// What settling waited for after the action.
    #[serde(default)]
    pub settle: Option<SettleReport>,
    /// The observation taken after the step (absent when none was: the agent still has the
    /// one before).
    #[serde(default)]
    pub observation: Option<ObservationRecord>,
    /// Where the time went.
    #[serde(default)]
    pub timings: StepTimings,
    /// Tokens of this turn, when the model reports them.
    #[serde(default)]
    pub tokens: Option<Usage>,
}

impl StepRecord {
    /// The element `action` targets.
    pub fn target_of(action: Option<&Action>) -> Option<SomId> {
        action.and_then(Action::target)
    }
}

/// A refusal or failure, in the API's error shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepError {
    /// Stable snake_case code (`stale_element`, `not_interactable`, …).
    pub error: String,
    /// What happened and what to do.
    pub message: String,
}

/// How long a step took, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StepTimings {
    /// The agent's time to choose: the model call for a run's agent; for an episode
    /// recorded by the server, the time since the previous step (or the start) was answered.
    #[serde(default)]
    pub agent_ms: Option<u64>,
    /// The environment's time to act, settle and observe.
    pub step_ms: u64,
}

/// What the agent was shown at one moment.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObservationRecord {
    /// The active tab's URL.
    pub url: String,
    /// The active tab's title.
    pub title: String,
    /// Every tab.
    pub tabs: Vec<TabInfo>,
    /// VWA's tab header (`Tab 0 (current): … | Tab 1: …`).
    pub tab_header: String,
    /// The marked elements.
    pub elements: Vec<SomElement>,
    /// VWA's SoM text, as the agent read it.
    pub som_text: String,
    /// The accessibility-tree text, when it was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub axtree: Option<String>,
    /// The Set-of-Marks screenshot (a file name beside the trajectory), when one was taken.
    #[serde(default)]
    pub screenshot: Option<String>,
    /// The screenshot without marks, when one was taken.
    #[serde(default)]
    pub clean_screenshot: Option<String>,
    /// The viewport (the screenshots' coordinate space), in CSS px.
    pub viewport: Viewport,
    /// The scroll position.
    pub scroll: ScrollState,
    /// The URL the fence refused, when the tab shows its block page.
    #[serde(default)]
    pub blocked_url: Option<String>,
    /// Uncaught errors and failed loads the page recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub page_errors: Vec<String>,
    /// JavaScript dialogs pages opened (each answered at once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dialogs: Vec<Dialog>,
    /// Where the observation's time went.
    #[serde(default)]
    pub timings: ObserveTimings,
}

/// The screenshot files of the `index`-th observation of a trajectory (the start is 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShotNames {
    /// The Set-of-Marks screenshot's file.
    pub som: String,
    /// The clean screenshot's file.
    pub clean: String,
}

impl ShotNames {
    /// `observation_007.png` and `observation_007_clean.png`.
    pub fn of(index: usize, format: ImageFormat) -> Self {
        let extension = match format {
            ImageFormat::Png => "png",
            ImageFormat::Jpeg => "jpg",
        };
        Self {
            som: format!("observation_{index:03}.{extension}"),
            clean: format!("observation_{index:03}_clean.{extension}"),
        }
    }
}

impl ObservationRecord {
    /// The record of `observation`, the `index`-th of its trajectory.
    pub fn of(observation: &Observation, index: usize) -> Self {
        let format = observation
            .som_screenshot
            .as_ref()
            .or(observation.clean_screenshot.as_ref())
            .map_or(ImageFormat::Png, |shot| shot.format);
        let names = ShotNames::of(index, format);
        Self {
            url: observation.url.clone(),
            title: observation.title.clone(),
            tabs: observation.tabs.clone(),
            tab_header: observation.tab_header(),
            elements: observation.elements.clone(),
            som_text: observation.som_text(),
            axtree: observation.axtree.clone(),
            screenshot: observation.som_screenshot.as_ref().map(|_| names.som),
            clean_screenshot: observation.clean_screenshot.as_ref().map(|_| names.clean),
            viewport: observation.viewport,
            scroll: observation.scroll,
            blocked_url: observation.blocked_url.clone(),
            page_errors: observation.page_errors.clone(),
            dialogs: observation.dialogs.clone(),
            timings: observation.timings.clone(),
        }
    }

    /// The record of an observation received over the API, the `index`-th of its trajectory.
    pub fn of_body(body: &ObservationBody, index: usize) -> Self {
        let format = match body.screenshot_mime.as_str() {
            "image/jpeg" => ImageFormat::Jpeg,
            _ => ImageFormat::Png,
        };
        let names = ShotNames::of(index, format);
        Self {
            url: body.url.clone(),
            title: body.title.clone(),
            tabs: body.tabs.clone(),
            tab_header: body.tab_header.clone(),
            elements: body.elements.clone(),
            som_text: body.som_text.clone(),
            axtree: body.axtree.clone(),
            screenshot: body.screenshot.as_ref().map(|_| names.som),
            clean_screenshot: body.clean_screenshot.as_ref().map(|_| names.clean),
            viewport: body.viewport,
            scroll: body.scroll,
            blocked_url: body.blocked_url.clone(),
            page_errors: body.page_errors.clone(),
            dialogs: body.dialogs.clone(),
            timings: body.timings.clone(),
        }
    }
}

/// One message sent to the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PromptMessage {
    /// `system` or `user`.
    pub role: String,
    /// Its parts, in order.
    pub content: Vec<PromptPart>,
}

/// A part of a message: its text verbatim, images by reference (the bytes are files beside
/// the trajectory).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum PromptPart {
    /// Text, as sent.
    Text {
        /// The text.
        text: String,
    },
    /// A screenshot of the observation the step acted on.
    Screenshot {
        /// Which of its screenshots.
        kind: ShotKind,
    },
    /// One of the task's input images (an index into `input_images`).
    InputImage {
        /// Its position among the copied input images.
        index: usize,
    },
    /// An image sent by URL (a task's remote input image).
    ImageUrl {
        /// The URL.
        url: String,
    },
}

/// Which screenshot of an observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShotKind {
    /// With numbered boxes.
    Som,
    /// Without marks.
    Clean,
}

/// Reads a trajectory folder: `trajectory.json` when the episode or task ended, else the
/// steps appended so far to `steps.jsonl` (a torn last line is dropped).
pub fn read_folder(folder: &std::path::Path) -> Result<Trajectory, ReadError> {
    let whole = folder.join(TRAJECTORY_FILE);
    match std::fs::read(&whole) {
        Ok(bytes) => parse(&bytes).map_err(|message| ReadError::Format {
            path: whole.display().to_string(),
            message,
        }),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            let path = folder.join(STEPS_FILE);
            let text = std::fs::read_to_string(&path).map_err(|error| ReadError::Io {
                path: path.display().to_string(),
                message: error.to_string(),
            })?;
            let steps = text
                .lines()
                .filter_map(|line| serde_json::from_str::<StepRecord>(line).ok())
                .collect();
            Ok(Trajectory {
                format_version: FORMAT_VERSION,
                steps,
                ..Trajectory::default()
            })
        }
        Err(error) => Err(ReadError::Io {
            path: whole.display().to_string(),
            message: error.to_string(),
        }),
    }
}

/// Parses `trajectory.json`, refusing other versions with a message that says so.
pub fn parse(bytes: &[u8]) -> Result<Trajectory, String> {
    #[derive(Deserialize)]
    struct Version {
        format_version: Option<u32>,
    }
    let version = serde_json::from_slice::<Version>(bytes)
        .map_err(|error| format!("not a trajectory file: {error}"))?;
    match version.format_version {
        Some(FORMAT_VERSION) => {
            serde_json::from_slice(bytes).map_err(|error| format!("not a trajectory file: {error}"))
        }
        Some(other) => Err(format!(
            "trajectory format {other}; this build reads format {FORMAT_VERSION}"
        )),
        None => Err(format!(
            "a trajectory from before format {FORMAT_VERSION} (no `format_version`); run the task again to record it in full"
        )),
    }
}

/// Why a trajectory folder could not be read.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// A file is not a trajectory of this format.
    #[error("{path}: {message}")]
    Format {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
}

/// The JSON Schema (draft 2020-12) of [`Trajectory`], as kept in [`SCHEMA_PATH`].
pub fn json_schema() -> serde_json::Value {
    let mut schema = serde_json::to_value(schemars::schema_for!(Trajectory))
        .unwrap_or_else(|error| unreachable!("a schema serializes: {error}"));
    if let Some(object) = schema.as_object_mut() {
        object.insert(
            "$id".into(),
            "https://agora.invalid/schemas/trajectory.v1.schema.json".into(),
        );
        object.insert(
            "title".into(),
            format!("Agora trajectory, format {FORMAT_VERSION}").into(),
        );
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_schema_is_the_schema_of_this_build() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SCHEMA_PATH);
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        let mut generated = serde_json::to_string_pretty(&json_schema()).unwrap();
        generated.push('\n');
        if kept != generated {
            if std::env::var_os("AGORA_WRITE_SCHEMA").is_some() {
                std::fs::write(&path, &generated).unwrap();
                return;
            }
            panic!(
                "{SCHEMA_PATH} differs from the trajectory types: if the change is meant, raise FORMAT_VERSION when old files no longer read, and rewrite the file with AGORA_WRITE_SCHEMA=1 cargo test trajectory"
            );
        }
    }

    #[test]
    fn other_versions_are_refused_by_name() {
        let old = parse(br#"{"task": "x", "steps": []}"#).unwrap_err();
        assert!(old.contains("before format 1"), "{old}");
        let newer = parse(br#"{"format_version": 9}"#).unwrap_err();
        assert!(newer.contains("format 9"), "{newer}");
        let current = parse(br#"{"format_version": 1, "steps": []}"#).unwrap();
        assert!(current.steps.is_empty());
        let unknown = parse(br#"{"format_version": 1, "stpes": []}"#).unwrap_err();
        assert!(unknown.contains("stpes"), "{unknown}");
    }

    #[test]
    fn screenshot_files_are_named_by_observation() {
        let names = ShotNames::of(7, ImageFormat::Jpeg);
        assert_eq!(names.som, "observation_007.jpg");
        assert_eq!(names.clean, "observation_007_clean.jpg");
    }
}
