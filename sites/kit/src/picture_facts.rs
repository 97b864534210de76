//! What a person can tell from a picture the kit drew, as the evaluators' ground-truth VQA
//! judge reads it ([`evaluators::judge::truth`]): one row per attribute the spec tells, over
//! one vocabulary made from the spec model's own tables (every kind, drawing and the nouns
//! it shows, every colour, pattern, animal, time of day and weather). A new attribute of the
//! spec model is a new row here; a new value of a table is a new term with no other change.
//!
//! Only what the spec marks as tellable is a row: a drawing shows the nouns its template
//! lists (a pickup truck is not listed as a car, so "is this a car?" is not answered); a
//! colour people take for another ([`confusable`], or one that does not stand out on it)
//! is neither yes nor no; a pattern whose colours do not stand out is not told; a spec
//! without material or condition tells neither.

use crate::ground_truth::{confusable, pattern_name};
use evaluators::judge::truth::facts::{Attribute, Fact, PictureFacts, Term, Vocabulary};
use imagery::{
    Animal, ChartSpec, ImageSpec, LandscapeSpec, MemeSpec, NamedColor, ObjectKind, Pattern,
    Picture, TimeOfDay, Weather,
};
use std::sync::{Arc, LazyLock};

/// The facts of `picture`.
pub fn facts_of(picture: &Picture) -> PictureFacts {
    let (summary, facts) = match picture {
        Picture::Product(spec) => (crate::ground_truth::describe(spec), product(spec)),
        Picture::Meme(meme) => meme_facts(meme),
        Picture::Chart(chart) => chart_facts(chart),
        Picture::Landscape(scene) => landscape(scene),
    };
    PictureFacts {
        summary,
        facts,
        vocabulary: Arc::clone(&VOCABULARY),
    }
}

/// The plural a question may use ("cars", "boxes", "shoes" stays).
fn plural(noun: &str) -> String {
    if noun.ends_with('s') || noun.ends_with("ware") || noun.ends_with("gear") || noun == "sheep" {
        noun.to_owned()
    } else if noun.ends_with("ch") || noun.ends_with("sh") || noun.ends_with('x') {
        format!("{noun}es")
    } else if let Some(stem) = noun
        .strip_suffix('y')
        .filter(|stem| !stem.ends_with(['a', 'e', 'o', 'u']))
    {
        format!("{stem}ies")
    } else {
        format!("{noun}s")
    }
}

/// A term for `noun`, called also by its plural and `more` synonyms.
fn noun_term(noun: &str, more: &[&str]) -> Term {
    let noun = noun.to_lowercase();
    let mut words = vec![plural(&noun)];
    for word in more {
        words.push((*word).to_owned());
        words.push(plural(word));
    }
    Term::new(noun, words)
}

/// Synonyms people use for a kind's noun.
fn kind_synonyms(kind: ObjectKind) -> &'static [&'static str] {
    match kind {
        ObjectKind::Motorcycle => &["motorbike"],
        ObjectKind::Phone => &["mobile phone", "cell phone", "smartphone"],
        ObjectKind::Television => &["tv"],
        ObjectKind::Sofa => &["couch"],
        ObjectKind::Shoes => &["shoe", "pair of shoes"],
        ObjectKind::Laptop => &["laptop computer"],
        _ => &[],
    }
}

/// Every value a question may name.
static VOCABULARY: LazyLock<Arc<Vocabulary>> = LazyLock::new(|| Arc::new(vocabulary()));

