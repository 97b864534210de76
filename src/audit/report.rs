//! The audit's figures per site, per template and overall, checked against bounds and
//! printed beside a reference suite's (VWA's).

use super::AuditTask;
use super::baselines::{PriorHit, template_prior};
use super::figures::{
    CountSpread, NaOnlyValue, SingleAnswer, Structure, count_spreads, is_zero_or_one,
    na_only_values, single_answer_templates, structure,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Why a baseline that needs the pages is not in an offline audit.
pub const NEEDS_EVIDENCE: &str = "needs --evidence: not computed";

/// The bounds a suite must meet (defaults: issue #51's).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bounds {
    /// Share of string tasks the template prior answers right.
    pub max_template_prior: f64,
    /// Templates whose instances all share one answer.
    pub max_single_answer_templates: usize,
    /// Share of string answers that are `0` or `1`.
    pub max_zero_one: f64,
    /// Slot values asked only in N/A tasks.
    pub max_na_only_values: usize,
    /// Share of tasks whose answer is N/A.
    pub max_not_achievable: f64,
    /// Share of tasks that need no picture.
    pub max_text_only: f64,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_template_prior: 0.04,
            max_single_answer_templates: 0,
            max_zero_one: 0.01,
            max_na_only_values: 0,
            max_not_achievable: 0.10,
            max_text_only: 0.05,
        }
    }
}

/// One group's figures (a site, a template or the whole suite).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The site or template (`all` for the suite).
    pub name: String,
    /// Tasks.
    pub tasks: usize,
    /// Tasks with a string answer (exact, must-include or N/A).
    pub string_tasks: usize,
    /// String tasks the template prior answers right.
    pub template_prior: usize,
    /// String tasks whose answer is seen twice among the template's other instances.
    pub seen_twice: usize,
    /// Distinct string answers.
    pub distinct_answers: usize,
    /// String answers `0` or `1`.
    pub zero_one: usize,
    /// N/A tasks.
    pub not_achievable: usize,
    /// Tasks that need no picture.
    pub text_only: usize,
}

impl Row {
    fn add(&mut self, task: &AuditTask, hit: Option<PriorHit>, answers: &mut BTreeSet<String>) {
        self.tasks += 1;
        if let Some(answer) = &task.answer {
            self.string_tasks += 1;
            self.zero_one += usize::from(is_zero_or_one(answer));
            answers.insert(answer.clone());
        }
        let hit = hit.unwrap_or_default();
        self.template_prior += usize::from(hit.most_frequent);
        self.seen_twice += usize::from(hit.seen_twice);
        self.not_achievable += usize::from(task.not_achievable());
        self.text_only += usize::from(task.text_only);
    }
}

/// Every figure of one suite.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Audit {
    /// The whole suite.
    pub overall: Row,
    /// Per site.
    pub sites: Vec<Row>,
    /// Per template.
    pub templates: Vec<Row>,
    /// Templates whose string tasks share one answer.
    pub single_answer_templates: Vec<SingleAnswer>,
    /// Count templates and their spread.
    pub count_spreads: Vec<CountSpread>,
    /// Slot values asked only in N/A tasks.
    pub na_only_values: Vec<NaOnlyValue>,
    /// Structure figures.
    pub structure: Structure,
    /// The position prior (first / cheapest / top-ranked candidate): no task file records
    /// its candidates' positions.
    pub position_prior: &'static str,
    /// The text-only agent (all text of the gold path's pages): needs the pages.
    pub text_only_agent: &'static str,
}

