//! The result of scoring a task: an outcome plus a per-evaluator, per-check breakdown.

use crate::aes::AesReport;
use crate::mode::EvalMode;
use crate::task::EvalType;
use serde::{Deserialize, Serialize};

/// A score, or why there is none yet.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A definite score in `[0, 1]`.
    Score(f64),
    /// A judge-backed check could not run because no judge is configured.
    NeedsJudge,
    /// A judge was asked but gave no usable verdict.
    JudgeFailed,
}

impl Outcome {
    /// A pass (1) or fail (0).
    pub fn from_pass(pass: bool) -> Self {
        Outcome::Score(if pass { 1.0 } else { 0.0 })
    }

    /// Product of two outcomes: a definite 0 wins (the task fails whatever a judge says),
    /// then a failed judge, then a missing judge.
    pub fn times(self, other: Outcome) -> Outcome {
        match (self, other) {
            (Outcome::Score(a), Outcome::Score(b)) => Outcome::Score(a * b),
            (Outcome::Score(zero), _) | (_, Outcome::Score(zero)) if zero == 0.0 => {
                Outcome::Score(0.0)
            }
            (Outcome::JudgeFailed, _) | (_, Outcome::JudgeFailed) => Outcome::JudgeFailed,
            _ => Outcome::NeedsJudge,
        }
    }

    /// The score, if definite.
    pub fn score(self) -> Option<f64> {
        match self {
            Outcome::Score(score) => Some(score),
            _ => None,
        }
    }
}

/// What one check concluded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status", content = "reason")]
pub enum CheckStatus {
    /// Passed.
    Pass,
    /// Failed.
    Fail,
    /// Needs a judge that is not configured.
    NeedsJudge,
    /// The judge failed; the reason says how.
    JudgeFailed(String),
}

impl CheckStatus {
    /// Pass or fail.
    pub fn from_pass(pass: bool) -> Self {
        if pass {
            CheckStatus::Pass
        } else {
            CheckStatus::Fail
        }
    }

    /// The check's contribution to the product.
    pub fn outcome(&self) -> Outcome {
        match self {
            CheckStatus::Pass => Outcome::Score(1.0),
            CheckStatus::Fail => Outcome::Score(0.0),
            CheckStatus::NeedsJudge => Outcome::NeedsJudge,
            CheckStatus::JudgeFailed(_) => Outcome::JudgeFailed,
        }
    }
}

/// The kind of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// `exact_match`.
    ExactMatch,
    /// One `must_include` item.
    MustInclude,
    /// One `must_exclude` item.
    MustExclude,
    /// `one_of`.
    OneOf,
    /// One `required_values` item.
    RequiredValues,
    /// A judged fuzzy match.
    FuzzyMatch,
    /// Answer `N/A` for an unachievable task (then the reason is judged).
    NotAchievable,
    /// A judged comparison of unachievable reasons.
    UnachievableReason,
    /// `url_match`.
    UrlMatch,
    /// A `program_html` locator selected nothing.
    Selection,
    /// A `page_image_query` found images to check.
    ImagesFound,
    /// `eval_fuzzy_image_match` by SSIM.
    ImageSimilarity,
    /// One `eval_vqa` question.
    VisualQuestion,
    /// A check VWA skips (recorded so the breakdown shows it).
    Skipped,
    /// One state of an AES comparison (expected: the state; actual: its score or failure).
    AesState,
}

/// One check: what was compared with what, and the result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckReport {
    /// The kind of check.
    pub kind: CheckKind,
    /// The reference side (reference answer, URL, inequality, question, image).
    pub expected: String,
    /// The observed side (answer, URL, selected text, judge reply).
    pub actual: String,
    /// The result.
    #[serde(flatten)]
    pub status: CheckStatus,
    /// Which judge answered, for checks a judge answers: `ground_truth` (a picture's spec,
    /// no model) or `vision` (the configured vision model); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge: Option<String>,
}

impl CheckReport {
    /// A new report.
    pub fn new(
        kind: CheckKind,
        expected: impl Into<String>,
        actual: impl Into<String>,
        status: CheckStatus,
    ) -> Self {
        CheckReport {
            kind,
            expected: expected.into(),
            actual: actual.into(),
            status,
            judge: None,
        }
    }