fn vocabulary() -> Vocabulary {
    let mut vocabulary = Vocabulary::new();
    for kind in ObjectKind::ALL {
        vocabulary.add(Attribute::Kind, noun_term(kind.noun(), kind_synonyms(kind)));
    }
    vocabulary.add(Attribute::Kind, noun_term("chart", &["graph", "diagram"]));
    vocabulary.add(Attribute::Kind, noun_term("meme", &[]));
    for kind in ObjectKind::ALL {
        for model in kind.models() {
            vocabulary.add(Attribute::SubType, noun_term(model.name(), &[]));
            for shown in model.shows() {
                // A noun only some drawings list is loose: a drawing not listed under it
                // may still be called one ("bike" for a cruiser).
                vocabulary.add(Attribute::SubType, loose(noun_term(shown, &[])));
            }
        }
    }
    for kind in ["bar", "line", "pie"] {
        vocabulary.add(
            Attribute::SubType,
            noun_term(&format!("{kind} chart"), &[&format!("{kind} graph")]),
        );
    }
    for animal in Animal::ALL {
        vocabulary.add(
            Attribute::Animal,
            Term::new(animal.noun(), [animal.plural()]),
        );
    }
    for colour in NamedColor::ALL {
        let more: &[&str] = match colour {
            NamedColor::Gray => &["grey"],
            NamedColor::Navy => &["navy blue"],
            _ => &[],
        };
        vocabulary.add(
            Attribute::Colour,
            Term::new(colour.name(), more.iter().copied()),
        );
    }
    for (pattern, more) in [
        (
            Pattern::Solid,
            &["plain", "solid color", "single color"][..],
        ),
        (
            Pattern::Striped,
            &["stripes", "stripe", "stripy", "stripey"],
        ),
        (
            Pattern::Dotted,
            &[
                "dots",
                "polka dot",
                "polka dots",
                "polka-dot",
                "polka-dotted",
                "spotted",
            ],
        ),
        (
            Pattern::Checkered,
            &[
                "checked",
                "checks",
                "checkerboard",
                "chequered",
                "checkered pattern",
            ],
        ),
    ] {
        vocabulary.add(
            Attribute::Pattern,
            Term::new(pattern_name(pattern), more.iter().copied()),
        );
    }
    // Materials and conditions a question may name; no spec tells them yet, so a question
    // about them is in the grammar but not answered (it goes to the vision judge).
    for material in [
        "wood", "metal", "plastic", "leather", "glass", "cotton", "fabric",
    ] {
        let adjective = match material {
            "wood" => "wooden",
            "metal" => "metallic",
            _ => material,
        };
        vocabulary.add(Attribute::Material, Term::new(material, [adjective]));
    }
    for (condition, more) in [("new", &["brand new"][..]), ("used", &["worn", "old"])] {
        vocabulary.add(
            Attribute::Condition,
            Term::new(condition, more.iter().copied()),
        );
    }
    for time in TimeOfDay::ALL {
        let more: &[&str] = match time {
            TimeOfDay::Morning => &["dawn", "sunrise", "in the morning"],
            TimeOfDay::Noon => &["midday", "daytime", "day"],
            TimeOfDay::Sunset => &["dusk", "evening"],
            TimeOfDay::Night => &["nighttime", "night time"],
        };
        vocabulary.add(
            Attribute::TimeOfDay,
            Term::new(time.name(), more.iter().copied()),
        );
    }
    for weather in Weather::ALL {
        let more: &[&str] = match weather {
            Weather::Clear => &["sunny"],
            Weather::Cloudy => &["overcast"],
            Weather::Rainy => &["raining", "rain"],
            Weather::Snowy => &["snowing", "snow"],
        };
        vocabulary.add(
            Attribute::Weather,
            Term::new(weather.name(), more.iter().copied()),
        );
    }
    vocabulary
}

fn loose(term: Term) -> Term {
    Term {
        loose: true,
        ..term
    }
}

/// The colours a person could take `colour` for (not itself).
fn look_alikes(colour: NamedColor) -> impl Iterator<Item = NamedColor> {
    NamedColor::ALL.into_iter().filter(move |&other| {
        other != colour && (confusable(colour, other) || !colour.stands_out_on(other))
    })
}

/// A colour `spec`'s photo is plainly not, for questions whose answer is "no" ("is the
/// product green?"): one of six far-apart colours that is neither the main colour, the
/// second colour, nor a look-alike of either (so the ground truth answers it), picked by a
/// rotation over the spec so the foils vary.
pub fn foil_colour(spec: &ImageSpec) -> Option<NamedColor> {
    use NamedColor::{Black, Blue, Green, Purple, Red, Yellow};
    const FOILS: [NamedColor; 6] = [Green, Blue, Yellow, Red, Purple, Black];
    let near = |colour: NamedColor, of: NamedColor| {
        colour == of || look_alikes(of).any(|alike| alike == colour)
    };
    let primary = NamedColor::ALL
        .iter()
        .position(|&colour| colour == spec.primary)
        .unwrap_or(0);
    let start = spec.model.name().len() + spec.count as usize + primary;
    (0..FOILS.len())
        .map(|step| FOILS[(start + step) % FOILS.len()])
        .find(|&foil| {
            !near(foil, spec.primary) && !spec.secondary.is_some_and(|second| near(foil, second))
        })
}

/// A kind `spec`'s photo plainly is not, for questions whose answer is "no" ("is this a
/// guitar?"): one of a few everyday kinds the drawing neither is nor shows, picked by a
/// rotation over the spec.
pub fn foil_kind(spec: &ImageSpec) -> Option<ObjectKind> {
    use ObjectKind::{Bicycle, Car, Guitar, Lamp, Laptop, Sofa};
    const FOILS: [ObjectKind; 6] = [Guitar, Sofa, Bicycle, Lamp, Car, Laptop];
    let start = spec.model.name().len() + spec.count as usize;
    let shown = |noun: &str| {
        spec.model.name().to_lowercase().contains(noun)
            || spec
                .model
                .shows()
                .iter()
                .any(|shown| shown.to_lowercase().contains(noun))
    };
    (0..FOILS.len())
        .map(|step| FOILS[(start + step) % FOILS.len()])
        .find(|&foil| foil != spec.kind() && !shown(foil.noun()))
}

