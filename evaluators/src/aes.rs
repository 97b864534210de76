//! Atomic Element Similarity (MageBench's WebUI score): how closely a generated page
//! reproduces a target page, in its initial state and after each scripted interaction
//! ([`interaction`]).
//!
//! Two modes. `correct` (Agora's, [`state`]): per state, the target's atomic elements
//! (annotated `data-filter-by` / `data-evalby`, visible, changed since the previous state) are
//! assigned to the generated page's visible elements by the Hungarian algorithm over GIoU, a
//! filter penalty and a child-count term; a matched pair scores the weighted mean of its
//! properties' similarities and a GIoU term ([`weights`], [`similarity`]); a state is the
//! area^β-weighted mean over its targets; the AES is the mean over states, and a task passes
//! only when every state reaches the threshold. Elements count as changed when their outer
//! HTML, box or scored values differ, so a `:hover` style counts too. A page that throws on
//! load scores 0, and so does a state whose interaction failed. `magebench`
//! ([`magebench`]): what MageBench's own code computes, for comparable numbers.
//!
//! The target is served to the episode's browser only while it is measured, at a one-time URL
//! from [`TargetStaging::stage`]; its measured states are kept for later evaluations in the
//! same layout ([`kept`]).

pub mod assignment;
pub mod geometry;
pub mod interaction;
pub mod kept;
pub mod magebench;
pub mod model;
pub mod similarity;
pub mod state;
pub mod weights;

pub use interaction::{Interaction, InteractionKey, WaitUntil};
pub use model::{AesReport, AesSpec, MAX_INTERACTION_STEPS, StateReport};

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};
use crate::mode::EvalMode;
use crate::page::{Page, PageError, Window};
use crate::staging::SiteAccess;
use crate::task::EvalType;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use state::{PageState, score_state, targets_of};

/// The page side of `correct` mode: every visible element with its box and computed values.
pub const MEASURE_JS: &str = concat!(
    include_str!("js/aes_common.js"),
    include_str!("js/aes_measure.js")
);

/// The most elements measured on a page; a generated page with more fails its state.
pub const MAX_ELEMENTS: usize = 5_000;

/// A generated state, or why it could not be reached.
pub type GeneratedState<T = PageState> = Result<T, String>;

/// The label of state `index`: `initial`, then the interaction that led to it.
pub(crate) fn state_label(interactions: &[Interaction], index: usize) -> String {
    match index {
        0 => "initial".to_owned(),
        _ => interactions
            .get(index - 1)
            .map_or_else(|| format!("state {index}"), Interaction::to_string),
    }
}

/// Scores measured generated states against the target's in `correct` mode (same length:
/// the initial state, then one per interaction).
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
            state: state_label(interactions, index),
            // A failed state costs, even where no target changed.
            score: if failure.is_some() { Some(0.0) } else { score },
            weight: None,
            failure,
            elements,
        });
    }
    if target.iter().all(|state| targets_of(state).is_empty()) {
        return Err(no_targets());
    }
    let scored: Vec<f64> = states.iter().filter_map(|state| state.score).collect();
    let mean = scored.iter().sum::<f64>() / scored.len() as f64;
    Ok(AesReport::new(mean, states))
}

fn no_targets() -> EvalError {
    EvalError::config(
        "eval.aes.target",
        "the target has no visible element annotated with data-filter-by; annotate its atomic elements",
    )
}

/// How a page is measured: a measuring script and its arguments, whether the page's recorded
/// errors go with it, and the window the page is laid out in (`None`: the episode's; `Some`:
/// with classic scrollbars, `magebench` mode).
struct Measurement<'a> {
    script: &'a str,
    args: Vec<Value>,
    with_errors: bool,
    window: Option<Window>,
}

impl Measurement<'_> {
    /// What identifies the target's states measured this way in an episode laid out in
    /// `layout`: the target, its interactions, the script with its arguments, the window.
    fn key(&self, spec: &AesSpec, layout: Window) -> String {
        use std::hash::{Hash, Hasher};
        let mut script = std::collections::hash_map::DefaultHasher::new();
        self.script.hash(&mut script);
        format!(
            "{} {} {:016x} {} {} {:?} {}x{}",
            spec.target,
            serde_json::to_string(&spec.interactions).unwrap_or_default(),
            script.finish(),
            Value::Array(self.args.clone()),
            self.with_errors,
            self.window,
            layout.width,
            layout.height
        )
    }
}

