//! What each seeded image post's picture is — a meme, a chart, an outdoor scene or a
//! product photo, chosen by forum — and the words its title uses.
//!
//! Every choice here is drawn from a generator seeded by the product spec's variation, so
//! the seed's main random stream (ids, votes, comments) is the same whatever is drawn.

use super::vocabulary::{
    CHART_COLOURS, CHART_SERIES, LANDSCAPE_TITLES, MEME_BOTTOMS, MEME_TITLES, MEME_TOPS, Series,
};
use imagery::{
    Animal, ChartKind, ChartSpec, ImageSpec, LandscapeSpec, MAX_ANIMALS, MemeSpec, NamedColor,
    ObjectKind, Picture, TimeOfDay, Weather,
};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The product kinds seeded photos show: a fixed list, so kinds added to the kit later do
/// not change the forum's data.
pub const PRODUCT_KINDS: [ObjectKind; 14] = [
    ObjectKind::Car,
    ObjectKind::Bicycle,
    ObjectKind::Motorcycle,
    ObjectKind::Kayak,
    ObjectKind::Phone,
    ObjectKind::Laptop,
    ObjectKind::Television,
    ObjectKind::Sofa,
    ObjectKind::Chair,
    ObjectKind::Table,
    ObjectKind::Jacket,
    ObjectKind::Shoes,
    ObjectKind::Guitar,
    ObjectKind::Lamp,
];

/// The things a forum's product photos show, as nouns the kit finds their drawings by:
/// keyboards in MechanicalKeyboards, guitars in Music; everyday things elsewhere.
fn things(forum: &str) -> &'static [&'static str] {
    match forum {
        "MechanicalKeyboards" => &[
            "mechanical keyboard",
            "compact keyboard",
            "full-size keyboard",
            "ergonomic keyboard",
        ],
        "headphones" => &[
            "over-ear headphone",
            "headset",
            "on-ear headphone",
            "headphone amplifier",
        ],
        "monitor" => &["monitor", "curved monitor"],
        "iphone" => &["phone", "smartphone", "phone case", "wallet case"],
        "gadgets" => &[
            "smartwatch",
            "tablet",
            "e-reader",
            "portable speaker",
            "power bank",
            "webcam",
            "projector",
        ],
        "gaming" | "consoles" => &[
            "gaming mouse",
            "gaming headset",
            "mechanical keyboard",
            "gaming chair",
            "monitor",
            "television",
        ],
        "Music" => &[
            "guitar",
            "bass guitar",
            "ukulele",
            "guitar amplifier",
            "turntable",
            "speaker",
        ],
        "books" => &["book", "novel"],
        "food" => &["coffee mug", "tea kettle", "stock pot", "saucepan"],
        "bicycling" => &[
            "road bike",
            "mountain bike",
            "city bike",
            "folding bike",
            "e-bike",
        ],
        "cars" => &["sedan", "hatchback", "pickup truck", "suv", "minivan"],
        "photography" => &["dslr camera", "instant camera", "compact camera"],
        "DIY" => &["hammer", "power drill", "toolbox", "table", "lamp"],
        "sports" | "GetMotivated" => &[
            "basketball",
            "soccer ball",
            "tennis racket",
            "dumbbell",
            "running shoe",
        ],
        _ => &[
            "car",
            "bicycle",
            "motorcycle",
            "kayak",
            "phone",
            "laptop",
            "television",
            "sofa",
            "chair",
            "table",
            "jacket",
            "shoes",
            "guitar",
            "lamp",
        ],
    }
}

/// A product photo for `forum` from the seed's draw `spec` (whose kind is one of
/// [`PRODUCT_KINDS`]) and the draw `pick` that chose its model: the forum's thing in the
/// same place of its list, as the honest model `pick` chooses, with a second colour that
/// stands out. Returns the photo and the thing's noun for the title. No random draw: the
/// seed's stream is untouched.
pub fn product_photo(forum: &str, spec: ImageSpec, pick: u8) -> (ImageSpec, &'static str) {
    let things = things(forum);
    let place = PRODUCT_KINDS
        .iter()
        .position(|&kind| kind == spec.kind())
        .unwrap_or(0);
    let thing = things[place % things.len()];
    let Some(drawing) = imagery::drawing_for(thing) else {
        let noun = spec.kind().noun();
        return (spec, noun);
    };
    let photo = ImageSpec {
        model: drawing.pick(pick),
        secondary: spec.secondary.map(|colour| spec.primary.accent(colour)),
        ..spec
    };
    (photo, thing)
}

/// What a forum's image posts show, as chances out of ten: (meme, chart, scene); the
/// rest are product photos.
fn genres(forum: &str) -> (u32, u32, u32) {
    match forum {
        "memes" => (10, 0, 0),
        "funny" | "Jokes" | "GetMotivated" | "photoshopbattles" => (7, 0, 0),
        "dataisbeautiful" => (0, 10, 0),
        "personalfinance" | "wallstreetbets" | "science" => (0, 6, 0),
        "aww" | "EarthPorn" | "cats" | "dogs" | "photography" | "travel" => (0, 0, 10),
        "pics" => (1, 0, 4),
        _ => (0, 0, 0),
    }
}

