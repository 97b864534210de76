"""The Python client and the Gymnasium environment against a real `agora up`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np
import pytest
from agora_env import AgoraClient, AgoraEnv, AgoraError

import gold_path
from conftest import ROOT, Server


def origin(url: str) -> str:
    return "{0.scheme}://{0.netloc}".format(urlsplit(url))


def test_tasks_list_intents_without_answers(server: Server) -> None:
    with AgoraClient(server.api) as client:
        tasks = {task.task_id: task for task in client.tasks()}
        assert tasks["classifieds/0"].intent.startswith("Open the listing of the yellow Honda Pilot")
        assert tasks["classifieds/0"].sites == ["classifieds"]
        assert client.health()["status"] == "ok"


def test_a_task_runs_its_gold_path_through_the_client_and_scores_one(server: Server) -> None:
    with AgoraClient(server.api) as client, client.start("classifieds/13") as episode:
        observation = episode.observation
        assert observation.intent and "Toyota Tacoma" in observation.intent
        assert observation.screenshot is not None and observation.screenshot.size == observation.viewport
        assert observation.som_text.startswith("[")
        bad = episode.step("click [99999]")
        assert bad.error is not None and bad.error.code == "unknown_element" and not bad.done

        def look():
            seen = episode.observe(axtree=True, screenshot="none")
            return seen.raw["elements"], seen.axtree or ""

        for action in gold_path.actions(gold_path.load("classifieds/13"), origin(observation.url), look):
            result = episode.step(action)
            assert result.error is None, (action, result.error)
        assert result.done and result.answer == ""
        evaluation = episode.evaluate()
        assert evaluation.score == 1.0, evaluation.details
    with AgoraClient(server.api) as client, pytest.raises(AgoraError) as closed:
        episode.client = client
        episode.step("go_back")
    assert closed.value.code == "unknown_episode" and closed.value.status == 404


def test_computer_use_actions_through_the_client(server: Server) -> None:
    search = server.classifieds + "/index.php?page=search&sPattern=Honda+Pilot"
    with AgoraClient(server.api) as client, client.start(start_url=search, viewport=(1280, 900)) as episode:
        link = next(e for e in episode.observation.elements if e.tag == "a" and "Honda Pilot" in e.text)
        x, y = link.bbox.centre
        result = episode.step({"action": "left_click", "coordinate": [x, y]}, dialect="anthropic")
        assert result.error is None and result.action == f"mouse_click [{x}] [{y}] [left]"
        assert result.observation is not None and "page=item" in result.observation.url
        refused = episode.step({"type": "click", "x": 5000, "y": 10}, dialect="openai")
        assert refused.error is not None and refused.error.code == "outside_viewport"
        assert "1280x900" in refused.error.message
        assert episode.screenshot("clean").size == (1280, 900)


def test_the_gymnasium_env_rewards_the_evaluation_score(server: Server) -> None:
    env = AgoraEnv(server.api, max_steps=10)
    try:
        observation, info = env.reset(options={"task": "classifieds/0"})
        assert observation["screenshot"].shape == (2048, 1280, 3)
        assert observation["screenshot"].dtype == np.uint8 and observation["screenshot"].any()
        assert observation["som_text"].startswith("[") and env.observation_space.contains(observation)
        assert "Honda Pilot" in info["intent"]

        def look():
            seen = env.episode.observe(axtree=True, screenshot="none")
            return seen.raw["elements"], seen.axtree or ""

        rewards = []
        for action in gold_path.actions(gold_path.load("classifieds/0"), "{0.scheme}://{0.netloc}".format(urlsplit(info["url"])), look):
            observation, reward, terminated, truncated, info = env.step(action_text(action))
            assert info["error"] is None, info["error"]
            rewards.append(reward)
        assert terminated and not truncated
        assert rewards[-1] == 1.0 and rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert info["evaluation"].score == 1.0

        env.reset(options={"task": "classifieds/0"})
        env.max_steps = 2
        _, reward, terminated, truncated, info = env.step("scroll [down]")
        assert (reward, terminated, truncated) == (0.0, False, False)
        _, reward, terminated, truncated, info = env.step("not an action")
        assert info["error"].code == "unparsable_action"
        assert (reward, terminated, truncated) == (0.0, False, True)
    finally:
        env.close()


def action_text(action: dict) -> str:
    """The gold step in VWA's text grammar, as a model would write it."""
    name = action["action"]
    if name == "goto":
        return f"goto [{action['url']}]"
    if name == "click":
        return f"click [{action['id']}]"
    if name == "stop":
        return f"stop [{action.get('answer', '')}]"
    raise NotImplementedError(name)


def test_the_example_script_solves_its_task(server: Server) -> None:
    example = ROOT / "clients" / "python" / "examples" / "run_task.py"
    run = subprocess.run([sys.executable, str(example), "--url", server.api], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "reward 1.0", run.stdout
