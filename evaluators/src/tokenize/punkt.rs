//! NLTK 3.8.1's Punkt sentence tokenizer with the English model (`sent_tokenize`).
//!
//! Punkt finds every `.`, `?` or `!` followed by punctuation or by whitespace and a token,
//! tokenizes the short context around it (the word before, the mark, what follows) and
//! annotates those tokens in two passes: the first by word type (known abbreviation,
//! ellipsis, otherwise a period ends a sentence), the second by the pair of tokens around
//! the period (collocations, the orthographic heuristic, frequent sentence starters,
//! initials and numbers). A break is kept when a token marked as a sentence break is
//! followed by another token. Closing quotes and brackets after the break are then moved
//! back into the sentence they close.
//!
//! The model's parameters are data (`evaluators/data/punkt/english.json`). Text positions
//! are counted in characters, as Python counts them.

use crate::python::{decimal_value, is_space, is_word_char, strip};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};

/// The English model, as vendored.
const ENGLISH: &str = include_str!("../../data/punkt/english.json");

/// Orthographic context flags (where a word type was seen, with which case).
const BEG_UC: u32 = 1 << 1;
const MID_UC: u32 = 1 << 2;
const UNK_UC: u32 = 1 << 3;
const BEG_LC: u32 = 1 << 4;
const MID_LC: u32 = 1 << 5;
const UNK_LC: u32 = 1 << 6;
const ORTHO_UC: u32 = BEG_UC | MID_UC | UNK_UC;
const ORTHO_LC: u32 = BEG_LC | MID_LC | UNK_LC;

/// The type of every number token.
const NUMBER_TYPE: &str = "##number##";

/// Characters that cannot appear within words (`_re_non_word_chars`).
fn is_non_word(c: char) -> bool {
    matches!(
        c,
        ')' | '"' | ';' | '}' | ']' | '*' | ':' | '@' | '\'' | '(' | '{' | '[' | '!' | '?'
    )
}

/// Characters that cannot start a word token (`_re_word_start` excludes them).
fn cannot_start_word(c: char) -> bool {
    matches!(
        c,
        '(' | '"'
            | '`'
            | '{'
            | '['
            | ':'
            | ';'
            | '&'
            | '#'
            | '*'
            | '@'
            | ')'
            | '}'
            | ']'
            | '-'
            | ','
    )
}

fn is_sentence_end(c: char) -> bool {
    matches!(c, '.' | '?' | '!')
}

/// Python's `string.whitespace` (ASCII only), used to find the word before a mark.
fn is_ascii_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{b}' | '\u{c}')
}

/// Punkt's learned parameters.
#[derive(Debug, Deserialize)]
pub(super) struct Model {
    abbrev_types: HashSet<String>,
    collocations: HashSet<(String, String)>,
    sent_starters: HashSet<String>,
    ortho_context: HashMap<String, u32>,
}

impl Model {
    /// The English model; `None` only if the vendored data is corrupt (a test checks it).
    pub(super) fn english() -> Option<Model> {
        serde_json::from_str(ENGLISH).ok()
    }

    fn ortho(&self, word_type: &str) -> u32 {
        self.ortho_context.get(word_type).copied().unwrap_or(0)
    }

    /// Splits `text` into sentences, as `PunktSentenceTokenizer.tokenize` does.
    pub(super) fn sentences(&self, text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        realign_boundaries(&chars, self.slices(&chars))
            .into_iter()
            .map(|(start, end)| chars[start..end].iter().collect())
            .collect()
    }

    /// Sentence slices before realignment (`_slices_from_text`).
    fn slices(&self, chars: &[char]) -> Vec<(usize, usize)> {
        let mut slices = Vec::new();
        let mut last_break = 0;
        for (mark, context) in end_contexts(chars) {
            if self.contains_sentence_break(&context) {
                slices.push((last_break, mark.position + 1));
                last_break = mark.next_token.unwrap_or(mark.position + 1);
            }
        }
        let trimmed_length = strip_end_length(chars);
        slices.push((last_break, trimmed_length));
        slices
    }

    /// `text_contains_sentbreak`: a token marked as a break that is not the last token.
    fn contains_sentence_break(&self, context: &str) -> bool {
        let mut tokens = tokenize_words(context);
        for token in &mut tokens {
            self.first_pass(token);
        }
        for index in 0..tokens.len() {
            if index + 1 < tokens.len() {
                let (left, right) = tokens.split_at_mut(index + 1);
                self.second_pass(&mut left[index], &right[0]);
            }
            if tokens[index].sentence_break && index + 1 < tokens.len() {
                return true;
            }
        }
        false
    }

