//! Atomic Element Similarity (MageBench's WebUI score): how closely a generated page
//! reproduces a target page, in its initial state and after each scripted interaction.
//!
//! Per state, the target's atomic elements (annotated `data-filter-by` / `data-evalby`,
//! visible, changed since the previous state) are assigned to the generated page's visible
//! elements by the Hungarian algorithm over GIoU, a filter penalty and a child-count term
//! ([`state`]); a matched pair scores the weighted mean of its properties' similarities and a
//! GIoU term ([`weights`], [`similarity`]); a state is the area^β-weighted mean over its
//! targets, and the AES is the mean over states. Elements count as changed when their outer
//! HTML, box or scored values differ, so a `:hover` style counts too (MageBench compares the
//! outer HTML only).
//!
//! The target is served to the episode's browser only while it is measured, at a one-time URL
//! from [`TargetStaging::stage`]; the measuring runs `js/aes_measure.js`.

pub mod assignment;
pub mod geometry;
pub mod similarity;
pub mod state;
pub mod weights;

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};
use crate::page::{Page, PageError};
use crate::staging::TargetStaging;
use crate::task::EvalType;
use serde::{Deserialize, Serialize};
use state::{ElementReport, PageState, score_state, targets_of};
use std::fmt;

/// The page-side measurement: every visible element with its box and computed values.
const MEASURE_JS: &str = include_str!("js/aes_measure.js");

/// The `eval.aes` object of a WebUI task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AesSpec {
    /// The target page's name (a folder of the WebUI site's targets).
    pub target: String,
    /// Interactions after the initial state, each followed by a measured state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interactions: Vec<Interaction>,
    /// The least AES that counts as a pass (`agora tasks check`, run summaries).
    pub pass_threshold: f64,
}

/// A scripted interaction on the element a CSS selector picks (the same selector on the
/// target and the generated page).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Interaction {
    /// Click it.
    Click {
        /// CSS selector.
        selector: String,
    },
    /// Move the pointer over it.
    Hover {
        /// CSS selector.
        selector: String,
    },
    /// Click it and type text.
    Type {
        /// CSS selector.
        selector: String,
        /// What to type.
        text: String,
    },
    /// Scroll it into view.
    Scroll {
        /// CSS selector.
        selector: String,
    },
}

impl Interaction {
    /// The selector of the element acted on.
    pub fn selector(&self) -> &str {
        match self {
            Interaction::Click { selector }
            | Interaction::Hover { selector }
            | Interaction::Type { selector, .. }
            | Interaction::Scroll { selector } => selector,
        }
    }
}

impl fmt::Display for Interaction {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Interaction::Click { selector } => write!(formatter, "click [{selector}]"),
            Interaction::Hover { selector } => write!(formatter, "hover [{selector}]"),
            Interaction::Type { selector, text } => {
                write!(formatter, "type [{selector}] [{text}] [0]")
            }
            Interaction::Scroll { selector } => write!(formatter, "scroll [{selector}]"),
        }
    }
}

/// How one state scored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StateReport {
    /// `initial`, or the interaction that led to it.
    pub state: String,
    /// Its score; `None` when no target element changed in it (it is then left out).
    pub score: Option<f64>,
    /// Why the generated page scored 0 here (it threw on load, an interaction failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// Each target element.
    pub elements: Vec<ElementReport>,
}

/// The AES and its per-state, per-element breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AesReport {
    /// The mean over scored states, in `[0, 1]`.
    pub score: f64,
    /// Each state.
    pub states: Vec<StateReport>,
}

/// A generated state, or why it could not be reached.
pub type GeneratedState = Result<PageState, String>;

/// Scores measured generated states against the target's (same length: the initial state,
/// then one per interaction).
pub fn score_states(
    interactions: &[Interaction],
    target: &[PageState],
    generated: &[GeneratedState],
) -> Result<AesReport, EvalError> {
    let threw = generated
        .first()
        .and_then(|state| state.as_ref().ok())
        .and_then(|state| state.errors.iter().find(|error| error.is_exception()))
        .map(|error| format!("the page threw on load: {}", error.message));
    let mut states = Vec::with_capacity(target.len());
    for (index, target_state) in target.iter().enumerate() {
        let label = match index {
            0 => "initial".to_owned(),
            _ => interactions
                .get(index - 1)
                .map_or_else(|| format!("state {index}"), Interaction::to_string),
        };
        let targets = targets_of(target_state);
        let failure = threw.clone().or_else(|| match generated.get(index) {
            Some(Ok(_)) => None,
            Some(Err(why)) => Some(why.clone()),
            None => Some("not measured".to_owned()),
        });
        let candidates = match (&failure, generated.get(index)) {
            (None, Some(Ok(state))) => state.elements.as_slice(),
            _ => &[],
        };
        let (score, elements) = score_state(&targets, candidates)?;
        states.push(StateReport {
            state: label,
            score,
            failure,
            elements,
        });
    }
    let scored: Vec<f64> = states.iter().filter_map(|state| state.score).collect();
    if scored.is_empty() {
        return Err(EvalError::config(
            "eval.aes.target",
            "the target has no visible element annotated with data-filter-by; annotate its atomic elements",
        ));
    }
    let mean = scored.iter().sum::<f64>() / scored.len() as f64;
    Ok(AesReport {
        // Nine decimals: a page identical to its target scores exactly 1, not 1 − 1e-16.
        score: (mean * 1e9).round() / 1e9,
        states,
    })
}

/// Measures the page now.
async fn measure<P: Page>(page: &mut P) -> Result<PageState, PageError> {
    let names: Vec<&str> = weights::PROPERTIES
        .iter()
        .map(|property| property.name)
        .collect();
    let value = page
        .call(MEASURE_JS, vec![serde_json::json!(names)])
        .await?;
    serde_json::from_value(value).map_err(|error| {
        PageError::Browser(format!(
            "the AES measurement returned an unexpected shape: {error}"
        ))
    })
}

