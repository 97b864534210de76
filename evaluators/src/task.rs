//! The task model: VWA's task JSON, field for field, plus Agora's `agora` extension.
//!
//! Unknown fields are kept in `extra` maps so a task survives a load/save round trip.
//! `null` and an absent key are treated alike (both load as `None` and save as absent).

mod checks;
mod load;
mod site_urls;

pub use checks::{Check, Checks, FuzzyReference};
pub(crate) use load::parse_entries;
pub use load::{LoadError, TaskFile, json_files, load_file, load_path, load_str};
pub use site_urls::{SiteUrls, UnknownSite};

use crate::aes::model::AesSpec;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// A task's id: VWA's per-site 0-based index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TaskId(pub u64);

impl fmt::Display for TaskId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}", self.0)
    }
}

/// The separator of alternative start URLs opened in separate tabs.
pub const TAB_SEPARATOR: &str = " |AND| ";
/// The separator of alternatives in reference values.
pub const OR_SEPARATOR: &str = " |OR| ";
/// Viewport used when a task gives none (VWA's default).
pub const DEFAULT_VIEWPORT: Viewport = Viewport {
    width: 1280,
    height: 2048,
};

/// One VWA task config.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Task {
    /// Sites the task touches (`classifieds`, `shopping`, `reddit`, `wikipedia`, …).
    #[serde(default)]
    pub sites: Vec<String>,
    /// The task's id.
    pub task_id: TaskId,
    /// Whether the agent starts logged in.
    #[serde(default)]
    pub require_login: bool,
    /// VWA's login-state file (kept for compatibility; Agora logs in itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_state: Option<String>,
    /// Start URL(s); several tabs are separated by ` |AND| `.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_url: Option<String>,
    /// Browser geolocation (always null in VWA).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geolocation: Option<Value>,
    /// The intent with `{{slots}}`.
    #[serde(default)]
    pub intent_template: String,
    /// The instruction given to the agent.
    #[serde(default)]
    pub intent: String,
    /// Values of the template's slots.
    #[serde(default)]
    pub instantiation_dict: Map<String, Value>,
    /// Template id (an integer in VWA, a string in some test configs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent_template_id: Option<Value>,
    /// Input image(s) given with the intent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageField>,
    /// Whether the sites must be reset before the task.
    #[serde(default)]
    pub require_reset: bool,
    /// How the end state is scored.
    pub eval: EvalSpec,
    /// Reasoning difficulty (`easy`, `medium`, `hard`; VWA has typos).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_difficulty: Option<String>,
    /// Visual difficulty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visual_difficulty: Option<String>,
    /// Overall difficulty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overall_difficulty: Option<String>,
    /// Annotator comments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comments: Option<String>,
    /// Viewport; the height may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport_size: Option<ViewportSize>,
    /// Agora's extension: gold trajectory, tags, notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agora: Option<AgoraExtension>,
    /// Fields this model does not know, preserved as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// VWA's `image` field: one path or URL, or a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ImageField {
    /// A single image.
    One(String),
    /// Several images.
    Many(Vec<String>),
}

/// Where an input image comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputImage {
    /// A remote image, kept as its URL.
    Url(String),
    /// A local file, named relative to the task file's folder.
    File(String),
}

/// VWA's `viewport_size` (width only is allowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewportSize {
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels; defaults to 2048.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
}

/// A resolved viewport.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewport {
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
}

/// The kinds of evaluator VWA knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EvalType {
    /// Compare the agent's answer with reference answers.
    StringMatch,
    /// Compare the final URL with reference URLs.
    UrlMatch,
    /// Check page content (DOM, HTML, helper results).
    ProgramHtml,
    /// Check images on a page (SSIM or a vision judge).
    PageImageQuery,
    /// Atomic Element Similarity of a generated page to a WebUI target (a continuous score).
    Aes,
}

/// What of the end state one evaluator reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Read {
    /// The agent's stop answer.
    Answer,
    /// The URL of the agent's active page.
    Url,
    /// Pages loaded in the agent's own tab (moving it), and the sites' data behind them.
    AgentPages,
    /// Pages measured in a private tab of their own, leaving the agent's tabs alone.
    MeasuredPages,
}

impl EvalType {
    /// What this evaluator reads. Every kind is listed, so a new one is a compile error here
    /// until it says what it reads (and so where `tasks check` may score it).
    pub fn reads(self) -> Read {
        match self {
            EvalType::StringMatch => Read::Answer,
            EvalType::UrlMatch => Read::Url,
            EvalType::ProgramHtml | EvalType::PageImageQuery => Read::AgentPages,
            EvalType::Aes => Read::MeasuredPages,
        }
    }
}

/// What a whole evaluation reads: the union of its evaluators' [`Read`]s.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reads(std::collections::BTreeSet<Read>);

