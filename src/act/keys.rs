//! Key combinations in VWA's (Playwright's) names, turned into WebDriver key codes.

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;

/// A parsed combination: modifiers held down, then one key pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyCombo {
    /// Modifier key codes, in the order they are pressed.
    pub modifiers: Vec<char>,
    /// The key pressed while the modifiers are held.
    pub key: char,
}

impl KeyCombo {
    /// The key presses: modifiers down, the key down and up, modifiers up in reverse order.
    pub fn actions(&self) -> KeyActions {
        let mut sequence = KeyActions::new("keyboard".into());
        for modifier in &self.modifiers {
            sequence = sequence.then(KeyAction::Down { value: *modifier });
        }
        sequence = sequence
            .then(KeyAction::Down { value: self.key })
            .then(KeyAction::Up { value: self.key });
        for modifier in self.modifiers.iter().rev() {
            sequence = sequence.then(KeyAction::Up { value: *modifier });
        }
        sequence
    }
}

/// Why a key combination is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown key `{0}`: use names like Enter, Tab, Escape, Backspace, Delete, ArrowUp, ArrowDown, \
         PageDown, Home, End, F5, a single character, or combos like Control+a and Shift+Tab"
)]
pub struct UnknownKey(pub String);

/// Parses `Meta+a`, `Shift+Tab`, `Enter`, `a`. `Meta` becomes `Control`, as on Linux.
pub fn parse_combo(text: &str) -> Result<KeyCombo, UnknownKey> {
    let parts: Vec<&str> = text.split('+').map(str::trim).collect();
    // "Control++" means Control and the plus key.
    let parts: Vec<&str> = if text.ends_with("++") {
        let mut parts = parts[..parts.len() - 2].to_vec();
        parts.push("+");
        parts
    } else {
        parts
    };
    let Some((last, modifiers)) = parts.split_last() else {
        return Err(UnknownKey(text.to_owned()));
    };
    let modifiers = modifiers
        .iter()
        .map(|name| modifier(name).ok_or_else(|| UnknownKey((*name).to_owned())))
        .collect::<Result<Vec<_>, _>>()?;
    let key = modifier(last)
        .or_else(|| named_key(last))
        .ok_or_else(|| UnknownKey((*last).to_owned()))?;
    Ok(KeyCombo { modifiers, key })
}

fn modifier(name: &str) -> Option<char> {
    let key = match name.to_ascii_lowercase().as_str() {
        "shift" => Key::Shift,
        "control" | "ctrl" | "meta" | "command" | "cmd" | "controlormeta" => Key::Control,
        "alt" | "option" => Key::Alt,
        _ => return None,
    };
    Some(key.into())
}

fn named_key(name: &str) -> Option<char> {
    let mut chars = name.chars();
    if let (Some(single), None) = (chars.next(), chars.next()) {
        return Some(single);
    }
    let key = match name.to_ascii_lowercase().as_str() {
        "enter" | "return" => Key::Enter,
        "tab" => Key::Tab,
        "escape" | "esc" => Key::Escape,
        "backspace" => Key::Backspace,
        "delete" | "del" => Key::Delete,
        "space" => return Some(' '),
        "arrowup" | "up" => Key::Up,
        "arrowdown" | "down" => Key::Down,
        "arrowleft" | "left" => Key::Left,
        "arrowright" | "right" => Key::Right,
        "pageup" => Key::PageUp,
        "pagedown" => Key::PageDown,
        "home" => Key::Home,
        "end" => Key::End,
        "insert" => Key::Insert,
        "f1" => Key::F1,
        "f2" => Key::F2,
        "f3" => Key::F3,
        "f4" => Key::F4,
        "f5" => Key::F5,
        "f6" => Key::F6,
        "f7" => Key::F7,
        "f8" => Key::F8,
        "f9" => Key::F9,
        "f10" => Key::F10,
        "f11" => Key::F11,
        "f12" => Key::F12,
        _ => return None,
    };
    Some(key.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_maps_to_control_on_linux() {
        assert_eq!(
            parse_combo("Meta+a"),
            Ok(KeyCombo {
                modifiers: vec![Key::Control.into()],
                key: 'a'
            })
        );
    }

    #[test]
    fn vwa_key_names_parse() {
        assert_eq!(parse_combo("Enter").unwrap().key, char::from(Key::Enter));
        assert_eq!(parse_combo("ArrowDown").unwrap().key, char::from(Key::Down));
        let shift_tab = parse_combo("Shift+Tab").unwrap();
        assert_eq!(shift_tab.modifiers, vec![char::from(Key::Shift)]);
        assert_eq!(shift_tab.key, char::from(Key::Tab));
        assert_eq!(parse_combo("Control++").unwrap().key, '+');
    }

    #[test]
    fn unknown_names_are_errors() {
        assert!(parse_combo("Hyper+q").is_err());
        assert!(parse_combo("Launch").is_err());
    }
}
