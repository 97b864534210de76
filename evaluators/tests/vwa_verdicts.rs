//! `vwa` mode gives VisualWebArena's own verdict on every vector of the fixture suite
//! (tests/fixtures/vwa_verdicts/: VWA's harness at a pinned commit, nltk 3.8.1, Python 3.11;
//! its README gives the format). A verdict is a score, `needs_judge` (VWA's score depends on
//! its LLM judge; no judge is configured here) or `error` (VWA raises, so `run.py` gives the
//! task no score: Agora must refuse to score it too).

use evaluators::js_value::JsValue;
use evaluators::judge::Judges;
use evaluators::program_html::evaluate_html;
use evaluators::string_match::{AnswerContext, evaluate_answer};
use evaluators::task::{Checks, EvalSpec, HtmlTarget};
use evaluators::url_match::evaluate_url;
use evaluators::{EvalError, EvalMode, NoSiteQueries, Outcome, Page, PageError};
use serde_json::{Value, json};

/// What an evaluation concluded, in the vectors' vocabulary.
#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    Score(f64),
    NeedsJudge,
    /// No score: VWA raises (Agora: an evaluation error or a task config it refuses).
    Error(String),
}

impl Verdict {
    fn expected(vector: &Value) -> Verdict {
        match &vector["vwa_verdict"] {
            Value::Number(score) => Verdict::Score(score.as_f64().expect("score")),
            Value::String(word) if word == "needs_judge" => Verdict::NeedsJudge,
            Value::String(word) if word == "error" => {
                Verdict::Error(vector["vwa_error"].as_str().unwrap_or_default().to_owned())
            }
            other => panic!("unknown verdict {other}"),
        }
    }

    fn of(result: Result<Outcome, String>) -> Verdict {
        match result {
            Ok(Outcome::Score(score)) => Verdict::Score(score),
            Ok(Outcome::NeedsJudge) => Verdict::NeedsJudge,
            Ok(Outcome::JudgeFailed) => Verdict::Error("judge failed".into()),
            Err(message) => Verdict::Error(message),
        }
    }

    fn agrees_with(&self, expected: &Verdict) -> bool {
        match (self, expected) {
            (Verdict::Error(_), Verdict::Error(_)) => true,
            (ours, theirs) => ours == theirs,
        }
    }
}

/// The page of a vector: its URL and what its locator's expression evaluates to.
struct VectorPage {
    url: String,
    value: Result<JsValue, PageError>,
}

impl Page for VectorPage {
    async fn url(&mut self) -> Result<String, PageError> {
        Ok(self.url.clone())
    }

    async fn goto(&mut self, url: &str) -> Result<(), PageError> {
        self.url = url.to_owned();
        Ok(())
    }

    async fn content(&mut self) -> Result<String, PageError> {
        Err(PageError::Browser("no HTML in a vector".into()))
    }

    async fn evaluate(&mut self, _expression: &str) -> Result<JsValue, PageError> {
        self.value.clone()
    }

    async fn call(&mut self, _body: &str, _args: Vec<Value>) -> Result<Value, PageError> {
        Err(PageError::Browser("no helpers in a vector".into()))
    }

    async fn fetch_bytes(&mut self, _url: &str) -> Result<Vec<u8>, PageError> {
        Err(PageError::Browser("no images in a vector".into()))
    }
}

fn error_text(error: EvalError) -> String {
    error.to_string()
}

async fn run(vector: &Value) -> Verdict {
    let kind = vector["kind"].as_str().expect("kind");
    let extra = &vector["extra"];
    let reference = vector["reference"].clone();
    Verdict::of(match kind {
        "url_match" => {
            let mut eval = json!({"eval_types": ["url_match"], "reference_url": reference});
            if let Some(note) = extra.get("url_note") {
                eval["url_note"] = note.clone();
            }
            match serde_json::from_value::<EvalSpec>(eval) {
                Err(error) => Err(format!("task config refused: {error}")),
                Ok(spec) => {
                    let mut page = VectorPage {
                        url: vector["page_url"].as_str().expect("page_url").to_owned(),
                        value: Ok(JsValue::Undefined),
                    };
                    evaluate_url(&spec, &mut page, EvalMode::Vwa)
                        .await
                        .map(|report| report.outcome)
                        .map_err(error_text)
                }
            }
        }
        "program_html" => {
            let target =
                json!({"url": "last", "locator": extra["locator"], "required_contents": reference});
            match serde_json::from_value::<HtmlTarget>(target) {
                Err(error) => Err(format!("task config refused: {error}")),
                Ok(target) => {
                    let value = if extra["js_raises"] == json!(true) {
                        Err(PageError::Script {
                            message: "TypeError".into(),
                        })
                    } else {
                        Ok(python_literal::js_value_of(
                            extra["py_value"].as_str().expect("py_value"),
                        ))
                    };
                    let mut page = VectorPage {
                        url: "http://127.0.0.1:9980/".into(),
                        value,
                    };
                    evaluate_html(
                        &[target],
                        &mut page,
                        &NoSiteQueries,
                        &Judges::none(),
                        EvalMode::Vwa,
                    )
                    .await
                    .map(|report| report.outcome)
                    .map_err(error_text)
                }
            }
        }
        _ => {
            let references = if kind == "string_match" {
                reference
            } else {
                json!({ kind: reference })
            };
            match serde_json::from_value::<Checks>(references) {
                Err(error) => Err(format!("task config refused: {error}")),
                Ok(checks) => {
                    let context = AnswerContext {
                        intent: extra["intent"].as_str().unwrap_or_default(),
                        string_note: extra["string_note"].as_str().unwrap_or_default(),
                    };
                    let prediction = vector["prediction"].as_str().expect("prediction");
                    evaluate_answer(&checks, prediction, context, &Judges::none(), EvalMode::Vwa)
                        .await
                        .map(|report| report.outcome)
                        .map_err(error_text)
                }
            }
        }
    })
}

