//! Replaying a task's gold trajectory: each step's locator (CSS selector, text, or role and
//! name) is resolved to the Set-of-Marks id the agent would have used, then acted on.

use crate::act::Action;
use crate::env::EpisodeHandle;
use crate::observe::{Observation, SomElement, SomId};
use evaluators::task::{GoldStep, Locator};
use serde_json::{Value, json};
use std::sync::Arc;

/// Why a gold step could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The locator matches no marked element of the current observation.
    #[error(
        "step {step}: no marked element matches {locator} (is it on screen? add a scroll step)"
    )]
    NotFound {
        /// 1-based step number.
        step: usize,
        /// The locator, as JSON.
        locator: String,
    },
    /// The step is not a valid action once its id is filled in.
    #[error("step {step}: {message}")]
    BadStep {
        /// 1-based step number.
        step: usize,
        /// What is wrong.
        message: String,
    },
    /// The action was refused or failed.
    #[error("step {step} `{action}` failed: {message}")]
    Failed {
        /// 1-based step number.
        step: usize,
        /// The action.
        action: String,
        /// The error.
        message: String,
    },
}

/// What resolving a locator needs: the marked elements of the current observation, and the
/// mark of the first element a CSS selector matches in the live page.
pub trait MarkLookup {
    /// The marked elements of the current observation (None before the first one).
    fn elements(&self) -> Option<&[SomElement]>;
    /// The mark of the first element `css` matches (None: no match, or not marked).
    fn mark_of_css(&self, css: &str) -> impl Future<Output = Result<Option<SomId>, String>> + Send;
}

/// A running episode's marks, as its last observation showed them, and its live page.
#[derive(Debug)]
pub struct EpisodeLookup {
    episode: EpisodeHandle,
    observation: Option<Arc<Observation>>,
}

impl EpisodeLookup {
    /// The lookup over `episode` as it is now.
    pub async fn of(episode: &EpisodeHandle) -> Self {
        Self {
            episode: episode.clone(),
            observation: episode.summary().await.observation,
        }
    }
}

impl MarkLookup for EpisodeLookup {
    fn elements(&self) -> Option<&[SomElement]> {
        self.observation
            .as_deref()
            .map(|observation| observation.elements.as_slice())
    }

    async fn mark_of_css(&self, css: &str) -> Result<Option<SomId>, String> {
        self.episode
            .locate(css)
            .await
            .map_err(|error| error.to_string())
    }
}

/// Resolves a locator against the current observation.
async fn resolve<L: MarkLookup>(
    lookup: &L,
    step: usize,
    locator: &Locator,
) -> Result<SomId, ReplayError> {
    let not_found = || ReplayError::NotFound {
        step,
        locator: serde_json::to_string(locator).unwrap_or_default(),
    };
    let elements = lookup.elements().ok_or_else(not_found)?;
    let found = match locator {
        Locator::Css { css } => {
            lookup
                .mark_of_css(css)
                .await
                .map_err(|message| ReplayError::BadStep {
                    step,
                    message: format!("selector `{css}`: {message}"),
                })?
        }
        Locator::Text { text } => {
            let wanted = text.trim();
            elements
                .iter()
                .find(|element| {
                    element.display_text().trim() == wanted || element.text.trim() == wanted
                })
                .or_else(|| {
                    elements
                        .iter()
                        .find(|element| element.display_text().trim().eq_ignore_ascii_case(wanted))
                })
                .map(|element| element.id)
        }
        Locator::Role { role, name } => elements
            .iter()
            .find(|element| element.role == *role && element.name.trim() == name.trim())
            .map(|element| element.id),
    };
    found
        .filter(|id| elements.iter().any(|element| element.id == *id))
        .ok_or_else(not_found)
}

/// A task's gold trajectory, which must end with `stop`.
pub fn gold_steps(task: &evaluators::Task) -> Result<Vec<GoldStep>, ReplayError> {
    let steps = task
        .agora
        .as_ref()
        .map(|agora| agora.gold.clone())
        .unwrap_or_default();
    ending_with_stop(steps, "gold trajectory")
}

/// `steps` if they end with `stop` (`what` names the trajectory in the error).
pub fn ending_with_stop(steps: Vec<GoldStep>, what: &str) -> Result<Vec<GoldStep>, ReplayError> {
    if steps.last().is_none_or(|step| step.action != "stop") {
        return Err(ReplayError::BadStep {
            step: steps.len(),
            message: format!("the {what} must end with stop"),
        });
    }
    Ok(steps)
}

/// The action a gold step stands for, with its locator resolved.
pub async fn resolve_step<L: MarkLookup>(
    lookup: &L,
    number: usize,
    step: &GoldStep,
) -> Result<Action, ReplayError> {
    let id = match &step.target {
        Some(locator) => Some(resolve(lookup, number, locator).await?),
        None => None,
    };
    gold_action(step, id).map_err(|message| ReplayError::BadStep {
        step: number,
        message,
    })
}

/// The action a gold step stands for once its target is element `id`, parsed by the real
/// action grammar; `Err` says what is wrong with the step.
pub fn gold_action(step: &GoldStep, id: Option<SomId>) -> Result<Action, String> {
    let mut fields = step.args.clone();
    fields.insert("action".into(), Value::String(step.action.clone()));
    if let Some(answer) = &step.answer {
        fields.insert("answer".into(), Value::String(answer.clone()));
    }
    if let Some(id) = id {
        fields.insert("id".into(), json!(id.0));
    }
    serde_json::from_value(Value::Object(fields)).map_err(|error| {
        let message = error.to_string();
        if message.contains("missing field `id`") {
            format!(
                "`{}` needs a target locator ({{\"css\"}}, {{\"text\"}} or {{\"role\", \"name\"}})",
                step.action
            )
        } else {
            format!("not a valid `{}` action: {message}", step.action)
        }
    })
}

/// Checks a gold step against the action grammar without a page (`agora tasks lint`): a
/// targeted step is parsed with a stand-in element id.
pub fn check_gold_step(step: &GoldStep) -> Result<(), String> {
    let stand_in = step.target.as_ref().map(|_| SomId(1));
    gold_action(step, stand_in).map(|_| ())
}