impl Audit {
    /// Measures a suite.
    pub fn of(tasks: &[AuditTask]) -> Audit {
        let hits = template_prior(tasks);
        let mut overall = Row {
            name: "all".to_owned(),
            ..Row::default()
        };
        let mut overall_answers = BTreeSet::new();
        let mut sites: BTreeMap<&str, (Row, BTreeSet<String>)> = BTreeMap::new();
        let mut templates: BTreeMap<&str, (Row, BTreeSet<String>)> = BTreeMap::new();
        for (task, hit) in tasks.iter().zip(&hits) {
            overall.add(task, *hit, &mut overall_answers);
            for (groups, key) in [(&mut sites, &task.site), (&mut templates, &task.template)] {
                let (row, answers) = groups.entry(key).or_default();
                row.add(task, *hit, answers);
            }
        }
        overall.distinct_answers = overall_answers.len();
        let rows = |groups: BTreeMap<&str, (Row, BTreeSet<String>)>| {
            groups
                .into_iter()
                .map(|(name, (row, answers))| Row {
                    name: name.to_owned(),
                    distinct_answers: answers.len(),
                    ..row
                })
                .collect()
        };
        Audit {
            overall,
            sites: rows(sites),
            templates: rows(templates),
            single_answer_templates: single_answer_templates(tasks),
            count_spreads: count_spreads(tasks),
            na_only_values: na_only_values(tasks),
            structure: structure(tasks),
            position_prior: NEEDS_EVIDENCE,
            text_only_agent: NEEDS_EVIDENCE,
        }
    }

    /// The bounded figures and whether each is met.
    pub fn verdicts(&self, bounds: &Bounds) -> Vec<Verdict> {
        let all = &self.overall;
        vec![
            Verdict::share(
                "template prior (of string tasks)",
                all.template_prior,
                all.string_tasks,
                bounds.max_template_prior,
            ),
            Verdict::count(
                "single-answer templates",
                self.single_answer_templates.len(),
                bounds.max_single_answer_templates,
            ),
            Verdict::share(
                "\"0\"/\"1\" answers (of string tasks)",
                all.zero_one,
                all.string_tasks,
                bounds.max_zero_one,
            ),
            Verdict::count(
                "values asked only in N/A tasks",
                self.na_only_values.len(),
                bounds.max_na_only_values,
            ),
            Verdict::share(
                "N/A tasks",
                all.not_achievable,
                all.tasks,
                bounds.max_not_achievable,
            ),
            Verdict::share(
                "text-only tasks",
                all.text_only,
                all.tasks,
                bounds.max_text_only,
            ),
        ]
    }
}

/// One bounded figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    /// What is measured.
    pub figure: &'static str,
    /// The measured value (a share in 0..=1 or a count).
    pub value: f64,
    /// Its upper bound.
    pub bound: f64,
    /// Whether it is a share (printed as a percentage).
    pub share: bool,
    /// Whether the value is within the bound.
    pub met: bool,
}

impl Verdict {
    fn share(figure: &'static str, part: usize, whole: usize, bound: f64) -> Verdict {
        let value = ratio(part, whole);
        Verdict {
            figure,
            value,
            bound,
            share: true,
            met: value <= bound,
        }
    }

    fn count(figure: &'static str, value: usize, bound: usize) -> Verdict {
        Verdict {
            figure,
            value: value as f64,
            bound: bound as f64,
            share: false,
            met: value <= bound,
        }
    }

    fn shown(&self, value: f64) -> String {
        if self.share {
            format!("{:.1} %", value * 100.0)
        } else {
            format!("{value}")
        }
    }
}

/// A suite's audit, its bounds, and optionally a reference suite's audit beside it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The audited suite.
    pub ours: Audit,
    /// The reference suite (VWA's tasks), measured by the same code.
    pub reference: Option<Audit>,
    /// The bounds.
    pub bounds: Bounds,
    /// The audited suite's bounded figures.
    pub verdicts: Vec<Verdict>,
}

impl Comparison {
    /// Audits `ours` against `bounds`, beside `reference` if given.
    pub fn new(ours: &[AuditTask], reference: Option<&[AuditTask]>, bounds: Bounds) -> Self {
        let ours = Audit::of(ours);
        Comparison {
            verdicts: ours.verdicts(&bounds),
            reference: reference.map(Audit::of),
            ours,
            bounds,
        }
    }