/// VWA's verdicts (`vectors.jsonl`) and Agora's own vectors (`agora_vectors.jsonl`).
fn vectors() -> Vec<Value> {
    ["vectors.jsonl", "agora_vectors.jsonl"]
        .iter()
        .flat_map(|name| {
            let path = format!(
                "{}/tests/fixtures/vwa_verdicts/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            let text =
                std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
            text.lines()
                .map(|line| serde_json::from_str(line).expect("vector is JSON"))
                .collect::<Vec<Value>>()
        })
        .collect()
}

#[tokio::test]
async fn vwa_mode_agrees_with_vwa_on_every_vector() {
    let vectors = vectors();
    assert!(vectors.len() >= 454 + 31, "{} vectors", vectors.len());
    let mut disagreements = Vec::new();
    for vector in &vectors {
        let expected = Verdict::expected(vector);
        let ours = run(vector).await;
        if !ours.agrees_with(&expected) {
            disagreements.push(format!(
                "{} ({}): ours {ours:?}, VWA {expected:?}",
                vector["id"].as_str().unwrap_or_default(),
                vector["note"].as_str().unwrap_or_default()
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} vectors disagree:\n{}",
        disagreements.len(),
        vectors.len(),
        disagreements.join("\n")
    );
}

#[tokio::test]
async fn where_vwa_raises_the_error_says_vwa_would_not_score() {
    let checks: Checks =
        serde_json::from_value(json!({"required_values": [">= -1"], "one_of": ["4"]})).unwrap();
    let context = AnswerContext {
        intent: "",
        string_note: "",
    };
    let error = evaluate_answer(&checks, "42", context, &Judges::none(), EvalMode::Vwa)
        .await
        .unwrap_err();
    assert!(error.is_vwa_raises(), "{error}");
    assert!(
        error
            .to_string()
            .contains("so VWA would not have scored this task"),
        "{error}"
    );
    let scored = evaluate_answer(&checks, "42", context, &Judges::none(), EvalMode::Correct)
        .await
        .unwrap();
    assert_eq!(scored.outcome, Outcome::Score(1.0));
}

/// Python literals as the vectors write `py_value` (ints, floats with `nan`/`inf`, strings,
/// `True`/`False`/`None`, lists, dicts), turned into the JavaScript value Playwright
/// converted: ints and floats become numbers, `None` becomes `null`.
mod python_literal {
    use evaluators::js_value::JsValue;

    pub fn js_value_of(text: &str) -> JsValue {
        let chars: Vec<char> = text.chars().collect();
        let mut position = 0;
        let value = parse(&chars, &mut position);
        skip_spaces(&chars, &mut position);
        assert_eq!(position, chars.len(), "trailing text in {text:?}");
        value
    }

    fn skip_spaces(chars: &[char], position: &mut usize) {
        while chars.get(*position).is_some_and(|c| c.is_whitespace()) {
            *position += 1;
        }
    }

    fn parse(chars: &[char], position: &mut usize) -> JsValue {
        skip_spaces(chars, position);
        match chars[*position] {
            '\'' | '"' => JsValue::String(string(chars, position)),
            '[' => {
                *position += 1;
                let mut items = Vec::new();
                loop {
                    skip_spaces(chars, position);
                    if chars[*position] == ']' {
                        *position += 1;
                        return JsValue::Array(items);
                    }
                    items.push(parse(chars, position));
                    skip_spaces(chars, position);
                    if chars[*position] == ',' {
                        *position += 1;
                    }
                }
            }
            '{' => {
                *position += 1;
                let mut entries = Vec::new();
                loop {
                    skip_spaces(chars, position);
                    if chars[*position] == '}' {
                        *position += 1;
                        return JsValue::Object(entries);
                    }
                    let key = string(chars, position);
                    skip_spaces(chars, position);
                    assert_eq!(chars[*position], ':');
                    *position += 1;
                    entries.push((key, parse(chars, position)));
                    skip_spaces(chars, position);
                    if chars[*position] == ',' {
                        *position += 1;
                    }
                }
            }
            _ => {
                let start = *position;
                while chars
                    .get(*position)
                    .is_some_and(|c| !matches!(c, ',' | ']' | '}') && !c.is_whitespace())
                {
                    *position += 1;
                }
                let word: String = chars[start..*position].iter().collect();
                match word.as_str() {
                    "None" => JsValue::Null,
                    "True" => JsValue::Bool(true),
                    "False" => JsValue::Bool(false),
                    "nan" => JsValue::Number(f64::NAN),
                    "inf" => JsValue::Number(f64::INFINITY),
                    "-inf" => JsValue::Number(f64::NEG_INFINITY),
                    number => JsValue::Number(number.parse().expect("number literal")),
                }
            }
        }
    }

    fn string(chars: &[char], position: &mut usize) -> String {
        let quote = chars[*position];
        *position += 1;
        let mut out = String::new();
        loop {
            let c = chars[*position];
            *position += 1;
            if c == quote {
                return out;
            }
            if c != '\\' {
                out.push(c);
                continue;
            }
            let escaped = chars[*position];
            *position += 1;
            match escaped {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'x' | 'u' | 'U' => {
                    let width = match escaped {
                        'x' => 2,
                        'u' => 4,
                        _ => 8,
                    };
                    let hex: String = chars[*position..*position + width].iter().collect();
                    *position += width;
                    let code = u32::from_str_radix(&hex, 16).expect("hex escape");
                    out.push(char::from_u32(code).expect("code point"));
                }
                other => out.push(other),
            }
        }
    }
}
