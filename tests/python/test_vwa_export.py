"""`agora tasks export --format vwa` against a live `agora sites`: every exported config loads
under the field rules VWA's `run.py`, `ScriptBrowserEnv.setup` and `evaluator_router` apply
(../shared/reference/vwa-compat.md §2.0–2.8), every file it names exists, and its storage
states pass VWA's login-expiry check."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from PIL import Image

import vwa_replay as vwa
from conftest import AGORA, ROOT, Sites

VWA_SITES = {"shopping", "reddit", "classifieds", "wikipedia", "homepage"}
LOGIN_SITES = {"shopping", "reddit", "classifieds"}
EVAL_TYPES = {"string_match", "url_match", "program_html", "page_image_query"}
STRING_KEYS = {"exact_match", "must_include", "must_exclude", "one_of", "required_values", "fuzzy_match"}
# The helpers evaluators.py imports (vwa-compat.md §2.6).
HELPERS = {
    "get_query_text", "get_query_text_lowercase", "gitlab_get_project_memeber_role", "llm_fuzzy_match",
    "llm_ua_match", "reddit_get_latest_comment_content_by_username", "reddit_get_latest_comment_obj_by_username",
    "reddit_get_parent_comment_username_of_latest_comment_by_username", "reddit_get_post_url",
    "shopping_get_latest_order_url", "shopping_get_num_reviews", "shopping_get_order_product_name_list",
    "shopping_get_order_product_option", "shopping_get_order_product_quantity", "shopping_get_product_attributes",
    "shopping_get_product_price", "shopping_get_rating_as_percentage", "shopping_get_sku_latest_review_author",
    "shopping_get_sku_latest_review_rating", "shopping_get_sku_latest_review_text",
}


RUN_PY_RANGES = " ".join(
    (ROOT / "docs" / "VWA.md").read_text().split("stops at the first id that has no file", 1)[1].split("```", 1)[0].split()
)


def id_runs(folder: Path) -> list[tuple[int, int]]:
    """The runs of consecutive task ids in an exported folder, as `run.py` must be given them."""
    ids = sorted(int(path.stem) for path in folder.glob("*.json"))
    runs: list[tuple[int, int]] = []
    for task_id in ids:
        if runs and runs[-1][1] == task_id - 1:
            runs[-1] = (runs[-1][0], task_id)
        else:
            runs.append((task_id, task_id))
    return runs


def local_or_url(source: str) -> None:
    """VWA opens an image with `requests` if it starts with http, else with `Image.open`."""
    if source.startswith("http"):
        return
    path = Path(source)
    assert path.is_absolute() and path.is_file(), source
    Image.open(path).verify()


def check_func(text: str) -> None:
    name = text[len("func:"):].split("(", 1)[0].strip()
    assert name in HELPERS, f"VWA has no helper {name}"


def check_config(config: dict[str, Any], urls: list[str]) -> None:
    """The fields VWA reads, as it reads them."""
    assert isinstance(config["intent"], str) and config["intent"]
    assert isinstance(config["task_id"], int)
    assert set(config["sites"]) <= VWA_SITES
    assert isinstance(config.get("require_reset", False), bool)
    assert config.get("geolocation") is None or isinstance(config["geolocation"], dict)
    state = config["storage_state"]  # run.py indexes it: the key must exist
    if config["require_login"] and set(config["sites"]) & LOGIN_SITES:
        assert state, "a task that needs login must name a storage state"
    if state:
        assert set(vwa.state_file_sites(state)) <= LOGIN_SITES and Path(state).is_file(), state
        cookies = json.loads(Path(state).read_text())["cookies"]
        assert all({"name", "value", "domain", "path"} <= set(cookie) for cookie in cookies)
    for url in config["start_url"].split(" |AND| "):
        assert any(url.startswith(base) for base in urls), url
    images = config.get("image")
    for source in [images] if isinstance(images, str) else images or []:
        local_or_url(source)
    evaluation = config["eval"]
    assert set(evaluation["eval_types"]) <= EVAL_TYPES
    if "string_match" in evaluation["eval_types"]:
        assert set(evaluation["reference_answers"]) <= STRING_KEYS
    if "url_match" in evaluation["eval_types"]:
        assert isinstance(evaluation["reference_url"], str)
        assert evaluation.get("url_note", "EXACT") in ("EXACT", "GOLD in PRED")
    if "program_html" in evaluation["eval_types"]:
        for target in evaluation["program_html"]:
            url, locator = target["url"], target["locator"]
            assert url == "last" or url.startswith("http") or url.startswith("func:"), url
            if url.startswith("func:"):
                check_func(url)
            assert (not locator.strip() or locator.startswith(("document.", "[...document.", "lambda:", "func:"))), locator
            if locator.startswith("func:"):
                check_func(locator)
            # VWA checks the first of these it finds; with none it raises ValueError.
            assert set(target["required_contents"]) & (STRING_KEYS - {"one_of"}), target
    if "page_image_query" in evaluation["eval_types"]:
        for query in evaluation["page_image_query"]:
            assert isinstance(query["eval_image_url"], str)
            assert query["eval_image_class"] == "" or query["eval_image_class"].startswith(".")
            assert "eval_vqa" in query or "eval_fuzzy_image_match" in query
            for reference in (query.get("eval_fuzzy_image_match") or "").split(" |OR| "):
                if reference:
                    local_or_url(reference)
    placeholders = set(re.findall(r"__[A-Z]+__", json.dumps(config)))
    assert not placeholders, placeholders


def test_exported_tasks_load_in_vwa_with_every_file_present(sites: Sites, tmp_path: Path) -> None:
    out = tmp_path / "vwa"
    urls = sites.urls
    command = [
        str(AGORA), "tasks", "export", "--format", "vwa", "--out", str(out),
        "--classifieds", urls["classifieds"], "--shopping", urls["shopping"],
        "--reddit", urls["reddit"], "--homepage", urls["homepage"], str(ROOT / "tasks"),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "left out: VWA has no `aes` evaluator" in result.stdout
    assert (out / "export-report.txt").read_text() == result.stdout

    # Every shipped task of VWA's three sites, under VWA's folder names.
    for folder, site in [("classifieds", "classifieds"), ("shopping", "shopping"), ("forum", "reddit")]:
        shipped = sorted(
            path.name
            for path in [*(ROOT / "tasks" / folder).glob("*.json"),
                         *(ROOT / "tasks" / "generated" / folder).glob("*.json")]
        )
        exported = sorted(path.name for path in (out / f"test_{site}").glob("*.json"))
        assert exported == shipped, site
        # docs/VWA.md gives run.py users the id ranges as exported.
        for first, last in id_runs(out / f"test_{site}"):
            assert f"{first}–{last}" in RUN_PY_RANGES, f"docs/VWA.md lacks {site}'s ids {first}–{last}"
    states: set[str] = set()
    for path in sorted(out.glob("test_*/*.json")):
        config = json.loads(path.read_text())
        try:
            check_config(config, [urls[site] for site in ("classifieds", "shopping", "reddit", "homepage")])
        except AssertionError as error:
            raise AssertionError(f"{path}: {error}") from error
        if config["storage_state"]:
            states.add(config["storage_state"])
    assert {Path(state).name for state in states} >= {
        "classifieds_state.json", "shopping_state.json", "reddit_state.json"
    }
    # The storage states are live logins.
    for state in states:
        loaded = json.loads(Path(state).read_text())
        for site in vwa.state_file_sites(state):
            assert not vwa.is_expired(loaded, urls, site), (state, site)
