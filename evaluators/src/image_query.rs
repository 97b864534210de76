//! `page_image_query`: images on a page compared with reference images (SSIM) or questioned
//! through the vision judge.

use crate::colour::different_colour_share;
use crate::error::EvalError;
use crate::evaluation::{
    CheckKind, CheckReport, CheckStatus, ComparedImages, EvaluatorReport, Outcome,
};
use crate::judge::truth::copies::Look;
use crate::judge::truth::facts::PictureFacts;
use crate::judge::{Judges, normalize_reply};
use crate::mode::EvalMode;
use crate::page::Page;
use crate::program_html::navigate;
use crate::site_queries::SiteQueries;
use crate::ssim::image_ssim;
use crate::task::{EvalType, ImageQuery, InputPicture, OR_SEPARATOR, VisualQuestion, is_remote};
use image::DynamicImage;
use serde_json::Value;
use std::path::Path;

const IMAGE_SOURCES_JS: &str = include_str!("js/image_sources.js");

/// SSIM threshold when a query gives none (strictly greater passes).
pub const DEFAULT_SSIM_THRESHOLD: f64 = 0.8;

/// In `correct` mode, the largest share of pixels that may show another colour in a matching
/// page image (see `docs/evaluation-modes.md`).
pub const MAX_DIFFERENT_COLOUR_SHARE: f64 = 0.01;

/// A page image, decoded, and where it came from.
struct PageImage {
    source: String,
    image: DynamicImage,
}

/// Resolves an image `src` against the page URL (Python `urljoin` for relative sources).
pub fn resolve_source(page_url: &str, source: &str) -> String {
    if is_remote(source) {
        return source.to_owned();
    }
    url::Url::parse(page_url)
        .and_then(|base| base.join(source))
        .map(|joined| joined.to_string())
        .unwrap_or_else(|_| source.to_owned())
}

/// Runs every query; `task_dir` resolves local reference images and the task's input
/// images, `inputs` the specs of those Agora drew (a page image that is a copy of one is
/// answered from its spec).
pub async fn evaluate_images<P: Page, Q: SiteQueries + ?Sized>(
    queries_spec: &[ImageQuery],
    task_dir: &Path,
    inputs: &[InputPicture],
    page: &mut P,
    queries: &Q,
    judges: &Judges,
    mode: EvalMode,
) -> Result<EvaluatorReport, EvalError> {
    let asks = queries_spec
        .iter()
        .any(|query| query.eval_vqa.iter().flatten().next().is_some());
    let copies = if asks {
        input_copies(task_dir, inputs)
    } else {
        Vec::new()
    };
    let mut query_outcomes = Vec::new();
    let mut checks = Vec::new();
    for (index, query) in queries_spec.iter().enumerate() {
        let field = format!("eval.page_image_query[{index}]");
        navigate(
            page,
            &query.eval_image_url,
            &format!("{field}.eval_image_url"),
            queries,
        )
        .await?;
        if !query.eval_image_class.is_empty() && !query.eval_image_class.starts_with('.') {
            return Err(EvalError::config(
                format!("{field}.eval_image_class"),
                "must be empty (all images) or a class selector starting with `.`",
            ));
        }
        let images = page_images(page, &query.eval_image_class).await?;
        let found = CheckReport::new(
            CheckKind::ImagesFound,
            format!("images matching `{}`", query.eval_image_class),
            format!("{} loaded", images.len()),
            CheckStatus::from_pass(!images.is_empty()),
        );
        checks.push(found);
        if images.is_empty() {
            // No images: the whole evaluator scores 0, as in VWA.
            return Ok(EvaluatorReport {
                eval_type: EvalType::PageImageQuery,
                outcome: Outcome::Score(0.0),
                checks,
                aes: None,
            });
        }
        // VWA resets the score for each query, so only the last query's checks count.
        let mut query_outcome = Outcome::Score(1.0);
        for question in query.eval_vqa.iter().flatten() {
            let asked = ask(judges, queries, &images, &copies, question, mode).await;
            query_outcome = query_outcome.times(asked.status.outcome());
            checks.push(
                CheckReport::new(
                    CheckKind::VisualQuestion,
                    format!("{} → {}", question.question, question.answer),
                    format!("{} image(s): {}", images.len(), asked.actual),
                    asked.status,
                )
                .judged_by(asked.judge),
            );
        }
        if let Some(references) = query
            .eval_fuzzy_image_match
            .as_deref()
            .filter(|refs| !refs.trim().is_empty())
        {
            let threshold = query.ssim_threshold.unwrap_or(DEFAULT_SSIM_THRESHOLD);
            let best = best_match(page, task_dir, references, &images, threshold, mode).await?;
            let pass = best
                .as_ref()
                .is_some_and(|(pair, _)| pair.passes(threshold, mode));
            query_outcome = query_outcome.times(Outcome::from_pass(pass));
            let expected = match mode {
                EvalMode::Vwa => format!("SSIM > {threshold} with {references}"),
                EvalMode::Correct | EvalMode::Magebench => format!(
                    "SSIM > {threshold} and at most {:.0} % of pixels in another colour, with {references}",
                    MAX_DIFFERENT_COLOUR_SHARE * 100.0
                ),
            };
            let report = match best {
                Some((pair, compared)) => CheckReport::new(
                    CheckKind::ImageSimilarity,
                    expected,
                    pair.describe(),
                    CheckStatus::from_pass(pass),
                )
                .with_images(compared),
                None => CheckReport::new(
                    CheckKind::ImageSimilarity,
                    expected,
                    "no image pair could be compared (smaller than 7×7)",
                    CheckStatus::from_pass(pass),
                ),
            };
            checks.push(report);
        }
        query_outcomes.push(query_outcome);
    }
    Ok(EvaluatorReport {
        eval_type: EvalType::PageImageQuery,
        outcome: combine_queries(&query_outcomes, mode),
        checks,
        aes: None,
    })
}

