//! Task linting: structure and vocabulary checks that find what would break an evaluation
//! before any browser runs. Each diagnostic names the file, the task, the JSON field path and
//! what is wrong.

use crate::aes::model::AesSpec;
use crate::matching::parse_inequality;
use crate::mode::EvalMode;
use crate::program_html::{LocatorKind, TargetUrl};

use crate::task::{
    Check, Checks, EvalSpec, EvalType, FuzzyReference, GoldStep, HtmlTarget, ImageQuery, LoadError,
    OR_SEPARATOR, SiteUrls, Task, TaskId, json_files, parse_entries,
};
use crate::url_match::UrlNote;
use std::fmt;
use std::path::{Path, PathBuf};

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Tolerated (VWA accepts it), but worth fixing.
    Warning,
    /// The task cannot be evaluated as written.
    Error,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file.
    pub file: PathBuf,
    /// Position in an array file.
    pub index: Option<usize>,
    /// The task's id, when the task parsed far enough to have one.
    pub task_id: Option<TaskId>,
    /// JSON path of the field, e.g. `eval.program_html[2].locator` (empty: the whole file).
    pub field: String,
    /// What is wrong.
    pub message: String,
    /// How serious.
    pub severity: Severity,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(formatter, "{severity}: {}", self.file.display())?;
        if let Some(index) = self.index {
            write!(formatter, "[{index}]")?;
        }
        if let Some(task_id) = self.task_id {
            write!(formatter, " task {task_id}")?;
        }
        if !self.field.is_empty() {
            write!(formatter, " {}", self.field)?;
        }
        write!(formatter, ": {}", self.message)
    }
}

/// The findings over a set of files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LintReport {
    /// Files read.
    pub files: usize,
    /// Tasks found (parsed or not).
    pub tasks: usize,
    /// Findings in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl LintReport {
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity == severity)
            .count()
    }
}

/// Checks one gold step against the action grammar, which only the caller knows (the
/// `agora` binary parses it with its real `Action` parser): `Err` says why the step is not a
/// valid action.
pub type GoldStepCheck<'a> = &'a dyn Fn(&GoldStep) -> Result<(), String>;

/// Lints every task file at `paths` (files or directories), gold steps through `gold`.
/// Unreadable paths are errors in the report, not a failure of the whole run.
pub fn lint_paths(paths: &[PathBuf], gold: GoldStepCheck<'_>) -> LintReport {
    let mut report = LintReport::default();
    for path in paths {
        match json_files(path) {
            Ok(files) => {
                for file in files {
                    lint_file(&file, &mut report, gold);
                }
            }
            Err(error) => report.diagnostics.push(file_error(path, &error)),
        }
    }
    report
}

fn file_error(path: &Path, error: &LoadError) -> Diagnostic {
    // The diagnostic already names the file, so the message leaves it out.
    let message = match error {
        LoadError::Read { source, .. } => format!("cannot read: {source}"),
        LoadError::Json { source, .. } => format!("not valid JSON: {source}"),
        other => other.to_string(),
    };
    Diagnostic {
        file: path.to_owned(),
        index: None,
        task_id: None,
        field: String::new(),
        message,
        severity: Severity::Error,
    }
}

