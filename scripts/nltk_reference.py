#!/usr/bin/env python3
"""Write reference tokenizations of NLTK's Treebank word tokenizer (the per-sentence half of
`nltk.word_tokenize`) for the Rust port in evaluators/src/tokenize.rs.

VWA pins nltk==3.8.1, whose rules differ from later releases; the script refuses others.

Usage: python3 scripts/nltk_reference.py  (needs: pip install nltk==3.8.1; no NLTK data)
Writes evaluators/tests/fixtures/tokenize/treebank.json.
"""

import json
from pathlib import Path

import nltk
from nltk.tokenize import NLTKWordTokenizer

OUT = Path(__file__).resolve().parent.parent / "evaluators" / "tests" / "fixtures" / "tokenize" / "treebank.json"

SENTENCES = [
    "000000170",
    "the order number is 000000170.",
    "the answer is: 0. method: count",
    "$250",
    "it costs $1,299.50 (before tax).",
    "i can't do it, and i won't.",
    "\"hello\" she said.",
    "'quoted answer'",
    "wait... what?",
    "a--b; c",
    "it's 12,000 dollars!",
    "'x' marks the spot",
    "john's bike isn't red; it's blue.",
    "email: blake.sullivan@gmail.com",
    "visit http://127.0.0.1:9980/index.php?page=item&id=5 now",
    "50% off #deals & more",
    "red, white, and blue",
    "the date is 1985/04/18",
    "3:45 pm",
    "they'll go, we'd stay, you're here, i'm there",
    "gonna wanna gotta gimme lemme",
    "cannot d'ye more'n",
    "[brackets] {braces} <angles>",
    "price: 12.5",
    "n/a",
    "n/a.",
    "yes",
    "the first one.",
    "mr. smith",
    "u.s.a. is big",
    "rock 'n' roll",
    "he said ''hi'' to me",
    "`backtick` quote",
    "«french» “curly” ‘single’",
    "a * b",
    "ratings: 4.5 stars, 120 reviews",
    "<div class=\"price\">$24.99</div>",
    "wwwwwwwwwwwww all the way",
    "1.5-inch screen",
    "hello world.  ",
]


def main() -> None:
    if nltk.__version__ != "3.8.1":
        raise SystemExit(f"nltk {nltk.__version__} found; VWA uses 3.8.1: pip install nltk==3.8.1")
    tokenizer = NLTKWordTokenizer()
    cases = [{"text": text, "tokens": tokenizer.tokenize(text)} for text in SENTENCES]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
