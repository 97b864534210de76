//! The action grammar (VWA's, by element id): one enum that parses from model output and
//! from JSON, and prints back to the same text.

use crate::observe::SomId;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Scroll direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScrollDirection {
    /// Towards the top of the page.
    Up,
    /// Towards the bottom of the page.
    Down,
}

/// What `upload` puts into a file input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum UploadSource {
    /// The task's n-th input image (0-based).
    InputImage(usize),
    /// A file under the configured upload directory.
    Path(String),
}

/// One agent action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Click an element.
    Click {
        /// Target mark.
        id: SomId,
    },
    /// Move the pointer over an element.
    Hover {
        /// Target mark.
        id: SomId,
    },
    /// Clear a field, type text into it, and press Enter when `enter` is true.
    Type {
        /// Target mark.
        id: SomId,
        /// Text to type.
        text: String,
        /// Press Enter afterwards (VWA's default).
        #[serde(default = "default_true")]
        enter: bool,
    },
    /// Clear a field.
    Clear {
        /// Target mark.
        id: SomId,
    },
    /// Choose an option of a `<select>` by visible text or value.
    Select {
        /// Target mark.
        id: SomId,
        /// Option text or value.
        option: String,
    },
    /// Put a file into a file input.
    Upload {
        /// Target mark.
        id: SomId,
        /// Input image index or path under the upload directory.
        file: UploadSource,
    },
    /// Press a key or combination (`Enter`, `Control+a`, `Shift+Tab`).
    Press {
        /// Key combination.
        keys: String,
    },
    /// Scroll the page by one viewport.
    Scroll {
        /// Direction.
        direction: ScrollDirection,
    },
    /// Open a new, empty tab and switch to it.
    NewTab,
    /// Switch to the tab at `index`.
    TabFocus {
        /// Tab position (0-based).
        index: usize,
    },
    /// Close the current tab.
    CloseTab,
    /// Open a URL in the current tab.
    Goto {
        /// Absolute URL.
        url: String,
    },
    /// Go back in history.
    GoBack,
    /// Go forward in history.
    GoForward,
    /// End the episode with an answer (empty when there is none).
    Stop {
        /// The answer.
        #[serde(default)]
        answer: String,
    },
}

fn default_true() -> bool {
    true
}

/// Why a piece of text is not an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} Actions look like: {}", Action::GRAMMAR.join(", "))]
pub struct ParseActionError {
    message: String,
}

impl ParseActionError {
    fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl Action {
    /// The grammar, one entry per action, as shown in prompts and error messages.
    pub const GRAMMAR: [&'static str; 15] = [
        "click [id]",
        "hover [id]",
        "type [id] [text] [0|1]",
        "clear [id]",
        "select [id] [option]",
        "upload [id] [input image index or file]",
        "press [key_comb]",
        "scroll [up|down]",
        "new_tab",
        "tab_focus [tab_index]",
        "close_tab",
        "goto [url]",
        "go_back",
        "go_forward",
        "stop [answer]",
    ];

    /// The element the action targets, if any.
    pub fn target(&self) -> Option<SomId> {
        match self {
            Action::Click { id }
            | Action::Hover { id }
            | Action::Type { id, .. }
            | Action::Clear { id }
            | Action::Select { id, .. }
            | Action::Upload { id, .. } => Some(*id),
            _ => None,
        }
    }

    /// Finds the action in a model's reply: the last ``` fenced block if there is one,
    /// else the first line that starts with an action keyword; then parses it strictly.
    pub fn from_model_output(reply: &str) -> Result<Self, ParseActionError> {
        if reply.trim_start().starts_with('{') {
            return reply.parse();
        }
        if let Some(block) = last_fenced_block(reply) {
            return block.trim().parse();
        }
        let keyword_line = reply.lines().map(str::trim).find(|line| {
            let word = line.split([' ', '[']).next().unwrap_or("");
            is_keyword(word)
        });
        match keyword_line {
            Some(line) => line.parse(),
            None => Err(ParseActionError::new("No action found in the reply.")),
        }
    }
}

/// Whether `word` names an action (the first word of an entry of [`Action::GRAMMAR`]).
fn is_keyword(word: &str) -> bool {
    Action::GRAMMAR
        .iter()
        .any(|entry| entry.split([' ', '[']).next() == Some(word))
}

fn last_fenced_block(reply: &str) -> Option<&str> {
    let parts: Vec<&str> = reply.split("```").collect();
    if parts.len() < 3 {
        return None;
    }
    // Odd-indexed parts are inside fences; take the last complete one.
    let last_inside = if parts.len() % 2 == 1 {
        parts.len() - 2
    } else {
        parts.len() - 3
    };
    let block = parts[last_inside];
    // Drop a language tag such as ```text.
    Some(match block.split_once('\n') {
        Some((first, rest)) if !first.contains('[') && !is_keyword(first.trim()) => rest,
        _ => block,
    })
}

/// Splits `[a] [b] [c]` into its bracketed arguments. The last argument may contain brackets.
fn bracket_args(text: &str) -> Result<Vec<String>, ParseActionError> {
    let mut args = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let Some(inner) = rest.strip_prefix('[') else {
            return Err(ParseActionError::new(format!("Expected `[` at `{rest}`.")));
        };
        let Some(end) = inner.find(']') else {
            return Err(ParseActionError::new(format!("Missing `]` in `{rest}`.")));
        };
        args.push(inner[..end].to_owned());
        rest = inner[end + 1..].trim_start();
    }
    Ok(args)
}

