//! Figures of a body of seeded text (every comment, every review title, every description):
//! how varied its sentences are and how many words it uses. Seed reports print them and seed
//! tests hold them to targets.
//!
//! A sentence is a stretch ending in `.`, `!` or `?` before a space, or a line; it is compared
//! lower-cased, with surrounding punctuation, quotes and Markdown marks taken off. A word is a
//! run of letters with inner apostrophes, lower-cased.

use std::collections::{HashMap, HashSet};
use std::fmt;

/// The sentences of `text`, each in the form sentences are compared in.
pub fn sentences(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            if rest.is_empty() {
                return None;
            }
            let end = sentence_end(rest);
            let (sentence, after) = rest.split_at(end);
            rest = after;
            let normal = normal_form(sentence);
            if !normal.is_empty() {
                return Some(normal);
            }
        }
    })
}

/// Where the first sentence of `text` ends (just past its closing mark or line).
fn sentence_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'\n' => return index + 1,
            b'.' | b'!' | b'?' => {
                let mut end = index + 1;
                while end < bytes.len() && matches!(bytes[end], b'.' | b'!' | b'?' | b'"' | b')') {
                    end += 1;
                }
                if end == bytes.len() || bytes[end].is_ascii_whitespace() {
                    return end;
                }
                index = end;
                continue;
            }
            _ => {}
        }
        index += 1;
    }
    bytes.len()
}

/// A sentence lower-cased, its words single-spaced, punctuation, quotes and Markdown marks
/// off both ends.
pub fn normal_form(sentence: &str) -> String {
    let trimmed = sentence.trim_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '.' | '!' | '?' | ',' | ';' | ':' | '"' | '*' | '-' | '>' | '(' | ')' | '_' | '#'
            )
    });
    let mut out = String::with_capacity(trimmed.len());
    for word in trimmed.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

/// The words of `text`, lower-cased.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphabetic() || c == '\''))
        .map(|word| word.trim_matches('\''))
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
}

/// The distinct words of the texts added.
#[derive(Debug, Default, Clone)]
pub struct Vocabulary {
    words: HashSet<Box<str>>,
}

impl Vocabulary {
    /// An empty vocabulary.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the words of `text`.
    pub fn add(&mut self, text: &str) {
        for word in words(text) {
            if !self.words.contains(word.as_str()) {
                self.words.insert(word.into_boxed_str());
            }
        }
    }

    /// How many distinct words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether no word was added.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

#[derive(Debug, Clone, Copy)]
struct Seen {
    /// Texts holding the sentence.
    texts: u32,
    /// The last text counted.
    last: u32,
}

/// A body of texts (comments, titles, descriptions) in order, for [`Figures`].
#[derive(Debug, Default)]
pub struct Corpus {
    ids: HashMap<Box<str>, u32>,
    seen: Vec<Seen>,
    /// Sentence ids of every text, back to back.
    sentences: Vec<u32>,
    /// Where each text's sentences end in `sentences`.
    ends: Vec<u32>,
    vocabulary: Vocabulary,
}

impl Corpus {
    /// An empty corpus.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the next text.
    pub fn add(&mut self, text: &str) {
        let text_index = self.ends.len() as u32;
        for sentence in sentences(text) {
            let id = match self.ids.get(sentence.as_str()) {
                Some(id) => *id,
                None => {
                    let id = self.seen.len() as u32;
                    self.seen.push(Seen {
                        texts: 0,
                        last: u32::MAX,
                    });
                    self.ids.insert(sentence.into_boxed_str(), id);
                    id
                }
            };
            let seen = &mut self.seen[id as usize];
            if seen.last != text_index {
                seen.texts += 1;
                seen.last = text_index;
            }
            self.sentences.push(id);
        }
        self.ends.push(self.sentences.len() as u32);
        self.vocabulary.add(text);
    }

