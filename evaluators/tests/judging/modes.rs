//! Every divergence between `EvalMode::Correct` and `EvalMode::Vwa` that is not already
//! covered by a unit test, each run in both modes (see docs/evaluation-modes.md).

use crate::server::{Scripted, client, judge_server};
use evaluators::evaluation::{CheckKind, CheckStatus, Outcome};
use evaluators::image_query::{combine_queries, reply_answers};
use evaluators::judge::Judges;
use evaluators::program_html::{LocatorKind, check_selected};
use evaluators::string_match::{AnswerContext, evaluate_answer};
use evaluators::task::Checks;
use evaluators::{EvalMode, EvaluatorReport};
use serde_json::{Value, json};

const CONTEXT: AnswerContext<'static> = AnswerContext {
    intent: "Buy the purple unicorn lamp",
    string_note: "the store sells no unicorn lamp",
};

fn checks(json: Value) -> Checks {
    serde_json::from_value(json).expect("checks JSON")
}

async fn answer(
    checks_json: Value,
    answer: &str,
    judges: &Judges,
    mode: EvalMode,
) -> EvaluatorReport {
    evaluate_answer(&checks(checks_json), answer, CONTEXT, judges, mode)
        .await
        .expect("evaluation")
}

async fn text_judges(script: Vec<Scripted>) -> Judges {
    let (url, _server) = judge_server(script).await;
    Judges {
        text: Some(client(&url, None)),
        vision: None,
    }
}

#[tokio::test]
async fn not_achievable_answered_na_passes_without_a_judge() {
    for mode in [EvalMode::Correct, EvalMode::Vwa] {
        let report = answer(json!({"fuzzy_match": "N/A"}), "N/A", &Judges::none(), mode).await;
        assert_eq!(report.outcome, Outcome::Score(1.0), "{mode:?}");
    }
}

#[tokio::test]
async fn not_achievable_reason_needs_a_judge_when_none_is_configured() {
    for mode in [EvalMode::Correct, EvalMode::Vwa] {
        let report = answer(
            json!({"fuzzy_match": "N/A"}),
            "There is no unicorn lamp",
            &Judges::none(),
            mode,
        )
        .await;
        assert_eq!(report.outcome, Outcome::NeedsJudge, "{mode:?}");
        assert_eq!(report.checks[1].kind, CheckKind::UnachievableReason);
        assert_eq!(report.checks[1].status, CheckStatus::NeedsJudge);
    }
}

#[tokio::test]
async fn not_achievable_reason_is_judged_same_or_different() {
    let judges = text_judges(vec![Scripted::Reply("same"), Scripted::Reply("different")]).await;
    let same = answer(
        json!({"fuzzy_match": "N/A"}),
        "no such lamp",
        &judges,
        EvalMode::Correct,
    )
    .await;
    assert_eq!(same.outcome, Outcome::Score(1.0));
    let different = answer(
        json!({"fuzzy_match": "N/A"}),
        "too expensive",
        &judges,
        EvalMode::Correct,
    )
    .await;
    assert_eq!(different.outcome, Outcome::Score(0.0));
}

#[tokio::test]
async fn not_achievable_reason_assigns_in_vwa_and_multiplies_in_correct() {
    // The must_include fails; VWA then *assigns* the judge's "same" and scores 1.
    let references = json!({"must_include": ["lamp-42"], "fuzzy_match": "N/A"});
    let judges = text_judges(vec![Scripted::Reply("same"), Scripted::Reply("same")]).await;
    let vwa = answer(
        references.clone(),
        "no such product",
        &judges,
        EvalMode::Vwa,
    )
    .await;
    assert_eq!(vwa.outcome, Outcome::Score(1.0));
    let correct = answer(references, "no such product", &judges, EvalMode::Correct).await;
    assert_eq!(correct.outcome, Outcome::Score(0.0));
}

#[tokio::test]
async fn a_judge_reply_outside_the_vocabulary_is_judge_failed_not_a_score() {
    let judges = text_judges(vec![Scripted::Reply("It depends")]).await;
    let report = answer(
        json!({"fuzzy_match": "N/A"}),
        "no lamp",
        &judges,
        EvalMode::Correct,
    )
    .await;
    assert_eq!(report.outcome, Outcome::JudgeFailed);
    assert!(
        matches!(&report.checks[1].status, CheckStatus::JudgeFailed(reason) if reason.contains("It depends"))
    );
}