fn parse_id(text: &str) -> Result<SomId, ParseActionError> {
    text.trim().parse::<u32>().map(SomId).map_err(|_| {
        ParseActionError::new(format!(
            "`{text}` is not an element id (a number from the observation)."
        ))
    })
}

fn exactly<const N: usize>(
    keyword: &str,
    args: Vec<String>,
) -> Result<[String; N], ParseActionError> {
    let count = args.len();
    args.try_into().map_err(|_| {
        ParseActionError::new(format!(
            "`{keyword}` takes {N} bracketed argument(s), got {count}."
        ))
    })
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.starts_with('{') {
            return serde_json::from_str(text)
                .map_err(|error| ParseActionError::new(format!("Bad JSON action: {error}.")));
        }
        let split = text.find([' ', '[']).unwrap_or(text.len());
        let (keyword, rest) = text.split_at(split);
        match keyword {
            "type" => parse_type(rest),
            "stop" => {
                let rest = rest.trim();
                let answer = match rest
                    .strip_prefix('[')
                    .and_then(|inner| inner.strip_suffix(']'))
                {
                    Some(answer) => answer.to_owned(),
                    None if rest.is_empty() => String::new(),
                    None => {
                        return Err(ParseActionError::new(
                            "Write the answer in brackets: stop [answer].",
                        ));
                    }
                };
                Ok(Action::Stop { answer })
            }
            "goto" => {
                let [url] = exactly("goto", bracket_args(rest)?)?;
                Ok(Action::Goto {
                    url: url.trim().to_owned(),
                })
            }
            "press" => {
                let [keys] = exactly("press", bracket_args(rest)?)?;
                Ok(Action::Press {
                    keys: keys.trim().to_owned(),
                })
            }
            "click" | "hover" | "clear" => {
                let [id] = exactly(keyword, bracket_args(rest)?)?;
                let id = parse_id(&id)?;
                Ok(match keyword {
                    "click" => Action::Click { id },
                    "hover" => Action::Hover { id },
                    _ => Action::Clear { id },
                })
            }
            "select" => {
                let (id, option) = id_and_tail("select", rest)?;
                Ok(Action::Select { id, option })
            }
            "upload" => {
                let (id, file) = id_and_tail("upload", rest)?;
                let file = match file.trim().parse::<usize>() {
                    Ok(index) => UploadSource::InputImage(index),
                    Err(_) => UploadSource::Path(file.trim().to_owned()),
                };
                Ok(Action::Upload { id, file })
            }
            "scroll" => {
                let [direction] = exactly("scroll", bracket_args(rest)?)?;
                let direction = match direction.trim().to_lowercase().as_str() {
                    "up" | "direction=up" => ScrollDirection::Up,
                    "down" | "direction=down" => ScrollDirection::Down,
                    other => {
                        return Err(ParseActionError::new(format!(
                            "Scroll `up` or `down`, not `{other}`."
                        )));
                    }
                };
                Ok(Action::Scroll { direction })
            }
            "tab_focus" => {
                let [index] = exactly("tab_focus", bracket_args(rest)?)?;
                let index = index
                    .trim()
                    .parse()
                    .map_err(|_| ParseActionError::new(format!("`{index}` is not a tab index.")))?;
                Ok(Action::TabFocus { index })
            }
            "new_tab" | "close_tab" | "go_back" | "go_forward" => {
                if !rest.trim().is_empty() {
                    return Err(ParseActionError::new(format!(
                        "`{keyword}` takes no arguments."
                    )));
                }
                Ok(match keyword {
                    "new_tab" => Action::NewTab,
                    "close_tab" => Action::CloseTab,
                    "go_back" => Action::GoBack,
                    _ => Action::GoForward,
                })
            }
            other => Err(ParseActionError::new(format!("Unknown action `{other}`."))),
        }
    }
}

/// `[id] [anything, brackets included]`.
fn id_and_tail(keyword: &str, rest: &str) -> Result<(SomId, String), ParseActionError> {
    let rest = rest.trim();
    let (id_part, tail) = rest
        .strip_prefix('[')
        .and_then(|inner| inner.split_once(']'))
        .ok_or_else(|| ParseActionError::new(format!("`{keyword}` needs [id] first.")))?;
    let tail = tail.trim();
    let inner = tail
        .strip_prefix('[')
        .and_then(|inner| inner.strip_suffix(']'))
        .ok_or_else(|| {
            ParseActionError::new(format!("`{keyword}` needs a second bracketed argument."))
        })?;
    Ok((parse_id(id_part)?, inner.to_owned()))
}

