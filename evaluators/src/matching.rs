//! The pure comparison primitives of VWA's evaluators: answer cleaning, inclusion,
//! inequalities and URL normalisation. None of them needs a page.

use crate::mode::EvalMode;
use crate::task::OR_SEPARATOR;
use crate::tokenize::word_tokenize;
use regex::Regex;
use std::sync::LazyLock;

/// Tolerance of numeric comparisons (VWA's `1e-8`).
pub const TOLERANCE: f64 = 1e-8;

/// VWA's `clean_answer`: drop one layer of matching quotes, lower-case.
///
/// Correct mode also trims surrounding whitespace first (as WebArena does).
pub fn clean_answer(answer: &str, mode: EvalMode) -> String {
    let answer = match mode {
        EvalMode::Vwa => answer,
        EvalMode::Correct => answer.trim(),
    };
    let unquoted = ['\'', '"']
        .iter()
        .find_map(|quote| {
            (answer.len() >= 2 && answer.starts_with(*quote) && answer.ends_with(*quote))
                .then(|| &answer[1..answer.len() - 1])
        })
        .unwrap_or(answer);
    unquoted.to_lowercase()
}

/// `exact_match`: equal after cleaning both sides.
pub fn exact_match(reference: &str, prediction: &str, mode: EvalMode) -> bool {
    clean_answer(reference, mode) == clean_answer(prediction, mode)
}

/// `must_include` for one alternative.
///
/// VWA: a reference that NLTK tokenizes to one token must be one of the prediction's tokens,
/// otherwise a substring. Correct: the reference must occur without letters or digits glued
/// to its alphanumeric ends, or, for a numeric reference, some number in the prediction must
/// equal it (so `170` matches `000000170` and `0` matches `0.` but `1` does not match `10`).
pub fn includes(reference: &str, prediction: &str, mode: EvalMode) -> bool {
    let reference = clean_answer(reference, mode);
    let prediction = clean_answer(prediction, mode);
    match mode {
        EvalMode::Vwa => {
            if word_tokenize(&reference).len() == 1 {
                word_tokenize(&prediction).contains(&reference)
            } else {
                prediction.contains(&reference)
            }
        }
        EvalMode::Correct => {
            included_on_word_boundaries(&reference, &prediction)
                || numeric_value(&reference).is_some_and(|wanted| {
                    NUMBER
                        .iter()
                        .flat_map(|number| number.find_iter(&prediction))
                        .filter_map(|found| numeric_value(found.as_str()))
                        .any(|value| (value - wanted).abs() <= TOLERANCE)
                })
        }
    }
}

/// A `must_include` item: passes if any ` |OR| ` alternative is included.
pub fn includes_any(item: &str, prediction: &str, mode: EvalMode) -> bool {
    item.split(OR_SEPARATOR)
        .any(|alternative| includes(alternative, prediction, mode))
}

/// `one_of`: some cleaned value is a substring of the (cleaned) prediction.
pub fn one_of(values: &[String], prediction: &str, mode: EvalMode) -> bool {
    let prediction = clean_answer(prediction, mode);
    values
        .iter()
        .any(|value| prediction.contains(&clean_answer(value, mode)))
}

/// Numbers in a prediction (a constant pattern, checked by the tests).
static NUMBER: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"-?\d[\d,]*(\.\d+)?").ok());

fn numeric_value(text: &str) -> Option<f64> {
    let plain = text.trim().replace(',', "");
    let plain = plain.strip_suffix('.').unwrap_or(&plain);
    if plain.is_empty()
        || !plain
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
    {
        return None;
    }
    plain.parse().ok()
}