impl Reads {
    /// Whether the evaluation reads nothing outside `allowed`.
    pub fn only(&self, allowed: &[Read]) -> bool {
        self.0.iter().all(|read| allowed.contains(read))
    }

    /// Whether the evaluation reads `read`.
    pub fn contains(&self, read: Read) -> bool {
        self.0.contains(&read)
    }
}

impl FromIterator<Read> for Reads {
    fn from_iter<I: IntoIterator<Item = Read>>(reads: I) -> Self {
        Self(reads.into_iter().collect())
    }
}

/// The `eval` object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvalSpec {
    /// Evaluators to run, in order; the score is their product.
    pub eval_types: Vec<EvalType>,
    /// Reference answers for `string_match`, in file order.
    #[serde(default, skip_serializing_if = "Checks::is_empty")]
    pub reference_answers: Checks,
    /// Reference URL(s) for `url_match`, ` |OR| `-separated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_url: Option<String>,
    /// `EXACT` (default) or `GOLD in PRED`; `null` is refused (VWA raises on it).
    #[serde(
        default,
        deserialize_with = "text_not_null",
        skip_serializing_if = "Option::is_none"
    )]
    pub url_note: Option<String>,
    /// Targets of `program_html`.
    #[serde(
        default,
        deserialize_with = "null_as_empty",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub program_html: Vec<HtmlTarget>,
    /// Queries of `page_image_query`.
    #[serde(
        default,
        deserialize_with = "null_as_empty",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub page_image_query: Vec<ImageQuery>,
    /// The WebUI target and interactions of `aes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aes: Option<AesSpec>,
    /// Why the task is unachievable (used by the unachievable-reason judge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub string_note: Option<String>,
    /// The annotator's raw reference answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_answer_raw_annotation: Option<String>,
    /// Fields this model does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One `program_html` target: where to look, what to select, what it must contain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HtmlTarget {
    /// A URL, `last`, or `func:<url helper>`.
    #[serde(default)]
    pub url: String,
    /// Empty, a `document.` expression, `lambda:` or `func:` helper call.
    #[serde(default)]
    pub locator: String,
    /// Checks on the selected value.
    #[serde(default)]
    pub required_contents: Checks,
    /// JS run before a `document.` locator.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prep_actions: Vec<String>,
    /// Fields this model does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One `page_image_query` entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImageQuery {
    /// A URL, `last`, or `func:<url helper>`.
    #[serde(default)]
    pub eval_image_url: String,
    /// Empty (all images) or a `.class` selector.
    #[serde(default)]
    pub eval_image_class: String,
    /// Questions for the vision judge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval_vqa: Option<Vec<VisualQuestion>>,
    /// Reference images, ` |OR| `-separated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval_fuzzy_image_match: Option<String>,
    /// SSIM threshold (strictly greater passes); default 0.8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssim_threshold: Option<f64>,
    /// Fields this model does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A question about page images and its expected answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VisualQuestion {
    /// The question, e.g. `Is this a cactus? (yes/no)`.
    pub question: String,
    /// The expected answer, e.g. `yes`.
    pub answer: String,
}

/// Agora's additions to a task.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgoraExtension {
    /// The gold trajectory: steps, the last one a stop.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gold: Vec<GoldStep>,
    /// Wrong end states (negative controls): `agora tasks check` replays each and requires a
    /// score of 0 in the default mode.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decoys: Vec<Decoy>,
    /// Free-form tags.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Notes for task authors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// What in an image the task hinges on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visual_fact: Option<String>,
    /// The specs of the task's input images Agora drew, so the ground-truth VQA judge
    /// answers for a copy of one the agent uploaded (resized or re-encoded as it may be).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub input_pictures: Vec<InputPicture>,
    /// Fields this model does not know.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// An input image Agora drew: its file (as the task's `image` names it) and the spec it was
/// drawn from (the `imagery` crate's `Picture`, as JSON: the evaluators read it only
/// through [`crate::SiteQueries::facts_of_spec`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputPicture {
    /// The input image's path relative to the task file (`images/forum_picture_12.png`).
    pub image: String,
    /// The picture's spec.
    pub picture: Value,
}

/// A wrong end state a task must not accept: a trajectory written like `gold` (ending with a
/// stop) that gives a wrong answer, ends on a wrong page or changes the wrong item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decoy {
    /// What is wrong about it (`listing 6097: a red car`), for the report.
    pub why: String,
    /// Its steps, the last one a stop.
    pub steps: Vec<GoldStep>,
}

/// One gold step: an action, the element it targets, and its other arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GoldStep {
    /// The action name (`click`, `type`, `goto`, `stop`, …).
    pub action: String,
    /// The element the action targets, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Locator>,
    /// The stop answer (only on `stop`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// The action's other arguments (`text`, `url`, `key`, …).
    #[serde(flatten)]
    pub args: Map<String, Value>,
}

