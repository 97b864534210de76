//! One state of a page as measured in the browser, and the AES score of a generated state
//! against a target state.

use super::assignment::assign;
use super::geometry::{Rect, giou};
use super::model::{ElementReport, PropertyScore, RecordedError};
use super::similarity::similarity;
use super::weights::{self, AREA_EXPONENT, GIOU_WEIGHT, Property, filter_threshold};
use crate::error::EvalError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A visible element as `js/aes_measure.js` reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredElement {
    /// Tag name, lower case.
    pub tag: String,
    /// A readable name (`button#buy.primary`), for reports.
    pub name: String,
    /// Box in document CSS pixels.
    pub rect: Rect,
    /// Number of element children.
    pub children: u32,
    /// `data-filter-by`: the property that identifies the element (targets only).
    #[serde(default)]
    pub filter_by: Option<String>,
    /// `data-evalby`: the properties it is scored on.
    #[serde(default)]
    pub eval_by: Vec<String>,
    /// Whether its outer HTML, box or scored values differ from the previous measurement.
    pub changed: bool,
    /// Computed value of every property of the table.
    pub props: BTreeMap<String, String>,
}

impl MeasuredElement {
    fn value(&self, property: &str) -> &str {
        self.props.get(property).map_or("", String::as_str)
    }

    /// An atomic element of a target: annotated with the property that identifies it.
    fn is_atomic(&self) -> bool {
        self.filter_by.is_some()
    }
}

/// One measurement of a page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PageState {
    /// Every visible element under `<body>`, in document order.
    pub elements: Vec<MeasuredElement>,
    /// Errors the page recorded so far.
    #[serde(default)]
    pub errors: Vec<RecordedError>,
}

/// The targets of a state: visible atomic elements, less those that did not change since
/// the previous state (every one counts in the first).
pub fn targets_of(state: &PageState) -> Vec<&MeasuredElement> {
    state
        .elements
        .iter()
        .filter(|element| element.is_atomic() && element.changed)
        .collect()
}

