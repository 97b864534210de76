//! Product names, descriptions, attributes and review texts composed from the catalogue and
//! the per-kind vocabulary.

use super::vocabulary::{FEATURE_SLOTS, MATERIAL_SLOTS, words};
use crate::catalog::{ADJECTIVES, Department, Group, Label, TITLE_WORDS, noun};
use imagery::{NamedColor, ObjectKind};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// What the text of one product says.
#[derive(Debug, Clone)]
pub struct ProductText {
    /// Display name.
    pub name: String,
    /// Description paragraph.
    pub description: String,
    /// `(label, value)` rows of the details table.
    pub attributes: Vec<(String, String)>,
    /// What the photo prints on the label or cover (upper case), if anything.
    pub printed: Option<String>,
    /// Whether the name states the colour.
    pub names_color: bool,
}

/// A product's text as drawn from the random stream, before the photo's drawing (which is
/// drawn later in the stream) settles its material, size and weight.
#[derive(Debug, Clone)]
pub struct Draft {
    name: String,
    brand: &'static str,
    adjective: &'static str,
    noun: String,
    model: String,
    group: &'static str,
    color: NamedColor,
    names_color: bool,
    pack: u8,
    material: usize,
    features: [usize; 2],
    weight: u32,
    available: String,
    label: Option<(String, String)>,
    printed: Option<String>,
}

/// A capitalised colour name ("Red").
pub fn color_label(color: NamedColor) -> String {
    let name = color.name();
    let mut characters = name.chars();
    characters
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + characters.as_str())
        .unwrap_or_default()
}

/// The lowest and highest weight draw (the stream's `2..400` range).
const WEIGHT_DRAWS: (u32, u32) = (2, 399);

/// Draws the name and the product's text choices; `color_in_name` says whether the name
/// states the colour (otherwise only the photo shows it).
pub fn compose(
    rng: &mut ChaCha8Rng,
    department: &Department,
    group: &Group,
    leaf: &str,
    color: NamedColor,
    color_in_name: bool,
    pack: u8,
) -> Draft {
    let brand = department.brands.choose(rng).copied().unwrap_or("Generic");
    let adjective = ADJECTIVES.choose(rng).copied().unwrap_or("Classic");
    let material = rng.random_range(..MATERIAL_SLOTS);
    let noun = noun(leaf);
    let model = model_number(rng);
    let mut name = if color_in_name {
        format!("{brand} {adjective} {noun} {model}, {}", color_label(color))
    } else {
        format!("{brand} {adjective} {noun} {model}")
    };
    let features = [
        rng.random_range(..FEATURE_SLOTS),
        rng.random_range(..FEATURE_SLOTS),
    ];
    let weight = rng.random_range(WEIGHT_DRAWS.0..WEIGHT_DRAWS.1 + 1);
    let available = first_available(rng);
    // Groups that print on their photos draw after every other choice, so groups that
    // print nothing consume the random stream exactly as before labels existed.
    let mut names_color = color_in_name;
    let (label, printed) = match group.label {
        Label::Blank => (None, None),
        Label::Flavor(words) | Label::Scent(words) => {
            let word = words.choose(rng).copied().unwrap_or("Original");
            let row = if matches!(group.label, Label::Flavor(_)) {
                "Flavor"
            } else {
                "Scent"
            };
            (
                Some((row.to_owned(), word.to_owned())),
                Some(format!("{brand} {word}").to_uppercase()),
            )
        }
        Label::Title => {
            let (first, second) = TITLE_WORDS;
            let title = format!(
                "The {} {}",
                first.choose(rng).copied().unwrap_or("Silent"),
                second.choose(rng).copied().unwrap_or("Harbor")
            );
            name = format!("{title} ({brand} {noun})");
            names_color = false;
            let printed = title.to_uppercase();
            (Some(("Title".to_owned(), title)), Some(printed))
        }
    };
    if pack > 1 {
        name.push_str(&format!(" (Pack of {pack})"));
    }
    Draft {
        name,
        brand,
        adjective,
        noun,
        model,
        group: group.name,
        color,
        names_color,
        pack,
        material,
        features,
        weight,
        available,
        label,
        printed,
    }
}

/// A model number ("K123").
fn model_number(rng: &mut ChaCha8Rng) -> String {
    format!(
        "{}{}",
        (b'A' + rng.random_range(0..26u8)) as char,
        rng.random_range(100..1000)
    )
}

/// The "Date First Available" value.
fn first_available(rng: &mut ChaCha8Rng) -> String {
    let month = ["January", "March", "May", "July", "September", "November"]
        .choose(rng)
        .copied()
        .unwrap_or("May");
    format!(
        "{month} {}, {}",
        rng.random_range(1..29),
        rng.random_range(2015..2023)
    )
}