/// How a gold step names its element; resolved to a SoM id at replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Locator {
    /// An element with this ARIA role and accessible name.
    Role {
        /// ARIA role.
        role: String,
        /// Accessible name.
        name: String,
    },
    /// The first element matching a CSS selector.
    Css {
        /// CSS selector.
        css: String,
    },
    /// The element whose visible text is this.
    Text {
        /// Visible text.
        text: String,
    },
}

impl<'de> Deserialize<'de> for Locator {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let fields = Map::<String, Value>::deserialize(deserializer)?;
        let text = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_owned);
        let keys: Vec<&str> = fields.keys().map(String::as_str).collect();
        match (
            keys.as_slice(),
            text("css"),
            text("text"),
            text("role"),
            text("name"),
        ) {
            (["css"], Some(css), ..) => Ok(Locator::Css { css }),
            (["text"], _, Some(text), ..) => Ok(Locator::Text { text }),
            (["role", "name"] | ["name", "role"], _, _, Some(role), Some(name)) => {
                Ok(Locator::Role { role, name })
            }
            _ => Err(D::Error::custom(
                "a locator is {\"css\": \"…\"}, {\"text\": \"…\"} or {\"role\": \"…\", \"name\": \"…\"}",
            )),
        }
    }
}

impl Task {
    /// The start URLs, one per tab (empty when the task has none).
    pub fn start_urls(&self) -> Vec<&str> {
        match &self.start_url {
            Some(urls) if !urls.trim().is_empty() => urls.split(TAB_SEPARATOR).collect(),
            _ => Vec::new(),
        }
    }

    /// The sites an episode of the task starts logged in to (none unless `require_login`).
    pub fn logins(&self) -> Vec<String> {
        if self.require_login {
            self.sites.clone()
        } else {
            Vec::new()
        }
    }

    /// The viewport, with VWA's defaults filled in.
    pub fn viewport(&self) -> Viewport {
        match self.viewport_size {
            Some(size) => Viewport {
                width: size.width,
                height: size.height.unwrap_or(DEFAULT_VIEWPORT.height),
            },
            None => DEFAULT_VIEWPORT,
        }
    }

    /// Input images: URLs as they are, local files by their name relative to the task's
    /// folder (resolve them with [`crate::local_file::file_inside`]).
    pub fn input_images(&self) -> Vec<InputImage> {
        let sources: Vec<&String> = match &self.image {
            None => Vec::new(),
            Some(ImageField::One(source)) => vec![source],
            Some(ImageField::Many(sources)) => sources.iter().collect(),
        };
        sources
            .into_iter()
            .filter(|source| !source.trim().is_empty())
            .map(|source| {
                if is_remote(source) {
                    InputImage::Url(source.clone())
                } else {
                    InputImage::File(source.clone())
                }
            })
            .collect()
    }

    /// Every local file the task names, with the JSON path of its field: input images and
    /// `page_image_query` reference images.
    pub fn local_files(&self) -> Vec<(String, &str)> {
        let mut files = Vec::new();
        let inputs: Vec<&String> = match &self.image {
            None => Vec::new(),
            Some(ImageField::One(source)) => vec![source],
            Some(ImageField::Many(sources)) => sources.iter().collect(),
        };
        for (index, source) in inputs.into_iter().enumerate() {
            if !source.trim().is_empty() && !is_remote(source) {
                files.push((format!("image[{index}]"), source.as_str()));
            }
        }
        for (index, query) in self.eval.page_image_query.iter().enumerate() {
            for reference in query
                .eval_fuzzy_image_match
                .iter()
                .flat_map(|references| references.split(OR_SEPARATOR))
                .filter(|reference| !reference.trim().is_empty() && !is_remote(reference))
            {
                files.push((
                    format!("eval.page_image_query[{index}].eval_fuzzy_image_match"),
                    reference,
                ));
            }
        }
        files
    }

    /// The gold answer of the `agora` extension's final stop step, if any.
    pub fn gold_answer(&self) -> Option<&str> {
        let last = self.agora.as_ref()?.gold.last()?;
        (last.action == "stop").then(|| last.answer.as_deref().unwrap_or(""))
    }

    /// What the task's evaluation reads of the end state.
    pub fn reads(&self) -> Reads {
        self.eval
            .eval_types
            .iter()
            .map(|kind| kind.reads())
            .collect()
    }

    /// Whether the task is scored from measured pages (AES, with or without an answer check)
    /// and nothing in the agent's tabs: those are measured in a private tab, apart from them.
    pub fn measured_apart(&self) -> bool {
        let reads = self.reads();
        reads.contains(Read::MeasuredPages) && reads.only(&[Read::MeasuredPages, Read::Answer])
    }
}

