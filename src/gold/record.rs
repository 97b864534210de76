//! Recording a gold path (`agora tasks record`): the author's actions are carried out in a
//! task episode one at a time and written down as gold steps whose targets are locators that
//! survive the page being marked again — the element's role and accessible name, its text, or
//! a stable CSS selector — never its Set-of-Marks id. Each locator is resolved back the way
//! replay resolves it before the step is kept, so a recorded path replays step for step.
//! Actions may name sites by their task-file placeholders (`goto [__SHOPPING__/cart]`), as
//! the written path does. Recordings are driven from `agora tasks record` and from the
//! debugger; both write the path into the task file with [`write_gold`].

use super::replay::{EpisodeLookup, MarkLookup, resolve_step};
use crate::act::Action;
use crate::env::EpisodeHandle;
use crate::observe::{SomElement, SomId};
use anyhow::Context;
use evaluators::task::{GoldStep, Locator, SiteUrls};
use serde_json::Value;
use std::path::Path;

/// Why an action was not recorded (the episode is unchanged then, except for `Failed`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The input is not an action.
    #[error("not an action: {0} (write it as the agent would, e.g. `click [12]`)")]
    NotAnAction(String),
    /// Coordinates name a place on this screenshot, not an element.
    #[error(
        "`{0}` acts on screen coordinates, which do not survive a change of layout: act on the element's mark instead (`click [id]`)"
    )]
    Positional(String),
    /// The mark is not on the current page.
    #[error("no element [{0}] on the current page (look at the element list again)")]
    NoElement(u32),
    /// Nothing about the element tells it apart from the others on the page.
    #[error(
        "element [{id}] ({element}) has no unique role and name, text, or stable CSS selector: pick another element that does the same"
    )]
    NoLocator {
        /// The mark.
        id: u32,
        /// What the element is.
        element: String,
    },
    /// The action was carried out and failed.
    #[error("`{action}` failed: {message}")]
    Failed {
        /// The action.
        action: String,
        /// The error.
        message: String,
    },
    /// The episode could not be read.
    #[error("episode: {0}")]
    Episode(String),
    /// The recording already ended with `stop`.
    #[error("the path already ends with stop")]
    Finished,
    /// A `__NAME__` placeholder no hosted site has.
    #[error("`{placeholder}` names no site here: use one of {valid}")]
    UnknownPlaceholder {
        /// The placeholder as written.
        placeholder: String,
        /// The placeholders that work.
        valid: String,
    },
}

/// A gold path being recorded in a running task episode.
#[derive(Debug)]
pub struct GoldRecorder {
    episode: EpisodeHandle,
    urls: SiteUrls,
    steps: Vec<GoldStep>,
}

impl GoldRecorder {
    /// Records in `episode`, whose URLs are written back with `urls`' placeholders.
    pub fn new(episode: EpisodeHandle, urls: SiteUrls) -> Self {
        Self {
            episode,
            urls,
            steps: Vec::new(),
        }
    }

    /// The steps recorded so far.
    pub fn steps(&self) -> &[GoldStep] {
        &self.steps
    }

    /// Whether the path ends with `stop`.
    pub fn finished(&self) -> bool {
        self.steps.last().is_some_and(|step| step.action == "stop")
    }

    /// Carries out `input` (an action in the agent's grammar) and records it; returns the
    /// step as written.
    pub async fn act(&mut self, input: &str) -> Result<GoldStep, RecordError> {
        if self.finished() {
            return Err(RecordError::Finished);
        }
        let input = self.urls.substitute(input);
        if let Some(placeholder) = leftover_placeholder(&input) {
            return Err(RecordError::UnknownPlaceholder {
                placeholder,
                valid: self.urls.placeholders().join(", "),
            });
        }
        let input = input.as_str();
        let action = Action::from_model_output(input)
            .map_err(|error| RecordError::NotAnAction(error.to_string()))?;
        let step = self.step_of(&action).await?;
        let stepped = self.episode.step_action(input, Ok(action.clone())).await;
        if let Some(error) = stepped.outcome.error {
            return Err(RecordError::Failed {
                action: action.to_string(),
                message: error.to_string(),
            });
        }
        self.steps.push(step.clone());
        Ok(step)
    }

