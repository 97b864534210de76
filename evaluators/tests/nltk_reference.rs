//! The NLTK port agrees with NLTK 3.8.1 on every case `scripts/nltk_reference.py` wrote:
//! the Treebank tokenizer alone, and the whole `word_tokenize` (Punkt sentences included).

use evaluators::tokenize::{sentences, treebank_tokens, word_tokenize};
use serde::Deserialize;

#[derive(Deserialize)]
struct TreebankCase {
    text: String,
    tokens: Vec<String>,
}

#[derive(Deserialize)]
struct WholeCase {
    text: String,
    sentences: Vec<String>,
    tokens: Vec<String>,
}

fn fixture<T: serde::de::DeserializeOwned>(name: &str) -> Vec<T> {
    let path = format!(
        "{}/tests/fixtures/tokenize/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}; run python3 scripts/nltk_reference.py"));
    serde_json::from_str(&text).expect("fixture is JSON")
}

#[test]
fn agrees_with_nltk_treebank_tokenizer() {
    let cases: Vec<TreebankCase> = fixture("treebank.json");
    assert!(cases.len() >= 50);
    let mismatches: Vec<String> = cases
        .iter()
        .filter(|case| treebank_tokens(&case.text) != case.tokens)
        .map(|case| {
            format!(
                "{:?}: ours {:?}, nltk {:?}",
                case.text,
                treebank_tokens(&case.text),
                case.tokens
            )
        })
        .collect();
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn agrees_with_nltk_sentences_and_word_tokenize() {
    let cases: Vec<WholeCase> = fixture("word_tokenize.json");
    assert!(cases.len() >= 250);
    let mismatches: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let ours = sentences(&case.text);
            let tokens = word_tokenize(&case.text);
            (ours != case.sentences || tokens != case.tokens).then(|| {
                format!(
                    "{:?}:\n  sentences ours {ours:?}\n            nltk {:?}\n  tokens ours {tokens:?}\n         nltk {:?}",
                    case.text, case.sentences, case.tokens
                )
            })
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} of {} disagree:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches.join("\n")
    );
}