/// Combines per-query outcomes: VWA resets its score for each query, so only the last
/// query's checks count; Correct mode multiplies them all.
pub fn combine_queries(outcomes: &[Outcome], mode: EvalMode) -> Outcome {
    match mode {
        EvalMode::Vwa => outcomes.last().copied().unwrap_or(Outcome::Score(1.0)),
        EvalMode::Correct | EvalMode::Magebench => outcomes
            .iter()
            .fold(Outcome::Score(1.0), |product, outcome| {
                product.times(*outcome)
            }),
    }
}

/// Whether a vision judge's reply gives the expected answer: VWA looks for the answer as a
/// substring (so `no` matches `not sure`); Correct mode needs the reply to be the answer.
pub fn reply_answers(reply: &str, expected: &str, mode: EvalMode) -> bool {
    match mode {
        EvalMode::Vwa => reply.to_lowercase().contains(&expected.to_lowercase()),
        EvalMode::Correct | EvalMode::Magebench => {
            normalize_reply(reply) == normalize_reply(expected)
        }
    }
}

async fn page_images<P: Page>(page: &mut P, class: &str) -> Result<Vec<PageImage>, EvalError> {
    let sources = page
        .call(IMAGE_SOURCES_JS, vec![Value::from(class)])
        .await?;
    let page_url = page.url().await?;
    let mut images = Vec::new();
    for source in sources
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let resolved = resolve_source(&page_url, source);
        // Unreadable page images are skipped, as VWA does.
        let Ok(bytes) = page.fetch_bytes(&resolved).await else {
            tracing::warn!(source = %resolved, "page image could not be fetched; skipped");
            continue;
        };
        match image::load_from_memory(&bytes) {
            Ok(image) => images.push(PageImage {
                source: resolved,
                image,
            }),
            Err(error) => {
                tracing::warn!(source = %resolved, %error, "page image could not be decoded; skipped")
            }
        }
    }
    Ok(images)
}

/// How one page image compares with one reference image.
#[derive(Debug, Clone, PartialEq)]
pub struct ImagePair {
    /// Greyscale SSIM (VWA's recipe).
    pub ssim: f64,
    /// Share of pixels in another colour (`colour::different_colour_share`); only computed
    /// in `correct` mode.
    pub colour_share: Option<f64>,
    /// Which page image and which reference, for the report.
    pub names: String,
}

impl ImagePair {
    /// Compares a page image with a reference; `mode` decides whether colour counts.
    pub fn compare(
        page_image: &DynamicImage,
        reference: &DynamicImage,
        mode: EvalMode,
        names: String,
    ) -> Option<Self> {
        // A pair too small for the SSIM window cannot be similar.
        let ssim = image_ssim(page_image, reference).ok()?;
        let colour_share = match mode {
            EvalMode::Vwa => None,
            EvalMode::Correct | EvalMode::Magebench => {
                Some(different_colour_share(page_image, reference))
            }
        };
        Some(Self {
            ssim,
            colour_share,
            names,
        })
    }

    /// Whether the page image matches: SSIM strictly above the threshold, and in `correct`
    /// mode at most [`MAX_DIFFERENT_COLOUR_SHARE`] of the pixels in another colour.
    pub fn passes(&self, threshold: f64, mode: EvalMode) -> bool {
        self.ssim > threshold
            && (mode == EvalMode::Vwa
                || self
                    .colour_share
                    .is_some_and(|share| share <= MAX_DIFFERENT_COLOUR_SHARE))
    }