fn lint_file(file: &Path, report: &mut LintReport, gold: GoldStepCheck<'_>) {
    report.files += 1;
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(source) => {
            let error = LoadError::Read {
                path: file.to_owned(),
                source,
            };
            report.diagnostics.push(file_error(file, &error));
            return;
        }
    };
    // Placeholders stay as they are: linting does not need real site URLs.
    let entries = match parse_entries(&text, &SiteUrls::new(), file) {
        Ok(entries) => entries,
        Err(error) => {
            report.diagnostics.push(file_error(file, &error));
            return;
        }
    };
    // A task file named by its number (`12.json`) is task 12 to VWA's harness and to Agora.
    let file_number = file
        .file_stem()
        .and_then(|stem| stem.to_str())
        .filter(|stem| !stem.is_empty() && stem.bytes().all(|byte| byte.is_ascii_digit()))
        .map(str::to_owned);
    for (index, entry) in entries {
        report.tasks += 1;
        match entry {
            Ok(task) => {
                let mut findings = lint_task(&task, gold);
                if let Some(number) = file_number.as_deref().filter(|_| index.is_none())
                    && task.task_id.to_string() != number
                {
                    findings.push((
                        Severity::Error,
                        "task_id".to_owned(),
                        format!(
                            "task_id {} differs from the file's number ({number}.json); make them the same",
                            task.task_id
                        ),
                    ));
                }
                for (severity, field, message) in findings {
                    report.diagnostics.push(Diagnostic {
                        file: file.to_owned(),
                        index,
                        task_id: Some(task.task_id),
                        field,
                        message,
                        severity,
                    });
                }
            }
            Err(error) => report.diagnostics.push(Diagnostic {
                file: file.to_owned(),
                index,
                task_id: None,
                field: if error.field == "." {
                    String::new()
                } else {
                    error.field
                },
                message: format!(
                    "not a valid task: {}{}",
                    error.message,
                    suggestion_for_serde(&error.message)
                ),
                severity: Severity::Error,
            }),
        }
    }
}

/// Collects findings for one task.
struct Findings(Vec<(Severity, String, String)>);

impl Findings {
    fn error(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push((Severity::Error, field.into(), message.into()));
    }

    fn warning(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0
            .push((Severity::Warning, field.into(), message.into()));
    }
}

/// Lints one parsed task: `(severity, field path, message)` triples.
pub fn lint_task(task: &Task, gold: GoldStepCheck<'_>) -> Vec<(Severity, String, String)> {
    let mut findings = Findings(Vec::new());
    for key in task.extra.keys() {
        if VWA_IGNORED_FIELDS.contains(&key.as_str()) {
            findings.warning(
                key.clone(),
                "VWA's files carry this field but nothing reads it (the evaluators read eval.reference_url)",
            );
        } else {
            findings.error(key.clone(), unknown_field(key, TASK_FIELDS));
        }
    }
    lint_placeholders(task, &mut findings);
    for (index, site) in task.sites.iter().enumerate() {
        if crate::site_names::site_named(site).is_none() {
            findings.warning(
                format!("sites[{index}]"),
                format!(
                    "unknown site `{site}`: expected one of {}",
                    crate::site_names::task_names_list()
                ),
            );
        }
    }
    if task.start_urls().is_empty() {
        findings.warning(
            "start_url",
            "no start URL; the episode starts on a blank page",
        );
    }
    for (index, url) in task.start_urls().iter().enumerate() {
        if url.trim().is_empty() {
            findings.error(
                format!("start_url[{index}]"),
                "empty tab URL between ` |AND| ` separators",
            );
        }
    }
    if let Some(size) = task.viewport_size {
        if !(200..=8000).contains(&size.width) {
            findings.error(
                "viewport_size.width",
                format!("{} is not between 200 and 8000", size.width),
            );
        }
        if let Some(height) = size.height.filter(|height| !(200..=8000).contains(height)) {
            findings.error(
                "viewport_size.height",
                format!("{height} is not between 200 and 8000"),
            );
        }
    }
    for (field, value) in [
        ("reasoning_difficulty", &task.reasoning_difficulty),
        ("visual_difficulty", &task.visual_difficulty),
        ("overall_difficulty", &task.overall_difficulty),
    ] {
        match value.as_deref() {
            None | Some("easy" | "medium" | "hard") => {}
            Some("hrad") => findings.warning(field, "`hrad` is a typo of `hard`"),
            Some("mediun") => findings.warning(field, "`mediun` is a typo of `medium`"),
            Some(other) => findings.error(field, format!("`{other}` is not easy, medium or hard")),
        }
    }
    lint_eval(task, &mut findings);
    lint_gold(task, gold, &mut findings);
    findings.0
}

