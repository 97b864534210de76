//! Python values as VWA's evaluators hold them: `str()`, `repr()` and truthiness.

use super::is_printable;
use super::number::{PyInt, float_repr};

/// A Python value: what Playwright hands VWA for a page's JavaScript value, or what VWA's
/// string evaluator holds as the answer (`str`, then `int` or `None` after `required_values`).
#[derive(Debug, Clone, PartialEq)]
pub enum PyValue {
    /// `None`.
    None,
    /// `True` / `False` (an `int` subclass in Python).
    Bool(bool),
    /// `int`.
    Int(PyInt),
    /// `float`, NaN and infinities included.
    Float(f64),
    /// `str`.
    Str(String),
    /// `list`.
    List(Vec<PyValue>),
    /// `dict` with string keys, in insertion order.
    Dict(Vec<(String, PyValue)>),
}

impl PyValue {
    /// Python's type name, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            PyValue::None => "NoneType",
            PyValue::Bool(_) => "bool",
            PyValue::Int(_) => "int",
            PyValue::Float(_) => "float",
            PyValue::Str(_) => "str",
            PyValue::List(_) => "list",
            PyValue::Dict(_) => "dict",
        }
    }

    /// Python's `bool(value)`: NaN is truthy, empty containers are falsy.
    pub fn is_truthy(&self) -> bool {
        match self {
            PyValue::None => false,
            PyValue::Bool(flag) => *flag,
            PyValue::Int(int) => !int.is_zero(),
            PyValue::Float(float) => *float != 0.0,
            PyValue::Str(text) => !text.is_empty(),
            PyValue::List(items) => !items.is_empty(),
            PyValue::Dict(entries) => !entries.is_empty(),
        }
    }

    /// Python's `str(value)`.
    pub fn to_str(&self) -> String {
        match self {
            PyValue::Str(text) => text.clone(),
            other => other.repr(),
        }
    }

    /// Python's `repr(value)`.
    pub fn repr(&self) -> String {
        match self {
            PyValue::None => "None".to_owned(),
            PyValue::Bool(true) => "True".to_owned(),
            PyValue::Bool(false) => "False".to_owned(),
            PyValue::Int(int) => int.to_string(),
            PyValue::Float(float) => float_repr(*float),
            PyValue::Str(text) => str_repr(text),
            PyValue::List(items) => {
                let items: Vec<String> = items.iter().map(PyValue::repr).collect();
                format!("[{}]", items.join(", "))
            }
            PyValue::Dict(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(key, value)| format!("{}: {}", str_repr(key), value.repr()))
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }
        }
    }
}

/// `repr()` of a `str`: single quotes unless the text has `'` and no `"`; backslash escapes
/// for the quote, `\\`, `\t`, `\n`, `\r` and every character `str.isprintable()` rejects.
fn str_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => {
                let code = u32::from(c);
                let escaped = match code {
                    0..=0xff => format!("\\x{code:02x}"),
                    0x100..=0xffff => format!("\\u{code:04x}"),
                    _ => format!("\\U{code:08x}"),
                };
                out.push_str(&escaped);
            }
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(value: &str) -> PyValue {
        PyValue::Str(value.to_owned())
    }

    #[test]
    fn str_and_repr_like_python() {
        assert_eq!(PyValue::None.to_str(), "None");
        assert_eq!(PyValue::Bool(true).to_str(), "True");
        assert_eq!(PyValue::Int(PyInt::from_i64(-4)).to_str(), "-4");
        assert_eq!(PyValue::Float(f64::NAN).to_str(), "nan");
        assert_eq!(PyValue::Float(-0.0).to_str(), "-0.0");
        assert_eq!(text("a'b").to_str(), "a'b");
        assert_eq!(
            PyValue::List(vec![text("teal"), text("plum")]).to_str(),
            "['teal', 'plum']"
        );
        assert_eq!(
            PyValue::List(vec![text("kid's"), text("toy")]).to_str(),
            "[\"kid's\", 'toy']"
        );
        assert_eq!(PyValue::List(vec![text("a'b\"c")]).to_str(), "['a\\'b\"c']");
        assert_eq!(PyValue::List(vec![text("a\nb")]).to_str(), "['a\\nb']");
        assert_eq!(
            PyValue::List(vec![text("\u{200b}")]).to_str(),
            "['\\u200b']"
        );
        assert_eq!(
            PyValue::List(vec![text("\u{7f}\\")]).to_str(),
            "['\\x7f\\\\']"
        );
        assert_eq!(PyValue::List(vec![text("café")]).to_str(), "['café']");
        assert_eq!(
            PyValue::List(vec![
                PyValue::Float(f64::NAN),
                PyValue::Float(f64::NEG_INFINITY)
            ])
            .to_str(),
            "[nan, -inf]"
        );
        assert_eq!(
            PyValue::Dict(vec![
                ("sku".into(), text("B07")),
                ("qty".into(), PyValue::Int(PyInt::from_i64(2))),
                ("gift".into(), PyValue::Bool(false)),
                ("note".into(), PyValue::None),
            ])
            .to_str(),
            "{'sku': 'B07', 'qty': 2, 'gift': False, 'note': None}"
        );
    }

    #[test]
    fn truthiness_like_python() {
        for falsy in [
            PyValue::None,
            PyValue::Bool(false),
            PyValue::Int(PyInt::from_i64(0)),
            PyValue::Float(-0.0),
            text(""),
            PyValue::List(Vec::new()),
            PyValue::Dict(Vec::new()),
        ] {
            assert!(!falsy.is_truthy(), "{falsy:?}");
        }
        for truthy in [
            PyValue::Float(f64::NAN),
            PyValue::Int(PyInt::from_i64(-1)),
            text(" "),
            PyValue::List(vec![PyValue::None]),
        ] {
            assert!(truthy.is_truthy(), "{truthy:?}");
        }
    }
}
