//! `magebench` mode of AES: what MageBench's WebUI evaluator computes
//! (`env/utils/WebUI_utils.py`, `evaluate_different_interaction`, microsoft/MageBench at
//! 5ebd4fb), so that Agora's numbers can be compared with MageBench's published ones. Checked
//! against MageBench's own verdicts on 27 pages (`tests/fixtures/magebench_verdicts/`).
//!
//! Per state, the targets are the target's displayed elements annotated with a
//! `data-filter-by` that can filter ([`properties::Rule::filters`]), every one scored again
//! after each interaction. A target and a generated element cost
//! GIoU (boxes with MageBench's +1 px) + the filter term (0 pass, −1 fail, −0.01 raises)
//! − 1e-5 × the candidate's descendants; pairs are assigned by the Hungarian method over
//! min(targets, candidates) pairs, costs below −1 becoming a 1e5 penalty. A target on a
//! penalty cell is left out of the state altogether; one with no candidate at all scores 0.
//! A matched pair scores Σ weight × similarity over its annotated properties (each annotation
//! name the mean of the properties it expands to; a property whose rule raises left out with
//! its weight) plus 46 × the position score, over the weights. A state is Σ score × area^β and
//! Σ area^β over its targets; a failed interaction scores its state 0 with the target's
//! weights; the AES pools every state: Σ scores / Σ weights. No page-error check.

pub mod properties;
pub mod rules;

use super::assignment::minimum_cost;
use super::geometry::Rect;
use super::model::{ElementReport, PropertyScore};
use super::{AesReport, GeneratedState, Interaction, StateReport, state_label};
use crate::page::Window;
use properties::{AREA_EXPONENT, POSITION_WEIGHT, Property, Rule};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The page side: `js/aes_magebench.js` after the shared prelude.
pub const MEASURE_JS: &str = concat!(
    include_str!("../js/aes_common.js"),
    include_str!("../js/aes_magebench.js")
);

/// The window MageBench measures in: its headless Chromium window of 1920×1080 has a
/// 1920×937 viewport, with classic scrollbars that take [`SCROLLBAR_PX`] when the page
/// overflows (Agora's browsers hide theirs, so the viewport is narrowed by as much instead).
pub const WINDOW: Window = Window {
    width: 1920,
    height: 937,
};

/// The room a classic scrollbar takes.
pub const SCROLLBAR_PX: u32 = 15;

/// Which scrollbars the page would show in a window with classic scrollbars: `[vertical,
/// horizontal]` (the root's overflow, the body's when the root's is `visible`; `scroll`
/// always, `auto` and `visible` when the content overflows).
pub const SCROLLBARS_JS: &str = include_str!("../js/aes_scrollbars.js");

/// The cost of a pair too far apart to be matched.
const PENALTY: f64 = 1e5;

/// An element as WebDriver sees it (`js/aes_magebench.js`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SeenElement {
    /// A readable name (`button#buy.primary`), for reports.
    pub name: String,
    /// WebDriver's element rect.
    pub rect: Rect,
    /// How many elements are inside it.
    pub descendants: u32,
    /// `data-filter-by`.
    #[serde(default)]
    pub filter_by: Option<String>,
    /// `data-evalby`, split.
    #[serde(default)]
    pub eval_by: Vec<String>,
    /// The values asked for, by key (`None`: an absent attribute).
    #[serde(default)]
    pub values: BTreeMap<String, Option<String>>,
}

impl SeenElement {
    /// The value read under `key`.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.values.get(key).and_then(|value| value.as_deref())
    }

    /// Its filter, when it is a target: annotated with a property that can filter.
    fn filter(&self) -> Option<Rule> {
        let property = properties::named(self.filter_by.as_deref()?)?;
        property.rule.filters().then_some(property.rule)
    }
}

/// One measurement of a page in `magebench` mode.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SeenState {
    /// The displayed elements, in document order.
    pub elements: Vec<SeenElement>,
    /// Whether there were more than the measuring script returns.
    #[serde(default)]
    pub truncated: bool,
}

impl SeenState {
    /// Its targets and their filters.
    fn targets(&self) -> Vec<(&SeenElement, Rule)> {
        self.elements
            .iter()
            .filter_map(|element| Some((element, element.filter()?)))
            .collect()
    }