    /// The gold step for `action` on the page as it is now.
    async fn step_of(&self, action: &Action) -> Result<GoldStep, RecordError> {
        if matches!(
            action,
            Action::MouseClick { .. }
                | Action::MouseMove { .. }
                | Action::MouseDrag { .. }
                | Action::ScrollAt { .. }
        ) {
            return Err(RecordError::Positional(action.to_string()));
        }
        let mut fields = match serde_json::to_value(action) {
            Ok(Value::Object(fields)) => fields,
            _ => return Err(RecordError::NotAnAction(action.to_string())),
        };
        let name = fields
            .remove("action")
            .and_then(|name| name.as_str().map(str::to_owned))
            .unwrap_or_default();
        fields.remove("id");
        let answer = fields
            .remove("answer")
            .and_then(|answer| answer.as_str().map(str::to_owned));
        if let Some(Value::String(url)) = fields.get_mut("url") {
            *url = self.urls.placeholder_for(url);
        }
        let mut step = GoldStep {
            action: name,
            target: None,
            answer,
            args: fields,
        };
        if let Some(id) = action.target() {
            step.target = Some(self.locator(&step, id).await?);
        }
        Ok(step)
    }

    /// The first locator for element `id` that replay resolves back to it.
    async fn locator(&self, step: &GoldStep, id: SomId) -> Result<Locator, RecordError> {
        let lookup = EpisodeLookup::of(&self.episode).await;
        let element = lookup
            .elements()
            .and_then(|elements| elements.iter().find(|element| element.id == id))
            .cloned()
            .ok_or(RecordError::NoElement(id.0))?;
        let elements = lookup.elements().unwrap_or_default();
        let mut candidates = readable_locators(&element, elements);
        let selector = {
            let browser = self
                .episode
                .browser()
                .await
                .map_err(|error| RecordError::Episode(error.to_string()))?;
            crate::observe::stable_selector(&browser, id)
                .await
                .map_err(|error| RecordError::Episode(error.to_string()))?
        };
        candidates.extend(selector.map(|css| Locator::Css { css }));
        for locator in candidates {
            let probe = GoldStep {
                target: Some(locator.clone()),
                ..step.clone()
            };
            let resolved = resolve_step(&lookup, 1, &probe).await;
            if resolved.is_ok_and(|action| action.target() == Some(id)) {
                return Ok(locator);
            }
        }
        Err(RecordError::NoLocator {
            id: id.0,
            element: format!("{} \"{}\"", element.role, element.display_text()),
        })
    }
}

/// The first `__NAME__` in `text` (upper-case letters and underscores between double
/// underscores), which substitution left: no hosted site has it.
fn leftover_placeholder(text: &str) -> Option<String> {
    let mut rest = text;
    while let Some(start) = rest.find("__") {
        let after = &rest[start + 2..];
        let name_length = after
            .find(|c: char| !(c.is_ascii_uppercase() || c == '_'))
            .unwrap_or(after.len());
        let name = &after[..name_length];
        if let Some(end) = name.find("__")
            && end > 0
        {
            return Some(format!("__{}__", &name[..end]));
        }
        rest = &after[name_length..];
    }
    None
}

/// The file a task was loaded from, when it is a file of its own (not an array's entry,
/// not an inline task).
pub fn task_file(task: &crate::env::TaskContext) -> Option<std::path::PathBuf> {
    let name = task.name.as_str();
    if name.contains('#') {
        return None;
    }
    let file = task.dir.join(format!("{}.json", name.rsplit('/').next()?));
    file.is_file().then_some(file)
}

/// Writes the task at `from` to `to` with `agora.gold` set to `steps`, every other field kept.
pub fn write_gold(from: &Path, to: &Path, steps: &[GoldStep]) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(from).with_context(|| format!("reading {}", from.display()))?;
    let mut task: Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", from.display()))?;
    let object = task
        .as_object_mut()
        .with_context(|| format!("{} is not one task object", from.display()))?;
    let agora = object
        .entry("agora")
        .or_insert_with(|| Value::Object(Default::default()));
    let agora = agora
        .as_object_mut()
        .context("the task's `agora` field is not an object")?;
    agora.insert("gold".into(), serde_json::to_value(steps)?);
    let mut written = serde_json::to_vec_pretty(&task)?;
    written.push(b'\n');
    std::fs::write(to, written).with_context(|| format!("writing {}", to.display()))
}

