//! Ground truth for task generation: what a site's generator queries yield.
//!
//! Each site offers a closed, typed set of generator queries over its seeded base data
//! (`sites/<site>/src/ground_truth.rs`). A query yields [`Candidate`]s: the values a task
//! template fills in (its slots), how many of the site's items fit the description the
//! intent gives (one, for an answer that is unique), the text a visitor can read about the
//! answer (so a generator can refuse a visual fact that also appears in words), look-alike
//! near misses for decoys, and the pictures a task may hand the agent. The facts of product
//! photos that templates ask about, and which colours people mistake for each other, live
//! here so every site decides them alike.

mod page;

pub use page::{Item, ResultPage, colours_shown};

use imagery::{ImageSpec, ImageryError, NamedColor, ObjectKind, Pattern, Picture};
use rusqlite::{Connection, OpenFlags};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// Slot values by name (`id`, `colour`, `search_path`, …).
pub type Slots = BTreeMap<String, String>;

/// One instance a generator query proposes.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The values templates may use.
    pub slots: Slots,
    /// How many of the site's items fit the description (1: the answer is unique; 0: none
    /// does, the answer is "N/A").
    pub matching: usize,
    /// What decides `matching`, for a refusal message ("3 of the 12 results show yellow").
    pub matching_note: String,
    /// The text a visitor can read about the answer (titles, descriptions, details).
    pub text: String,
    /// Look-alike instances a wrong trajectory would pick, nearest first.
    pub near_misses: Vec<NearMiss>,
    /// Pictures a task may use (input or reference images), by name (`photo`).
    pub pictures: BTreeMap<String, PictureFile>,
}

impl Candidate {
    /// A candidate with these slots and nothing else yet.
    pub fn new(slots: Slots) -> Self {
        Self {
            slots,
            matching: 1,
            matching_note: String::new(),
            text: String::new(),
            near_misses: Vec::new(),
            pictures: BTreeMap::new(),
        }
    }
}

/// A look-alike instance: its slots replace the candidate's when a decoy is written.
#[derive(Debug, Clone, PartialEq)]
pub struct NearMiss {
    /// What is wrong about it ("listing 4044: the blue one of the same search").
    pub why: String,
    /// The slots that differ from the candidate's.
    pub slots: Slots,
}

/// A picture as a site serves it: rendered at the site's size, it equals the served file
/// byte for byte.
#[derive(Debug, Clone, PartialEq)]
pub struct PictureFile {
    /// A file name that identifies it (`classifieds_photo_854.png`).
    pub name: String,
    /// What it shows.
    pub picture: Picture,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl PictureFile {
    /// The PNG bytes.
    pub fn render(&self) -> Result<Vec<u8>, ImageryError> {
        imagery::render_picture_png(&self.picture, self.width, self.height)
    }
}

/// Why a generator query could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GroundTruthError {
    /// The site offers no generator queries.
    #[error("this site offers no generator queries")]
    NotOffered,
    /// The query is not one the site offers, or its parameters are wrong.
    #[error("bad generator query: {0}")]
    BadQuery(String),
    /// Reading the base data failed.
    #[error("reading the ground truth failed: {0}")]
    Read(String),
}

/// A site's generator queries over its base data (opened once, used for many queries).
pub trait GroundTruth: Send {
    /// The candidates of `query`, `{"name": "<query>", …parameters}`, in a stable order.
    fn candidates(&mut self, query: &serde_json::Value)
    -> Result<Vec<Candidate>, GroundTruthError>;
}

/// Opens a site's base database `data_dir/file` read-only, for its generator queries; a
/// missing file says how to make it.
pub fn open_base(data_dir: &Path, file: &str) -> Result<Connection, GroundTruthError> {
    let path = data_dir.join(file);
    if !path.exists() {
        return Err(GroundTruthError::Read(format!(
            "{} is missing: run `agora seed --data-dir {}`",
            path.display(),
            data_dir.display()
        )));
    }
    Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|error| GroundTruthError::Read(error.to_string()))
}

/// Parses a site's query enum from its JSON form, with a message that says what is wrong.
pub fn parse_query<Q: for<'de> Deserialize<'de>>(
    query: &serde_json::Value,
) -> Result<Q, GroundTruthError> {
    Q::deserialize(query).map_err(|error| GroundTruthError::BadQuery(format!("{error} in {query}")))
}

/// A fact of a product photo that identifies an item among look-alikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhotoFact {
    /// The main colour (colours people confuse count as the same).
    Colour,
    /// The surface pattern (striped, dotted, checkered; solid counts as a pattern too).
    Pattern,
    /// The printed text (a sign, label or cover).
    Text,
    /// The drawing: kind and variant ("pickup truck", "cruiser").
    Drawing,
    /// The kind of object.
    Kind,
    /// Everything a person would describe: drawing, colours, pattern and printed text.
    Look,
}

