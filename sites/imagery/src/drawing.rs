//! Which drawing shows a thing: the noun a product, listing or post names ("Women's
//! Sandal", "patio chair") matched against what every model says it shows.

use crate::model::Model;
use crate::spec::ObjectKind;

/// The models of one kind that honestly show a thing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawing {
    kind: ObjectKind,
    models: Vec<Model>,
}

impl Drawing {
    /// The kind drawn.
    pub fn kind(&self) -> ObjectKind {
        self.kind
    }

    /// The models that show the thing, in the kind's order (never empty).
    pub fn models(&self) -> &[Model] {
        &self.models
    }

    /// The model for a seed's random draw `n` (any number, taken modulo the number of
    /// models), so a draw chooses among the honest models only.
    pub fn pick(&self, n: u8) -> Model {
        self.models[usize::from(n) % self.models.len()]
    }

    /// Whether `model` is one of these.
    pub fn includes(&self, model: Model) -> bool {
        self.models.contains(&model)
    }

    /// The names of the models, in order ("boots", "sandals").
    pub fn names(&self) -> Vec<&'static str> {
        self.models.iter().map(|model| model.name()).collect()
    }
}

/// Whether `noun` (lower case) is `phrase` or ends with it as whole words.
fn ends_with_words(noun: &str, phrase: &str) -> bool {
    noun == phrase
        || noun
            .strip_suffix(phrase)
            .is_some_and(|head| head.ends_with(' '))
}

/// The drawing that shows `noun`, a singular noun phrase in any case ("Kids' Snow Suit",
/// "mountain bike"): the models whose longest matching `shows` entry is the longest
/// match over every kind. `None` when no model shows it.
pub fn drawing_for(noun: &str) -> Option<Drawing> {
    let noun = noun.split_whitespace().collect::<Vec<_>>().join(" ");
    let noun = noun.to_lowercase();
    let mut best: Option<(usize, Drawing)> = None;
    for kind in ObjectKind::ALL {
        for &model in kind.models() {
            let Some(length) = model
                .shows()
                .iter()
                .filter(|phrase| ends_with_words(&noun, phrase))
                .map(|phrase| phrase.len())
                .max()
            else {
                continue;
            };
            match &mut best {
                Some((longest, drawing)) if length == *longest && drawing.kind == kind => {
                    drawing.models.push(model);
                }
                Some((longest, _)) if length <= *longest => {}
                _ => {
                    best = Some((
                        length,
                        Drawing {
                            kind,
                            models: vec![model],
                        },
                    ));
                }
            }
        }
    }
    best.map(|(_, drawing)| drawing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ShoesModel;
    use std::collections::HashMap;

    #[test]
    fn no_phrase_is_shown_by_two_kinds() {
        // Two equally long matches are the same phrase, so one kind per phrase makes every
        // lookup name a single kind.
        let mut owner: HashMap<&str, ObjectKind> = HashMap::new();
        for kind in ObjectKind::ALL {
            for model in kind.models() {
                assert!(!model.shows().is_empty(), "{model:?}");
                for phrase in model.shows() {
                    assert_eq!(*phrase, phrase.to_lowercase(), "{phrase}");
                    let first = *owner.entry(phrase).or_insert(kind);
                    assert_eq!(first, kind, "{phrase:?} is shown by {first:?} and {kind:?}");
                }
            }
        }
    }

    #[test]
    fn the_most_specific_noun_wins() {
        let names = |noun: &str| drawing_for(noun).map(|drawing| drawing.names());
        assert_eq!(names("Women's Sandal"), Some(vec!["sandals"]));
        assert_eq!(names("Pit Bike"), Some(vec!["dirt bike"]));
        assert_eq!(names("Mountain Bike"), Some(vec!["mountain bike"]));
        assert_eq!(names("Stage Monitor"), Some(vec!["stage monitor"]));
        assert_eq!(names("Keyboard Amplifier"), Some(vec!["combo amplifier"]));
        assert_eq!(names("Laptop Bag"), Some(vec!["laptop bag"]));
        assert_eq!(
            names("chair"),
            Some(vec!["office chair", "dining chair", "armchair"])
        );
        assert_eq!(names("Computer   MOUSE").map(|n| n.len()), Some(3));
        // Whole words only: a "Snowboot" is not a boot, and nothing draws an "Xylophone".
        assert_eq!(names("Snowboot"), None);
        assert_eq!(names("Xylophone"), None);
        let drawing = drawing_for("Hiking Boot").expect("drawn");
        assert_eq!(drawing.kind(), ObjectKind::Shoes);
        assert!(drawing.includes(drawing.pick(7)));
        assert!(!drawing.includes(Model::Shoes(ShoesModel::Sneakers)));
    }
}
