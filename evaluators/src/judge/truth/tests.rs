//! Every form of the grammar on hand-made facts, with true, false and untold answers. The
//! seeded pictures' own facts are tested where they are made (the sites' kit).

use super::facts::{Attribute, Fact, PictureFacts, Term, Vocabulary};
use super::*;
use std::sync::Arc;

fn vocabulary() -> Arc<Vocabulary> {
    let mut vocabulary = Vocabulary::new();
    for (name, words) in [
        ("car", vec!["cars"]),
        ("sofa", vec!["sofas", "couch"]),
        ("toy vehicle", vec!["toy vehicles"]),
        ("shoes", vec!["shoe"]),
        ("chart", vec!["charts", "graph"]),
    ] {
        vocabulary.add(Attribute::Kind, Term::new(name, words));
    }
    for (name, words) in [
        ("sedan", vec!["sedans"]),
        ("pickup truck", vec!["pickup trucks"]),
        ("toy car", vec!["toy cars"]),
        ("bar chart", vec!["bar graph"]),
    ] {
        vocabulary.add(Attribute::SubType, Term::new(name, words));
    }
    vocabulary.add(Attribute::SubType, Term::loose("vehicle", ["vehicles"]));
    for name in ["dog", "cat"] {
        vocabulary.add(Attribute::Animal, Term::new(name, [format!("{name}s")]));
    }
    for name in ["red", "white", "pink", "blue", "black"] {
        vocabulary.add(Attribute::Colour, Term::new(name, Vec::<String>::new()));
    }
    vocabulary.add(Attribute::Colour, Term::new("gray", ["grey"]));
    vocabulary.add(
        Attribute::Pattern,
        Term::new("striped", ["stripes", "stripy"]),
    );
    vocabulary.add(Attribute::Pattern, Term::new("solid", ["plain"]));
    vocabulary.add(
        Attribute::Material,
        Term::new("leather", Vec::<String>::new()),
    );
    vocabulary.add(Attribute::Material, Term::new("wood", ["wooden"]));
    vocabulary.add(Attribute::Condition, Term::new("used", ["worn"]));
    vocabulary.add(Attribute::Condition, Term::new("new", ["brand new"]));
    vocabulary.add(Attribute::TimeOfDay, Term::new("night", ["nighttime"]));
    vocabulary.add(Attribute::TimeOfDay, Term::new("noon", ["midday"]));
    vocabulary.add(Attribute::Weather, Term::new("snowy", ["snowing"]));
    vocabulary.add(Attribute::Weather, Term::new("clear", Vec::<String>::new()));
    Arc::new(vocabulary)
}

/// Two red sedans with white stripes, made of leather (say), used, under a sign "SALE 2024".
fn sedans() -> PictureFacts {
    PictureFacts {
        summary: "2 red sedans".into(),
        facts: vec![
            Fact::new(Attribute::Kind, ["car"]),
            Fact::new(Attribute::SubType, ["sedan", "vehicle"]),
            Fact::new(Attribute::Colour, ["red"]).unsure(["white", "pink"]),
            Fact::new(Attribute::Pattern, ["striped"]),
            Fact::new(Attribute::Material, ["leather"]),
            Fact::new(Attribute::Condition, ["used"]),
            Fact::new(Attribute::Count, ["2"]),
            Fact::new(Attribute::Text, ["SALE 2024"]),
        ],
        vocabulary: vocabulary(),
    }
}

/// A pickup truck, which its drawing does not list as a car.
fn pickup() -> PictureFacts {
    PictureFacts {
        summary: "a black pickup truck".into(),
        facts: vec![
            Fact::new(Attribute::Kind, Vec::<String>::new()).unsure(["car"]),
            Fact::new(Attribute::SubType, ["pickup truck", "vehicle"]),
            Fact::new(Attribute::Colour, ["black"]),
            Fact::new(Attribute::Count, ["1"]),
            Fact::new(Attribute::Text, Vec::<String>::new()),
        ],
        vocabulary: vocabulary(),
    }
}

/// A toy car.
fn toy_car() -> PictureFacts {
    PictureFacts {
        summary: "a blue toy car".into(),
        facts: vec![
            Fact::new(Attribute::Kind, ["toy vehicle"]),
            Fact::new(Attribute::SubType, ["toy car"]),
            Fact::new(Attribute::Colour, ["blue"]),
            Fact::new(Attribute::Count, ["1"]),
            Fact::new(Attribute::Text, Vec::<String>::new()),
        ],
        vocabulary: vocabulary(),
    }
}