    fn describe(&self) -> String {
        match self.colour_share {
            None => format!("best SSIM {:.4} ({})", self.ssim, self.names),
            Some(share) => format!(
                "SSIM {:.4}, {:.1} % of pixels in another colour ({})",
                self.ssim,
                share * 100.0,
                self.names
            ),
        }
    }
}

/// The best pair of page image and reference: the passing one of highest SSIM if any, else
/// the highest SSIM; with the two images, for the report.
async fn best_match<P: Page>(
    page: &mut P,
    task_dir: &Path,
    references: &str,
    images: &[PageImage],
    threshold: f64,
    mode: EvalMode,
) -> Result<Option<(ImagePair, ComparedImages)>, EvalError> {
    let mut best: Option<(ImagePair, &PageImage, &str, DynamicImage)> = None;
    for reference in references.split(OR_SEPARATOR) {
        let reference_image = load_reference(page, task_dir, reference).await?;
        for page_image in images {
            let names = format!("{} vs {reference}", page_image.source);
            let Some(pair) = ImagePair::compare(&page_image.image, &reference_image, mode, names)
            else {
                continue;
            };
            let rank = |pair: &ImagePair| (pair.passes(threshold, mode), pair.ssim);
            if best
                .as_ref()
                .is_none_or(|(current, ..)| rank(&pair) > rank(current))
            {
                best = Some((pair, page_image, reference, reference_image.clone()));
            }
        }
    }
    Ok(best.map(|(pair, page_image, reference, reference_image)| {
        let compared = ComparedImages::new(
            &page_image.source,
            &page_image.image,
            reference,
            &reference_image,
        );
        (pair, compared)
    }))
}

async fn load_reference<P: Page>(
    page: &mut P,
    task_dir: &Path,
    reference: &str,
) -> Result<DynamicImage, EvalError> {
    let bad = |message: String| EvalError::ReferenceImage {
        source_name: reference.to_owned(),
        message,
    };
    let bytes = if reference.starts_with("http") {
        page.fetch_bytes(reference)
            .await
            .map_err(|error| bad(error.to_string()))?
    } else {
        let path = crate::local_file::file_inside(task_dir, reference)
            .map_err(|refused| bad(refused.to_string()))?;
        std::fs::read(path).map_err(|error| bad(error.to_string()))?
    };
    image::load_from_memory(&bytes).map_err(|error| bad(error.to_string()))
}

/// A task's input image Agora drew: its file, look and spec.
struct InputCopy<'a> {
    image: &'a str,
    look: Look,
    picture: &'a Value,
}

/// The looks of the task's drawn input images (one that cannot be read is left out: its
/// copies go to the vision judge).
fn input_copies<'a>(task_dir: &Path, inputs: &'a [InputPicture]) -> Vec<InputCopy<'a>> {
    inputs
        .iter()
        .filter_map(|input| {
            let read = crate::local_file::file_inside(task_dir, &input.image)
                .map_err(|refused| refused.to_string())
                .and_then(|path| std::fs::read(path).map_err(|error| error.to_string()))
                .and_then(|bytes| {
                    image::load_from_memory(&bytes).map_err(|error| error.to_string())
                });
            match read {
                Ok(image) => Look::of(&image).map(|look| InputCopy {
                    image: &input.image,
                    look,
                    picture: &input.picture,
                }),
                Err(error) => {
                    tracing::warn!(image = %input.image, %error, "an input picture could not be read");
                    None
                }
            }
        })
        .collect()
}

/// Where the ground truth of a page image came from, or why there is none.
enum Truth {
    /// The facts, and the input image the page image is a copy of (none: a site drew it).
    Facts(PictureFacts, Option<String>),
    /// No ground truth, and why.
    Unknown(String),
    /// A site failed.
    Failed(String),
}

