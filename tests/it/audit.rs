//! `agora tasks audit`, the real binary over a folder of task files: its figures and exit
//! status as CI sees them.

use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

/// Three instances of one count template, every answer "1": the prior guesses them all.
fn write_tasks(dir: &Path) {
    for (index, colour) in ["red", "blue", "green"].iter().enumerate() {
        let id = 1000 + index;
        let task = json!({
            "sites": ["shopping"], "task_id": id, "require_login": false, "start_url": "__SHOPPING__",
            "intent_template": "How many {{colour}} chairs are there?",
            "instantiation_dict": {"colour": colour},
            "intent": format!("How many {colour} chairs are there?"),
            "require_reset": false, "intent_template_id": 77,
            "eval": {"eval_types": ["string_match"], "reference_answers": {"must_include": ["1"]}},
            "reasoning_difficulty": "hard", "visual_difficulty": "medium", "overall_difficulty": "hard",
            "agora": {"template": "shopping/count_colour", "visual_fact": "one chair shows it",
                      "gold": [{"action": "stop", "answer": "1"}]}
        });
        std::fs::write(dir.join(format!("{id}.json")), task.to_string()).unwrap();
    }
}

fn audit(dir: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["tasks", "audit"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    (output.status.code(), format!("{stdout}{stderr}"))
}

#[test]
fn a_suite_a_prior_solves_fails_the_audit_unless_reported_only() {
    let dir = tempfile::tempdir().unwrap();
    write_tasks(dir.path());

    let (status, text) = audit(dir.path(), &[]);
    assert_eq!(status, Some(1), "{text}");
    for line in [
        "audit of 3 tasks, 3 with a string answer",
        "  shopping/count_colour: all 3 answer \"1\"",
        "  shopping/count_colour: 1 of 3 (0.33), 1..1",
        "FAIL template prior (of string tasks): 100.0 % (bound ≤ 4.0 %)",
        "FAIL \"0\"/\"1\" answers (of string tasks): 100.0 % (bound ≤ 1.0 %)",
        "ok   N/A tasks: 0.0 % (bound ≤ 10.0 %)",
        "position prior (first / cheapest / top-ranked candidate): needs --evidence: not computed",
        "3 of 6 bounds met",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
    assert!(
        text.lines()
            .any(|line| line.trim_start().starts_with("reasoning-hard")
                && line.contains("3 (100.0 %)")),
        "{text}"
    );

    let (status, text) = audit(dir.path(), &["--report-only"]);
    assert_eq!(status, Some(0), "{text}");
    assert!(
        text.contains("report only: bounds not met, exit status 0"),
        "{text}"
    );

    let loose = [
        "--max-template-prior",
        "1",
        "--max-single-answer-templates",
        "1",
        "--max-zero-one",
        "1",
    ];
    let (status, text) = audit(dir.path(), &loose);
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains("6 of 6 bounds met"), "{text}");

    // The same figures as JSON, beside a reference suite (here: the same files).
    let (status, text) = audit(
        dir.path(),
        &["--json", "--reference", dir.path().to_str().unwrap()],
    );
    assert_eq!(status, Some(1), "{text}");
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["ours"]["overall"]["template_prior"], 3);
    assert_eq!(report["reference"]["structure"]["reasoning_hard"], 3);
    assert_eq!(report["ours"]["sites"][0]["name"], "shopping");
    assert_eq!(report["verdicts"][0]["met"], false);
}

#[test]
fn a_broken_task_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    write_tasks(dir.path());
    std::fs::write(dir.path().join("1003.json"), "{ not json").unwrap();
    let (status, text) = audit(dir.path(), &[]);
    assert_ne!(status, Some(0), "{text}");
    assert!(
        text.contains("1003.json") && text.contains("tasks lint"),
        "{text}"
    );
}

#[test]
fn a_bound_that_is_not_a_share_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write_tasks(dir.path());
    let (status, text) = audit(dir.path(), &["--max-template-prior", "4"]);
    assert_eq!(status, Some(2), "{text}");
    assert!(
        text.contains("`4` is not a share: give a number from 0 to 1"),
        "{text}"
    );
}
