//! Shortcut agents that never look at a page: they answer from the other instances of a
//! task's template.

use super::AuditTask;
use std::collections::HashMap;

/// What the answer-prior agents get right on one string task.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PriorHit {
    /// The most frequent answer among the template's other instances is this task's answer
    /// (a tie for most frequent is no guess, so wrong).
    pub most_frequent: bool,
    /// This task's answer is seen at least twice among the template's other instances (the
    /// repeated-answer figure VWA's tasks score 3 % on).
    pub seen_twice: bool,
}

/// Runs the answer-prior agents: one entry per task, `None` for tasks without a string
/// answer. A template's instances without one (an end state to reach, a page to open) are
/// answers of their own, each different from every other: a blind string answer fails them.
pub fn template_prior(tasks: &[AuditTask]) -> Vec<Option<PriorHit>> {
    let mut answers: HashMap<&str, HashMap<&str, usize>> = HashMap::new();
    let mut end_states: HashMap<&str, usize> = HashMap::new();
    for task in tasks {
        match &task.answer {
            Some(answer) => {
                *answers
                    .entry(&task.template)
                    .or_default()
                    .entry(answer)
                    .or_default() += 1
            }
            None => *end_states.entry(&task.template).or_default() += 1,
        }
    }
    tasks
        .iter()
        .map(|task| {
            let answer = task.answer.as_deref()?;
            let counts = &answers[task.template.as_str()];
            // The other instances: this task's own answer counted once less.
            let others = |candidate: &str| counts[candidate] - usize::from(candidate == answer);
            let own = others(answer);
            let best_other = counts
                .keys()
                .filter(|candidate| **candidate != answer)
                .map(|candidate| others(candidate))
                .chain(end_states.get(task.template.as_str()).map(|_| 1))
                .max()
                .unwrap_or(0);
            Some(PriorHit {
                most_frequent: own > 0 && own > best_other,
                seen_twice: own >= 2,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::test_tasks::task;

    fn hits(answers: &[&str]) -> Vec<PriorHit> {
        let tasks: Vec<_> = answers
            .iter()
            .map(|answer| task("shopping", "shopping/colour", answer, &[]))
            .collect();
        template_prior(&tasks).into_iter().flatten().collect()
    }

    #[test]
    fn a_balanced_template_gives_the_prior_nothing() {
        let hits = hits(&["red", "blue", "green", "black", "white"]);
        assert!(
            hits.iter().all(|hit| *hit == PriorHit::default()),
            "{hits:?}"
        );
    }

    #[test]
    fn a_repeated_answer_is_guessed_from_the_other_instances() {
        let hits = hits(&["red", "red", "red", "blue", "green"]);
        // Each "red" task sees two other reds: the prior and the repeated-answer agent win.
        assert_eq!(
            hits[..3],
            [PriorHit {
                most_frequent: true,
                seen_twice: true
            }; 3]
        );
        // The others see three reds and guess red: wrong.
        assert_eq!(hits[3..], [PriorHit::default(); 2]);
    }

    #[test]
    fn a_tie_for_most_frequent_is_no_guess() {
        // The first "red" sees red once and blue once among the others: a tie.
        let hits = hits(&["red", "red", "blue", "green"]);
        assert!(!hits[0].most_frequent);
        let hits = self::hits(&["red", "red"]);
        assert!(hits[0].most_frequent && !hits[0].seen_twice);
    }

    #[test]
    fn instances_with_an_end_state_are_answers_of_their_own() {
        // Two N/A questions beside three carts to fill: answering N/A wins only where the
        // other N/A outnumbers every other instance's answer, and it does not.
        let mut tasks: Vec<_> = ["n/a", "n/a", "", "", ""]
            .iter()
            .map(|answer| task("shopping", "shopping/cart", answer, &[]))
            .collect();
        for cart in &mut tasks[2..] {
            cart.answer = None;
        }
        let hits: Vec<_> = template_prior(&tasks).into_iter().flatten().collect();
        assert_eq!(hits, [PriorHit::default(); 2]);
        assert!(crate::audit::figures::single_answer_templates(&tasks).is_empty());
        // Without the carts, the two N/A tasks give each other away.
        let hits: Vec<_> = template_prior(&tasks[..2]).into_iter().flatten().collect();
        assert!(hits.iter().all(|hit| hit.most_frequent), "{hits:?}");
        assert_eq!(
            crate::audit::figures::single_answer_templates(&tasks[..2]).len(),
            1
        );
    }

    #[test]
    fn templates_do_not_lend_each_other_answers() {
        let tasks = [
            task("shopping", "shopping/a", "red", &[]),
            task("shopping", "shopping/b", "red", &[]),
        ];
        let hits: Vec<_> = template_prior(&tasks).into_iter().flatten().collect();
        assert_eq!(hits, [PriorHit::default(); 2]);
    }
}
