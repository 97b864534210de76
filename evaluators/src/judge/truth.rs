//! The ground-truth judge: a question about a picture Agora drew, in a closed grammar
//! ([`grammar`]), answered exactly from the picture's facts ([`facts`]) with no model.
//!
//! A question outside the grammar, a value outside the vocabulary, or a fact the picture
//! does not tell (an attribute without a row, a value a person could take the picture for)
//! gets no answer ([`Unanswered`]): the evaluator then asks the vision model, if one is
//! configured. The judge never guesses.

pub mod copies;
pub mod facts;
mod grammar;

use crate::mode::EvalMode;
use facts::{Attribute, Fact, PictureFacts, Term};
use grammar::{PICTURE_WORDS, Question};

/// Why the judge gives no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unanswered {
    /// No form of the grammar (docs/evaluation-modes.md) matches the question.
    #[error("the question is outside the ground-truth grammar")]
    NotInGrammar,
    /// The question names something the vocabulary does not hold.
    #[error("{0}")]
    OutsideVocabulary(String),
    /// The picture does not tell the fact asked for.
    #[error("{0}")]
    NotTellable(String),
}

impl Unanswered {
    /// Whether no form of the grammar matches the question.
    pub fn is_not_in_grammar(&self) -> bool {
        matches!(self, Unanswered::NotInGrammar)
    }

    /// Whether the question is in the grammar but the picture does not tell its answer.
    pub fn is_not_tellable(&self) -> bool {
        matches!(self, Unanswered::NotTellable(_))
    }
}

/// What kind of answer the judge gave.
#[derive(Debug, Clone, PartialEq, Eq)]
enum AnswerKind {
    /// `yes` or `no`.
    YesNo,
    /// A count.
    Number(u32),
    /// A value of the vocabulary, with the words that name it.
    Term(Vec<String>),
    /// Printed text.
    Text,
}

/// The judge's answer to one question about one picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruthAnswer {
    /// The answer as a reply would give it: `yes`, `no`, `3`, `red`, the printed text.
    pub text: String,
    kind: AnswerKind,
}

impl TruthAnswer {
    fn yes_no(yes: bool) -> Self {
        TruthAnswer {
            text: if yes { "yes" } else { "no" }.to_owned(),
            kind: AnswerKind::YesNo,
        }
    }

    /// Whether this answer gives `expected`: in `vwa` mode VWA's rule for a model's reply
    /// (the expected answer, lower-cased, is a substring of it); otherwise the expected answer
    /// must mean the same: `yes`/`no` exactly, a count as digits or a word (`2`, `two`), a
    /// value by any word that names it (`grey` for gray), printed text ignoring case and
    /// spacing.
    pub fn answers(&self, expected: &str, mode: EvalMode) -> bool {
        if mode == EvalMode::Vwa {
            return self.text.to_lowercase().contains(&expected.to_lowercase());
        }
        let expected = crate::judge::normalize_reply(expected);
        match &self.kind {
            AnswerKind::YesNo => expected == self.text,
            AnswerKind::Number(count) => grammar::number(&expected) == Some(*count),
            AnswerKind::Term(words) => words.contains(&expected),
            AnswerKind::Text => squeeze(&expected) == squeeze(&self.text.to_lowercase()),
        }
    }
}

/// Text with every run of whitespace one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Answers `question` about the picture `facts` describe.
pub fn ask(question: &str, facts: &PictureFacts) -> Result<TruthAnswer, Unanswered> {
    let parsed = grammar::parse(&grammar::normalise(question)).ok_or(Unanswered::NotInGrammar)?;
    let reader = Reader { facts };
    match parsed {
        Question::Shows(thing) => reader.thing(&thing)?.answer(),
        Question::CountIs(count, thing) => {
            let shown = reader.count_of(&thing)?;
            Ok(TruthAnswer::yes_no(shown == count))
        }
        Question::HowMany(thing) => {
            let count = reader.count_of(&thing)?;
            Ok(TruthAnswer {
                text: count.to_string(),
                kind: AnswerKind::Number(count),
            })
        }
        Question::Is { attribute, phrase } => reader.is(attribute, &phrase)?.answer(),
        Question::What { attribute, subject } => {
            reader.subject(&subject)?;
            reader.value_of(attribute)
        }
        Question::WhatKind(noun) => reader.what_kind(&noun),
        Question::Says(text) => {
            let printed = reader.printed()?;
            let wanted = squeeze(&text.to_lowercase());
            Ok(TruthAnswer::yes_no(printed.iter().any(|shown| {
                let shown = squeeze(&shown.to_lowercase());
                shown == wanted || contains_words(&shown, &wanted)
            })))
        }
        Question::HasText => Ok(TruthAnswer::yes_no(!reader.printed()?.is_empty())),
        Question::WhatWritten => {
            let printed = reader.printed()?;
            if printed.is_empty() {
                return Err(Unanswered::NotTellable(
                    "nothing is written in the picture".to_owned(),
                ));
            }
            Ok(TruthAnswer {
                text: printed.join(" "),
                kind: AnswerKind::Text,
            })
        }
    }
}