    /// Whether every bound is met.
    pub fn passed(&self) -> bool {
        self.verdicts.iter().all(|verdict| verdict.met)
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// `part (share %)`.
fn share(part: usize, whole: usize) -> String {
    format!("{part} ({:.1} %)", ratio(part, whole) * 100.0)
}

/// A structure figure's name, how to read it, and whether it is a share of the tasks.
type StructureLine = (&'static str, fn(&Structure) -> usize, bool);

fn write_rows(out: &mut fmt::Formatter<'_>, title: &str, rows: &[Row]) -> fmt::Result {
    let width = rows
        .iter()
        .map(|row| row.name.len())
        .chain([title.len()])
        .max()
        .unwrap_or(0);
    writeln!(
        out,
        "  {title:<width$}  tasks  string  prior         seen twice    \"0\"/\"1\"  N/A  text-only  answers"
    )?;
    for row in rows {
        writeln!(
            out,
            "  {:<width$}  {:>5}  {:>6}  {:<12}  {:<12}  {:>7}  {:>3}  {:>9}  {:>7}",
            row.name,
            row.tasks,
            row.string_tasks,
            share(row.template_prior, row.string_tasks),
            share(row.seen_twice, row.string_tasks),
            row.zero_one,
            row.not_achievable,
            row.text_only,
            row.distinct_answers,
        )?;
    }
    Ok(())
}

impl fmt::Display for Comparison {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ours = &self.ours;
        writeln!(
            out,
            "audit of {} tasks, {} with a string answer (exact, must-include or N/A)",
            ours.overall.tasks, ours.overall.string_tasks
        )?;
        writeln!(
            out,
            "prior: the most frequent answer among the template's other instances (a tie: no guess); seen twice: the task's answer is among them at least twice"
        )?;
        writeln!(out, "\nper template:")?;
        write_rows(out, "template", &ours.templates)?;
        writeln!(out, "\nper site:")?;
        write_rows(out, "site", &ours.sites)?;
        writeln!(out, "\noverall:")?;
        let mut overall = vec![ours.overall.clone()];
        if let Some(reference) = &self.reference {
            overall.push(Row {
                name: "reference".to_owned(),
                ..reference.overall.clone()
            });
        }
        write_rows(out, "suite", &overall)?;

        writeln!(
            out,
            "\nsingle-answer templates: {}",
            ours.single_answer_templates.len()
        )?;
        for single in &ours.single_answer_templates {
            writeln!(
                out,
                "  {}: all {} answer {:?}",
                single.template, single.instances, single.answer
            )?;
        }
        writeln!(
            out,
            "count templates (distinct answers / instances): {}",
            ours.count_spreads.len()
        )?;
        for count in &ours.count_spreads {
            writeln!(
                out,
                "  {}: {} of {} ({:.2}), {}..{}",
                count.template,
                count.distinct,
                count.instances,
                count.spread(),
                count.range.0,
                count.range.1
            )?;
        }
        writeln!(
            out,
            "values asked only in N/A tasks (no achievable task of the same site asks them in the same slot): {}, {} of them in two or more N/A tasks (a tell a blind agent learns)",
            ours.na_only_values.len(),
            ours.na_only_values
                .iter()
                .filter(|value| value.tasks > 1)
                .count()
        )?;
        for value in &ours.na_only_values {
            writeln!(
                out,
                "  {} {} {:?}: {} N/A task(s)",
                value.site, value.slot, value.value, value.tasks
            )?;
        }

        let reference = self.reference.as_ref().map(|audit| &audit.structure);
        writeln!(
            out,
            "\nstructure{}",
            if reference.is_some() {
                "                      ours            reference"
            } else {
                ""
            }
        )?;
        let ours_structure = &ours.structure;
        let lines: [StructureLine; 11] = [
            ("reasoning-hard", |s| s.reasoning_hard, true),
            ("visual-hard", |s| s.visual_hard, true),
            ("overall-hard", |s| s.overall_hard, true),
            ("combined evaluators", |s| s.combined_evaluators, true),
            ("end-state checks", |s| s.end_state, true),
            ("input images", |s| s.input_images, true),
            ("templates", |s| s.templates, false),
            ("intent vocabulary (words)", |s| s.intent_vocabulary, false),
            (
                "templates repeating a sentence",
                |s| s.repeated_sentence_templates,
                false,
            ),
            (
                "  … in every instance",
                |s| s.sentence_in_every_instance,
                false,
            ),
            (
                "templates repeating an intent",
                |s| s.identical_intent_templates,
                false,
            ),
        ];
        for (name, figure, of_tasks) in lines {
            let shown = |structure: &Structure| {
                if of_tasks {
                    share(figure(structure), structure.tasks)
                } else {
                    figure(structure).to_string()
                }
            };
            write!(out, "  {name:<30} {:<15}", shown(ours_structure))?;
            if let Some(reference) = reference {
                write!(out, " {}", shown(reference))?;
            }
            writeln!(out)?;
        }

        writeln!(
            out,
            "\nposition prior (first / cheapest / top-ranked candidate): {} (no task file records its candidates' positions)",
            ours.position_prior
        )?;
        writeln!(
            out,
            "text-only agent (the gold path's page text, no pixels): {}",
            ours.text_only_agent
        )?;

        writeln!(out, "\nbounds:")?;
        let reference_verdicts = self
            .reference
            .as_ref()
            .map(|reference| reference.verdicts(&self.bounds));
        for (index, verdict) in self.verdicts.iter().enumerate() {
            write!(
                out,
                "  {} {}: {} (bound ≤ {}",
                if verdict.met { "ok  " } else { "FAIL" },
                verdict.figure,
                verdict.shown(verdict.value),
                verdict.shown(verdict.bound)
            )?;
            if let Some(reference) = reference_verdicts.as_ref().map(|all| &all[index]) {
                write!(out, "; reference {}", reference.shown(reference.value))?;
            }
            writeln!(out, ")")?;
        }
        let met = self.verdicts.iter().filter(|verdict| verdict.met).count();
        write!(out, "{met} of {} bounds met", self.verdicts.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::test_tasks::task;

    #[test]
    fn a_balanced_suite_meets_every_bound() {
        let mut tasks = Vec::new();
        for (index, colour) in ["red", "blue", "green", "black", "white"]
            .iter()
            .enumerate()
        {
            tasks.push(task("shopping", "colour", colour, &[("colour", colour)]));
            tasks.push(task(
                "forum",
                "count",
                &(index + 2).to_string(),
                &[("colour", colour)],
            ));
        }
        let comparison = Comparison::new(&tasks, None, Bounds::default());
        assert!(comparison.passed(), "{comparison}");
        let text = comparison.to_string();
        assert!(text.ends_with("6 of 6 bounds met"), "{text}");
        assert!(text.contains(NEEDS_EVIDENCE), "{text}");
    }

    #[test]
    fn a_skewed_suite_fails_the_bounds_it_breaks() {
        let mut tasks: Vec<_> = (0..5)
            .map(|_| task("forum", "count", "1", &[("colour", "red")]))
            .collect();
        tasks.push(task("forum", "absent", "N/A", &[("colour", "navy")]));
        tasks[0].text_only = true;
        let comparison = Comparison::new(&tasks, Some(&tasks[..2]), Bounds::default());
        assert!(!comparison.passed());
        let failed: Vec<_> = comparison
            .verdicts
            .iter()
            .filter(|verdict| !verdict.met)
            .map(|verdict| verdict.figure)
            .collect();
        assert_eq!(
            failed,
            [
                "template prior (of string tasks)",
                "single-answer templates",
                "\"0\"/\"1\" answers (of string tasks)",
                "values asked only in N/A tasks",
                "N/A tasks",
                "text-only tasks"
            ]
        );
        let text = comparison.to_string();
        assert!(text.contains("  count: all 5 answer \"1\""), "{text}");
        assert!(
            text.contains("forum colour \"navy\": 1 N/A task(s)"),
            "{text}"
        );
        assert!(
            text.contains(
                "FAIL template prior (of string tasks): 83.3 % (bound ≤ 4.0 %; reference 100.0 %)"
            ),
            "{text}"
        );
        // Looser bounds pass the same suite.
        let loose = Bounds {
            max_template_prior: 1.0,
            max_single_answer_templates: 1,
            max_zero_one: 1.0,
            max_na_only_values: 1,
            max_not_achievable: 1.0,
            max_text_only: 1.0,
        };
        assert!(Comparison::new(&tasks, None, loose).passed());
    }
}
