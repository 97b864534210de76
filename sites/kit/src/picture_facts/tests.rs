//! Every question form of the ground-truth grammar (docs/evaluation-modes.md) against
//! pictures the kit draws, with true and false answers and what it refuses to tell.

use super::*;
use evaluators::EvalMode;
use evaluators::judge::truth::{Unanswered, ask};
use imagery::Backdrop;

fn product(kind: ObjectKind, model: usize, primary: NamedColor) -> ImageSpec {
    ImageSpec {
        model: kind.model_at(model),
        primary,
        secondary: None,
        count: 1,
        pattern: Pattern::Solid,
        text: None,
        backdrop: Backdrop::at(0),
        variation: 7,
    }
}

/// Two red sedans striped white, under a sign "SALE".
fn sedans() -> PictureFacts {
    facts_of(&Picture::Product(ImageSpec {
        secondary: Some(NamedColor::White),
        count: 2,
        pattern: Pattern::Striped,
        text: Some("SALE".into()),
        ..product(ObjectKind::Car, 0, NamedColor::Red)
    }))
}

fn answer(question: &str, facts: &PictureFacts) -> String {
    match ask(question, facts) {
        Ok(answer) => answer.text,
        Err(error) => panic!("{question}: no answer ({error}) for {}", facts.summary),
    }
}

fn unanswered(question: &str, facts: &PictureFacts) -> Unanswered {
    match ask(question, facts) {
        Ok(answer) => panic!("{question}: answered {} for {}", answer.text, facts.summary),
        Err(error) => error,
    }
}

fn check(facts: &PictureFacts, cases: &[(&str, &str)]) {
    for (question, expected) in cases {
        assert_eq!(
            answer(question, facts),
            *expected,
            "{question} ({})",
            facts.summary
        );
    }
}

#[test]
fn kind_and_drawing() {
    check(
        &sedans(),
        &[
            ("Is this a car? (yes/no)", "yes"),
            ("Is this a sedan?", "yes"),
            ("Is this a photo of a sofa? (yes/no)", "no"),
            ("Does the picture contain a bicycle?", "no"),
            ("Is there a guitar in the picture?", "no"),
            ("Is this a pickup truck?", "no"),
            ("Is this a red car?", "yes"),
            ("Is this a blue car?", "no"),
            ("What is this?", "car"),
            ("What kind of car is this?", "sedan"),
        ],
    );
    // A pickup truck's drawing is not listed as a car: a person might call it one or not.
    let pickup = facts_of(&Picture::Product(product(
        ObjectKind::Car,
        2,
        NamedColor::Black,
    )));
    assert!(unanswered("Is this a car?", &pickup).is_not_tellable());
    check(
        &pickup,
        &[
            ("Is this a pickup truck?", "yes"),
            ("Is this a sofa?", "no"),
        ],
    );
    let bike = facts_of(&Picture::Product(product(
        ObjectKind::Bicycle,
        0,
        NamedColor::Green,
    )));
    check(
        &bike,
        &[
            ("Is this a bicycle?", "yes"),
            ("Is this a bike?", "yes"),
            ("Is this a motorcycle?", "no"),
            ("Is this a road bike?", "yes"),
            ("Is this a mountain bike?", "no"),
        ],
    );
}

#[test]
fn colour_pattern_and_count() {
    let sedans = sedans();
    check(
        &sedans,
        &[
            ("Is the color of the product red? (yes/no)", "yes"),
            ("Is the color of the product black? (yes/no)", "no"),
            ("What color is the car?", "red"),
            ("Is it green?", "no"),
            ("Is it striped?", "yes"),
            ("Does it have stripes?", "yes"),
            ("Is the car dotted?", "no"),
            ("What pattern does the car have?", "striped"),
            ("How many cars are there?", "2"),
            ("How many sofas are in the picture?", "0"),
            ("Are there two cars?", "yes"),
            ("Are there three cars?", "no"),
        ],
    );
    // White is the stripes' colour, pink and orange look-alikes of red: no answer.
    for question in ["Is the car white?", "Is it pink?", "Is it orange?"] {
        assert!(
            unanswered(question, &sedans).is_not_tellable(),
            "{question}"
        );
    }
    // Gray reads as silver and white to people.
    let gray = facts_of(&Picture::Product(product(
        ObjectKind::Sofa,
        0,
        NamedColor::Gray,
    )));
    assert!(
        ask("What colour is it?", &gray)
            .unwrap()
            .answers("grey", EvalMode::Correct)
    );
    assert!(unanswered("Is it silver?", &gray).is_not_tellable());
    check(&gray, &[("Is it plain?", "yes"), ("Is it red?", "no")]);
}

