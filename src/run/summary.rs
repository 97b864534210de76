//! The score table of a run: overall and by site, evaluator type and difficulty. Errors are
//! counted apart and never averaged in as zeros.

use super::results::TaskResult;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One row: a group of tasks and how they did.
#[derive(Debug, Clone, PartialEq)]
pub struct SummaryRow {
    /// What the group is (`all`, `site: classifieds`, …).
    pub label: String,
    /// Tasks in the group.
    pub tasks: usize,
    /// Tasks with a score.
    pub scored: usize,
    /// Sum of their scores.
    pub score_sum: f64,
    /// Tasks that ended in an error.
    pub errors: usize,
    /// Tasks a judge was needed for (no score, no error).
    pub unjudged: usize,
    /// Steps of all tasks.
    pub steps: usize,
}

impl SummaryRow {
    fn new(label: String) -> Self {
        Self {
            label,
            tasks: 0,
            scored: 0,
            score_sum: 0.0,
            errors: 0,
            unjudged: 0,
            steps: 0,
        }
    }

    fn add(&mut self, result: &TaskResult) {
        self.tasks += 1;
        self.steps += result.steps;
        match result.score {
            Some(score) => {
                self.scored += 1;
                self.score_sum += score;
            }
            None if result.is_error() => self.errors += 1,
            None => self.unjudged += 1,
        }
    }

    /// Mean score over scored tasks (None when none was scored).
    pub fn success_rate(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.score_sum / self.scored as f64)
    }

    /// Mean steps per task.
    pub fn mean_steps(&self) -> f64 {
        self.steps as f64 / self.tasks.max(1) as f64
    }
}

/// The rows: `all` first, then each site, evaluator type and difficulty in name order.
pub fn summarize(results: &[TaskResult]) -> Vec<SummaryRow> {
    let mut all = SummaryRow::new("all".into());
    let mut groups: BTreeMap<(u8, String), SummaryRow> = BTreeMap::new();
    for result in results {
        all.add(result);
        let mut labels: Vec<(u8, String)> = Vec::new();
        labels.extend(result.sites.iter().map(|site| (0, format!("site: {site}"))));
        labels.extend(
            result
                .eval_types
                .iter()
                .map(|eval_type| (1, format!("eval: {}", eval_type_name(*eval_type)))),
        );
        labels.push((
            2,
            format!(
                "difficulty: {}",
                result.difficulty.as_deref().unwrap_or("unknown")
            ),
        ));
        labels.dedup();
        for label in labels {
            groups
                .entry(label.clone())
                .or_insert_with(|| SummaryRow::new(label.1))
                .add(result);
        }
    }
    std::iter::once(all).chain(groups.into_values()).collect()
}

/// The snake_case name of an evaluator type.
pub fn eval_type_name(eval_type: evaluators::task::EvalType) -> String {
    serde_json::to_value(eval_type)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The table as text, for the end of a run.
pub fn render(rows: &[SummaryRow]) -> String {
    let mut text = format!(
        "{:<30} {:>6} {:>8} {:>7} {:>7} {:>7}\n",
        "group", "tasks", "success", "scored", "errors", "steps"
    );
    for row in rows {
        let success = row
            .success_rate()
            .map_or_else(|| "-".to_owned(), |rate| format!("{:.1}%", rate * 100.0));
        let _ = writeln!(
            text,
            "{:<30} {:>6} {:>8} {:>7} {:>7} {:>7.1}",
            row.label,
            row.tasks,
            success,
            row.scored,
            row.errors,
            row.mean_steps()
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::results::{StopReason, tests::result};

    #[test]
    fn errors_are_counted_apart_not_as_zeros() {
        let results = vec![
            result("classifieds/1", Some(1.0), StopReason::Answered),
            result("classifieds/2", Some(0.0), StopReason::MaxSteps),
            result("classifieds/3", None, StopReason::Error),
        ];
        let rows = summarize(&results);
        assert_eq!(rows[0].label, "all");
        assert_eq!((rows[0].tasks, rows[0].scored, rows[0].errors), (3, 2, 1));
        assert_eq!(rows[0].success_rate(), Some(0.5));
        let labels: Vec<&str> = rows.iter().map(|row| row.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "all",
                "site: classifieds",
                "eval: url_match",
                "difficulty: easy"
            ]
        );
        let table = render(&rows);
        assert!(table.contains("50.0%"), "{table}");
    }
}
