//! Balance rules over a suite's answers and slot values, and its structure beside VWA's.

use super::AuditTask;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A template whose string tasks all share one answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SingleAnswer {
    /// The template.
    pub template: String,
    /// The answer they share.
    pub answer: String,
    /// How many string tasks it has.
    pub instances: usize,
}

/// Templates of two or more string tasks that all share one answer, and no other instance
/// (an end state to reach is an answer of its own).
pub fn single_answer_templates(tasks: &[AuditTask]) -> Vec<SingleAnswer> {
    let with_end_states: BTreeSet<&str> = tasks
        .iter()
        .filter(|task| task.answer.is_none())
        .map(|task| task.template.as_str())
        .collect();
    answers_by_template(tasks)
        .into_iter()
        .filter(|(template, answers)| answers.len() > 1 && !with_end_states.contains(template))
        .filter_map(|(template, answers)| {
            let first = answers[0];
            answers
                .iter()
                .all(|answer| *answer == first)
                .then(|| SingleAnswer {
                    template: template.to_owned(),
                    answer: first.to_owned(),
                    instances: answers.len(),
                })
        })
        .collect()
}

/// How a count template's answers spread.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountSpread {
    /// The template.
    pub template: String,
    /// Its string tasks.
    pub instances: usize,
    /// Distinct answers among them.
    pub distinct: usize,
    /// The smallest and largest answer.
    pub range: (i64, i64),
}

impl CountSpread {
    /// Distinct answers per instance (1 when no two instances share a count).
    pub fn spread(&self) -> f64 {
        self.distinct as f64 / self.instances as f64
    }
}

/// The count templates (two or more string tasks, every answer an integer) and their spread.
pub fn count_spreads(tasks: &[AuditTask]) -> Vec<CountSpread> {
    answers_by_template(tasks)
        .into_iter()
        .filter(|(_, answers)| answers.len() > 1)
        .filter_map(|(template, answers)| {
            let counts: Vec<i64> = answers
                .iter()
                .map(|answer| answer.parse().ok())
                .collect::<Option<_>>()?;
            let distinct: BTreeSet<i64> = counts.iter().copied().collect();
            Some(CountSpread {
                template: template.to_owned(),
                instances: counts.len(),
                distinct: distinct.len(),
                range: (*distinct.first()?, *distinct.last()?),
            })
        })
        .collect()
}

/// Whether a normalised answer is `0` or `1`.
pub fn is_zero_or_one(answer: &str) -> bool {
    matches!(answer, "0" | "1")
}

/// A slot value asked only in N/A tasks: a blind agent learns "this value → N/A".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NaOnlyValue {
    /// The site.
    pub site: String,
    /// The slot (`colour`).
    pub slot: String,
    /// The value (`navy`).
    pub value: String,
    /// How many N/A tasks ask it.
    pub tasks: usize,
}

/// Slot values asked in N/A tasks and in no achievable task of the same family: the same
/// site and slot name (`absent_colour_city` and `colour_city` are one family through their
/// `colour` slot).
pub fn na_only_values(tasks: &[AuditTask]) -> Vec<NaOnlyValue> {
    let mut asked: BTreeMap<(&str, &str, &str), (usize, usize)> = BTreeMap::new();
    for task in tasks {
        for (slot, value) in &task.slots {
            let counts = asked.entry((&task.site, slot, value)).or_default();
            if task.not_achievable() {
                counts.0 += 1;
            } else {
                counts.1 += 1;
            }
        }
    }
    asked
        .into_iter()
        .filter(|(_, (na, achievable))| *na > 0 && *achievable == 0)
        .map(|((site, slot, value), (na, _))| NaOnlyValue {
            site: site.to_owned(),
            slot: slot.to_owned(),
            value: value.to_owned(),
            tasks: na,
        })
        .collect()
}

/// A suite's structure, the figures VWA's tasks are compared on.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Structure {
    /// Tasks.
    pub tasks: usize,
    /// Tasks labelled reasoning-hard.
    pub reasoning_hard: usize,
    /// Tasks labelled visual-hard.
    pub visual_hard: usize,
    /// Tasks labelled overall-hard.
    pub overall_hard: usize,
    /// Tasks combining more than one evaluator.
    pub combined_evaluators: usize,
    /// Tasks checking the end state (`program_html`).
    pub end_state: usize,
    /// Tasks with input images.
    pub input_images: usize,
    /// Distinct templates.
    pub templates: usize,
    /// Distinct lower-cased words over all intents.
    pub intent_vocabulary: usize,
    /// Templates of two or more tasks in which a sentence recurs word for word in two or
    /// more instances.
    pub repeated_sentence_templates: usize,
    /// Of those, the templates where one sentence is in every instance.
    pub sentence_in_every_instance: usize,
    /// Templates in which two instances have the same whole intent, word for word.
    pub identical_intent_templates: usize,
}

