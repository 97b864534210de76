//! The scripted interactions of a WebUI task (`eval.aes.interactions`): each is carried out on
//! the target and on the generated page, and each leads to a measured state.
//!
//! They cover what MageBench's task scripts do with Selenium: click, hover, type, scroll,
//! choose an option, press a key, several of these in a row measured once (a sequence), and
//! wait for the page to show something (capped, never a fixed pause).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest a `wait` may wait, in milliseconds.
pub const MAX_WAIT_MS: u64 = 10_000;
/// How long a `wait` waits when it does not say.
pub const DEFAULT_WAIT_MS: u64 = 3_000;
/// The most steps of a sequence.
pub const MAX_SEQUENCE_STEPS: usize = 20;
/// The most characters one `type` interaction types (each is a real key press, on the target
/// and on the generated page).
pub const MAX_TYPED_CHARS: usize = 500;

/// A scripted interaction. Selectors are CSS selectors, the same on the target and the
/// generated page; the first element a selector matches is acted on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Interaction {
    /// Click it.
    Click {
        /// CSS selector.
        selector: String,
    },
    /// Move the pointer over it.
    Hover {
        /// CSS selector.
        selector: String,
    },
    /// Click it and type text.
    Type {
        /// CSS selector.
        selector: String,
        /// What to type.
        text: String,
    },
    /// Scroll it into view.
    Scroll {
        /// CSS selector.
        selector: String,
    },
    /// Choose the option of a `<select>` whose visible text (trimmed) or value is `option`.
    Select {
        /// CSS selector of the `<select>`.
        selector: String,
        /// The option's text or value.
        option: String,
    },
    /// Press a key on the element (focused by the key press), or on whatever has the focus.
    Press {
        /// The key.
        key: InteractionKey,
        /// CSS selector; none: the focused element.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        selector: Option<String>,
    },
    /// Wait until the page shows something, at most `timeout_ms`; it fails if it never does.
    Wait {
        /// CSS selector.
        selector: String,
        /// What to wait for.
        #[serde(flatten)]
        until: WaitUntil,
        /// The most to wait, in milliseconds (default [`DEFAULT_WAIT_MS`], at most
        /// [`MAX_WAIT_MS`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeout_ms: Option<u64>,
    },
    /// Several interactions in order (no nested sequence), the page settling after each,
    /// measured once after the last.
    Sequence {
        /// The interactions.
        steps: Vec<Interaction>,
    },
}

/// A key an interaction presses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum InteractionKey {
    /// Enter.
    Enter,
    /// Tab.
    Tab,
    /// Escape.
    Escape,
    /// The space bar.
    Space,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Arrow up.
    ArrowUp,
    /// Arrow down.
    ArrowDown,
    /// Arrow left.
    ArrowLeft,
    /// Arrow right.
    ArrowRight,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
}

impl InteractionKey {
    /// Its name (as in task files; also a key name of the action grammar).
    pub fn name(self) -> &'static str {
        match self {
            InteractionKey::Enter => "Enter",
            InteractionKey::Tab => "Tab",
            InteractionKey::Escape => "Escape",
            InteractionKey::Space => "Space",
            InteractionKey::Backspace => "Backspace",
            InteractionKey::Delete => "Delete",
            InteractionKey::ArrowUp => "ArrowUp",
            InteractionKey::ArrowDown => "ArrowDown",
            InteractionKey::ArrowLeft => "ArrowLeft",
            InteractionKey::ArrowRight => "ArrowRight",
            InteractionKey::Home => "Home",
            InteractionKey::End => "End",
            InteractionKey::PageUp => "PageUp",
            InteractionKey::PageDown => "PageDown",
        }
    }
}

/// What a `wait` waits for, on the first element its selector matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "until", rename_all = "snake_case")]
pub enum WaitUntil {
    /// An element matches.
    Present,
    /// It is rendered: it has a box, and neither it nor an ancestor is hidden or transparent.
    Visible,
    /// No element matches, or it is not visible.
    Hidden,
    /// Its visible text contains `text`.
    Text {
        /// The text.
        text: String,
    },
}

impl WaitUntil {
    /// The condition's name, as the page side knows it.
    pub fn name(&self) -> &'static str {
        match self {
            WaitUntil::Present => "present",
            WaitUntil::Visible => "visible",
            WaitUntil::Hidden => "hidden",
            WaitUntil::Text { .. } => "text",
        }
    }
}