/// The facts of `page_image`: the site that drew it tells them; else, when it is a copy of
/// one of the task's drawn input images, its spec does.
async fn truth_of<Q: SiteQueries + ?Sized>(
    queries: &Q,
    page_image: &PageImage,
    copies: &[InputCopy<'_>],
) -> Truth {
    let why = match queries.picture_facts(&page_image.source).await {
        Ok(Some(facts)) => return Truth::Facts(facts, None),
        Ok(None) => "not a picture Agora drew",
        Err(error) if error.is_site_not_available() => "no site drew it",
        Err(error) => return Truth::Failed(format!("{}: {error}", page_image.source)),
    };
    if !copies.is_empty()
        && let Some(look) = Look::of(&page_image.image)
    {
        for copy in copies.iter().filter(|copy| copy.look.is_copy(&look)) {
            match queries.facts_of_spec(copy.picture).await {
                Ok(Some(facts)) => return Truth::Facts(facts, Some(copy.image.to_owned())),
                Ok(None) => {}
                Err(error) if error.is_site_not_available() => {}
                Err(error) => return Truth::Failed(format!("{}: {error}", copy.image)),
            }
        }
    }
    Truth::Unknown(why.to_owned())
}

/// Which judge answered a visual question, as the check report records it.
pub const GROUND_TRUTH_JUDGE: &str = "ground_truth";
/// The configured vision model answered.
pub const VISION_JUDGE: &str = "vision";

/// What asking one question about a page's images concluded.
struct Asked {
    status: CheckStatus,
    /// What each image answered, and why a judge was missing or failed.
    actual: String,
    /// Who decided: the judge of the answer that passed, else of the last answer.
    judge: Option<&'static str>,
}

/// Asks `question` about each page image until one gives the expected answer (VWA passes a
/// question when any image does). A picture Agora drew is answered by the ground-truth
/// judge from its spec (in `correct` mode, and in `vwa` mode when [`Judges::truth_in_vwa`]
/// says so); any other image, or a question the ground truth cannot answer, goes to the
/// vision judge; with none configured the check needs a judge and says which question.
async fn ask<Q: SiteQueries + ?Sized>(
    judges: &Judges,
    queries: &Q,
    images: &[PageImage],
    copies: &[InputCopy<'_>],
    question: &VisualQuestion,
    mode: EvalMode,
) -> Asked {
    let use_truth = mode != EvalMode::Vwa || judges.truth_in_vwa;
    let mut answers = Vec::new();
    let mut failure = None;
    let mut unjudged = Vec::new();
    let mut judge = None;
    for page_image in images {
        let mut why_not_truth = None;
        if use_truth {
            match truth_of(queries, page_image, copies).await {
                Truth::Facts(facts, copy_of) => {
                    match crate::judge::truth::ask(&question.question, &facts) {
                        Ok(answer) => {
                            judge = Some(GROUND_TRUTH_JUDGE);
                            let source = match copy_of {
                                Some(input) => format!(
                                    "ground truth: a copy of the task's input image {input}"
                                ),
                                None => "ground truth".to_owned(),
                            };
                            answers
                                .push(format!("{}: {} ({source})", page_image.source, answer.text));
                            if answer.answers(&question.answer, mode) {
                                return Asked {
                                    status: CheckStatus::Pass,
                                    actual: answers.join("; "),
                                    judge,
                                };
                            }
                            continue;
                        }
                        Err(unanswered) => why_not_truth = Some(unanswered.to_string()),
                    }
                }
                Truth::Unknown(why) => why_not_truth = Some(why),
                Truth::Failed(reason) => {
                    failure = Some(reason);
                    continue;
                }
            }
        }
        let Some(vision) = &judges.vision else {
            unjudged.push(match why_not_truth {
                Some(why) => format!("{} ({why})", page_image.source),
                None => page_image.source.clone(),
            });
            continue;
        };
        let mut png = Vec::new();
        if let Err(error) = page_image
            .image
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        {
            failure = Some(error.to_string());
            continue;
        }
        judge = Some(VISION_JUDGE);
        match vision.visual_question(&png, &question.question).await {
            Ok(reply) => {
                answers.push(format!("{}: {reply} (vision)", page_image.source));
                if reply_answers(&reply, &question.answer, mode) {
                    return Asked {
                        status: CheckStatus::Pass,
                        actual: answers.join("; "),
                        judge,
                    };
                }
            }
            Err(error) => failure = Some(error.to_string()),
        }
    }
    let mut actual = answers;
    if !unjudged.is_empty() {
        actual.push(format!(
            "no vision judge is configured to answer \"{}\" about {}",
            question.question,
            unjudged.join(", ")
        ));
    }
    let status = match failure {
        Some(reason) => CheckStatus::JudgeFailed(reason),
        None if !unjudged.is_empty() => CheckStatus::NeedsJudge,
        None => CheckStatus::Fail,
    };
    Asked {
        status,
        actual: actual.join("; "),
        judge,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_resolve_like_urljoin() {
        let page = "http://127.0.0.1:9999/f/pics/12/title";
        assert_eq!(
            resolve_source(page, "/submission_images/a.jpg"),
            "http://127.0.0.1:9999/submission_images/a.jpg"
        );
        assert_eq!(
            resolve_source(page, "b.png"),
            "http://127.0.0.1:9999/f/pics/12/b.png"
        );
        assert_eq!(
            resolve_source(page, "https://x.org/c.png"),
            "https://x.org/c.png"
        );
        assert_eq!(resolve_source(page, "www.x.org/c.png"), "www.x.org/c.png");
    }
}
