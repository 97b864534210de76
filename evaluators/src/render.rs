//! Rendering JS values as text for comparison: VWA's Python `str()` or plain JSON text.

use crate::mode::EvalMode;
use serde_json::Value;

/// A selected value as text: strings as they are; otherwise Python's `str()` (VWA) or JSON.
pub fn render(value: &Value, mode: EvalMode) -> String {
    match (value, mode) {
        (Value::String(text), _) => text.clone(),
        (other, EvalMode::Vwa) => python_str(other),
        (other, EvalMode::Correct) => other.to_string(),
    }
}

/// Python's `str()` of the value Playwright would hand back for this JSON.
pub fn python_str(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => python_repr(other),
    }
}

fn python_repr(value: &Value) -> String {
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(number) => match number.as_f64() {
            // Playwright returns integral JS numbers as Python ints.
            Some(float) if float.fract() == 0.0 && float.abs() < 1e16 => {
                format!("{}", float as i64)
            }
            _ => number.to_string(),
        },
        Value::String(text) => {
            let quote = if text.contains('\'') && !text.contains('"') {
                '"'
            } else {
                '\''
            };
            let mut escaped = String::new();
            for c in text.chars() {
                match c {
                    '\\' => escaped.push_str("\\\\"),
                    '\n' => escaped.push_str("\\n"),
                    '\t' => escaped.push_str("\\t"),
                    c if c == quote => {
                        escaped.push('\\');
                        escaped.push(c);
                    }
                    c => escaped.push(c),
                }
            }
            format!("{quote}{escaped}{quote}")
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(python_repr).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(key, item)| {
                    format!(
                        "{}: {}",
                        python_repr(&Value::from(key.as_str())),
                        python_repr(item)
                    )
                })
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn python_str_matches_python() {
        assert_eq!(python_str(&json!(null)), "None");
        assert_eq!(python_str(&json!(true)), "True");
        assert_eq!(python_str(&json!(false)), "False");
        assert_eq!(python_str(&json!(12)), "12");
        assert_eq!(python_str(&json!(12.0)), "12");
        assert_eq!(python_str(&json!(12.5)), "12.5");
        assert_eq!(python_str(&json!("a'b")), "a'b");
        assert_eq!(python_str(&json!(["a", 1, null])), "['a', 1, None]");
        assert_eq!(python_str(&json!(["it's"])), "[\"it's\"]");
        assert_eq!(python_str(&json!({"k": [true]})), "{'k': [True]}");
    }

    #[test]
    fn correct_mode_renders_json() {
        assert_eq!(render(&json!(null), EvalMode::Correct), "null");
        assert_eq!(render(&json!(true), EvalMode::Correct), "true");
        assert_eq!(render(&json!("text"), EvalMode::Correct), "text");
        assert_eq!(render(&json!(["a"]), EvalMode::Correct), "[\"a\"]");
        assert_eq!(render(&json!(true), EvalMode::Vwa), "True");
    }
}
