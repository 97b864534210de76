"""What the tenant tests share: the server's site URLs, Playwright on Debian's Chromium (its
own browser download cannot be fetched), and a task's gold or decoy steps carried out in a
browser Agora does not drive, as any harness's scripted agent would."""

from __future__ import annotations

import asyncio
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Coroutine, Mapping, Sequence, TypeVar

import httpx

TASKS = Path(__file__).resolve().parents[2] / "tasks"
CHROMIUM = os.environ.get("AGORA_TEST_CHROMIUM", "/usr/bin/chromium")
# Task-file placeholders by the site names of GET /sites.
PLACEHOLDERS = {"classifieds": "__CLASSIFIEDS__", "shopping": "__SHOPPING__", "forum": "__REDDIT__", "homepage": "__HOMEPAGE__"}


T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` on a thread of its own: BrowserGym's synchronous Playwright keeps an
    event loop running on the test thread once it has started."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def chromium() -> str:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install -y chromium (./dev test does)")
    return CHROMIUM


def placeholders(api: str) -> dict[str, str]:
    """Each task placeholder (`__SHOPPING__`) → the server's URL of that site."""
    sites = httpx.get(api + "/sites", timeout=30).json()
    return {PLACEHOLDERS[site["name"]]: site["url"].rstrip("/") for site in sites if site["name"] in PLACEHOLDERS}


def generated_task(template: str) -> str:
    """The name of the first shipped task generated from `template` itself
    (`forum/image_chart_open`; not from a `question_of` variant): tests name tasks by what they
    are, so a regenerated suite renumbering them breaks none."""
    site = template.split("/")[0]
    for path in sorted((TASKS / "generated" / site).glob("*.json"), key=lambda path: int(path.stem)):
        agora = json.loads(path.read_text())["agora"]
        if agora["template"] == template and "variant" not in agora:
            return f"generated/{site}/{path.stem}"
    raise LookupError(f"no shipped task of template {template}")


def task_file(task_id: str) -> dict[str, Any]:
    name = task_id.split("/", 1)[1] if task_id.startswith("generated/") else task_id
    folder = TASKS / "generated" if task_id.startswith("generated/") else TASKS
    return json.loads((folder / f"{name}.json").read_text())


def runs(task_id: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The task's gold run and each decoy, as (name, steps)."""
    agora = task_file(task_id)["agora"]
    return [("gold", agora["gold"])] + [(f"decoy {index}", decoy["steps"]) for index, decoy in enumerate(agora.get("decoys", []))]


def filled(url: str, urls: Mapping[str, str]) -> str:
    for placeholder, base in urls.items():
        url = url.replace(placeholder, base)
    return url


def locator(page: Any, target: Mapping[str, Any]) -> Any:
    """A Playwright locator for a gold step's target (CSS selector or visible text)."""
    if "css" in target:
        return page.locator(target["css"]).first
    if "text" in target:
        return page.get_by_text(target["text"], exact=True).first
    raise NotImplementedError(f"target {target}")


async def play(page: Any, steps: Sequence[Mapping[str, Any]], urls: Mapping[str, str]) -> str:
    """Carries out `steps` in a Playwright (async) page; returns the stop answer."""
    for step in steps:
        action = step["action"]
        if action == "goto":
            await page.goto(filled(step["url"], urls))
        elif action == "click":
            # Playwright's click waits for a navigation it starts; in-page requests (the
            # forum's votes) are waited out as network quiet.
            await locator(page, step["target"]).click()
            await page.wait_for_load_state("networkidle")
        elif action == "type":
            field = locator(page, step["target"])
            await field.fill(step["text"])
            if step.get("enter", True):
                await field.press("Enter")
                await page.wait_for_load_state("load")
        elif action == "stop":
            return step.get("answer", "")
        else:
            raise NotImplementedError(f"action {action}")
    return ""

