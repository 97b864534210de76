//! The pure comparison primitives of VWA's evaluators: answer cleaning, inclusion,
//! inequalities and URL normalisation. None of them needs a page.

use crate::mode::EvalMode;
use crate::python::PyValue;
use crate::task::OR_SEPARATOR;
use crate::vwa;

/// Tolerance of numeric comparisons (VWA's `1e-8`).
pub const TOLERANCE: f64 = 1e-8;

/// VWA's `clean_answer`: drop one layer of matching quotes, lower-case.
///
/// `vwa` mode is Python's (`'` alone cleans to the empty string). `correct` mode trims
/// surrounding whitespace first (as WebArena does) and strips only a pair of quotes.
pub fn clean_answer(answer: &str, mode: EvalMode) -> String {
    match mode {
        EvalMode::Vwa => vwa::clean_answer(answer),
        EvalMode::Correct | EvalMode::Magebench => {
            let answer = answer.trim();
            let unquoted = ['\'', '"']
                .iter()
                .find_map(|quote| {
                    (answer.len() >= 2 && answer.starts_with(*quote) && answer.ends_with(*quote))
                        .then(|| &answer[1..answer.len() - 1])
                })
                .unwrap_or(answer);
            unquoted.to_lowercase()
        }
    }
}

/// `exact_match`: equal after cleaning both sides.
pub fn exact_match(reference: &str, prediction: &str, mode: EvalMode) -> bool {
    clean_answer(reference, mode) == clean_answer(prediction, mode)
}

/// `must_include` for one alternative.
///
/// VWA: a reference that NLTK tokenizes to one token must be one of the prediction's NLTK
/// tokens, otherwise a substring. Correct: a numeric reference must equal the value of some
/// number token of the prediction ([`number_tokens`]: `3` ≠ `3.5`, `5` ≠ `5,000` ≠ `-5`,
/// `1,299` = `1299`, `170` = `000000170`); any other reference must occur with no letter or
/// digit glued to its alphanumeric ends (and no `.` or `,` plus digit glued to a digit end).
pub fn includes(reference: &str, prediction: &str, mode: EvalMode) -> bool {
    match mode {
        EvalMode::Vwa => {
            vwa::must_include(reference, &PyValue::Str(clean_answer(prediction, mode)), "")
                .unwrap_or(false)
        }
        EvalMode::Correct | EvalMode::Magebench => {
            let reference = clean_answer(reference, mode);
            let prediction = clean_answer(prediction, mode);
            match parse_number(&reference) {
                Some(wanted) => number_tokens(&prediction).contains(&wanted),
                None => included_on_boundaries(&reference, &prediction),
            }
        }
    }
}

/// A `must_include` item: passes if any ` |OR| ` alternative is included.
pub fn includes_any(item: &str, prediction: &str, mode: EvalMode) -> bool {
    item.split(OR_SEPARATOR)
        .any(|alternative| includes(alternative, prediction, mode))
}

/// `one_of`: some cleaned value is a substring of the (already cleaned) prediction.
pub fn one_of(values: &[String], prediction: &str, mode: EvalMode) -> bool {
    values
        .iter()
        .any(|value| prediction.contains(&clean_answer(value, mode)))
}

/// One number in `correct` mode: an optional sign, digits with optional thousands groups
/// (`1,299`), an optional decimal part (`3.5`). Surrounding whitespace is allowed.
pub fn parse_number(text: &str) -> Option<f64> {
    let text = text.trim();
    let (sign, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (-1.0, &text[1..]),
        Some(b'+') => (1.0, &text[1..]),
        _ => (1.0, text),
    };
    let (integer, fraction) = match unsigned.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (unsigned, None),
    };
    let all_digits =
        |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    let grouped = {
        let mut groups = integer.split(',');
        let first = groups.next().unwrap_or_default();
        all_digits(first)
            && (integer == first
                || (first.len() <= 3 && groups.all(|group| group.len() == 3 && all_digits(group))))
    };
    if !grouped || fraction.is_some_and(|fraction| !all_digits(fraction)) {
        return None;
    }
    let plain = format!("{}.{}", integer.replace(',', ""), fraction.unwrap_or("0"));
    plain.parse::<f64>().ok().map(|value| sign * value)
}

