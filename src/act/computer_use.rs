//! Adapters from the action JSON of OpenAI's and Anthropic's computer-use tools to Agora's
//! coordinate actions. Coordinates are screenshot pixels, which are the viewport's CSS px
//! (Agora captures at devicePixelRatio 1); a client that scales screenshots down for its
//! model scales the coordinates back up.

use super::{Action, ClickKind, ParseActionError};
use serde_json::Value;

/// Which computer-use tool an action JSON comes from.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    /// OpenAI's `computer_use_preview` (`computer_call.action`: `click`, `drag`, `keypress`, …).
    Openai,
    /// Anthropic's `computer` tool (`tool_use.input`: `left_click`, `key`, `scroll`, …).
    Anthropic,
}

/// CSS px one wheel notch scrolls (Anthropic counts `scroll_amount` in notches).
pub const WHEEL_NOTCH_PX: i64 = 100;

impl Dialect {
    /// The Agora action for `value`, an action object of this dialect (or the whole
    /// `computer_call` item / `tool_use` block around it).
    pub fn to_action(self, value: &Value) -> Result<Action, ParseActionError> {
        match self {
            Dialect::Openai => from_openai(value),
            Dialect::Anthropic => from_anthropic(value),
        }
    }
}

fn error(message: impl Into<String>) -> ParseActionError {
    ParseActionError::new(message)
}

fn number(value: &Value, field: &str, context: &str) -> Result<i64, ParseActionError> {
    let found = &value[field];
    found
        .as_i64()
        .or_else(|| found.as_f64().map(|number| number.round() as i64))
        .ok_or_else(|| error(format!("`{context}` needs a number `{field}`.")))
}

fn text(value: &Value, field: &str, context: &str) -> Result<String, ParseActionError> {
    value[field]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| error(format!("`{context}` needs a string `{field}`.")))
}

/// Actions that only ask to look again: every Agora step already returns an observation.
fn nothing_to_do(kind: &str) -> ParseActionError {
    error(format!(
        "`{kind}` is not an action here: every step returns a fresh screenshot; call observe to look again."
    ))
}

/// An OpenAI `computer_call` action (`{"type": "click", "x": 10, "y": 20, "button": "left"}`).
pub fn from_openai(value: &Value) -> Result<Action, ParseActionError> {
    let action = if value["type"] == "computer_call" {
        &value["action"]
    } else {
        value
    };
    let kind = action["type"]
        .as_str()
        .ok_or_else(|| error("An OpenAI computer action needs a `type`."))?;
    let point = |context: &str| -> Result<(i64, i64), ParseActionError> {
        Ok((number(action, "x", context)?, number(action, "y", context)?))
    };
    Ok(match kind {
        "click" => {
            let (x, y) = point(kind)?;
            let button = match action["button"].as_str().unwrap_or("left") {
                "left" => ClickKind::Left,
                "right" => ClickKind::Right,
                "wheel" | "middle" => ClickKind::Middle,
                other => {
                    return Err(error(format!(
                        "Button `{other}` is not supported; use left, right or wheel."
                    )));
                }
            };
            Action::MouseClick { x, y, button }
        }
        "double_click" => {
            let (x, y) = point(kind)?;
            Action::MouseClick {
                x,
                y,
                button: ClickKind::Double,
            }
        }
        "move" => {
            let (x, y) = point(kind)?;
            Action::MouseMove { x, y }
        }
        "drag" => {
            let path = action["path"]
                .as_array()
                .filter(|path| path.len() >= 2)
                .ok_or_else(|| error("`drag` needs a `path` of at least two {x, y} points."))?;
            // Agora drags in a straight line from the first point to the last.
            let (first, last) = (&path[0], &path[path.len() - 1]);
            Action::MouseDrag {
                x1: number(first, "x", kind)?,
                y1: number(first, "y", kind)?,
                x2: number(last, "x", kind)?,
                y2: number(last, "y", kind)?,
            }
        }
        "scroll" => {
            let (x, y) = point(kind)?;
            Action::ScrollAt {
                x,
                y,
                dx: number(action, "scroll_x", kind)?,
                dy: number(action, "scroll_y", kind)?,
            }
        }
        "type" => Action::KeyboardType {
            text: text(action, "text", kind)?,
        },
        "keypress" => {
            let keys = action["keys"]
                .as_array()
                .filter(|keys| !keys.is_empty())
                .ok_or_else(|| error("`keypress` needs a list of `keys`."))?;
            let names = keys
                .iter()
                .map(|key| key.as_str().map(key_name))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| error("`keypress` keys are strings."))?;
            Action::Press {
                keys: names.join("+"),
            }
        }
        "screenshot" | "wait" => return Err(nothing_to_do(kind)),
        other => {
            return Err(error(format!(
                "OpenAI computer action `{other}` is not known; Agora maps click, double_click, move, drag, scroll, type and keypress."
            )));
        }
    })
}

