//! The Treebank half of the NLTK port agrees with NLTK on the cases written by
//! `scripts/nltk_reference.py`.

use evaluators::tokenize::treebank_tokens;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    text: String,
    tokens: Vec<String>,
}

#[test]
fn agrees_with_nltk_treebank_tokenizer() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/tokenize/treebank.json"
    );
    let cases: Vec<Case> = serde_json::from_str(
        &std::fs::read_to_string(path)
            .expect("fixture missing: run python3 scripts/nltk_reference.py"),
    )
    .expect("fixture is JSON");
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