    /// Annotation by word type alone.
    fn first_pass(&self, token: &mut Token) {
        let text = &token.text;
        if text.chars().count() == 1 && text.chars().all(is_sentence_end) {
            token.sentence_break = true;
        } else if token.is_ellipsis() {
            token.ellipsis = true;
        } else if token.period_final && !text.ends_with("..") {
            let stem = text[..text.len() - 1].to_lowercase();
            let last_part = stem.rsplit('-').next().unwrap_or(&stem);
            if self.abbrev_types.contains(&stem) || self.abbrev_types.contains(last_part) {
                token.abbreviation = true;
            } else {
                token.sentence_break = true;
            }
        }
    }

    /// Annotation of `token` by the token after it.
    fn second_pass(&self, token: &mut Token, next: &Token) {
        if !token.period_final {
            return;
        }
        let word_type = token.type_no_period();
        let next_type = next.type_no_sentence_period();
        let is_initial = token.is_initial();
        if self
            .collocations
            .contains(&(word_type.to_owned(), next_type.to_owned()))
        {
            token.sentence_break = false;
            token.abbreviation = true;
            return;
        }
        if (token.abbreviation || token.ellipsis) && !is_initial {
            if self.orthographic_heuristic(next) == Some(true) {
                token.sentence_break = true;
                return;
            }
            if next.first_upper() && self.sent_starters.contains(next_type) {
                token.sentence_break = true;
                return;
            }
        }
        if is_initial || word_type == NUMBER_TYPE {
            let starts_sentence = self.orthographic_heuristic(next);
            if starts_sentence == Some(false) {
                token.sentence_break = false;
                token.abbreviation = true;
                return;
            }
            if starts_sentence.is_none()
                && is_initial
                && next.first_upper()
                && self.ortho(next_type) & ORTHO_LC == 0
            {
                token.sentence_break = false;
                token.abbreviation = true;
            }
        }
    }

    /// Whether `token` starts a sentence, judged by the cases its type was seen in;
    /// `None` when unsure.
    fn orthographic_heuristic(&self, token: &Token) -> Option<bool> {
        if matches!(token.text.as_str(), ";" | ":" | "," | "." | "!" | "?") {
            return Some(false);
        }
        let context = self.ortho(token.type_no_sentence_period());
        if token.first_upper() && context & ORTHO_LC != 0 && context & MID_UC == 0 {
            return Some(true);
        }
        if token.first_lower() && (context & ORTHO_UC != 0 || context & BEG_LC == 0) {
            return Some(false);
        }
        None
    }
}

/// A token of a context with its annotations.
#[derive(Debug)]
struct Token {
    text: String,
    /// Lower-cased, with numbers replaced by `##number##`.
    word_type: String,
    period_final: bool,
    sentence_break: bool,
    abbreviation: bool,
    ellipsis: bool,
}

impl Token {
    fn new(text: &str) -> Token {
        let lower = text.to_lowercase();
        let word_type = if is_numeric(&lower) {
            NUMBER_TYPE.to_owned()
        } else {
            lower
        };
        Token {
            text: text.to_owned(),
            word_type,
            period_final: text.ends_with('.'),
            sentence_break: false,
            abbreviation: false,
            ellipsis: false,
        }
    }

    fn type_no_period(&self) -> &str {
        match self.word_type.strip_suffix('.') {
            Some(stem) if self.word_type.chars().count() > 1 => stem,
            _ => &self.word_type,
        }
    }

    fn type_no_sentence_period(&self) -> &str {
        if self.sentence_break {
            self.type_no_period()
        } else {
            &self.word_type
        }
    }

    fn first_upper(&self) -> bool {
        self.text.chars().next().is_some_and(char::is_uppercase)
    }

    fn first_lower(&self) -> bool {
        self.text.chars().next().is_some_and(char::is_lowercase)
    }

    /// `\.\.+$`: two or more periods and nothing else.
    fn is_ellipsis(&self) -> bool {
        self.text.len() >= 2 && self.text.chars().all(|c| c == '.')
    }

    /// `[^\W\d]\.$`: one non-digit word character and a period.
    fn is_initial(&self) -> bool {
        let mut chars = self.text.chars();
        matches!(
            (chars.next(), chars.next(), chars.next()),
            (Some(c), Some('.'), None) if is_word_char(c) && !is_decimal(c)
        )
    }
}

/// Python's `\d` (Unicode `Nd`).
fn is_decimal(c: char) -> bool {
    decimal_value(c).is_some()
}

