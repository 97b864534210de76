//! Visual questions end to end through `page_image_query`: a picture Agora drew is answered
//! by the ground-truth judge, a foreign image by the vision judge (a test double speaking the
//! chat-completions wire format), and each check records which judge answered.

use crate::server::{Scripted, client, judge_server};
use evaluators::evaluation::{CheckKind, CheckStatus, Outcome};
use evaluators::image_query::evaluate_images;
use evaluators::js_value::JsValue;
use evaluators::judge::Judges;
use evaluators::judge::truth::facts::{Attribute, Fact, PictureFacts, Term, Vocabulary};
use evaluators::page::{Page, PageError};
use evaluators::task::ImageQuery;
use evaluators::{EvalMode, EvaluatorReport, QueryFuture, SiteQueries};
use serde_json::{Value, json};
use std::sync::Arc;

const DRAWN: &str = "http://shop.test/media/1.png";
const FOREIGN: &str = "http://elsewhere.test/photo.png";

/// A page showing the given images (each a small grey PNG).
struct ImagesPage {
    sources: Vec<&'static str>,
}

impl Page for ImagesPage {
    async fn url(&mut self) -> Result<String, PageError> {
        Ok("http://shop.test/item.html".into())
    }

    async fn goto(&mut self, _url: &str) -> Result<(), PageError> {
        Ok(())
    }

    async fn content(&mut self) -> Result<String, PageError> {
        Ok(String::new())
    }

    async fn evaluate(&mut self, _expression: &str) -> Result<JsValue, PageError> {
        Ok(JsValue::Undefined)
    }

    async fn call(&mut self, _body: &str, _args: Vec<Value>) -> Result<Value, PageError> {
        Ok(json!(self.sources))
    }

    async fn fetch_bytes(&mut self, _url: &str) -> Result<Vec<u8>, PageError> {
        let image = image::RgbImage::from_pixel(16, 16, image::Rgb([128, 128, 128]));
        let mut png = Vec::new();
        image
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("encode");
        Ok(png)
    }
}

/// A site that drew one picture: a red car.
struct Drew;

impl SiteQueries for Drew {
    fn picture_facts(&self, url: &str) -> QueryFuture<'_, Option<PictureFacts>> {
        let facts = (url == DRAWN).then(red_car);
        Box::pin(async move { Ok(facts) })
    }

    /// The spec `"red car"` is one it can tell the facts of.
    fn facts_of_spec(&self, spec: &Value) -> QueryFuture<'_, Option<PictureFacts>> {
        let facts = (spec == &json!("red car")).then(red_car);
        Box::pin(async move { Ok(facts) })
    }
}

fn red_car() -> PictureFacts {
    let mut vocabulary = Vocabulary::new();
    vocabulary.add(Attribute::Kind, Term::new("car", ["cars"]));
    vocabulary.add(Attribute::Kind, Term::new("sofa", ["sofas"]));
    for colour in ["red", "blue"] {
        vocabulary.add(Attribute::Colour, Term::new(colour, Vec::<String>::new()));
    }
    PictureFacts {
        summary: "a red car".into(),
        facts: vec![
            Fact::new(Attribute::Kind, ["car"]),
            Fact::new(Attribute::Colour, ["red"]),
            Fact::new(Attribute::Count, ["1"]),
        ],
        vocabulary: Arc::new(vocabulary),
    }
}

fn query(questions: &[(&str, &str)]) -> Vec<ImageQuery> {
    let vqa: Vec<Value> = questions
        .iter()
        .map(|(question, answer)| json!({"question": question, "answer": answer}))
        .collect();
    serde_json::from_value(
        json!([{"eval_image_url": "last", "eval_image_class": "", "eval_vqa": vqa}]),
    )
    .expect("query JSON")
}

