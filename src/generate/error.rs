//! Why generation stops (`GenerateError`) and why one instance cannot be made
//! (`InstanceError`): the second names the missing-slot cases that refuse a candidate
//! instead of failing the template.

use std::path::PathBuf;

/// Why generation stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A template (or shapes) file is not valid.
    #[error("{path}: {message}")]
    Template {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The template's site query failed or the template does not fit what it yields.
    #[error("template {template}: {source}")]
    Instance {
        /// The template's name (or the site folder, for a file of the suite).
        template: String,
        /// What is wrong.
        source: InstanceError,
    },
}

/// Why a template could not be filled for one candidate, or its files not made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InstanceError {
    /// The candidate has no slot of that name (a template's typo, or a slot some
    /// candidates lack).
    #[error("no slot `{slot}` (this query gives: {known})")]
    UnknownSlot {
        /// The slot named.
        slot: String,
        /// The slots the candidate has, comma-separated.
        known: String,
    },
    /// The slot's value is blank here.
    #[error("no slot `{slot}`: it is empty here")]
    EmptySlot {
        /// The slot named.
        slot: String,
    },
    /// The intent names a slot the candidate lacks.
    #[error("no slot `{slot}` named by the intent")]
    IntentSlot {
        /// The slot named.
        slot: String,
    },
    /// Every candidate lacks a slot the template uses (it names one its query never fills):
    /// the first refusal's explanation.
    #[error("{example}")]
    SlotNeverSet {
        /// Why the first candidate was refused.
        example: String,
    },
    /// A placeholder is opened and never closed.
    #[error("`{{{{` without `}}}}` in {text:?}")]
    Unclosed {
        /// The text holding it.
        text: String,
    },
    /// The intent's placeholder is opened and never closed.
    #[error("`{{{{` without `}}}}` in the intent")]
    UnclosedInIntent,
    /// The intent's placeholder has a filter or a picture.
    #[error("the intent's placeholder `{{{{{name}}}}}` must be a plain slot name")]
    IntentPlaceholder {
        /// What stands between the braces.
        name: String,
    },
    /// `{{file:…}}` names a picture the candidate does not have.
    #[error("no picture named `{picture}` for {{{{file:{picture}}}}}")]
    NoPicture {
        /// The picture named.
        picture: String,
    },
    /// `image` names a picture the candidate does not have.
    #[error("the candidate has no picture `{picture}` for `image`")]
    NoImage {
        /// The picture named.
        picture: String,
    },
    /// A filter was given something that is not a number.
    #[error("`{filter}` needs a number, got {text:?}")]
    NotANumber {
        /// The filter.
        filter: String,
        /// What it was given.
        text: String,
    },
    /// A filter without its argument.
    #[error("`{filter}` needs an argument (`plus:10`, `counted:comment`)")]
    NoArgument {
        /// The filter.
        filter: String,
    },
    /// A filter of no known name.
    #[error(
        "unknown filter `{filter}` (url, lower, upper, plus:N, minus:N, times:N, money, counted:NOUN)"
    )]
    UnknownFilter {
        /// The filter.
        filter: String,
    },
    /// A step's `when` is not a slot name.
    #[error("`when` names a slot")]
    WhenNotASlot,
    /// Shapes name each other too deep.
    #[error("shapes nest more than 8 deep (does one name itself?)")]
    ShapesTooDeep,
    /// A step names a shape the shapes file does not hold.
    #[error("no shape named `{name}` in {file}")]
    NoShape {
        /// The shape named.
        name: String,
        /// The shapes file.
        file: &'static str,
    },
    /// A decoy that has neither near misses nor steps of its own.
    #[error("a decoy without `near_misses` needs its own `steps`")]
    DecoyWithoutSteps,
    /// The filled task does not load as a task.
    #[error("not a valid task: {0}")]
    NotATask(serde_json::Error),
    /// A filled gold step is not a valid action.
    #[error("gold step {number}: {message}")]
    GoldStep {
        /// The step's number, from 1.
        number: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The template's folder names no hosted site.
    #[error("no hosted site is named `{0}` (the template's folder)")]
    NoSite(String),
    /// The site's ground truth could not be opened.
    #[error(transparent)]
    Site(#[from] kit::SiteError),
    /// The site's ground truth could not answer the query.
    #[error("{folder}: {source}")]
    Query {
        /// The site folder.
        folder: String,
        /// The ground truth's error.
        source: kit::ground_truth::GroundTruthError,
    },
    /// A value could not be written as JSON.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A picture could not be rendered.
    #[error("rendering {name}: {source}")]
    Render {
        /// The picture's file name.
        name: String,
        /// The renderer's error.
        source: imagery::ImageryError,
    },
}

impl InstanceError {
    /// Whether the candidate lacks a slot, or has it blank: a fact of the data that refuses
    /// the candidate (the template fails only when every candidate is refused so).
    pub fn is_missing_slot(&self) -> bool {
        matches!(
            self,
            InstanceError::UnknownSlot { .. }
                | InstanceError::EmptySlot { .. }
                | InstanceError::IntentSlot { .. }
        )
    }
}