fn lint_eval(task: &Task, findings: &mut Findings) {
    let spec = &task.eval;
    for key in spec.extra.keys() {
        findings.error(format!("eval.{key}"), unknown_field(key, EVAL_FIELDS));
    }
    if spec.eval_types.is_empty() {
        findings.error(
            "eval.eval_types",
            "no evaluator; list string_match, url_match, program_html, page_image_query or aes",
        );
    }
    for (index, eval_type) in spec.eval_types.iter().enumerate() {
        if spec.eval_types[..index].contains(eval_type) {
            findings.warning(
                format!("eval.eval_types[{index}]"),
                "listed twice; it runs twice",
            );
        }
    }
    let mut linted = Vec::new();
    for eval_type in &spec.eval_types {
        if linted.contains(eval_type) {
            continue;
        }
        linted.push(*eval_type);
        // Every kind is listed: a new evaluator is a compile error here until it is linted.
        match eval_type {
            EvalType::StringMatch => lint_reference_answers(
                &spec.reference_answers,
                spec.string_note.as_deref(),
                findings,
            ),
            EvalType::UrlMatch => lint_url_match(spec, findings),
            EvalType::ProgramHtml => lint_program_html(spec, findings),
            EvalType::PageImageQuery => lint_page_image_query(spec, findings),
            EvalType::Aes => lint_aes(spec.aes.as_ref(), findings),
        }
    }
}

/// The fields of a task (VWA's, and the `agora` extension).
const TASK_FIELDS: &[&str] = &[
    "sites",
    "task_id",
    "require_login",
    "storage_state",
    "start_url",
    "geolocation",
    "intent_template",
    "intent",
    "instantiation_dict",
    "intent_template_id",
    "image",
    "require_reset",
    "eval",
    "reasoning_difficulty",
    "visual_difficulty",
    "overall_difficulty",
    "comments",
    "viewport_size",
    "agora",
];

/// The fields of `eval`.
const EVAL_FIELDS: &[&str] = &[
    "eval_types",
    "reference_answers",
    "reference_url",
    "url_note",
    "program_html",
    "page_image_query",
    "aes",
    "string_note",
    "reference_answer_raw_annotation",
];

/// WebArena's placeholders for sites no Agora task can use (tolerated, warned: VWA's harness
/// knows them).
const WEBARENA_PLACEHOLDERS: &[&str] = &["__GITLAB__", "__SHOPPING_ADMIN__", "__MAP__"];

/// Top-level fields some of VWA's own files carry and nothing reads (tolerated, warned).
const VWA_IGNORED_FIELDS: &[&str] = &["reference_url"];

/// The message for an unknown field `key` among `known`: the closest known one, if any is
/// close, and the list.
fn unknown_field(key: &str, known: &[&str]) -> String {
    let hint = match did_you_mean(key, known.iter().copied()) {
        Some(close) => format!("did you mean `{close}`? "),
        None => String::new(),
    };
    format!(
        "unknown field `{key}`; {hint}the fields are: {}",
        known.join(", ")
    )
}

/// The candidate closest to `word` when it is close enough to be a typo of it.
fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|candidate| (strsim::jaro_winkler(word, candidate), candidate))
        .filter(|(similarity, _)| *similarity >= 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate)
}

/// ` (did you mean `x`?)` for serde's "unknown variant `y`, expected one of `x`, …" and
/// "unknown field …" messages, else nothing.
fn suggestion_for_serde(message: &str) -> String {
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let (Some(word), true) = (quoted.first(), message.starts_with("unknown ")) else {
        return String::new();
    };
    match did_you_mean(word, quoted[1..].iter().copied()) {
        Some(close) => format!(" (did you mean `{close}`?)"),
        None => String::new(),
    }
}