/// Three dogs in the snow at night.
fn dogs_at_night() -> PictureFacts {
    PictureFacts {
        summary: "3 dogs".into(),
        facts: vec![
            Fact::new(Attribute::Animal, ["dog"]),
            Fact::new(Attribute::Count, ["3"]),
            Fact::new(Attribute::TimeOfDay, ["night"]),
            Fact::new(Attribute::Weather, ["snowy"]),
            Fact::new(Attribute::Text, Vec::<String>::new()),
        ],
        vocabulary: vocabulary(),
    }
}

fn answer(question: &str, facts: &PictureFacts) -> String {
    match ask(question, facts) {
        Ok(answer) => answer.text,
        Err(error) => panic!("{question}: no answer ({error})"),
    }
}

fn unanswered(question: &str, facts: &PictureFacts) -> Unanswered {
    match ask(question, facts) {
        Ok(answer) => panic!("{question}: answered {}", answer.text),
        Err(error) => error,
    }
}

#[test]
fn kind_and_sub_type_questions_answer_yes_and_no() {
    let sedans = sedans();
    for (question, expected) in [
        ("Is this a car? (yes/no)", "yes"),
        ("Is this a sedan?", "yes"),
        ("Is this a photo of a sofa?", "no"),
        ("Is there a sofa in the picture?", "no"),
        ("Does the picture contain a car?", "yes"),
        ("Is this a pickup truck?", "no"),
        ("Is there a dog in this photo?", "no"),
        ("Is this a red car?", "yes"),
        ("Is this a blue car?", "no"),
        ("Is this a black sofa?", "no"),
        ("Is the product a sedan?", "yes"),
        ("What is this?", "car"),
        ("What kind of car is this?", "sedan"),
        ("What object is shown in the picture?", "car"),
    ] {
        assert_eq!(answer(question, &sedans), expected, "{question}");
    }
    // Plurals and spellings name the same thing.
    assert_eq!(answer("Are there any cars in the picture?", &sedans), "yes");
}

#[test]
fn a_word_a_person_might_use_either_way_is_not_answered() {
    // The pickup's drawing is not listed as a car; a person might still call it one.
    assert!(unanswered("Is this a car?", &pickup()).is_not_tellable());
    assert_eq!(answer("Is this a pickup truck?", &pickup()), "yes");
    // "car" is more general than the toy car shown.
    assert!(unanswered("Is this a car?", &toy_car()).is_not_tellable());
    assert_eq!(answer("Is this a toy car?", &toy_car()), "yes");
    // A loose word is yes where listed, never no.
    assert_eq!(answer("Is this a vehicle?", &sedans()), "yes");
    assert!(unanswered("Is this a vehicle?", &toy_car()).is_not_tellable());
}

#[test]
fn colour_questions() {
    let sedans = sedans();
    for (question, expected) in [
        ("Is the color of the product red? (yes/no)", "yes"),
        ("Is the colour of the product black?", "no"),
        ("Is the car red?", "yes"),
        ("Is this car blue?", "no"),
        ("Is it red?", "yes"),
        ("Is the main color gray?", "no"),
        ("What color is the car?", "red"),
        ("What is the color of the product?", "red"),
        ("What colour is it?", "red"),
    ] {
        assert_eq!(answer(question, &sedans), expected, "{question}");
    }
    // The second colour and a look-alike are neither yes nor no.
    assert!(unanswered("Is the car white?", &sedans).is_not_tellable());
    assert!(unanswered("Is it pink?", &sedans).is_not_tellable());
    // A subject the picture does not show makes no question about it.
    assert!(unanswered("Is the sofa red?", &sedans).is_not_tellable());
    // A colour the vocabulary lacks is outside it.
    assert!(matches!(
        unanswered("Is the car magenta?", &sedans),
        Unanswered::OutsideVocabulary(_)
    ));
}

#[test]
fn pattern_material_and_condition_questions() {
    let sedans = sedans();
    for (question, expected) in [
        ("Is it striped?", "yes"),
        ("Is the car plain?", "no"),
        ("Does it have stripes?", "yes"),
        ("Does this item have a striped pattern?", "yes"),
        ("Is the pattern solid?", "no"),
        ("What pattern does the car have?", "striped"),
        ("What is the pattern of the car?", "striped"),
        ("Is the car made of leather?", "yes"),
        ("Is it made of wood?", "no"),
        ("What is it made of?", "leather"),
        ("What material is the car?", "leather"),
        ("Is the car used?", "yes"),
        ("Is the car brand new?", "no"),
        ("What condition is the car in?", "used"),
        ("What is the condition of the car?", "used"),
    ] {
        assert_eq!(answer(question, &sedans), expected, "{question}");
    }
    // A picture whose spec has no material row does not tell it.
    assert!(unanswered("What is it made of?", &pickup()).is_not_tellable());
    assert!(unanswered("Is it made of leather?", &pickup()).is_not_tellable());
}