/// Whether a source names a remote resource rather than a local file.
pub fn is_remote(source: &str) -> bool {
    source.starts_with("http://") || source.starts_with("https://") || source.starts_with("www.")
}

fn null_as_empty<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Vec<T>>::deserialize(deserializer)?.unwrap_or_default())
}

/// A text field that may be absent but not `null` (`url_note`: VWA raises
/// `Unknown matching rule: None` on a present `null`).
fn text_not_null<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        Some(text) => Ok(Some(text)),
        None => Err(serde::de::Error::custom(
            "must be `EXACT` or `GOLD in PRED`, not null (leave the key out for `EXACT`)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(json: &str) -> Task {
        serde_json::from_str(json).unwrap()
    }

    const MINIMAL: &str = r#"{"task_id": 3, "eval": {"eval_types": ["string_match"]}}"#;

    #[test]
    fn start_urls_split_on_and_separator() {
        let mut parsed = task(MINIMAL);
        assert!(parsed.start_urls().is_empty());
        parsed.start_url = Some("http://a/x |AND| http://b/y".into());
        assert_eq!(parsed.start_urls(), vec!["http://a/x", "http://b/y"]);
    }

    #[test]
    fn viewport_defaults_and_width_only() {
        let mut parsed = task(MINIMAL);
        assert_eq!(parsed.viewport(), DEFAULT_VIEWPORT);
        parsed.viewport_size = Some(ViewportSize {
            width: 430,
            height: None,
        });
        assert_eq!(
            parsed.viewport(),
            Viewport {
                width: 430,
                height: 2048
            }
        );
    }

    #[test]
    fn input_images_and_reference_images_are_listed_by_name() {
        let parsed = task(
            r#"{"task_id": 1, "image": ["a/input_0.png", "https://x.org/i.png", ""],
                "eval": {"eval_types": ["page_image_query"], "page_image_query": [
                    {"eval_image_url": "last", "eval_fuzzy_image_match": "r.png |OR| http://h/r.png"}]}}"#,
        );
        assert_eq!(
            parsed.input_images(),
            vec![
                InputImage::File("a/input_0.png".into()),
                InputImage::Url("https://x.org/i.png".into())
            ]
        );
        assert_eq!(
            parsed.local_files(),
            vec![
                ("image[0]".to_owned(), "a/input_0.png"),
                (
                    "eval.page_image_query[0].eval_fuzzy_image_match".to_owned(),
                    "r.png"
                )
            ]
        );
        let single =
            task(r#"{"task_id": 1, "image": "i.png", "eval": {"eval_types": ["string_match"]}}"#);
        assert_eq!(single.input_images().len(), 1);
    }

    #[test]
    fn unknown_fields_and_agora_extension_round_trip() {
        let source = r##"{"task_id": 7, "sites": ["classifieds"], "custom_top": {"a": 1},
            "eval": {"eval_types": ["string_match"], "reference_answers": {"must_include": ["x"]},
                     "custom_eval": true},
            "agora": {"gold": [
                {"action": "click", "target": {"css": "#go"}},
                {"action": "type", "target": {"role": "textbox", "name": "Search"}, "text": "red bike"},
                {"action": "click", "target": {"text": "Red bike"}},
                {"action": "stop", "answer": "$250"}],
              "tags": ["visual"], "visual_fact": "the bike is red"}}"##;
        let parsed = task(source);
        assert_eq!(parsed.extra["custom_top"]["a"], 1);
        assert_eq!(parsed.eval.extra["custom_eval"], true);
        assert_eq!(parsed.gold_answer(), Some("$250"));
        let gold = &parsed.agora.as_ref().unwrap().gold;
        assert_eq!(
            gold[1].target,
            Some(Locator::Role {
                role: "textbox".into(),
                name: "Search".into()
            })
        );
        assert_eq!(gold[1].args["text"], "red bike");
        assert_eq!(
            gold[2].target,
            Some(Locator::Text {
                text: "Red bike".into()
            })
        );
        let saved = serde_json::to_string(&parsed).unwrap();
        let reloaded: Task = serde_json::from_str(&saved).unwrap();
        assert_eq!(reloaded, parsed);
        let bad_locator = source.replace(r##"{"css": "#go"}"##, r#"{"xpath": "//a"}"#);
        let error = serde_json::from_str::<Task>(&bad_locator).unwrap_err();
        assert!(error.to_string().contains("a locator is"), "{error}");
        let resaved: Value = serde_json::from_str(&saved).unwrap();
        assert_eq!(resaved["custom_top"]["a"], 1);
        assert_eq!(resaved["agora"]["gold"][1]["text"], "red bike");
    }
}
