"""Agora's tasks on the real browsergym-core: `gym.make("browsergym/agora.<site>.<id>")`,
BrowserGym's own Playwright browser (on Debian's Chromium), a scripted agent that follows
each task's gold path (reward 1) and its decoys (reward 0)."""

from __future__ import annotations

import json
from typing import Any, Iterator, Mapping, Sequence

import browsergym.core
import browsergym_agora
import gymnasium as gym
import pytest
from playwright.sync_api import BrowserType

import harness
from conftest import Server

TASKS = ["classifieds/0", "shopping/8", "forum/0"]


@pytest.fixture
def debian_chromium(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Playwright launch (BrowserGym's page and its chat window) on Debian's Chromium;
    BrowserGym's global Playwright is stopped afterwards (it holds an event loop on the
    test thread)."""
    launch = BrowserType.launch

    def launch_debian(self: BrowserType, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("executable_path", harness.chromium())
        return launch(self, *args, **kwargs)

    monkeypatch.setattr(BrowserType, "launch", launch_debian)
    yield
    if browsergym.core._PLAYWRIGHT is not None:
        browsergym.core._PLAYWRIGHT.stop()
        browsergym.core._PLAYWRIGHT = None


def agent(env: Any, steps: Sequence[Mapping[str, Any]], urls: Mapping[str, str]) -> Iterator[str]:
    """BrowserGym actions for the steps: targets are found in BrowserGym's page and named by
    the `bid` BrowserGym gave them in its last observation."""
    page = env.unwrapped.page
    for step in steps:
        if step["action"] == "goto":
            yield f"goto({json.dumps(harness.filled(step['url'], urls))})"
        elif step["action"] == "click":
            bid = harness.locator(page, step["target"]).get_attribute("bid")
            assert bid, f"BrowserGym marked nothing for {step['target']}"
            yield f"click({json.dumps(bid)})"
        elif step["action"] == "stop":
            yield f"send_msg_to_user({json.dumps(step.get('answer', ''))})"
        else:
            raise NotImplementedError(step["action"])


def test_browsergym_runs_agora_tasks_and_scores_gold_one_and_decoys_zero(server: Server, debian_chromium: None) -> None:
    names = browsergym_agora.register_tasks(server.api)
    generated = browsergym_agora.gym_id(harness.generated_task("classifieds/colour_price"))
    assert "browsergym/agora.classifieds.0" in names and f"browsergym/{generated}" in names
    assert len(names) == len(set(names)) > 1000
    metadata = {row["task_name"]: row for row in browsergym_agora.task_metadata(server.api)}
    assert metadata[generated]["template"] == "classifieds/colour_price"
    assert metadata[generated]["split"] in ("train", "test")
    assert metadata["agora.shopping.8"]["site"] == "shopping" and metadata["agora.shopping.8"]["split"] is None
    urls = harness.placeholders(server.api)
    rewards: dict[tuple[str, str], float] = {}
    for task_id in TASKS:
        for name, steps in harness.runs(task_id)[:2]:
            env = gym.make(f"browsergym/{browsergym_agora.gym_id(task_id)}")
            try:
                observation, info = env.reset()
                goal = observation["goal_object"]
                assert goal[0] == {"type": "text", "text": harness.task_file(task_id)["intent"]}
                if task_id == "shopping/8":  # an input image, as BrowserGym's VWA port gives it
                    assert goal[1]["text"] == "Input image 1/1 below"
                    assert goal[2]["image_url"]["url"].startswith("data:image/png;base64,")
                reward, terminated, errors = 0.0, False, []
                for action in agent(env, steps, urls):
                    observation, reward, terminated, truncated, info = env.step(action)
                    # A click whose page loads slower than BrowserGym's 500 ms action timeout
                    # is reported as an error although it went through; the reward tells.
                    errors.append((action, observation["last_action_error"]))
                assert terminated, (task_id, name, errors)
                rewards[(task_id, name)] = reward
                if reward != (1.0 if name == "gold" else 0.0):
                    print(task_id, name, reward, errors, info.get("task_info"))
            finally:
                env.close()
    assert rewards == {key: (1.0 if key[1] == "gold" else 0.0) for key in rewards}, rewards
    assert len(rewards) == 2 * len(TASKS)
