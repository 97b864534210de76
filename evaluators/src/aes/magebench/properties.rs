//! MageBench's property table: the names `data-filter-by` and `data-evalby` may use, each
//! property's weight, how a pair is filtered on it and how a matched pair is scored on it,
//! and how an annotation name expands into properties.

use super::SeenElement;
use super::rules::{self, Raises, Similarity};

/// How a property compares two elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A colour of the named computed style. Filter: passes above 0.01.
    Colour(&'static str),
    /// A length of the named computed style. Filter: passes above 0.01.
    Pixels(&'static str),
    /// Equality of the named computed style. Filter: equal.
    Choice(&'static str),
    /// The visible text ([`rules::text`]). Filter: passes above 0.6.
    Text,
    /// Always 1 (whether the generated element has words, which every text has). Filter: passes.
    HasText,
    /// Equality of the class attribute, as a filter only: scoring on it raises.
    Class,
    /// [`rules::box_shadow`]; not a filter.
    BoxShadow,
    /// [`rules::background_size`]; not a filter.
    BackgroundSize,
    /// [`rules::linear_gradient`] of `background`; not a filter.
    LinearGradient,
    /// [`rules::text_shadow`]; not a filter.
    TextShadow,
}

/// The value key of the visible text (see `js/aes_magebench.js`).
pub const TEXT: &str = "text";
/// The value key of the class attribute.
pub const CLASS: &str = "@class";
/// The computed style an annotation `background` is expanded by.
pub const BACKGROUND: &str = "background";

impl Rule {
    /// The value it reads.
    pub fn key(self) -> &'static str {
        match self {
            Rule::Colour(name) | Rule::Pixels(name) | Rule::Choice(name) => name,
            Rule::Text | Rule::HasText => TEXT,
            Rule::Class => CLASS,
            Rule::BoxShadow => "box-shadow",
            Rule::BackgroundSize => "background-size",
            Rule::LinearGradient => BACKGROUND,
            Rule::TextShadow => "text-shadow",
        }
    }

    /// Whether it can be an element's filter (a target whose filter cannot is not scored).
    pub fn filters(self) -> bool {
        !matches!(
            self,
            Rule::BoxShadow | Rule::BackgroundSize | Rule::LinearGradient | Rule::TextShadow
        )
    }

    /// The filter term of a pair: 0 when it passes, −1 when not, −0.01 when the rule raises.
    pub fn filter(self, target: &SeenElement, generated: &SeenElement) -> f64 {
        let (x, y) = (target.value(self.key()), generated.value(self.key()));
        let passes = match self {
            Rule::Colour(_) => rules::colour(text(x), text(y)).map(|similarity| similarity > 0.01),
            Rule::Pixels(_) => rules::pixels(text(x), text(y)).map(|similarity| similarity > 0.01),
            Rule::Choice(_) | Rule::Class => Ok(x == y),
            Rule::Text => Ok(rules::text(text(x), text(y)) > 0.6),
            Rule::HasText => Ok(true),
            Rule::BoxShadow | Rule::BackgroundSize | Rule::LinearGradient | Rule::TextShadow => {
                Err(Raises)
            }
        };
        match passes {
            Ok(true) => 0.0,
            Ok(false) => -1.0,
            Err(Raises) => -0.01,
        }
    }

    /// The similarity of a matched pair, or [`Raises`] (the property is then left out).
    pub fn score(self, target: &SeenElement, generated: &SeenElement) -> Similarity {
        let (x, y) = (
            text(target.value(self.key())),
            text(generated.value(self.key())),
        );
        match self {
            Rule::Colour(_) => rules::colour(x, y),
            Rule::Pixels(_) => rules::pixels(x, y),
            Rule::Choice(_) => Ok(if x == y { 1.0 } else { 0.0 }),
            Rule::Text => Ok(rules::text(x, y)),
            Rule::HasText => Ok(1.0),
            Rule::Class => Err(Raises),
            Rule::BoxShadow => rules::box_shadow(x, y),
            Rule::BackgroundSize => rules::background_size(x, y),
            Rule::LinearGradient => rules::linear_gradient(x, y),
            Rule::TextShadow => rules::text_shadow(x, y),
        }
    }
}

/// A value that may be absent (an attribute) read as text; only the class filter tells an
/// absent value from an empty one.
fn text(value: Option<&str>) -> &str {
    value.unwrap_or_default()
}

/// One property of the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Property {
    /// Its name in annotations.
    pub name: &'static str,
    /// Its weight in a matched element's score.
    pub weight: f64,
    /// How it compares.
    pub rule: Rule,
}