impl PhotoFact {
    /// Whether `a` and `b` agree on this fact as a person looking at both would judge.
    pub fn same(self, a: &ImageSpec, b: &ImageSpec) -> bool {
        match self {
            PhotoFact::Colour => confusable(a.primary, b.primary),
            PhotoFact::Pattern => a.pattern == b.pattern,
            PhotoFact::Text => a.text == b.text,
            PhotoFact::Drawing => a.model == b.model,
            PhotoFact::Kind => a.kind() == b.kind(),
            PhotoFact::Look => {
                PhotoFact::Drawing.same(a, b)
                    && confusable(a.primary, b.primary)
                    && a.pattern == b.pattern
                    && a.text == b.text
                    && secondary_alike(a, b)
            }
        }
    }

    /// Whether the fact is visible at all in `spec` (a text fact needs printed text, a
    /// pattern fact a pattern other than solid).
    pub fn shown(self, spec: &ImageSpec) -> bool {
        match self {
            PhotoFact::Pattern => spec.pattern != Pattern::Solid,
            PhotoFact::Text => spec.text.is_some(),
            _ => true,
        }
    }
}

/// Whether a second colour shows in both photos alike (only patterns and trims draw one).
fn secondary_alike(a: &ImageSpec, b: &ImageSpec) -> bool {
    match (a.secondary, b.secondary) {
        (Some(x), Some(y)) => confusable(x, y),
        (None, None) => true,
        _ => false,
    }
}

/// The drawing a person would name ("pickup truck").
pub fn drawing(spec: &ImageSpec) -> &'static str {
    spec.model.name()
}

/// Whether people mistake one colour for the other (or they are the same): gray, silver and
/// white; red, pink and orange; pink and purple; brown and orange.
pub fn confusable(a: NamedColor, b: NamedColor) -> bool {
    use NamedColor::{Brown, Gray, Orange, Pink, Purple, Red, Silver, White};
    const GROUPS: [&[NamedColor]; 4] = [
        &[Gray, Silver, White],
        &[Red, Pink, Orange],
        &[Pink, Purple],
        &[Brown, Orange],
    ];
    a == b
        || GROUPS
            .iter()
            .any(|group| group.contains(&a) && group.contains(&b))
}

/// The slots every product photo gives: `colour`, `secondary`, `pattern`, `sign`, `drawing`,
/// `kind`, `count`, and the foils `other_colour` and `other_kind` (each prefixed by `prefix`).
pub fn photo_slots(spec: &ImageSpec, prefix: &str, slots: &mut Slots) {
    let mut put = |name: &str, value: String| {
        slots.insert(format!("{prefix}{name}"), value);
    };
    put("colour", spec.primary.name().to_owned());
    put(
        "secondary",
        spec.secondary
            .map(NamedColor::name)
            .unwrap_or("")
            .to_owned(),
    );
    put("pattern", pattern_name(spec.pattern).to_owned());
    put("sign", spec.text.clone().unwrap_or_default());
    put("drawing", drawing(spec).to_owned());
    put("kind", kind_noun(spec.kind()).to_owned());
    put("count", spec.count.to_string());
    // Foils for questions whose answer is "no": a colour and a kind the photo plainly is not.
    put(
        "other_colour",
        crate::picture_facts::foil_colour(spec)
            .map(NamedColor::name)
            .unwrap_or("")
            .to_owned(),
    );
    put(
        "other_kind",
        crate::picture_facts::foil_kind(spec)
            .map(kind_noun)
            .unwrap_or("")
            .to_owned(),
    );
}

/// The slots a picture gives, by its type (`picture_type`: `product`, `chart`, `meme`,
/// `landscape`): a product photo's [`photo_slots`]; a chart's `chart_kind`, `chart_title`,
/// `labels`, `highest` and `lowest` (labels), `largest` and `smallest` (values); a meme's
/// `top` and `bottom` captions as printed; a scene's `animal`, `animals` (plural), `count`,
/// `time`, `weather` and `sky`, and the foils `other_time`, `other_weather`, `other_animal`
/// and `other_animals`.
pub fn picture_slots(picture: &Picture, slots: &mut Slots) {
    let mut put = |name: &str, value: String| {
        slots.insert(name.to_owned(), value);
    };
    match picture {
        Picture::Product(spec) => {
            put("picture_type", "product".into());
            photo_slots(spec, "", slots);
        }
        Picture::Chart(chart) => {
            put("picture_type", "chart".into());
            put("chart_kind", chart.kind.name().into());
            put("chart_title", chart.title.clone());
            put("labels", chart.labels.join(", "));
            put("highest", chart.highest().unwrap_or_default().into());
            put("lowest", chart.lowest().unwrap_or_default().into());
            let values = chart.values.iter();
            put(
                "largest",
                values.clone().max().map(u32::to_string).unwrap_or_default(),
            );
            put(
                "smallest",
                values.min().map(u32::to_string).unwrap_or_default(),
            );
        }
        Picture::Meme(meme) => {
            put("picture_type", "meme".into());
            put("top", imagery::MemeSpec::printed(&meme.top));
            put("bottom", imagery::MemeSpec::printed(&meme.bottom));
        }
        Picture::Landscape(scene) => {
            put("picture_type", "landscape".into());
            put("animal", scene.animal.noun().into());
            put("animals", scene.animal.plural().into());
            put("count", scene.count.to_string());
            put("time", scene.time.name().into());
            put("weather", scene.weather.name().into());
            put("sky", scene.sky().into());
            let (time, weather, animal) = crate::picture_facts::foil_scene(scene);
            put("other_time", time.name().into());
            put("other_weather", weather.name().into());
            put("other_animal", animal.noun().into());
            put("other_animals", animal.plural().into());
        }
    }
}

