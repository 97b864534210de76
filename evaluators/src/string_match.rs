//! `string_match`: the agent's final answer against `reference_answers`.

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};
use crate::judge::{FuzzyVerdict, Judges};
use crate::matching::{
    clean_answer, exact_match, includes, includes_any, one_of, parse_number, satisfies_any,
};
use crate::mode::EvalMode;
use crate::task::{Check, Checks, EvalType, FuzzyReference, OR_SEPARATOR};

/// What the string evaluator needs from the task besides the checks.
#[derive(Debug, Clone, Copy)]
pub struct AnswerContext<'a> {
    /// The task intent (the judge's question).
    pub intent: &'a str,
    /// Why the task is unachievable (`eval.string_note`).
    pub string_note: &'a str,
}

/// Asks the text judge for a fuzzy verdict and turns it into a check status.
pub async fn judge_fuzzy(
    judges: &Judges,
    answer: &str,
    reference: &str,
    question: &str,
) -> CheckStatus {
    match &judges.text {
        None => CheckStatus::NeedsJudge,
        Some(judge) => match judge.fuzzy_match(answer, reference, question).await {
            Ok(verdict) => CheckStatus::from_pass(verdict == FuzzyVerdict::Correct),
            Err(error) => CheckStatus::JudgeFailed(error.to_string()),
        },
    }
}

/// Asks the text judge whether the agent's reason for giving up matches `string_note`.
pub(crate) async fn judge_unachievable(
    judges: &Judges,
    answer: &str,
    context: AnswerContext<'_>,
) -> CheckStatus {
    match &judges.text {
        None => CheckStatus::NeedsJudge,
        Some(judge) => match judge
            .unachievable_reason_match(answer, context.string_note, context.intent)
            .await
        {
            Ok(same) => CheckStatus::from_pass(same),
            Err(error) => CheckStatus::JudgeFailed(error.to_string()),
        },
    }
}

/// Scores `answer` against the reference checks, in file order. `vwa` mode is VWA's own
/// flow ([`crate::vwa::evaluate_answer`]); `correct` mode is below.
pub async fn evaluate_answer(
    checks: &Checks,
    answer: &str,
    context: AnswerContext<'_>,
    judges: &Judges,
    mode: EvalMode,
) -> Result<EvaluatorReport, EvalError> {
    match mode {
        EvalMode::Vwa => crate::vwa::evaluate_answer(checks, answer, context, judges).await,
        EvalMode::Correct | EvalMode::Magebench => {
            evaluate_correctly(checks, answer, context, judges).await
        }
    }
}

