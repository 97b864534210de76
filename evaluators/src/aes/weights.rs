//! The one table of AES properties: how each is compared, how much it weighs, and how similar
//! it must be to act as an element's filter.
//!
//! Weights are MageBench's published ones where it gives them (text, color, background-color,
//! font-size, width/height, border-radius, box-shadow, GIoU, β); the others are Agora's choice,
//! kept small. Padding, margin and position are not scored (the GIoU term covers placement).

/// How a property's two values are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Term IoU of the words.
    Text,
    /// Lengths and numbers: 1 − relative error, clamped to `[0, 1]`.
    Continuous,
    /// Equal or not.
    Discrete,
    /// A resource (`src`, `background-image`): equal file names.
    Resource,
    /// A colour: 1 − mean |ΔRGB| / 256, both composited over white.
    Colour,
}

/// One scored property.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Property {
    /// The name used in `data-evalby` / `data-filter-by` (a CSS property, `text` or `src`).
    pub name: &'static str,
    /// How it is compared.
    pub kind: Kind,
    /// Its weight in a matched element's score.
    pub weight: f64,
}

const fn property(name: &'static str, kind: Kind, weight: f64) -> Property {
    Property { name, kind, weight }
}

/// Every property AES can score.
pub const PROPERTIES: &[Property] = &[
    property("text", Kind::Text, 6.8),
    property("color", Kind::Colour, 30.0),
    property("background-color", Kind::Colour, 59.0),
    property("font-size", Kind::Continuous, 9.8),
    property("width", Kind::Continuous, 31.92),
    property("height", Kind::Continuous, 31.92),
    property("border-radius", Kind::Continuous, 100.0),
    property("box-shadow", Kind::Discrete, 56.7),
    property("font-family", Kind::Discrete, 10.0),
    property("font-weight", Kind::Continuous, 10.0),
    property("font-style", Kind::Discrete, 5.0),
    property("letter-spacing", Kind::Continuous, 5.0),
    property("text-align", Kind::Discrete, 5.0),
    property("text-decoration-line", Kind::Discrete, 5.0),
    property("display", Kind::Discrete, 5.0),
    property("opacity", Kind::Continuous, 10.0),
    property("border-style", Kind::Discrete, 10.0),
    property("border-width", Kind::Continuous, 10.0),
    property("border-color", Kind::Colour, 20.0),
    property("src", Kind::Resource, 30.0),
    property("background-image", Kind::Resource, 30.0),
];

/// Weight of the GIoU term in a matched element's score.
pub const GIOU_WEIGHT: f64 = 46.0;

/// A target element weighs `area^β` in its state's score.
pub const AREA_EXPONENT: f64 = 0.8987;

/// The least similarity of the filter property for a pair to count as a match, by kind.
pub fn filter_threshold(kind: Kind) -> f64 {
    match kind {
        Kind::Text => 0.3,
        Kind::Continuous => 0.5,
        Kind::Colour => 0.75,
        Kind::Discrete | Kind::Resource => 1.0,
    }
}

/// The property named `name`.
pub fn named(name: &str) -> Option<&'static Property> {
    PROPERTIES.iter().find(|property| property.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_weights_are_in_the_table() {
        let weight = |name| named(name).unwrap().weight;
        assert_eq!(weight("text"), 6.8);
        assert_eq!(weight("color"), 30.0);
        assert_eq!(weight("background-color"), 59.0);
        assert_eq!(weight("font-size"), 9.8);
        assert_eq!(weight("width"), 31.92);
        assert_eq!(weight("height"), 31.92);
        assert_eq!(weight("border-radius"), 100.0);
        assert_eq!(weight("box-shadow"), 56.7);
        assert_eq!(GIOU_WEIGHT, 46.0);
        assert_eq!(AREA_EXPONENT, 0.8987);
        assert!(named("padding").is_none() && named("margin").is_none());
    }

    #[test]
    fn names_are_unique_and_weights_positive() {
        for (index, property) in PROPERTIES.iter().enumerate() {
            assert!(property.weight > 0.0, "{}", property.name);
            assert!(
                PROPERTIES[index + 1..]
                    .iter()
                    .all(|other| other.name != property.name),
                "{} twice",
                property.name
            );
        }
    }
}
