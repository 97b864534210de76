//! Product names, descriptions, attributes and review texts composed from the catalogue and
//! the per-kind vocabulary.

use super::vocabulary::{FEATURE_SLOTS, MATERIAL_SLOTS, words};
use crate::catalog::{ADJECTIVES, Department, Group, Label, TITLE_WORDS, noun};
use imagery::{NamedColor, ObjectKind};
use kit::prose::{Bindings, Grammar, GrammarError, Name, Register, Scope};
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
    /// What its reviews may say about it.
    pub facts: Facts,
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

    /// The finished text of product `id` for photos of `kind` in the drawing called `drawing`: the
    /// material, features, size and weight come from that drawing's vocabulary. The details
    /// name the colour only when the name does, so a colour the name leaves out is only in
    /// the photo.
    pub fn finish(
        self,
        kind: ObjectKind,
        drawing: &str,
        writer: &Writer,
        id: i64,
    ) -> Result<ProductText, GrammarError> {
        let words = words(kind);
        let build = words.build(drawing);
        let material = build.materials[self.material % build.materials.len()];
        let [first, second] = self
            .features
            .map(|slot| words.features[slot % words.features.len()]);
        let description = writer.description(id, &self, kind, material, [first, second])?;
        let facts = Facts {
            noun: self.noun.to_lowercase(),
            family: family(kind),
            brand: self.brand,
            material: material.to_lowercase(),
            feature: first,
        };
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
        Ok(ProductText {
            name: self.name,
            description,
            attributes,
            printed: self.printed,
            names_color: self.names_color,
            facts,
        })
    }
}

/// The grammar files of descriptions and reviews, in load order.
pub const FILES: [(&str, &str); 2] = [
    (
        "reviews.grammar",
        include_str!("../../data/reviews.grammar"),
    ),
    (
        "descriptions.grammar",
        include_str!("../../data/descriptions.grammar"),
    ),
];

/// Salts of the text streams: one per kind of text.
const DESCRIPTION_SALT: u64 = 0x5E0D_0001;
const REVIEW_SALT: u64 = 0x5E0D_0002;

/// The family of review and description words (`f/<family>`) for photos of `kind`.
pub fn family(kind: ObjectKind) -> &'static str {
    use ObjectKind::*;
    match kind {
        Car | Bicycle | Motorcycle | Kayak => "ride",
        Phone | Laptop | Television | Headphones | Camera | Keyboard | Mouse | Monitor
        | Speaker | Amplifier | MediaPlayer | Watch | Tablet | Gadget => "tech",
        Sofa | Chair | Table | Stand => "furniture",
        Lamp | Light => "lighting",
        Jacket | Shoes | Shirt | Bag => "wear",
        Guitar => "instrument",
        Package => "pantry",
        Cosmetic => "beauty",
        Kitchenware => "kitchen",
        Toy | ToyVehicle => "play",
        Tool => "tool",
        Book => "book",
        SportsGear => "sport",
        // A kind added later speaks in the shop's general words.
        _ => "",
    }
}

/// What a product's reviews may say about it: its own facts, never its photo's.
#[derive(Debug, Clone)]
pub struct Facts {
    /// Its category noun, lower case ("folding bike").
    pub noun: String,
    /// Its family of words.
    pub family: &'static str,
    /// Its brand.
    pub brand: &'static str,
    /// What it is made of, lower case.
    pub material: String,
    /// One feature its description names.
    pub feature: &'static str,
}

#[derive(Debug, Clone, Copy)]
struct Names {
    brand: Name,
    line: Name,
    noun: Name,
    model: Name,
    range: Name,
    made: Name,
    material: Name,
    feature: Name,
    feature2: Name,
    intro: Name,
    body: Name,
    perk_sentence: Name,
    use_sentence: Name,
    titles: [Name; 5],
    bodies: [Name; 5],
}

/// The shop's grammar of descriptions and reviews, loaded once per seed.
#[derive(Debug)]
pub struct Writer {
    grammar: Grammar,
    names: Names,
    seed: u64,
}