/// `^-?[\.,]?\d[\d,\.-]*\.?$`: a number token.
fn is_numeric(text: &str) -> bool {
    let mut rest = text.strip_prefix('-').unwrap_or(text);
    rest = rest.strip_prefix(['.', ',']).unwrap_or(rest);
    let mut chars = rest.chars();
    chars.next().is_some_and(is_decimal)
        && chars.all(|c| is_decimal(c) || matches!(c, ',' | '.' | '-'))
}

/// A potential sentence end: a mark and where the following token starts, if whitespace
/// separates them.
struct Mark {
    position: usize,
    next_token: Option<usize>,
    /// End of what follows the mark (a non-word character, or whitespace and a token).
    after_end: usize,
}

/// Every `.`, `?`, `!` followed by a non-word character or by whitespace and a token
/// (`period_context_re`), with its context: the word before it, the mark and what follows.
/// A mark whose word overlaps the previous mark's context replaces it
/// (`_match_potential_end_contexts`).
fn end_contexts(chars: &[char]) -> Vec<(Mark, String)> {
    let mut contexts = Vec::new();
    let mut previous: Option<(Mark, (usize, usize))> = None;
    let mut previous_slice = (0, 0);
    for position in 0..chars.len() {
        let Some(mark) = mark_at(chars, position) else {
            continue;
        };
        let before = &chars[previous_slice.1..position];
        let last_space = before.iter().rposition(|c| is_ascii_space(*c)).unwrap_or(0);
        let word_start = if last_space > 0 {
            previous_slice.1 + last_space + 1
        } else {
            previous_slice.0
        };
        let word = (word_start, position);
        if let Some((previous_mark, slice)) = previous.take()
            && slice.1 <= word.0
        {
            let context = context_text(chars, &previous_mark, slice);
            contexts.push((previous_mark, context));
        }
        previous = Some((mark, word));
        previous_slice = word;
    }
    if let Some((mark, slice)) = previous {
        let context = context_text(chars, &mark, slice);
        contexts.push((mark, context));
    }
    contexts
}

fn context_text(chars: &[char], mark: &Mark, word: (usize, usize)) -> String {
    chars[word.0..word.1]
        .iter()
        .chain(&chars[mark.position..mark.after_end])
        .collect()
}

fn mark_at(chars: &[char], position: usize) -> Option<Mark> {
    if !is_sentence_end(chars[position]) {
        return None;
    }
    let after = position + 1;
    match chars.get(after) {
        Some(c) if is_non_word(*c) => Some(Mark {
            position,
            next_token: None,
            after_end: after + 1,
        }),
        Some(c) if is_space(*c) => {
            let token_start = after + chars[after..].iter().take_while(|c| is_space(**c)).count();
            let token_length = chars[token_start..]
                .iter()
                .take_while(|c| !is_space(**c))
                .count();
            (token_length > 0).then_some(Mark {
                position,
                next_token: Some(token_start),
                after_end: token_start + token_length,
            })
        }
        _ => None,
    }
}

/// The length of `chars` without trailing whitespace (`len(text.rstrip())`).
fn strip_end_length(chars: &[char]) -> usize {
    chars.len() - chars.iter().rev().take_while(|c| is_space(**c)).count()
}

/// Moves closing punctuation after a break back into the sentence it closes
/// (`_realign_boundaries`), and drops empty sentences.
fn realign_boundaries(chars: &[char], slices: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut sentences = Vec::new();
    let mut realign = 0;
    for (index, &(start, end)) in slices.iter().enumerate() {
        let start = start + realign;
        let Some(&(next_start, next_end)) = slices.get(index + 1) else {
            if start < end {
                sentences.push((start, end));
            }
            continue;
        };
        let next = &chars[next_start..next_end.max(next_start)];
        if let Some(matched) = boundary_realignment(next) {
            let kept = matched
                - next[..matched]
                    .iter()
                    .rev()
                    .take_while(|c| is_space(**c))
                    .count();
            sentences.push((start, next_start + kept));
            realign = matched;
        } else {
            realign = 0;
            if start < end {
                sentences.push((start, end));
            }
        }
    }
    sentences
}

/// `["\')\]}]+?(?:\s+|(?=--)|$)` matched at the start of `text` (multi-line `$`): the length
/// of the match.
fn boundary_realignment(text: &[char]) -> Option<usize> {
    let closing = text
        .iter()
        .take_while(|c| matches!(c, '"' | '\'' | ')' | ']' | '}'))
        .count();
    (1..=closing).find_map(|length| {
        let rest = &text[length..];
        let spaces = rest.iter().take_while(|c| is_space(**c)).count();
        if spaces > 0 {
            Some(length + spaces)
        } else if rest.starts_with(&['-', '-']) || rest.is_empty() || rest[0] == '\n' {
            Some(length)
        } else {
            None
        }
    })
}