/// An Anthropic `computer` tool input (`{"action": "left_click", "coordinate": [10, 20]}`).
pub fn from_anthropic(value: &Value) -> Result<Action, ParseActionError> {
    let input = if value["type"] == "tool_use" {
        &value["input"]
    } else {
        value
    };
    let kind = input["action"]
        .as_str()
        .ok_or_else(|| error("An Anthropic computer action needs an `action`."))?;
    let coordinate = |field: &str| -> Result<(i64, i64), ParseActionError> {
        let pair = input[field]
            .as_array()
            .filter(|pair| pair.len() == 2)
            .ok_or_else(|| error(format!("`{kind}` needs `{field}`: [x, y].")))?;
        let read = |value: &Value| {
            value
                .as_i64()
                .or_else(|| value.as_f64().map(|number| number.round() as i64))
                .ok_or_else(|| error(format!("`{field}` holds numbers.")))
        };
        Ok((read(&pair[0])?, read(&pair[1])?))
    };
    let click = |button: ClickKind| -> Result<Action, ParseActionError> {
        if input.get("text").is_some_and(|held| !held.is_null()) {
            return Err(error(
                "Holding keys during a click is not supported; press them separately.",
            ));
        }
        let (x, y) = coordinate("coordinate")?;
        Ok(Action::MouseClick { x, y, button })
    };
    Ok(match kind {
        "left_click" => click(ClickKind::Left)?,
        "right_click" => click(ClickKind::Right)?,
        "middle_click" => click(ClickKind::Middle)?,
        "double_click" => click(ClickKind::Double)?,
        "triple_click" => click(ClickKind::Triple)?,
        "mouse_move" => {
            let (x, y) = coordinate("coordinate")?;
            Action::MouseMove { x, y }
        }
        "left_click_drag" => {
            let (x1, y1) = coordinate("start_coordinate")?;
            let (x2, y2) = coordinate("coordinate")?;
            Action::MouseDrag { x1, y1, x2, y2 }
        }
        "scroll" => {
            let (x, y) = coordinate("coordinate")?;
            let amount = input["scroll_amount"].as_i64().unwrap_or(3) * WHEEL_NOTCH_PX;
            let (dx, dy) = match input["scroll_direction"].as_str() {
                Some("up") => (0, -amount),
                Some("down") => (0, amount),
                Some("left") => (-amount, 0),
                Some("right") => (amount, 0),
                _ => {
                    return Err(error(
                        "`scroll` needs `scroll_direction`: up, down, left or right.",
                    ));
                }
            };
            Action::ScrollAt { x, y, dx, dy }
        }
        "type" => Action::KeyboardType {
            text: text(input, "text", kind)?,
        },
        "key" => {
            let combo = text(input, "text", kind)?;
            Action::Press {
                keys: combo.split('+').map(key_name).collect::<Vec<_>>().join("+"),
            }
        }
        "screenshot" | "wait" | "cursor_position" => return Err(nothing_to_do(kind)),
        other => {
            return Err(error(format!(
                "Anthropic computer action `{other}` is not supported; Agora maps left/right/middle/double/triple_click, mouse_move, left_click_drag, scroll, type and key."
            )));
        }
    })
}

/// An X keysym or upper-case key name as Agora's key names (`Page_Down` → `PageDown`,
/// `super` → `Meta`); names Agora already knows pass through.
fn key_name(name: &str) -> String {
    let name = name.trim();
    match name.to_ascii_lowercase().as_str() {
        "super" | "win" | "windows" => "Meta".to_owned(),
        "kp_enter" => "Enter".to_owned(),
        _ => name.replace('_', ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn openai_actions_map_onto_coordinate_actions() {
        let cases = [
            (
                json!({"type": "click", "x": 10, "y": 20, "button": "right"}),
                "mouse_click [10] [20] [right]",
            ),
            (
                json!({"type": "computer_call", "call_id": "c1", "action": {"type": "double_click", "x": 5, "y": 6}}),
                "mouse_click [5] [6] [double]",
            ),
            (
                json!({"type": "drag", "path": [{"x": 1, "y": 2}, {"x": 5, "y": 5}, {"x": 9, "y": 2}]}),
                "mouse_drag [1] [2] [9] [2]",
            ),
            (
                json!({"type": "scroll", "x": 100, "y": 200, "scroll_x": 0, "scroll_y": 300}),
                "scroll_at [100] [200] [0] [300]",
            ),
            (
                json!({"type": "keypress", "keys": ["CTRL", "A"]}),
                "press [CTRL+A]",
            ),
            (json!({"type": "type", "text": "hi"}), "keyboard_type [hi]"),
            (
                json!({"type": "move", "x": 3, "y": 4}),
                "mouse_move [3] [4]",
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(from_openai(&value).unwrap().to_string(), expected);
        }
        let waited = from_openai(&json!({"type": "wait"}))
            .unwrap_err()
            .to_string();
        assert!(waited.contains("observe"), "{waited}");
    }

    #[test]
    fn anthropic_actions_map_onto_coordinate_actions() {
        let cases = [
            (
                json!({"action": "left_click", "coordinate": [10, 20]}),
                "mouse_click [10] [20] [left]",
            ),
            (
                json!({"type": "tool_use", "name": "computer", "input": {"action": "triple_click", "coordinate": [1, 2]}}),
                "mouse_click [1] [2] [triple]",
            ),
            (
                json!({"action": "left_click_drag", "start_coordinate": [1, 2], "coordinate": [30, 2]}),
                "mouse_drag [1] [2] [30] [2]",
            ),
            (
                json!({"action": "scroll", "coordinate": [5, 5], "scroll_direction": "up", "scroll_amount": 2}),
                "scroll_at [5] [5] [0] [-200]",
            ),
            (
                json!({"action": "key", "text": "ctrl+Page_Down"}),
                "press [ctrl+PageDown]",
            ),
            (
                json!({"action": "type", "text": "a\nb"}),
                "keyboard_type [a\nb]",
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(from_anthropic(&value).unwrap().to_string(), expected);
        }
        let missing = from_anthropic(&json!({"action": "left_click"}))
            .unwrap_err()
            .to_string();
        assert!(missing.contains("coordinate"), "{missing}");
    }
}
