//! Python's semantics where VWA's evaluators rely on them.
//!
//! VWA's harness is Python: answers are cleaned with `str.lower()`, parsed with `int()` and
//! `float()`, page values arrive as Python objects and are rendered with `str()`, and a
//! value's type decides which checks raise. `vwa` mode reproduces these rules exactly; this
//! module holds them: character classes of Python's `str` and `re` ([`is_space`],
//! [`is_word_char`]), numbers ([`PyInt`], [`parse_float`], [`float_repr`]) and values
//! ([`PyValue`]: `str()`, `repr()`, truthiness).

mod number;
mod value;

pub use number::{IntParseError, Overflow, PyInt, float_repr, parse_float};
pub(crate) use number::{fixed_notation, scientific_notation, shortest_digits};
pub use value::PyValue;

use regex::Regex;
use std::sync::LazyLock;

/// Python's `str.isspace()` (and `re`'s `\s`): Unicode `White_Space` plus the information
/// separators U+001C..U+001F, which Python counts as whitespace.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Python's `str.strip()` without arguments.
pub fn strip(text: &str) -> &str {
    text.trim_matches(is_space)
}

/// `re`'s `\w` for `str` patterns: letters, numbers (any `N` category) and `_`. Unlike the
/// `regex` crate's `\w` it excludes combining marks and connector punctuation other than `_`.
pub fn is_word_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric() || (!c.is_ascii() && char_matches(&WORD, c))
}

/// Word characters, decimal digits (`Nd`) and the characters `str.isprintable()` rejects;
/// constant patterns.
static WORD: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"^[\p{L}\p{N}]$").ok());
static DECIMAL: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"^\p{Nd}$").ok());
static UNPRINTABLE: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$").ok());

fn char_matches(pattern: &LazyLock<Option<Regex>>, c: char) -> bool {
    let mut buffer = [0; 4];
    pattern
        .as_ref()
        .is_some_and(|pattern| pattern.is_match(c.encode_utf8(&mut buffer)))
}

/// The value of a Unicode decimal digit (`Nd`), as `int()` and `float()` read it.
///
/// Unicode encodes every decimal digit set as a contiguous run from 0 to 9, so the value is
/// the distance from the start of the run, modulo 10 (adjacent sets share one long run).
pub fn decimal_value(c: char) -> Option<u32> {
    if let Some(value) = c.to_digit(10) {
        return Some(value);
    }
    if !char_matches(&DECIMAL, c) {
        return None;
    }
    let mut start = u32::from(c);
    while let Some(previous) = start.checked_sub(1).and_then(char::from_u32) {
        if !char_matches(&DECIMAL, previous) {
            break;
        }
        start -= 1;
    }
    Some((u32::from(c) - start) % 10)
}

/// Python's `str.isprintable()` for one character (space is printable).
pub fn is_printable(c: char) -> bool {
    c == ' ' || !char_matches(&UNPRINTABLE, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_pythons() {
        for c in [
            '\t', '\n', '\u{1c}', '\u{1f}', '\u{85}', '\u{a0}', '\u{2003}', '\u{3000}',
        ] {
            assert!(is_space(c), "{c:?}");
        }
        for c in ['\u{200b}', '\u{180e}', 'x', '\u{feff}'] {
            assert!(!is_space(c), "{c:?}");
        }
        assert_eq!(strip("\u{2003}42\u{2003}\n"), "42");
    }

    #[test]
    fn decimal_digits_of_every_script() {
        assert_eq!(decimal_value('7'), Some(7));
        assert_eq!(decimal_value('٤'), Some(4));
        assert_eq!(decimal_value('२'), Some(2));
        assert_eq!(decimal_value('๔'), Some(4));
        assert_eq!(decimal_value('𝟒'), Some(4));
        assert_eq!(decimal_value('𝟘'), Some(0));
        assert_eq!(decimal_value('²'), None);
        assert_eq!(decimal_value('④'), None);
        assert_eq!(decimal_value('x'), None);
    }

    #[test]
    fn word_characters_and_printability() {
        assert!(is_word_char('é'));
        assert!(is_word_char('²'));
        assert!(is_word_char('_'));
        assert!(!is_word_char('\u{308}'));
        assert!(!is_word_char('‿'));
        assert!(is_printable('é'));
        assert!(!is_printable('\u{200b}'));
        assert!(!is_printable('\n'));
        assert!(!is_printable('\u{a0}'));
        assert!(is_printable(' '));
    }
}