/// Opens `url` and measures it, then again after each interaction. An interaction that fails
/// leaves that state as its error and the next ones are still tried; a page with more than
/// [`MAX_ELEMENTS`] elements fails the state. The states come as the page script returned them
/// ([`shaped`] reads them).
async fn measure_states<P: Page>(
    page: &mut P,
    url: &str,
    interactions: &[Interaction],
    measurement: &Measurement<'_>,
) -> Result<Vec<GeneratedState<Value>>, EvalError> {
    if let Some(window) = measurement.window {
        page.emulate_window(Some(window)).await?;
    }
    page.goto(url).await?;
    let mut states = vec![measure(page, measurement).await?];
    for interaction in interactions {
        states.push(match page.interact(interaction).await {
            Ok(()) => measure(page, measurement).await?,
            Err(error @ PageError::Interaction { .. }) => Err(error.to_string()),
            Err(error) => return Err(error.into()),
        });
    }
    Ok(states)
}

/// Measures the page now.
async fn measure<P: Page>(
    page: &mut P,
    measurement: &Measurement<'_>,
) -> Result<GeneratedState<Value>, PageError> {
    if let Some(window) = measurement.window {
        fit_scrollbars(page, window).await?;
    }
    let mut value = page
        .measure(measurement.script, measurement.args.clone())
        .await?;
    if measurement.with_errors {
        value["errors"] = json!(page.page_errors().await?);
    }
    if value["truncated"] == json!(true) {
        return Ok(Err(format!(
            "the page has more than {MAX_ELEMENTS} visible elements; AES measures at most that many"
        )));
    }
    Ok(Ok(value))
}

/// A measured state read as `T`.
fn shaped<T: DeserializeOwned>(state: &Value) -> Result<T, PageError> {
    T::deserialize(state).map_err(|error| {
        PageError::Browser(format!(
            "the AES measurement returned an unexpected shape: {error}"
        ))
    })
}

/// Measured states read as `T` (failed states stay failed).
fn shaped_states<T: DeserializeOwned>(
    states: &[GeneratedState<Value>],
) -> Result<Vec<GeneratedState<T>>, PageError> {
    states
        .iter()
        .map(|state| match state {
            Ok(value) => shaped(value).map(Ok),
            Err(why) => Ok(Err(why.clone())),
        })
        .collect()
}

/// Lays the page out in `window` less the scrollbars it would show there.
async fn fit_scrollbars<P: Page>(page: &mut P, window: Window) -> Result<(), PageError> {
    let shown = page.call(magebench::SCROLLBARS_JS, Vec::new()).await?;
    let room = |index: usize| {
        if shown[index] == json!(true) {
            magebench::SCROLLBAR_PX
        } else {
            0
        }
    };
    page.emulate_window(Some(Window {
        width: window.width - room(0),
        height: window.height - room(1),
    }))
    .await
}

/// The target's states: kept from an earlier evaluation in the same layout, or measured
/// (staged for this tenant only while it is measured) and kept; an interaction the target
/// itself cannot take is a task error.
async fn measure_target<P: Page, T: DeserializeOwned>(
    spec: &AesSpec,
    page: &mut P,
    sites: SiteAccess<'_>,
    measurement: &Measurement<'_>,
) -> Result<Vec<T>, EvalError> {
    let kept = sites
        .kept_targets
        .map(|(kept, layout)| (kept, measurement.key(spec, layout)));
    let states = match kept.as_ref().and_then(|(kept, key)| kept.get(key)) {
        Some(states) => states,
        None => {
            let states =
                std::sync::Arc::new(measure_target_afresh(spec, page, sites, measurement).await?);
            if let Some((kept, key)) = kept {
                kept.keep(key, std::sync::Arc::clone(&states));
            }
            states
        }
    };
    Ok(states.iter().map(shaped).collect::<Result<_, _>>()?)
}