#[tokio::test]
async fn fuzzy_or_is_and_in_vwa_and_or_in_correct() {
    let contents = checks(json!({"fuzzy_match": "red |OR| crimson"}));
    let value = json!("crimson");
    // Each alternative is judged: "red" → incorrect, "crimson" → correct.
    let judges = text_judges(vec![
        Scripted::Reply("incorrect"),
        Scripted::Reply("correct"),
        Scripted::Reply("incorrect"),
        Scripted::Reply("correct"),
    ])
    .await;
    let vwa = check_selected(&value, &contents, "t", &judges, EvalMode::Vwa)
        .await
        .unwrap();
    assert_eq!(vwa[0].status, CheckStatus::Fail);
    let correct = check_selected(&value, &contents, "t", &judges, EvalMode::Correct)
        .await
        .unwrap();
    assert_eq!(correct[0].status, CheckStatus::Pass);
}

#[tokio::test]
async fn program_html_checks_only_the_first_key_in_vwa() {
    // VWA reddit tasks 158/159: must_include and must_exclude together; VWA ignores must_exclude.
    let contents = checks(json!({"must_exclude": ["spam"], "must_include": ["hello"]}));
    let value = json!("hello spam");
    let vwa = check_selected(&value, &contents, "t", &Judges::none(), EvalMode::Vwa)
        .await
        .unwrap();
    assert_eq!(vwa[0].kind, CheckKind::MustInclude);
    assert_eq!(vwa[0].status, CheckStatus::Pass);
    assert_eq!(vwa[1].kind, CheckKind::Skipped);
    assert!(vwa.iter().all(|check| check.status == CheckStatus::Pass));
    let correct = check_selected(&value, &contents, "t", &Judges::none(), EvalMode::Correct)
        .await
        .unwrap();
    assert_eq!(correct[0].kind, CheckKind::MustExclude);
    assert_eq!(correct[0].status, CheckStatus::Fail);
}

#[tokio::test]
async fn document_locator_results_render_as_python_in_vwa_and_json_in_correct() {
    let contents = checks(json!({"exact_match": "True"}));
    let vwa = check_selected(&json!(true), &contents, "t", &Judges::none(), EvalMode::Vwa)
        .await
        .unwrap();
    assert_eq!(vwa[0].status, CheckStatus::Pass);
    let correct = check_selected(
        &json!(true),
        &contents,
        "t",
        &Judges::none(),
        EvalMode::Correct,
    )
    .await
    .unwrap();
    assert_eq!(
        correct[0].status,
        CheckStatus::Pass,
        "exact_match lower-cases: `true` equals `True`"
    );
    let null_check = checks(json!({"must_include": ["none"]}));
    let vwa = check_selected(
        &Value::Null,
        &null_check,
        "t",
        &Judges::none(),
        EvalMode::Vwa,
    )
    .await
    .unwrap();
    assert_eq!(
        vwa[0].status,
        CheckStatus::Pass,
        "VWA renders null as `None`"
    );
    let correct = check_selected(
        &Value::Null,
        &null_check,
        "t",
        &Judges::none(),
        EvalMode::Correct,
    )
    .await
    .unwrap();
    assert_eq!(correct[0].status, CheckStatus::Fail);
    let list = checks(json!({"exact_match": "['a', 'b']"}));
    let vwa = check_selected(
        &json!(["a", "b"]),
        &list,
        "t",
        &Judges::none(),
        EvalMode::Vwa,
    )
    .await
    .unwrap();
    assert_eq!(vwa[0].status, CheckStatus::Pass);
    let correct = check_selected(
        &json!(["a", "b"]),
        &list,
        "t",
        &Judges::none(),
        EvalMode::Correct,
    )
    .await
    .unwrap();
    assert_eq!(correct[0].status, CheckStatus::Fail);
}