async fn evaluate(
    sources: Vec<&'static str>,
    questions: &[(&str, &str)],
    judges: &Judges,
    mode: EvalMode,
) -> EvaluatorReport {
    let mut page = ImagesPage { sources };
    evaluate_images(
        &query(questions),
        std::path::Path::new("."),
        &[],
        &mut page,
        &Drew,
        judges,
        mode,
    )
    .await
    .expect("evaluation")
}

fn questions(report: &EvaluatorReport) -> Vec<&evaluators::CheckReport> {
    report
        .checks
        .iter()
        .filter(|check| check.kind == CheckKind::VisualQuestion)
        .collect()
}

#[tokio::test]
async fn a_drawn_picture_is_answered_by_the_ground_truth_with_no_model() {
    let report = evaluate(
        vec![DRAWN],
        &[
            ("Is this a car? (yes/no)", "yes"),
            ("Is the car blue?", "yes"),
        ],
        &Judges::none(),
        EvalMode::Correct,
    )
    .await;
    let checks = questions(&report);
    assert_eq!(checks[0].status, CheckStatus::Pass);
    assert_eq!(checks[0].judge.as_deref(), Some("ground_truth"));
    assert_eq!(checks[1].status, CheckStatus::Fail, "the car is red");
    assert_eq!(checks[1].judge.as_deref(), Some("ground_truth"));
    assert_eq!(report.outcome, Outcome::Score(0.0));
    // The provenance is in the JSON result.
    let json = serde_json::to_value(checks[0]).expect("report JSON");
    assert_eq!(json["judge"], "ground_truth");
}

#[tokio::test]
async fn a_foreign_image_goes_to_the_vision_judge() {
    let (url, server) = judge_server(vec![Scripted::Reply("yes")]).await;
    let judges = Judges {
        vision: Some(client(&url, None)),
        ..Judges::none()
    };
    let report = evaluate(
        vec![FOREIGN],
        &[("Is this a car?", "yes")],
        &judges,
        EvalMode::Correct,
    )
    .await;
    let checks = questions(&report);
    assert_eq!(checks[0].status, CheckStatus::Pass);
    assert_eq!(checks[0].judge.as_deref(), Some("vision"));
    assert_eq!(server.count(), 1);
    let request = server.requests.lock().expect("requests")[0].to_string();
    assert!(request.contains("Is this a car?") && request.contains("data:image/png;base64,"));
}

#[tokio::test]
async fn with_no_vision_judge_a_foreign_image_needs_one_and_the_check_names_the_question() {
    let report = evaluate(
        vec![FOREIGN],
        &[("Is this a car?", "yes")],
        &Judges::none(),
        EvalMode::Correct,
    )
    .await;
    let checks = questions(&report);
    assert_eq!(checks[0].status, CheckStatus::NeedsJudge);
    assert!(
        checks[0]
            .actual
            .contains("no vision judge is configured to answer \"Is this a car?\""),
        "{}",
        checks[0].actual
    );
    assert!(checks[0].actual.contains(FOREIGN));
    assert_eq!(report.outcome, Outcome::NeedsJudge);
}

#[tokio::test]
async fn a_question_outside_the_grammar_goes_to_the_vision_judge() {
    let (url, server) = judge_server(vec![Scripted::Reply("no")]).await;
    let judges = Judges {
        vision: Some(client(&url, None)),
        ..Judges::none()
    };
    let report = evaluate(
        vec![DRAWN],
        &[("Why is the car red?", "yes")],
        &judges,
        EvalMode::Correct,
    )
    .await;
    let checks = questions(&report);
    assert_eq!(checks[0].status, CheckStatus::Fail);
    assert_eq!(checks[0].judge.as_deref(), Some("vision"));
    assert_eq!(server.count(), 1);
    // Without a vision judge the reason is given.
    let report = evaluate(
        vec![DRAWN],
        &[("Why is the car red?", "yes")],
        &Judges::none(),
        EvalMode::Correct,
    )
    .await;
    let check = questions(&report)[0];
    assert_eq!(check.status, CheckStatus::NeedsJudge);
    assert!(
        check.actual.contains("outside the ground-truth grammar"),
        "{}",
        check.actual
    );
}