/// Opens `url` and measures it, then again after each interaction. An interaction that fails
/// leaves that state as its error and the next ones are still tried.
async fn measure_states<P: Page>(
    page: &mut P,
    url: &str,
    interactions: &[Interaction],
) -> Result<Vec<GeneratedState>, EvalError> {
    page.goto(url).await?;
    let mut states = vec![Ok(measure(page).await?)];
    for interaction in interactions {
        states.push(match page.interact(interaction).await {
            Ok(()) => Ok(measure(page).await?),
            Err(error @ PageError::Interaction { .. }) => Err(error.to_string()),
            Err(error) => return Err(error.into()),
        });
    }
    Ok(states)
}

/// The `aes` evaluator: measures the target (staged for this tenant only while it is
/// measured), then the generated page at `generated_url`, and scores them.
pub async fn evaluate_aes<P: Page>(
    spec: &AesSpec,
    generated_url: &str,
    page: &mut P,
    staging: &dyn TargetStaging,
) -> Result<EvaluatorReport, EvalError> {
    let target_url = staging.stage(&spec.target).await?;
    let target = measure_states(page, &target_url, &spec.interactions).await;
    staging.release(&target_url).await?;
    let target = target?
        .into_iter()
        .enumerate()
        .map(|(index, state)| {
            state.map_err(|why| {
                EvalError::config(
                    format!("eval.aes.interactions[{}]", index.saturating_sub(1)),
                    format!("the interaction fails on the target itself: {why}"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let generated = measure_states(page, generated_url, &spec.interactions).await?;
    let report = score_states(&spec.interactions, &target, &generated)?;
    let checks = report
        .states
        .iter()
        .map(|state| {
            CheckReport::new(
                CheckKind::AesState,
                state.state.clone(),
                match (state.score, &state.failure) {
                    (_, Some(failure)) => failure.clone(),
                    (Some(score), None) => format!("{score:.4}"),
                    (None, None) => "no target element changed".to_owned(),
                },
                CheckStatus::from_pass(
                    state.score.is_none_or(|score| score >= spec.pass_threshold),
                ),
            )
        })
        .collect();
    Ok(EvaluatorReport {
        eval_type: EvalType::Aes,
        outcome: Outcome::Score(report.score),
        checks,
        aes: Some(report),
    })
}

#[cfg(test)]
mod tests {
    use super::state::RecordedError;
    use super::state::tests::element;
    use super::*;

    fn page(elements: Vec<state::MeasuredElement>) -> PageState {
        PageState {
            elements,
            errors: Vec::new(),
        }
    }

    fn button(colour: &str) -> state::MeasuredElement {
        element(
            "button",
            (0.0, 0.0, 100.0, 40.0),
            "Open",
            colour,
            Some("text"),
        )
    }

    #[test]
    fn states_average_and_failures_score_zero() {
        let click = Interaction::Click {
            selector: "#open".into(),
        };
        let mut after = button("rgb(255, 0, 0)");
        after.name = "dialog".into();
        let target = vec![
            page(vec![button("rgb(0, 0, 0)")]),
            page(vec![after.clone()]),
        ];
        let same: Vec<GeneratedState> = target.iter().cloned().map(Ok).collect();
        let report = score_states(std::slice::from_ref(&click), &target, &same).unwrap();
        assert!((report.score - 1.0).abs() < 1e-12);
        assert_eq!(report.states[1].state, "click [#open]");

        let failed = vec![
            Ok(target[0].clone()),
            Err("no element matches #open".to_owned()),
        ];
        let report = score_states(std::slice::from_ref(&click), &target, &failed).unwrap();
        assert!((report.score - 0.5).abs() < 1e-12);
        assert_eq!(
            report.states[1].failure.as_deref(),
            Some("no element matches #open")
        );

        let mut threw = target[0].clone();
        threw.errors.push(RecordedError {
            kind: "exception".into(),
            message: "x is not defined".into(),
        });
        let report = score_states(&[click], &target, &[Ok(threw), Ok(target[1].clone())]).unwrap();
        assert_eq!(report.score, 0.0);
    }

    #[test]
    fn a_state_where_nothing_changed_is_left_out() {
        let hover = Interaction::Hover {
            selector: "#x".into(),
        };
        let mut unchanged = button("rgb(0, 0, 0)");
        unchanged.changed = false;
        let target = vec![page(vec![button("rgb(0, 0, 0)")]), page(vec![unchanged])];
        let generated = vec![Ok(target[0].clone()), Err("x".to_owned())];
        let report = score_states(&[hover], &target, &generated).unwrap();
        assert_eq!(report.states[1].score, None);
        assert!((report.score - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_target_without_annotations_is_a_config_error() {
        let plain = page(vec![element("p", (0.0, 0.0, 1.0, 1.0), "p", "", None)]);
        let error =
            score_states(&[], std::slice::from_ref(&plain), &[Ok(plain.clone())]).unwrap_err();
        assert!(error.is_config(), "{error}");
    }

    #[test]
    fn interactions_read_from_task_json_and_print_as_actions() {
        let parsed: Vec<Interaction> = serde_json::from_str(
            r##"[{"action": "click", "selector": "#tab-2"},
                 {"action": "type", "selector": "input[name=q]", "text": "milk"}]"##,
        )
        .unwrap();
        assert_eq!(parsed[0].to_string(), "click [#tab-2]");
        assert_eq!(parsed[1].to_string(), "type [input[name=q]] [milk] [0]");
        assert_eq!(parsed[1].selector(), "input[name=q]");
    }
}