/// A time of day, a weather and an animal `scene` does not show (for "no" questions): the
/// values two places on in their tables (morning ↔ sunset, clear ↔ rainy), the next animal.
pub fn foil_scene(scene: &LandscapeSpec) -> (TimeOfDay, Weather, Animal) {
    let at = |index: usize, len: usize, step: usize| (index + step) % len;
    let time = TimeOfDay::ALL
        .iter()
        .position(|&time| time == scene.time)
        .unwrap_or(0);
    let weather = Weather::ALL
        .iter()
        .position(|&weather| weather == scene.weather)
        .unwrap_or(0);
    let animal = Animal::ALL
        .iter()
        .position(|&animal| animal == scene.animal)
        .unwrap_or(0);
    (
        TimeOfDay::ALL[at(time, TimeOfDay::ALL.len(), 2)],
        Weather::ALL[at(weather, Weather::ALL.len(), 2)],
        Animal::ALL[at(animal, Animal::ALL.len(), 1)],
    )
}

/// The rows of an object drawn `count` times in `colour` (and `secondary`) with `pattern`.
fn object_rows(spec: &ImageSpec) -> Vec<Fact> {
    let model = spec.model;
    let noun = spec.kind().noun();
    // The kind is told when the drawing lists it, or lists a noun ending with it.
    let kind_shown = model.shows().iter().any(|shown| {
        *shown == noun
            || shown
                .strip_suffix(noun)
                .is_some_and(|head| head.ends_with(' '))
    }) || model.name().eq_ignore_ascii_case(noun);
    let kind = if kind_shown {
        Fact::new(Attribute::Kind, [noun])
    } else {
        Fact::new(Attribute::Kind, Vec::<String>::new()).unsure([noun])
    };
    let mut sub_types = vec![model.name().to_lowercase()];
    for shown in model.shows() {
        let shown = shown.to_lowercase();
        if !sub_types.contains(&shown) {
            sub_types.push(shown);
        }
    }
    let mut unsure_colours: Vec<String> = look_alikes(spec.primary)
        .map(|colour| colour.name().to_owned())
        .collect();
    if let Some(secondary) = spec.secondary {
        for colour in std::iter::once(secondary).chain(look_alikes(secondary)) {
            let name = colour.name().to_owned();
            if colour != spec.primary && !unsure_colours.contains(&name) {
                unsure_colours.push(name);
            }
        }
    }
    let pattern_told = spec.pattern == Pattern::Solid
        || spec
            .secondary
            .is_some_and(|secondary| secondary.stands_out_on(spec.primary));
    let pattern = if pattern_told {
        Fact::new(Attribute::Pattern, [pattern_name(spec.pattern)])
    } else {
        Fact::new(Attribute::Pattern, Vec::<String>::new())
            .unsure([pattern_name(spec.pattern), "solid"])
    };
    vec![
        kind,
        Fact::new(Attribute::SubType, sub_types),
        Fact::new(Attribute::Colour, [spec.primary.name()]).unsure(unsure_colours),
        pattern,
        Fact::new(Attribute::Count, [spec.count.to_string()]),
    ]
}

fn product(spec: &ImageSpec) -> Vec<Fact> {
    let mut rows = object_rows(spec);
    rows.push(Fact::new(Attribute::Text, spec.text.iter().cloned()));
    rows
}

fn meme_facts(meme: &MemeSpec) -> (String, Vec<Fact>) {
    let photo = meme.photo();
    let mut rows = object_rows(&photo);
    let printed: Vec<String> = [&meme.top, &meme.bottom]
        .into_iter()
        .map(|caption| MemeSpec::printed(caption))
        .filter(|caption| !caption.is_empty())
        .collect();
    let summary = format!(
        "a meme of {}, captioned {printed:?}",
        crate::ground_truth::describe(&photo)
    );
    rows.push(Fact::new(Attribute::Text, printed));
    (summary, rows)
}

fn chart_facts(chart: &ChartSpec) -> (String, Vec<Fact>) {
    let kind = format!("{} chart", chart.kind.name());
    let mut printed = vec![chart.title.clone()];
    printed.extend(chart.labels.iter().cloned());
    printed.extend(chart.values.iter().map(u32::to_string));
    let rows = vec![
        Fact::new(Attribute::Kind, ["chart"]),
        Fact::new(Attribute::SubType, [kind.clone()]),
        Fact::new(Attribute::Text, printed),
    ];
    (format!("a {kind} titled \"{}\"", chart.title), rows)
}

fn landscape(scene: &LandscapeSpec) -> (String, Vec<Fact>) {
    let rows = vec![
        Fact::new(Attribute::Animal, [scene.animal.noun()]),
        Fact::new(Attribute::Count, [scene.count.to_string()]),
        Fact::new(Attribute::TimeOfDay, [scene.time.name()]),
        Fact::new(Attribute::Weather, [scene.weather.name()]),
        Fact::new(Attribute::Text, Vec::<String>::new()),
    ];
    let animals = if scene.count == 1 {
        scene.animal.noun()
    } else {
        scene.animal.plural()
    };
    (
        format!(
            "{} {animals} at {}, {}",
            scene.count,
            scene.time.name(),
            scene.weather.name()
        ),
        rows,
    )
}

#[cfg(test)]
mod tests;
