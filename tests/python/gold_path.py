"""A task's gold trajectory as actions an agent would send: locators resolved against what
the agent sees (the marked elements, and link URLs from the accessibility tree)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

TASKS = Path(__file__).resolve().parents[2] / "tasks"

# What the agent sees at a step: the marked elements (JSON) and the accessibility tree.
Look = Callable[[], tuple[Sequence[Mapping[str, Any]], str]]


def load(task_id: str) -> dict[str, Any]:
    return json.loads((TASKS / f"{task_id}.json").read_text())


def resolve(target: Mapping[str, Any], elements: Sequence[Mapping[str, Any]], axtree: str) -> int:
    """The id of the element a gold locator means."""
    if "text" in target:
        wanted = target["text"].strip()
        found = [e for e in elements if wanted in (e["name"].strip(), e["text"].strip())]
    elif "css" in target and (suffix := re.search(r"href\$='([^']+)'", target["css"])):
        names = {m.group(1) for m in re.finditer(r"link '([^']*)' url: (\S+)", axtree) if m.group(2).endswith(suffix.group(1))}
        found = [e for e in elements if e["tag"] == "a" and e["name"] in names and e["text"]]
    else:
        raise NotImplementedError(f"locator {target}")
    assert found, f"nothing on screen matches {target}"
    return int(found[0]["id"])


def actions(task: Mapping[str, Any], site: str, look: Look) -> Iterator[dict[str, Any]]:
    """Each gold step as Agora's JSON action form (`{"action": "click", "id": 12}`)."""
    for step in task["agora"]["gold"]:
        action = {key: value for key, value in step.items() if key != "target"}
        if "url" in action:
            action["url"] = action["url"].replace("__CLASSIFIEDS__", site)
        if "target" in step:
            elements, axtree = look()
            action["id"] = resolve(step["target"], elements, axtree)
        yield action