/// The values of the number tokens in `text` (`correct` mode).
///
/// A token is a run of digits, `,` and `.` (with a leading sign when no letter or digit is
/// right before it) that no letter or digit touches: `v2`, `12th`, `1e3` hold none. A
/// trailing `.` or `,` is punctuation. The run is one number when it reads as one
/// ([`parse_number`]); commas that are not thousands groups separate numbers (`1,2,3`,
/// `4,6`); a run with several decimal points (`3.5.1`, an IP address) is no number.
pub fn number_tokens(text: &str) -> Vec<f64> {
    let chars: Vec<char> = text.chars().collect();
    let glued = |index: Option<usize>| {
        index
            .and_then(|index| chars.get(index))
            .is_some_and(|c| c.is_alphanumeric())
    };
    let mut values = Vec::new();
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        let signed = matches!(c, '-' | '+')
            && chars.get(index + 1).is_some_and(char::is_ascii_digit)
            && !glued(index.checked_sub(1));
        if !(c.is_ascii_digit() || signed) || glued(index.checked_sub(1)) {
            index += 1;
            continue;
        }
        let start = index;
        index += 1;
        while chars
            .get(index)
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        {
            index += 1;
        }
        if glued(Some(index)) {
            // Letters touch the run: part of a word such as `12th` or `v2.1a`.
            while glued(Some(index)) {
                index += 1;
            }
            continue;
        }
        let run: String = chars[start..index].iter().collect();
        let run = run.trim_end_matches(['.', ',']);
        if let Some(value) = parse_number(run) {
            values.push(value);
        } else if run.matches('.').count() <= 1 {
            values.extend(run.split(',').filter_map(parse_number));
        }
    }
    values
}

/// Whether `reference` occurs in `prediction` with nothing glued to its ends: a letter or
/// digit next to an alphanumeric end, or `.`/`,` followed by a digit next to a digit end.
fn included_on_boundaries(reference: &str, prediction: &str) -> bool {
    if reference.is_empty() {
        return true;
    }
    let first = reference.chars().next();
    let last = reference.chars().next_back();
    prediction.match_indices(reference).any(|(start, _)| {
        let before: Vec<char> = prediction[..start].chars().rev().take(2).collect();
        let after: Vec<char> = prediction[start + reference.len()..]
            .chars()
            .take(2)
            .collect();
        !(is_glued(first, &before) || is_glued(last, &after))
    })
}

