//! Task templates: one TOML file per intent family (`tasks/templates/<site>/<name>.toml`), and
//! the gold-path shapes a site's templates share (`tasks/templates/<site>/shapes.toml`).

use super::{GenerateError, InstanceError};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file of shared gold-path shapes in a site's template folder.
pub const SHAPES_FILE: &str = "shapes.toml";

/// One intent family.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    /// VWA's `intent_template_id`: unique across every template, never 0 (a variant has
    /// none of its own: it takes its template's).
    #[serde(default)]
    pub id: u64,
    /// The intent with `{{slot}}` placeholders (plain slot names: they become the
    /// `instantiation_dict`); a variant has none of its own.
    #[serde(default)]
    pub intent: String,
    /// The template (a file stem of the same folder) whose question this one asks of other
    /// candidates, typically the N/A instances of an answerable question: its instances
    /// carry that template's id, intent and name, so nothing but the page tells them apart,
    /// and the two share one answer tally (see `MAX_ANSWER_SHARE`).
    #[serde(default)]
    pub question_of: Option<String>,
    /// The task's `sites` (default: the template folder's site).
    #[serde(default)]
    pub sites: Option<Vec<String>>,
    /// Start URL(s) (placeholders allowed).
    pub start_url: String,
    /// Whether the agent starts logged in.
    #[serde(default)]
    pub require_login: bool,
    /// Whether the task changes state (the sites are reset before it).
    #[serde(default)]
    pub require_reset: bool,
    /// Difficulty labels.
    pub difficulty: Difficulty,
    /// Tags copied to `agora.tags` (the evaluator kinds are added).
    #[serde(default)]
    pub tags: Vec<String>,
    /// Slots whose values must be only in the picture: an instance whose text names one is
    /// refused.
    #[serde(default)]
    pub visual: Vec<String>,
    /// Slots that must be set (not empty) for an instance, and for each near miss a decoy is
    /// made of, beyond those its text uses: a product to put in the cart must be in stock
    /// (`require = ["in_stock"]`).
    #[serde(default)]
    pub require: Vec<String>,
    /// What in a picture the instance hinges on (placeholders allowed).
    pub visual_fact: String,
    /// Pictures of the candidate handed to the agent as input images, by name (`photo`).
    #[serde(default)]
    pub image: Vec<String>,
    /// Whether one item fits the description (`one`) or none does (`none`: "N/A").
    #[serde(default)]
    pub expect: Expect,
    /// Slots that tell train from test instances apart (default: the intent's slots, or the
    /// item's `id` for an intent without any).
    #[serde(default)]
    pub split_by: Vec<String>,
    /// Slots filled by a choice from a list, one pick per instance (`[choose]`).
    #[serde(default)]
    pub choose: BTreeMap<String, Vec<String>>,
    /// The site's generator query: `name` plus its parameters.
    pub query: Value,
    /// VWA's `eval` object, with placeholders.
    pub eval: Value,
    /// The gold path: steps (inline tables) or names of shapes.
    pub gold: Vec<StepOrShape>,
    /// Wrong end states the task must refuse.
    #[serde(default)]
    pub decoys: Vec<DecoyTemplate>,
    /// Notes for other authors, copied to `agora.notes`.
    #[serde(default)]
    pub notes: Option<String>,
    /// Annotator-style comment copied to `comments`.
    #[serde(default)]
    pub comments: Option<String>,
}

/// VWA's three difficulty labels.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Difficulty {
    /// `reasoning_difficulty`.
    pub reasoning: Level,
    /// `visual_difficulty`.
    pub visual: Level,
    /// `overall_difficulty`.
    pub overall: Level,
}

/// A difficulty level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// `easy`.
    Easy,
    /// `medium`.
    Medium,
    /// `hard`.
    Hard,
}

impl Level {
    /// The label VWA writes.
    pub fn label(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

/// What an instance's answer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    /// Exactly one item fits the description.
    #[default]
    One,
    /// Nothing fits: the right answer is "N/A".
    None,
}

/// A gold step written inline, or the name of a shared shape.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum StepOrShape {
    /// A shape's name.
    Shape(String),
    /// A step: an action with its fields (`when = "slot"` keeps it only where that slot is
    /// not empty).
    Step(serde_json::Map<String, Value>),
}

/// A wrong end state: fixed steps, or one per near miss of the candidate.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecoyTemplate {
    /// One decoy per near miss, up to this many (0: one fixed decoy).
    #[serde(default)]
    pub near_misses: usize,
    /// What is wrong (placeholders allowed; `{{why}}` is the near miss's own reason).
    pub why: String,
    /// Its steps (default: the gold path, filled with the near miss's slots).
    #[serde(default)]
    pub steps: Option<Vec<StepOrShape>>,
    /// Slots whose value must differ from the candidate's for a near miss to make a decoy (an
    /// answer it shares would score 1).
    #[serde(default)]
    pub differs: Vec<String>,
}