#[test]
fn count_questions() {
    let sedans = sedans();
    for (question, expected) in [
        ("How many cars are there?", "2"),
        ("How many sedans are in the picture?", "2"),
        ("How many red cars can you see?", "2"),
        ("How many sofas are there?", "0"),
        ("How many objects are in the picture?", "2"),
        ("Are there two cars?", "yes"),
        ("Are there 3 cars in the picture?", "no"),
        ("Does the picture show two sedans?", "yes"),
        ("Is there one car?", "no"),
    ] {
        assert_eq!(answer(question, &sedans), expected, "{question}");
    }
    let dogs = dogs_at_night();
    assert_eq!(answer("How many dogs are in the picture?", &dogs), "3");
    assert_eq!(answer("How many animals are there?", &dogs), "3");
    assert_eq!(answer("How many cats are there?", &dogs), "0");
    assert_eq!(answer("Are there three dogs?", &dogs), "yes");
}

#[test]
fn printed_text_questions() {
    let sedans = sedans();
    for (question, expected) in [
        ("What is written on the sign?", "SALE 2024"),
        ("What does the sign say?", "SALE 2024"),
        ("What text is printed on it?", "SALE 2024"),
        ("Does the sign say \"SALE 2024\"?", "yes"),
        ("Does it say sale?", "yes"),
        ("Does it say OPEN?", "no"),
        ("Is 'SALE' written on the sign?", "yes"),
        ("Is there any text in the picture?", "yes"),
        ("Is anything written on it?", "yes"),
    ] {
        assert_eq!(answer(question, &sedans), expected, "{question}");
    }
    assert_eq!(answer("Is there any text in the picture?", &pickup()), "no");
    assert_eq!(answer("Does it say SALE?", &pickup()), "no");
    assert!(unanswered("What is written on it?", &pickup()).is_not_tellable());
}

#[test]
fn scene_questions() {
    let dogs = dogs_at_night();
    for (question, expected) in [
        ("Is this a photo taken at night? (yes/no)", "yes"),
        ("Is it night?", "yes"),
        ("Is it noon?", "no"),
        ("What time of day is it?", "night"),
        ("What is the time of day in the picture?", "night"),
        ("Is it snowing?", "yes"),
        ("Is the weather clear?", "no"),
        ("What is the weather like?", "snowy"),
        ("Is there a dog in the picture?", "yes"),
        ("Is there a cat?", "no"),
        ("Can you see a cat?", "no"),
        ("Do you see any dogs here?", "yes"),
        ("What animal is in the picture?", "dog"),
        ("Does the picture show a car?", "no"),
    ] {
        assert_eq!(answer(question, &dogs), expected, "{question}");
    }
    // A product photo has no time of day.
    assert!(unanswered("Is it night?", &sedans()).is_not_tellable());
}

#[test]
fn questions_outside_the_grammar_get_no_answer() {
    let sedans = sedans();
    for question in [
        "Why is the car red?",
        "Describe the picture.",
        "Who owns this?",
    ] {
        assert!(
            unanswered(question, &sedans).is_not_in_grammar(),
            "{question}"
        );
    }
    assert!(matches!(
        unanswered("Is this a cactus?", &sedans),
        Unanswered::OutsideVocabulary(_)
    ));
    assert!(matches!(
        unanswered("Does this item have a leopard print pattern?", &sedans),
        Unanswered::OutsideVocabulary(_)
    ));
}

#[test]
fn answers_match_the_expected_answer_by_mode() {
    let sedans = sedans();
    let count = ask("How many cars are there?", &sedans).unwrap();
    assert!(count.answers("2", EvalMode::Correct));
    assert!(count.answers("two", EvalMode::Correct));
    assert!(!count.answers("3", EvalMode::Correct));
    // VWA's rule is a substring of the reply: "two" is not in "2".
    assert!(!count.answers("two", EvalMode::Vwa));
    let colour = ask("What color is the car?", &sedans).unwrap();
    assert!(colour.answers("Red.", EvalMode::Correct));
    assert!(!colour.answers("pink", EvalMode::Correct));
    let gray = PictureFacts {
        facts: vec![Fact::new(Attribute::Colour, ["gray"])],
        ..sedans.clone()
    };
    assert!(
        ask("What color is it?", &gray)
            .unwrap()
            .answers("grey", EvalMode::Correct)
    );
    let yes = ask("Is it red?", &sedans).unwrap();
    assert!(yes.answers("yes", EvalMode::Correct) && yes.answers("Yes", EvalMode::Vwa));
    assert!(!yes.answers("no", EvalMode::Correct));
    let text = ask("What is written on it?", &sedans).unwrap();
    assert!(text.answers("sale  2024", EvalMode::Correct));
    assert!(text.answers("sale", EvalMode::Vwa));
    assert!(!text.answers("sale", EvalMode::Correct));
}
