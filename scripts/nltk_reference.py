#!/usr/bin/env python3
"""Write reference tokenizations of NLTK 3.8.1 for the Rust port in evaluators/src/tokenize/.

`nltk.word_tokenize` (what VWA's `must_include` uses) = Punkt sentence splitting with the
English model, then NLTK's Treebank word tokenizer on each sentence. The English Punkt
parameters are read from the repository's own data file (evaluators/data/punkt/english.json,
written by scripts/punkt_data.py), so no NLTK data download is needed.

VWA pins nltk==3.8.1, whose rules differ from later releases; the script refuses others.

Usage: python3 scripts/nltk_reference.py  (needs: pip install nltk==3.8.1)
Writes evaluators/tests/fixtures/tokenize/treebank.json (Treebank half alone) and
evaluators/tests/fixtures/tokenize/word_tokenize.json (sentences and tokens of the whole).
"""

import json
from collections import defaultdict
from pathlib import Path

import nltk
from nltk.tokenize import NLTKWordTokenizer
from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "evaluators" / "tests" / "fixtures" / "tokenize"
PUNKT_DATA = ROOT / "evaluators" / "data" / "punkt" / "english.json"
VECTORS = ROOT / "evaluators" / "tests" / "fixtures" / "vwa_verdicts" / "vectors.jsonl"

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
    "it is “jade.”",
    "it is ‘jade.’ ",
    "it is «jade.»",
    "it is (jade.) ",
    "it is 'jade.'",
    "end.\n",
    "a,\n",
    "'tis 'twas",
    "wanna\tgo",
    "x:\ty",
]

# Texts for the whole `word_tokenize`: sentence splitting decisions of every kind.
TEXTS = [
    # Abbreviations the English model knows, mid-text and at the end.
    "it is ok. we ship today",
    "every wed. morning",
    "take 5 mg. daily",
    "on 5th ave. nearby",
    "globex corp. ships worldwide",
    "call dr. lee now",
    "jade vs. onyx",
    "the u.s. office",
    "closes at 6 p.m.",
    "opens 9 a.m. daily",
    "she has a ph.d. in math",
    "a mega-corp. owns it",
    # Words that are not abbreviations of the model.
    "item no. 5 is sold",
    "pens, pencils, etc. are here",
    "approx. twenty units",
    "the sales dept. said no",
    "due mar. tenth",
    "colours, e.g. teal",
    # Numbers before a period.
    "aisle 12. then left",
    "it costs $5. then tax",
    "the total is 42. shipping is free",
    "the total is 42. administrators agree",
    "room 42. über cool",
    "room 42. 中文 ok",
    "room 42. (see map)",
    "room 42. - see map",
    "room 42. review pending",
    "it costs 3.99. tax extra",
    "we sold 1,250. nice",
    "it fell to -7. then rose",
    "the 7th. then more",
    "using v2. then more",
    "see you in 2031.",
    "order 815.\n\nthanks",
    "order 815.\nThanks",
    # Initials and collocations.
    "suzie q. speaks",
    "option q. administrators",
    "plan c. administrators",
    "o. ludcke",
    "o. administrators",
    "j. S. Bach",
    "i. Magnin stores",
    "b. Smith said",
    # Capitalised next words and sentence starters.
    "It is done. The end",
    "He left. However, she stayed",
    "we met at the st. Louis office",
    "the co. However it went",
    "the corp. But then",
    "I saw Mr. Smith. He waved",
    "Go now! Then stop? Yes.",
    # Ellipses, repeated punctuation and quotes.
    "wait.. what",
    "jade… onyx",
    "jade... onyx",
    "jade... Onyx",
    "Very bad acting!!! I promise.",
    "it is \"jade.\" then more",
    "it is “jade.” then more",
    "it is ‘jade.’ then more",
    "it is «jade.» then more",
    "(Sent1.) Sent2.",
    "\"Hi.\" she said. \"Bye.\"",
    "it is jade.*",
    "it is (jade.) ",
    "ends here.)",
    "one.--two",
    # Whitespace and lines.
    "line one.\nline two.",
    "first.\n\nsecond paragraph",
    "tab\tseparated. words",
    "  leading and trailing.  ",
    "",
    "   ",
    "no break here",
    # Currency, percent and the like.
    "only $40. left",
    "costs ¥12.50.",
    "only €40 left",
    "75% off. Today only",
    "about 2e3 units.",
    "visit shop.com. now",
    "www.shop.com",
    "東京。大阪。",
    "so naïve. Really",
]


def punkt_tokenizer() -> PunktSentenceTokenizer:
    data = json.loads(PUNKT_DATA.read_text())
    params = PunktParameters()
    params.abbrev_types = set(data["abbrev_types"])
    params.collocations = {tuple(pair) for pair in data["collocations"]}
    params.sent_starters = set(data["sent_starters"])
    params.ortho_context = defaultdict(int, data["ortho_context"])
    tokenizer = PunktSentenceTokenizer()
    tokenizer._params = params
    return tokenizer


def vector_texts() -> list:
    """Answers and references of the must_include / must_exclude vectors, lower-cased."""
    texts = []
    if not VECTORS.exists():
        return texts
    for line in VECTORS.read_text().splitlines():
        vector = json.loads(line)
        if vector["kind"] in ("must_include", "must_exclude"):
            texts.append(vector["prediction"].lower())
            texts.extend(ref.lower() for ref in vector["reference"])
    return texts


def main() -> None:
    if nltk.__version__ != "3.8.1":
        raise SystemExit(f"nltk {nltk.__version__} found; VWA uses 3.8.1: pip install nltk==3.8.1")
    FIXTURES.mkdir(parents=True, exist_ok=True)
    treebank = NLTKWordTokenizer()
    cases = [{"text": text, "tokens": treebank.tokenize(text)} for text in SENTENCES]
    (FIXTURES / "treebank.json").write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n")
    punkt = punkt_tokenizer()
    texts = list(dict.fromkeys(TEXTS + vector_texts()))
    whole = []
    for text in texts:
        sentences = punkt.tokenize(text)
        tokens = [token for sentence in sentences for token in treebank.tokenize(sentence)]
        whole.append({"text": text, "sentences": sentences, "tokens": tokens})
    (FIXTURES / "word_tokenize.json").write_text(json.dumps(whole, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(cases)} Treebank cases and {len(whole)} word_tokenize cases to {FIXTURES}")


if __name__ == "__main__":
    main()