/// A template and where it came from.
#[derive(Debug, Clone)]
pub struct LoadedTemplate {
    /// `<site folder>/<file stem>` (`classifieds/colour_open`).
    pub name: String,
    /// The site folder (`classifieds`, `shopping`, `forum`): the output folder and, unless
    /// the template says otherwise, the task's site.
    pub folder: String,
    /// The file.
    pub path: PathBuf,
    /// The template whose question it asks: its own name, or its `question_of`'s
    /// (`classifieds/colour_city` for `classifieds/absent_colour_city`). Instances carry it
    /// as `agora.template`.
    pub family: String,
    /// The template, with a variant's id and intent taken from its family's.
    pub template: Template,
    /// The shapes of its folder.
    pub shapes: BTreeMap<String, Vec<StepOrShape>>,
}

/// Loads the templates at `paths` (files, site folders or a folder of site folders), sorted
/// by name; shapes come from each template's folder.
pub fn load_templates(paths: &[PathBuf]) -> Result<Vec<LoadedTemplate>, GenerateError> {
    let mut files = Vec::new();
    for path in paths {
        collect_files(path, &mut files)?;
    }
    files.sort();
    files.dedup();
    let mut loaded = Vec::new();
    let mut shapes_by_folder: BTreeMap<PathBuf, BTreeMap<String, Vec<StepOrShape>>> =
        BTreeMap::new();
    for path in files {
        let folder_path = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let folder = folder_path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !shapes_by_folder.contains_key(&folder_path) {
            let shapes = load_shapes(&folder_path.join(SHAPES_FILE))?;
            shapes_by_folder.insert(folder_path.clone(), shapes);
        }
        let mut template = parse_template(&path)?;
        let stem = path
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default();
        let family = match template.question_of.clone() {
            Some(of) => {
                ask_question_of(&mut template, &folder_path, &of).map_err(|message| {
                    GenerateError::Template {
                        path: path.clone(),
                        message,
                    }
                })?;
                format!("{folder}/{of}")
            }
            None if template.id == 0 || template.intent.is_empty() => {
                return Err(GenerateError::Template {
                    path,
                    message: "a template needs an `id` (not 0) and an `intent`, or \
                              `question_of` naming the template whose question it asks"
                        .into(),
                });
            }
            None => format!("{folder}/{stem}"),
        };
        loaded.push(LoadedTemplate {
            name: format!("{folder}/{stem}"),
            family,
            folder,
            path,
            template,
            shapes: shapes_by_folder
                .get(&folder_path)
                .cloned()
                .unwrap_or_default(),
        });
    }
    let mut ids = BTreeMap::new();
    for template in loaded.iter().filter(|t| t.template.question_of.is_none()) {
        if let Some(other) = ids.insert(template.template.id, &template.name) {
            return Err(GenerateError::Template {
                path: template.path.clone(),
                message: format!("id {} is also {other}'s", template.template.id),
            });
        }
    }
    Ok(loaded)
}

fn parse_template(path: &Path) -> Result<Template, GenerateError> {
    toml::from_str(&read(path)?).map_err(|error| GenerateError::Template {
        path: path.to_owned(),
        message: error.to_string(),
    })
}

/// Gives the variant `template` the id and intent of `of`, the template of `folder` whose
/// question it asks.
fn ask_question_of(template: &mut Template, folder: &Path, of: &str) -> Result<(), String> {
    if template.id != 0 || !template.intent.is_empty() {
        return Err(format!(
            "a variant asks `{of}`'s question: it takes that template's `id` and `intent`, so it \
             sets neither"
        ));
    }
    let path = folder.join(format!("{of}.toml"));
    let family =
        parse_template(&path).map_err(|error| format!("`question_of = \"{of}\"`: {error}"))?;
    if family.question_of.is_some() {
        return Err(format!(
            "`{of}` is itself a variant: name the template whose question both ask"
        ));
    }
    template.id = family.id;
    template.intent = family.intent;
    Ok(())
}

fn read(path: &Path) -> Result<String, GenerateError> {
    std::fs::read_to_string(path).map_err(|source| GenerateError::Io {
        path: path.to_owned(),
        source,
    })
}

fn load_shapes(path: &Path) -> Result<BTreeMap<String, Vec<StepOrShape>>, GenerateError> {
    if !path.exists() {
        return Ok(BTreeMap::new());
    }
    toml::from_str(&read(path)?).map_err(|error| GenerateError::Template {
        path: path.to_owned(),
        message: error.to_string(),
    })
}

