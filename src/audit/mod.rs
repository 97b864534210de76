//! `agora tasks audit`: honest shortcut agents and balance rules over task files, offline.
//!
//! A blind agent must not pass a task. The audit measures, from the task JSON alone, how far
//! answer priors get (`baselines.rs`), how balanced the answers and phrasings are and how the
//! suite's structure compares with VWA's (`figures.rs`), and prints or serialises the
//! figures against their bounds (`report.rs`).

pub mod baselines;
pub mod figures;
pub mod report;

pub use report::{Audit, Bounds, Comparison};

use evaluators::task::{Check, EvalSpec, EvalType, FuzzyReference, Task};

/// The normalised string answer of an unachievable task.
pub const NOT_ACHIEVABLE: &str = "n/a";

/// What the audit reads of one task.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditTask {
    /// The site(s) it runs on, `+`-joined (`classifieds+reddit`).
    pub site: String,
    /// Its template: `agora.template`, else `<site>/<intent_template_id>`, else its intent
    /// template text.
    pub template: String,
    /// The string answer, normalised as VWA's `clean_answer` does (trimmed, lower-cased,
    /// outer quotes dropped); `must_include` items ` + `-joined; [`NOT_ACHIEVABLE`] for N/A.
    /// `None` for tasks without an exact or must-include answer or N/A.
    pub answer: Option<String>,
    /// The instruction.
    pub intent: String,
    /// The template's slot values, by slot name.
    pub slots: Vec<(String, String)>,
    /// Tagged `text_only`, or its visual fact says `none: …`.
    pub text_only: bool,
    /// `reasoning_difficulty`, `visual_difficulty`, `overall_difficulty` are `hard`.
    pub hard: Hardness,
    /// How many evaluators it combines.
    pub eval_kinds: usize,
    /// Whether it checks the sites' end state (`program_html`).
    pub end_state: bool,
    /// Whether it gives input images.
    pub input_image: bool,
}

/// Which difficulty labels are `hard`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hardness {
    /// `reasoning_difficulty`.
    pub reasoning: bool,
    /// `visual_difficulty`.
    pub visual: bool,
    /// `overall_difficulty`.
    pub overall: bool,
}

impl AuditTask {
    /// Reads what the audit needs of a task.
    pub fn of(task: &Task) -> AuditTask {
        let site = if task.sites.is_empty() {
            "none".to_owned()
        } else {
            task.sites.join("+")
        };
        let agora = task.agora.as_ref();
        let template = agora
            .and_then(|agora| agora.extra.get("template"))
            .and_then(|value| value.as_str())
            .map(str::to_owned)
            .or_else(|| {
                task.intent_template_id.as_ref().map(|id| match id {
                    serde_json::Value::String(text) => format!("{site}/{text}"),
                    other => format!("{site}/{other}"),
                })
            })
            .unwrap_or_else(|| task.intent_template.clone());
        let text_only = agora.is_some_and(|agora| {
            agora.tags.iter().any(|tag| tag == "text_only")
                || agora
                    .visual_fact
                    .as_deref()
                    .is_some_and(|fact| fact.trim_start().starts_with("none:"))
        });
        let hard = |label: &Option<String>| {
            label
                .as_deref()
                .is_some_and(|label| label.trim().eq_ignore_ascii_case("hard"))
        };
        let slots = task
            .instantiation_dict
            .iter()
            .map(|(key, value)| {
                let value = match value {
                    serde_json::Value::String(text) => text.clone(),
                    other => other.to_string(),
                };
                (key.clone(), value.trim().to_lowercase())
            })
            .collect();
        AuditTask {
            template,
            answer: string_answer(&task.eval),
            intent: task.intent.clone(),
            slots,
            text_only,
            hard: Hardness {
                reasoning: hard(&task.reasoning_difficulty),
                visual: hard(&task.visual_difficulty),
                overall: hard(&task.overall_difficulty),
            },
            eval_kinds: task.eval.eval_types.len(),
            end_state: task.eval.eval_types.contains(&EvalType::ProgramHtml),
            input_image: !task.input_images().is_empty(),
            site,
        }
    }

    /// Whether its answer is N/A.
    pub fn not_achievable(&self) -> bool {
        self.answer.as_deref() == Some(NOT_ACHIEVABLE)
    }
}

/// The string answer of a task with evaluation `eval` (see [`AuditTask::answer`]).
pub(crate) fn string_answer(eval: &EvalSpec) -> Option<String> {
    if !eval.eval_types.contains(&EvalType::StringMatch) {
        return None;
    }
    let mut not_achievable = false;
    for check in eval.reference_answers.iter() {
        match check {
            Check::ExactMatch(text) => return Some(clean(text)),
            Check::MustInclude(items) => {
                let items: Vec<String> = items.iter().map(|item| clean(item)).collect();
                return Some(items.join(" + "));
            }
            Check::FuzzyMatch(FuzzyReference::NotAchievable) => not_achievable = true,
            _ => {}
        }
    }
    not_achievable.then(|| NOT_ACHIEVABLE.to_owned())
}

/// VWA's `clean_answer`: trimmed, outer quotes dropped, lower-cased.
fn clean(text: &str) -> String {
    let text = text.trim();
    let text = text
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .or_else(|| {
            text.strip_prefix('\'')
                .and_then(|rest| rest.strip_suffix('\''))
        })
        .unwrap_or(text);
    text.trim().to_lowercase()
}

#[cfg(test)]
pub(crate) mod test_tasks {
    //! Tiny task sets for the audit's unit tests.
    use super::{AuditTask, Hardness};

    /// A string task of `template` on `site` answering `answer` with these slots.
    pub fn task(site: &str, template: &str, answer: &str, slots: &[(&str, &str)]) -> AuditTask {
        AuditTask {
            site: site.to_owned(),
            template: template.to_owned(),
            answer: Some(answer.to_lowercase()),
            intent: format!("{template} {answer}?"),
            slots: slots
                .iter()
                .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
                .collect(),
            text_only: false,
            hard: Hardness::default(),
            eval_kinds: 1,
            end_state: false,
            input_image: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(eval: &str) -> AuditTask {
        let json = format!(
            r#"{{"sites": ["shopping"], "task_id": 3, "intent": "Which?", "intent_template_id": 7,
                "eval": {eval}, "agora": {{"template": "shopping/colour", "visual_fact": "none: the title says it"}}}}"#
        );
        AuditTask::of(&serde_json::from_str(&json).unwrap())
    }

    #[test]
    fn answers_are_read_as_vwa_compares_them() {
        let exact = parse(
            r#"{"eval_types": ["string_match"], "reference_answers": {"exact_match": " \"Orange\" "}}"#,
        );
        assert_eq!(exact.answer.as_deref(), Some("orange"));
        assert_eq!(exact.template, "shopping/colour");
        assert!(exact.text_only);
        let include = parse(
            r#"{"eval_types": ["string_match"], "reference_answers": {"must_include": ["Red", "Blue"]}}"#,
        );
        assert_eq!(include.answer.as_deref(), Some("red + blue"));
        let na = parse(
            r#"{"eval_types": ["string_match"], "reference_answers": {"fuzzy_match": "N/A"}}"#,
        );
        assert!(na.not_achievable());
        let url = parse(r#"{"eval_types": ["url_match"], "reference_url": "x"}"#);
        assert_eq!(url.answer, None);
    }
}
