//! Product names, descriptions, attributes and review texts composed from the catalogue.

use crate::catalog::{ADJECTIVES, Department, Group, Label, MATERIALS, TITLE_WORDS};
use kit::imagery::NamedColor;
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

/// The singular of a plural category name ("Road Bikes" → "Road Bike").
pub fn singular(plural: &str) -> String {
    if let Some(stem) = plural.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for ending in ["ches", "shes", "xes", "sses"] {
        if plural.ends_with(ending) {
            return plural[..plural.len() - 2].to_owned();
        }
    }
    match plural.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') => stem.to_owned(),
        _ => plural.to_owned(),
    }
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

const FEATURES: &[&str] = &[
    "built to last through daily use",
    "easy to clean and simple to store",
    "backed by a one-year limited warranty",
    "designed with comfort in mind",
    "tested for durability by our product team",
    "a thoughtful gift for family and friends",
    "made with responsibly sourced materials",
    "ships in recyclable packaging",
];

/// The name, description and details of a product; `color_in_name` says whether the name
/// states the colour (otherwise only the photo and the details table do).
pub fn compose(
    rng: &mut ChaCha8Rng,
    department: &Department,
    group: &Group,
    leaf: &str,
    color: NamedColor,
    color_in_name: bool,
    pack: u8,
) -> ProductText {
    let brand = department.brands.choose(rng).copied().unwrap_or("Generic");
    let adjective = ADJECTIVES.choose(rng).copied().unwrap_or("Classic");
    let material = MATERIALS.choose(rng).copied().unwrap_or("Plastic");
    let noun = singular(leaf);
    let model = format!(
        "{}{}",
        (b'A' + rng.random_range(0..26u8)) as char,
        rng.random_range(100..1000)
    );
    let mut name = if color_in_name {
        format!("{brand} {adjective} {noun} {model}, {}", color_label(color))
    } else {
        format!("{brand} {adjective} {noun} {model}")
    };
    let feature_a = FEATURES.choose(rng).copied().unwrap_or(FEATURES[0]);
    let feature_b = FEATURES.choose(rng).copied().unwrap_or(FEATURES[1]);
    let description = format!(
        "The {brand} {adjective} {noun} {model} is part of our {} range. Crafted from {} and {feature_a}, it is {feature_b}. Please check the product details before ordering.",
        group.name.to_lowercase(),
        material.to_lowercase(),
    );
    let weight = format!("{:.1} pounds", rng.random_range(2..400u32) as f64 / 10.0);
    let month = ["January", "March", "May", "July", "September", "November"]
        .choose(rng)
        .copied()
        .unwrap_or("May");
    let mut attributes = vec![
        ("Brand Name".to_owned(), brand.to_owned()),
        ("Manufacturer".to_owned(), format!("{brand} Inc.")),
        ("Color".to_owned(), color_label(color)),
        ("Material".to_owned(), material.to_owned()),
        ("Item Weight".to_owned(), weight),
        ("Model Number".to_owned(), model),
        ("Number of Items".to_owned(), pack.max(1).to_string()),
        (
            "Date First Available".to_owned(),
            format!(
                "{month} {}, {}",
                rng.random_range(1..29),
                rng.random_range(2015..2023)
            ),
        ),
    ];
    // Groups that print on their photos draw after every other choice, so groups that
    // print nothing consume the random stream exactly as before labels existed.
    let mut names_color = color_in_name;
    let printed = match group.label {
        Label::Blank => None,
        Label::Flavor(words) | Label::Scent(words) => {
            let word = words.choose(rng).copied().unwrap_or("Original");
            let row = if matches!(group.label, Label::Flavor(_)) {
                "Flavor"
            } else {
                "Scent"
            };
            attributes.push((row.to_owned(), word.to_owned()));
            Some(format!("{brand} {word}").to_uppercase())
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
            attributes.push(("Title".to_owned(), title.clone()));
            Some(title.to_uppercase())
        }
    };
    if pack > 1 {
        name.push_str(&format!(" (Pack of {pack})"));
    }
    ProductText {
        name,
        description,
        attributes,
        printed,
        names_color,
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
    fn plural_category_names_become_singular_nouns() {
        assert_eq!(singular("Road Bikes"), "Road Bike");
        assert_eq!(singular("Accessories"), "Accessory");
        assert_eq!(singular("Couches"), "Couch");
        assert_eq!(singular("Glass"), "Glass");
        assert_eq!(color_label(NamedColor::Blue), "Blue");
    }
}
