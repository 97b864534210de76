//! A generated task file: VWA's fields in VWA's order, then Agora's `agora` extension
//! (`evaluators::Task` is the shape a task is read in; this is the shape one is written in).

use imagery::Picture;
use serde::Serialize;
use serde_json::{Map, Value};

/// One generated task, serialized field by field in the order VWA's files use.
#[derive(Debug, Clone, Serialize)]
pub struct TaskFile {
    /// VWA's site names.
    pub sites: Vec<String>,
    /// The id within its site folder (0 until the suite numbers it).
    pub task_id: u64,
    /// Whether the agent starts logged in.
    pub require_login: bool,
    /// Always `null`: a generated task logs in through `require_login`.
    pub storage_state: Option<String>,
    /// Where the agent starts.
    pub start_url: String,
    /// Always `null`.
    pub geolocation: Option<Value>,
    /// The template's intent, placeholders unfilled.
    pub intent_template: String,
    /// The intent's slot values.
    pub instantiation_dict: Map<String, Value>,
    /// The filled intent.
    pub intent: String,
    /// The input images: `null`, one path or a list of paths.
    pub image: Value,
    /// Whether the sites are reset before the task.
    pub require_reset: bool,
    /// The filled evaluation.
    pub eval: Value,
    /// `easy`, `medium` or `hard`.
    pub reasoning_difficulty: &'static str,
    /// `easy`, `medium` or `hard`.
    pub visual_difficulty: &'static str,
    /// `easy`, `medium` or `hard`.
    pub overall_difficulty: &'static str,
    /// The template's comments (empty when it has none).
    pub comments: String,
    /// The template's id.
    pub intent_template_id: u64,
    /// Agora's extension.
    pub agora: AgoraFields,
}

/// The `agora` object of a generated task.
#[derive(Debug, Clone, Serialize)]
pub struct AgoraFields {
    /// The name of the template whose question it asks (`forum/ranked_score`).
    pub template: String,
    /// The template file that made it, when that is a `question_of` variant
    /// (`classifieds/absent_colour_city`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// What the picture shows that the text does not say.
    pub visual_fact: String,
    /// The evaluation types, `n/a` for an N/A answer, then the template's tags.
    pub tags: Vec<String>,
    /// The template's filled notes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The specs of the input images a visual question asks about.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub input_pictures: Vec<InputPicture>,
    /// The gold path.
    pub gold: Vec<Value>,
    /// Wrong end states the evaluation must score 0.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decoys: Vec<Decoy>,
}

/// An input image and what it shows.
#[derive(Debug, Clone, Serialize)]
pub struct InputPicture {
    /// Its path, relative to the task file.
    pub image: String,
    /// What it shows.
    pub picture: Picture,
}

/// A decoy: why it is wrong, and its steps.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decoy {
    /// Why it is wrong.
    pub why: String,
    /// Its steps.
    pub steps: Vec<Value>,
}