/// Placeholders (`__SITE__`) that name no site: the URL would stay as written.
fn lint_placeholders(task: &Task, findings: &mut Findings) {
    let Ok(value) = serde_json::to_value(task) else {
        return;
    };
    let known: Vec<&str> = crate::site_names::SITE_NAMES
        .iter()
        .flat_map(|site| site.placeholders.iter().copied())
        .collect();
    let mut strings = Vec::new();
    collect_strings(&value, String::new(), &mut strings);
    for (field, text) in strings {
        for placeholder in placeholders_in(text) {
            if WEBARENA_PLACEHOLDERS.contains(&placeholder) {
                findings.warning(
                    field.clone(),
                    format!("`{placeholder}` is a WebArena site Agora does not host; the URL stays as written"),
                );
            } else if !known.contains(&placeholder) {
                let hint = match did_you_mean(placeholder, known.iter().copied()) {
                    Some(close) => format!("did you mean `{close}`? "),
                    None => String::new(),
                };
                findings.error(
                    field.clone(),
                    format!(
                        "unknown placeholder `{placeholder}`; {hint}the placeholders are: {}",
                        known.join(", ")
                    ),
                );
            }
        }
    }
}

/// Every string in `value` with its JSON path (`eval.program_html[0].url`).
fn collect_strings<'a>(
    value: &'a serde_json::Value,
    path: String,
    out: &mut Vec<(String, &'a str)>,
) {
    match value {
        serde_json::Value::String(text) => out.push((path, text)),
        serde_json::Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                collect_strings(item, format!("{path}[{index}]"), out);
            }
        }
        serde_json::Value::Object(fields) => {
            for (key, item) in fields {
                let path = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                collect_strings(item, path, out);
            }
        }
        _ => {}
    }
}

/// The `__NAME__` tokens in `text` (capitals, digits and inner underscores).
fn placeholders_in(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("__") {
        let after = &rest[start + 2..];
        let name_length = after
            .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(after.len());
        let name = &after[..name_length];
        match name.strip_suffix("__") {
            Some(inner) if inner.starts_with(|c: char| c.is_ascii_uppercase()) => {
                found.push(&rest[start..start + 2 + name_length]);
                rest = &after[name_length..];
            }
            _ => rest = after,
        }
    }
    found
}

fn lint_url_match(spec: &EvalSpec, findings: &mut Findings) {
    if spec
        .reference_url
        .as_deref()
        .is_none_or(|url| url.trim().is_empty())
    {
        findings.error("eval.reference_url", "url_match needs a reference URL");
    }
    if let Err(error) = UrlNote::parse(spec.url_note.as_deref()) {
        findings.error("eval.url_note", error.to_string());
    }
}

fn lint_program_html(spec: &EvalSpec, findings: &mut Findings) {
    if spec.program_html.is_empty() {
        findings.error(
            "eval.program_html",
            "program_html is listed but has no targets",
        );
    }
    for (index, target) in spec.program_html.iter().enumerate() {
        lint_html_target(target, &format!("eval.program_html[{index}]"), findings);
    }
}

fn lint_page_image_query(spec: &EvalSpec, findings: &mut Findings) {
    if spec.page_image_query.is_empty() {
        findings.error(
            "eval.page_image_query",
            "page_image_query is listed but has no queries",
        );
    }
    if spec.page_image_query.len() > 1 {
        findings.warning(
            "eval.page_image_query",
            "several queries: VWA scores only the last one's checks (Agora's correct mode scores all)",
        );
    }
    for (index, query) in spec.page_image_query.iter().enumerate() {
        lint_image_query(query, &format!("eval.page_image_query[{index}]"), findings);
    }
}

fn lint_aes(spec: Option<&AesSpec>, findings: &mut Findings) {
    match spec {
        None => findings.error(
            "eval.aes",
            "aes is listed but there is no `aes` object: {\"target\": …, \"pass_threshold\": …}",
        ),
        Some(aes) => {
            for (field, problem) in aes.problems() {
                findings.error(field, problem);
            }
        }
    }
}