    /// Σ area^β over its targets: what a state weighs when its interaction failed.
    fn weight(&self) -> f64 {
        self.targets()
            .iter()
            .map(|(target, _)| area_weight(target))
            .sum()
    }
}

/// The value keys the generated page must be read for to be scored against `target`: every
/// target's filter and the properties its annotations expand to.
pub fn keys_for(target: &[SeenState]) -> Vec<String> {
    let mut keys = BTreeSet::new();
    for (element, filter) in target.iter().flat_map(SeenState::targets) {
        keys.insert(filter.key());
        for name in &element.eval_by {
            for property in properties::expand(name, element) {
                keys.insert(property.rule.key());
            }
        }
    }
    keys.into_iter().map(str::to_owned).collect()
}

/// A box as MageBench's GIoU reads it: both corners inclusive.
struct Corners {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl Corners {
    fn of(rect: &Rect) -> Self {
        Corners {
            left: rect.x,
            top: rect.y,
            right: rect.x + rect.width,
            bottom: rect.y + rect.height,
        }
    }

    fn area(&self) -> f64 {
        (self.right - self.left + 1.0) * (self.bottom - self.top + 1.0)
    }
}

/// The overlap of two boxes: (GIoU, intersection, the smaller area), with the +1 px areas.
fn overlap(first: &Rect, second: &Rect) -> (f64, f64, f64) {
    let (a, b) = (Corners::of(first), Corners::of(second));
    let width = (a.right.min(b.right) - a.left.max(b.left) + 1.0).max(0.0);
    let height = (a.bottom.min(b.bottom) - a.top.max(b.top) + 1.0).max(0.0);
    let intersection = width * height;
    let union = a.area() + b.area() - intersection;
    let hull = Corners {
        left: a.left.min(b.left),
        top: a.top.min(b.top),
        right: a.right.max(b.right),
        bottom: a.bottom.max(b.bottom),
    }
    .area();
    let giou = intersection / union - (hull - union) / hull;
    (giou, intersection, a.area().min(b.area()))
}

/// The position score: 0.5 + 0.5 × intersection / the smaller area when the boxes overlap,
/// else (GIoU + 1) / 2.
fn position(first: &Rect, second: &Rect) -> f64 {
    match overlap(first, second) {
        (_, intersection, smaller) if intersection > 0.0 => 0.5 + 0.5 * intersection / smaller,
        (giou, _, _) => (giou + 1.0) / 2.0,
    }
}

fn area_weight(target: &SeenElement) -> f64 {
    (target.rect.width * target.rect.height).powf(AREA_EXPONENT)
}

/// The cost of pairing `target` (filtered by `filter`) with `candidate`: lower is better.
fn cost(target: &SeenElement, filter: Rule, candidate: &SeenElement) -> f64 {
    let value = overlap(&target.rect, &candidate.rect).0 + filter.filter(target, candidate)
        - f64::from(candidate.descendants) * 1e-5;
    if value >= -1.0 { -value } else { PENALTY }
}

/// A state's sums: Σ score × weight and Σ weight over its targets, and each target.
struct Pooled {
    score: f64,
    weight: f64,
    elements: Vec<ElementReport>,
}

/// Scores the targets of `target` against every element of `generated`.
fn score_state(target: &SeenState, generated: &SeenState) -> Pooled {
    let targets = target.targets();
    let costs: Vec<Vec<f64>> = targets
        .iter()
        .map(|(target, filter)| {
            generated
                .elements
                .iter()
                .map(|candidate| cost(target, *filter, candidate))
                .collect()
        })
        .collect();
    let assignment = minimum_cost(&costs, generated.elements.len());
    let mut pooled = Pooled {
        score: 0.0,
        weight: 0.0,
        elements: Vec::with_capacity(targets.len()),
    };
    for ((row, (element, _)), column) in targets.iter().enumerate().zip(assignment) {
        let weight = area_weight(element);
        let report = match column {
            Some(column) if costs[row][column] == PENALTY => ElementReport {
                note: Some(
                    "no candidate close enough (a penalty cell): left out of the state".to_owned(),
                ),
                ..ElementReport::unmatched(&element.name, 0.0)
            },
            Some(column) => {
                let report = element_report(element, &generated.elements[column], weight);
                pooled.score += report.score * weight;
                pooled.weight += weight;
                report
            }
            None => {
                pooled.weight += weight;
                ElementReport {
                    note: Some("no candidate left: scores 0".to_owned()),
                    ..ElementReport::unmatched(&element.name, weight)
                }
            }
        };
        pooled.elements.push(report);
    }
    pooled
}

/// A matched pair's score and breakdown.
fn element_report(target: &SeenElement, candidate: &SeenElement, weight: f64) -> ElementReport {
    let (mut total, mut weights) = (0.0, 0.0);
    let mut scores = Vec::new();
    let mut skipped = Vec::new();
    for name in &target.eval_by {
        let (mut sum, mut summed_weights, mut counted) = (0.0, 0.0, 0_u32);
        for property in properties::expand(name, target) {
            match property.rule.score(target, candidate) {
                Ok(similarity) => {
                    sum += similarity * property.weight;
                    summed_weights += property.weight;
                    counted += 1;
                    scores.push(property_score(property, target, candidate, similarity));
                }
                Err(rules::Raises) => skipped.push(property.name),
            }
        }
        if counted > 0 {
            total += sum / f64::from(counted);
            weights += summed_weights / f64::from(counted);
        }
    }
    let (giou, _, _) = overlap(&target.rect, &candidate.rect);
    total += POSITION_WEIGHT * position(&target.rect, &candidate.rect);
    weights += POSITION_WEIGHT;
    ElementReport {
        target: target.name.clone(),
        weight,
        matched: Some(candidate.name.clone()),
        giou: Some(giou),
        properties: scores,
        score: total / weights,
        note: (!skipped.is_empty()).then(|| {
            format!(
                "left out where MageBench's code raises: {}",
                skipped.join(", ")
            )
        }),
    }
}

fn property_score(
    property: &Property,
    target: &SeenElement,
    candidate: &SeenElement,
    similarity: f64,
) -> PropertyScore {
    let key = property.rule.key();
    PropertyScore {
        property: property.name.to_owned(),
        target: target.value(key).unwrap_or_default().to_owned(),
        generated: candidate.value(key).unwrap_or_default().to_owned(),
        similarity,
    }
}

/// Scores measured generated states against the target's (the initial state, then one per
/// interaction; a generated state that could not be reached is its error).
pub fn score_states(
    interactions: &[Interaction],
    target: &[SeenState],
    generated: &[GeneratedState<SeenState>],
) -> AesReport {
    let (mut scores, mut weights) = (0.0, 0.0);
    let mut states = Vec::with_capacity(target.len());
    for (index, target_state) in target.iter().enumerate() {
        let (pooled, failure) = match generated.get(index) {
            Some(Ok(state)) => (score_state(target_state, state), None),
            failed => {
                let why = match failed {
                    Some(Err(why)) => why.clone(),
                    _ => "not measured".to_owned(),
                };
                let pooled = Pooled {
                    score: 0.0,
                    weight: target_state.weight(),
                    elements: Vec::new(),
                };
                (pooled, Some(why))
            }
        };
        scores += pooled.score;
        weights += pooled.weight;
        states.push(StateReport {
            state: state_label(interactions, index),
            score: Some(ratio(pooled.score, pooled.weight)),
            weight: Some(pooled.weight),
            failure,
            elements: pooled.elements,
        });
    }
    AesReport::new(ratio(scores, weights), states)
}

fn ratio(score: f64, weight: f64) -> f64 {
    if weight > 0.0 { score / weight } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element(name: &str, rect: (f64, f64, f64, f64), text: &str) -> SeenElement {
        SeenElement {
            name: name.into(),
            rect: Rect {
                x: rect.0,
                y: rect.1,
                width: rect.2,
                height: rect.3,
            },
            descendants: 0,
            filter_by: Some("text".into()),
            eval_by: vec!["text".into(), "color".into()],
            values: BTreeMap::from([
                ("text".to_owned(), Some(text.to_owned())),
                ("color".to_owned(), Some("rgba(0, 0, 0, 1)".to_owned())),
            ]),
        }
    }

    fn state(elements: Vec<SeenElement>) -> SeenState {
        SeenState {
            elements,
            truncated: false,
        }
    }

    #[test]
    fn the_position_score_and_giou_use_inclusive_corners() {
        let a = Rect {
            x: 0.0,
            y: 0.0,
            width: 9.0,
            height: 9.0,
        };
        let inside = Rect {
            x: 2.0,
            y: 2.0,
            width: 4.0,
            height: 4.0,
        };
        assert_eq!(overlap(&a, &a).0, 1.0);
        assert_eq!(position(&a, &inside), 1.0);
        let apart = Rect { x: 20.0, ..a };
        // Areas of 100 each, a hull of 30 × 10: GIoU = 0 − 100 / 300.
        let (giou, intersection, _) = overlap(&a, &apart);
        assert_eq!(intersection, 0.0);
        assert!((giou + 1.0 / 3.0).abs() < 1e-12);
        assert!((position(&a, &apart) - (1.0 - 1.0 / 3.0) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn a_failed_filter_still_matches_when_the_boxes_overlap() {
        let target = state(vec![element("h1", (0.0, 0.0, 400.0, 40.0), "Welcome")]);
        let other = state(vec![element("h1", (0.0, 0.0, 400.0, 40.0), "Goodbye")]);
        let pooled = score_state(&target, &other);
        assert_eq!(pooled.elements[0].matched.as_deref(), Some("h1"));
        // Text 0, colour 1, position 1: (30 + 46) / (6.8 + 30 + 46).
        assert!((pooled.score / pooled.weight - 76.0 / 82.8).abs() < 1e-12);
    }

    #[test]
    fn far_targets_drop_out_and_missing_ones_score_zero() {
        let target = state(vec![
            element("a", (0.0, 0.0, 100.0, 20.0), "Alpha"),
            element("b", (0.0, 900.0, 100.0, 20.0), "Beta"),
        ]);
        // Only "a" is there: "b" has no candidate left and scores 0 with its weight.
        let one = state(vec![element("a", (0.0, 0.0, 100.0, 20.0), "Alpha")]);
        let pooled = score_state(&target, &one);
        assert!((pooled.score / pooled.weight - 0.5).abs() < 1e-12);
        // Two candidates, but the one left for "b" fails its filter far away: a penalty cell,
        // and "b" leaves the state.
        let far = state(vec![
            element("a", (0.0, 0.0, 100.0, 20.0), "Alpha"),
            element("z", (1500.0, 0.0, 10.0, 10.0), "Zeta"),
        ]);
        let pooled = score_state(&target, &far);
        assert_eq!(pooled.elements[1].weight, 0.0);
        assert!((pooled.score / pooled.weight - 1.0).abs() < 1e-12);
        assert!(score_state(&target, &state(Vec::new())).score == 0.0);
    }

    #[test]
    fn states_pool_by_weight_and_failures_keep_theirs() {
        let big = element("big", (0.0, 0.0, 1000.0, 500.0), "Hero");
        let small = element("small", (0.0, 600.0, 50.0, 20.0), "Tiny");
        let target = vec![state(vec![big.clone()]), state(vec![small.clone()])];
        let click = Interaction::Click {
            selector: "#x".into(),
        };
        let report = score_states(
            std::slice::from_ref(&click),
            &target,
            &[Ok(target[0].clone()), Err("no element matches #x".into())],
        );
        let (big_weight, small_weight) = (area_weight(&big), area_weight(&small));
        assert!((report.score - big_weight / (big_weight + small_weight)).abs() < 1e-9);
        assert_eq!(report.states[1].score, Some(0.0));
        assert_eq!(report.states[1].weight, Some(small_weight));
        assert_eq!(report.min_state, 0.0);
    }

    #[test]
    fn keys_cover_filters_and_expanded_annotations() {
        let mut card = element("card", (0.0, 0.0, 10.0, 10.0), "Card");
        card.eval_by = vec![
            "border-radius".into(),
            "box-shadow".into(),
            "padding".into(),
        ];
        let keys = keys_for(&[state(vec![card])]);
        assert!(keys.contains(&"text".to_owned()));
        assert!(keys.contains(&"border-top-left-radius".to_owned()));
        assert!(keys.contains(&"box-shadow".to_owned()));
        assert!(!keys.contains(&"padding".to_owned()));
    }
}
