//! A port of the behaviour of NLTK's `word_tokenize`, which VWA's `must_include` relies on.
//!
//! NLTK first splits text into sentences with the Punkt model, then applies the Treebank
//! rules to each sentence. A period is split off a word only at the end of a sentence, which
//! is why `"0."` stays one token in `"…: 0. method"` (visualwebarena#84). Punkt's learned
//! statistics are approximated: a word ending in `.`, `?` or `!` ends a sentence unless it is
//! a number, a single-letter initial or a common abbreviation.

use regex::{Captures, Regex};
use std::sync::LazyLock;

/// Abbreviations after which a period does not end a sentence (Punkt's common ones).
const ABBREVIATIONS: [&str; 24] = [
    "mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g", "i.e", "jr", "sr", "inc", "ltd",
    "co", "corp", "no", "jan", "feb", "aug", "sept", "oct", "nov", "dec",
];

/// One rewrite rule of the Treebank tokenizer.
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

static STARTING_QUOTES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    rules(&[
        (r"([«“‘„]|[`]+)", " $1 "),
        (r#"^""#, "``"),
        (r"(``)", " $1 "),
        (r#"([ (\[{<])("|'{2})"#, "$1 `` "),
    ])
});

/// `(?i)(\')(?!re|ve|ll|m|t|s|d|n)(\w)\b`: a quote before a one-letter word that is not a
/// contraction; the look-ahead is applied in code because `regex` has none.
static QUOTE_BEFORE_LETTER: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"(')(\w)\b").ok());

static PUNCTUATION: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    rules(&[
        (r#"([^.])(\.)([\])}>"']*)\s*$"#, "$1 $2 $3 "),
        (r"([:,])([^\d])", " $1 $2"),
        (r"([:,])$", " $1 "),
        (r"\.{2,}", " $0 "),
        (r"[;@#$%&]", " $0 "),
        (r#"([^.])(\.)([\])}>"']*)\s*$"#, "$1 $2 $3 "),
        (r"[?!]", " $0 "),
        (r"([^'])' ", "$1 ' "),
        (r"[*]", " $0 "),
        (r"[\]\[(){}<>]", " $0 "),
        (r"--", " -- "),
    ])
});

static ENDING_QUOTES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    rules(&[
        (r"([»”’])", " $1 "),
        (r#"""#, " '' "),
        (r"(\S)('')", "$1 $2 "),
        (r"([^' ])('[sS]|'[mM]|'[dD]|') ", "$1 $2 "),
        (r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", "$1 $2 "),
        (r"(?i)\b(can)(not)\b", " $1 $2 "),
        (r"(?i)\b(d)('ye)\b", " $1 $2 "),
        (r"(?i)\b(gim)(me)\b", " $1 $2 "),
        (r"(?i)\b(gon)(na)\b", " $1 $2 "),
        (r"(?i)\b(got)(ta)\b", " $1 $2 "),
        (r"(?i)\b(lem)(me)\b", " $1 $2 "),
        (r"(?i)\b(more)('n)\b", " $1 $2 "),
        (r"(?i)\b(wan)(na)(\s)", " $1 $2$3"),
        (r"(?i) ('t)(is)\b", " $1 $2 "),
        (r"(?i) ('t)(was)\b", " $1 $2 "),
    ])
});

fn apply(rules: &[Rule], text: String) -> String {
    rules.iter().fold(text, |text, rule| {
        rule.pattern
            .replace_all(&text, rule.replacement)
            .into_owned()
    })
}

/// Splits text into sentences the way Punkt does for the cases evaluators meet.
pub fn sentences(text: &str) -> Vec<String> {
    let mut sentences = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for word in text.split_whitespace() {
        current.push(word);
        if ends_sentence(word) {
            sentences.push(current.join(" "));
            current.clear();
        }
    }
    if !current.is_empty() {
        sentences.push(current.join(" "));
    }
    sentences
}

fn ends_sentence(word: &str) -> bool {
    let core = word.trim_end_matches(['"', '\'', ')', ']', '}', '»', '”', '’']);
    if core.ends_with(['?', '!']) {
        return true;
    }
    let Some(stem) = core.strip_suffix('.') else {
        return false;
    };
    let stem = stem.trim_start_matches(['(', '[', '{', '"', '\'', '«', '“', '‘']);
    let lower = stem.to_lowercase();
    let is_number = !stem.is_empty()
        && stem.chars().any(|c| c.is_ascii_digit())
        && stem
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | '-' | '$' | '%'));
    let is_initial = stem.chars().count() == 1 && stem.chars().all(char::is_alphabetic);
    let is_ellipsis = stem.ends_with('.');
    !(stem.is_empty()
        || is_number
        || is_initial
        || is_ellipsis
        || ABBREVIATIONS.contains(&lower.as_str()))
}

/// Tokenizes one sentence with the Treebank rules (NLTK's `NLTKWordTokenizer`).
pub fn treebank_tokens(sentence: &str) -> Vec<String> {
    let mut text = apply(&STARTING_QUOTES, sentence.to_owned());
    if let Some(quote_rule) = QUOTE_BEFORE_LETTER.as_ref() {
        text = quote_rule
            .replace_all(&text, |captures: &Captures<'_>| {
                let letter = &captures[2];
                if ["m", "t", "s", "d", "n"].contains(&letter.to_lowercase().as_str()) {
                    captures[0].to_owned()
                } else {
                    format!("{} {}", &captures[1], letter)
                }
            })
            .into_owned();
    }
    let text = apply(&PUNCTUATION, text);
    let text = apply(&ENDING_QUOTES, format!(" {text} "));
    text.split_whitespace().map(str::to_owned).collect()
}

/// NLTK's `word_tokenize`: sentences, then Treebank tokens of each.
pub fn word_tokenize(text: &str) -> Vec<String> {
    sentences(text)
        .iter()
        .flat_map(|sentence| treebank_tokens(sentence))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        word_tokenize(text)
    }

    #[test]
    fn every_rule_compiles() {
        assert_eq!(STARTING_QUOTES.len(), 4);
        assert_eq!(PUNCTUATION.len(), 11);
        assert_eq!(ENDING_QUOTES.len(), 15);
        assert!(QUOTE_BEFORE_LETTER.is_some());
    }

    #[test]
    fn splits_like_nltk_on_common_text() {
        assert_eq!(tokens("000000170"), ["000000170"]);
        assert_eq!(tokens("$250"), ["$", "250"]);
        assert_eq!(
            tokens("the answer is: 0. method"),
            ["the", "answer", "is", ":", "0.", "method"]
        );
        assert_eq!(
            tokens("it costs 12,000 dollars."),
            ["it", "costs", "12,000", "dollars", "."]
        );
        assert_eq!(
            tokens("hello, world! bye."),
            ["hello", ",", "world", "!", "bye", "."]
        );
        assert_eq!(tokens("i can't do it"), ["i", "ca", "n't", "do", "it"]);
        assert_eq!(tokens("cannot"), ["can", "not"]);
        assert_eq!(
            tokens("(red) \"blue\""),
            ["(", "red", ")", "``", "blue", "''"]
        );
        assert_eq!(
            tokens("dr. smith arrived. he sat"),
            ["dr.", "smith", "arrived", ".", "he", "sat"]
        );
        assert_eq!(tokens("a--b; c"), ["a", "--", "b", ";", "c"]);
        assert_eq!(tokens("wait... what?"), ["wait", "...", "what", "?"]);
        assert_eq!(tokens("john's bike"), ["john", "'s", "bike"]);
        assert!(tokens("").is_empty());
    }
}