/// A pattern's name as a person says it ("checkered").
pub fn pattern_name(pattern: Pattern) -> &'static str {
    pattern.name()
}

/// The noun for a kind of object as templates use it ("car", "sports gear").
pub fn kind_noun(kind: ObjectKind) -> &'static str {
    kind.noun()
}

/// The indefinite article a word takes: "an" before a vowel sound ("an orange", "an
/// adirondack chair"), "a" otherwise ("a red", "a one-piece suit", "a unicorn").
pub fn article(word: &str) -> &'static str {
    const SOUNDING_Y_OR_W: [&str; 6] = ["one", "once", "uni", "use", "usu", "eu"];
    let word = word.trim_start().to_lowercase();
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u'])
        && !SOUNDING_Y_OR_W.iter().any(|start| word.starts_with(start));
    if vowel { "an" } else { "a" }
}

/// A short description of what a photo shows ("a yellow dining table, printed \"EXPO\""),
/// for near-miss reasons and visual facts.
pub fn describe(spec: &ImageSpec) -> String {
    let colour = spec.primary.name();
    let mut text = format!("{} {colour} {}", article(colour), drawing(spec));
    if spec.pattern != Pattern::Solid {
        let second = spec
            .secondary
            .map(NamedColor::name)
            .unwrap_or("another colour");
        text.push_str(&format!(", {} with {second}", pattern_name(spec.pattern)));
    }
    if let Some(printed) = &spec.text {
        text.push_str(&format!(", printed \"{printed}\""));
    }
    text
}

/// Formats cents as the sites print prices: `$1,150.00`.
pub fn dollars(cents: i64) -> String {
    crate::money::format_cents(cents)
}

/// Formats cents as a plain number a person would type: `1150` or `1150.5`.
pub fn plain_amount(cents: i64) -> String {
    if cents % 100 == 0 {
        (cents / 100).to_string()
    } else {
        format!("{:.2}", cents as f64 / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use imagery::{Backdrop, CarModel, Model};

    fn spec(primary: NamedColor) -> ImageSpec {
        ImageSpec {
            model: Model::Car(CarModel::Sedan),
            primary,
            secondary: None,
            count: 1,
            pattern: Pattern::Solid,
            text: None,
            backdrop: Backdrop::Studio,
            variation: 1,
        }
    }

    #[test]
    fn a_description_takes_the_article_its_colour_needs() {
        assert!(describe(&spec(NamedColor::Orange)).starts_with("an orange "));
        assert!(describe(&spec(NamedColor::Red)).starts_with("a red "));
        assert_eq!(article("Adirondack chair"), "an");
        assert_eq!(article("one-piece suit"), "a");
        assert_eq!(article("unicorn"), "a");
        assert_eq!(article("umbrella"), "an");
    }

    #[test]
    fn look_alike_colours_count_as_the_same_fact() {
        assert!(PhotoFact::Colour.same(&spec(NamedColor::Gray), &spec(NamedColor::Silver)));
        assert!(PhotoFact::Colour.same(&spec(NamedColor::Red), &spec(NamedColor::Pink)));
        assert!(!PhotoFact::Colour.same(&spec(NamedColor::Red), &spec(NamedColor::Blue)));
        assert!(!PhotoFact::Colour.same(&spec(NamedColor::Yellow), &spec(NamedColor::Green)));
        let mut signed = spec(NamedColor::Red);
        signed.text = Some("EXPO".into());
        assert!(!PhotoFact::Look.same(&signed, &spec(NamedColor::Red)));
        assert!(PhotoFact::Text.shown(&signed));
        assert!(!PhotoFact::Pattern.shown(&signed));
    }

    #[test]
    fn amounts_read_as_people_write_them() {
        assert_eq!(plain_amount(115_000), "1150");
        assert_eq!(plain_amount(1_999), "19.99");
        assert_eq!(dollars(115_000), "$1,150.00");
    }
}
