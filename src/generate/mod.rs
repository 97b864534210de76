//! `agora tasks generate`: VWA-format tasks instantiated from templates over the sites'
//! ground truth.
//!
//! A template (`template.rs`) names a site's generator query; the site yields candidates
//! (`kit::ground_truth`): slot values, how many items fit the description, the text a visitor
//! can read about the answer, near misses and pictures. Candidates are taken in an order
//! shuffled by the seed and the template's name; one is refused when its answer is not unique
//! (or, for an N/A template, when something does fit), when a slot the template calls visual
//! is empty or named in the text, and skipped when it repeats an accepted intent (with the same
//! input images) or belongs to the other split. Accepted instances fill the template's placeholders (`fill.rs`) into a task
//! with `agora.gold`, `agora.decoys` (one per near miss, the gold path on the wrong item) and
//! `agora.template`; the suite is its files, written or compared with a folder (`suite.rs`).

mod error;
mod fill;
mod suite;
mod task_file;
mod template;

pub use error::{GenerateError, InstanceError};
pub use fill::{IMAGE_FOLDER, intent_slots};
pub use suite::{Difference, Suite};
pub use task_file::{AgoraFields, Decoy, InputPicture, TaskFile};
pub use template::{
    DecoyTemplate, Difficulty, Expect, Level, LoadedTemplate, SHAPES_FILE, StepOrShape, Template,
    load_templates,
};

use fill::{Filler, is_set};
use kit::ground_truth::{Candidate, GroundTruth, PictureFile, Slots};
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::Path;

/// Which instances to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Split {
    /// Instances whose split slots hash outside the test share.
    Train,
    /// Instances whose split slots hash into the test share.
    Test,
}

/// How to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// Instances per template (fewer when the ground truth holds fewer).
    pub per_template: usize,
    /// Seed of the instance order.
    pub seed: u64,
    /// Only train or only test instances (`None`: all).
    pub split: Option<Split>,
    /// The share of slot values, in percent, that belongs to the test split.
    pub test_percent: u8,
    /// The first task id of each site folder.
    pub first_id: u64,
}

/// Why a candidate was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// More than one item fits (or none, for a template that expects one).
    NotUnique,
    /// Something fits a template whose answer is N/A.
    NotAbsent,
    /// A visual slot is empty: the picture does not show the fact.
    FactNotShown,
    /// A visual slot's value is written in the text about the answer.
    VisualInText,
    /// A person could not tell a visual slot's value from the picture: a patterned item
    /// named by one colour, the time of day under a sky that hides the sun.
    Untellable,
    /// The candidate lacks a slot the template uses, or has it empty (a product without
    /// reviews for a question about its newest review; one without a colour detail for a
    /// question about it).
    MissingSlot,
    /// The answer is already that of [`MAX_ANSWER_SHARE`] instances of the template's family
    /// (one, for "0" and "1"): one more would let a blind agent guess it.
    AnswerTaken,
}

impl fmt::Display for Refusal {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Refusal::NotUnique => "answer not unique",
            Refusal::NotAbsent => "something fits (the answer would not be N/A)",
            Refusal::FactNotShown => "the visual fact is not in the picture",
            Refusal::VisualInText => "the visual fact is also in the text",
            Refusal::Untellable => "a person could not tell the visual fact from the picture",
            Refusal::MissingSlot => "a slot the template uses is missing or empty",
            Refusal::AnswerTaken => "other instances already give this answer",
        })
    }
}

/// What happened to one template's candidates.
#[derive(Debug, Clone, Default)]
pub struct TemplateReport {
    /// The template's name.
    pub name: String,
    /// Candidates its query yielded.
    pub candidates: usize,
    /// Tasks written.
    pub generated: usize,
    /// Candidates skipped because they repeat an accepted intent with the same input images.
    pub repeats: usize,
    /// Candidates of the other split.
    pub other_split: usize,
    /// Refusals by reason, with how many and the first one's explanation.
    pub refused: BTreeMap<Refusal, (usize, String)>,
}

impl fmt::Display for TemplateReport {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{}: {} task(s) from {} candidate(s)",
            self.name, self.generated, self.candidates
        )?;
        if self.repeats > 0 {
            write!(formatter, ", {} repeat(s) skipped", self.repeats)?;
        }
        if self.other_split > 0 {
            write!(formatter, ", {} in the other split", self.other_split)?;
        }
        for (refusal, (count, example)) in &self.refused {
            write!(
                formatter,
                "\n    refused {count}: {refusal} (e.g. {example})"
            )?;
        }
        Ok(())
    }
}

