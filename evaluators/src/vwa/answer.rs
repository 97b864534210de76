//! VWA's `StringEvaluator.__call__`: the answer against `reference_answers`, key by key in
//! file order, with the answer's Python type carried from one key to the next.

use super::{
    as_str, clean_answer, exact_match, must_include, must_include_any, satisfies_any, str_2_int,
};
use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};
use crate::judge::Judges;
use crate::python::PyValue;
use crate::string_match::{AnswerContext, judge_fuzzy, judge_unachievable};
use crate::task::{Check, Checks, EvalType, FuzzyReference};

/// The running score and the breakdown.
struct Tally {
    outcome: Outcome,
    reports: Vec<CheckReport>,
}

impl Tally {
    /// `score *= status`.
    fn multiply(&mut self, report: CheckReport) {
        self.outcome = self.outcome.times(report.status.outcome());
        self.reports.push(report);
    }

    /// `score = status` (VWA assigns in two places).
    fn assign(&mut self, report: CheckReport) {
        self.outcome = report.status.outcome();
        self.reports.push(report);
    }
}

/// Scores `answer` as VWA's string evaluator does.
pub async fn evaluate_answer(
    checks: &Checks,
    answer: &str,
    context: AnswerContext<'_>,
    judges: &Judges,
) -> Result<EvaluatorReport, EvalError> {
    // `pred` is cleaned once here; exact_match and must_include clean it again.
    let mut pred = PyValue::Str(clean_answer(answer));
    let mut tally = Tally {
        outcome: Outcome::Score(1.0),
        reports: Vec::new(),
    };
    for check in checks.iter() {
        let shown = pred.to_str();
        match check {
            Check::ExactMatch(reference) => {
                let pass = exact_match(reference, &pred)?;
                tally.multiply(report(CheckKind::ExactMatch, reference, &shown, pass));
            }
            Check::MustInclude(items) => {
                for item in items {
                    let pass = must_include_any(item, &pred)?;
                    tally.multiply(report(CheckKind::MustInclude, item, &shown, pass));
                }
            }
            Check::MustExclude(items) => {
                for item in items {
                    let pass = !must_include(item, &pred, "must_exclude")?;
                    tally.multiply(report(CheckKind::MustExclude, item, &shown, pass));
                }
            }
            Check::OneOf(values) => {
                let mut found = false;
                for value in values {
                    let value = clean_answer(value);
                    let PyValue::Str(text) = &pred else {
                        return Err(EvalError::vwa_raises(
                            "TypeError",
                            format!("argument of type '{}' is not iterable", pred.type_name()),
                        ));
                    };
                    if text.contains(&value) {
                        found = true;
                        break;
                    }
                }
                tally.multiply(report(CheckKind::OneOf, values.join(" | "), &shown, found));
            }
            Check::RequiredValues(items) => {
                // The parsed int (or None) replaces the answer for every later key.
                pred = match str_2_int(as_str("str_2_int", &pred)?) {
                    Some(int) => PyValue::Int(int),
                    None => PyValue::None,
                };
                if pred == PyValue::None {
                    let expected = items.join(" and ");
                    tally.assign(report(CheckKind::RequiredValues, expected, &shown, false));
                    continue;
                }
                for item in items {
                    let pass = satisfies_any(&pred, item)?;
                    tally.multiply(report(CheckKind::RequiredValues, item, &shown, pass));
                }
            }
            Check::FuzzyMatch(FuzzyReference::NotAchievable) => {
                let said_not_achievable = exact_match("N/A", &pred)?;
                tally.multiply(report(
                    CheckKind::NotAchievable,
                    "N/A",
                    &shown,
                    said_not_achievable,
                ));
                // VWA asks the judge whenever the running score is not 1, and assigns.
                if tally.outcome != Outcome::Score(1.0) {
                    let text = as_str("ua_match", &pred)?;
                    let status = judge_unachievable(judges, text, context).await;
                    tally.assign(CheckReport::new(
                        CheckKind::UnachievableReason,
                        context.string_note,
                        text,
                        status,
                    ));
                }
            }
            Check::FuzzyMatch(FuzzyReference::List(references)) => {
                for reference in references {
                    let text = as_str("fuzzy_match", &pred)?;
                    let status = judge_fuzzy(judges, text, reference, context.intent).await;
                    tally.multiply(CheckReport::new(
                        CheckKind::FuzzyMatch,
                        reference,
                        text,
                        status,
                    ));
                }
            }
            Check::FuzzyMatch(FuzzyReference::Text(reference)) => {
                return Err(EvalError::vwa_raises(
                    "AssertionError",
                    format!(
                        "string_match fuzzy_match must be \"N/A\" or a list, not the text {reference:?}"
                    ),
                ));
            }
            Check::Unknown { key, .. } => {
                // VWA's `match` has no default case: an unknown key is ignored.
                tally.reports.push(CheckReport::new(
                    CheckKind::Skipped,
                    format!("{key} (VWA ignores unknown keys)"),
                    &shown,
                    CheckStatus::Pass,
                ));
            }
        }
    }
    Ok(EvaluatorReport {
        eval_type: EvalType::StringMatch,
        outcome: tally.outcome,
        checks: tally.reports,
        aes: None,
    })
}

fn report(kind: CheckKind, expected: impl Into<String>, actual: &str, pass: bool) -> CheckReport {
    CheckReport::new(kind, expected, actual, CheckStatus::from_pass(pass))
}