    /// The same report, answered by `judge`.
    pub fn judged_by(mut self, judge: Option<&str>) -> Self {
        self.judge = judge.map(str::to_owned);
        self
    }
}

/// One evaluator's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvaluatorReport {
    /// Which evaluator.
    pub eval_type: EvalType,
    /// Its outcome.
    pub outcome: Outcome,
    /// Its checks, in order.
    pub checks: Vec<CheckReport>,
    /// The AES breakdown (`aes` evaluator only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aes: Option<AesReport>,
}

/// The result of scoring a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The product of the evaluators' outcomes.
    pub outcome: Outcome,
    /// The mode used.
    pub mode: EvalMode,
    /// Each evaluator's report, in `eval_types` order.
    pub evaluators: Vec<EvaluatorReport>,
}

impl Evaluation {
    /// The score, if definite.
    pub fn score(&self) -> Option<f64> {
        self.outcome.score()
    }

    /// Whether the task passed: every evaluator scored 1, except AES, which passes when every
    /// state reached the task's threshold.
    pub fn passed(&self) -> bool {
        self.evaluators.iter().all(|report| match &report.aes {
            Some(aes) => aes.passed,
            None => report
                .outcome
                .score()
                .is_some_and(|score| score >= 1.0 - 1e-9),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_rules() {
        use Outcome::*;
        assert_eq!(Score(1.0).times(Score(0.5)), Score(0.5));
        assert_eq!(Score(0.0).times(NeedsJudge), Score(0.0));
        assert_eq!(JudgeFailed.times(Score(0.0)), Score(0.0));
        assert_eq!(Score(1.0).times(NeedsJudge), NeedsJudge);
        assert_eq!(NeedsJudge.times(JudgeFailed), JudgeFailed);
        assert_eq!(Score(1.0).score(), Some(1.0));
        assert_eq!(NeedsJudge.score(), None);
    }

    #[test]
    fn an_aes_task_passes_when_every_state_reached_its_threshold() {
        let aes = |score: f64, passed: bool| EvaluatorReport {
            eval_type: EvalType::Aes,
            outcome: Outcome::Score(score),
            checks: Vec::new(),
            aes: Some(crate::aes::AesReport {
                passed,
                ..crate::aes::AesReport::new(score, Vec::new())
            }),
        };
        let evaluation = |report| Evaluation {
            outcome: Outcome::Score(0.93),
            mode: EvalMode::Correct,
            evaluators: vec![report],
        };
        // A mean of 0.93 whose lowest state missed the threshold fails; 0.95 with every state
        // through passes though it is not 1.
        assert!(!evaluation(aes(0.93, false)).passed());
        assert!(evaluation(aes(0.95, true)).passed());
        let text = EvaluatorReport {
            eval_type: EvalType::StringMatch,
            outcome: Outcome::Score(0.0),
            checks: Vec::new(),
            aes: None,
        };
        assert!(!evaluation(text).passed());
    }

    #[test]
    fn reports_serialize_readably() {
        let report = CheckReport::new(
            CheckKind::MustInclude,
            "170",
            "000000170",
            CheckStatus::Fail,
        );
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["kind"], "must_include");
        assert_eq!(json["status"], "fail");
        let failed = CheckReport::new(
            CheckKind::FuzzyMatch,
            "a",
            "b",
            CheckStatus::JudgeFailed("timeout".into()),
        );
        assert_eq!(serde_json::to_value(&failed).unwrap()["reason"], "timeout");
    }

    #[test]
    fn evaluations_read_back_what_they_wrote() {
        let evaluation = Evaluation {
            outcome: Outcome::Score(0.0),
            mode: EvalMode::Vwa,
            evaluators: vec![EvaluatorReport {
                eval_type: EvalType::StringMatch,
                outcome: Outcome::NeedsJudge,
                checks: vec![
                    CheckReport::new(CheckKind::MustInclude, "170", "17", CheckStatus::Fail),
                    CheckReport::new(
                        CheckKind::FuzzyMatch,
                        "a",
                        "b",
                        CheckStatus::JudgeFailed("timeout".into()),
                    ),
                ],
                aes: None,
            }],
        };
        let json = serde_json::to_string(&evaluation).unwrap();
        assert_eq!(
            serde_json::from_str::<Evaluation>(&json).unwrap(),
            evaluation
        );
    }
}