/// One generated task before it gets its id.
#[derive(Debug, Clone)]
struct Instance {
    folder: String,
    task: TaskFile,
    pictures: Vec<PictureFile>,
}

/// Opens each site's ground truth once and keeps the candidates of every query asked.
pub struct Truths<'a> {
    data_dir: &'a Path,
    open: HashMap<&'static str, Box<dyn GroundTruth>>,
    answered: HashMap<(String, String), Vec<Candidate>>,
}

impl<'a> Truths<'a> {
    /// Ground truth read from the base data in `data_dir`.
    pub fn new(data_dir: &'a Path) -> Self {
        Self {
            data_dir,
            open: HashMap::new(),
            answered: HashMap::new(),
        }
    }

    fn candidates(&mut self, folder: &str, query: &Value) -> Result<&[Candidate], InstanceError> {
        let key = (folder.to_owned(), query.to_string());
        if !self.answered.contains_key(&key) {
            let site = crate::sites::SITES
                .iter()
                .find(|site| site.name().0 == folder)
                .ok_or_else(|| InstanceError::NoSite(folder.to_owned()))?;
            let truth = match self.open.entry(site.name().0) {
                std::collections::hash_map::Entry::Occupied(open) => open.into_mut(),
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(site.ground_truth(self.data_dir)?)
                }
            };
            let candidates = truth
                .candidates(query)
                .map_err(|source| InstanceError::Query {
                    folder: folder.to_owned(),
                    source,
                })?;
            self.answered.insert(key.clone(), candidates);
        }
        Ok(self.answered.get(&key).map(Vec::as_slice).unwrap_or(&[]))
    }
}

/// Generates every template's instances and numbers them per site folder.
pub fn generate(
    templates: &[LoadedTemplate],
    truths: &mut Truths<'_>,
    options: &Options,
) -> Result<(Suite, Vec<TemplateReport>), GenerateError> {
    generate_reporting(templates, truths, options, &mut |_| {})
}

/// [`generate`], telling `instantiated` of each template as soon as its instances are made
/// (the CLI's progress bar).
pub fn generate_reporting(
    templates: &[LoadedTemplate],
    truths: &mut Truths<'_>,
    options: &Options,
    instantiated: &mut dyn FnMut(&TemplateReport),
) -> Result<(Suite, Vec<TemplateReport>), GenerateError> {
    let mut reports = Vec::new();
    let mut instances = Vec::new();
    let mut tallies: BTreeMap<&str, AnswerTally> = BTreeMap::new();
    for template in templates {
        let tally = tallies.entry(template.family.as_str()).or_default();
        let (mut made, report) = instantiate(template, truths, options, tally)?;
        instantiated(&report);
        instances.append(&mut made);
        reports.push(report);
    }
    let mut next_id: BTreeMap<String, u64> = BTreeMap::new();
    let mut suite = Suite::default();
    for mut instance in instances {
        let id = next_id
            .entry(instance.folder.clone())
            .or_insert(options.first_id);
        instance.task.task_id = *id;
        let fail = |source| GenerateError::Instance {
            template: instance.folder.clone(),
            source,
        };
        suite
            .add_task(&instance.folder, &instance.task)
            .map_err(fail)?;
        for picture in &instance.pictures {
            suite.add_picture(&instance.folder, picture).map_err(fail)?;
        }
        *id += 1;
    }
    Ok((suite, reports))
}

/// A stable 64-bit hash (FNV-1a) of `text`: the same on every machine and build.
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The share of slot values, in percent, that `agora tasks generate` puts in the test split
/// unless told otherwise (`--test-percent`).
pub const DEFAULT_TEST_PERCENT: u8 = 20;

/// Which split slot values belong to.
fn split_of(template: &LoadedTemplate, slots: &Slots, test_percent: u8) -> Split {
    // An intent without slots (one question asked of many input images) splits by the item.
    let keys: Vec<String> = if !template.template.split_by.is_empty() {
        template.template.split_by.clone()
    } else {
        match intent_slots(&template.template.intent).unwrap_or_default() {
            names if names.is_empty() => vec!["id".to_owned()],
            names => names,
        }
    };
    let values: Vec<&str> = keys
        .iter()
        .map(|key| slots.get(key).map(String::as_str).unwrap_or(""))
        .collect();
    split_of_values(&template.family, &values, test_percent)
}