fn lint_reference_answers(checks: &Checks, string_note: Option<&str>, findings: &mut Findings) {
    let field = "eval.reference_answers";
    if checks.is_empty() {
        findings.error(field, "string_match needs reference answers");
    }
    let mut after_required_values = false;
    for check in checks.iter() {
        let key_field = format!("{field}.{}", check.key());
        if after_required_values && needs_text_answer(check) {
            findings.warning(
                &key_field,
                "comes after required_values, which turns VWA's answer into an int: VWA raises here, so vwa mode gives no score; put required_values last",
            );
        }
        after_required_values |= matches!(check, Check::RequiredValues(_));
        match check {
            Check::FuzzyMatch(FuzzyReference::Text(_)) => findings.warning(
                key_field,
                "VWA's string_match takes fuzzy_match as \"N/A\" or a list of references and raises on other text; write [\"…\"]",
            ),
            Check::Unknown { key, .. } => findings.error(
                key_field,
                format!("unknown reference key `{key}`; use exact_match, must_include, must_exclude, one_of, required_values or fuzzy_match"),
            ),
            Check::RequiredValues(items) => lint_inequalities(items, &key_field, findings),
            Check::FuzzyMatch(FuzzyReference::NotAchievable)
                if string_note.is_none_or(|note| note.trim().is_empty()) =>
            {
                findings.warning("eval.string_note", "fuzzy_match N/A without string_note: the judge has no reason to compare with");
            }
            Check::MustInclude(items) | Check::MustExclude(items) | Check::OneOf(items) if items.is_empty() => {
                findings.warning(key_field, "empty list checks nothing");
            }
            _ => {}
        }
    }
}

/// Whether VWA's check needs the answer as text (it raises on an int).
fn needs_text_answer(check: &Check) -> bool {
    match check {
        Check::MustInclude(items) | Check::MustExclude(items) | Check::OneOf(items) => {
            !items.is_empty()
        }
        Check::FuzzyMatch(FuzzyReference::List(items)) => !items.is_empty(),
        Check::FuzzyMatch(_) => true,
        _ => false,
    }
}

fn lint_inequalities(items: &[String], field: &str, findings: &mut Findings) {
    for (index, item) in items.iter().enumerate() {
        for alternative in item.split(OR_SEPARATOR) {
            if let Err(error) = parse_inequality(alternative) {
                findings.error(format!("{field}[{index}]"), error.to_string());
            }
        }
    }
}

fn lint_url_field(url: &str, field: &str, findings: &mut Findings) {
    match TargetUrl::parse(url) {
        Ok(TargetUrl::Literal(literal)) if literal.trim().is_empty() => {
            findings.error(field, "empty URL; use `last` for the current page");
        }
        Ok(_) => {}
        Err(error) => findings.error(field, error.to_string()),
    }
}

fn lint_html_target(target: &HtmlTarget, field: &str, findings: &mut Findings) {
    lint_url_field(&target.url, &format!("{field}.url"), findings);
    if let Err(error) = LocatorKind::parse(&target.locator, EvalMode::Correct) {
        findings.error(format!("{field}.locator"), error.to_string());
    }
    let runs_prep_actions =
        target.locator.starts_with("document.") || target.locator.starts_with("[...document.");
    if !(target.prep_actions.is_empty() || runs_prep_actions) {
        findings.warning(
            format!("{field}.prep_actions"),
            "only `document.` locators run prep_actions",
        );
    }
    let contents = format!("{field}.required_contents");
    if target.required_contents.is_empty() {
        findings.error(&contents, "no checks; add must_include, exact_match, must_exclude, required_values or fuzzy_match");
    }
    let known = target
        .required_contents
        .iter()
        .filter(|check| !matches!(check, Check::Unknown { .. } | Check::OneOf(_)))
        .count();
    if known > 1 {
        findings.warning(&contents, "several checks: VWA checks only the first (exact_match, must_include, must_exclude, required_values, fuzzy_match); Agora's correct mode checks all");
    }
    for check in target.required_contents.iter() {
        let key_field = format!("{contents}.{}", check.key());
        match check {
            Check::Unknown { key, .. } => {
                findings.error(key_field, format!("unknown check `{key}`"))
            }
            Check::OneOf(_) => findings.error(
                key_field,
                "one_of is a string_match check, not a program_html one",
            ),
            Check::FuzzyMatch(FuzzyReference::List(_)) => findings.warning(
                key_field,
                "VWA's program_html takes fuzzy_match as one text (alternatives with ` |OR| `) and raises on a list",
            ),
            Check::RequiredValues(items) => lint_inequalities(items, &key_field, findings),
            Check::MustExclude(items) => {
                for (index, item) in items.iter().enumerate() {
                    if item.contains(OR_SEPARATOR) {
                        findings.error(
                            format!("{key_field}[{index}]"),
                            "must_exclude items cannot use ` |OR| `",
                        );
                    }
                }
            }
            _ => {}
        }
    }
}

