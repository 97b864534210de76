//! The text grammar of actions as one table: each action is one [`Form`] (keyword and
//! bracketed arguments). Parsing turns `keyword [a] [b]` into the action's JSON form and lets
//! serde build the [`Action`]; printing goes the other way. Adding an action is one enum
//! variant (its JSON form) and one entry here.

use super::action::{Action, ParseActionError};
use serde_json::{Map, Number, Value};
use std::fmt;

/// How one bracketed argument reads and prints.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// An element id from the observation.
    Id,
    /// A whole number (a decimal is rounded, as models sometimes write them).
    Number,
    /// One of a few words, case-insensitive.
    Word(&'static [&'static str]),
    /// `0` or `1`.
    Flag,
    /// Trimmed text without `] [` in it (a URL, a key combination, an option).
    Token,
    /// Text kept as written; the one argument of a form that may contain `] [`.
    Text,
    /// A number when it is one, else trimmed text (an input image index or a file).
    IndexOrToken,
}

/// One argument: its field in the JSON form, how it reads, how the grammar names it, and
/// its default when it may be left out (only trailing arguments and the text may be).
#[derive(Debug, Clone, Copy)]
struct Arg {
    field: &'static str,
    kind: Kind,
    label: &'static str,
    default: Option<&'static str>,
}

const fn arg(field: &'static str, kind: Kind, label: &'static str) -> Arg {
    Arg {
        field,
        kind,
        label,
        default: None,
    }
}

const fn optional(
    field: &'static str,
    kind: Kind,
    label: &'static str,
    default: &'static str,
) -> Arg {
    Arg {
        field,
        kind,
        label,
        default: Some(default),
    }
}

const ID: Arg = arg("id", Kind::Id, "id");
const X: Arg = arg("x", Kind::Number, "x");
const Y: Arg = arg("y", Kind::Number, "y");
/// A whole workspace file (may be empty, to empty the file).
const CONTENT: Arg = optional("content", Kind::Text, "content", "");

/// One action of the grammar.
#[derive(Debug)]
pub(super) struct Form {
    keyword: &'static str,
    args: &'static [Arg],
}

/// Every action, in the order prompts list them.
pub(super) const FORMS: &[Form] = &[
    Form {
        keyword: "click",
        args: &[ID],
    },
    Form {
        keyword: "hover",
        args: &[ID],
    },
    Form {
        keyword: "type",
        args: &[
            ID,
            arg("text", Kind::Text, "text"),
            optional("enter", Kind::Flag, "0|1", "1"),
        ],
    },
    Form {
        keyword: "clear",
        args: &[ID],
    },
    Form {
        keyword: "select",
        args: &[ID, arg("option", Kind::Text, "option")],
    },
    Form {
        keyword: "upload",
        args: &[
            ID,
            arg("file", Kind::IndexOrToken, "input image index or file"),
        ],
    },
    Form {
        keyword: "press",
        args: &[arg("keys", Kind::Token, "key_comb")],
    },
    Form {
        keyword: "scroll",
        args: &[arg("direction", Kind::Word(&["up", "down"]), "up|down")],
    },
    Form {
        keyword: "new_tab",
        args: &[],
    },
    Form {
        keyword: "tab_focus",
        args: &[arg("index", Kind::Number, "tab_index")],
    },
    Form {
        keyword: "close_tab",
        args: &[],
    },
    Form {
        keyword: "goto",
        args: &[arg("url", Kind::Token, "url")],
    },
    Form {
        keyword: "go_back",
        args: &[],
    },
    Form {
        keyword: "go_forward",
        args: &[],
    },
    Form {
        keyword: "stop",
        args: &[optional("answer", Kind::Text, "answer", "")],
    },
    Form {
        keyword: "mouse_click",
        args: &[
            X,
            Y,
            optional(
                "button",
                Kind::Word(&["left", "right", "middle", "double", "triple"]),
                "left|right|middle|double|triple",
                "left",
            ),
        ],
    },
    Form {
        keyword: "mouse_move",
        args: &[X, Y],
    },
    Form {
        keyword: "mouse_drag",
        args: &[
            arg("x1", Kind::Number, "x1"),
            arg("y1", Kind::Number, "y1"),
            arg("x2", Kind::Number, "x2"),
            arg("y2", Kind::Number, "y2"),
        ],
    },
    Form {
        keyword: "scroll_at",
        args: &[
            X,
            Y,
            arg("dx", Kind::Number, "dx"),
            arg("dy", Kind::Number, "dy"),
        ],
    },
    Form {
        keyword: "keyboard_type",
        args: &[arg("text", Kind::Text, "text")],
    },
    Form {
        keyword: "write_html",
        args: &[CONTENT],
    },
    Form {
        keyword: "write_css",
        args: &[CONTENT],
    },
    Form {
        keyword: "write_javascript",
        args: &[CONTENT],
    },
    Form {
        keyword: "refresh",
        args: &[],
    },
];