/// One product of a look-alike line: "{brand} {line} {noun} {model}", its name silent on
/// everything its photo shows (colour, pattern, the label's words); `printed` is what its
/// label says, which stays off the details.
pub fn line_member(
    rng: &mut ChaCha8Rng,
    group: &Group,
    leaf: &str,
    (brand, line): (&'static str, &'static str),
    color: NamedColor,
    printed: Option<String>,
) -> Draft {
    let noun = noun(leaf);
    let model = model_number(rng);
    Draft {
        name: format!("{brand} {line} {noun} {model}"),
        brand,
        adjective: line,
        noun,
        model,
        group: group.name,
        color,
        names_color: false,
        pack: 1,
        material: rng.random_range(..MATERIAL_SLOTS),
        features: [
            rng.random_range(..FEATURE_SLOTS),
            rng.random_range(..FEATURE_SLOTS),
        ],
        weight: rng.random_range(WEIGHT_DRAWS.0..WEIGHT_DRAWS.1 + 1),
        available: first_available(rng),
        label: None,
        printed,
    }
}

impl Draft {
    /// The product's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the name states the colour.
    pub fn names_color(&self) -> bool {
        self.names_color
    }

    /// The finished text for photos of `kind` in the drawing called `drawing`: the
    /// material, features, size and weight come from that drawing's vocabulary. The details
    /// name the colour only when the name does, so a colour the name leaves out is only in
    /// the photo.
    pub fn finish(self, kind: ObjectKind, drawing: &str) -> ProductText {
        let words = words(kind);
        let build = words.build(drawing);
        let material = build.materials[self.material % build.materials.len()];
        let [first, second] = self
            .features
            .map(|slot| words.features[slot % words.features.len()]);
        let description = format!(
            "The {} {} {} {} is part of our {} range. {} {} and {first}, it is {second}. Please check the product details before ordering.",
            self.brand,
            self.adjective,
            self.noun,
            self.model,
            self.group.to_lowercase(),
            words.made,
            material.to_lowercase(),
        );
        // Heavier items are the bigger ones of their kind.
        let share =
            (self.weight - WEIGHT_DRAWS.0) as f32 / (WEIGHT_DRAWS.1 - WEIGHT_DRAWS.0) as f32;
        let (light, heavy) = build.weight;
        let pounds = light + (heavy - light) * share;
        let scale = 0.85 + 0.3 * share;
        let [w, d, h] = build.size.map(|inches| inches * scale);
        let mut attributes = vec![
            ("Brand Name".to_owned(), self.brand.to_owned()),
            ("Manufacturer".to_owned(), format!("{} Inc.", self.brand)),
        ];
        if self.names_color {
            attributes.push(("Color".to_owned(), color_label(self.color)));
        }
        attributes.extend([
            (words.row.to_owned(), material.to_owned()),
            (
                "Product Dimensions".to_owned(),
                format!("{w:.1} x {d:.1} x {h:.1} inches"),
            ),
            ("Item Weight".to_owned(), format!("{pounds:.1} pounds")),
            ("Model Number".to_owned(), self.model),
            ("Number of Items".to_owned(), self.pack.max(1).to_string()),
            ("Date First Available".to_owned(), self.available),
        ]);
        attributes.extend(self.label);
        ProductText {
            name: self.name,
            description,
            attributes,
            printed: self.printed,
            names_color: self.names_color,
        }
    }
}

const REVIEW_TITLES: [&[&str]; 5] = [
    &[
        "Very disappointed",
        "Broke quickly",
        "Not as described",
        "Would not buy again",
    ],
    &[
        "Not great",
        "Meh",
        "Expected better",
        "Only okay for the price",
    ],
    &[
        "It's fine",
        "Average",
        "Does the job",
        "Decent but not perfect",
    ],
    &[
        "Good value",
        "Pretty good",
        "Happy with it",
        "Solid purchase",
    ],
    &[
        "Love it!",
        "Excellent",
        "Perfect",
        "Highly recommend",
        "Five stars",
    ],
];

const REVIEW_BODIES: [&[&str]; 5] = [
    &[
        "The {noun} arrived damaged and customer service was slow to respond.",
        "Stopped working after two weeks. Returning this {noun}.",
    ],
    &[
        "The {noun} works but feels cheaper than the photos suggest.",
        "Smaller than I expected and the finish scratches easily.",
    ],
    &[
        "The {noun} is okay. Nothing special, nothing terrible.",
        "Does what it says. Shipping took longer than promised.",
    ],
    &[
        "Good quality {noun} for the money. The colour matches the pictures.",
        "Works well so far and was easy to set up.",
    ],
    &[
        "This {noun} is exactly what I wanted. Great quality and fast shipping!",
        "Bought a second one as a gift. Everyone loves it.",
    ],
];

/// A review's title and body for a product called by `noun`, at `rating` stars (1–5).
pub fn review(rng: &mut ChaCha8Rng, noun: &str, rating: u8) -> (String, String) {
    let index = usize::from(rating.clamp(1, 5) - 1);
    let title = REVIEW_TITLES[index]
        .choose(rng)
        .copied()
        .unwrap_or("Review");
    let body = REVIEW_BODIES[index]
        .choose(rng)
        .copied()
        .unwrap_or("")
        .replace("{noun}", &noun.to_lowercase());
    (title.to_owned(), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_labels_are_capitalised() {
        assert_eq!(color_label(NamedColor::Blue), "Blue");
    }
}