/// Whether `text` holds `words` as whole words.
fn contains_words(text: &str, words: &str) -> bool {
    !words.is_empty()
        && text.match_indices(words).any(|(at, found)| {
            let before = text[..at].chars().next_back();
            let after = text[at + found.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}

/// Three-valued truth: a person looking at the picture says yes, says no, or cannot tell.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Truth {
    Yes,
    No,
    /// Why a person could not tell.
    Unsure(String),
}

impl Truth {
    /// Both hold: a definite no wins, then not knowing.
    fn and(self, other: Truth) -> Truth {
        match (self, other) {
            (Truth::No, _) | (_, Truth::No) => Truth::No,
            (Truth::Unsure(why), _) | (_, Truth::Unsure(why)) => Truth::Unsure(why),
            _ => Truth::Yes,
        }
    }

    fn answer(self) -> Result<TruthAnswer, Unanswered> {
        match self {
            Truth::Yes => Ok(TruthAnswer::yes_no(true)),
            Truth::No => Ok(TruthAnswer::yes_no(false)),
            Truth::Unsure(why) => Err(Unanswered::NotTellable(why)),
        }
    }
}

/// What a noun phrase names: something the identity rows answer, or anything at all.
enum Named<'a> {
    /// A value of an identity attribute.
    Term(&'a Term),
    /// Any object ("item", "product").
    AnyObject,
    /// Any animal.
    AnyAnimal,
}

/// Nouns that name any object or any animal.
const ANY_OBJECT: [&str; 8] = [
    "object", "objects", "item", "items", "thing", "things", "product", "products",
];
const ANY_ANIMAL: [&str; 2] = ["animal", "animals"];

/// Reads questions' phrases against one picture's facts.
struct Reader<'a> {
    facts: &'a PictureFacts,
}

impl<'a> Reader<'a> {
    /// The noun a phrase ends with, the longest that names something, and the words before it.
    fn noun(&self, words: &[&'a str]) -> Option<(Named<'a>, usize)> {
        let vocabulary = &self.facts.vocabulary;
        (0..words.len()).find_map(|start| {
            let phrase = words[start..].join(" ");
            if ANY_OBJECT.contains(&phrase.as_str()) {
                return Some((Named::AnyObject, start));
            }
            if ANY_ANIMAL.contains(&phrase.as_str()) {
                return Some((Named::AnyAnimal, start));
            }
            Attribute::IDENTITY.iter().find_map(|&attribute| {
                vocabulary
                    .find(attribute, &phrase)
                    .map(|term| (Named::Term(term), start))
            })
        })
    }

    /// Whether the picture shows what `named` names.
    fn shows(&self, named: &Named<'_>) -> Truth {
        let identity: Vec<&Fact> = Attribute::IDENTITY
            .iter()
            .filter_map(|&attribute| self.facts.fact(attribute))
            .collect();
        match named {
            Named::AnyObject => match self.facts.fact(Attribute::Kind) {
                Some(_) => Truth::Yes,
                None => Truth::Unsure("the picture shows no object of a kind".to_owned()),
            },
            Named::AnyAnimal => match self.facts.fact(Attribute::Animal) {
                Some(_) => Truth::Yes,
                None => Truth::Unsure(
                    "the ground truth does not tell animals apart from the objects of this picture"
                        .to_owned(),
                ),
            },
            Named::Term(term) => {
                if identity.is_empty() {
                    return Truth::Unsure(
                        "the ground truth does not say what this picture shows".to_owned(),
                    );
                }
                let rows = || identity.iter().copied();
                if rows().any(|fact| fact.shown.contains(&term.name)) {
                    return Truth::Yes;
                }
                let shown_words: Vec<&String> = rows()
                    .flat_map(|fact| &fact.shown)
                    .filter_map(|name| {
                        Attribute::IDENTITY
                            .iter()
                            .find_map(|&attribute| self.facts.vocabulary.named(attribute, name))
                    })
                    .flat_map(|term| &term.words)
                    .collect();
                // A more general noun than a thing shown ("car" for a toy car).
                let general = shown_words.iter().any(|shown| {
                    term.words
                        .iter()
                        .any(|word| shown.ends_with(&format!(" {word}")))
                });
                if general || rows().any(|fact| fact.unsure.contains(&term.name)) {
                    return Truth::Unsure(format!(
                        "a person could call what the picture shows a {} or not",
                        term.name
                    ));
                }
                if term.loose {
                    return Truth::Unsure(format!(
                        "`{}` is a loose word: a picture not listed under it may still be one",
                        term.name
                    ));
                }
                Truth::No
            }
        }
    }

    /// The descriptive values `words` name in order ("red striped"), each the longest
    /// phrase that is one value.
    fn modifiers(&self, words: &[&str]) -> Result<Vec<(Attribute, &'a Term)>, Unanswered> {
        let vocabulary = &self.facts.vocabulary;
        let mut found = Vec::new();
        let mut at = 0;
        while at < words.len() {
            let longest = (at + 1..=words.len()).rev().find_map(|end| {
                let phrase = words[at..end].join(" ");
                Attribute::DESCRIPTIVE.iter().find_map(|&attribute| {
                    vocabulary
                        .find(attribute, &phrase)
                        .map(|term| (attribute, term, end))
                })
            });
            let Some((attribute, term, end)) = longest else {
                return Err(Unanswered::OutsideVocabulary(format!(
                    "`{}` is not a colour, pattern, material or condition the ground truth knows",
                    words[at..].join(" ")
                )));
            };
            found.push((attribute, term));
            at = end;
        }
        Ok(found)
    }

    /// Whether the picture's `attribute` is `term`.
    fn has(&self, attribute: Attribute, term: &Term) -> Truth {
        let Some(fact) = self.facts.fact(attribute) else {
            return Truth::Unsure(format!(
                "the picture's spec does not tell its {}",
                attribute.name()
            ));
        };
        if fact.shown.contains(&term.name) {
            Truth::Yes
        } else if fact.unsure.contains(&term.name) {
            Truth::Unsure(format!(
                "a person could take the picture's {} for {}",
                attribute.name(),
                term.name
            ))
        } else if term.loose {
            Truth::Unsure(format!("`{}` is a loose word", term.name))
        } else {
            Truth::No
        }
    }

    /// Whether the picture shows a thing described by `phrase` ("red car", "dogs").
    fn thing(&self, phrase: &str) -> Result<Truth, Unanswered> {
        let words: Vec<&str> = phrase.split(' ').filter(|word| !word.is_empty()).collect();
        let (named, start) = self.noun(&words).ok_or_else(|| {
            Unanswered::OutsideVocabulary(format!(
                "`{phrase}` names nothing the ground truth knows"
            ))
        })?;
        let mut truth = self.shows(&named);
        for (attribute, term) in self.modifiers(&words[..start])? {
            truth = truth.and(self.has(attribute, term));
        }
        Ok(truth)
    }

    /// How many things described by `phrase` the picture shows (0 when it tells it shows none).
    fn count_of(&self, phrase: &str) -> Result<u32, Unanswered> {
        match self.thing(phrase)? {
            Truth::No => Ok(0),
            Truth::Unsure(why) => Err(Unanswered::NotTellable(why)),
            Truth::Yes => {
                let fact = self.facts.fact(Attribute::Count).ok_or_else(|| {
                    Unanswered::NotTellable("the picture's spec does not tell a count".to_owned())
                })?;
                fact.shown
                    .first()
                    .and_then(|count| count.parse().ok())
                    .ok_or_else(|| {
                        Unanswered::NotTellable("the picture's count is not a number".to_owned())
                    })
            }
        }
    }

    /// Checks that a question's subject ("the car", "this item", "it") is in the picture.
    fn subject(&self, subject: &str) -> Result<(), Unanswered> {
        let noun = strip_determiner(subject);
        if noun.is_empty() || is_picture_word(noun) {
            return Ok(());
        }
        match self.thing(noun)? {
            Truth::Yes => Ok(()),
            Truth::No => Err(Unanswered::NotTellable(format!(
                "the question is about a {noun}, which the picture does not show"
            ))),
            Truth::Unsure(why) => Err(Unanswered::NotTellable(why)),
        }
    }

    /// Whether the subject of `phrase` has the value `phrase` ends with (of `attribute`, or
    /// of any descriptive or scene attribute).
    fn is(&self, attribute: Option<Attribute>, phrase: &str) -> Result<Truth, Unanswered> {
        let words: Vec<&str> = phrase.split(' ').filter(|word| !word.is_empty()).collect();
        let attributes: Vec<Attribute> = match attribute {
            Some(attribute) => vec![attribute],
            None => Attribute::DESCRIPTIVE
                .into_iter()
                .chain([Attribute::TimeOfDay, Attribute::Weather])
                .collect(),
        };
        let mut refusal = None;
        // The longest value first; the subject is what comes before it.
        for start in 0..words.len() {
            let value = words[start..].join(" ");
            let Some((attribute, term)) = attributes.iter().find_map(|&attribute| {
                self.facts
                    .vocabulary
                    .find(attribute, &value)
                    .map(|term| (attribute, term))
            }) else {
                continue;
            };
            match self.subject(&words[..start].join(" ")) {
                Ok(()) => return Ok(self.has(attribute, term)),
                Err(error) => refusal = refusal.or(Some(error)),
            }
        }
        Err(refusal.unwrap_or_else(|| {
            let asked = attribute.map_or(
                "colour, pattern, material, condition, time of day or weather",
                Attribute::name,
            );
            Unanswered::OutsideVocabulary(format!(
                "`{phrase}` ends with no {asked} the ground truth knows"
            ))
        }))
    }

    /// The picture's value of `attribute`, as a term's name.
    fn value_of(&self, attribute: Attribute) -> Result<TruthAnswer, Unanswered> {
        let fact = self.facts.fact(attribute).ok_or_else(|| {
            Unanswered::NotTellable(format!(
                "the picture's spec does not tell its {}",
                attribute.name()
            ))
        })?;
        let name = fact.shown.first().ok_or_else(|| {
            Unanswered::NotTellable(format!(
                "a person could not tell the picture's {}",
                attribute.name()
            ))
        })?;
        let words = self
            .facts
            .vocabulary
            .named(attribute, name)
            .map_or_else(|| vec![name.clone()], |term| term.words.clone());
        Ok(TruthAnswer {
            text: name.clone(),
            kind: AnswerKind::Term(words),
        })
    }

    /// "What is this", "what kind of car is this", "what animal is in the picture".
    fn what_kind(&self, noun: &str) -> Result<TruthAnswer, Unanswered> {
        let noun = strip_determiner(noun);
        if noun.is_empty() || ANY_OBJECT.contains(&noun) || is_picture_word(noun) {
            return match self.facts.fact(Attribute::Kind) {
                Some(_) => self.value_of(Attribute::Kind),
                None => self.value_of(Attribute::Animal),
            };
        }
        if ANY_ANIMAL.contains(&noun) {
            return self.value_of(Attribute::Animal);
        }
        // "What kind of car": the car must be shown; its variant answers.
        match self.thing(noun)? {
            Truth::Yes => self.value_of(Attribute::SubType),
            Truth::No => Err(Unanswered::NotTellable(format!(
                "the question is about a {noun}, which the picture does not show"
            ))),
            Truth::Unsure(why) => Err(Unanswered::NotTellable(why)),
        }
    }

    /// Every text printed in the picture.
    fn printed(&self) -> Result<&'a [String], Unanswered> {
        self.facts
            .fact(Attribute::Text)
            .map(|fact| fact.shown.as_slice())
            .ok_or_else(|| {
                Unanswered::NotTellable("the picture's spec does not tell its text".to_owned())
            })
    }
}

/// A noun phrase without its leading determiner ("the car" → "car"; "it" → "").
fn strip_determiner(phrase: &str) -> &str {
    let phrase = phrase.trim();
    for bare in ["it", "this", "that", "these", "those", "they", "them"] {
        if phrase == bare {
            return "";
        }
    }
    for determiner in [
        "the ", "this ", "that ", "these ", "those ", "its ", "a ", "an ",
    ] {
        if let Some(rest) = phrase.strip_prefix(determiner) {
            return rest.trim();
        }
    }
    phrase
}

/// Whether `noun` names the picture itself ("photo", "images", "item").
fn is_picture_word(noun: &str) -> bool {
    let singular = noun.strip_suffix('s').unwrap_or(noun);
    PICTURE_WORDS.contains(&noun) || PICTURE_WORDS.contains(&singular)
}

#[cfg(test)]
mod tests;
