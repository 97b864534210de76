//! The result of scoring a task: an outcome plus a per-evaluator, per-check breakdown.

use crate::aes::model::AesReport;
use crate::mode::EvalMode;
use crate::task::{EvalType, OR_SEPARATOR};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Most characters a check keeps of the observed side: a longer selection (a page's whole
/// HTML, a long element) is cut to the part around what was looked for (see [`Excerpt`]).
pub const ACTUAL_CHARS: usize = 600;

/// A score, or why there is none yet.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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

/// One check: what was compared with what, and the result — only the part of the end state
/// that decided it, never a whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CheckReport {
    /// The kind of check.
    pub kind: CheckKind,
    /// The reference side (reference answer, URL, inequality, question, image).
    pub expected: String,
    /// The observed side (answer, URL, selected text, judge reply), at most
    /// [`ACTUAL_CHARS`] characters: of a longer selection, the part around where the
    /// expected text was found (`excerpt` says which part).
    pub actual: String,
    /// Where `actual` lies in a selection that was longer than it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excerpt: Option<Excerpt>,
    /// The page image and the reference image an image check compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub images: Option<ComparedImages>,
    /// The result.
    #[serde(flatten)]
    pub status: CheckStatus,
    /// Which judge answered, for checks a judge answers: `ground_truth` (a picture's spec,
    /// no model) or `vision` (the configured vision model); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge: Option<String>,
}

/// The part of a long selection a check report shows, in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Excerpt {
    /// Characters of the selection before the part shown.
    pub start: usize,
    /// Characters of the whole selection.
    pub total: usize,
    /// Whether the part is centred on the expected text (else: on one of its words, or the
    /// selection's beginning, when the text was not found).
    pub found: bool,
}

/// The two images of an image comparison, small enough to show beside the check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ComparedImages {
    /// The page image's URL.
    pub page_image: String,
    /// The reference: a URL, or a file name in the task's folder.
    pub reference: String,
    /// The page image, at most [`ComparedImages::THUMBNAIL`] pixels on a side, as a
    /// `data:image/jpeg` URL.
    pub page_thumbnail: String,
    /// The reference image, likewise.
    pub reference_thumbnail: String,
}

impl ComparedImages {
    /// Longest side of the thumbnails, in pixels.
    pub const THUMBNAIL: u32 = 192;

    /// The pair, with thumbnails of both images.
    pub fn new(
        page_image: &str,
        page: &image::DynamicImage,
        reference: &str,
        reference_image: &image::DynamicImage,
    ) -> Self {
        Self {
            page_image: page_image.to_owned(),
            reference: reference.to_owned(),
            page_thumbnail: thumbnail(page),
            reference_thumbnail: thumbnail(reference_image),
        }
    }
}

/// A small JPEG of `image` as a data URL (empty if it cannot be encoded).
fn thumbnail(image: &image::DynamicImage) -> String {
    use base64::Engine;
    let small = image.thumbnail(ComparedImages::THUMBNAIL, ComparedImages::THUMBNAIL);
    let mut jpeg = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 75);
    match small.to_rgb8().write_with_encoder(encoder) {
        Ok(()) => format!(
            "data:image/jpeg;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(&jpeg)
        ),
        Err(_) => String::new(),
    }
}

impl CheckReport {
    /// A new report; an `actual` longer than [`ACTUAL_CHARS`] is cut to the part around the
    /// first place `expected` (or one of its ` |OR| ` alternatives, else its longest word
    /// that occurs) is found, case-insensitively, else to its beginning.
    pub fn new(
        kind: CheckKind,
        expected: impl Into<String>,
        actual: impl Into<String>,
        status: CheckStatus,
    ) -> Self {
        let expected = expected.into();
        let actual = actual.into();
        let (actual, excerpt) = match Excerpt::around(&actual, &expected, ACTUAL_CHARS) {
            Some((part, excerpt)) => (part, Some(excerpt)),
            None => (actual, None),
        };
        CheckReport {
            kind,
            expected,
            actual,
            excerpt,
            images: None,
            status,
            judge: None,
        }
    }

    /// The same report, answered by `judge`.
    pub fn judged_by(mut self, judge: Option<&str>) -> Self {
        self.judge = judge.map(str::to_owned);
        self
    }

    /// This report with the compared images attached.
    pub fn with_images(self, images: ComparedImages) -> Self {
        Self {
            images: Some(images),
            ..self
        }
    }
}

