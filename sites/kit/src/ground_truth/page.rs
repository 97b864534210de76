//! Candidates drawn from one result page (a search, a category page) the same way on every
//! site: an item told apart from the rest by facts of its photo, the first in an order among
//! look-alikes, how many show a colour, a colour nothing shows.

use super::{
    Candidate, NearMiss, PhotoFact, PictureFile, Slots, confusable, describe, dollars, kind_noun,
    photo_slots,
};
use imagery::{ImageSpec, NamedColor};

/// An item of a site (listing, product) as result pages show it.
pub trait Item {
    /// Its id.
    fn id(&self) -> i64;
    /// How reasons name it (`listing 854`, `product B0017WDRQP`).
    fn name(&self) -> String;
    /// Its price in cents.
    fn price_cents(&self) -> i64;
    /// Its first photo's spec.
    fn spec(&self) -> Option<&ImageSpec>;
    /// Its slots.
    fn slots(&self) -> Slots;
    /// The text a visitor can read about it.
    fn text(&self) -> String;
    /// Its first photo, as served.
    fn picture(&self) -> Option<PictureFile>;
}

/// The primary colours the photos of `items` show, in [`NamedColor::ALL`]'s order.
pub fn colours_shown<'a, I: Item + 'a>(items: impl IntoIterator<Item = &'a I>) -> Vec<NamedColor> {
    let shown: std::collections::HashSet<NamedColor> = items
        .into_iter()
        .filter_map(|item| item.spec().map(|spec| spec.primary))
        .collect();
    NamedColor::ALL
        .into_iter()
        .filter(|colour| shown.contains(colour))
        .collect()
}

/// One result page: what it is (its slots) and its items in display order.
#[derive(Debug)]
pub struct ResultPage<'a, I> {
    /// The page's slots (`search_path`, `results`, …).
    pub slots: Slots,
    /// Its items, in the order shown.
    pub members: Vec<&'a I>,
    /// How many items show before a visitor must scroll: later ones get `below_fold`.
    pub rows_in_view: usize,
}

/// Whether `a` and `b` are exactly alike in `fact` (look-alike colours do not count).
fn exactly(fact: PhotoFact, a: &ImageSpec, b: &ImageSpec) -> bool {
    match fact {
        PhotoFact::Colour => a.primary == b.primary,
        PhotoFact::Look => fact.same(a, b) && a.primary == b.primary && a.secondary == b.secondary,
        _ => fact.same(a, b),
    }
}