impl Form {
    /// The form named `keyword`.
    pub(super) fn named(keyword: &str) -> Option<&'static Form> {
        FORMS.iter().find(|form| form.keyword == keyword)
    }

    /// How the grammar writes this action: `type [id] [text] [0|1]`.
    pub(super) fn usage(&self) -> String {
        let mut usage = self.keyword.to_owned();
        for arg in self.args {
            usage.push_str(&format!(" [{}]", arg.label));
        }
        usage
    }

    /// Reads the bracketed arguments after the keyword into the action.
    pub(super) fn parse(&self, rest: &str) -> Result<Action, ParseActionError> {
        let rest = rest.trim();
        let keyword = self.keyword;
        if self.args.is_empty() {
            if !rest.is_empty() {
                return Err(ParseActionError::new(format!(
                    "`{keyword}` takes no arguments."
                )));
            }
            return build(keyword, Map::new());
        }
        let inner = if rest.is_empty() {
            ""
        } else {
            rest.strip_prefix('[')
                .and_then(|inner| inner.strip_suffix(']'))
                .ok_or_else(|| {
                    ParseActionError::new(format!(
                        "Write each argument in brackets: {}.",
                        self.usage()
                    ))
                })?
        };
        let pieces = if rest.is_empty() {
            Vec::new()
        } else {
            split_pieces(inner)
        };
        let values = self.assign(inner, &pieces)?;
        let mut fields = Map::new();
        for (arg, text) in self.args.iter().zip(values) {
            fields.insert(arg.field.to_owned(), read(keyword, arg, &text)?);
        }
        build(keyword, fields)
    }

    /// Matches pieces to arguments: fixed arguments take one piece each; the text argument
    /// takes whatever is left between them (brackets included); missing optional arguments
    /// take their default.
    fn assign(
        &self,
        inner: &str,
        pieces: &[(usize, usize)],
    ) -> Result<Vec<String>, ParseActionError> {
        let wrong_count = || {
            ParseActionError::new(format!(
                "`{}` takes {} bracketed argument(s), got {}: {}.",
                self.keyword,
                self.args.len(),
                pieces.len(),
                self.usage()
            ))
        };
        let missing = |arg: &Arg| arg.default.map(str::to_owned).ok_or_else(&wrong_count);
        let Some(text_position) = self
            .args
            .iter()
            .position(|arg| matches!(arg.kind, Kind::Text))
        else {
            if pieces.len() > self.args.len() {
                return Err(wrong_count());
            }
            return self
                .args
                .iter()
                .enumerate()
                .map(|(index, arg)| match pieces.get(index) {
                    Some(&(start, end)) => Ok(inner[start..end].to_owned()),
                    None => missing(arg),
                })
                .collect();
        };
        let before = &self.args[..text_position];
        let text_arg = &self.args[text_position];
        let after = &self.args[text_position + 1..];
        if pieces.len() < before.len() {
            return Err(wrong_count());
        }
        let mut values: Vec<String> = pieces[..before.len()]
            .iter()
            .map(|&(start, end)| inner[start..end].to_owned())
            .collect();
        let mut middle = &pieces[before.len()..];
        let text_needs = usize::from(text_arg.default.is_none());
        let mut after_values = Vec::with_capacity(after.len());
        for arg in after.iter().rev() {
            let last = middle
                .last()
                .filter(|_| middle.len() > text_needs)
                .map(|&(start, end)| &inner[start..end]);
            match (last, arg.default) {
                (Some(piece), Some(_)) if read(self.keyword, arg, piece).is_err() => {
                    after_values.push(missing(arg)?)
                }
                (Some(piece), _) => {
                    after_values.push(piece.to_owned());
                    middle = &middle[..middle.len() - 1];
                }
                (None, _) => after_values.push(missing(arg)?),
            }
        }
        values.push(match (middle.first(), middle.last()) {
            (Some(&(start, _)), Some(&(_, end))) => inner[start..end].to_owned(),
            _ => missing(text_arg)?,
        });
        values.extend(after_values.into_iter().rev());
        Ok(values)
    }

    /// Writes `action` (whose JSON form is `fields`) in the grammar.
    fn write(
        &self,
        fields: &Map<String, Value>,
        formatter: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        formatter.write_str(self.keyword)?;
        for arg in self.args {
            match fields.get(arg.field) {
                Some(Value::Bool(flag)) => write!(formatter, " [{}]", u8::from(*flag))?,
                Some(Value::String(text)) => write!(formatter, " [{text}]")?,
                Some(other) => write!(formatter, " [{other}]")?,
                None => write!(formatter, " [{}]", arg.default.unwrap_or(""))?,
            }
        }
        Ok(())
    }
}