const fn property(name: &'static str, weight: f64, rule: Rule) -> Property {
    Property { name, weight, rule }
}

/// Every property MageBench's evaluator knows, with its weights. `placeholder` and `value`
/// compare the visible text, `src` and `type` a computed style that does not exist (always
/// equal), and `border-top-width` reads `border-left-width`, as MageBench's code does.
pub const PROPERTIES: &[Property] = &[
    property("has_text", 44.0, Rule::HasText),
    property("text", 6.8, Rule::Text),
    property("placeholder", 6.8, Rule::Text),
    property("value", 6.8, Rule::Text),
    property("text-shadow", 83.0, Rule::TextShadow),
    property("color", 30.0, Rule::Colour("color")),
    property("background-color", 59.0, Rule::Colour("background-color")),
    property("background-image", 12.6, Rule::Choice("background-image")),
    property("background-repeat", 24.5, Rule::Choice("background-repeat")),
    property("background-size", 14.3, Rule::BackgroundSize),
    property("background-linear-gradient", 18.0, Rule::LinearGradient),
    property("src", 12.6, Rule::Choice("src")),
    property("type", 18.9, Rule::Choice("type")),
    property(
        "border-bottom-color",
        16.9,
        Rule::Colour("border-bottom-color"),
    ),
    property(
        "border-bottom-width",
        2.1,
        Rule::Pixels("border-bottom-width"),
    ),
    property(
        "border-bottom-style",
        79.2,
        Rule::Choice("border-bottom-style"),
    ),
    property(
        "border-bottom-left-radius",
        100.0,
        Rule::Pixels("border-bottom-left-radius"),
    ),
    property(
        "border-bottom-right-radius",
        100.0,
        Rule::Pixels("border-bottom-right-radius"),
    ),
    property(
        "border-right-color",
        16.9,
        Rule::Colour("border-right-color"),
    ),
    property(
        "border-right-style",
        79.2,
        Rule::Choice("border-right-style"),
    ),
    property(
        "border-right-width",
        2.1,
        Rule::Pixels("border-right-width"),
    ),
    property("border-left-color", 16.9, Rule::Colour("border-left-color")),
    property("border-left-style", 79.2, Rule::Choice("border-left-style")),
    property("border-left-width", 2.1, Rule::Pixels("border-left-width")),
    property("border-top-color", 16.9, Rule::Colour("border-top-color")),
    property("border-top-width", 2.1, Rule::Pixels("border-left-width")),
    property("border-top-style", 79.2, Rule::Choice("border-top-style")),
    property(
        "border-top-left-radius",
        100.0,
        Rule::Pixels("border-top-left-radius"),
    ),
    property(
        "border-top-right-radius",
        100.0,
        Rule::Pixels("border-top-right-radius"),
    ),
    property("outline-style", 79.2, Rule::Choice("outline-style")),
    property("outline-width", 2.1, Rule::Choice("outline-width")),
    property("outline-color", 16.9, Rule::Colour("outline-color")),
    property("font-family", 94.6, Rule::Choice("font-family")),
    property("font-size", 9.8, Rule::Pixels("font-size")),
    property("font-style", 94.6, Rule::Choice("font-style")),
    property("font-weight", 2.1, Rule::Choice("font-weight")),
    property("height", 31.92, Rule::Pixels("height")),
    property("width", 31.92, Rule::Pixels("width")),
    property("tab-size", 50.8, Rule::Choice("tab-size")),
    property("class", 66.6, Rule::Class),
    property("letter-spacing", 67.0, Rule::Pixels("letter-spacing")),
    property("box-shadow", 56.7, Rule::BoxShadow),
    property("display", 51.0, Rule::Choice("display")),
];