/// Stages the target, measures its states and releases it.
async fn measure_target_afresh<P: Page>(
    spec: &AesSpec,
    page: &mut P,
    sites: SiteAccess<'_>,
    measurement: &Measurement<'_>,
) -> Result<Vec<Value>, EvalError> {
    let staging = sites.staging()?;
    let target_url = staging.stage(&spec.target).await?;
    let target = measure_states(page, &target_url, &spec.interactions, measurement).await;
    staging.release(&target_url).await?;
    target?
        .into_iter()
        .enumerate()
        .map(|(index, state)| {
            state.map_err(|why| {
                let field = match index {
                    0 => "eval.aes.target".to_owned(),
                    _ => format!("eval.aes.interactions[{}]", index - 1),
                };
                EvalError::config(field, format!("the target itself fails: {why}"))
            })
        })
        .collect()
}

/// `magebench` mode: the target's states (its annotated elements, every value a property may
/// need), then the generated page's (every element, the values the target's annotations
/// need), scored as MageBench does.
async fn magebench_report<P: Page>(
    spec: &AesSpec,
    generated_url: &str,
    page: &mut P,
    sites: SiteAccess<'_>,
) -> Result<AesReport, EvalError> {
    let measurement = |keys: Vec<String>, annotated_only: bool| Measurement {
        script: magebench::MEASURE_JS,
        args: vec![json!(keys), json!(annotated_only), json!(MAX_ELEMENTS)],
        with_errors: false,
        window: Some(magebench::WINDOW),
    };
    let all_keys = magebench::properties::all_keys()
        .into_iter()
        .map(str::to_owned)
        .collect();
    let target: Vec<magebench::SeenState> =
        measure_target(spec, page, sites, &measurement(all_keys, true)).await?;
    let generated = measure_states(
        page,
        generated_url,
        &spec.interactions,
        &measurement(magebench::keys_for(&target), false),
    )
    .await?;
    let generated = shaped_states(&generated)?;
    Ok(magebench::score_states(
        &spec.interactions,
        &target,
        &generated,
    ))
}