    /// Texts added.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no text was added.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The figures of the texts so far, the distinct share taken over every run of `window`
    /// consecutive texts (all of them when there are fewer).
    pub fn figures(&self, window: usize) -> Figures {
        let window = window.clamp(1, self.ends.len().max(1));
        let mut stamp = vec![u32::MAX; self.seen.len()];
        let mut worst = 1.0f64;
        let mut start = 0;
        let mut run = 0u32;
        while start < self.ends.len() {
            let end = (start + window).min(self.ends.len());
            if end - start < window && start > 0 {
                break;
            }
            let from = if start == 0 {
                0
            } else {
                self.ends[start - 1] as usize
            };
            let to = self.ends[end - 1] as usize;
            let mut distinct = 0usize;
            for &id in &self.sentences[from..to] {
                if stamp[id as usize] != run {
                    stamp[id as usize] = run;
                    distinct += 1;
                }
            }
            if to > from {
                worst = worst.min(distinct as f64 / (to - from) as f64);
            }
            run += 1;
            start = end;
        }
        let most_shared = self
            .seen
            .iter()
            .enumerate()
            .max_by_key(|(id, seen)| (seen.texts, std::cmp::Reverse(*id)))
            .and_then(|(id, seen)| {
                let sentence = self.ids.iter().find(|(_, known)| **known == id as u32)?.0;
                Some((sentence.to_string(), seen.texts as usize))
            });
        Figures {
            texts: self.ends.len(),
            sentences: self.sentences.len(),
            distinct_sentences: self.seen.len(),
            window,
            distinct_share: worst,
            most_shared,
            vocabulary: self.vocabulary.len(),
        }
    }
}

/// How varied a corpus is.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Texts.
    pub texts: usize,
    /// Sentences in all of them.
    pub sentences: usize,
    /// Distinct sentences in all of them.
    pub distinct_sentences: usize,
    /// The run of texts the distinct share is taken over.
    pub window: usize,
    /// The lowest share of distinct sentences among the sentences of any run of `window`
    /// consecutive texts.
    pub distinct_share: f64,
    /// The sentence found in the most texts, and in how many.
    pub most_shared: Option<(String, usize)>,
    /// Distinct words.
    pub vocabulary: usize,
}

impl Figures {
    /// The share of texts holding the most shared sentence.
    pub fn most_shared_share(&self) -> f64 {
        self.most_shared
            .as_ref()
            .map_or(0.0, |(_, texts)| *texts as f64 / self.texts.max(1) as f64)
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{:.1} % of sentences distinct in every {} ({} distinct of {}), the commonest in {:.3} % of them, {} words",
            100.0 * self.distinct_share,
            crate::money::group_digits(self.window as u64),
            crate::money::group_digits(self.distinct_sentences as u64),
            crate::money::group_digits(self.sentences as u64),
            100.0 * self.most_shared_share(),
            crate::money::group_digits(self.vocabulary as u64),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_at_marks_and_lines_and_compare_loosely() {
        let found: Vec<String> =
            sentences("Great pic!! Where was this taken?\n\n**Edit:** thanks, all. v2.0 rocks")
                .collect();
        assert_eq!(
            found,
            [
                "great pic",
                "where was this taken",
                "edit:** thanks, all",
                "v2.0 rocks"
            ]
        );
        assert_eq!(normal_form("  \"Same  here.\" "), "same here");
    }

    #[test]
    fn figures_count_distinct_sentences_per_window_and_the_most_shared() {
        let mut corpus = Corpus::new();
        for index in 0..10 {
            corpus.add(&format!("Nice one. Number {index} is here."));
        }
        corpus.add("nice one!");
        let figures = corpus.figures(5);
        assert_eq!(figures.texts, 11);
        assert_eq!(figures.sentences, 21);
        assert_eq!(figures.distinct_sentences, 11);
        assert_eq!(figures.most_shared, Some(("nice one".to_owned(), 11)));
        assert!((figures.distinct_share - 0.6).abs() < 1e-9, "{figures:?}");
        assert!(figures.vocabulary >= 5);
        assert!(
            figures
                .to_string()
                .contains("60.0 % of sentences distinct in every 5")
        );
    }
}