impl Writer {
    /// The grammar of every file, for the seed `seed`.
    pub fn new(seed: u64) -> Result<Self, GrammarError> {
        let mut grammar = Grammar::new();
        for (file, text) in FILES {
            grammar.load(file, text)?;
        }
        let names = Names {
            brand: grammar.name("brand"),
            line: grammar.name("line"),
            noun: grammar.name("noun"),
            model: grammar.name("model"),
            range: grammar.name("range"),
            made: grammar.name("made"),
            material: grammar.name("material"),
            feature: grammar.name("feature"),
            feature2: grammar.name("feature2"),
            intro: grammar.name("intro"),
            body: grammar.name("body"),
            perk_sentence: grammar.name("perk_sentence"),
            use_sentence: grammar.name("use_sentence"),
            titles: [1, 2, 3, 4, 5].map(|stars| grammar.name(&format!("title_{stars}"))),
            bodies: [1, 2, 3, 4, 5].map(|stars| grammar.name(&format!("body_{stars}"))),
        };
        Ok(Self {
            grammar,
            names,
            seed,
        })
    }

    /// The grammar (for tests over every family).
    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    fn scope(&self, family: &str) -> Scope {
        self.grammar.scope(&[&format!("f/{family}")])
    }

    /// The description paragraph of product `id`: what it is for, what it is made of and
    /// its features, in sentences that name the product's own facts.
    fn description(
        &self,
        id: i64,
        draft: &Draft,
        kind: ObjectKind,
        material: &str,
        features: [&str; 2],
    ) -> Result<String, GrammarError> {
        let mut rng = kit::prose::stream(self.seed, DESCRIPTION_SALT, id as u64);
        let words = words(kind);
        let scope = self.scope(family(kind));
        let names = &self.names;
        let mut bindings = Bindings::new();
        bindings
            .set_one(names.brand, draft.brand)
            .set_one(names.line, draft.adjective)
            .set_one(names.noun, draft.noun.to_lowercase())
            .set_one(names.model, draft.model.clone())
            .set_one(names.range, draft.group.to_lowercase())
            .set_one(names.made, words.made)
            .set_one(names.material, material.to_lowercase())
            .set_one(names.feature, features[0])
            .set_one(names.feature2, features[1]);
        let mut sentences = vec![
            self.grammar
                .expand(names.intro, &scope, &bindings, &mut rng)?,
            self.grammar
                .expand(names.body, &scope, &bindings, &mut rng)?,
        ];
        if rng.random_bool(0.6) {
            sentences.push(self.grammar.expand(
                names.perk_sentence,
                &scope,
                &bindings,
                &mut rng,
            )?);
        }
        if rng.random_bool(0.7) {
            sentences.push(
                self.grammar
                    .expand(names.use_sentence, &scope, &bindings, &mut rng)?,
            );
        }
        Ok(sentences
            .iter()
            .map(|sentence| finished(&capitalised(sentence)))
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// Review number `item` of a product with `facts`, at `rating` stars (1–5), by
    /// customer `writer`: a title and a body whose sentiment matches the rating, about the
    /// product's kind, features, faults and delivery, in the writer's register.
    pub fn review(
        &self,
        item: u64,
        facts: &Facts,
        rating: u8,
        writer: i64,
    ) -> Result<(String, String), GrammarError> {
        let mut rng = kit::prose::stream(self.seed, REVIEW_SALT, item);
        let index = usize::from(rating.clamp(1, 5) - 1);
        let scope = self.scope(facts.family);
        let names = &self.names;
        let mut bindings = Bindings::new();
        bindings
            .set_one(names.brand, facts.brand)
            .set_one(names.noun, facts.noun.clone())
            .set_one(names.material, facts.material.clone())
            .set_one(names.feature, facts.feature);
        let title = capitalised(&self.grammar.expand(
            names.titles[index],
            &scope,
            &bindings,
            &mut rng,
        )?);
        let body = self
            .grammar
            .expand(names.bodies[index], &scope, &bindings, &mut rng)?;
        let register = Register::of_writer((writer as u64) ^ REVIEW_SALT);
        Ok((title, register.write(&finished(&body), &mut rng)))
    }
}

/// Draws from the main stream what the seed's first review texts drew (a title of four or
/// five and a body of two per rating), so every later fact of the seed stays where it was.
pub fn legacy_review_draws(rng: &mut ChaCha8Rng, rating: u8) {
    const TITLES: [usize; 5] = [4, 4, 4, 4, 5];
    let titles = TITLES[usize::from(rating.clamp(1, 5) - 1)];
    let _ = [(); 5][..titles].choose(rng);
    let _ = [(); 2].choose(rng);
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut characters = text.chars();
    characters
        .next()
        .map(|first| first.to_uppercase().chain(characters).collect())
        .unwrap_or_default()
}

/// `text` ending in a full stop unless it ends in a mark already.
fn finished(text: &str) -> String {
    if text.ends_with(['.', '!', '?']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_labels_are_capitalised() {
        assert_eq!(color_label(NamedColor::Blue), "Blue");
    }
}