impl Excerpt {
    /// The part of `text` to show for `expected`, at most `chars` characters long, when
    /// `text` is longer: around the first place `expected` (or one of its ` |OR| `
    /// alternatives, else its longest word that occurs) is found, case-insensitively, else
    /// its beginning.
    pub fn around(text: &str, expected: &str, chars: usize) -> Option<(String, Excerpt)> {
        let total = text.chars().count();
        if total <= chars {
            return None;
        }
        let mut needles: Vec<&str> = expected
            .split(OR_SEPARATOR)
            .map(str::trim)
            .filter(|needle| !needle.is_empty())
            .collect();
        let whole = needles.len();
        let mut words: Vec<&str> = expected
            .split(|c: char| !c.is_alphanumeric())
            .filter(|word| word.chars().count() >= 3)
            .collect();
        words.sort_by_key(|word| std::cmp::Reverse(word.chars().count()));
        needles.extend(words);
        let found = needles
            .iter()
            .enumerate()
            .find_map(|(rank, needle)| Some((rank < whole, find_chars(text, needle)?)));
        let (found, start) = match found {
            Some((whole_text, (at, length))) => {
                let margin = chars.saturating_sub(length) / 2;
                let start = at.saturating_sub(margin).min(total - chars);
                (whole_text, start)
            }
            None => (false, 0),
        };
        let part = text.chars().skip(start).take(chars).collect();
        Some((
            part,
            Excerpt {
                start,
                total,
                found,
            },
        ))
    }
}

/// Where `needle` first occurs in `text`, case-insensitively: (character offset, length in
/// characters).
fn find_chars(text: &str, needle: &str) -> Option<(usize, usize)> {
    let lower = text.to_lowercase();
    let needle_lower = needle.to_lowercase();
    // Lower-casing keeps byte offsets for almost every text; when it does not, search as is.
    let (haystack, needle) = if lower.len() == text.len() {
        (lower.as_str(), needle_lower.as_str())
    } else {
        (text, needle)
    };
    let byte = haystack.find(needle)?;
    let at = text.get(..byte).map_or(0, |before| before.chars().count());
    Some((at, needle.chars().count()))
}

/// One evaluator's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EvaluatorReport {
    /// Which evaluator.
    pub eval_type: EvalType,
    /// Its outcome.
    pub outcome: Outcome,
    /// Its checks, in order.
    pub checks: Vec<CheckReport>,
    /// The AES breakdown (`aes` evaluator only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub aes: Option<AesReport>,
}

/// The result of scoring a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
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
            aes: Some(crate::aes::model::AesReport {
                passed,
                ..crate::aes::model::AesReport::new(score, Vec::new())
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
    fn a_long_selection_is_cut_to_the_part_around_the_expected_text() {
        let page = format!(
            "<html><head><style>{}</style></head><body>{}<p class=\"price\">Total: $25.99</p>{}</body></html>",
            "x".repeat(5_000),
            "filler ".repeat(2_000),
            "tail ".repeat(500)
        );
        let report = CheckReport::new(CheckKind::MustInclude, "$25.99", &page, CheckStatus::Pass);
        assert_eq!(report.actual.chars().count(), ACTUAL_CHARS);
        assert!(
            report.actual.contains("Total: $25.99</p>"),
            "{}",
            report.actual
        );
        let excerpt = report.excerpt.expect("cut");
        assert!(excerpt.found);
        assert_eq!(excerpt.total, page.chars().count());
        assert_eq!(
            page.chars()
                .skip(excerpt.start)
                .take(ACTUAL_CHARS)
                .collect::<String>(),
            report.actual
        );
        // Not found as a whole: the part around one of its words (an |OR| alternative first).
        let missing = CheckReport::new(
            CheckKind::MustInclude,
            "Grand TOTAL is $30 |OR| price\">Total",
            &page,
            CheckStatus::Fail,
        );
        assert!(missing.excerpt.unwrap().found, "an alternative was found");
        let word = CheckReport::new(
            CheckKind::MustInclude,
            "total due: 9",
            &page,
            CheckStatus::Fail,
        );
        assert!(!word.excerpt.unwrap().found);
        assert!(
            word.actual.contains("$25.99"),
            "cut around the word `total`"
        );
        let nothing = CheckReport::new(CheckKind::MustInclude, "zz", &page, CheckStatus::Fail);
        assert_eq!(nothing.excerpt.unwrap().start, 0);
        // Short selections are kept whole, and say nothing of excerpts.
        let short = CheckReport::new(CheckKind::ExactMatch, "a", "b", CheckStatus::Fail);
        assert_eq!(short.actual, "b");
        assert!(
            serde_json::to_value(&short)
                .unwrap()
                .get("excerpt")
                .is_none()
        );
        // Multi-byte text keeps character offsets.
        let accents = format!("{}é price 5 €{}", "é".repeat(700), "ü".repeat(700));
        let cut = CheckReport::new(CheckKind::MustInclude, "5 €", &accents, CheckStatus::Pass);
        assert!(cut.actual.contains("price 5 €"));
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