/// Measures a suite's structure.
pub fn structure(tasks: &[AuditTask]) -> Structure {
    let count = |keep: &dyn Fn(&AuditTask) -> bool| tasks.iter().filter(|task| keep(task)).count();
    let mut sentences: BTreeMap<&str, Vec<BTreeSet<String>>> = BTreeMap::new();
    let mut intents: BTreeMap<&str, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut identical = BTreeSet::new();
    for task in tasks {
        sentences
            .entry(&task.template)
            .or_default()
            .push(sentences_of(&task.intent));
        if !intents
            .entry(&task.template)
            .or_default()
            .insert(words(&task.intent).collect())
        {
            identical.insert(task.template.as_str());
        }
    }
    let mut structure = Structure {
        tasks: tasks.len(),
        reasoning_hard: count(&|task| task.hard.reasoning),
        visual_hard: count(&|task| task.hard.visual),
        overall_hard: count(&|task| task.hard.overall),
        combined_evaluators: count(&|task| task.eval_kinds > 1),
        end_state: count(&|task| task.end_state),
        input_images: count(&|task| task.input_image),
        templates: sentences.len(),
        intent_vocabulary: tasks
            .iter()
            .flat_map(|task| words(&task.intent))
            .collect::<BTreeSet<_>>()
            .len(),
        identical_intent_templates: identical.len(),
        ..Structure::default()
    };
    for instances in sentences.values().filter(|instances| instances.len() > 1) {
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for sentence in instances.iter().flatten() {
            *seen.entry(sentence).or_default() += 1;
        }
        let most = seen.values().copied().max().unwrap_or(0);
        if most > 1 {
            structure.repeated_sentence_templates += 1;
        }
        if most == instances.len() {
            structure.sentence_in_every_instance += 1;
        }
    }
    structure
}

/// The lower-cased words of a text: runs of letters, digits and inner apostrophes.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|word| word.trim_matches('\'').to_lowercase())
        .filter(|word| !word.is_empty())
}

/// A text's sentences (split after `.`, `?`, `!` followed by a space or the end), each as
/// its lower-cased words joined by single spaces.
fn sentences_of(text: &str) -> BTreeSet<String> {
    let mut sentences = BTreeSet::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        let ends = matches!(c, '.' | '?' | '!')
            && chars.peek().is_none_or(|(_, next)| next.is_whitespace());
        if ends || chars.peek().is_none() {
            let sentence: Vec<String> = words(&text[start..index + c.len_utf8()]).collect();
            if !sentence.is_empty() {
                sentences.insert(sentence.join(" "));
            }
            start = index + c.len_utf8();
        }
    }
    sentences
}

/// Each template's string answers, in task order.
fn answers_by_template(tasks: &[AuditTask]) -> BTreeMap<&str, Vec<&str>> {
    let mut answers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for task in tasks {
        if let Some(answer) = &task.answer {
            answers.entry(&task.template).or_default().push(answer);
        }
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::test_tasks::task;

    #[test]
    fn single_answer_templates_are_found() {
        let shared = [
            task("shopping", "t", "1", &[]),
            task("shopping", "t", "1", &[]),
        ];
        assert_eq!(
            single_answer_templates(&shared),
            [SingleAnswer {
                template: "t".into(),
                answer: "1".into(),
                instances: 2
            }]
        );
        let varied = [
            task("shopping", "t", "1", &[]),
            task("shopping", "t", "2", &[]),
        ];
        assert!(single_answer_templates(&varied).is_empty());
    }

    #[test]
    fn count_templates_report_their_spread() {
        let tasks = [
            task("forum", "count", "3", &[]),
            task("forum", "count", "3", &[]),
            task("forum", "count", "7", &[]),
            task("forum", "count", "1", &[]),
            task("forum", "words", "red", &[]),
            task("forum", "words", "3", &[]),
        ];
        let spreads = count_spreads(&tasks);
        assert_eq!(spreads.len(), 1, "{spreads:?}");
        assert_eq!((spreads[0].distinct, spreads[0].range), (3, (1, 7)));
        assert_eq!(spreads[0].spread(), 0.75);
        assert!(is_zero_or_one("1") && !is_zero_or_one("10"));
    }

    #[test]
    fn a_value_asked_only_in_na_tasks_is_flagged() {
        let leaky = [
            task("shopping", "absent", "N/A", &[("colour", "navy")]),
            task("shopping", "find", "chair", &[("colour", "red")]),
        ];
        assert_eq!(
            na_only_values(&leaky),
            [NaOnlyValue {
                site: "shopping".into(),
                slot: "colour".into(),
                value: "navy".into(),
                tasks: 1
            }]
        );
        let balanced = [
            task("shopping", "absent", "N/A", &[("colour", "navy")]),
            task("shopping", "find", "chair", &[("colour", "navy")]),
        ];
        assert!(na_only_values(&balanced).is_empty());
        // Another site's achievable task is another family.
        let elsewhere = [
            task("shopping", "absent", "N/A", &[("colour", "navy")]),
            task("forum", "find", "post", &[("colour", "navy")]),
        ];
        assert_eq!(na_only_values(&elsewhere).len(), 1);
    }

    #[test]
    fn structure_counts_vocabulary_and_repeated_sentences() {
        let mut tasks = [
            task("forum", "t", "a", &[]),
            task("forum", "t", "b", &[]),
            task("forum", "u", "c", &[]),
        ];
        tasks[0].intent = "Open the forum. Which post shows a cat?".into();
        tasks[1].intent = "Open the Forum.  Which post shows a dog?".into();
        tasks[2].intent = "Which one's it?".into();
        tasks[0].hard.reasoning = true;
        tasks[1].eval_kinds = 2;
        let structure = structure(&tasks);
        assert_eq!(structure.templates, 2);
        assert_eq!(structure.reasoning_hard, 1);
        assert_eq!(structure.combined_evaluators, 1);
        assert_eq!(structure.repeated_sentence_templates, 1);
        assert_eq!(structure.sentence_in_every_instance, 1);
        // open the forum which post shows a cat dog one's it
        assert_eq!(structure.intent_vocabulary, 11);
        tasks[1].intent = "Visit the forum. Which post shows a dog?".into();
        let varied = super::structure(&tasks);
        assert_eq!(varied.repeated_sentence_templates, 0);
        assert_eq!(varied.identical_intent_templates, 0);
        tasks[1].intent = "open the forum. which post shows a cat".into();
        assert_eq!(super::structure(&tasks).identical_intent_templates, 1);
    }
}
