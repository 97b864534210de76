//! Placeholders in templates: `{{slot}}`, `{{slot|filter|filter:argument}}` and
//! `{{file:picture}}` (the path, relative to the task file, of a picture written beside it).
//!
//! Filters: `url` (form-encoded, as a query value), `lower`, `upper`, `plus:N`, `minus:N` and `times:N`
//! (arithmetic on a number, written plainly: `1130`, `19.5`; `N` a number or a slot holding
//! one), `money` (a number as the sites print prices: `$1,130.00`), `counted:NOUN` (a count
//! with its noun, singular for one: `1 comment`, `2 comments`).

use super::InstanceError;
use kit::ground_truth::Slots;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The folder, relative to a task file, that holds its pictures.
pub const IMAGE_FOLDER: &str = "images";

/// Whether `slots` has `slot` with a value that is not blank.
pub fn is_set(slots: &Slots, slot: &str) -> bool {
    slots
        .get(slot)
        .is_some_and(|value| !value.trim().is_empty())
}

/// Fills placeholders from one instance's slots; remembers the pictures it named.
#[derive(Debug)]
pub struct Filler<'a> {
    slots: &'a Slots,
    pictures: &'a BTreeMap<String, String>,
    /// Picture names `{{file:…}}` used.
    pub used_pictures: BTreeSet<String>,
}

impl<'a> Filler<'a> {
    /// A filler over `slots` that may name `pictures` (name → file name) with `{{file:…}}`.
    pub fn new(slots: &'a Slots, pictures: &'a BTreeMap<String, String>) -> Self {
        Self {
            slots,
            pictures,
            used_pictures: BTreeSet::new(),
        }
    }

    /// Whether `slot` has a value that is not blank; `Err` when the instance has no such
    /// slot at all (a template's typo, not a fact of the data).
    pub fn is_set(&self, slot: &str) -> Result<bool, InstanceError> {
        match self.slots.contains_key(slot) {
            true => Ok(is_set(self.slots, slot)),
            false => Err(InstanceError::UnknownSlot {
                slot: slot.to_owned(),
                known: self.names(),
            }),
        }
    }

    /// `text` with every placeholder filled.
    pub fn text(&mut self, text: &str) -> Result<String, InstanceError> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find("{{") {
            out.push_str(&rest[..open]);
            let after = &rest[open + 2..];
            let close = after.find("}}").ok_or_else(|| InstanceError::Unclosed {
                text: text.to_owned(),
            })?;
            let value = self.placeholder(after[..close].trim())?;
            agree_article(&mut out, &value);
            out.push_str(&value);
            rest = &after[close + 2..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// `value` with every string in it filled.
    pub fn value(&mut self, value: &Value) -> Result<Value, InstanceError> {
        Ok(match value {
            Value::String(text) => Value::String(self.text(text)?),
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| self.value(item))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(key, item)| Ok((key.clone(), self.value(item)?)))
                    .collect::<Result<_, InstanceError>>()?,
            ),
            other => other.clone(),
        })
    }

    fn placeholder(&mut self, inner: &str) -> Result<String, InstanceError> {
        if let Some(picture) = inner.strip_prefix("file:") {
            let picture = picture.trim();
            return match self.pictures.get(picture) {
                Some(file) => {
                    self.used_pictures.insert(picture.to_owned());
                    Ok(picture_path(file))
                }
                None => Err(InstanceError::NoPicture {
                    picture: picture.to_owned(),
                }),
            };
        }
        let mut parts = inner.split('|').map(str::trim);
        let slot = parts.next().unwrap_or_default();
        // A blank value is no value: the instance would ask about, or answer, nothing.
        if !self.is_set(slot)? {
            return Err(InstanceError::EmptySlot {
                slot: slot.to_owned(),
            });
        }
        let mut value = self.slots[slot].clone();
        for filter in parts {
            value = apply(filter, &value, self.slots)?;
        }
        Ok(value)
    }

    fn names(&self) -> String {
        self.slots.keys().cloned().collect::<Vec<_>>().join(", ")
    }
}

/// Turns an article `a`/`A` that ends `out` (a word of its own, then one space) into
/// `an`/`An` when `next`, the value filled in after it, begins with a vowel sound, so "shows
/// a {{drawing}}" reads "shows an adirondack chair".
fn agree_article(out: &mut String, next: &str) {
    let Some(before) = out.strip_suffix(" ") else {
        return;
    };
    let Some(start) = before.strip_suffix(['a', 'A']) else {
        return;
    };
    let own_word = start
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric());
    if own_word && kit::ground_truth::article(next) == "an" {
        out.insert(out.len() - 1, 'n');
    }
}

/// Where a picture named `name` is written, relative to the task file. Names that come from a
/// site are file names already; this keeps them inside the image folder.
pub fn picture_path(name: &str) -> String {
    let file: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{IMAGE_FOLDER}/{file}")
}