fn lint_image_query(query: &ImageQuery, field: &str, findings: &mut Findings) {
    lint_url_field(
        &query.eval_image_url,
        &format!("{field}.eval_image_url"),
        findings,
    );
    let class = &query.eval_image_class;
    if !class.is_empty() && !class.starts_with('.') {
        findings.error(
            format!("{field}.eval_image_class"),
            "must be empty (all images) or a class selector starting with `.`",
        );
    }
    match (&query.eval_vqa, &query.eval_fuzzy_image_match) {
        (None, None) => findings.error(field, "needs eval_vqa or eval_fuzzy_image_match"),
        (_, Some(references)) if references.trim().is_empty() => {
            findings.warning(
                format!("{field}.eval_fuzzy_image_match"),
                "empty: no reference image (an unfilled template?)",
            );
        }
        _ => {}
    }
    for (index, question) in query.eval_vqa.iter().flatten().enumerate() {
        if question.question.trim().is_empty() || question.answer.trim().is_empty() {
            findings.error(
                format!("{field}.eval_vqa[{index}]"),
                "question and answer must both be non-empty",
            );
        }
    }
    if let Some(threshold) = query
        .ssim_threshold
        .filter(|threshold| !(*threshold > 0.0 && *threshold <= 1.0))
    {
        findings.error(
            format!("{field}.ssim_threshold"),
            format!("{threshold} is not in (0, 1]"),
        );
    }
}

fn lint_gold(task: &Task, gold: GoldStepCheck<'_>, findings: &mut Findings) {
    let Some(extension) = &task.agora else {
        return;
    };
    lint_steps(
        &extension.gold,
        "agora.gold",
        "gold trajectory",
        gold,
        findings,
    );
    for (index, decoy) in extension.decoys.iter().enumerate() {
        let field = format!("agora.decoys[{index}].steps");
        if decoy.steps.is_empty() {
            findings.error(field, "a decoy needs steps ending with a stop step");
        } else {
            lint_steps(&decoy.steps, &field, "decoy", gold, findings);
        }
    }
}

