//! JavaScript values read from the page, kept exactly: `NaN`, `±Infinity`, `-0`, large
//! integral numbers, `undefined` and the key order of objects all survive, which JSON
//! (and so WebDriver's own result conversion) loses.
//!
//! A [`Page`](crate::Page) evaluates a locator's expression through [`encoding_script`],
//! whose result [`JsValue::decode`] reads back. [`JsValue::to_python`] then converts the
//! value as Playwright hands it to VWA's Python code.

use crate::error::abbreviate;
use crate::python::{PyInt, PyValue, fixed_notation, scientific_notation, shortest_digits};
use serde_json::Value;

/// The in-page encoder: a function expression taking the value to encode.
const ENCODER_JS: &str = include_str!("js/encode_value.js");

/// The script (a WebDriver function body) that evaluates `expression` in the page and
/// returns its value in the encoding [`JsValue::decode`] reads. The expression is a task's
/// locator: it runs in the page, whose browser is the sandbox.
pub fn encoding_script(expression: &str) -> String {
    format!("return ({})(({expression}));", ENCODER_JS.trim_end())
}

/// A JavaScript value.
#[derive(Debug, Clone, PartialEq)]
pub enum JsValue {
    /// `undefined` (also functions, symbols and other values with no data form).
    Undefined,
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number, `NaN`, `±Infinity` and `-0` included.
    Number(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<JsValue>),
    /// An object's own enumerable properties, in JavaScript's key order.
    Object(Vec<(String, JsValue)>),
}

/// An encoded value that does not have the encoder's shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the page returned a value the evaluator cannot read: {0}")]
pub struct DecodeError(String);

impl JsValue {
    /// Reads the encoder's output: strings, booleans and `null` as themselves, `{"u":1}` for
    /// `undefined`, `{"n":"<String(x)>"}` for numbers, `{"a":[…]}` for arrays and
    /// `{"o":[[key, value], …]}` for objects.
    pub fn decode(encoded: &Value) -> Result<JsValue, DecodeError> {
        let bad = || DecodeError(abbreviate(&encoded.to_string(), 200));
        Ok(match encoded {
            Value::Null => JsValue::Null,
            Value::Bool(flag) => JsValue::Bool(*flag),
            Value::String(text) => JsValue::String(text.clone()),
            Value::Object(map) => match map.iter().next() {
                Some((tag, _)) if map.len() == 1 && tag == "u" => JsValue::Undefined,
                Some((tag, Value::String(number))) if map.len() == 1 && tag == "n" => {
                    JsValue::Number(parse_js_number(number).ok_or_else(bad)?)
                }
                Some((tag, Value::Array(items))) if map.len() == 1 && tag == "a" => JsValue::Array(
                    items
                        .iter()
                        .map(JsValue::decode)
                        .collect::<Result<_, _>>()?,
                ),
                Some((tag, Value::Array(entries))) if map.len() == 1 && tag == "o" => {
                    JsValue::Object(
                        entries
                            .iter()
                            .map(|entry| match entry {
                                Value::Array(pair) => match pair.as_slice() {
                                    [Value::String(key), value] => {
                                        Ok((key.clone(), JsValue::decode(value)?))
                                    }
                                    _ => Err(bad()),
                                },
                                _ => Err(bad()),
                            })
                            .collect::<Result<_, _>>()?,
                    )
                }
                _ => return Err(bad()),
            },
            Value::Number(_) | Value::Array(_) => return Err(bad()),
        })
    }

    /// A value from plain JSON (helper results): numbers as floats, objects in JSON order.
    pub fn from_json(value: &Value) -> JsValue {
        match value {
            Value::Null => JsValue::Null,
            Value::Bool(flag) => JsValue::Bool(*flag),
            Value::Number(number) => JsValue::Number(number.as_f64().unwrap_or(f64::NAN)),
            Value::String(text) => JsValue::String(text.clone()),
            Value::Array(items) => JsValue::Array(items.iter().map(JsValue::from_json).collect()),
            Value::Object(map) => JsValue::Object(
                map.iter()
                    .map(|(key, value)| (key.clone(), JsValue::from_json(value)))
                    .collect(),
            ),
        }
    }

    /// JavaScript truthiness: `0`, `-0`, `NaN`, `""`, `null`, `undefined`, `false` are falsy.
    pub fn is_truthy(&self) -> bool {
        match self {
            JsValue::Undefined | JsValue::Null => false,
            JsValue::Bool(flag) => *flag,
            JsValue::Number(number) => *number != 0.0 && !number.is_nan(),
            JsValue::String(text) => !text.is_empty(),
            JsValue::Array(_) | JsValue::Object(_) => true,
        }
    }

    /// The value as a number, if it is one.
    pub fn as_number(&self) -> Option<f64> {
        match self {
            JsValue::Number(number) => Some(*number),
            _ => None,
        }
    }

    /// The value as text: strings as they are, numbers as JavaScript writes them (`String(x)`),
    /// anything else as JSON (`undefined` as `undefined`).
    pub fn to_text(&self) -> String {
        match self {
            JsValue::String(text) => text.clone(),
            other => other.to_json_text(),
        }
    }