/// Applies one filter; a filter's argument is a number or the name of a slot holding one.
fn apply(filter: &str, value: &str, slots: &Slots) -> Result<String, InstanceError> {
    let (name, argument) = match filter.split_once(':') {
        Some((name, argument)) => (name.trim(), Some(argument.trim())),
        None => (filter, None),
    };
    let number = |text: &str| -> Result<f64, InstanceError> {
        text.replace(['$', ','], "")
            .parse::<f64>()
            .map_err(|_| InstanceError::NotANumber {
                filter: name.to_owned(),
                text: text.to_owned(),
            })
    };
    let argument_number = || -> Result<f64, InstanceError> {
        argument
            .ok_or_else(|| InstanceError::NoArgument {
                filter: name.to_owned(),
            })
            .and_then(|argument| match slots.get(argument) {
                Some(slot) => number(slot),
                None => number(argument),
            })
    };
    Ok(match name {
        "url" => url::form_urlencoded::byte_serialize(value.as_bytes()).collect(),
        "lower" => value.to_lowercase(),
        "upper" => value.to_uppercase(),
        "plus" => plain(number(value)? + argument_number()?),
        "minus" => plain(number(value)? - argument_number()?),
        "times" => plain(number(value)? * argument_number()?),
        "money" => kit::money::format_cents((number(value)? * 100.0).round() as i64),
        "counted" => {
            let noun = argument.ok_or_else(|| InstanceError::NoArgument {
                filter: "counted".into(),
            })?;
            kit::plural::counted(number(value)?.round() as i64, noun)
        }
        other => {
            return Err(InstanceError::UnknownFilter {
                filter: other.to_owned(),
            });
        }
    })
}

/// A number as a person types it: no trailing `.00`.
fn plain(number: f64) -> String {
    let cents = (number * 100.0).round() as i64;
    kit::ground_truth::plain_amount(cents)
}

/// The plain slot names an intent uses, in order of first use; `Err` for a placeholder with
/// a filter or a picture (the intent's placeholders are its `instantiation_dict`).
pub fn intent_slots(intent: &str) -> Result<Vec<String>, InstanceError> {
    let mut names = Vec::new();
    let mut rest = intent;
    while let Some(open) = rest.find("{{") {
        let after = &rest[open + 2..];
        let close = after.find("}}").ok_or(InstanceError::UnclosedInIntent)?;
        let name = after[..close].trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(InstanceError::IntentPlaceholder {
                name: name.to_owned(),
            });
        }
        if !names.iter().any(|known| known == name) {
            names.push(name.to_owned());
        }
        rest = &after[close + 2..];
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots() -> Slots {
        Slots::from([
            ("item".to_owned(), "Honda Pilot".to_owned()),
            ("amount".to_owned(), "1150".to_owned()),
            ("price".to_owned(), "$1,150.00".to_owned()),
        ])
    }

    #[test]
    fn fills_slots_filters_and_pictures() {
        let slots = slots();
        let pictures = BTreeMap::from([("photo".to_owned(), "c_photo_1.png".to_owned())]);
        let mut filler = Filler::new(&slots, &pictures);
        assert_eq!(
            filler
                .text("q={{item|url}}&p={{ price | minus:20 | money }}")
                .unwrap(),
            "q=Honda+Pilot&p=$1,130.00"
        );
        assert_eq!(
            filler.text("{{amount|plus:0.5}} {{item|upper}}").unwrap(),
            "1150.50 HONDA PILOT"
        );
        assert_eq!(filler.text("{{price|minus:amount}}").unwrap(), "0");
        let one = Slots::from([("comments".to_owned(), "1".to_owned())]);
        assert_eq!(
            Filler::new(&one, &pictures)
                .text("{{comments|counted:comment}}")
                .unwrap(),
            "1 comment"
        );
        assert_eq!(
            filler.text("{{amount|counted:comment}}").unwrap(),
            "1150 comments"
        );
        assert_eq!(
            filler.text("{{file:photo}}").unwrap(),
            "images/c_photo_1.png"
        );
        assert!(filler.used_pictures.contains("photo"));
        let missing = filler.text("{{colour}}").unwrap_err();
        assert!(missing.is_missing_slot());
        let missing = missing.to_string();
        assert!(
            missing.contains("no slot `colour`") && missing.contains("amount"),
            "{missing}"
        );
        let blank = Slots::from([("colour".to_owned(), " ".to_owned())]);
        let empty = Filler::new(&blank, &pictures).text("It is {{colour}}.");
        assert!(
            empty
                .as_ref()
                .is_err_and(|error| error.to_string() == "no slot `colour`: it is empty here"),
            "{empty:?}"
        );
        assert!(
            filler
                .text("{{item|reverse}}")
                .unwrap_err()
                .to_string()
                .contains("unknown filter")
        );
        assert!(
            filler
                .text("{{item|minus:3}}")
                .unwrap_err()
                .to_string()
                .contains("needs a number")
        );
        let no_picture = filler.text("{{file:logo}}").unwrap_err();
        assert!(!no_picture.is_missing_slot(), "{no_picture}");
        assert!(filler.text("{{item").is_err());
    }

    #[test]
    fn an_article_before_a_slot_agrees_with_its_value() {
        let slots = Slots::from([
            ("drawing".to_owned(), "adirondack chair".to_owned()),
            ("suit".to_owned(), "one-piece suit".to_owned()),
            ("colour".to_owned(), "orange".to_owned()),
        ]);
        let pictures = BTreeMap::new();
        let mut filler = Filler::new(&slots, &pictures);
        assert_eq!(
            filler.text("It shows a {{drawing}}.").unwrap(),
            "It shows an adirondack chair."
        );
        assert_eq!(filler.text("A {{colour}} car").unwrap(), "An orange car");
        assert_eq!(filler.text("a {{suit}}").unwrap(), "a one-piece suit");
        assert_eq!(filler.text("Santa {{colour}}").unwrap(), "Santa orange");
    }

    #[test]
    fn intent_slots_are_plain_names_in_order() {
        assert_eq!(
            intent_slots("Find the {{colour}} {{item}} in {{region}}, the {{colour}} one.")
                .unwrap(),
            ["colour", "item", "region"]
        );
        assert!(intent_slots("Pay {{amount|minus:10}}").is_err());
    }
}