/// The split of a template's instance whose split slots hold `values`.
fn split_of_values(template: &str, values: &[&str], test_percent: u8) -> Split {
    let bucket = stable_hash(&format!("{template}\u{1f}{}", values.join("\u{1f}"))) % 100;
    if bucket < u64::from(test_percent) {
        Split::Test
    } else {
        Split::Train
    }
}

/// The split `agora tasks generate` (at the default test share) puts a generated task in,
/// read from the task file: its template (`agora.template`) and the values of its intent's
/// slots. `None` for a task not generated from a template, and for an instance of an
/// intent without slots (split by its item, which the task file does not name).
pub fn task_split(task: &evaluators::task::Task) -> Option<Split> {
    let template = task.agora.as_ref()?.extra.get("template")?.as_str()?;
    let keys = intent_slots(&task.intent_template).ok()?;
    if keys.is_empty() {
        return None;
    }
    let values: Option<Vec<&str>> = keys
        .iter()
        .map(|key| task.instantiation_dict.get(key).and_then(Value::as_str))
        .collect();
    Some(split_of_values(template, &values?, DEFAULT_TEST_PERCENT))
}

/// Whether `text` names `value` as a whole word or phrase (any case; gray and grey alike).
pub fn mentions(text: &str, value: &str) -> bool {
    let text = text.to_lowercase();
    let value = value.trim().to_lowercase();
    if value.is_empty() {
        return false;
    }
    let spellings: Vec<String> = match value.as_str() {
        "gray" => vec!["gray".into(), "grey".into()],
        "grey" => vec!["gray".into(), "grey".into()],
        _ => vec![value],
    };
    spellings.iter().any(|spelling| {
        text.match_indices(spelling.as_str()).any(|(at, found)| {
            let before = text[..at].chars().next_back();
            let after = text[at + found.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    })
}

/// Why `candidate` may not be an instance of `template`, if it may not.
fn refusal(template: &Template, candidate: &Candidate) -> Option<(Refusal, String)> {
    if let Some(slot) = template
        .require
        .iter()
        .find(|slot| !is_set(&candidate.slots, slot))
    {
        return Some((
            Refusal::MissingSlot,
            format!("`{slot}` is empty for {}", describe(candidate)),
        ));
    }
    match template.expect {
        Expect::One if candidate.matching != 1 => {
            return Some((Refusal::NotUnique, candidate.matching_note.clone()));
        }
        Expect::None if candidate.matching != 0 => {
            return Some((Refusal::NotAbsent, candidate.matching_note.clone()));
        }
        _ => {}
    }
    for slot in &template.visual {
        if !is_set(&candidate.slots, slot) {
            return Some((
                Refusal::FactNotShown,
                format!("`{slot}` is empty for {}", describe(candidate)),
            ));
        }
        if let Some(why) = untellable(slot, &candidate.slots) {
            return Some((
                Refusal::Untellable,
                format!("{why} ({})", describe(candidate)),
            ));
        }
        let value = &candidate.slots[slot];
        if mentions(&candidate.text, value) {
            return Some((
                Refusal::VisualInText,
                format!(
                    "\"{value}\" ({slot}) is written about {}",
                    describe(candidate)
                ),
            ));
        }
    }
    None
}

/// Why a person looking at the picture could not tell the value of the visual slot `slot`,
/// if they could not: a striped or checkered item has two colours, so "the green one" does
/// not name it; under clouds, rain or snow the sky no longer shows where the sun stands, so
/// morning, noon and sunset look alike (night stays dark).
fn untellable(slot: &str, slots: &Slots) -> Option<String> {
    let value = |name: &str| slots.get(name).map_or("", String::as_str);
    match slot {
        "colour" if !matches!(value("pattern"), "" | "solid") => Some(format!(
            "a {} {} item has a second colour",
            value("pattern"),
            value("colour")
        )),
        "time" if value("weather") != "clear" && value("time") != "night" => Some(format!(
            "{} under a {} sky looks like any other daytime",
            value("time"),
            value("weather")
        )),
        _ => None,
    }
}

/// A candidate named for messages: its `id` slot, or its slot values.
fn describe(candidate: &Candidate) -> String {
    match candidate.slots.get("id") {
        Some(id) => format!("item {id}"),
        None => candidate
            .slots
            .values()
            .take(4)
            .cloned()
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// How many instances of a template's family may give one string answer. Two: a blind
/// agent that answers what most of the family's other instances answer then never wins by
/// it (the one other instance ties with every other answer), while a family of five still
/// takes a count of 0, 1, 1, 2, 3.
pub const MAX_ANSWER_SHARE: usize = 2;

/// The string answers a template family's instances give so far, with how many give each
/// ("0" and "1" counted together, see `answer_share`).
type AnswerTally = BTreeMap<String, usize>;

/// What `answer` is tallied as, and how many instances of a family may give it: "0" and "1"
/// are what a blind agent answers to any "how many" question, so a family gives one of
/// them once.
fn answer_share(answer: &str) -> (&str, usize) {
    if crate::audit::figures::is_zero_or_one(answer) {
        ("0 or 1", 1)
    } else {
        (answer, MAX_ANSWER_SHARE)
    }
}

/// The string answer of an instance's evaluation, as the audit reads it (`None` without
/// string_match).
fn answer_of(eval: &Value) -> Option<String> {
    crate::audit::string_answer(&serde_json::from_value(eval.clone()).ok()?)
}

fn instantiate(
    loaded: &LoadedTemplate,
    truths: &mut Truths<'_>,
    options: &Options,
    tally: &mut AnswerTally,
) -> Result<(Vec<Instance>, TemplateReport), GenerateError> {
    let template = &loaded.template;
    let fail = |source: InstanceError| GenerateError::Instance {
        template: loaded.name.clone(),
        source,
    };
    let intent_names = intent_slots(&template.intent).map_err(fail)?;
    let candidates = truths
        .candidates(&loaded.folder, &template.query)
        .map_err(fail)?
        .to_vec();
    let mut report = TemplateReport {
        name: loaded.name.clone(),
        candidates: candidates.len(),
        ..TemplateReport::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed ^ stable_hash(&loaded.name));
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.shuffle(&mut rng);
    let mut seen_intents = BTreeSet::new();
    let mut made = Vec::new();
    for index in order {
        if made.len() >= options.per_template {
            break;
        }
        let candidate = &candidates[index];
        if let Some((reason, explanation)) = refusal(template, candidate) {
            let entry = report.refused.entry(reason).or_insert((0, explanation));
            entry.0 += 1;
            continue;
        }
        let mut slots = candidate.slots.clone();
        for (slot, choices) in &template.choose {
            if let Some(choice) = choices.choose(&mut rng) {
                slots.insert(slot.clone(), choice.clone());
            }
        }
        if let Some(split) = options.split
            && split_of(loaded, &slots, options.test_percent) != split
        {
            report.other_split += 1;
            continue;
        }
        let task = match task_of(loaded, &intent_names, candidate, &slots) {
            Ok(task) => task,
            // A slot some candidates lack refuses them; one none has is the template's error.
            Err(error) if error.is_missing_slot() => {
                let entry = report
                    .refused
                    .entry(Refusal::MissingSlot)
                    .or_insert_with(|| (0, error.to_string()));
                entry.0 += 1;
                continue;
            }
            Err(error) => return Err(fail(error)),
        };
        // What the agent is given: the intent and the input images (one intent asked of
        // different pictures makes different tasks).
        let given = (task.task.intent.clone(), task.task.image.to_string());
        let answer = answer_of(&task.task.eval);
        if let Some(answer) = &answer {
            let (key, share) = answer_share(answer);
            if tally.get(key).copied().unwrap_or(0) >= share {
                let entry = report.refused.entry(Refusal::AnswerTaken).or_insert((
                    0,
                    format!("\"{answer}\" answers {share} instance(s) already"),
                ));
                entry.0 += 1;
                continue;
            }
        }
        if !seen_intents.insert(given) {
            report.repeats += 1;
            continue;
        }
        if let Some(answer) = &answer {
            *tally.entry(answer_share(answer).0.to_owned()).or_default() += 1;
        }
        made.push(task);
        report.generated += 1;
    }
    if made.is_empty()
        && let Some((count, example)) = report.refused.get(&Refusal::MissingSlot)
        && *count == report.candidates
    {
        return Err(fail(InstanceError::SlotNeverSet {
            example: example.clone(),
        }));
    }
    Ok((made, report))
}

/// Fills `loaded`'s template with one candidate's `slots`.
fn task_of(
    loaded: &LoadedTemplate,
    intent_names: &[String],
    candidate: &Candidate,
    slots: &Slots,
) -> Result<Instance, InstanceError> {
    let template = &loaded.template;
    let picture_files: BTreeMap<String, String> = candidate
        .pictures
        .iter()
        .map(|(name, picture)| (name.clone(), picture.name.clone()))
        .collect();
    let mut filler = Filler::new(slots, &picture_files);
    let mut instantiation = Map::new();
    for name in intent_names {
        let value = slots
            .get(name)
            .ok_or_else(|| InstanceError::IntentSlot { slot: name.clone() })?;
        instantiation.insert(name.clone(), Value::String(value.clone()));
    }
    let intent = filler.text(&template.intent)?;
    let start_url = filler.text(&template.start_url)?;
    let eval = filler.value(&template.eval)?;
    let gold = steps(&mut filler, &template.gold, &loaded.shapes)?;
    let visual_fact = filler.text(&template.visual_fact)?;
    let mut used = filler.used_pictures.clone();
    let mut decoys = Vec::new();
    for decoy in &template.decoys {
        decoys.extend(decoys_of(
            loaded,
            decoy,
            candidate,
            slots,
            &picture_files,
            &gold,
            &mut used,
        )?);
    }
    let mut images = Vec::new();
    // A task that asks visual questions records the specs of its input images, so the
    // ground-truth judge answers for a copy of one the agent uploads.
    let asks = eval
        .get("page_image_query")
        .and_then(Value::as_array)
        .is_some_and(|queries| queries.iter().any(|query| query.get("eval_vqa").is_some()));
    let mut input_pictures = Vec::new();
    for name in &template.image {
        let file = picture_files
            .get(name)
            .ok_or_else(|| InstanceError::NoImage {
                picture: name.clone(),
            })?;
        let path = fill::picture_path(file);
        if asks && let Some(picture) = candidate.pictures.get(name) {
            input_pictures.push(InputPicture {
                image: path.clone(),
                picture: picture.picture.clone(),
            });
        }
        images.push(Value::String(path));
        used.insert(name.clone());
    }
    let image = match images.len() {
        0 => Value::Null,
        1 => images.remove(0),
        _ => Value::Array(images),
    };
    let eval_types: Vec<String> = eval
        .get("eval_types")
        .and_then(Value::as_array)
        .map(|types| {
            types
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let mut tags: Vec<String> = eval_types;
    if template.expect == Expect::None {
        tags.push("n/a".into());
    }
    for tag in &template.tags {
        if !tags.contains(tag) {
            tags.push(tag.clone());
        }
    }
    let sites = match &template.sites {
        Some(sites) => sites.clone(),
        None => vec![default_site_name(&loaded.folder)],
    };
    let notes = match &template.notes {
        Some(notes) => Some(filler.text(notes)?),
        None => None,
    };
    let task = TaskFile {
        sites,
        task_id: 0,
        require_login: template.require_login,
        storage_state: None,
        start_url,
        geolocation: None,
        intent_template: template.intent.clone(),
        instantiation_dict: instantiation,
        intent,
        image,
        require_reset: template.require_reset,
        eval,
        reasoning_difficulty: template.difficulty.reasoning.label(),
        visual_difficulty: template.difficulty.visual.label(),
        overall_difficulty: template.difficulty.overall.label(),
        comments: template.comments.clone().unwrap_or_default(),
        intent_template_id: template.id,
        agora: AgoraFields {
            template: loaded.family.clone(),
            variant: (loaded.family != loaded.name).then(|| loaded.name.clone()),
            visual_fact,
            tags,
            notes,
            input_pictures,
            gold,
            decoys,
        },
    };
    // The task must load as a task, with its gold path valid for the action grammar.
    let parsed: evaluators::Task =
        serde_json::from_value(serde_json::to_value(&task)?).map_err(InstanceError::NotATask)?;
    for (number, step) in parsed
        .agora
        .iter()
        .flat_map(|agora| &agora.gold)
        .enumerate()
    {
        crate::gold::check_gold_step(step).map_err(|message| InstanceError::GoldStep {
            number: number + 1,
            message,
        })?;
    }
    let pictures = used
        .iter()
        .filter_map(|name| candidate.pictures.get(name).cloned())
        .collect();
    Ok(Instance {
        folder: loaded.folder.clone(),
        task,
        pictures,
    })
}

/// VWA's name of a site folder's site (`forum` is `reddit` in task files).
fn default_site_name(folder: &str) -> String {
    evaluators::site_names::site_named(folder)
        .and_then(|site| site.task_names.last())
        .map(|name| (*name).to_owned())
        .unwrap_or_else(|| folder.to_owned())
}

/// Expands and fills steps; a step with `when = "slot"` is kept only where that slot is set.
fn steps(
    filler: &mut Filler<'_>,
    items: &[StepOrShape],
    shapes: &BTreeMap<String, Vec<StepOrShape>>,
) -> Result<Vec<Value>, InstanceError> {
    let mut out = Vec::new();
    for mut step in template::expand_steps(items, shapes)? {
        if let Some(condition) = step.remove("when") {
            let slot = condition.as_str().ok_or(InstanceError::WhenNotASlot)?;
            if !filler.is_set(slot)? {
                continue;
            }
        }
        out.push(filler.value(&Value::Object(step))?);
    }
    Ok(out)
}

/// The decoys one decoy template gives for `candidate`.
fn decoys_of(
    loaded: &LoadedTemplate,
    decoy: &DecoyTemplate,
    candidate: &Candidate,
    slots: &Slots,
    pictures: &BTreeMap<String, String>,
    gold: &[Value],
    used: &mut BTreeSet<String>,
) -> Result<Vec<Decoy>, InstanceError> {
    let decoy_of = |slots: &Slots, used: &mut BTreeSet<String>| -> Result<Decoy, InstanceError> {
        let mut filler = Filler::new(slots, pictures);
        let items = decoy.steps.as_ref().unwrap_or(&loaded.template.gold);
        let steps = steps(&mut filler, items, &loaded.shapes)?;
        let why = filler.text(&decoy.why)?;
        used.extend(filler.used_pictures);
        Ok(Decoy { why, steps })
    };
    if decoy.near_misses == 0 {
        if decoy.steps.is_none() {
            return Err(InstanceError::DecoyWithoutSteps);
        }
        return Ok(vec![decoy_of(slots, used)?]);
    }
    let mut out = Vec::new();
    let differs = |near_miss: &kit::ground_truth::NearMiss| {
        decoy.differs.iter().all(|slot| {
            let value = near_miss.slots.get(slot).or_else(|| slots.get(slot));
            value.is_some_and(|value| {
                !value.eq_ignore_ascii_case(slots.get(slot).map(String::as_str).unwrap_or(""))
            })
        })
    };
    for near_miss in candidate
        .near_misses
        .iter()
        .filter(|near_miss| differs(near_miss))
    {
        if out.len() == decoy.near_misses {
            break;
        }
        let mut miss_slots = slots.clone();
        miss_slots.extend(near_miss.slots.clone());
        miss_slots.insert("why".into(), near_miss.why.clone());
        // A near miss that could not be replayed (a product out of stock to buy, a slot its
        // steps name left empty) proves nothing: the next one is taken.
        if !loaded
            .template
            .require
            .iter()
            .all(|slot| is_set(&miss_slots, slot))
        {
            continue;
        }
        let filled = match decoy_of(&miss_slots, used) {
            Err(error) if error.is_missing_slot() => continue,
            filled => filled?,
        };
        // The same trajectory as gold proves nothing (and would score 1).
        if filled.steps != gold {
            out.push(filled);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_whole_words_only() {
        assert!(mentions("Finished in Yellow. Seats 4.", "yellow"));
        assert!(mentions("a grey sofa", "gray"));
        assert!(!mentions("Yellowstone trip", "yellow"));
        assert!(!mentions("reddish", "red"));
        assert!(mentions("sign says EXPO 2024", "expo"));
        assert!(!mentions("anything", ""));
    }

    #[test]
    fn a_fact_the_picture_cannot_tell_is_untellable() {
        let slots = |pairs: &[(&str, &str)]| -> Slots {
            pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect()
        };
        let checkered = slots(&[("colour", "green"), ("pattern", "checkered")]);
        let why = untellable("colour", &checkered).unwrap();
        assert!(why.contains("checkered green"), "{why}");
        assert_eq!(untellable("pattern", &checkered), None);
        let solid = slots(&[("colour", "green"), ("pattern", "solid")]);
        assert_eq!(untellable("colour", &solid), None);
        let grey_morning = slots(&[("time", "morning"), ("weather", "snowy")]);
        assert!(untellable("time", &grey_morning).is_some());
        assert_eq!(untellable("weather", &grey_morning), None);
        for (time, weather) in [("morning", "clear"), ("night", "snowy"), ("night", "clear")] {
            let scene = slots(&[("time", time), ("weather", weather)]);
            assert_eq!(untellable("time", &scene), None, "{time}, {weather}");
        }
    }

    #[test]
    fn stable_hash_is_fnv1a() {
        // FNV-1a of "a" is a published value; a change here would reshuffle every suite.
        assert_eq!(stable_hash("a"), 0xaf63_dc4c_8601_ec8c);
    }
}

/// Generation over real ground truth: the forum seeded small in a fresh folder.
#[cfg(test)]
mod over_seeded_data {
    use super::*;
    use std::path::PathBuf;

    fn seeded() -> tempfile::TempDir {
        let data = tempfile::tempdir().unwrap();
        let site = crate::sites::SITES
            .iter()
            .find(|site| site.name().0 == "forum")
            .unwrap();
        site.seed(data.path(), kit::Scale::Small(400), Some(7))
            .unwrap();
        data
    }

    fn shipped(names: &[&str]) -> Vec<LoadedTemplate> {
        let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tasks/templates/forum");
        let paths: Vec<PathBuf> = if names.is_empty() {
            vec![folder]
        } else {
            names
                .iter()
                .map(|name| folder.join(format!("{name}.toml")))
                .collect()
        };
        load_templates(&paths).unwrap()
    }

    fn options(per_template: usize, seed: u64, split: Option<Split>) -> Options {
        Options {
            per_template,
            seed,
            split,
            test_percent: 50,
            first_id: 1000,
        }
    }

    /// The task files of a suite, written out and read back (file name → task).
    fn tasks(suite: &Suite) -> BTreeMap<String, Value> {
        let out = tempfile::tempdir().unwrap();
        suite.write(out.path(), false).unwrap();
        let mut tasks = BTreeMap::new();
        let Ok(entries) = std::fs::read_dir(out.path().join("forum")) else {
            return tasks;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == "json") {
                let task = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
                tasks.insert(
                    path.file_name().unwrap().to_string_lossy().into_owned(),
                    task,
                );
            }
        }
        tasks
    }

    #[test]
    fn generation_is_deterministic_refuses_with_reasons_and_splits_by_slot_values() {
        let data = seeded();
        let templates = shipped(&["ranked_score", "scene_count", "image_meme_open"]);
        let mut truths = Truths::new(data.path());
        let (first, reports) = generate(&templates, &mut truths, &options(3, 28, None)).unwrap();
        // A fresh read of the ground truth, as another run would do: the same files.
        let (again, _) = generate(
            &templates,
            &mut Truths::new(data.path()),
            &options(3, 28, None),
        )
        .unwrap();
        assert_eq!(first, again);
        assert!(first.tasks() >= 6, "{reports:?}");
        let (other_seed, _) = generate(&templates, &mut truths, &options(3, 29, None)).unwrap();
        assert_ne!(first, other_seed, "the seed orders the instances");
        for task in tasks(&first).values() {
            let agora = &task["agora"];
            assert!(agora["template"].as_str().unwrap().starts_with("forum/"));
            assert_eq!(
                agora["gold"].as_array().unwrap().last().unwrap()["action"],
                "stop"
            );
            for filled in ["intent", "start_url", "eval", "agora"] {
                let text = task[filled].to_string();
                assert!(
                    !text.contains("{{"),
                    "a placeholder is left in {filled}: {text}"
                );
            }
        }

        // Every shipped forum template: some candidates are refused because another post
        // fits the description as well.
        let (_, reports) = generate(&shipped(&[]), &mut truths, &options(3, 28, None)).unwrap();
        let not_unique: Vec<&TemplateReport> = reports
            .iter()
            .filter(|report| report.refused.contains_key(&Refusal::NotUnique))
            .collect();
        assert!(!not_unique.is_empty());
        assert!(
            not_unique[0]
                .to_string()
                .contains("answer not unique (e.g. "),
            "{}",
            not_unique[0]
        );

        // The title called visual (it is the text itself), and an N/A template over posts
        // that exist: every candidate is refused, each for its reason.
        let mut leaking = shipped(&["ranked_score"]).remove(0);
        leaking.template.visual = vec!["title".into()];
        let mut absent = leaking.clone();
        absent.name = "forum/absent_but_present".into();
        absent.template.visual.clear();
        absent.template.expect = Expect::None;
        let (suite, reports) =
            generate(&[leaking, absent], &mut truths, &options(50, 28, None)).unwrap();
        assert_eq!(suite.tasks(), 0);
        let leaked = &reports[0].refused[&Refusal::VisualInText];
        assert!(leaked.0 > 0, "{}", reports[0]);
        assert!(
            leaked.1.contains("(title) is written about"),
            "{}",
            reports[0]
        );
        assert!(
            reports[0]
                .to_string()
                .contains("the visual fact is also in the text")
        );
        assert_eq!(
            reports[1].refused[&Refusal::NotAbsent].0,
            reports[1].candidates
        );

        // The time of day is asked only where the sky shows it: clear, or night.
        let (suite, reports) = generate(
            &shipped(&["scene_time"]),
            &mut truths,
            &options(50, 28, None),
        )
        .unwrap();
        assert!(suite.tasks() > 0, "{}", reports[0]);
        assert!(
            reports[0].refused[&Refusal::Untellable].0 > 0,
            "{}",
            reports[0]
        );
        for task in tasks(&suite).values() {
            let fact = task["agora"]["visual_fact"].as_str().unwrap();
            assert!(
                fact.contains(", clear,") || fact.contains("at night"),
                "{fact}"
            );
        }

        // A required slot no candidate has set refuses every one, and the template with them
        // (it names a slot its query never fills), saying which.
        let mut demanding = shipped(&["ranked_score"]).remove(0);
        demanding.template.require = vec!["in_stock".into()];
        let refused = generate(&[demanding], &mut truths, &options(5, 28, None))
            .map(|(suite, _)| suite.tasks())
            .unwrap_err()
            .to_string();
        assert!(refused.contains("`in_stock` is empty for"), "{refused}");

        // Train and test share no combination of slot values (nor, for an intent without
        // slots, an item).
        let mut split = |which| {
            let (suite, _) =
                generate(&templates, &mut truths, &options(40, 28, Some(which))).unwrap();
            tasks(&suite)
                .values()
                .map(|task| {
                    let agora = &task["agora"];
                    let slots = &task["instantiation_dict"];
                    let key = if slots.as_object().is_some_and(|slots| slots.is_empty()) {
                        task["image"].to_string()
                    } else {
                        slots.to_string()
                    };
                    format!("{} {key}", agora["template"])
                })
                .collect::<BTreeSet<String>>()
        };
        let (train, test) = (split(Split::Train), split(Split::Test));
        assert!(!train.is_empty() && !test.is_empty(), "{train:?} {test:?}");
        // Each task file tells its split as the generator chose it (intents without slots
        // split by an item the file does not name).
        for which in [Split::Train, Split::Test] {
            let mut at_default = options(40, 28, Some(which));
            at_default.test_percent = DEFAULT_TEST_PERCENT;
            let (suite, _) = generate(&templates, &mut truths, &at_default).unwrap();
            for task in tasks(&suite).values() {
                let task: evaluators::task::Task = serde_json::from_value(task.clone()).unwrap();
                let told = task_split(&task);
                let slotless = intent_slots(&task.intent_template).unwrap().is_empty();
                assert_eq!(told, (!slotless).then_some(which), "{}", task.intent);
            }
        }
        assert!(
            train.is_disjoint(&test),
            "{:?}",
            train.intersection(&test).collect::<Vec<_>>()
        );
    }

    #[test]
    fn an_answer_is_given_by_at_most_two_instances_of_a_family() {
        let data = seeded();
        let mut truths = Truths::new(data.path());
        let counting = shipped(&["scene_count"]).remove(0);
        // A variant asking the same question of the same candidates: one family, one tally.
        let mut variant = counting.clone();
        variant.name = "forum/scene_count_variant".into();
        let (suite, reports) =
            generate(&[counting, variant], &mut truths, &options(20, 28, None)).unwrap();
        let tasks = tasks(&suite);
        assert!(tasks.len() >= 3, "{reports:?}");
        let mut answers: BTreeMap<String, usize> = BTreeMap::new();
        for task in tasks.values() {
            assert_eq!(task["agora"]["template"], "forum/scene_count");
            let answer = task["eval"]["reference_answers"]["must_include"][0].to_string();
            *answers.entry(answer).or_default() += 1;
        }
        assert!(
            answers.values().all(|&n| n <= MAX_ANSWER_SHARE),
            "{answers:?}"
        );
        // Counts of animals are few: the tally refuses candidates, saying why.
        let taken = &reports[0].refused[&Refusal::AnswerTaken];
        assert!(
            taken.0 > 0 && taken.1.contains("instance(s) already"),
            "{}",
            reports[0]
        );
        let low = answers
            .iter()
            .filter(|(answer, _)| matches!(answer.as_str(), "\"0\"" | "\"1\""))
            .map(|(_, n)| n)
            .sum::<usize>();
        assert!(low <= 1, "{answers:?}");
    }
}