fn included_on_word_boundaries(reference: &str, prediction: &str) -> bool {
    if reference.is_empty() {
        return true;
    }
    let first_is_word = reference.chars().next().is_some_and(char::is_alphanumeric);
    let last_is_word = reference
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric);
    prediction.match_indices(reference).any(|(start, _)| {
        let before = prediction[..start].chars().next_back();
        let after = prediction[start + reference.len()..].chars().next();
        let glued = |neighbour: Option<char>| neighbour.is_some_and(char::is_alphanumeric);
        !((first_is_word && glued(before)) || (last_is_word && glued(after)))
    })
}

/// VWA's `str_2_int`: strip, drop every `,`, parse an integer (`"12.5"` → `None`).
pub fn str_to_int(text: &str) -> Option<i64> {
    let plain = text.trim().replace(',', "");
    plain.strip_prefix('+').unwrap_or(&plain).parse().ok()
}

/// An inequality spec that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an inequality such as `>= 12` or `< 700`")]
pub struct InequalityError(pub String);

/// The operator of a `required_values` spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// `<=`
    AtMost,
    /// `>=`
    AtLeast,
    /// `==`
    Equal,
    /// `<`
    Below,
    /// `>`
    Above,
}

/// Parses `"<op> <number>"`, scanning operators in VWA's order (`<=`, `>=`, `==`, `<`, `>`).
pub fn parse_inequality(spec: &str) -> Result<(Comparison, f64), InequalityError> {
    let operators = [
        ("<=", Comparison::AtMost),
        (">=", Comparison::AtLeast),
        ("==", Comparison::Equal),
        ("<", Comparison::Below),
        (">", Comparison::Above),
    ];
    let bad = || InequalityError(spec.to_owned());
    let (text, comparison) = operators
        .iter()
        .find(|(text, _)| spec.contains(text))
        .ok_or_else(bad)?;
    let mut parts = spec.split(text);
    let (Some(_), Some(number), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    let number: f64 = number.trim().parse().map_err(|_| bad())?;
    Ok((*comparison, number))
}

/// VWA's `compare_inequality`. VWA accepts equality for `<` and `>` (within tolerance);
/// Correct mode makes them strict.
pub fn compare_inequality(value: f64, spec: &str, mode: EvalMode) -> Result<bool, InequalityError> {
    let (comparison, bound) = parse_inequality(spec)?;
    let strict_slack = match mode {
        EvalMode::Vwa => TOLERANCE,
        EvalMode::Correct => -TOLERANCE,
    };
    Ok(match comparison {
        Comparison::AtMost => value <= bound + TOLERANCE,
        Comparison::AtLeast => value >= bound - TOLERANCE,
        Comparison::Equal => (value - bound).abs() <= TOLERANCE,
        Comparison::Below => value < bound + strict_slack,
        Comparison::Above => value > bound - strict_slack,
    })
}

/// A `required_values` item: any ` |OR| ` alternative holds.
pub fn satisfies_any(value: f64, item: &str, mode: EvalMode) -> Result<bool, InequalityError> {
    for alternative in item.split(OR_SEPARATOR) {
        if compare_inequality(value, alternative, mode)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// VWA's `clean_url`: every `localhost` → `127.0.0.1`, then drop one trailing `/`.
pub fn clean_url(url: &str) -> String {
    let replaced = url.replace("localhost", "127.0.0.1");
    match replaced.strip_suffix('/') {
        Some(stripped) => stripped.to_owned(),
        None => replaced,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EvalMode::{Correct, Vwa};

    #[test]
    fn clean_answer_drops_one_quote_layer_and_lowercases() {
        assert_eq!(clean_answer("'Hello'", Vwa), "hello");
        assert_eq!(clean_answer("\"'X'\"", Vwa), "'x'");
        assert_eq!(clean_answer("'", Vwa), "'");
        assert_eq!(clean_answer(" 'A' ", Vwa), " 'a' ");
        assert_eq!(clean_answer(" 'A' ", Correct), "a");
        assert!(exact_match("\"Yes\"", "yes", Vwa));
        assert!(!exact_match("yes", "yes ", Vwa));
        assert!(exact_match("yes", "yes ", Correct));
    }

    #[test]
    fn issue_71_leading_zeros() {
        assert!(!includes("170", "000000170", Vwa));
        assert!(includes("170", "000000170", Correct));
        assert!(!includes("1", "10", Correct));
        assert!(!includes("170", "1700", Correct));
    }

    #[test]
    fn issue_84_number_before_a_period() {
        let prediction = "The number of comments is: 0. Method: counted";
        assert!(!includes("0", prediction, Vwa));
        assert!(includes("0", prediction, Correct));
    }

    #[test]
    fn multi_token_reference_uses_substring_rule() {
        assert!(includes("$250", "it is $2500", Vwa));
        assert!(!includes("$250", "it is $2500", Correct));
        assert!(includes("$250", "price: $250.", Correct));
        assert!(includes("red bike", "a Red Bike for sale", Vwa));
        assert!(includes("red bike", "a Red Bike for sale", Correct));
        assert!(!includes("blue", "bluetooth", Correct));
        assert!(!includes("blue", "bluetooth", Vwa));
        assert!(includes("", "anything", Vwa));
    }

    #[test]
    fn or_alternatives_any_passes() {
        assert!(includes_any("gold |OR| yellow", "it is yellow", Vwa));
        assert!(!includes_any("gold |OR| silver", "it is yellow", Correct));
        // The separator needs its spaces.
        assert!(!includes_any("gold|OR|yellow", "yellow", Vwa));
    }

    #[test]
    fn one_of_is_plain_substring() {
        let values = vec!["circle".to_owned(), "round".to_owned()];
        assert!(one_of(&values, "It is aROUNDed shape", Vwa));
        assert!(!one_of(&values, "square", Vwa));
    }

    #[test]
    fn str_to_int_like_python() {
        assert_eq!(str_to_int(" 1,234 "), Some(1234));
        assert_eq!(str_to_int("-5"), Some(-5));
        assert_eq!(str_to_int("+5"), Some(5));
        assert_eq!(str_to_int("12.5"), None);
        assert_eq!(str_to_int("twelve"), None);
    }

    #[test]
    fn every_operator_and_strictness_at_equality() {
        for (spec, value, vwa, correct) in [
            ("<= 5", 5.0, true, true),
            ("<= 5", 5.1, false, false),
            (">= 12", 12.0, true, true),
            (">= 12", 11.0, false, false),
            ("== 3", 3.0, true, true),
            ("== 3", 3.5, false, false),
            ("< 700", 700.0, true, false),
            ("< 700", 699.99, true, true),
            ("< 700", 701.0, false, false),
            ("> 10", 10.0, true, false),
            ("> 10", 10.5, true, true),
            ("> 10", 9.0, false, false),
        ] {
            assert_eq!(
                compare_inequality(value, spec, Vwa),
                Ok(vwa),
                "{spec} {value}"
            );
            assert_eq!(
                compare_inequality(value, spec, Correct),
                Ok(correct),
                "{spec} {value}"
            );
        }
        assert!(compare_inequality(1.0, "about 5", Vwa).is_err());
        assert!(compare_inequality(1.0, "< five", Vwa).is_err());
        assert!(compare_inequality(1.0, "< 1 < 2", Vwa).is_err());
        assert_eq!(satisfies_any(3.0, "< 2 |OR| > 2", Correct), Ok(true));
        assert_eq!(satisfies_any(2.0, "< 2 |OR| > 2", Correct), Ok(false));
    }

    #[test]
    fn clean_url_normalises_host_and_one_trailing_slash() {
        assert_eq!(
            clean_url("http://localhost:9980/x/"),
            "http://127.0.0.1:9980/x"
        );
        assert_eq!(clean_url("http://localhost/a//"), "http://127.0.0.1/a/");
        assert_eq!(clean_url("http://h/?q=localhost"), "http://h/?q=127.0.0.1");
    }
}