impl Interaction {
    /// The selectors it acts on, in order.
    pub fn selectors(&self) -> Vec<&str> {
        match self {
            Interaction::Click { selector }
            | Interaction::Hover { selector }
            | Interaction::Type { selector, .. }
            | Interaction::Scroll { selector }
            | Interaction::Select { selector, .. }
            | Interaction::Wait { selector, .. } => vec![selector],
            Interaction::Press { selector, .. } => selector.iter().map(String::as_str).collect(),
            Interaction::Sequence { steps } => steps.iter().flat_map(Self::selectors).collect(),
        }
    }

    /// The single interactions it is made of: its steps for a sequence, else itself.
    pub fn steps(&self) -> &[Interaction] {
        match self {
            Interaction::Sequence { steps } => steps,
            single => std::slice::from_ref(single),
        }
    }

    /// How long a `wait` waits, in milliseconds (0 for the others).
    pub fn wait_ms(&self) -> u64 {
        match self {
            Interaction::Wait { timeout_ms, .. } => timeout_ms.unwrap_or(DEFAULT_WAIT_MS),
            _ => 0,
        }
    }

    /// What is wrong with it, if anything: an empty selector or sequence, a nested or too long
    /// sequence, a wait beyond [`MAX_WAIT_MS`], text beyond [`MAX_TYPED_CHARS`].
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self
            .selectors()
            .iter()
            .any(|selector| selector.trim().is_empty())
        {
            problems.push(format!(
                "`{self}` has an empty selector; give a CSS selector"
            ));
        }
        match self {
            Interaction::Type { text, .. } if text.chars().count() > MAX_TYPED_CHARS => {
                problems.push(format!(
                    "`type` of {} characters is longer than the {MAX_TYPED_CHARS}-character cap; type less",
                    text.chars().count()
                ));
            }
            Interaction::Wait { timeout_ms, .. } => match timeout_ms {
                Some(0) => problems.push("a wait of 0 ms waits for nothing; leave `timeout_ms` out for the default".to_owned()),
                Some(ms) if *ms > MAX_WAIT_MS => problems.push(format!(
                    "a wait of {ms} ms is longer than the {MAX_WAIT_MS} ms cap; wait for a condition that holds sooner"
                )),
                _ => {}
            },
            Interaction::Sequence { steps } => {
                if steps.is_empty() {
                    problems.push("a sequence needs at least one step".to_owned());
                }
                if steps.len() > MAX_SEQUENCE_STEPS {
                    problems.push(format!(
                        "a sequence of {} steps is longer than {MAX_SEQUENCE_STEPS}; split it into several interactions",
                        steps.len()
                    ));
                }
                if steps
                    .iter()
                    .any(|step| matches!(step, Interaction::Sequence { .. }))
                {
                    problems.push(
                        "a sequence inside a sequence: list its steps in the outer one".to_owned(),
                    );
                }
                for step in steps {
                    if let Interaction::Wait { .. } | Interaction::Type { .. } = step {
                        problems.extend(step.problems());
                    }
                }
            }
            _ => {}
        }
        problems
    }
}