/// Punkt's word tokens of a context, line by line (`_tokenize_words`).
fn tokenize_words(text: &str) -> Vec<Token> {
    text.split('\n')
        .filter(|line| !strip(line).is_empty())
        .flat_map(|line| line_tokens(&line.chars().collect::<Vec<_>>()))
        .map(|token| Token::new(&token))
        .collect()
}

/// `PunktLanguageVars.word_tokenize` of one line: multi-character punctuation, words up to
/// whitespace, punctuation or a word-final comma, or single non-space characters.
fn line_tokens(chars: &[char]) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut position = 0;
    while position < chars.len() {
        if let Some(length) = multi_char_punctuation(&chars[position..]) {
            tokens.push(chars[position..position + length].iter().collect());
            position += length;
            continue;
        }
        let c = chars[position];
        if is_space(c) {
            position += 1;
            continue;
        }
        let end = if cannot_start_word(c) {
            position + 1
        } else {
            (position + 1..=chars.len())
                .find(|&end| word_ends_at(chars, end))
                .unwrap_or(chars.len())
        };
        tokens.push(chars[position..end].iter().collect());
        position = end;
    }
    tokens
}

/// Whether a word may end before `position`: end of line, whitespace, a non-word character,
/// multi-character punctuation, or a comma at the end of a word.
fn word_ends_at(chars: &[char], position: usize) -> bool {
    let Some(&c) = chars.get(position) else {
        return true;
    };
    if is_space(c) || is_non_word(c) || multi_char_punctuation(&chars[position..]).is_some() {
        return true;
    }
    c == ',' && {
        let after = &chars[position + 1..];
        after
            .first()
            .is_none_or(|next| is_space(*next) || is_non_word(*next))
            || multi_char_punctuation(after).is_some()
    }
}

/// `(?:\-{2,}|\.{2,}|(?:\.\s){2,}\.)` at the start of `chars`: its length.
fn multi_char_punctuation(chars: &[char]) -> Option<usize> {
    for repeated in ['-', '.'] {
        let run = chars.iter().take_while(|c| **c == repeated).count();
        if run >= 2 {
            return Some(run);
        }
    }
    let pairs = chars
        .chunks(2)
        .take_while(|pair| pair.len() == 2 && pair[0] == '.' && is_space(pair[1]))
        .count();
    (2..=pairs)
        .rev()
        .find(|&count| chars.get(count * 2) == Some(&'.'))
        .map(|count| count * 2 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english() -> Model {
        Model::english().expect("vendored Punkt data parses")
    }

    #[test]
    fn the_vendored_model_is_complete() {
        let model = english();
        assert_eq!(model.abbrev_types.len(), 156);
        assert_eq!(model.collocations.len(), 37);
        assert_eq!(model.sent_starters.len(), 39);
        assert_eq!(model.ortho_context.len(), 20366);
        assert!(model.abbrev_types.contains("ok"));
        assert!(!model.abbrev_types.contains("no"));
    }

    #[test]
    fn splits_where_the_model_says() {
        let model = english();
        assert_eq!(model.sentences("it is ok. we ship"), ["it is ok. we ship"]);
        assert_eq!(
            model.sentences("item no. 5 is sold"),
            ["item no.", "5 is sold"]
        );
        assert_eq!(
            model.sentences("aisle 12. then left"),
            ["aisle 12. then left"]
        );
        assert_eq!(
            model.sentences("it costs $5. then"),
            ["it costs $5.", "then"]
        );
        assert_eq!(model.sentences("(Sent1.) Sent2."), ["(Sent1.)", "Sent2."]);
        assert_eq!(model.sentences("  end.  "), ["  end."]);
        assert!(model.sentences("   ").is_empty());
    }

    #[test]
    fn word_tokens_of_a_line() {
        assert_eq!(
            line_tokens(&"a, b... c--d".chars().collect::<Vec<_>>()),
            ["a", ",", "b", "...", "c", "--", "d"]
        );
        assert_eq!(
            line_tokens(&"x. . . y".chars().collect::<Vec<_>>()),
            ["x", ". . .", "y"]
        );
        assert_eq!(
            line_tokens(&"1,000,".chars().collect::<Vec<_>>()),
            ["1,000", ","]
        );
    }
}
