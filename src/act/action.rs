//! The action grammar: VWA's actions by element id, and coordinate actions for
//! computer-use models. One enum that parses from model output and from JSON, and prints
//! back to the same text (the text grammar is the table in `grammar.rs`).

use super::grammar::{self, FORMS, Form};
use crate::observe::SomId;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Scroll direction.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ScrollDirection {
    /// Towards the top of the page.
    Up,
    /// Towards the bottom of the page.
    Down,
}

/// What `upload` puts into a file input.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
#[serde(untagged)]
pub enum UploadSource {
    /// The task's n-th input image (0-based).
    InputImage(usize),
    /// A file under the configured upload directory.
    Path(String),
}

/// One agent action.
#[derive(
    Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Click an element.
    Click {
        /// Target mark.
        #[schemars(with = "u32")]
        id: SomId,
    },
    /// Move the pointer over an element.
    Hover {
        /// Target mark.
        #[schemars(with = "u32")]
        id: SomId,
    },
    /// Clear a field, type text into it, and press Enter when `enter` is true.
    Type {
        /// Target mark.
        #[schemars(with = "u32")]
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
        #[schemars(with = "u32")]
        id: SomId,
    },
    /// Choose an option of a `<select>` by visible text or value.
    Select {
        /// Target mark.
        #[schemars(with = "u32")]
        id: SomId,
        /// Option text or value.
        option: String,
    },
    /// Put a file into a file input.
    Upload {
        /// Target mark.
        #[schemars(with = "u32")]
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
    /// Click at a point of the viewport (CSS px from its top-left corner).
    MouseClick {
        /// Distance from the left edge.
        x: i64,
        /// Distance from the top edge.
        y: i64,
        /// Which button, or a double or triple click (default left).
        #[serde(default)]
        button: ClickKind,
    },
    /// Move the pointer to a point of the viewport.
    MouseMove {
        /// Distance from the left edge.
        x: i64,
        /// Distance from the top edge.
        y: i64,
    },
    /// Press the left button at one point, move to another and release it there.
    MouseDrag {
        /// Start, from the left edge.
        x1: i64,
        /// Start, from the top edge.
        y1: i64,
        /// End, from the left edge.
        x2: i64,
        /// End, from the top edge.
        y2: i64,
    },
    /// Turn the mouse wheel with the pointer at a point (scrolls what is under it).
    ScrollAt {
        /// Distance from the left edge.
        x: i64,
        /// Distance from the top edge.
        y: i64,
        /// Horizontal scroll in CSS px (positive: right).
        dx: i64,
        /// Vertical scroll in CSS px (positive: down).
        dy: i64,
    },
    /// Type text with the keyboard into whatever has focus.
    KeyboardType {
        /// Text to type (a newline presses Enter).
        text: String,
    },
    /// WebUI sandbox: overwrite the workspace's `index.html`, then show the workspace.
    WriteHtml {
        /// The whole file.
        content: String,
    },
    /// WebUI sandbox: overwrite the workspace's `style.css`, then show the workspace.
    WriteCss {
        /// The whole file.
        content: String,
    },
    /// WebUI sandbox: overwrite the workspace's `script.js`, then show the workspace.
    WriteJavascript {
        /// The whole file.
        content: String,
    },
    /// WebUI sandbox: reload the workspace page and observe it.
    Refresh,
}

/// The kind of a coordinate click.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ClickKind {
    /// One click of the left button.
    #[default]
    Left,
    /// One click of the right button (opens a context menu).
    Right,
    /// One click of the middle button.
    Middle,
    /// Two left clicks.
    Double,
    /// Three left clicks (selects a paragraph).
    Triple,
}

fn default_true() -> bool {
    true
}

/// Why a piece of text is not an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} Actions look like: {}", Action::grammar().join(", "))]
pub struct ParseActionError {
    message: String,
}

