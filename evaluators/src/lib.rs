//! Scoring of VWA-format tasks.
//!
//! This crate holds the task model ([`task`]), every VisualWebArena evaluator
//! (`string_match`, `url_match`, `program_html`, `page_image_query`), the `func:` helpers as
//! a closed enum ([`helper`]), SSIM ([`ssim`]), LLM judges ([`judge`]) and the task linter
//! ([`lint`]). It knows nothing of WebDriver or of the sites: it reads the live page through
//! the [`Page`] trait, site data through [`SiteQueries`] and staged targets through
//! [`TargetStaging`].
//!
//! Three modes ([`EvalMode`]): `Correct` (default) scores as VWA intends, with its known bugs
//! fixed, and AES as Agora defines it; `Vwa` reproduces VWA quirk for quirk; `Magebench`
//! reproduces MageBench's AES. `docs/evaluation-modes.md` lists every divergence. A wrong
//! answer is `Ok` with score 0; a broken evaluation is `Err`.

pub mod aes;
pub mod chat;
pub mod colour;
pub mod error;
pub mod evaluation;
pub mod helper;
pub mod image_query;
pub mod js_value;
pub mod judge;
pub mod lint;
pub mod local_file;
pub mod matching;
pub mod mode;
pub mod page;
pub mod program_html;
pub mod python;
pub mod site_names;
pub mod site_queries;
pub mod ssim;
pub mod staging;
pub mod string_match;
pub mod task;
pub mod tokenize;
pub mod url_match;
pub mod vwa;

pub use error::EvalError;
pub use evaluation::{
    CheckKind, CheckReport, CheckStatus, ComparedImages, Evaluation, EvaluatorReport, Excerpt,
    Outcome,
};
pub use judge::{JudgeConfig, Judges};
pub use mode::EvalMode;
pub use page::{Page, PageError, Window};
pub use site_queries::{NoSiteQueries, QueryFuture, Review, SiteQueries, SiteQuerySet};
pub use staging::{SiteAccess, TargetStaging};
pub use task::{Task, TaskId};

use std::path::Path;
use task::EvalType;

/// Scores a task's end state: every evaluator of `eval_types`, in order, on the same page;
/// the outcome is their product. Local reference images resolve against `task_dir` (the task
/// file's folder); site-backed helpers and staged targets come from `sites`.
pub async fn evaluate<P: Page>(
    task: &Task,
    task_dir: &Path,
    answer: &str,
    page: &mut P,
    sites: SiteAccess<'_>,
    judges: &Judges,
    mode: EvalMode,
) -> Result<Evaluation, EvalError> {
    let spec = &task.eval;
    let mut outcome = Outcome::Score(1.0);
    let mut evaluators = Vec::new();
    for eval_type in &spec.eval_types {
        let report = match eval_type {
            EvalType::StringMatch => {
                let context = string_match::AnswerContext {
                    intent: &task.intent,
                    string_note: spec.string_note.as_deref().unwrap_or_default(),
                };
                string_match::evaluate_answer(
                    &spec.reference_answers,
                    answer,
                    context,
                    judges,
                    mode,
                )
                .await?
            }
            EvalType::UrlMatch => url_match::evaluate_url(spec, page, mode).await?,
            EvalType::ProgramHtml => {
                program_html::evaluate_html(&spec.program_html, page, sites.queries, judges, mode)
                    .await?
            }
            EvalType::PageImageQuery => {
                let inputs = task
                    .agora
                    .as_ref()
                    .map(|agora| agora.input_pictures.as_slice())
                    .unwrap_or_default();
                image_query::evaluate_images(
                    &spec.page_image_query,
                    task_dir,
                    inputs,
                    page,
                    sites.queries,
                    judges,
                    mode,
                )
                .await?
            }
            EvalType::Aes => {
                let spec = spec
                    .aes
                    .as_ref()
                    .ok_or_else(|| EvalError::config("eval.aes", "the aes evaluator needs an `aes` object: {\"target\": …, \"pass_threshold\": …}"))?;
                let generated_url = task.start_urls().first().copied().ok_or_else(|| {
                    EvalError::config("start_url", "an aes task starts at its workspace URL")
                })?;
                aes::evaluate_aes(spec, generated_url, page, sites, mode).await?
            }
        };
        outcome = outcome.times(report.outcome);
        evaluators.push(report);
    }
    Ok(Evaluation {
        outcome,
        mode,
        evaluators,
    })
}