/// Weight of the position score in a matched element's score.
pub const POSITION_WEIGHT: f64 = 46.0;

/// A target element weighs `area^β` in its state.
pub const AREA_EXPONENT: f64 = 0.898_701_846_599_578_9;

/// The property named `name`.
pub fn named(name: &str) -> Option<&'static Property> {
    PROPERTIES.iter().find(|property| property.name == name)
}

/// The properties an annotation name stands for on `target`: `border-radius` the four
/// corners, `border` the four widths, `border-top` / `-left` / `-right` / `-down` a width and
/// a colour, `outline` its style, width and colour, `background` the gradient, colour and
/// repeat when the target's background has a linear gradient (else nothing), any other name
/// itself. Names the table does not know (`border-bottom-width` of `border-down`, `opacity`,
/// `padding`, …) are left out.
pub fn expand(name: &str, target: &SeenElement) -> Vec<&'static Property> {
    let names: Vec<String> = match name {
        "background" => {
            if text(target.value(BACKGROUND)).contains("linear-gradient") {
                vec![
                    "background-linear-gradient".into(),
                    "background-color".into(),
                    "background-repeat".into(),
                ]
            } else {
                Vec::new()
            }
        }
        "border-radius" => [
            "border-bottom-left-radius",
            "border-bottom-right-radius",
            "border-top-left-radius",
            "border-top-right-radius",
        ]
        .map(String::from)
        .to_vec(),
        "border" => [
            "border-bottom-width",
            "border-top-width",
            "border-left-width",
            "border-right-width",
        ]
        .map(String::from)
        .to_vec(),
        "border-top" | "border-down" | "border-left" | "border-right" => {
            vec![format!("{name}-width"), format!("{name}-color")]
        }
        "outline" => vec![
            "outline-style".into(),
            "outline-width".into(),
            "outline-color".into(),
        ],
        other => vec![other.to_owned()],
    };
    names.iter().filter_map(|name| named(name)).collect()
}

/// Every value key a measured element may need: each property's, and `background`.
pub fn all_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = PROPERTIES
        .iter()
        .map(|property| property.rule.key())
        .chain([BACKGROUND])
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn with_background(background: &str) -> SeenElement {
        SeenElement {
            values: BTreeMap::from([(BACKGROUND.to_owned(), Some(background.to_owned()))]),
            ..SeenElement::default()
        }
    }

    #[test]
    fn annotations_expand_as_magebench_does() {
        let plain = with_background("rgb(255, 255, 255) none repeat scroll 0% 0% / auto");
        let names = |name: &str, element: &SeenElement| -> Vec<&str> {
            expand(name, element)
                .iter()
                .map(|property| property.name)
                .collect()
        };
        assert_eq!(names("border-radius", &plain).len(), 4);
        assert_eq!(names("border", &plain).len(), 4);
        assert_eq!(
            names("border-top", &plain),
            ["border-top-width", "border-top-color"]
        );
        assert!(names("border-down", &plain).is_empty());
        assert!(names("background", &plain).is_empty());
        let gradient =
            with_background("rgba(0, 0, 0, 0) linear-gradient(rgb(1, 2, 3), rgb(4, 5, 6))");
        assert_eq!(
            names("background", &gradient),
            [
                "background-linear-gradient",
                "background-color",
                "background-repeat"
            ]
        );
        assert!(names("padding", &plain).is_empty() && names("opacity", &plain).is_empty());
        assert_eq!(names("color", &plain), ["color"]);
        assert_eq!(
            named("border-top-width").unwrap().rule.key(),
            "border-left-width"
        );
    }

    #[test]
    fn published_weights_and_filters() {
        let weight = |name| named(name).unwrap().weight;
        assert_eq!(weight("text"), 6.8);
        assert_eq!(weight("background-color"), 59.0);
        assert_eq!(weight("font-family"), 94.6);
        assert_eq!(weight("box-shadow"), 56.7);
        assert!(!named("box-shadow").unwrap().rule.filters());
        assert!(named("src").unwrap().rule.filters());
        assert!(all_keys().contains(&"text") && all_keys().contains(&BACKGROUND));
    }
}