#[test]
fn printed_text() {
    check(
        &sedans(),
        &[
            ("What is written on the sign?", "SALE"),
            ("Does the sign say \"SALE\"?", "yes"),
            ("Does it say OPEN?", "no"),
            ("Is there any text in the picture?", "yes"),
        ],
    );
    let plain = facts_of(&Picture::Product(product(
        ObjectKind::Lamp,
        0,
        NamedColor::Blue,
    )));
    check(
        &plain,
        &[
            ("Is there any text in the picture?", "no"),
            ("Does it say SALE?", "no"),
        ],
    );
    let chart = facts_of(&Picture::Chart(ChartSpec {
        kind: imagery::ChartKind::Bar,
        title: "Visitors".into(),
        labels: vec!["Mon".into(), "Tue".into()],
        values: vec![3, 9],
        colour: NamedColor::Blue,
    }));
    check(
        &chart,
        &[
            ("Is this a chart?", "yes"),
            ("Is this a bar chart?", "yes"),
            ("Is this a pie chart?", "no"),
            ("Does the chart say Visitors?", "yes"),
            ("Does it say Sunday?", "no"),
        ],
    );
    let meme = facts_of(&Picture::Meme(MemeSpec {
        top: "when the build".into(),
        bottom: "finally passes".into(),
        subject: ObjectKind::Guitar,
        colour: NamedColor::Yellow,
        backdrop: Backdrop::at(0),
        variation: 3,
    }));
    check(
        &meme,
        &[
            ("Does it say \"finally passes\"?", "yes"),
            ("Is there a guitar in the picture?", "yes"),
            ("What color is the guitar?", "yellow"),
        ],
    );
}

#[test]
fn scenes() {
    let scene = facts_of(&Picture::Landscape(LandscapeSpec {
        time: TimeOfDay::Night,
        weather: Weather::Snowy,
        animal: Animal::Sheep,
        count: 3,
        variation: 1,
    }));
    check(
        &scene,
        &[
            ("Is this a photo taken at night? (yes/no)", "yes"),
            ("Is it noon?", "no"),
            ("What time of day is it?", "night"),
            ("Is it snowing?", "yes"),
            ("Is it raining?", "no"),
            ("What is the weather like?", "snowy"),
            ("What animal is in the picture?", "sheep"),
            ("Is there a dog in the picture?", "no"),
            ("How many sheep are there?", "3"),
            ("Are there two sheep?", "no"),
            ("Is there any text in the picture?", "no"),
        ],
    );
}

#[test]
fn what_the_spec_does_not_tell_is_not_answered() {
    let sedans = sedans();
    // No spec tells material or condition yet.
    assert!(unanswered("Is it made of wood?", &sedans).is_not_tellable());
    assert!(unanswered("Is the car brand new?", &sedans).is_not_tellable());
    assert!(unanswered("Describe the picture.", &sedans).is_not_in_grammar());
    assert!(matches!(
        unanswered("Is this a cactus?", &sedans),
        Unanswered::OutsideVocabulary(_)
    ));
}

#[test]
fn every_kind_and_drawing_is_named_by_the_vocabulary() {
    for kind in ObjectKind::ALL {
        for (index, model) in kind.models().iter().enumerate() {
            let facts = facts_of(&Picture::Product(product(kind, index, NamedColor::Red)));
            let name = model.name().to_lowercase();
            assert_eq!(
                answer(&format!("Is this a {name}?"), &facts),
                "yes",
                "{kind:?} {name}"
            );
            assert_eq!(answer("How many objects are there?", &facts), "1");
        }
    }
}

#[test]
fn foils_are_answered_no_for_every_colour_kind_and_scene() {
    for kind in ObjectKind::ALL {
        for primary in NamedColor::ALL {
            for secondary in [None, Some(NamedColor::White), Some(NamedColor::Black)] {
                let spec = ImageSpec {
                    secondary,
                    pattern: if secondary.is_some() {
                        Pattern::Striped
                    } else {
                        Pattern::Solid
                    },
                    ..product(kind, 0, primary)
                };
                let facts = facts_of(&Picture::Product(spec.clone()));
                let colour = foil_colour(&spec).expect("a foil colour");
                assert_eq!(
                    answer(&format!("Is the item {}?", colour.name()), &facts),
                    "no"
                );
                let foil = foil_kind(&spec).expect("a foil kind");
                assert_eq!(
                    answer(&format!("Is this a {}?", foil.noun()), &facts),
                    "no",
                    "{}",
                    facts.summary
                );
            }
        }
    }
    let scene = LandscapeSpec {
        time: TimeOfDay::Noon,
        weather: Weather::Snowy,
        animal: Animal::Duck,
        count: 3,
        variation: 1,
    };
    let (time, weather, animal) = foil_scene(&scene);
    let facts = facts_of(&Picture::Landscape(scene));
    check(
        &facts,
        &[
            (&format!("Is it {}?", time.name()), "no"),
            (&format!("Is it {}?", weather.name()), "no"),
            (
                &format!("Is there a {} in the picture?", animal.noun()),
                "no",
            ),
        ],
    );
}
