//! Composing one ad's title and description from the vocabulary.

use super::vocabulary::{CLOSINGS, CONDITIONS, Goods, OPENINGS, family};
use super::{random_color, random_pattern};
use imagery::{Drawing, Model, NamedColor, ObjectKind, Pattern};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

/// A generated ad with the facts its photos must show.
#[derive(Debug, Clone)]
pub struct Ad {
    pub title: String,
    pub description: String,
    pub price_cents: i64,
    pub color: NamedColor,
    pub secondary: Option<NamedColor>,
    pub pattern: Pattern,
    pub count: u8,
    /// The model of object the listing's model name calls for, if it calls for one.
    pub model: Option<Model>,
    /// Whether the title or description names the colour.
    pub color_in_text: bool,
}

/// Whether `text` names any colour as a whole word (the check behind "colour only in photo").
pub fn mentions_color(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .map(str::to_ascii_lowercase)
        .any(|word| word == "grey" || NamedColor::ALL.iter().any(|color| color.name() == word))
}

/// Expands `{a|b|c}` groups by picking one alternative each.
fn expand(template: &str, rng: &mut ChaCha8Rng) -> String {
    let mut output = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        output.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let group = &rest[open + 1..open + close];
        let choices: Vec<&str> = group.split('|').collect();
        output.push_str(choices.choose(rng).copied().unwrap_or(""));
        rest = &rest[open + close + 1..];
    }
    output.push_str(rest);
    output
}

fn capitalize(text: &str) -> String {
    let mut characters = text.chars();
    match characters.next() {
        Some(first) => first.to_uppercase().chain(characters).collect(),
        None => String::new(),
    }
}

/// A price in dollars spread log-uniformly over the range and rounded like people do.
fn price_dollars(range: (u32, u32), rng: &mut ChaCha8Rng) -> i64 {
    let (low, high) = (f64::from(range.0), f64::from(range.1));
    let raw = low * (high / low).powf(rng.random::<f64>());
    let step = match raw {
        value if value < 50.0 => 1.0,
        value if value < 500.0 => 5.0,
        value if value < 5_000.0 => 50.0,
        _ => 100.0,
    };
    ((raw / step).round() * step) as i64
}

/// Composes an ad for `goods`, whose photos use `drawing`; about 60 % name their colour,
/// the rest leave it to the photo.
pub fn compose(goods: &Goods, drawing: &Drawing, rng: &mut ChaCha8Rng) -> Ad {
    let (make, models) = goods.makes.choose(rng).copied().unwrap_or(("Generic", &[]));
    let model = models.choose(rng).copied().unwrap_or("");
    let color = random_color(rng);
    let decorated_often = matches!(drawing.kind(), ObjectKind::Jacket | ObjectKind::Sofa);
    let pattern = random_pattern(rng, decorated_often);
    let secondary = (pattern != Pattern::Solid || rng.random_bool(0.2)).then(|| {
        let mut other = random_color(rng);
        while other == color {
            other = random_color(rng);
        }
        // Drawn until it differs, then moved off a look-alike so it shows in the photo.
        color.accent(other)
    });
    let count = if goods.sets && rng.random_bool(0.3) {
        rng.random_range(2..=4u8)
    } else {
        1
    };
    let color_in_text = rng.random_bool(0.6);
    let condition = CONDITIONS.choose(rng).copied().unwrap_or("good");

    let mut item = format!("{make} {model}");
    if !goods.noun.is_empty() {
        item = format!("{item} {}", goods.noun);
    }
    let year = goods.with_year.then(|| rng.random_range(2004..=2022));
    let mut title = match year {
        Some(year) => format!("{year} {item}"),
        None => item.clone(),
    };
    if count > 1 {
        title = format!("Set of {count} {title}s");
    }
    let color_in_title = color_in_text && rng.random_bool(0.5);
    if color_in_title {
        title = format!("{} {title}", capitalize(color.name()));
    }
    // The ad's facts are drawn once so the title and the text never disagree.
    let mut templates: Vec<&str> = goods.details.to_vec();
    templates.shuffle(rng);
    let detail_count = rng.random_range(2..=4).min(templates.len());
    let details: Vec<String> = templates[..detail_count]
        .iter()
        .map(|template| expand(template, rng))
        .collect();
    match rng.random_range(0..4) {
        0 => title = format!("{title} - {}", capitalize(condition)),
        1 => {
            if let Some(first) = details.first() {
                title = format!("{title}, {first}");
            }
        }
        _ => {}
    }

    let described = match year {
        Some(year) => format!("{year} {item}"),
        None => item,
    };
    let mut sentences = vec![
        OPENINGS
            .choose(rng)
            .copied()
            .unwrap_or("Selling my {item}.")
            .replace("{item}", &described),
        format!("It is in {condition} condition."),
    ];
    for detail in &details {
        sentences.push(format!("{}.", capitalize(detail)));
    }
    if color_in_text && !color_in_title {
        let phrase = [
            "The color is {c}.",
            "It is {c}.",
            "Finished in {c}.",
            "Color: {c}.",
        ]
        .choose(rng)
        .copied()
        .unwrap_or("The color is {c}.");
        sentences.insert(2, phrase.replace("{c}", color.name()));
    }
    if count > 1 {
        sentences.push(format!("Selling all {count} together."));
    }
    sentences.push(
        CLOSINGS
            .choose(rng)
            .copied()
            .unwrap_or("Cash only.")
            .to_owned(),
    );

    Ad {
        title,
        description: sentences.join(" "),
        price_cents: price_dollars(goods.price, rng) * 100,
        color,
        secondary,
        pattern,
        count,
        model: family(drawing, model),
        color_in_text,
    }
}

#[cfg(test)]
mod tests {
    use super::super::vocabulary::GOODS;
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn ads_name_their_colour_exactly_when_they_say_so() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut silent = 0;
        for round in 0..3_000 {
            let goods = &GOODS[round % GOODS.len()];
            let ad = compose(goods, &goods.drawing().expect("a drawing"), &mut rng);
            let text = format!("{} {}", ad.title, ad.description);
            assert_eq!(mentions_color(&text), ad.color_in_text, "{text}");
            if ad.color_in_text {
                assert!(text.to_lowercase().contains(ad.color.name()));
            } else {
                silent += 1;
            }
            assert!(ad.price_cents >= i64::from(goods.price.0) * 100 - 100);
            assert!(!text.contains('{'), "unexpanded template in {text}");
            if let Some((_, detail)) = ad.title.split_once(", ") {
                assert!(ad.description.contains(&capitalize(detail)), "{text}");
            }
        }
        assert!(silent > 3_000 * 30 / 100, "only {silent} colour-silent ads");
    }

    #[test]
    fn colour_words_are_found_as_whole_words_only() {
        assert!(mentions_color("Finished in Red."));
        assert!(mentions_color("a grey coat"));
        assert!(!mentions_color("Redline bike with a bluetooth speaker"));
    }
}