/// A seeded post's picture and, for anything but a product photo, its title.
pub struct Drawn {
    /// The picture.
    pub picture: Picture,
    /// The title, when the picture is not a product photo (those keep the template title).
    pub title: Option<String>,
}

/// The picture for an image post in `forum` whose product photo would be `product`.
pub fn draw(forum: &str, product: ImageSpec) -> Drawn {
    let mut rng = ChaCha8Rng::seed_from_u64(product.variation ^ 0x9e37_79b9_7f4a_7c15);
    let (meme, chart, scene) = genres(forum);
    let roll = rng.random_range(0..10);
    if roll < meme {
        let spec = meme_spec(&mut rng, &product);
        let title = MEME_TITLES.choose(&mut rng).copied().unwrap_or("Too real");
        return Drawn {
            picture: Picture::Meme(spec),
            title: Some(title.to_owned()),
        };
    }
    if roll < meme + chart {
        let spec = chart_spec(&mut rng);
        let title = format!("{} [OC]", spec.title);
        return Drawn {
            picture: Picture::Chart(spec),
            title: Some(title),
        };
    }
    if roll < meme + chart + scene {
        let spec = landscape_spec(&mut rng, forum, product.variation);
        let template = LANDSCAPE_TITLES
            .choose(&mut rng)
            .copied()
            .unwrap_or("{animals} at {time}");
        let title = template
            .replace("{animals}", spec.animal.plural())
            .replace("{time}", spec.time.name())
            .replace("{weather}", spec.weather.name());
        return Drawn {
            picture: Picture::Landscape(spec),
            title: Some(capitalised(&title)),
        };
    }
    Drawn {
        picture: Picture::Product(product),
        title: None,
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn meme_spec(rng: &mut ChaCha8Rng, product: &ImageSpec) -> MemeSpec {
    let top = MEME_TOPS.choose(rng).copied().unwrap_or("ME");
    let bottom = MEME_BOTTOMS.choose(rng).copied().unwrap_or("EVERY TIME");
    MemeSpec {
        top: top.to_owned(),
        bottom: bottom.to_owned(),
        subject: product.kind(),
        colour: product.primary,
        backdrop: product.backdrop,
        variation: product.variation,
    }
}

fn chart_spec(rng: &mut ChaCha8Rng) -> ChartSpec {
    let series: &Series = CHART_SERIES.choose(rng).unwrap_or(&CHART_SERIES[0]);
    let labels: Vec<String> = if series.labels.len() > 7 && rng.random_bool(0.5) {
        // Half a year of the twelve months.
        let start = rng.random_range(0..=series.labels.len() - 6);
        series.labels[start..start + 6]
            .iter()
            .map(|l| (*l).to_owned())
            .collect()
    } else {
        series.labels.iter().map(|l| (*l).to_owned()).collect()
    };
    let (low, high) = series.range;
    // Distinct values: one clear highest and lowest, so "which is highest?" has one answer.
    let span = (high - low + 1) as usize;
    let values: Vec<u32> = rand::seq::index::sample(rng, span, labels.len().min(span))
        .into_iter()
        .map(|offset| low + offset as u32)
        .collect();
    let kind = if series.parts {
        ChartKind::Pie
    } else if rng.random_bool(0.6) {
        ChartKind::Bar
    } else {
        ChartKind::Line
    };
    ChartSpec {
        kind,
        title: series.title.to_owned(),
        labels,
        values,
        colour: CHART_COLOURS
            .choose(rng)
            .copied()
            .unwrap_or(NamedColor::Blue),
    }
}

fn landscape_spec(rng: &mut ChaCha8Rng, forum: &str, variation: u64) -> LandscapeSpec {
    let animal = match forum {
        "cats" => Animal::Cat,
        "dogs" => Animal::Dog,
        "aww" => [Animal::Dog, Animal::Cat, Animal::Duck, Animal::Sheep]
            .choose(rng)
            .copied()
            .unwrap_or(Animal::Dog),
        _ => Animal::ALL.choose(rng).copied().unwrap_or(Animal::Cow),
    };
    LandscapeSpec {
        time: TimeOfDay::ALL
            .choose(rng)
            .copied()
            .unwrap_or(TimeOfDay::Noon),
        weather: Weather::ALL.choose(rng).copied().unwrap_or(Weather::Clear),
        animal,
        count: rng.random_range(1..=MAX_ANIMALS),
        variation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_forum_thing_has_a_drawing() {
        for forum in super::super::vocabulary::FORUMS {
            for thing in things(forum.name) {
                assert!(
                    imagery::drawing_for(thing).is_some(),
                    "{}: nothing draws a {thing}",
                    forum.name
                );
            }
        }
    }

    #[test]
    fn every_seeded_chart_is_drawable_with_one_highest_and_lowest() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..500 {
            let spec = chart_spec(&mut rng);
            spec.validate().expect("drawable");
            let max = spec.values.iter().max().copied();
            let min = spec.values.iter().min().copied();
            assert_eq!(spec.values.iter().filter(|&&v| Some(v) == max).count(), 1);
            assert_eq!(spec.values.iter().filter(|&&v| Some(v) == min).count(), 1);
        }
    }
}