/// `type [id] [text] [0|1]`; the flag is optional (default 1) and the text may hold brackets.
fn parse_type(rest: &str) -> Result<Action, ParseActionError> {
    let (id, tail) = id_and_tail("type", rest)?;
    let (text, enter) = match tail.rsplit_once("] [") {
        Some((text, flag)) if flag.trim() == "0" || flag.trim() == "1" => {
            (text.to_owned(), flag.trim() == "1")
        }
        _ => (tail, true),
    };
    Ok(Action::Type { id, text, enter })
}

impl fmt::Display for Action {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Click { id } => write!(formatter, "click [{id}]"),
            Action::Hover { id } => write!(formatter, "hover [{id}]"),
            Action::Type { id, text, enter } => {
                write!(formatter, "type [{id}] [{text}] [{}]", u8::from(*enter))
            }
            Action::Clear { id } => write!(formatter, "clear [{id}]"),
            Action::Select { id, option } => write!(formatter, "select [{id}] [{option}]"),
            Action::Upload {
                id,
                file: UploadSource::InputImage(index),
            } => write!(formatter, "upload [{id}] [{index}]"),
            Action::Upload {
                id,
                file: UploadSource::Path(path),
            } => write!(formatter, "upload [{id}] [{path}]"),
            Action::Press { keys } => write!(formatter, "press [{keys}]"),
            Action::Scroll {
                direction: ScrollDirection::Up,
            } => write!(formatter, "scroll [up]"),
            Action::Scroll {
                direction: ScrollDirection::Down,
            } => write!(formatter, "scroll [down]"),
            Action::NewTab => write!(formatter, "new_tab"),
            Action::TabFocus { index } => write!(formatter, "tab_focus [{index}]"),
            Action::CloseTab => write!(formatter, "close_tab"),
            Action::Goto { url } => write!(formatter, "goto [{url}]"),
            Action::GoBack => write!(formatter, "go_back"),
            Action::GoForward => write!(formatter, "go_forward"),
            Action::Stop { answer } => write!(formatter, "stop [{answer}]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_action() -> Vec<Action> {
        vec![
            Action::Click { id: SomId(12) },
            Action::Hover { id: SomId(3) },
            Action::Type {
                id: SomId(7),
                text: "red [bike]".into(),
                enter: false,
            },
            Action::Type {
                id: SomId(7),
                text: "red bike".into(),
                enter: true,
            },
            Action::Clear { id: SomId(1) },
            Action::Select {
                id: SomId(4),
                option: "Blue".into(),
            },
            Action::Upload {
                id: SomId(9),
                file: UploadSource::InputImage(0),
            },
            Action::Upload {
                id: SomId(9),
                file: UploadSource::Path("photos/car.png".into()),
            },
            Action::Press {
                keys: "Control+a".into(),
            },
            Action::Scroll {
                direction: ScrollDirection::Up,
            },
            Action::Scroll {
                direction: ScrollDirection::Down,
            },
            Action::NewTab,
            Action::TabFocus { index: 1 },
            Action::CloseTab,
            Action::Goto {
                url: "http://127.0.0.1:9980/index.php?page=search".into(),
            },
            Action::GoBack,
            Action::GoForward,
            Action::Stop {
                answer: "$25 [approx]".into(),
            },
            Action::Stop {
                answer: String::new(),
            },
        ]
    }

    #[test]
    fn every_action_round_trips_through_text_and_json() {
        for action in every_action() {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>().as_ref(), Ok(&action), "text {text}");
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(json.parse::<Action>().as_ref(), Ok(&action), "json {json}");
        }
    }

    #[test]
    fn model_output_is_tolerated() {
        let reply = "Let's think step by step. The search box is [7]. In summary, the next action I will \
                     perform is ```type [7] [red bike] [1]```";
        assert_eq!(
            Action::from_model_output(reply),
            Ok(Action::Type {
                id: SomId(7),
                text: "red bike".into(),
                enter: true
            })
        );
        assert_eq!(
            Action::from_model_output("```\nclick [12]\n```"),
            Ok(Action::Click { id: SomId(12) })
        );
        assert_eq!(
            Action::from_model_output("I will now\nclick [5]"),
            Ok(Action::Click { id: SomId(5) })
        );
    }

    #[test]
    fn type_flag_defaults_to_enter_and_stop_may_be_bare() {
        assert_eq!(
            "type [3] [hello]".parse(),
            Ok(Action::Type {
                id: SomId(3),
                text: "hello".into(),
                enter: true
            })
        );
        assert_eq!(
            "stop".parse(),
            Ok(Action::Stop {
                answer: String::new()
            })
        );
        assert_eq!(
            "scroll [direction=down]".parse(),
            Ok(Action::Scroll {
                direction: ScrollDirection::Down
            })
        );
    }

    #[test]
    fn malformed_actions_say_what_is_wrong() {
        for bad in [
            "click [abc]",
            "click 12",
            "clikc [1]",
            "scroll [left]",
            "tab_focus [x]",
            "new_tab [1]",
            "",
            "type [3]",
        ] {
            let error = bad.parse::<Action>().unwrap_err().to_string();
            assert!(error.contains("Actions look like"), "{bad}: {error}");
        }
        assert!(
            "click [abc]"
                .parse::<Action>()
                .unwrap_err()
                .to_string()
                .contains("not an element id")
        );
    }
}