/// `correct` mode: every check multiplies into the score; numbers are matched as numbers.
async fn evaluate_correctly(
    checks: &Checks,
    answer: &str,
    context: AnswerContext<'_>,
    judges: &Judges,
) -> Result<EvaluatorReport, EvalError> {
    let mode = EvalMode::Correct;
    let prediction = clean_answer(answer, mode);
    let mut outcome = Outcome::Score(1.0);
    let mut reports = Vec::new();
    let record = |reports: &mut Vec<CheckReport>, outcome: &mut Outcome, report: CheckReport| {
        *outcome = outcome.times(report.status.outcome());
        reports.push(report);
    };
    for check in checks.iter() {
        match check {
            Check::ExactMatch(reference) => {
                let pass = exact_match(reference, &prediction, mode);
                let report = CheckReport::new(
                    CheckKind::ExactMatch,
                    reference,
                    &prediction,
                    CheckStatus::from_pass(pass),
                );
                record(&mut reports, &mut outcome, report);
            }
            Check::MustInclude(items) => {
                for item in items {
                    let pass = includes_any(item, &prediction, mode);
                    let report = CheckReport::new(
                        CheckKind::MustInclude,
                        item,
                        &prediction,
                        CheckStatus::from_pass(pass),
                    );
                    record(&mut reports, &mut outcome, report);
                }
            }
            Check::MustExclude(items) => {
                for item in items {
                    let pass = !includes(item, &prediction, mode);
                    let report = CheckReport::new(
                        CheckKind::MustExclude,
                        item,
                        &prediction,
                        CheckStatus::from_pass(pass),
                    );
                    record(&mut reports, &mut outcome, report);
                }
            }
            Check::OneOf(values) => {
                let pass = one_of(values, &prediction, mode);
                let report = CheckReport::new(
                    CheckKind::OneOf,
                    values.join(" | "),
                    &prediction,
                    CheckStatus::from_pass(pass),
                );
                record(&mut reports, &mut outcome, report);
            }
            Check::RequiredValues(items) => {
                let number = parse_number(&prediction);
                for item in items {
                    let pass = match number {
                        None => false,
                        Some(number) => satisfies_any(number, item).map_err(|error| {
                            EvalError::config(
                                "eval.reference_answers.required_values",
                                error.to_string(),
                            )
                        })?,
                    };
                    let report = CheckReport::new(
                        CheckKind::RequiredValues,
                        item,
                        &prediction,
                        CheckStatus::from_pass(pass),
                    );
                    record(&mut reports, &mut outcome, report);
                }
            }
            Check::FuzzyMatch(FuzzyReference::NotAchievable) => {
                let said_not_achievable = exact_match("N/A", &prediction, mode);
                let report = CheckReport::new(
                    CheckKind::NotAchievable,
                    "N/A",
                    &prediction,
                    CheckStatus::from_pass(said_not_achievable),
                );
                if said_not_achievable {
                    record(&mut reports, &mut outcome, report);
                    continue;
                }
                reports.push(report);
                let status = judge_unachievable(judges, &prediction, context).await;
                let judged = CheckReport::new(
                    CheckKind::UnachievableReason,
                    context.string_note,
                    &prediction,
                    status,
                );
                record(&mut reports, &mut outcome, judged);
            }
            Check::FuzzyMatch(FuzzyReference::List(references)) => {
                for reference in references {
                    let status = fuzzy_any(judges, &prediction, reference, context.intent).await;
                    let report =
                        CheckReport::new(CheckKind::FuzzyMatch, reference, &prediction, status);
                    record(&mut reports, &mut outcome, report);
                }
            }
            Check::FuzzyMatch(FuzzyReference::Text(reference)) => {
                let status = fuzzy_any(judges, &prediction, reference, context.intent).await;
                let report =
                    CheckReport::new(CheckKind::FuzzyMatch, reference, &prediction, status);
                record(&mut reports, &mut outcome, report);
            }
            Check::Unknown { key, .. } => {
                return Err(EvalError::config(
                    format!("eval.reference_answers.{key}"),
                    "unknown reference key; use exact_match, must_include, must_exclude, one_of, required_values or fuzzy_match",
                ));
            }
        }
    }
    Ok(EvaluatorReport {
        eval_type: EvalType::StringMatch,
        outcome,
        checks: reports,
        aes: None,
    })
}

/// A fuzzy reference with ` |OR| ` alternatives (`correct` mode): passes if any alternative
/// is judged correct; a definite pass wins over a missing or failed judge.
pub async fn fuzzy_any(
    judges: &Judges,
    value: &str,
    reference: &str,
    question: &str,
) -> CheckStatus {
    let mut combined = Outcome::Score(0.0);
    let mut failure = None;
    for alternative in reference.split(OR_SEPARATOR) {
        let status = judge_fuzzy(judges, value, alternative, question).await;
        if let CheckStatus::JudgeFailed(reason) = &status {
            failure = Some(reason.clone());
        }
        combined = match (combined, status.outcome()) {
            (Outcome::Score(one), _) | (_, Outcome::Score(one)) if one == 1.0 => {
                Outcome::Score(1.0)
            }
            (Outcome::Score(_), other) => other,
            (other, _) => other,
        };
    }
    match combined {
        Outcome::Score(score) => CheckStatus::from_pass(score == 1.0),
        Outcome::NeedsJudge => CheckStatus::NeedsJudge,
        Outcome::JudgeFailed => CheckStatus::JudgeFailed(failure.unwrap_or_default()),
    }
}
