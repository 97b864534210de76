//! NLTK 3.8.1's `word_tokenize`, which VWA's `must_include` and `must_exclude` rely on.
//!
//! NLTK first splits text into sentences with the English Punkt model ([`sentences`]), then
//! applies the Treebank rules to each sentence ([`treebank_tokens`]). A period is split off
//! a word only at the end of a sentence, which is why `"0."` stays one token in
//! `"…: 0. method"` (visualwebarena#84) while `"no."` ends a sentence. Both halves are
//! checked against NLTK itself by the fixtures `scripts/nltk_reference.py` writes.

mod punkt;
mod treebank;

use std::sync::LazyLock;

/// The English Punkt model (`None` only if the vendored data is corrupt; a test checks it).
static PUNKT: LazyLock<Option<punkt::Model>> = LazyLock::new(punkt::Model::english);
static TREEBANK: LazyLock<treebank::Treebank> = LazyLock::new(treebank::Treebank::new);

/// NLTK's `sent_tokenize` with the English model.
pub fn sentences(text: &str) -> Vec<String> {
    match PUNKT.as_ref() {
        Some(model) => model.sentences(text),
        None => vec![text.to_owned()],
    }
}

/// NLTK's `NLTKWordTokenizer.tokenize`: the Treebank rules on one sentence.
pub fn treebank_tokens(sentence: &str) -> Vec<String> {
    TREEBANK.tokenize(sentence)
}

/// NLTK's `word_tokenize`: sentences, then the Treebank tokens of each.
pub fn word_tokenize(text: &str) -> Vec<String> {
    sentences(text)
        .iter()
        .flat_map(|sentence| treebank_tokens(sentence))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_punkt_model_loads() {
        assert!(PUNKT.is_some());
    }

    #[test]
    fn splits_like_nltk_on_common_text() {
        assert_eq!(word_tokenize("000000170"), ["000000170"]);
        assert_eq!(
            word_tokenize("the answer is: 0. method"),
            ["the", "answer", "is", ":", "0.", "method"]
        );
        assert_eq!(
            word_tokenize("item no. 5 is sold"),
            ["item", "no", ".", "5", "is", "sold"]
        );
        assert_eq!(
            word_tokenize("it is ok. we ship"),
            ["it", "is", "ok.", "we", "ship"]
        );
        assert_eq!(
            word_tokenize("dr. smith arrived. he sat"),
            ["dr.", "smith", "arrived", ".", "he", "sat"]
        );
        assert_eq!(word_tokenize("wait... what?"), ["wait", "...", "what", "?"]);
        assert!(word_tokenize("").is_empty());
    }
}
