//! What an AES evaluation is asked (`eval.aes`) and what it reports: plain data that the
//! task, page and evaluation modules share, so they need nothing of the scoring.

use super::interaction::Interaction;
use serde::{Deserialize, Serialize};

/// The most interaction steps of a task (a sequence counts its steps): each is carried out on
/// the target and on the generated page, and each state is measured on both.
pub const MAX_INTERACTION_STEPS: usize = 40;

/// The `eval.aes` object of a WebUI task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AesSpec {
    /// The target page's name (a folder of the WebUI site's targets).
    pub target: String,
    /// Interactions after the initial state, each followed by a measured state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interactions: Vec<Interaction>,
    /// The least AES every state must reach for the task to pass (`correct` mode's scale).
    pub pass_threshold: f64,
}

impl AesSpec {
    /// What is wrong with it, as (field, message): an empty target, a threshold outside
    /// `[0, 1]`, more than [`MAX_INTERACTION_STEPS`] steps, interactions that cannot run as
    /// written.
    pub fn problems(&self) -> Vec<(String, String)> {
        let mut problems = Vec::new();
        if self.target.trim().is_empty() {
            problems.push((
                "eval.aes.target".to_owned(),
                "name the target page (a folder of sites/webui/targets)".to_owned(),
            ));
        }
        if !(0.0..=1.0).contains(&self.pass_threshold) {
            problems.push((
                "eval.aes.pass_threshold".to_owned(),
                format!("{} is outside [0, 1]", self.pass_threshold),
            ));
        }
        let steps: usize = self
            .interactions
            .iter()
            .map(|interaction| interaction.steps().len())
            .sum();
        if steps > MAX_INTERACTION_STEPS {
            problems.push((
                "eval.aes.interactions".to_owned(),
                format!(
                    "{steps} interaction steps are more than the {MAX_INTERACTION_STEPS} an evaluation carries out; keep the states that matter"
                ),
            ));
        }
        for (index, interaction) in self.interactions.iter().enumerate() {
            for problem in interaction.problems() {
                problems.push((format!("eval.aes.interactions[{index}]"), problem));
            }
        }
        problems
    }
}

/// How one state scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateReport {
    /// `initial`, or the interaction that led to it.
    pub state: String,
    /// Its score; `None` when no target element changed in it (`correct` mode leaves it out).
    pub score: Option<f64>,
    /// What it weighs in the pooled AES (`magebench` mode: Σ area^β of its targets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    /// Why the generated page scored 0 here (it threw on load, an interaction failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// Each target element.
    pub elements: Vec<ElementReport>,
}

/// The AES and its per-state, per-element breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AesReport {
    /// The AES in `[0, 1]`: the mean over scored states (`magebench`: pooled by weight).
    pub score: f64,
    /// The lowest state score (a task passes only when it reaches the threshold).
    #[serde(default)]
    pub min_state: f64,
    /// Whether every state reached the task's pass threshold.
    #[serde(default)]
    pub passed: bool,
    /// Each state.
    pub states: Vec<StateReport>,
}

impl AesReport {
    /// A report of `score` over `states`, not yet judged against a threshold.
    pub fn new(score: f64, states: Vec<StateReport>) -> Self {
        // Nine decimals: a page identical to its target scores exactly 1, not 1 − 1e-16.
        let round = |value: f64| (value * 1e9).round() / 1e9;
        let min_state = states
            .iter()
            .filter_map(|state| state.score)
            .fold(f64::INFINITY, f64::min);
        AesReport {
            score: round(score),
            min_state: if min_state.is_finite() {
                round(min_state)
            } else {
                round(score)
            },
            passed: false,
            states,
        }
    }
}

/// An error of the page's document, as the browser reported it ([`crate::Page::page_errors`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedError {
    /// `exception` (uncaught error or rejection) or `resource` (a load failure).
    pub kind: String,
    /// What it said.
    pub message: String,
}

impl RecordedError {
    /// Whether the page threw (as opposed to a resource failing to load).
    pub fn is_exception(&self) -> bool {
        self.kind == "exception"
    }
}

/// One property of a matched pair.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PropertyScore {
    /// The property.
    pub property: String,
    /// The target's value.
    pub target: String,
    /// The generated element's value.
    pub generated: String,
    /// Their similarity in `[0, 1]`.
    pub similarity: f64,
}

/// How one target element scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElementReport {
    /// The target element.
    pub target: String,
    /// Its weight in the state (area^β).
    pub weight: f64,
    /// The generated element it was matched to, if any.
    pub matched: Option<String>,
    /// GIoU of the two boxes, when matched.
    pub giou: Option<f64>,
    /// Each `data-evalby` property, when matched.
    pub properties: Vec<PropertyScore>,
    /// The element's score in `[0, 1]` (0 when unmatched).
    pub score: f64,
    /// What else to know about how it scored (`magebench` mode: left out, properties skipped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ElementReport {
    /// A target with no generated element, weighing `weight`.
    pub fn unmatched(target: &str, weight: f64) -> Self {
        ElementReport {
            target: target.to_owned(),
            weight,
            matched: None,
            giou: None,
            properties: Vec::new(),
            score: 0.0,
            note: None,
        }
    }
}
