//! What a picture Agora drew shows, as the ground-truth judge reads it: one row per
//! attribute, each naming the values the picture shows and the values a person could take
//! it for, over a vocabulary of every value a person could name.
//!
//! The rows are made from the picture's spec by whoever owns the spec (the sites' kit); the
//! judge knows only these types. A new attribute of the spec model is a new row, and a new
//! value (a colour, a model) a new vocabulary term.

use std::collections::BTreeMap;
use std::sync::Arc;

/// A kind of fact a picture can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Attribute {
    /// The kind of object ("car", "sofa") or of chart ("chart").
    Kind,
    /// The kind's named variant ("pickup truck", "bar chart").
    SubType,
    /// The animal a scene shows.
    Animal,
    /// The object's colour (the main one first).
    Colour,
    /// The surface pattern ("striped").
    Pattern,
    /// What the object is made of.
    Material,
    /// The object's condition ("new", "worn").
    Condition,
    /// How many objects (or animals) the picture shows.
    Count,
    /// Text printed in the picture (a sign, a label, a caption, a chart's title and labels).
    Text,
    /// When a scene is set ("night").
    TimeOfDay,
    /// The weather of a scene ("snowy").
    Weather,
}

impl Attribute {
    /// Every attribute, in the order a value is looked up in when a question does not say
    /// which attribute it asks about ("is it red?").
    pub const ALL: [Attribute; 11] = [
        Attribute::Kind,
        Attribute::SubType,
        Attribute::Animal,
        Attribute::Colour,
        Attribute::Pattern,
        Attribute::Material,
        Attribute::Condition,
        Attribute::Count,
        Attribute::Text,
        Attribute::TimeOfDay,
        Attribute::Weather,
    ];

    /// The attributes that say what a thing is: "is this a car?" asks each.
    pub const IDENTITY: [Attribute; 3] = [Attribute::Kind, Attribute::SubType, Attribute::Animal];

    /// The attributes that describe a thing: "a red striped sofa" names some of them.
    pub const DESCRIPTIVE: [Attribute; 4] = [
        Attribute::Colour,
        Attribute::Pattern,
        Attribute::Material,
        Attribute::Condition,
    ];

    /// The attribute's name in reports ("time of day").
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Kind => "kind",
            Attribute::SubType => "sub-type",
            Attribute::Animal => "animal",
            Attribute::Colour => "colour",
            Attribute::Pattern => "pattern",
            Attribute::Material => "material",
            Attribute::Condition => "condition",
            Attribute::Count => "count",
            Attribute::Text => "printed text",
            Attribute::TimeOfDay => "time of day",
            Attribute::Weather => "weather",
        }
    }
}

/// One value an attribute can take: its name and every word or phrase that names it
/// (lower case: singular and plural, spellings, synonyms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The value's name, as the judge answers it ("gray", "pickup truck").
    pub name: String,
    /// The words that name it, its name included ("gray", "grey").
    pub words: Vec<String>,
    /// A loose term names some pictures' things but says nothing about the others: a
    /// picture not listed under it is not told apart from it ("vehicle", "bike": a cruiser
    /// motorcycle is not listed under "bike", yet a person may call it one). Asked about, it
    /// is yes or not answered, never no.
    pub loose: bool,
}

impl Term {
    /// A term named `name`, called also by `words` (the name is added when missing).
    pub fn new(
        name: impl Into<String>,
        words: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        let name = name.into().to_lowercase();
        let mut all = vec![name.clone()];
        for word in words {
            let word = word.into().to_lowercase();
            if !all.contains(&word) {
                all.push(word);
            }
        }
        Term {
            name,
            words: all,
            loose: false,
        }
    }

    /// A loose term (see [`Term::loose`]): yes where a picture shows it, else not answered.
    pub fn loose(
        name: impl Into<String>,
        words: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        Term {
            loose: true,
            ..Term::new(name, words)
        }
    }

    /// Whether `phrase` (lower case) names this value.
    pub fn named_by(&self, phrase: &str) -> bool {
        self.words.iter().any(|word| word == phrase)
    }
}

/// Every value a person could name, per attribute: what a question may ask about. A value
/// outside it is outside the grammar (the judge does not guess).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Vocabulary {
    terms: BTreeMap<Attribute, Vec<Term>>,
}

impl Vocabulary {
    /// An empty vocabulary.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `term` to `attribute`'s values (a term of the same name gains its words).
    pub fn add(&mut self, attribute: Attribute, term: Term) {
        let terms = self.terms.entry(attribute).or_default();
        match terms.iter_mut().find(|known| known.name == term.name) {
            Some(known) => {
                // A value some attribute names exactly is never loose.
                known.loose &= term.loose;
                for word in term.words {
                    if !known.words.contains(&word) {
                        known.words.push(word);
                    }
                }
            }
            None => terms.push(term),
        }
    }

    /// The values of `attribute`.
    pub fn terms(&self, attribute: Attribute) -> &[Term] {
        self.terms.get(&attribute).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The term of `attribute` that `phrase` (lower case) names, if any.
    pub fn find(&self, attribute: Attribute, phrase: &str) -> Option<&Term> {
        self.terms(attribute)
            .iter()
            .find(|term| term.named_by(phrase))
    }

    /// The term of `attribute` named `name`.
    pub fn named(&self, attribute: Attribute, name: &str) -> Option<&Term> {
        self.terms(attribute).iter().find(|term| term.name == name)
    }
}

/// One row of a picture's facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    /// What the row is about.
    pub attribute: Attribute,
    /// The values the picture shows, the main one first: vocabulary names, a number for
    /// [`Attribute::Count`], each printed text as drawn for [`Attribute::Text`] (the row is
    /// then the whole of the picture's text: nothing else is written in it).
    pub shown: Vec<String>,
    /// Values a person could take the picture for though it does not show them (a look-alike
    /// colour, the second colour of a trim, a more general noun a drawing is not listed
    /// under): asked about, they are neither yes nor no, so the judge does not answer.
    pub unsure: Vec<String>,
}

impl Fact {
    /// A row showing `shown`, with nothing a person could mistake.
    pub fn new(attribute: Attribute, shown: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Fact {
            attribute,
            shown: shown.into_iter().map(Into::into).collect(),
            unsure: Vec::new(),
        }
    }

    /// The same row with these values a person could take it for.
    pub fn unsure(mut self, unsure: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.unsure.extend(unsure.into_iter().map(Into::into));
        self
    }
}

/// Everything a person can tell from one picture Agora drew: only the facts its spec marks
/// as tellable are rows; an attribute without a row is not told (the judge does not answer
/// questions about it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureFacts {
    /// What the picture shows, in a few words ("2 red sedans, striped white"), for reports.
    pub summary: String,
    /// The rows, at most one per attribute.
    pub facts: Vec<Fact>,
    /// Every value a question may name.
    pub vocabulary: Arc<Vocabulary>,
}

impl PictureFacts {
    /// The row of `attribute`, if the picture tells it.
    pub fn fact(&self, attribute: Attribute) -> Option<&Fact> {
        self.facts.iter().find(|fact| fact.attribute == attribute)
    }
}