impl fmt::Display for Interaction {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Interaction::Click { selector } => write!(formatter, "click [{selector}]"),
            Interaction::Hover { selector } => write!(formatter, "hover [{selector}]"),
            Interaction::Type { selector, text } => {
                write!(formatter, "type [{selector}] [{text}] [0]")
            }
            Interaction::Scroll { selector } => write!(formatter, "scroll [{selector}]"),
            Interaction::Select { selector, option } => {
                write!(formatter, "select [{selector}] [{option}]")
            }
            Interaction::Press {
                key,
                selector: Some(selector),
            } => write!(formatter, "press [{selector}] [{}]", key.name()),
            Interaction::Press {
                key,
                selector: None,
            } => write!(formatter, "press [{}]", key.name()),
            Interaction::Wait {
                selector, until, ..
            } => match until {
                WaitUntil::Text { text } => {
                    write!(formatter, "wait until [{selector}] shows [{text}]")
                }
                other => write!(formatter, "wait until [{selector}] is {}", other.name()),
            },
            Interaction::Sequence { steps } => {
                for (index, step) in steps.iter().enumerate() {
                    if index > 0 {
                        formatter.write_str(", then ")?;
                    }
                    write!(formatter, "{step}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interactions_read_from_task_json_and_print_as_actions() {
        let parsed: Vec<Interaction> = serde_json::from_str(
            r##"[{"action": "click", "selector": "#tab-2"},
                 {"action": "type", "selector": "input[name=q]", "text": "milk"},
                 {"action": "select", "selector": "#size", "option": "Large"},
                 {"action": "press", "key": "Enter"},
                 {"action": "press", "selector": "#q", "key": "ArrowDown"},
                 {"action": "wait", "selector": "#toast", "until": "visible", "timeout_ms": 2000},
                 {"action": "wait", "selector": "#status", "until": "text", "text": "Saved"},
                 {"action": "sequence", "steps": [
                     {"action": "click", "selector": "#a"}, {"action": "hover", "selector": "#b"}]}]"##,
        )
        .unwrap();
        let printed: Vec<String> = parsed.iter().map(ToString::to_string).collect();
        assert_eq!(
            printed,
            [
                "click [#tab-2]",
                "type [input[name=q]] [milk] [0]",
                "select [#size] [Large]",
                "press [Enter]",
                "press [#q] [ArrowDown]",
                "wait until [#toast] is visible",
                "wait until [#status] shows [Saved]",
                "click [#a], then hover [#b]",
            ]
        );
        assert_eq!(parsed[1].selectors(), ["input[name=q]"]);
        assert!(parsed[3].selectors().is_empty());
        assert_eq!(parsed[7].selectors(), ["#a", "#b"]);
        assert_eq!(parsed[7].steps().len(), 2);
        assert_eq!(parsed[0].steps(), std::slice::from_ref(&parsed[0]));
        assert_eq!(parsed[5].wait_ms(), 2000);
        assert_eq!(parsed[6].wait_ms(), DEFAULT_WAIT_MS);
        // They write back what they read.
        let json = serde_json::to_value(&parsed).unwrap();
        assert_eq!(
            serde_json::from_value::<Vec<Interaction>>(json).unwrap(),
            parsed
        );
        assert!(
            parsed
                .iter()
                .all(|interaction| interaction.problems().is_empty())
        );
    }

    #[test]
    fn unknown_keys_and_conditions_do_not_parse() {
        for bad in [
            r#"{"action": "press", "key": "Hyper"}"#,
            r##"{"action": "wait", "selector": "#x", "until": "soon"}"##,
            r##"{"action": "wait", "selector": "#x", "until": "text"}"##,
            r##"{"action": "drag", "selector": "#x"}"##,
        ] {
            assert!(serde_json::from_str::<Interaction>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn problems_name_what_to_change() {
        let parse = |json: &str| serde_json::from_str::<Interaction>(json).unwrap();
        let long_wait = parse(
            r##"{"action": "wait", "selector": "#x", "until": "present", "timeout_ms": 60000}"##,
        );
        assert!(long_wait.problems()[0].contains("10000 ms cap"));
        let nested = parse(
            r##"{"action": "sequence", "steps": [{"action": "sequence", "steps": [{"action": "click", "selector": "#a"}]}]}"##,
        );
        assert!(nested.problems()[0].contains("inside a sequence"));
        assert!(
            parse(r#"{"action": "sequence", "steps": []}"#).problems()[0]
                .contains("at least one step")
        );
        assert!(
            parse(r#"{"action": "click", "selector": " "}"#).problems()[0]
                .contains("empty selector")
        );
        let inner_wait = parse(
            r##"{"action": "sequence", "steps": [{"action": "wait", "selector": "#a", "until": "hidden", "timeout_ms": 0}]}"##,
        );
        assert!(inner_wait.problems()[0].contains("0 ms"));
        let long_text = serde_json::json!({"action": "type", "selector": "#q", "text": "x".repeat(MAX_TYPED_CHARS + 1)});
        let long_type: Interaction = serde_json::from_value(long_text.clone()).unwrap();
        assert!(long_type.problems()[0].contains("500-character cap"));
        let inner_type: Interaction =
            serde_json::from_value(serde_json::json!({"action": "sequence", "steps": [long_text]}))
                .unwrap();
        assert!(inner_type.problems()[0].contains("500-character cap"));
    }
}