#[tokio::test]
async fn vwa_mode_asks_the_vision_judge_unless_told_to_use_the_ground_truth() {
    // VWA's semantics: the model's reply, matched as a substring ("yes, it is" has "yes").
    let (url, server) = judge_server(vec![Scripted::Reply("Yes, it is.")]).await;
    let mut judges = Judges {
        vision: Some(client(&url, None)),
        ..Judges::none()
    };
    let report = evaluate(
        vec![DRAWN],
        &[("Is this a car?", "yes")],
        &judges,
        EvalMode::Vwa,
    )
    .await;
    assert_eq!(questions(&report)[0].judge.as_deref(), Some("vision"));
    assert_eq!(questions(&report)[0].status, CheckStatus::Pass);
    assert_eq!(server.count(), 1);
    judges.truth_in_vwa = true;
    let report = evaluate(
        vec![DRAWN],
        &[("Is this a car?", "yes"), ("Is it blue?", "no")],
        &judges,
        EvalMode::Vwa,
    )
    .await;
    for check in questions(&report) {
        assert_eq!(check.judge.as_deref(), Some("ground_truth"));
        assert_eq!(check.status, CheckStatus::Pass);
    }
    assert_eq!(server.count(), 1, "the model is not asked again");
}

#[tokio::test]
async fn any_image_that_answers_passes_the_question() {
    // The drawn picture says no (it is not a sofa); the foreign one is asked and says yes.
    let (url, _server) = judge_server(vec![Scripted::Reply("yes")]).await;
    let judges = Judges {
        vision: Some(client(&url, None)),
        ..Judges::none()
    };
    let report = evaluate(
        vec![DRAWN, FOREIGN],
        &[("Is this a sofa?", "yes")],
        &judges,
        EvalMode::Correct,
    )
    .await;
    let check = questions(&report)[0];
    assert_eq!(check.status, CheckStatus::Pass);
    assert_eq!(check.judge.as_deref(), Some("vision"));
    assert!(
        check.actual.contains("no (ground truth)"),
        "{}",
        check.actual
    );
}

/// A task folder holding `input.png`, a `side` × `side` PNG of one grey `level`.
fn task_folder(level: u8, side: u32) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    image::RgbImage::from_pixel(side, side, image::Rgb([level, level, level]))
        .save(dir.path().join("input.png"))
        .expect("write the input");
    dir
}

#[tokio::test]
async fn a_resized_copy_of_a_drawn_input_image_is_answered_from_its_spec() {
    let inputs: Vec<evaluators::task::InputPicture> =
        serde_json::from_value(json!([{"image": "input.png", "picture": "red car"}]))
            .expect("inputs");
    // The page shows a 16 × 16 copy of the 64 × 64 input, at an address no site drew.
    for (level, expected) in [(128, CheckStatus::Pass), (20, CheckStatus::NeedsJudge)] {
        let dir = task_folder(level, 64);
        let mut page = ImagesPage {
            sources: vec![FOREIGN],
        };
        let report = evaluate_images(
            &query(&[("Is this a car? (yes/no)", "yes")]),
            dir.path(),
            &inputs,
            &mut page,
            &Drew,
            &Judges::none(),
            EvalMode::Correct,
        )
        .await
        .expect("evaluation");
        let checks = questions(&report);
        assert_eq!(checks[0].status, expected, "{}", checks[0].actual);
        if expected == CheckStatus::Pass {
            assert_eq!(checks[0].judge.as_deref(), Some("ground_truth"));
            assert!(
                checks[0]
                    .actual
                    .contains("a copy of the task's input image input.png"),
                "{}",
                checks[0].actual
            );
        } else {
            assert!(
                checks[0].actual.contains("not a picture Agora drew")
                    || checks[0].actual.contains("no site drew it"),
                "{}",
                checks[0].actual
            );
        }
    }
}