impl ParseActionError {
    pub(super) fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl Action {
    /// The grammar, one entry per action (`type [id] [text] [0|1]`), as shown in prompts
    /// and error messages.
    pub fn grammar() -> Vec<String> {
        FORMS.iter().map(Form::usage).collect()
    }

    /// The element the action targets, if any. Every action is listed, so a new one is a
    /// compile error here until it says whether it targets an element.
    pub fn target(&self) -> Option<SomId> {
        match self {
            Action::Click { id }
            | Action::Hover { id }
            | Action::Type { id, .. }
            | Action::Clear { id }
            | Action::Select { id, .. }
            | Action::Upload { id, .. } => Some(*id),
            Action::Press { .. }
            | Action::Scroll { .. }
            | Action::NewTab
            | Action::TabFocus { .. }
            | Action::CloseTab
            | Action::Goto { .. }
            | Action::GoBack
            | Action::GoForward
            | Action::Stop { .. }
            | Action::MouseClick { .. }
            | Action::MouseMove { .. }
            | Action::MouseDrag { .. }
            | Action::ScrollAt { .. }
            | Action::KeyboardType { .. }
            | Action::WriteHtml { .. }
            | Action::WriteCss { .. }
            | Action::WriteJavascript { .. }
            | Action::Refresh => None,
        }
    }

    /// Whether the action moves through history or between tabs (so where the browser was
    /// before it can matter). Every action is listed, so a new one is a compile error here
    /// until it says whether it does.
    pub fn moves_history(&self) -> bool {
        match self {
            Action::NewTab
            | Action::TabFocus { .. }
            | Action::CloseTab
            | Action::GoBack
            | Action::GoForward => true,
            Action::Click { .. }
            | Action::Hover { .. }
            | Action::Type { .. }
            | Action::Clear { .. }
            | Action::Select { .. }
            | Action::Upload { .. }
            | Action::Press { .. }
            | Action::Scroll { .. }
            | Action::Goto { .. }
            | Action::Stop { .. }
            | Action::MouseClick { .. }
            | Action::MouseMove { .. }
            | Action::MouseDrag { .. }
            | Action::ScrollAt { .. }
            | Action::KeyboardType { .. }
            | Action::WriteHtml { .. }
            | Action::WriteCss { .. }
            | Action::WriteJavascript { .. }
            | Action::Refresh => false,
        }
    }

    /// The workspace file a write action overwrites, and its content.
    pub fn workspace_write(&self) -> Option<(&'static str, &str)> {
        match self {
            Action::WriteHtml { content } => Some(("index.html", content)),
            Action::WriteCss { content } => Some(("style.css", content)),
            Action::WriteJavascript { content } => Some(("script.js", content)),
            _ => None,
        }
    }

    /// Finds the action in a model's reply: a file-writing action (its content runs to the
    /// reply's last `]`, over lines, brackets and fences); else the last ``` fenced block if
    /// there is one, else the first line that starts with an action keyword; then parses it
    /// strictly.
    pub fn from_model_output(reply: &str) -> Result<Self, ParseActionError> {
        if reply.trim_start().starts_with('{') {
            return reply.parse();
        }
        if let Some(write) = file_write(reply) {
            return write;
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

/// The keywords whose one argument is a whole file.
const FILE_WRITES: [&str; 3] = ["write_html", "write_css", "write_javascript"];

/// A file-writing action in a model's reply: from the last place its keyword starts a word
/// (at a line start, after a space or an opening fence) to the reply's last `]`. Models often
/// fence the file inside the brackets (`write_css [```css … ```]`); that inner fence is
/// dropped.
fn file_write(reply: &str) -> Option<Result<Action, ParseActionError>> {
    let start = FILE_WRITES
        .iter()
        .flat_map(|keyword| {
            reply.match_indices(keyword).filter(|(at, _)| {
                let before = reply[..*at].chars().next_back();
                let after = reply[at + keyword.len()..].chars().next();
                before.is_none_or(|c| c.is_whitespace() || c == '`')
                    && after.is_none_or(|c| c == ' ' || c == '[')
            })
        })
        .map(|(at, _)| at)
        .max()?;
    let action = &reply[start..];
    let keyword_end = action.find([' ', '[']).unwrap_or(action.len());
    let (keyword, rest) = action.split_at(keyword_end);
    let Some(open) = rest.find('[') else {
        return Some(Err(ParseActionError::new(format!(
            "Write the file in brackets: {keyword} [content]."
        ))));
    };
    let Some(close) = rest.rfind(']').filter(|close| *close > open) else {
        return Some(Err(ParseActionError::new(format!(
            "The content of `{keyword}` has no closing `]`; end it with `]`."
        ))));
    };
    let content = unfence(&rest[open + 1..close]);
    let mut fields = serde_json::Map::new();
    fields.insert("action".into(), keyword.into());
    fields.insert("content".into(), content.into());
    Some(
        serde_json::from_value(serde_json::Value::Object(fields))
            .map_err(|error| ParseActionError::new(format!("`{keyword}`: {error}."))),
    )
}

/// `content` without a fence around all of it (```` ```lang\n … ``` ````).
fn unfence(content: &str) -> &str {
    let trimmed = content.trim();
    let Some(inner) = trimmed
        .strip_prefix("```")
        .and_then(|inner| inner.strip_suffix("```"))
    else {
        return content;
    };
    match inner.split_once('\n') {
        Some((tag, body)) if !tag.contains(['<', '{', ';']) => body,
        _ => inner,
    }
}

/// Whether `word` names an action.
fn is_keyword(word: &str) -> bool {
    Form::named(word).is_some()
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
        match Form::named(keyword) {
            Some(form) => form.parse(rest),
            None => Err(ParseActionError::new(format!(
                "Unknown action `{keyword}`."
            ))),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        grammar::write(self, formatter)
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
            Action::MouseClick {
                x: 640,
                y: 12,
                button: ClickKind::Left,
            },
            Action::MouseClick {
                x: 0,
                y: 2047,
                button: ClickKind::Double,
            },
            Action::MouseMove { x: 3, y: 4 },
            Action::MouseDrag {
                x1: 10,
                y1: 20,
                x2: 300,
                y2: 20,
            },
            Action::ScrollAt {
                x: 100,
                y: 200,
                dx: 0,
                dy: -300,
            },
            Action::KeyboardType {
                text: "hello [world] ] [ x".into(),
            },
            Action::WriteHtml {
                content: "<ul>\n  <li>[1]</li> ] [ <li>`x`</li>\n</ul>\n".into(),
            },
            Action::WriteCss {
                content: "a[href^=\"http\"] { color: red; }".into(),
            },
            Action::WriteJavascript {
                content: String::new(),
            },
            Action::Refresh,
        ]
    }

    /// A reply as a chat model writes it: prose, then the action with a fenced file inside.
    const HTML_REPLY: &str = "The target has a header and three cards. I will write the HTML first.

write_html [```html
<!DOCTYPE html>
<html>
<head><link rel=\"stylesheet\" href=\"style.css\"></head>
<body>
  <nav class=\"links\"><a href=\"#a\">[Home]</a> ] [ <a href=\"#b\">Docs</a></nav>
  <pre>```nested```</pre>
</body>
</html>
```]";

    #[test]
    fn file_writes_in_model_replies_keep_every_line_bracket_and_backtick() {
        let Action::WriteHtml { content } = Action::from_model_output(HTML_REPLY).unwrap() else {
            panic!("not write_html");
        };
        assert!(content.starts_with("<!DOCTYPE html>\n"), "{content}");
        assert!(
            content.contains("<a href=\"#a\">[Home]</a> ] [ <a"),
            "{content}"
        );
        assert!(content.contains("<pre>```nested```</pre>"), "{content}");
        assert!(content.ends_with("</html>\n"), "{content:?}");
    }

    #[test]
    fn file_writes_parse_in_fences_bare_and_multi_line() {
        let inline =
            "In summary, the next action I will perform is ```write_html [<p>a]b</p>\n]```";
        assert_eq!(
            Action::from_model_output(inline).unwrap(),
            Action::WriteHtml {
                content: "<p>a]b</p>\n".into()
            }
        );
        let fenced = "Now the styles:\n```\nwrite_css [.grid { display: grid; }\n.card[data-x] { color: #333; }\n]\n```\nThen I will refresh.";
        assert_eq!(
            Action::from_model_output(fenced).unwrap(),
            Action::WriteCss {
                content: ".grid { display: grid; }\n.card[data-x] { color: #333; }\n".into()
            }
        );
        let script = "write_javascript [const items = [3, 4];\nitems.forEach((item, i) => {\n  labels[i] = `${[item][0]}`;\n});]";
        let Action::WriteJavascript { content } = Action::from_model_output(script).unwrap() else {
            panic!("not write_javascript");
        };
        assert!(content.ends_with("`${[item][0]}`;\n});"), "{content}");
        assert_eq!(
            Action::from_model_output("Looks good, let me check.\nrefresh").unwrap(),
            Action::Refresh
        );
        let unclosed = Action::from_model_output("write_css [body { margin: 0; }").unwrap_err();
        assert!(
            unclosed.to_string().contains("no closing `]`"),
            "{unclosed}"
        );
        let json: Action = r#"{"action": "write_html", "content": "<p>hi</p>"}"#
            .parse()
            .unwrap();
        assert_eq!(json.to_string(), "write_html [<p>hi</p>]");
    }

    #[test]
    fn every_form_of_the_grammar_has_an_example() {
        let printed: Vec<String> = every_action().iter().map(ToString::to_string).collect();
        for usage in Action::grammar() {
            let keyword = usage.split(' ').next().unwrap();
            assert!(
                printed
                    .iter()
                    .any(|text| text.split([' ', '[']).next() == Some(keyword)),
                "no example of {usage}"
            );
        }
    }

    #[test]
    fn coordinate_actions_parse_tolerantly() {
        assert_eq!(
            "mouse_click [640] [12]".parse(),
            Ok(Action::MouseClick {
                x: 640,
                y: 12,
                button: ClickKind::Left
            })
        );
        assert_eq!(
            "mouse_click [640.6] [12] [Right]".parse(),
            Ok(Action::MouseClick {
                x: 641,
                y: 12,
                button: ClickKind::Right
            })
        );
        assert_eq!(
            "scroll_at [x=10] [y=20] [0] [-100]".parse(),
            Ok(Action::ScrollAt {
                x: 10,
                y: 20,
                dx: 0,
                dy: -100
            })
        );
        assert_eq!(
            r#"{"action": "mouse_move", "x": 5, "y": -1}"#.parse(),
            Ok(Action::MouseMove { x: 5, y: -1 })
        );
        assert_eq!(
            Action::grammar()[15],
            "mouse_click [x] [y] [left|right|middle|double|triple]"
        );
        for bad in [
            "mouse_click [1]",
            "mouse_click [a] [2]",
            "mouse_click [1] [2] [sideways]",
            "mouse_drag [1] [2] [3]",
            "keyboard_type",
        ] {
            let error = bad.parse::<Action>().unwrap_err().to_string();
            assert!(error.contains("Actions look like"), "{bad}: {error}");
        }
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