/// Template files: `.toml` files other than the shapes file, found under `path`.
fn collect_files(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), GenerateError> {
    let metadata = std::fs::metadata(path).map_err(|source| GenerateError::Io {
        path: path.to_owned(),
        source,
    })?;
    if !metadata.is_dir() {
        files.push(path.to_owned());
        return Ok(());
    }
    let entries = std::fs::read_dir(path).map_err(|source| GenerateError::Io {
        path: path.to_owned(),
        source,
    })?;
    for entry in entries {
        let entry = entry.map_err(|source| GenerateError::Io {
            path: path.to_owned(),
            source,
        })?;
        let child = entry.path();
        if child.is_dir() {
            collect_files(&child, files)?;
        } else if child.extension().is_some_and(|ext| ext == "toml")
            && child.file_name().is_some_and(|name| name != SHAPES_FILE)
        {
            files.push(child);
        }
    }
    Ok(())
}

/// The steps of `items` with shapes expanded (a shape may name other shapes).
pub fn expand_steps(
    items: &[StepOrShape],
    shapes: &BTreeMap<String, Vec<StepOrShape>>,
) -> Result<Vec<serde_json::Map<String, Value>>, InstanceError> {
    fn walk(
        items: &[StepOrShape],
        shapes: &BTreeMap<String, Vec<StepOrShape>>,
        depth: usize,
        out: &mut Vec<serde_json::Map<String, Value>>,
    ) -> Result<(), InstanceError> {
        if depth > 8 {
            return Err(InstanceError::ShapesTooDeep);
        }
        for item in items {
            match item {
                StepOrShape::Step(step) => out.push(step.clone()),
                StepOrShape::Shape(name) => {
                    let shape = shapes.get(name).ok_or_else(|| InstanceError::NoShape {
                        name: name.clone(),
                        file: SHAPES_FILE,
                    })?;
                    walk(shape, shapes, depth + 1, out)?;
                }
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(items, shapes, 0, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANSWERABLE: &str = r#"
id = 91001
intent = "Where is the {{colour}} chair?"
start_url = "__CLASSIFIEDS__"
difficulty = { reasoning = "easy", visual = "medium", overall = "medium" }
visual_fact = "a {{colour}} chair"
query = { name = "listing" }
gold = [{ action = "stop", answer = "{{city}}" }]
eval = { eval_types = ["string_match"], reference_answers = { exact_match = "{{city}}" } }
"#;

    const NOT_ACHIEVABLE: &str = r#"
question_of = "where"
start_url = "__CLASSIFIEDS__"
expect = "none"
difficulty = { reasoning = "medium", visual = "medium", overall = "medium" }
visual_fact = "no {{colour}} chair"
query = { name = "absent" }
gold = [{ action = "stop", answer = "N/A" }]
eval = { eval_types = ["string_match"], reference_answers = { fuzzy_match = "N/A" } }
"#;

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join("classifieds")).unwrap();
        for (name, text) in files {
            std::fs::write(root.path().join("classifieds").join(name), text).unwrap();
        }
        root
    }

    #[test]
    fn a_variant_asks_its_templates_question() {
        let root = folder(&[
            ("where.toml", ANSWERABLE),
            ("absent_where.toml", NOT_ACHIEVABLE),
        ]);
        // Loaded alone, the variant still finds the question beside it.
        let alone = load_templates(&[root.path().join("classifieds/absent_where.toml")]).unwrap();
        let variant = &alone[0];
        assert_eq!(variant.name, "classifieds/absent_where");
        assert_eq!(variant.family, "classifieds/where");
        assert_eq!(variant.template.id, 91001);
        assert_eq!(variant.template.intent, "Where is the {{colour}} chair?");
        // Both loaded: one id, not a clash.
        let both = load_templates(&[root.path().to_path_buf()]).unwrap();
        assert_eq!(both.len(), 2);
        assert_eq!(both[1].family, both[1].name);
    }

    #[test]
    fn a_variant_sets_no_question_and_names_one_that_exists() {
        let own_intent = format!("intent = \"Where?\"\n{NOT_ACHIEVABLE}");
        let root = folder(&[
            ("where.toml", ANSWERABLE),
            ("absent_where.toml", &own_intent),
        ]);
        let error = load_templates(&[root.path().to_path_buf()])
            .unwrap_err()
            .to_string();
        assert!(error.contains("sets neither"), "{error}");

        let root = folder(&[("absent_where.toml", NOT_ACHIEVABLE)]);
        let error = load_templates(&[root.path().to_path_buf()])
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("`question_of = \"where\"`") && error.contains("where.toml"),
            "{error}"
        );

        let no_question = NOT_ACHIEVABLE.replace("question_of = \"where\"\n", "");
        let root = folder(&[("lost.toml", &no_question)]);
        let error = load_templates(&[root.path().to_path_buf()])
            .unwrap_err()
            .to_string();
        assert!(error.contains("needs an `id`"), "{error}");
    }
}