/// The steps of a trajectory (gold or decoy): each checked, the last one a stop.
fn lint_steps(
    steps: &[GoldStep],
    field: &str,
    what: &str,
    gold: GoldStepCheck<'_>,
    findings: &mut Findings,
) {
    for (index, step) in steps.iter().enumerate() {
        if let Err(message) = gold(step) {
            findings.error(format!("{field}[{index}]"), message);
        }
    }
    if let Some(last) = steps.last()
        && last.action != "stop"
    {
        findings.error(
            format!("{field}[{}]", steps.len() - 1),
            format!("the {what} must end with a stop step"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(eval: &str) -> Vec<(Severity, String, String)> {
        let text = format!(
            r#"{{"sites": ["webui"], "task_id": 1, "start_url": "http://x/workspace/",
                "intent": "Rebuild it", "eval": {eval}}}"#
        );
        let (_, task) = crate::task::load_str(&text, &SiteUrls::new(), Path::new("t.json"))
            .unwrap()
            .remove(0);
        lint_task(&task, &|_| Ok(()))
    }

    fn task_findings(task: &str) -> Vec<(Severity, String, String)> {
        let (_, task) = crate::task::load_str(task, &SiteUrls::new(), Path::new("t.json"))
            .unwrap()
            .remove(0);
        lint_task(&task, &|_| Ok(()))
    }

    #[test]
    fn typos_of_placeholders_and_fields_are_errors_that_suggest_the_right_name() {
        let found = task_findings(
            r#"{"sites": ["shopping"], "task_id": 1, "start_url": "__SHOPING__/cart",
                "intent": "x", "intnet": "y",
                "eval": {"eval_types": ["url_match"], "reference_url": "__SHOPPING__/cart",
                         "url_nte": "GOLD in PRED"}}"#,
        );
        let error = |field: &str| {
            found
                .iter()
                .find(|(severity, at, _)| *severity == Severity::Error && at == field)
                .map(|(_, _, message)| message.clone())
                .unwrap_or_else(|| panic!("no error at {field}: {found:?}"))
        };
        let placeholder = error("start_url");
        assert!(placeholder.contains("`__SHOPING__`"), "{placeholder}");
        assert!(
            placeholder.contains("did you mean `__SHOPPING__`"),
            "{placeholder}"
        );
        assert!(
            placeholder.contains("__CLASSIFIEDS__"),
            "lists the valid ones: {placeholder}"
        );
        assert!(error("intnet").contains("did you mean `intent`"));
        assert!(error("eval.url_nte").contains("did you mean `url_note`"));
        assert!(
            !found
                .iter()
                .any(|(_, field, _)| field == "eval.reference_url"),
            "a known placeholder is fine: {found:?}"
        );
        assert_eq!(
            placeholders_in("a __B__ c__D_E__/x __lower__ ____"),
            ["__B__", "__D_E__"]
        );
    }

    #[test]
    fn a_task_id_other_than_the_files_number_and_an_unknown_eval_type_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let task = |id: u32, eval_type: &str| {
            format!(
                r#"{{"sites": ["shopping"], "task_id": {id}, "start_url": "__SHOPPING__", "intent": "x",
                    "eval": {{"eval_types": ["{eval_type}"], "reference_url": "__SHOPPING__"}}}}"#
            )
        };
        std::fs::write(dir.path().join("12.json"), task(13, "url_match")).unwrap();
        std::fs::write(dir.path().join("14.json"), task(14, "program_htm")).unwrap();
        std::fs::write(dir.path().join("15.json"), task(15, "url_match")).unwrap();
        let report = lint_paths(&[dir.path().to_owned()], &|_| Ok(()));
        let errors: Vec<String> = report
            .diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity == Severity::Error)
            .map(ToString::to_string)
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("12.json task 13 task_id"), "{errors:?}");
        assert!(
            errors[1].contains("did you mean `program_html`"),
            "{errors:?}"
        );
    }

    #[test]
    fn serde_messages_about_unknown_names_get_a_suggestion() {
        assert_eq!(
            suggestion_for_serde(
                "unknown variant `program_htm`, expected one of `string_match`, `url_match`, `program_html`, `page_image_query`, `aes`"
            ),
            " (did you mean `program_html`?)"
        );
        assert_eq!(suggestion_for_serde("missing field `eval`"), "");
    }

    #[test]
    fn the_aes_evaluator_is_linted_like_every_other() {
        let good = findings(
            r##"{"eval_types": ["aes"], "aes": {"target": "tabs", "pass_threshold": 0.9,
                "interactions": [{"action": "click", "selector": "#tab-specs"}]}}"##,
        );
        assert!(good.is_empty(), "{good:?}");
        let missing = findings(r#"{"eval_types": ["aes"]}"#);
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert_eq!(
            (missing[0].0, missing[0].1.as_str()),
            (Severity::Error, "eval.aes")
        );
        let bad = findings(
            r#"{"eval_types": ["aes"], "aes": {"target": " ", "pass_threshold": 1.5,
                "interactions": [{"action": "hover", "selector": ""}]}}"#,
        );
        let fields: Vec<&str> = bad.iter().map(|(_, field, _)| field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "eval.aes.target",
                "eval.aes.pass_threshold",
                "eval.aes.interactions[0]"
            ]
        );
    }
}