/// Splits `a] [b]  [c` at each `]` followed (after spaces) by `[`, as byte ranges of `inner`.
fn split_pieces(inner: &str) -> Vec<(usize, usize)> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut index = 0;
    while index < inner.len() {
        if inner.as_bytes()[index] == b']' {
            let next = inner[index + 1..].trim_start();
            if next.starts_with('[') {
                pieces.push((start, index));
                start = inner.len() - next.len() + 1;
                index = start;
                continue;
            }
        }
        index += 1;
    }
    pieces.push((start, inner.len()));
    pieces
}

/// Reads one argument's text into its JSON value.
fn read(keyword: &str, arg: &Arg, text: &str) -> Result<Value, ParseActionError> {
    let trimmed = text.trim();
    // Models sometimes name the argument: `scroll [direction=down]`.
    let bare = trimmed
        .split_once('=')
        .filter(|(name, _)| name.trim().eq_ignore_ascii_case(arg.field))
        .map_or(trimmed, |(_, value)| value.trim());
    match arg.kind {
        Kind::Id => bare.parse::<u32>().map(Value::from).map_err(|_| {
            ParseActionError::new(format!(
                "`{text}` is not an element id (a number from the observation)."
            ))
        }),
        Kind::Number => whole_number(bare).map(Value::from).ok_or_else(|| {
            ParseActionError::new(format!("`{text}` is not a number ({}).", arg.label))
        }),
        Kind::Word(words) => {
            let word = bare.to_lowercase();
            if words.contains(&word.as_str()) {
                Ok(Value::String(word))
            } else {
                Err(ParseActionError::new(format!(
                    "`{keyword}` takes {} here, not `{bare}`.",
                    words.join(" or ")
                )))
            }
        }
        Kind::Flag => match bare {
            "1" => Ok(Value::Bool(true)),
            "0" => Ok(Value::Bool(false)),
            _ => Err(ParseActionError::new(format!("`{text}` is not 0 or 1."))),
        },
        Kind::Token => Ok(Value::String(trimmed.to_owned())),
        Kind::Text => Ok(Value::String(text.to_owned())),
        Kind::IndexOrToken => Ok(match trimmed.parse::<u64>() {
            Ok(index) => Value::Number(Number::from(index)),
            Err(_) => Value::String(trimmed.to_owned()),
        }),
    }
}

/// `640`, `-3` or `640.4` (rounded).
fn whole_number(text: &str) -> Option<i64> {
    if let Ok(number) = text.parse::<i64>() {
        return Some(number);
    }
    let number = text
        .parse::<f64>()
        .ok()
        .filter(|number| number.is_finite())?;
    let rounded = number.round();
    (rounded.abs() < 1e15).then_some(rounded as i64)
}

fn build(keyword: &str, mut fields: Map<String, Value>) -> Result<Action, ParseActionError> {
    fields.insert("action".into(), Value::String(keyword.to_owned()));
    serde_json::from_value(Value::Object(fields))
        .map_err(|error| ParseActionError::new(format!("`{keyword}`: {error}.")))
}

/// Writes `action` in the grammar (its [`fmt::Display`]).
pub(super) fn write(action: &Action, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
    let Ok(Value::Object(fields)) = serde_json::to_value(action) else {
        return Err(fmt::Error);
    };
    let form = fields
        .get("action")
        .and_then(Value::as_str)
        .and_then(Form::named)
        .ok_or(fmt::Error)?;
    form.write(&fields, formatter)
}
