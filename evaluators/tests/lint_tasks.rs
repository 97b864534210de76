//! Lint over VWA's 910 task configs and its evaluator test configs (zero errors), and over
//! crafted bad files (each problem reported with file, task and field).

use evaluators::lint::{LintReport, Severity, lint_paths};
use std::path::PathBuf;

/// VWA's task configs (MIT, copied unchanged with their licence).
fn vwa_tasks() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vwa_tasks");
    assert!(
        path.join("test_shopping.raw.json").is_file(),
        "VWA task configs not found at {}",
        path.display()
    );
    path
}

fn errors(report: &LintReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.severity == Severity::Error)
        .map(ToString::to_string)
        .collect()
}

/// The action grammar is the `agora` binary's; here every gold step's action is accepted (the
/// binary's `tasks lint` test checks gold steps with the real parser).
const ANY_ACTION: evaluators::lint::GoldStepCheck<'static> = &|_| Ok(());

#[test]
fn all_910_vwa_tasks_lint_without_errors() {
    let dir = vwa_tasks();
    let files: Vec<PathBuf> = ["classifieds", "reddit", "shopping"]
        .iter()
        .map(|site| dir.join(format!("test_{site}.raw.json")))
        .collect();
    let report = lint_paths(&files, ANY_ACTION);
    assert_eq!(report.files, 3);
    assert_eq!(report.tasks, 910);
    assert_eq!(errors(&report), Vec::<String>::new());
    // VWA's difficulty typos are tolerated as warnings.
    let typos = report
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.message.contains("is a typo of"))
        .count();
    assert_eq!(typos, 2);
}

#[test]
fn vwa_evaluator_test_configs_lint_without_errors() {
    let report = lint_paths(&[vwa_tasks().join("evaluator-configs")], ANY_ACTION);
    assert_eq!(report.files, 19);
    assert_eq!(errors(&report), Vec::<String>::new());
}

#[test]
fn crafted_bad_files_are_reported_precisely() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint");
    let report = lint_paths(&[dir], ANY_ACTION);
    let errors = errors(&report);
    let has = |needle: &str| {
        assert!(
            errors.iter().any(|error| error.contains(needle)),
            "no error containing {needle:?} in:\n{}",
            errors.join("\n")
        );
    };
    has("not_json.json: not valid JSON: EOF while parsing");
    has("missing_eval.json: not a valid task: missing field `eval`");
    has("unknown_eval_type.json eval.eval_types[1]: not a valid task: unknown variant `dom_match`");
    has("bad_locator.json agora.gold[0].target: not a valid task: a locator is");
    has("bad_vocabulary.json[0] task 4 reasoning_difficulty: `brutal` is not easy, medium or hard");
    has("task 4 viewport_size.width: 20 is not between 200 and 8000");
    has("task 4 eval.reference_answers.must_contain: unknown reference key `must_contain`");
    has("task 4 eval.reference_answers.required_values[0]: `about 5` is not an inequality");
    has("task 4 eval.url_note: ");
    has("task 5 eval.program_html[0].url: `shopping_get_latest_order_url` expects (no arguments)");
    has("task 5 eval.program_html[1].locator: `os.system('rm -rf /')` is not a call");
    has("task 5 eval.program_html[2].locator: locator must be empty or start with");
    has("task 5 eval.program_html[3].url: empty URL");
    has(
        "task 5 eval.program_html[3].required_contents.must_exclude[0]: must_exclude items cannot use",
    );
    has("task 5 eval.program_html[3].required_contents.one_of: one_of is a string_match check");
    has("task 5 eval.program_html[4].locator: `get_query_text(__page__, '.x'` is not a call");
    has("task 5 eval.program_html[4].required_contents: no checks");
    has("task 6 eval.page_image_query[0].eval_image_class: must be empty");
    has("task 6 eval.page_image_query[0]: needs eval_vqa or eval_fuzzy_image_match");
    has("task 6 eval.page_image_query[1].ssim_threshold: 1.5 is not in (0, 1]");
    has("task 6 eval.page_image_query[1].eval_vqa[0]: question and answer must both be non-empty");
    has("task 6 agora.gold[1]: the gold trajectory must end with a stop step");
    has("task 6 agora.decoys[0].steps: a decoy needs steps ending with a stop step");
    has("task 6 agora.decoys[1].steps[0]: the decoy must end with a stop step");
    has("task 21 eval.aes.target: name the target page");
    has("task 21 eval.aes.pass_threshold: 1.5 is outside [0, 1]");
    has("task 21 eval.aes.interactions[0]: a wait of 60000 ms is longer than the 10000 ms cap");
    has("task 21 eval.aes.interactions[1]: a sequence inside a sequence");
    has("task 21 eval.aes.interactions[2]: `hover []` has an empty selector");
    has("webui_interactions.json[2]");
    has("unknown variant `Hyper`");
    has("task 23 eval.aes: aes is listed but there is no `aes` object");
    // Every MageBench-style interaction of task 20 is accepted.
    assert!(
        !errors.iter().any(|error| error.contains("task 20")),
        "{}",
        errors.join("\n")
    );
    let warnings: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.severity == Severity::Warning)
        .map(ToString::to_string)
        .collect();
    for needle in [
        "task 4 overall_difficulty: `hrad` is a typo of `hard`",
        "task 7 eval.reference_answers.must_include: comes after required_values",
        "task 7 eval.reference_answers.fuzzy_match: comes after required_values",
        "task 7 eval.reference_answers.fuzzy_match: VWA's string_match takes fuzzy_match as \"N/A\" or a list",
        "task 8 eval.program_html[0].required_contents.fuzzy_match: VWA's program_html takes fuzzy_match as one text",
    ] {
        assert!(
            warnings.iter().any(|warning| warning.contains(needle)),
            "no warning containing {needle:?} in:\n{}",
            warnings.join("\n")
        );
    }
    assert_eq!(report.errors(), errors.len());
}

#[test]
fn a_missing_path_is_an_error_in_the_report() {
    let report = lint_paths(&[PathBuf::from("/nonexistent/agora/tasks")], ANY_ACTION);
    assert_eq!(report.errors(), 1);
    assert_eq!(
        report.diagnostics[0].to_string(),
        "error: /nonexistent/agora/tasks: cannot read: No such file or directory (os error 2)"
    );
}