/// The `aes` evaluator: measures the target (or takes it as kept), then the generated page at
/// `generated_url`, and scores them in `mode`'s way (`magebench`, or Agora's for the others).
pub async fn evaluate_aes<P: Page>(
    spec: &AesSpec,
    generated_url: &str,
    page: &mut P,
    sites: SiteAccess<'_>,
    mode: EvalMode,
) -> Result<EvaluatorReport, EvalError> {
    if let Some((field, problem)) = spec.problems().into_iter().next() {
        return Err(EvalError::config(field, problem));
    }
    let interactions = &spec.interactions;
    let mut report = match mode {
        EvalMode::Magebench => {
            let report = magebench_report(spec, generated_url, page, sites).await;
            // Back to the episode's window.
            page.emulate_window(None).await?;
            report?
        }
        EvalMode::Correct | EvalMode::Vwa => {
            let names: Vec<&str> = weights::PROPERTIES
                .iter()
                .map(|property| property.name)
                .collect();
            let measurement = Measurement {
                script: MEASURE_JS,
                args: vec![json!(names), json!(MAX_ELEMENTS)],
                with_errors: true,
                window: None,
            };
            let target: Vec<PageState> = measure_target(spec, page, sites, &measurement).await?;
            let generated = measure_states(page, generated_url, interactions, &measurement).await?;
            let generated = shaped_states(&generated)?;
            score_states(interactions, &target, &generated)?
        }
    };
    report.passed = report.min_state >= spec.pass_threshold;
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
    use super::model::RecordedError;
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
    fn a_state_where_nothing_changed_is_left_out_unless_its_interaction_failed() {
        let hover = Interaction::Hover {
            selector: "#x".into(),
        };
        let mut unchanged = button("rgb(0, 0, 0)");
        unchanged.changed = false;
        let target = vec![page(vec![button("rgb(0, 0, 0)")]), page(vec![unchanged])];
        let generated: Vec<GeneratedState> = target.iter().cloned().map(Ok).collect();
        let report = score_states(std::slice::from_ref(&hover), &target, &generated).unwrap();
        assert_eq!(report.states[1].score, None);
        assert!((report.score - 1.0).abs() < 1e-12);
        assert_eq!(report.min_state, 1.0);
        // A failed interaction always costs: its state scores 0 and counts.
        let failed = vec![
            Ok(target[0].clone()),
            Err("no element matches #x".to_owned()),
        ];
        let report = score_states(&[hover], &target, &failed).unwrap();
        assert_eq!(report.states[1].score, Some(0.0));
        assert!((report.score - 0.5).abs() < 1e-12);
        assert_eq!(report.min_state, 0.0);
    }

    #[test]
    fn a_target_without_annotations_is_a_config_error() {
        let plain = page(vec![element("p", (0.0, 0.0, 1.0, 1.0), "p", "", None)]);
        let error =
            score_states(&[], std::slice::from_ref(&plain), &[Ok(plain.clone())]).unwrap_err();
        assert!(error.is_config(), "{error}");
    }

    /// A page that serves one measured state for every URL and records the URLs it loads.
    struct OneStatePage {
        state: PageState,
        loaded: Vec<String>,
    }

    impl Page for OneStatePage {
        async fn url(&mut self) -> Result<String, PageError> {
            Ok(self.loaded.last().cloned().unwrap_or_default())
        }
        async fn goto(&mut self, url: &str) -> Result<(), PageError> {
            self.loaded.push(url.to_owned());
            Ok(())
        }
        async fn content(&mut self) -> Result<String, PageError> {
            Ok(String::new())
        }
        async fn evaluate(&mut self, _: &str) -> Result<crate::js_value::JsValue, PageError> {
            Err(PageError::Browser("not used".into()))
        }
        async fn call(&mut self, _: &str, _: Vec<Value>) -> Result<Value, PageError> {
            Ok(serde_json::to_value(&self.state).unwrap())
        }
        async fn fetch_bytes(&mut self, _: &str) -> Result<Vec<u8>, PageError> {
            Err(PageError::Browser("not used".into()))
        }
    }

    /// Stages every target at `/target/<name>`.
    struct Staging;

    impl crate::TargetStaging for Staging {
        fn stage(&self, target: &str) -> crate::site_queries::QueryFuture<'_, String> {
            let url = format!("http://webui/target/{target}");
            Box::pin(async move { Ok(url) })
        }
        fn release(&self, _: &str) -> crate::site_queries::QueryFuture<'_, ()> {
            Box::pin(async { Ok(()) })
        }
    }

    #[tokio::test]
    async fn a_target_is_measured_once_per_layout_and_then_kept() {
        let kept = kept::KeptTargets::default();
        let queries = crate::SiteQuerySet::default();
        let sites = |width| SiteAccess {
            queries: &queries,
            staging: Some(&Staging),
            kept_targets: Some((
                &kept,
                Window {
                    width,
                    height: 1080,
                },
            )),
        };
        let spec = AesSpec {
            target: "landing".into(),
            interactions: Vec::new(),
            pass_threshold: 0.9,
        };
        let mut page = OneStatePage {
            state: page(vec![button("rgb(0, 0, 0)")]),
            loaded: Vec::new(),
        };
        let mut scores = Vec::new();
        for width in [1920, 1920, 1280, 1920] {
            let report = evaluate_aes(
                &spec,
                "http://webui/mine",
                &mut page,
                sites(width),
                EvalMode::Correct,
            )
            .await
            .unwrap();
            scores.push(report.aes.unwrap().score);
        }
        assert_eq!(scores, [1.0; 4], "a kept target scores as a measured one");
        let targets = page
            .loaded
            .iter()
            .filter(|url| url.contains("/target/"))
            .count();
        assert_eq!(
            targets, 2,
            "loaded once at 1920 and once at 1280: {:?}",
            page.loaded
        );
        assert_eq!(
            page.loaded
                .iter()
                .filter(|url| url.ends_with("/mine"))
                .count(),
            4
        );
        // Without kept targets every evaluation measures the target.
        let afresh = SiteAccess {
            kept_targets: None,
            ..sites(1920)
        };
        evaluate_aes(
            &spec,
            "http://webui/mine",
            &mut page,
            afresh,
            EvalMode::Correct,
        )
        .await
        .unwrap();
        assert_eq!(
            page.loaded
                .iter()
                .filter(|url| url.contains("/target/"))
                .count(),
            3
        );
    }
}