    fn to_json_text(&self) -> String {
        match self {
            JsValue::Undefined => "undefined".to_owned(),
            JsValue::Null => "null".to_owned(),
            JsValue::Bool(flag) => flag.to_string(),
            JsValue::Number(number) => js_number_string(*number),
            JsValue::String(text) => Value::from(text.as_str()).to_string(),
            JsValue::Array(items) => {
                let items: Vec<String> = items.iter().map(JsValue::to_json_text).collect();
                format!("[{}]", items.join(","))
            }
            JsValue::Object(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(key, value)| {
                        format!("{}:{}", Value::from(key.as_str()), value.to_json_text())
                    })
                    .collect();
                format!("{{{}}}", entries.join(","))
            }
        }
    }

    /// The Python value Playwright hands VWA: `null` and `undefined` → `None`; an integral
    /// number that JavaScript writes without `.` or exponent (below 1e21) → `int` of that
    /// text (so `2 ** 60` arrives as `1152921504606847000`); other numbers, `-0`, `NaN` and
    /// infinities → `float`; arrays → `list`; objects → `dict`.
    pub fn to_python(&self) -> PyValue {
        match self {
            JsValue::Undefined | JsValue::Null => PyValue::None,
            JsValue::Bool(flag) => PyValue::Bool(*flag),
            JsValue::Number(number) => {
                let text = js_number_string(*number);
                let special = !number.is_finite() || (*number == 0.0 && number.is_sign_negative());
                match PyInt::parse(&text) {
                    Ok(int) if !special => PyValue::Int(int),
                    _ => PyValue::Float(*number),
                }
            }
            JsValue::String(text) => PyValue::Str(text.clone()),
            JsValue::Array(items) => PyValue::List(items.iter().map(JsValue::to_python).collect()),
            JsValue::Object(entries) => PyValue::Dict(
                entries
                    .iter()
                    .map(|(key, value)| (key.clone(), value.to_python()))
                    .collect(),
            ),
        }
    }
}

/// Reads a number as the encoder writes it (`String(x)`, or `-0`).
fn parse_js_number(text: &str) -> Option<f64> {
    match text {
        "NaN" => Some(f64::NAN),
        "Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        other => other.parse().ok(),
    }
}

/// JavaScript's `Number::toString` (`String(x)`): shortest round-trip digits, plain
/// notation for decimal exponents from -7 to 20, `1e+21` style outside; `-0` is `0`.
pub fn js_number_string(number: f64) -> String {
    if number.is_nan() {
        return "NaN".to_owned();
    }
    if number.is_infinite() {
        return if number > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_owned();
    }
    if number == 0.0 {
        return "0".to_owned();
    }
    let sign = if number < 0.0 { "-" } else { "" };
    let (digits, point) = shortest_digits(number);
    let body = if (-5..=21).contains(&point) {
        fixed_notation(&digits, point)
    } else {
        scientific_notation(&digits, point, 1)
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        for (number, text) in [
            (46.0, "46"),
            (0.7, "0.7"),
            (4.5e-6, "0.0000045"),
            (1e-7, "1e-7"),
            (1e21, "1e+21"),
            (1e22, "1e+22"),
            (123456789012345680000.0, "123456789012345680000"),
            (2f64.powi(60), "1152921504606847000"),
            (-340.5, "-340.5"),
            (-0.0, "0"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(js_number_string(number), text, "{number:e}");
        }
    }

    #[test]
    fn python_receives_what_playwright_hands_it() {
        let python = |value: JsValue| value.to_python().to_str();
        assert_eq!(python(JsValue::Number(46.0)), "46");
        assert_eq!(
            python(JsValue::Number(2f64.powi(60))),
            "1152921504606847000"
        );
        assert_eq!(python(JsValue::Number(1e22)), "1e+22");
        assert_eq!(python(JsValue::Number(4.5e-6)), "4.5e-06");
        assert_eq!(python(JsValue::Number(-0.0)), "-0.0");
        assert_eq!(python(JsValue::Number(f64::NAN)), "nan");
        assert_eq!(python(JsValue::Undefined), "None");
        assert_eq!(python(JsValue::Bool(true)), "True");
        assert_eq!(
            python(JsValue::Object(vec![
                ("2".into(), JsValue::String("x".into())),
                ("b".into(), JsValue::Number(1.0)),
            ])),
            "{'2': 'x', 'b': 1}"
        );
    }

    #[test]
    fn decodes_the_encoding_and_refuses_other_shapes() {
        let encoded = json!({"o": [["sku", "B07"], ["qty", {"n": "2"}], ["gone", {"u": 1}],
            ["tags", {"a": [{"n": "NaN"}, {"n": "-0"}, null, true]}]]});
        assert_eq!(
            JsValue::decode(&encoded).unwrap().to_python().to_str(),
            "{'sku': 'B07', 'qty': 2, 'gone': None, 'tags': [nan, -0.0, None, True]}"
        );
        for bad in [
            json!(3),
            json!([1]),
            json!({"n": 3}),
            json!({"x": 1}),
            json!({"n": "abc"}),
        ] {
            assert!(JsValue::decode(&bad).is_err(), "{bad}");
        }
        assert!(encoding_script("document.title").ends_with("((document.title));"));
    }

    #[test]
    fn text_and_truthiness_follow_javascript() {
        assert_eq!(JsValue::Number(f64::NAN).to_text(), "NaN");
        assert_eq!(JsValue::Null.to_text(), "null");
        assert_eq!(
            JsValue::Array(vec![JsValue::String("a".into()), JsValue::Bool(true)]).to_text(),
            "[\"a\",true]"
        );
        assert!(!JsValue::Number(f64::NAN).is_truthy());
        assert!(!JsValue::Number(-0.0).is_truthy());
        assert!(JsValue::Array(Vec::new()).is_truthy());
    }
}
