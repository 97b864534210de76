//! NLTK 3.8.1's `NLTKWordTokenizer` (the improved Treebank tokenizer), applied to one
//! sentence at a time by `word_tokenize`.
//!
//! Most rules are regular-expression rewrites that the `regex` crate expresses directly.
//! The rules that need look-around or Python's own word boundary (`\b` over Python's `\w`,
//! which excludes combining marks) are written as small scanners instead.

use crate::python::{is_space, is_word_char};
use regex::Regex;

/// One rewrite rule.
struct Rule {
    pattern: Regex,
    replacement: &'static str,
}

fn rules(specs: &[(&str, &'static str)]) -> Vec<Rule> {
    specs
        .iter()
        .filter_map(|(pattern, replacement)| {
            // The patterns are constants checked by the tests; a bad one is skipped, not a panic.
            Regex::new(pattern).ok().map(|pattern| Rule {
                pattern,
                replacement,
            })
        })
        .collect()
}

/// Python's `\s` as a class body (`regex`'s `\s` lacks U+001C..U+001F).
macro_rules! space {
    () => {
        r"\s\x1c-\x1f"
    };
}

/// The rule sets, in NLTK's order.
pub(super) struct Treebank {
    starting_quotes: Vec<Rule>,
    punctuation: Vec<Rule>,
    ending_quotes: Vec<Rule>,
}

impl Treebank {
    pub(super) fn new() -> Treebank {
        Treebank {
            starting_quotes: rules(&[
                (r"([«“‘„]|[`]+)", " $1 "),
                (r#"^""#, "``"),
                (r"(``)", " $1 "),
                (r#"([ (\[{<])("|'{2})"#, "$1 `` "),
            ]),
            punctuation: rules(&[
                (
                    concat!(r#"([^.])(\.)([\])}>"'»”’ ]*)["#, space!(), "]*$"),
                    "$1 $2 $3 ",
                ),
                (r"([:,])([^\d])", " $1 $2"),
                // Python's `$` also matches before a final newline.
                (r"([:,])(\n?)$", " $1 $2"),
                (r"\.{2,}", " $0 "),
                (r"[;@#$%&]", " $0 "),
                (
                    concat!(r#"([^.])(\.)([\])}>"']*)["#, space!(), "]*$"),
                    "$1 $2$3 ",
                ),
                (r"[?!]", " $0 "),
                (r"([^'])' ", "$1 ' "),
                (r"[*]", " $0 "),
                (r"[\]\[(){}<>]", " $0 "),
                (r"--", " -- "),
            ]),
            ending_quotes: rules(&[
                (r"([»”’])", " $1 "),
                (r"''", " '' "),
                (r#"""#, " '' "),
                (r"([^' ])('[sS]|'[mM]|'[dD]|') ", "$1 $2 "),
                (r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", "$1 $2 "),
            ]),
        }
    }

    /// Whether every constant pattern compiled.
    #[cfg(test)]
    fn is_complete(&self) -> bool {
        self.starting_quotes.len() == 4
            && self.punctuation.len() == 11
            && self.ending_quotes.len() == 5
    }

    /// Tokenizes one sentence.
    pub(super) fn tokenize(&self, sentence: &str) -> Vec<String> {
        let text = apply(&self.starting_quotes, sentence.to_owned());
        let text = quote_before_letter(&text);
        let text = apply(&self.punctuation, text);
        let text = apply(&self.ending_quotes, format!(" {text} "));
        let text = CONTRACTIONS
            .iter()
            .fold(text, |text, contraction| contraction.split(&text));
        text.split(is_space)
            .filter(|token| !token.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

fn apply(rules: &[Rule], text: String) -> String {
    rules.iter().fold(text, |text, rule| {
        rule.pattern
            .replace_all(&text, rule.replacement)
            .into_owned()
    })
}

/// Python's `\b` between `before` and `after` (either may be a string edge).
fn is_boundary(before: Option<char>, after: Option<char>) -> bool {
    before.is_some_and(is_word_char) != after.is_some_and(is_word_char)
}

/// `(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b` → `\1 \2`: a quote before a one-character word that
/// is not a contraction.
fn quote_before_letter(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        if c == '\'' && index + 1 < chars.len() {
            let letter = chars[index + 1];
            let after: String = chars[index + 1..]
                .iter()
                .take(2)
                .collect::<String>()
                .to_lowercase();
            let contraction = ["re", "ve", "ll", "m", "t", "s", "d", "n"]
                .iter()
                .any(|prefix| after.starts_with(prefix));
            if !contraction
                && is_word_char(letter)
                && is_boundary(Some(letter), chars.get(index + 2).copied())
            {
                out.push('\'');
                out.push(' ');
                out.push(letter);
                index += 2;
                continue;
            }
        }
        out.push(c);
        index += 1;
    }
    out
}

/// How a contraction pattern starts and ends.
#[derive(Clone, Copy)]
enum Edge {
    /// Python's `\b`.
    Boundary,
    /// A literal space (consumed at the start) or a following whitespace (look-ahead).
    Space,
}

/// NLTK's `MacIntyreContractions`: `(?i)\b(can)(not)\b` and the like, rewritten to
/// ` \1 \2 `.
struct Contraction {
    start: Edge,
    first: &'static str,
    second: &'static str,
    end: Edge,
}

const fn contraction(
    start: Edge,
    first: &'static str,
    second: &'static str,
    end: Edge,
) -> Contraction {
    Contraction {
        start,
        first,
        second,
        end,
    }
}

const CONTRACTIONS: [Contraction; 10] = [
    contraction(Edge::Boundary, "can", "not", Edge::Boundary),
    contraction(Edge::Boundary, "d", "'ye", Edge::Boundary),
    contraction(Edge::Boundary, "gim", "me", Edge::Boundary),
    contraction(Edge::Boundary, "gon", "na", Edge::Boundary),
    contraction(Edge::Boundary, "got", "ta", Edge::Boundary),
    contraction(Edge::Boundary, "lem", "me", Edge::Boundary),
    contraction(Edge::Boundary, "more", "'n", Edge::Boundary),
    contraction(Edge::Boundary, "wan", "na", Edge::Space),
    contraction(Edge::Space, "'t", "is", Edge::Boundary),
    contraction(Edge::Space, "'t", "was", Edge::Boundary),
];

impl Contraction {
    /// Rewrites every non-overlapping occurrence, left to right.
    fn split(&self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let first: Vec<char> = self.first.chars().collect();
        let second: Vec<char> = self.second.chars().collect();
        let mut out = String::with_capacity(text.len() + 8);
        let mut index = 0;
        while index < chars.len() {
            if let Some(end) = self.match_at(&chars, index, &first, &second) {
                let start = match self.start {
                    Edge::Space => index + 1,
                    Edge::Boundary => index,
                };
                let split = start + first.len();
                out.push(' ');
                out.extend(&chars[start..split]);
                out.push(' ');
                out.extend(&chars[split..end]);
                out.push(' ');
                index = end;
            } else {
                out.push(chars[index]);
                index += 1;
            }
        }
        out
    }

    /// The end of a match starting at `index`, if there is one.
    fn match_at(
        &self,
        chars: &[char],
        index: usize,
        first: &[char],
        second: &[char],
    ) -> Option<usize> {
        let mut position = index;
        match self.start {
            Edge::Space => {
                if chars.get(position) != Some(&' ') {
                    return None;
                }
                position += 1;
            }
            Edge::Boundary => {
                let before = index.checked_sub(1).map(|previous| chars[previous]);
                if !is_boundary(before, chars.get(index).copied()) {
                    return None;
                }
            }
        }
        for wanted in first.iter().chain(second) {
            let c = chars.get(position)?;
            if !c.to_lowercase().eq(wanted.to_lowercase()) {
                return None;
            }
            position += 1;
        }
        let last = chars.get(position - 1).copied();
        let next = chars.get(position).copied();
        let ends = match self.end {
            Edge::Boundary => is_boundary(last, next),
            Edge::Space => next.is_some_and(is_space),
        };
        ends.then_some(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_compiles() {
        assert!(Treebank::new().is_complete());
    }

    #[test]
    fn splits_like_nltk_on_common_text() {
        let treebank = Treebank::new();
        let tokens = |text: &str| treebank.tokenize(text);
        assert_eq!(tokens("$250"), ["$", "250"]);
        assert_eq!(
            tokens("it costs 12,000 dollars."),
            ["it", "costs", "12,000", "dollars", "."]
        );
        assert_eq!(tokens("i can't do it"), ["i", "ca", "n't", "do", "it"]);
        assert_eq!(tokens("cannot"), ["can", "not"]);
        assert_eq!(tokens("CanNot"), ["Can", "Not"]);
        assert_eq!(tokens("'tis"), ["'t", "is"]);
        assert_eq!(tokens("wanna go"), ["wan", "na", "go"]);
        assert_eq!(tokens("wanna"), ["wan", "na"]);
        assert_eq!(tokens("wannabe"), ["wannabe"]);
        assert_eq!(
            tokens("(red) \"blue\""),
            ["(", "red", ")", "``", "blue", "''"]
        );
        assert_eq!(tokens("it is “jade.”"), ["it", "is", "“", "jade", ".", "”"]);
        assert_eq!(tokens("pick 'o' now"), ["pick", "'", "o", "'", "now"]);
        assert!(tokens("").is_empty());
    }
}