/// Whether the `neighbours` (nearest first) glue onto a reference's end character.
fn is_glued(end: Option<char>, neighbours: &[char]) -> bool {
    let Some(end) = end.filter(|end| end.is_alphanumeric()) else {
        return false;
    };
    match neighbours {
        [next, ..] if next.is_alphanumeric() => true,
        ['.' | ',', beyond, ..] => end.is_ascii_digit() && beyond.is_ascii_digit(),
        _ => false,
    }
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

/// `correct` mode's `compare_inequality`: `<` and `>` are strict (VWA accepts equality
/// within the tolerance; see `vwa::compare_inequality`).
pub fn compare_inequality(value: f64, spec: &str) -> Result<bool, InequalityError> {
    let (comparison, bound) = parse_inequality(spec)?;
    Ok(match comparison {
        Comparison::AtMost => value <= bound + TOLERANCE,
        Comparison::AtLeast => value >= bound - TOLERANCE,
        Comparison::Equal => (value - bound).abs() <= TOLERANCE,
        Comparison::Below => value < bound - TOLERANCE,
        Comparison::Above => value > bound + TOLERANCE,
    })
}

/// A `required_values` item (`correct` mode): any ` |OR| ` alternative holds.
pub fn satisfies_any(value: f64, item: &str) -> Result<bool, InequalityError> {
    for alternative in item.split(OR_SEPARATOR) {
        if compare_inequality(value, alternative)? {
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
        assert_eq!(clean_answer(" 'A' ", Vwa), " 'a' ");
        assert_eq!(clean_answer(" 'A' ", Correct), "a");
        assert!(exact_match("\"Yes\"", "yes", Vwa));
        assert!(!exact_match("yes", "yes ", Vwa));
        assert!(exact_match("yes", "yes ", Correct));
    }

    #[test]
    fn a_lone_quote_cleans_to_nothing_only_in_vwa() {
        assert_eq!(clean_answer("'", Vwa), "");
        assert_eq!(clean_answer("\"", Vwa), "");
        assert_eq!(clean_answer("'", Correct), "'");
        assert!(exact_match("\"\"", "'", Vwa));
        assert!(!exact_match("\"\"", "'", Correct));
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
    fn numeric_references_match_whole_number_tokens() {
        // (reference, prediction, vwa, correct)
        for (reference, prediction, vwa, correct) in [
            ("3", "rated 3.5 stars", false, false),
            ("3.5", "rated 3.5 stars", true, true),
            ("5", "5,000 reviews", false, false),
            ("5000", "5,000 reviews", false, true),
            ("1,299", "costs 1299 dollars", false, true),
            ("1299", "costs $1,299.", false, true),
            ("5", "-5 degrees", false, false),
            ("-5", "-5 degrees", true, true),
            ("5", "pages 3-5 only", false, true),
            ("4.5", "4.50 stars", false, true),
            ("2", "items 1,2,3", false, true),
            ("4", "4,6 kg", false, true),
            ("1", "version 1.2.3", false, false),
            ("2", "using v2 now", false, false),
            ("7", "the 7th one", false, false),
            ("40", "only €40 left", false, true),
            ("40", "40€ only", false, true),
            ("75", "75% off", true, true),
            ("42", "the total is 42. shipping is free", false, true),
        ] {
            assert_eq!(
                includes(reference, prediction, Vwa),
                vwa,
                "vwa {reference} in {prediction}"
            );
            assert_eq!(
                includes(reference, prediction, Correct),
                correct,
                "correct {reference} in {prediction}"
            );
        }
    }

    #[test]
    fn must_exclude_uses_the_same_number_rule() {
        // must_exclude passes when the reference is not included.
        assert!(!includes("5", "5,000 reviews", Correct));
        assert!(!includes("5", "5,000 reviews", Vwa));
        assert!(includes("5", "5 reviews", Correct));
        assert!(includes("5", "5 reviews", Vwa));
    }

    #[test]
    fn multi_token_reference_uses_substring_rule() {
        assert!(includes("$250", "it is $2500", Vwa));
        assert!(!includes("$250", "it is $2500", Correct));
        assert!(includes("$250", "price: $250.", Correct));
        assert!(includes("$250", "it is $250.99", Vwa));
        assert!(!includes("$250", "it is $250.99", Correct));
        assert!(includes("red bike", "a Red Bike for sale", Vwa));
        assert!(includes("red bike", "a Red Bike for sale", Correct));
        assert!(!includes("blue", "bluetooth", Correct));
        assert!(!includes("blue", "bluetooth", Vwa));
        assert!(includes("", "anything", Vwa));
    }

    #[test]
    fn number_tokens_of_text() {
        assert_eq!(
            number_tokens("-5 and +3.5, 1,299.50 or 000170."),
            [-5.0, 3.5, 1299.5, 170.0]
        );
        assert_eq!(
            number_tokens("x-5 3-5 v2 12th 1e3 127.0.0.1"),
            [5.0, 3.0, 5.0]
        );
        assert_eq!(number_tokens("1,2,3"), [1.0, 2.0, 3.0]);
        assert_eq!(parse_number(" 1,299 "), Some(1299.0));
        assert_eq!(parse_number("12,34"), None);
        assert_eq!(parse_number("1.5.2"), None);
        assert_eq!(parse_number("-0.5"), Some(-0.5));
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
        assert!(one_of(&values, "it is arounded shape", Vwa));
        assert!(!one_of(&values, "square", Vwa));
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
                vwa::compare_inequality(&PyValue::Float(value), spec).unwrap(),
                vwa,
                "{spec} {value}"
            );
            assert_eq!(
                compare_inequality(value, spec),
                Ok(correct),
                "{spec} {value}"
            );
        }
        assert!(compare_inequality(1.0, "about 5").is_err());
        assert!(compare_inequality(1.0, "< five").is_err());
        assert!(compare_inequality(1.0, "< 1 < 2").is_err());
        assert_eq!(satisfies_any(3.0, "< 2 |OR| > 2"), Ok(true));
        assert_eq!(satisfies_any(2.0, "< 2 |OR| > 2"), Ok(false));
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
