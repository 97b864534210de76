//! Reference checks (`reference_answers`, `required_contents`) kept in file order.
//!
//! VWA iterates these objects in JSON order and some checks have side effects on later
//! ones, so they are a list of typed checks rather than a struct.

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// One reference check.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// The value equals this (after `clean_answer`).
    ExactMatch(String),
    /// Each item (with ` |OR| ` alternatives) is included.
    MustInclude(Vec<String>),
    /// No item is included.
    MustExclude(Vec<String>),
    /// At least one item is a substring.
    OneOf(Vec<String>),
    /// The value, as an integer, satisfies each inequality (`>= 12`, `< 700`, …).
    RequiredValues(Vec<String>),
    /// A judge decides whether the value means the reference.
    FuzzyMatch(FuzzyReference),
    /// A key VWA does not know (a lint error; ignored by VWA's string_match).
    Unknown {
        /// The key.
        key: String,
        /// Its value.
        value: Value,
    },
}

/// The reference of a `fuzzy_match` check.
#[derive(Debug, Clone, PartialEq)]
pub enum FuzzyReference {
    /// `"N/A"`: the task is unachievable; the judge compares reasons.
    NotAchievable,
    /// One reference text (program_html form; may hold ` |OR| `).
    Text(String),
    /// Several references, each judged.
    List(Vec<String>),
}

impl Check {
    /// The JSON key of this check.
    pub fn key(&self) -> &str {
        match self {
            Check::ExactMatch(_) => "exact_match",
            Check::MustInclude(_) => "must_include",
            Check::MustExclude(_) => "must_exclude",
            Check::OneOf(_) => "one_of",
            Check::RequiredValues(_) => "required_values",
            Check::FuzzyMatch(_) => "fuzzy_match",
            Check::Unknown { key, .. } => key,
        }
    }

    fn from_entry(key: &str, value: Value) -> Result<Check, String> {
        let list = |value: Value| -> Result<Vec<String>, String> {
            serde_json::from_value(value).map_err(|_| format!("`{key}` must be a list of strings"))
        };
        Ok(match key {
            "exact_match" => Check::ExactMatch(match value {
                Value::String(text) => text,
                // VWA's exact_match is annotated `ref: str` and raises on anything else.
                _ => return Err("`exact_match` must be a string (write a number as \"12\")".into()),
            }),
            "must_include" => Check::MustInclude(list(value)?),
            "must_exclude" => Check::MustExclude(list(value)?),
            "one_of" => Check::OneOf(list(value)?),
            "required_values" => Check::RequiredValues(list(value)?),
            "fuzzy_match" => Check::FuzzyMatch(match value {
                Value::String(text) if text == "N/A" => FuzzyReference::NotAchievable,
                Value::String(text) => FuzzyReference::Text(text),
                other => FuzzyReference::List(list(other)?),
            }),
            _ => Check::Unknown {
                key: key.to_owned(),
                value,
            },
        })
    }

    fn value(&self) -> Value {
        let strings = |items: &[String]| Value::from(items.to_vec());
        match self {
            Check::ExactMatch(text) => Value::from(text.clone()),
            Check::MustInclude(items)
            | Check::MustExclude(items)
            | Check::OneOf(items)
            | Check::RequiredValues(items) => strings(items),
            Check::FuzzyMatch(FuzzyReference::NotAchievable) => Value::from("N/A"),
            Check::FuzzyMatch(FuzzyReference::Text(text)) => Value::from(text.clone()),
            Check::FuzzyMatch(FuzzyReference::List(items)) => strings(items),
            Check::Unknown { value, .. } => value.clone(),
        }
    }
}

/// An ordered list of checks; loads from an object, `null` or an empty list.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Checks(pub Vec<Check>);

impl Checks {
    /// Whether there are no checks.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The checks in file order.
    pub fn iter(&self) -> std::slice::Iter<'_, Check> {
        self.0.iter()
    }
}

impl<'de> Deserialize<'de> for Checks {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Null => Ok(Checks::default()),
            Value::Array(items) if items.is_empty() => Ok(Checks::default()),
            Value::Object(map) => map
                .into_iter()
                .map(|(key, value)| Check::from_entry(&key, value).map_err(D::Error::custom))
                .collect::<Result<Vec<_>, _>>()
                .map(Checks),
            _ => Err(D::Error::custom(
                "reference checks must be an object such as {\"must_include\": [\"…\"]}",
            )),
        }
    }
}

impl Serialize for Checks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for check in &self.0 {
            map.serialize_entry(check.key(), &check.value())?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_file_order_and_unknown_keys() {
        let checks: Checks = serde_json::from_str(
            r#"{"required_values": ["> 3"], "must_include": ["a |OR| b"], "fuzzy_match": "N/A",
                "exact_match": "12", "weird": [1]}"#,
        )
        .unwrap();
        let keys: Vec<&str> = checks.iter().map(Check::key).collect();
        assert_eq!(
            keys,
            [
                "required_values",
                "must_include",
                "fuzzy_match",
                "exact_match",
                "weird"
            ]
        );
        assert_eq!(
            checks.0[2],
            Check::FuzzyMatch(FuzzyReference::NotAchievable)
        );
        assert_eq!(checks.0[3], Check::ExactMatch("12".into()));
        let saved = serde_json::to_string(&checks).unwrap();
        assert!(saved.starts_with(r#"{"required_values":["> 3"],"must_include""#));
    }

    #[test]
    fn null_and_empty_list_are_empty_but_a_bad_shape_is_an_error() {
        assert!(serde_json::from_str::<Checks>("null").unwrap().is_empty());
        assert!(serde_json::from_str::<Checks>("[]").unwrap().is_empty());
        let error = serde_json::from_str::<Checks>(r#"{"must_include": "x"}"#).unwrap_err();
        assert!(error.to_string().contains("must_include"));
        assert!(serde_json::from_str::<Checks>(r#"["x"]"#).is_err());
        let number = serde_json::from_str::<Checks>(r#"{"exact_match": 12}"#).unwrap_err();
        assert!(number.to_string().contains("must be a string"), "{number}");
    }
}
