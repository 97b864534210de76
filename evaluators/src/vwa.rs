//! `vwa` mode's text checks: VWA's `StringEvaluator` and the `required_contents` checks of its
//! `HTMLContentExactEvaluator`, with Python's semantics.
//!
//! VWA's values are dynamically typed: the answer is a `str` until `required_values` turns
//! it into an `int` (or `None`) for every later check, and page values arrive as whatever
//! Python object Playwright made of them. Its checks are type-annotated and run under
//! beartype, so a value of the wrong type raises, and VWA's `run.py` then gives the task no
//! score. This module follows those values ([`PyValue`]) through the same steps and reports
//! each raise as [`EvalError::VwaRaises`].

mod answer;
mod content;

pub use answer::evaluate_answer;
pub use content::check_selected;

use crate::error::{EvalError, abbreviate};
use crate::python::{PyInt, PyValue, parse_float, strip};
use crate::task::OR_SEPARATOR;
use crate::tokenize::word_tokenize;
use std::cmp::Ordering;

/// VWA's `compare_inequality` tolerance.
const TOLERANCE: f64 = 1e-8;

/// `StringEvaluator.clean_answer`: drop the first and last character if the text starts and
/// ends with `'` (else with `"`), then lower-case. A lone quote cleans to the empty string.
pub fn clean_answer(answer: &str) -> String {
    let stripped = ['\'', '"'].iter().find_map(|quote| {
        (answer.starts_with(*quote) && answer.ends_with(*quote)).then(|| {
            let mut chars = answer.chars();
            chars.next();
            chars.next_back();
            chars.as_str()
        })
    });
    stripped.unwrap_or(answer).to_lowercase()
}

/// The error beartype raises when a check gets a value of the wrong type.
fn wrong_type(check: &str, value: &PyValue, hint: &str) -> EvalError {
    EvalError::vwa_raises(
        "BeartypeCallHintParamViolation",
        format!(
            "{check}() parameter pred={} is a {}, not {hint}",
            abbreviate(&value.repr(), 60),
            value.type_name()
        ),
    )
}

/// The value as the `str` a check annotated `pred: str` requires.
fn as_str<'a>(check: &str, value: &'a PyValue) -> Result<&'a str, EvalError> {
    match value {
        PyValue::Str(text) => Ok(text),
        other => Err(wrong_type(check, other, "str")),
    }
}

/// `StringEvaluator.exact_match(ref, pred: str | int)`: an `int` (or `bool`) is `str()`-ed;
/// both sides are cleaned.
fn exact_match(reference: &str, value: &PyValue) -> Result<bool, EvalError> {
    let text = match value {
        PyValue::Str(text) => text.clone(),
        PyValue::Int(_) | PyValue::Bool(_) => value.to_str(),
        other => return Err(wrong_type("exact_match", other, "str or int")),
    };
    Ok(clean_answer(&text) == clean_answer(reference))
}

/// `StringEvaluator.must_include(ref, pred: str)`: a reference that NLTK tokenizes to one
/// token must be one of the prediction's tokens; otherwise a substring.
pub(crate) fn must_include(
    reference: &str,
    value: &PyValue,
    check: &str,
) -> Result<bool, EvalError> {
    let prediction = clean_answer(as_str(check, value)?);
    let reference = clean_answer(reference);
    Ok(if word_tokenize(&reference).len() == 1 {
        word_tokenize(&prediction).contains(&reference)
    } else {
        prediction.contains(&reference)
    })
}

/// A `must_include` item: every ` |OR| ` alternative is checked (VWA builds the whole list
/// before `any`), and one must pass.
fn must_include_any(item: &str, value: &PyValue) -> Result<bool, EvalError> {
    let results = item
        .split(OR_SEPARATOR)
        .map(|alternative| must_include(alternative, value, "must_include"))
        .collect::<Result<Vec<bool>, _>>()?;
    Ok(results.into_iter().any(|pass| pass))
}

/// VWA's `str_2_int`: strip, drop every `,`, Python's `int()`; `None` where `int()` raises
/// `ValueError` (non-integers, more than 4300 digits).
pub fn str_2_int(text: &str) -> Option<PyInt> {
    PyInt::parse(&strip(text).replace(',', "")).ok()
}

/// A number VWA compares: `int` (a `bool` counts as one) or `float`.
enum Number {
    Int(PyInt),
    Float(f64),
}

impl Number {
    fn of(value: &PyValue) -> Result<Number, EvalError> {
        match value {
            PyValue::Int(int) => Ok(Number::Int(int.clone())),
            PyValue::Bool(flag) => Ok(Number::Int(PyInt::from_i64(i64::from(*flag)))),
            PyValue::Float(float) => Ok(Number::Float(*float)),
            other => Err(EvalError::vwa_raises(
                "TypeError",
                format!(
                    "compare_inequality cannot compare a {} with a float",
                    other.type_name()
                ),
            )),
        }
    }

    /// Python's `value <op> bound`, exact for ints of any size.
    fn compare(&self, bound: f64) -> Option<Ordering> {
        match self {
            Number::Int(int) => int.cmp_float(bound),
            Number::Float(float) => float.partial_cmp(&bound),
        }
    }

    /// Python's `abs(value - bound)`; an int beyond the float range raises `OverflowError`.
    fn distance(&self, bound: f64) -> Result<f64, EvalError> {
        let value = match self {
            Number::Int(int) => int
                .to_f64()
                .map_err(|overflow| EvalError::vwa_raises("OverflowError", overflow.to_string()))?,
            Number::Float(float) => *float,
        };
        Ok((value - bound).abs())
    }
}

