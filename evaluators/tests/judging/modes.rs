//! Every divergence between `EvalMode::Correct` and `EvalMode::Vwa` that is not already
//! covered by a unit test, each run in both modes (see docs/evaluation-modes.md).

use crate::server::{Scripted, client, judge_server};
use evaluators::evaluation::{CheckKind, CheckStatus, Outcome};
use evaluators::image_query::{ImagePair, combine_queries, reply_answers};
use evaluators::js_value::JsValue;
use evaluators::judge::Judges;
use evaluators::program_html::{LocatorKind, Selection, check_selection};
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

/// The checks of one `program_html` target on what its locator selected.
async fn check(
    selection: Selection,
    contents: &Checks,
    judges: &Judges,
    mode: EvalMode,
) -> Vec<evaluators::CheckReport> {
    check_selection(&selection, contents, "t", judges, mode)
        .await
        .expect("evaluation")
        .expect("something selected")
}

/// A `document.` locator's value.
fn script(value: JsValue) -> Selection {
    Selection::Script(Some(value))
}

fn text(value: &str) -> JsValue {
    JsValue::String(value.to_owned())
}

async fn text_judges(script: Vec<Scripted>) -> Judges {
    let (url, _server) = judge_server(script).await;
    Judges {
        text: Some(client(&url, None)),
        ..Judges::none()
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
    // Each alternative is judged: "red" → incorrect, "crimson" → correct.
    let judges = text_judges(vec![
        Scripted::Reply("incorrect"),
        Scripted::Reply("correct"),
        Scripted::Reply("incorrect"),
        Scripted::Reply("correct"),
    ])
    .await;
    let vwa = check(script(text("crimson")), &contents, &judges, EvalMode::Vwa).await;
    let vwa_outcome = vwa.iter().fold(Outcome::Score(1.0), |outcome, report| {
        outcome.times(report.status.outcome())
    });
    assert_eq!(vwa_outcome, Outcome::Score(0.0));
    let correct = check(
        script(text("crimson")),
        &contents,
        &judges,
        EvalMode::Correct,
    )
    .await;
    assert_eq!(correct[0].status, CheckStatus::Pass);
}

#[tokio::test]
async fn program_html_checks_only_the_first_key_in_vwa() {
    // VWA reddit tasks 158/159: must_include and must_exclude together; VWA ignores must_exclude.
    let contents = checks(json!({"must_exclude": ["spam"], "must_include": ["hello"]}));
    let value = || script(text("hello spam"));
    let vwa = check(value(), &contents, &Judges::none(), EvalMode::Vwa).await;
    assert_eq!(vwa[0].kind, CheckKind::MustInclude);
    assert_eq!(vwa[0].status, CheckStatus::Pass);
    assert_eq!(vwa[1].kind, CheckKind::Skipped);
    assert!(vwa.iter().all(|check| check.status == CheckStatus::Pass));
    let correct = check(value(), &contents, &Judges::none(), EvalMode::Correct).await;
    assert_eq!(correct[0].kind, CheckKind::MustExclude);
    assert_eq!(correct[0].status, CheckStatus::Fail);
}

#[tokio::test]
async fn document_locator_results_render_as_python_in_vwa_and_json_in_correct() {
    // (value, reference, vwa, correct)
    let cases = [
        (
            JsValue::Bool(true),
            json!({"exact_match": "True"}),
            true,
            true,
        ),
        (
            JsValue::Null,
            json!({"must_include": ["none"]}),
            true,
            false,
        ),
        (
            JsValue::Undefined,
            json!({"exact_match": "None"}),
            true,
            false,
        ),
        (
            JsValue::Array(vec![text("a"), text("b")]),
            json!({"exact_match": "['a', 'b']"}),
            true,
            false,
        ),
        (
            JsValue::Number(f64::NAN),
            json!({"exact_match": "nan"}),
            true,
            true,
        ),
        (
            JsValue::Number(f64::NEG_INFINITY),
            json!({"exact_match": "-inf"}),
            true,
            false,
        ),
        (
            JsValue::Number(-0.0),
            json!({"exact_match": "-0.0"}),
            true,
            false,
        ),
        (
            JsValue::Number(4.5e-6),
            json!({"exact_match": "4.5e-06"}),
            true,
            false,
        ),
        (
            JsValue::Number(2f64.powi(60)),
            json!({"exact_match": "1152921504606847000"}),
            true,
            true,
        ),
        (
            JsValue::Number(1e22),
            json!({"required_values": [">= 1"]}),
            false,
            true,
        ),
        (
            JsValue::Number(-0.0),
            json!({"required_values": ["<= 0"]}),
            false,
            true,
        ),
    ];
    for (value, reference, vwa, correct) in cases {
        let contents = checks(reference.clone());
        let passes = |reports: Vec<evaluators::CheckReport>| {
            reports
                .iter()
                .all(|report| report.status == CheckStatus::Pass)
        };
        let vwa_reports = check(
            script(value.clone()),
            &contents,
            &Judges::none(),
            EvalMode::Vwa,
        )
        .await;
        assert_eq!(passes(vwa_reports), vwa, "vwa {value:?} {reference}");
        let correct_reports = check(
            script(value.clone()),
            &contents,
            &Judges::none(),
            EvalMode::Correct,
        )
        .await;
        assert_eq!(
            passes(correct_reports),
            correct,
            "correct {value:?} {reference}"
        );
    }
}

#[tokio::test]
async fn required_values_accept_decimals_only_in_correct() {
    let contents = checks(json!({"required_values": [">= 12"]}));
    for (selection, vwa, correct) in [
        (script(text("12.5")), CheckStatus::Fail, CheckStatus::Pass),
        // A document. number is str()-ed, then int() fails in VWA.
        (
            script(JsValue::Number(12.5)),
            CheckStatus::Fail,
            CheckStatus::Pass,
        ),
        // A helper's number is compared as a number.
        (
            Selection::Helper(JsValue::Number(12.5)),
            CheckStatus::Pass,
            CheckStatus::Pass,
        ),
    ] {
        let report = check(selection.clone(), &contents, &Judges::none(), EvalMode::Vwa).await;
        assert_eq!(report[0].status, vwa, "{selection:?}");
        let report = check(
            selection.clone(),
            &contents,
            &Judges::none(),
            EvalMode::Correct,
        )
        .await;
        assert_eq!(report[0].status, correct, "{selection:?}");
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
        (">= 12", "1,2", 1.0, 0.0),
        (">= 1000", "1,299", 1.0, 1.0),
        ("== -13", "−13", 0.0, 0.0),
        ("== 42", "४२", 1.0, 0.0),
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
    }
    // VWA's `match` ignores a key it does not know; correct mode refuses the config.
    let misspelt = checks(json!({"must_contain": ["x"]}));
    let vwa = evaluate_answer(&misspelt, "y", CONTEXT, &Judges::none(), EvalMode::Vwa)
        .await
        .unwrap();
    assert_eq!(vwa.outcome, Outcome::Score(1.0));
    assert_eq!(vwa.checks[0].kind, CheckKind::Skipped);
    let error = evaluate_answer(&misspelt, "y", CONTEXT, &Judges::none(), EvalMode::Correct)
        .await
        .unwrap_err();
    assert!(error.is_config(), "{error}");
}

#[tokio::test]
async fn an_exact_na_after_a_failed_check_goes_to_the_judge_in_vwa() {
    // VWA multiplies the N/A exact match into the running score and asks the judge whenever
    // that score is not 1, then assigns the judge's verdict.
    let references = json!({"one_of": ["jade"], "fuzzy_match": "N/A"});
    let vwa = answer(references.clone(), "N/A", &Judges::none(), EvalMode::Vwa).await;
    assert_eq!(vwa.outcome, Outcome::NeedsJudge);
    let correct = answer(references, "N/A", &Judges::none(), EvalMode::Correct).await;
    assert_eq!(correct.outcome, Outcome::Score(0.0));
}

#[tokio::test]
async fn required_values_hand_the_parsed_int_to_later_checks_in_vwa() {
    // VWA replaces the answer with int(answer) for every later key.
    let references = json!({"required_values": ["== 42"], "exact_match": "42"});
    let vwa = answer(references.clone(), "0042", &Judges::none(), EvalMode::Vwa).await;
    assert_eq!(vwa.outcome, Outcome::Score(1.0));
    let correct = answer(references, "0042", &Judges::none(), EvalMode::Correct).await;
    assert_eq!(correct.outcome, Outcome::Score(0.0));
    // A later check that needs text raises in VWA: the task gets no score.
    let raising = checks(json!({"required_values": [">= 1"], "must_exclude": ["9"]}));
    let error = evaluate_answer(&raising, "42", CONTEXT, &Judges::none(), EvalMode::Vwa)
        .await
        .unwrap_err();
    assert!(error.is_vwa_raises(), "{error}");
    let correct = evaluate_answer(&raising, "42", CONTEXT, &Judges::none(), EvalMode::Correct)
        .await
        .unwrap();
    assert_eq!(correct.outcome, Outcome::Score(1.0));
}

#[tokio::test]
async fn numbers_match_whole_number_tokens_in_correct() {
    // (references, answer, vwa, correct)
    for (references, answer_text, vwa, correct) in [
        (json!({"must_include": ["3"]}), "rated 3.5 stars", 0.0, 0.0),
        (json!({"must_include": ["5"]}), "-5 degrees", 0.0, 0.0),
        (json!({"must_include": ["5000"]}), "5,000 reviews", 0.0, 1.0),
        (
            json!({"must_include": ["1,299"]}),
            "it costs 1299",
            0.0,
            1.0,
        ),
        (
            json!({"must_include": ["42"]}),
            "the total is 42. shipping is free",
            0.0,
            1.0,
        ),
        (json!({"must_exclude": ["5"]}), "5,000 reviews", 1.0, 1.0),
        (json!({"must_exclude": ["5"]}), "scored 5. great", 1.0, 0.0),
        (json!({"must_exclude": ["3"]}), "rated 3.5 stars", 1.0, 1.0),
    ] {
        let vwa_report = answer(
            references.clone(),
            answer_text,
            &Judges::none(),
            EvalMode::Vwa,
        )
        .await;
        assert_eq!(
            vwa_report.outcome,
            Outcome::Score(vwa),
            "vwa {references} {answer_text}"
        );
        let correct_report = answer(
            references.clone(),
            answer_text,
            &Judges::none(),
            EvalMode::Correct,
        )
        .await;
        assert_eq!(
            correct_report.outcome,
            Outcome::Score(correct),
            "correct {references} {answer_text}"
        );
    }
}

#[tokio::test]
async fn string_match_fuzzy_text_raises_in_vwa_and_is_judged_in_correct() {
    let references = checks(json!({"fuzzy_match": "blue heron"}));
    let error = evaluate_answer(
        &references,
        "a heron",
        CONTEXT,
        &Judges::none(),
        EvalMode::Vwa,
    )
    .await
    .unwrap_err();
    assert!(error.is_vwa_raises(), "{error}");
    let correct = answer(
        json!({"fuzzy_match": "blue heron"}),
        "a heron",
        &Judges::none(),
        EvalMode::Correct,
    )
    .await;
    assert_eq!(correct.outcome, Outcome::NeedsJudge);
}

fn image(path: &str) -> image::DynamicImage {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    image::open(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn pair(page_image: &str, reference: &str, mode: EvalMode) -> ImagePair {
    ImagePair::compare(&image(page_image), &image(reference), mode, String::new())
        .expect("comparable images")
}

/// Photos of the seeded classifieds site (`agora seed`, full scale, as drawn before cars got
/// a drawing per model): the red car of listing 6097 and the blue car of listing 8245, one
/// drawing and backdrop in two colours.
const BLUE_CAR: &str = "tests/fixtures/images/listing_8245.png";
const RED_CAR: &str = "tests/fixtures/images/listing_6097.png";

#[test]
fn image_match_is_greyscale_in_vwa_and_needs_the_colours_too_in_correct() {
    // Task 21's threshold.
    let threshold = 0.95;
    for mode in [EvalMode::Vwa, EvalMode::Correct] {
        let same = pair(BLUE_CAR, BLUE_CAR, mode);
        assert!(same.passes(threshold, mode), "{mode:?}: {same:?}");
    }
    let vwa = pair(RED_CAR, BLUE_CAR, EvalMode::Vwa);
    assert!(
        vwa.passes(threshold, EvalMode::Vwa),
        "VWA's greyscale SSIM takes the red car for the blue one: {vwa:?}"
    );
    let correct = pair(RED_CAR, BLUE_CAR, EvalMode::Correct);
    assert_eq!(correct.ssim, vwa.ssim, "the structure is compared alike");
    for threshold in [0.5, 0.8, 0.95] {
        assert!(
            !correct.passes(threshold, EvalMode::Correct),
            "a red car never matches a blue one: {correct:?}"
        );
    }
}
