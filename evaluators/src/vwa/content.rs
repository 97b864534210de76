//! The `required_contents` checks of VWA's `HTMLContentExactEvaluator` on a selected value.

use super::{exact_match, must_include, must_include_any, satisfies_any, str_2_int};
use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus};
use crate::judge::Judges;
use crate::python::PyValue;
use crate::string_match::judge_fuzzy;
use crate::task::{Check, Checks, FuzzyReference, OR_SEPARATOR};

/// The question VWA passes to the fuzzy judge in `program_html`.
const UNUSED_QUESTION: &str = "NOT USED";

/// VWA checks only the first of these keys that is present (an `if`/`elif` chain).
const PRIORITY: [&str; 5] = [
    "exact_match",
    "must_include",
    "must_exclude",
    "required_values",
    "fuzzy_match",
];

/// Checks a selected Python value against `required_contents` as VWA does: only the first
/// present key of [`PRIORITY`] is checked (the others are reported as skipped); no known
/// key at all raises `ValueError`.
pub async fn check_selected(
    value: &PyValue,
    checks: &Checks,
    judges: &Judges,
) -> Result<Vec<CheckReport>, EvalError> {
    let chosen = PRIORITY
        .iter()
        .find_map(|key| checks.iter().find(|check| check.key() == *key))
        .ok_or_else(|| {
            let keys: Vec<&str> = checks.iter().map(Check::key).collect();
            EvalError::vwa_raises(
                "ValueError",
                format!("Unknown required_contents: dict_keys({keys:?})"),
            )
        })?;
    let shown = value.to_str();
    let pass = |kind, expected: &str, pass: bool| {
        CheckReport::new(kind, expected, &shown, CheckStatus::from_pass(pass))
    };
    let mut reports = Vec::new();
    match chosen {
        Check::ExactMatch(reference) => {
            reports.push(pass(
                CheckKind::ExactMatch,
                reference,
                exact_match(reference, value)?,
            ));
        }
        Check::MustInclude(items) => {
            for item in items {
                reports.push(pass(
                    CheckKind::MustInclude,
                    item,
                    must_include_any(item, value)?,
                ));
            }
        }
        Check::MustExclude(items) => {
            for item in items {
                if item.contains(OR_SEPARATOR) {
                    return Err(EvalError::vwa_raises(
                        "AssertionError",
                        format!("must_exclude item {item:?} holds \" |OR| \""),
                    ));
                }
                let excluded = !must_include(item, value, "must_exclude")?;
                reports.push(pass(CheckKind::MustExclude, item, excluded));
            }
        }
        Check::RequiredValues(items) => {
            let number = match value {
                PyValue::Str(text) => str_2_int(text).map(PyValue::Int),
                other => Some(other.clone()),
            };
            match number {
                None => reports.push(pass(CheckKind::RequiredValues, &items.join(" and "), false)),
                Some(number) => {
                    for item in items {
                        reports.push(pass(
                            CheckKind::RequiredValues,
                            item,
                            satisfies_any(&number, item)?,
                        ));
                    }
                }
            }
        }
        Check::FuzzyMatch(FuzzyReference::Text(reference)) => {
            for alternative in reference.split(OR_SEPARATOR) {
                let PyValue::Str(text) = value else {
                    return Err(super::wrong_type("fuzzy_match", value, "str"));
                };
                let status = judge_fuzzy(judges, text, alternative, UNUSED_QUESTION).await;
                reports.push(CheckReport::new(
                    CheckKind::FuzzyMatch,
                    alternative,
                    text,
                    status,
                ));
            }
        }
        Check::FuzzyMatch(FuzzyReference::NotAchievable) => {
            // No special rule here: "N/A" is judged like any reference.
            let text = super::as_str("fuzzy_match", value)?;
            let status = judge_fuzzy(judges, text, "N/A", UNUSED_QUESTION).await;
            reports.push(CheckReport::new(CheckKind::FuzzyMatch, "N/A", text, status));
        }
        Check::FuzzyMatch(FuzzyReference::List(_)) => {
            return Err(EvalError::vwa_raises(
                "AssertionError",
                "program_html fuzzy_match must be a text, not a list",
            ));
        }
        Check::OneOf(_) | Check::Unknown { .. } => {
            // Not in PRIORITY, so never chosen.
        }
    }
    for check in checks.iter() {
        if !std::ptr::eq(check, chosen) {
            reports.push(CheckReport::new(
                CheckKind::Skipped,
                format!("{} (VWA checks only the first key)", check.key()),
                &shown,
                CheckStatus::Pass,
            ));
        }
    }
    Ok(reports)
}