#[tokio::test]
async fn required_values_accept_decimals_only_in_correct() {
    for (value, vwa, correct) in [
        (json!("12.5"), CheckStatus::Fail, CheckStatus::Pass),
        (json!(12.5), CheckStatus::Pass, CheckStatus::Pass),
    ] {
        let contents = checks(json!({"required_values": [">= 12"]}));
        let report = check_selected(&value, &contents, "t", &Judges::none(), EvalMode::Vwa)
            .await
            .unwrap();
        assert_eq!(report[0].status, vwa, "{value}");
        let report = check_selected(&value, &contents, "t", &Judges::none(), EvalMode::Correct)
            .await
            .unwrap();
        assert_eq!(report[0].status, correct, "{value}");
    }
    let vwa = answer(
        json!({"required_values": ["> 3"]}),
        "3.5",
        &Judges::none(),
        EvalMode::Vwa,
    )
    .await;
    assert_eq!(vwa.outcome, Outcome::Score(0.0));
    let correct = answer(
        json!({"required_values": ["> 3"]}),
        "3.5",
        &Judges::none(),
        EvalMode::Correct,
    )
    .await;
    assert_eq!(correct.outcome, Outcome::Score(1.0));
}

#[tokio::test]
async fn string_match_single_token_rules_differ_by_mode() {
    let references = json!({"must_include": ["170"], "must_exclude": ["17"]});
    let vwa = answer(
        references.clone(),
        "Order #000000170",
        &Judges::none(),
        EvalMode::Vwa,
    )
    .await;
    assert_eq!(vwa.outcome, Outcome::Score(0.0));
    let correct = answer(
        references,
        "Order #000000170",
        &Judges::none(),
        EvalMode::Correct,
    )
    .await;
    assert_eq!(correct.outcome, Outcome::Score(1.0));
}

#[tokio::test]
async fn every_required_value_operator_through_the_evaluator() {
    for (spec, answer_text, vwa, correct) in [
        ("< 700", "700", 1.0, 0.0),
        ("> 10", "10", 1.0, 0.0),
        ("<= 5", "5", 1.0, 1.0),
        (">= 12", "1,2", 1.0, 1.0),
        ("== 3", "4", 0.0, 0.0),
    ] {
        let references = json!({"required_values": [spec]});
        assert_eq!(
            answer(
                references.clone(),
                answer_text,
                &Judges::none(),
                EvalMode::Vwa
            )
            .await
            .outcome,
            Outcome::Score(vwa),
            "{spec}"
        );
        assert_eq!(
            answer(references, answer_text, &Judges::none(), EvalMode::Correct)
                .await
                .outcome,
            Outcome::Score(correct),
            "{spec}"
        );
    }
}

#[test]
fn only_the_last_image_query_counts_in_vwa() {
    let outcomes = [Outcome::Score(0.0), Outcome::Score(1.0)];
    assert_eq!(
        combine_queries(&outcomes, EvalMode::Vwa),
        Outcome::Score(1.0)
    );
    assert_eq!(
        combine_queries(&outcomes, EvalMode::Correct),
        Outcome::Score(0.0)
    );
}

#[test]
fn visual_answers_are_substrings_in_vwa_and_whole_replies_in_correct() {
    assert!(reply_answers("Not really", "no", EvalMode::Vwa));
    assert!(!reply_answers("Not really", "no", EvalMode::Correct));
    assert!(reply_answers("Yes.", "yes", EvalMode::Correct));
    assert!(reply_answers("yes, it is", "yes", EvalMode::Vwa));
}

#[test]
fn lambda_prefix_is_a_character_set_strip_in_vwa() {
    let text = "lambda:document.title";
    assert_eq!(
        LocatorKind::parse(text, EvalMode::Vwa).unwrap(),
        LocatorKind::Lambda("ocument.title".into())
    );
    assert_eq!(
        LocatorKind::parse(text, EvalMode::Correct).unwrap(),
        LocatorKind::Lambda("document.title".into())
    );
    let vwa_style = "lambda:(() => 1)()";
    assert_eq!(
        LocatorKind::parse(vwa_style, EvalMode::Vwa),
        LocatorKind::parse(vwa_style, EvalMode::Correct)
    );
}

#[tokio::test]
async fn one_of_and_unknown_keys() {
    for mode in [EvalMode::Correct, EvalMode::Vwa] {
        let report = answer(
            json!({"one_of": ["yellow", "gold"]}),
            "It is Golden",
            &Judges::none(),
            mode,
        )
        .await;
        assert_eq!(report.outcome, Outcome::Score(1.0));
        let error = evaluate_answer(
            &checks(json!({"must_contain": ["x"]})),
            "x",
            CONTEXT,
            &Judges::none(),
            mode,
        )
        .await
        .unwrap_err();
        assert!(error.is_config(), "{error}");
    }
}