/// The one task in the file at `path`, placeholders filled in for `env`'s sites.
pub fn load_task(
    env: &crate::env::Environment,
    path: &Path,
) -> anyhow::Result<crate::env::TaskContext> {
    let registry = crate::env::TaskRegistry::load_by_path(&[path.to_owned()], &env.site_urls());
    if let Some(broken) = registry.broken().first() {
        anyhow::bail!("{}: not loaded: {}", broken.path, broken.message);
    }
    registry
        .tasks()
        .next()
        .cloned()
        .with_context(|| format!("{}: no task there", path.display()))
}

/// Role-and-name and text locators for `element` that no other marked element shares.
/// Text is taken only from what the element says (its name or text), never from a field's
/// value, which the path itself may change.
fn readable_locators(element: &SomElement, elements: &[SomElement]) -> Vec<Locator> {
    let mut locators = Vec::new();
    let name = element.name.trim();
    if !name.is_empty()
        && !element.role.is_empty()
        && elements
            .iter()
            .filter(|other| other.role == element.role && other.name.trim() == name)
            .count()
            == 1
    {
        locators.push(Locator::Role {
            role: element.role.clone(),
            name: name.to_owned(),
        });
    }
    let text = element.display_text().trim();
    let says = text == name || text == element.text.trim();
    let shared = |other: &SomElement| {
        other.display_text().trim().eq_ignore_ascii_case(text)
            || other.text.trim().eq_ignore_ascii_case(text)
    };
    if !text.is_empty() && says && elements.iter().filter(|other| shared(other)).count() == 1 {
        locators.push(Locator::Text {
            text: text.to_owned(),
        });
    }
    locators
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::BoundingBox;

    fn element(id: u32, role: &str, name: &str, text: &str) -> SomElement {
        SomElement {
            id: SomId(id),
            tag: "a".into(),
            role: role.into(),
            name: name.into(),
            text: text.into(),
            alt: None,
            placeholder: None,
            value: None,
            input_type: None,
            bbox: BoundingBox {
                x: 0.0,
                y: 0.0,
                width: 10.0,
                height: 10.0,
            },
            frame: Vec::new(),
        }
    }

    #[test]
    fn readable_locators_only_when_unique() {
        let elements = [
            element(1, "link", "Honda Pilot", "Honda Pilot"),
            element(2, "link", "Reply", "Reply"),
            element(3, "link", "Reply", "Reply"),
            element(4, "button", "Apply", "Apply"),
            element(5, "link", "Apply", "Apply"),
        ];
        assert_eq!(
            readable_locators(&elements[0], &elements),
            [
                Locator::Role {
                    role: "link".into(),
                    name: "Honda Pilot".into()
                },
                Locator::Text {
                    text: "Honda Pilot".into()
                }
            ]
        );
        // Two links say "Reply": neither is named by role or text.
        assert!(readable_locators(&elements[1], &elements).is_empty());
        // The button is unique by role, not by text.
        assert_eq!(
            readable_locators(&elements[3], &elements),
            [Locator::Role {
                role: "button".into(),
                name: "Apply".into()
            }]
        );
    }

    #[test]
    fn placeholders_left_after_substitution_are_found() {
        assert_eq!(
            leftover_placeholder("goto [__SHOPING__/cart]").as_deref(),
            Some("__SHOPING__")
        );
        assert_eq!(leftover_placeholder("type [3] [my__name] [1]"), None);
        assert_eq!(
            leftover_placeholder("goto [http://127.0.0.3:7770/a__b]"),
            None
        );
        assert_eq!(leftover_placeholder("goto [x____]"), None);
    }

    #[test]
    fn a_field_is_never_named_by_its_value() {
        let mut field = element(7, "textbox", "", "");
        field.value = Some("Honda".into());
        assert!(readable_locators(&field, std::slice::from_ref(&field)).is_empty());
    }
}