/// VWA's `compare_inequality(value, inequality)`: the first operator of `<=`, `>=`, `==`,
/// `<`, `>` found in the text splits it in two; the bound is Python's `float()` of the
/// second part; `<` and `>` accept equality within the tolerance.
pub(crate) fn compare_inequality(value: &PyValue, inequality: &str) -> Result<bool, EvalError> {
    let value_error = |message: String| EvalError::vwa_raises("ValueError", message);
    let operator = ["<=", ">=", "==", "<", ">"]
        .into_iter()
        .find(|operator| inequality.contains(operator))
        .ok_or_else(|| value_error(format!("Invalid inequality string: {inequality}")))?;
    let parts: Vec<&str> = inequality.split(operator).collect();
    let [_, bound] = parts.as_slice() else {
        return Err(value_error(
            "too many values to unpack (expected 2)".to_owned(),
        ));
    };
    let bound_text = strip(bound);
    let bound = parse_float(bound_text)
        .ok_or_else(|| value_error(format!("could not convert string to float: '{bound_text}'")))?;
    let number = Number::of(value)?;
    let holds = |ordering: Option<Ordering>, accepted: &[Ordering]| {
        ordering.is_some_and(|ordering| accepted.contains(&ordering))
    };
    Ok(match operator {
        "<=" => holds(
            number.compare(bound + TOLERANCE),
            &[Ordering::Less, Ordering::Equal],
        ),
        ">=" => holds(
            number.compare(bound - TOLERANCE),
            &[Ordering::Greater, Ordering::Equal],
        ),
        "==" => number.distance(bound)? <= TOLERANCE,
        "<" => holds(number.compare(bound + TOLERANCE), &[Ordering::Less]),
        _ => holds(number.compare(bound - TOLERANCE), &[Ordering::Greater]),
    })
}

/// A `required_values` item: every ` |OR| ` alternative is compared, one must hold.
fn satisfies_any(value: &PyValue, item: &str) -> Result<bool, EvalError> {
    let results = item
        .split(OR_SEPARATOR)
        .map(|alternative| compare_inequality(value, alternative))
        .collect::<Result<Vec<bool>, _>>()?;
    Ok(results.into_iter().any(|holds| holds))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> PyValue {
        PyValue::Int(PyInt::parse(text).unwrap())
    }

    #[test]
    fn clean_answer_is_pythons() {
        assert_eq!(clean_answer("'Hello'"), "hello");
        assert_eq!(clean_answer("\"'X'\""), "'x'");
        assert_eq!(clean_answer("'"), "");
        assert_eq!(clean_answer("\""), "");
        assert_eq!(clean_answer(" 'A' "), " 'a' ");
        assert_eq!(clean_answer("'jade\""), "'jade\"");
    }

    #[test]
    fn str_2_int_is_int_after_strip_and_commas() {
        assert_eq!(str_2_int(" 1,234 "), Some(PyInt::from_i64(1234)));
        assert_eq!(str_2_int(",6,"), Some(PyInt::from_i64(6)));
        assert_eq!(str_2_int("4_400"), Some(PyInt::from_i64(4400)));
        assert_eq!(str_2_int("12.5"), None);
        assert_eq!(str_2_int("n/a"), None);
    }

    #[test]
    fn inequalities_like_vwa() {
        let forty_two = int("42");
        for (spec, expected) in [
            (">=42", true),
            ("=> 42", true),
            ("=< 42", true),
            ("> 42", true),
            ("< 41.99999999999", true),
            ("== 42.000000001", true),
            ("== 42.0000001", false),
            ("== 4_2", true),
            ("== ٤٢", true),
            ("> -inf", true),
            ("< nan", false),
        ] {
            assert_eq!(
                compare_inequality(&forty_two, spec).unwrap(),
                expected,
                "{spec}"
            );
        }
        for spec in ["42", "≤ 42", "!= 42", "== 42 == 42", "<> 42", "<= 0x2A"] {
            assert!(
                compare_inequality(&forty_two, spec)
                    .unwrap_err()
                    .is_vwa_raises(),
                "{spec}"
            );
        }
        let huge = int(&format!("1{}", "0".repeat(400)));
        assert!(compare_inequality(&huge, ">= 6").unwrap());
        assert!(
            compare_inequality(&huge, "== 6")
                .unwrap_err()
                .is_vwa_raises()
        );
        assert!(compare_inequality(&PyValue::Bool(true), "== 1").unwrap());
        assert!(!compare_inequality(&PyValue::Float(f64::NAN), "== 4").unwrap());
        assert!(
            compare_inequality(&PyValue::List(Vec::new()), "== 4")
                .unwrap_err()
                .is_vwa_raises()
        );
    }

    #[test]
    fn checks_raise_on_the_wrong_type() {
        assert!(exact_match("42", &int("42")).unwrap());
        assert!(exact_match("true", &PyValue::Bool(true)).unwrap());
        assert!(exact_match("nan", &PyValue::Float(f64::NAN)).is_err());
        assert!(exact_match("none", &PyValue::None).is_err());
        assert!(must_include("4", &int("42"), "must_include").is_err());
        assert!(must_include_any("a |OR| b", &PyValue::Str("b".into())).unwrap());
    }
}