/// The properties an element is scored on, or a config error naming an unknown one.
fn scored_properties(element: &MeasuredElement) -> Result<Vec<&'static Property>, EvalError> {
    let lookup = |name: &str| {
        weights::named(name).ok_or_else(|| {
            EvalError::config(
                format!(
                    "target element {} (data-evalby / data-filter-by)",
                    element.name
                ),
                format!(
                    "unknown AES property `{name}`; use one of: {}",
                    weights::PROPERTIES
                        .iter()
                        .map(|property| property.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })
    };
    if let Some(filter) = &element.filter_by {
        lookup(filter)?;
    }
    element.eval_by.iter().map(|name| lookup(name)).collect()
}

/// Score of the pair in the assignment matrix: GIoU, −1 when the filter property is not
/// similar enough, −0.001 per child of difference.
fn pair_score(target: &MeasuredElement, generated: &MeasuredElement) -> f64 {
    let filter_penalty = if passes_filter(target, generated) {
        0.0
    } else {
        -1.0
    };
    let children = (f64::from(target.children) - f64::from(generated.children)).abs();
    giou(&target.rect, &generated.rect) + filter_penalty - 1e-3 * children.min(100.0)
}

fn passes_filter(target: &MeasuredElement, generated: &MeasuredElement) -> bool {
    let Some(property) = target.filter_by.as_deref().and_then(weights::named) else {
        return true;
    };
    similarity(
        property.kind,
        target.value(property.name),
        generated.value(property.name),
    ) >= filter_threshold(property.kind)
}

/// The most of a state's weight one target may carry, with many targets: a full-screen
/// backdrop or a page-wide wrapper would otherwise decide the state alone, however misplaced
/// everything inside it is. With `n` targets the cap is the larger of this and `2 / (n + 1)`
/// (two targets: two thirds), so a larger target still weighs more than a smaller one.
pub const MAX_TARGET_SHARE: f64 = 0.25;

/// `weights` with none above its share of their sum ([`MAX_TARGET_SHARE`]): the largest are
/// lowered to one common level, the others keep theirs.
pub fn capped_weights(weights: &[f64]) -> Vec<f64> {
    let count = weights.len();
    let share = MAX_TARGET_SHARE.max(2.0 / (count as f64 + 1.0));
    let mut sorted = weights.to_vec();
    sorted.sort_by(|a, b| b.total_cmp(a));
    // With the `capped` largest at `level`: level = share × (capped × level + rest).
    let mut rest: f64 = sorted.iter().sum();
    for (capped, largest) in sorted.iter().enumerate() {
        let level = share * rest / (1.0 - capped as f64 * share);
        if *largest <= level {
            return match capped {
                0 => weights.to_vec(),
                _ => {
                    let level = share * rest / (1.0 - capped as f64 * share);
                    weights.iter().map(|weight| weight.min(level)).collect()
                }
            };
        }
        rest -= largest;
        if (capped + 1) as f64 * share >= 1.0 {
            break;
        }
    }
    // Every target at the cap: equal weights.
    let level = sorted.last().copied().unwrap_or_default();
    weights
        .iter()
        .map(|weight| weight.min(level).max(level))
        .collect()
}

/// Scores `targets` against every element of the generated state: the weighted mean of the
/// element scores, each target weighing area^β, none more than its share
/// ([`capped_weights`]). `None` when there is no target.
pub fn score_state(
    targets: &[&MeasuredElement],
    generated: &[MeasuredElement],
) -> Result<(Option<f64>, Vec<ElementReport>), EvalError> {
    let properties: Vec<Vec<&Property>> = targets
        .iter()
        .map(|target| scored_properties(target))
        .collect::<Result<_, _>>()?;
    let matrix: Vec<Vec<f64>> = targets
        .iter()
        .map(|target| {
            generated
                .iter()
                .map(|candidate| pair_score(target, candidate))
                .collect()
        })
        .collect();
    let assignment = assign(&matrix, generated.len());
    let weights = capped_weights(
        &targets
            .iter()
            .map(|target| target.rect.area().max(1.0).powf(AREA_EXPONENT))
            .collect::<Vec<_>>(),
    );
    let mut reports = Vec::with_capacity(targets.len());
    for (((target, properties), column), weight) in
        targets.iter().zip(&properties).zip(assignment).zip(weights)
    {
        let matched = column
            .map(|column| &generated[column])
            .filter(|candidate| passes_filter(target, candidate));
        reports.push(match matched {
            Some(candidate) => element_report(target, candidate, properties, weight),
            None => ElementReport::unmatched(&target.name, weight),
        });
    }
    let total: f64 = reports.iter().map(|report| report.weight).sum();
    let score = (total > 0.0).then(|| {
        reports
            .iter()
            .map(|report| report.weight * report.score)
            .sum::<f64>()
            / total
    });
    Ok((score, reports))
}

/// A matched pair: the weighted mean of its properties' similarities and of the GIoU term
/// (GIoU mapped from `[-1, 1]` to `[0, 1]`).
fn element_report(
    target: &MeasuredElement,
    candidate: &MeasuredElement,
    properties: &[&Property],
    weight: f64,
) -> ElementReport {
    let overlap = giou(&target.rect, &candidate.rect);
    let scores: Vec<PropertyScore> = properties
        .iter()
        .map(|property| {
            let (expected, actual) = (target.value(property.name), candidate.value(property.name));
            PropertyScore {
                property: property.name.to_owned(),
                target: expected.to_owned(),
                generated: actual.to_owned(),
                similarity: similarity(property.kind, expected, actual),
            }
        })
        .collect();
    let weighted: f64 = properties
        .iter()
        .zip(&scores)
        .map(|(property, score)| property.weight * score.similarity)
        .sum();
    let weights: f64 = properties.iter().map(|property| property.weight).sum();
    let score = (weighted + GIOU_WEIGHT * (1.0 + overlap) / 2.0) / (weights + GIOU_WEIGHT);
    ElementReport {
        target: target.name.clone(),
        weight,
        matched: Some(candidate.name.clone()),
        giou: Some(overlap),
        properties: scores,
        score,
        note: None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An element at `rect` with text and colour; a target when `filter_by` is set.
    pub(crate) fn element(
        name: &str,
        rect: (f64, f64, f64, f64),
        text: &str,
        colour: &str,
        filter_by: Option<&str>,
    ) -> MeasuredElement {
        MeasuredElement {
            tag: "div".into(),
            name: name.into(),
            rect: Rect {
                x: rect.0,
                y: rect.1,
                width: rect.2,
                height: rect.3,
            },
            children: 0,
            filter_by: filter_by.map(str::to_owned),
            eval_by: vec!["text".into(), "color".into()],
            changed: true,
            props: BTreeMap::from([
                ("text".to_owned(), text.to_owned()),
                ("color".to_owned(), colour.to_owned()),
            ]),
        }
    }

    fn target(name: &str, rect: (f64, f64, f64, f64), text: &str) -> MeasuredElement {
        element(name, rect, text, "rgb(0, 0, 0)", Some("text"))
    }

    #[test]
    fn a_state_scored_against_itself_is_one() {
        let page = vec![
            target("h1", (0.0, 0.0, 400.0, 40.0), "Welcome"),
            target("p", (0.0, 50.0, 400.0, 80.0), "Some words here"),
        ];
        let targets: Vec<&MeasuredElement> = page.iter().collect();
        let (score, reports) = score_state(&targets, &page).unwrap();
        assert!((score.unwrap() - 1.0).abs() < 1e-12);
        assert_eq!(reports[1].matched.as_deref(), Some("p"));
    }

    #[test]
    fn filter_failures_are_unmatched_and_score_zero() {
        let page = [target("h1", (0.0, 0.0, 400.0, 40.0), "Welcome")];
        let other = [element(
            "h1",
            (0.0, 0.0, 400.0, 40.0),
            "Goodbye",
            "rgb(0, 0, 0)",
            None,
        )];
        let (score, reports) = score_state(&[&page[0]], &other).unwrap();
        assert_eq!(score, Some(0.0));
        assert_eq!(reports[0].matched, None);
        assert_eq!(score_state(&[&page[0]], &[]).unwrap().0, Some(0.0));
    }

    #[test]
    fn property_and_position_changes_lower_the_score_in_order() {
        let original = target("b", (10.0, 10.0, 100.0, 30.0), "Buy now");
        let score = |candidate: MeasuredElement| {
            score_state(&[&original], &[candidate]).unwrap().0.unwrap()
        };
        let recoloured = element(
            "b",
            (10.0, 10.0, 100.0, 30.0),
            "Buy now",
            "rgb(120, 0, 0)",
            None,
        );
        let moved = element(
            "b",
            (60.0, 10.0, 100.0, 30.0),
            "Buy now",
            "rgb(120, 0, 0)",
            None,
        );
        let (same, colour, both) = (score(original.clone()), score(recoloured), score(moved));
        assert!(same > colour && colour > both, "{same} {colour} {both}");
        // Colour weight 30 of 30 + 6.8 + 46: similarity 1 - 120/768.
        let expected = (6.8 + 30.0 * (1.0 - 120.0 / 3.0 / 256.0) + 46.0) / 82.8;
        assert!((colour - expected).abs() < 1e-12, "{colour} {expected}");
    }

    #[test]
    fn larger_targets_weigh_more_but_none_carries_a_state() {
        let big = target("big", (0.0, 0.0, 1000.0, 500.0), "Hero");
        let small = target("small", (0.0, 600.0, 50.0, 20.0), "Tiny");
        let medium = target("medium", (0.0, 700.0, 300.0, 100.0), "Some");
        let only_big = [big.clone()];
        let (score, reports) = score_state(&[&big, &small, &medium], &only_big).unwrap();
        let small_weight = (50.0_f64 * 20.0).powf(AREA_EXPONENT);
        let medium_weight = (300.0_f64 * 100.0).powf(AREA_EXPONENT);
        assert!(reports[0].weight > reports[2].weight && reports[2].weight > reports[1].weight);
        assert!((reports[1].weight - small_weight).abs() < 1e-6);
        // Three targets: the big one carries half the state, not 94 % of it.
        assert!((reports[0].weight - (small_weight + medium_weight)).abs() < 1e-6);
        assert!((score.unwrap() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn capped_weights_keep_small_ones_and_lower_the_largest_to_one_level() {
        // A full-screen backdrop over a dialog of five elements (the broken-modal shape).
        let weights = [475_161.0, 20_000.0, 8_000.0, 6_000.0, 3_500.0, 2_649.0];
        let capped = capped_weights(&weights);
        let total: f64 = capped.iter().sum();
        assert_eq!(&capped[2..], &weights[2..]);
        let share = 2.0 / 7.0;
        assert!((capped[0] / total - share).abs() < 1e-9, "{capped:?}");
        assert!(capped[1] <= capped[0] + 1e-9);
        // Nothing to cap, and equal weights stay equal.
        assert_eq!(capped_weights(&[5.0, 5.0, 5.0, 5.0]), [5.0; 4]);
        assert_eq!(capped_weights(&[7.0]), [7.0]);
        assert!(capped_weights(&[]).is_empty());
        for count in [2_usize, 3, 4, 7, 12] {
            let mut many = vec![1.0; count];
            many[0] = 1e9;
            let capped = capped_weights(&many);
            let total: f64 = capped.iter().sum();
            let share = MAX_TARGET_SHARE.max(2.0 / (count as f64 + 1.0));
            assert!(
                (capped[0] / total - share).abs() < 1e-9,
                "{count}: {capped:?}"
            );
        }
    }

    #[test]
    fn unknown_properties_are_config_errors() {
        let mut odd = target("x", (0.0, 0.0, 10.0, 10.0), "x");
        odd.eval_by.push("padding".into());
        let error = score_state(&[&odd], &[]).unwrap_err();
        assert!(
            error.is_config() && error.to_string().contains("padding"),
            "{error}"
        );
    }

    #[test]
    fn unchanged_atomic_elements_are_not_targets() {
        let mut state = PageState::default();
        state
            .elements
            .push(target("a", (0.0, 0.0, 10.0, 10.0), "a"));
        let mut same = target("b", (0.0, 0.0, 10.0, 10.0), "b");
        same.changed = false;
        state.elements.push(same);
        state
            .elements
            .push(element("c", (0.0, 0.0, 1.0, 1.0), "c", "", None));
        let names: Vec<&str> = targets_of(&state).iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, vec!["a"]);
    }
}