fn ids<I: Item>(items: &[&I]) -> String {
    items
        .iter()
        .map(|item| item.id().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl<'a, I: Item> ResultPage<'a, I> {
    fn fold(&self, place: usize) -> String {
        if place >= self.rows_in_view {
            "yes"
        } else {
            ""
        }
        .to_owned()
    }

    /// A candidate for `target`, at `place` in the order its gold path shows.
    fn candidate(&self, target: &I, place: usize) -> Candidate {
        let mut slots = self.slots.clone();
        slots.extend(target.slots());
        slots.insert("below_fold".into(), self.fold(place));
        let mut candidate = Candidate::new(slots);
        candidate.text = target.text();
        if let Some(picture) = target.picture() {
            candidate.pictures.insert("photo".into(), picture);
        }
        candidate
    }

    /// `item` as a near miss, at `place` in the order its trajectory shows.
    fn miss(&self, item: &I, place: usize, why: &str) -> NearMiss {
        let mut slots = item.slots();
        slots.insert("below_fold".into(), self.fold(place));
        let look = item
            .spec()
            .map(describe)
            .unwrap_or_else(|| "no photo".into());
        NearMiss {
            why: format!(
                "{}: {look}, {}, {why}",
                item.name(),
                dollars(item.price_cents())
            ),
            slots,
        }
    }

    /// The other items of the page, the most alike first, leaving out `skip`.
    fn near_misses(&self, target: &I, skip: &[&I]) -> Vec<NearMiss> {
        let Some(spec) = target.spec() else {
            return Vec::new();
        };
        let mut others: Vec<(usize, usize, &I)> = self
            .members
            .iter()
            .enumerate()
            .filter(|(_, item)| {
                item.id() != target.id() && !skip.iter().any(|s| s.id() == item.id())
            })
            .filter_map(|(place, item)| {
                let other = item.spec()?;
                let alike = [
                    PhotoFact::Drawing,
                    PhotoFact::Colour,
                    PhotoFact::Pattern,
                    PhotoFact::Text,
                ]
                .iter()
                .filter(|fact| fact.same(spec, other))
                .count();
                Some((alike, place, *item))
            })
            .collect();
        others.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        others
            .into_iter()
            .take(3)
            .map(|(_, place, item)| self.miss(item, place, "on the same page"))
            .collect()
    }

    /// Each item that shows every fact of `by` and `shows`, with how many items of the page
    /// look alike in `by` (itself included).
    pub fn told_apart(&self, by: &[PhotoFact], shows: &[PhotoFact]) -> Vec<Candidate> {
        let mut candidates = Vec::new();
        for (place, target) in self.members.iter().enumerate() {
            let Some(spec) = target.spec() else { continue };
            if !by.iter().chain(shows).all(|fact| fact.shown(spec)) {
                continue;
            }
            let alike: Vec<&I> = self
                .members
                .iter()
                .copied()
                .filter(|other| {
                    other
                        .spec()
                        .is_some_and(|other| by.iter().all(|fact| fact.same(spec, other)))
                })
                .collect();
            let mut candidate = self.candidate(target, place);
            candidate.matching = alike.len();
            candidate.matching_note = format!(
                "{} of the {} items on the page look alike ({})",
                alike.len(),
                self.members.len(),
                ids(&alike)
            );
            candidate.near_misses = self.near_misses(target, &alike);
            candidates.push(candidate);
        }
        candidates
    }

    /// For each class of items exactly alike in `by` (none: the whole page), the first of
    /// `sorted` (the page in the order the intent ranks by, as `key` ascending), unique when
    /// nothing that looks alike ranks as high. Its place is its place in `sorted`.
    pub fn first_in_order(
        &self,
        sorted: &[&I],
        by: &[PhotoFact],
        key: impl Fn(&I) -> i64,
    ) -> Vec<Candidate> {
        let mut candidates = Vec::new();
        let mut representatives: Vec<&I> = Vec::new();
        for item in &self.members {
            let Some(spec) = item.spec() else { continue };
            if !by.iter().all(|fact| fact.shown(spec)) {
                continue;
            }
            let exact = |other: &ImageSpec| by.iter().all(|fact| exactly(*fact, spec, other));
            if representatives
                .iter()
                .any(|seen| seen.spec().is_some_and(exact))
            {
                continue;
            }
            representatives.push(item);
            let class: Vec<&I> = sorted
                .iter()
                .copied()
                .filter(|other| other.spec().is_some_and(exact))
                .collect();
            let Some(target) = class.first().copied() else {
                continue;
            };
            let Some(target_spec) = target.spec() else {
                continue;
            };
            let best = key(target);
            let rivals: Vec<&I> = sorted
                .iter()
                .copied()
                .filter(|other| {
                    other
                        .spec()
                        .is_some_and(|other| by.iter().all(|fact| fact.same(target_spec, other)))
                        && key(other) <= best
                })
                .collect();
            let place = sorted
                .iter()
                .position(|other| other.id() == target.id())
                .unwrap_or(0);
            let mut candidate = self.candidate(target, place);
            candidate.matching = rivals.len();
            candidate.matching_note = format!(
                "{} items look alike and rank as high ({})",
                rivals.len(),
                ids(&rivals)
            );
            if let Some(first) = sorted.first()
                && first.id() != target.id()
            {
                candidate.near_misses.push(self.miss(
                    first,
                    0,
                    "first in that order over the whole page",
                ));
            }
            if let Some(second) = class.get(1) {
                let place = sorted
                    .iter()
                    .position(|other| other.id() == second.id())
                    .unwrap_or(0);
                candidate.near_misses.push(self.miss(
                    second,
                    place,
                    "the runner-up among the look-alikes",
                ));
            }
            candidates.push(candidate);
        }
        candidates
    }

    /// For each colour the page's photos show: how many show it (`count`), unique unless an
    /// item shows a colour easily taken for it. The text is every counted item's.
    pub fn counted(&self) -> Vec<Candidate> {
        let mut candidates = Vec::new();
        for colour in NamedColor::ALL {
            let counted: Vec<&I> = self
                .members
                .iter()
                .copied()
                .filter(|item| item.spec().is_some_and(|spec| spec.primary == colour))
                .collect();
            let Some(first) = counted.first().and_then(|item| item.spec()) else {
                continue;
            };
            let confused: Vec<&I> = self
                .members
                .iter()
                .copied()
                .filter(|item| {
                    item.spec().is_some_and(|spec| {
                        spec.primary != colour && confusable(spec.primary, colour)
                    })
                })
                .collect();
            let mut slots = self.slots.clone();
            photo_slots(first, "", &mut slots);
            slots.insert("count".into(), counted.len().to_string());
            let mut candidate = Candidate::new(slots);
            candidate.matching = 1 + confused.len();
            candidate.matching_note = format!(
                "{} items show a colour easily taken for {} ({})",
                confused.len(),
                colour.name(),
                ids(&confused)
            );
            candidate.text = counted
                .iter()
                .map(|item| item.text())
                .collect::<Vec<_>>()
                .join("\n");
            let mut wrong = vec![counted.len() + 1, self.members.len()];
            wrong.retain(|count| *count != counted.len());
            wrong.dedup();
            for count in wrong {
                candidate.near_misses.push(NearMiss {
                    why: format!("the count {count} instead of {}", counted.len()),
                    slots: Slots::from([("count".to_owned(), count.to_string())]),
                });
            }
            candidates.push(candidate);
        }
        candidates
    }

    /// Every colour of `asked`, with how many items of the page show it or a colour like it
    /// (0: the answer about "the item of that colour" is N/A) and `colours_shown`. `asked`
    /// is what some item of the site shows ([`colours_shown`]): a colour no picture ever
    /// has would only be asked where the answer is N/A, and so tell it.
    pub fn absent(&self, asked: &[NamedColor]) -> Vec<Candidate> {
        let specs: Vec<&ImageSpec> = self.members.iter().filter_map(|item| item.spec()).collect();
        let Some(first) = specs.first() else {
            return Vec::new();
        };
        let mut shown: Vec<&str> = specs.iter().map(|spec| spec.primary.name()).collect();
        shown.sort_unstable();
        shown.dedup();
        asked
            .iter()
            .map(|colour| {
                let alike = specs
                    .iter()
                    .filter(|spec| confusable(spec.primary, *colour))
                    .count();
                let mut slots = self.slots.clone();
                slots.insert("kind".into(), kind_noun(first.kind()).into());
                slots.insert("colour".into(), colour.name().into());
                slots.insert("colours_shown".into(), shown.join(", "));
                let mut candidate = Candidate::new(slots);
                candidate.matching = alike;
                candidate.matching_note = format!(
                    "{alike} items on the page show {} or a colour like it",
                    colour.name()
                );
                candidate
            })
            .collect()
    }
}
