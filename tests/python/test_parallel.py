"""Python for parallel rollouts against a real `agora up`: `AsyncAgoraClient` (the same
typed results as the synchronous client), train/test splits, and `AgoraVectorEnv` with
auto-reset to the next task."""

from __future__ import annotations

import asyncio

import numpy as np
from agora_env import AgoraClient, AgoraVectorEnv, AsyncAgoraClient, Evaluation, StepResult, TaskSummary
from gymnasium.vector import AutoresetMode

import harness
from conftest import Server

# A task solved by `goto [its post] ; stop []`, and one its first decoy's page fails.
CHART = harness.generated_task("forum/image_chart_open")


def test_async_client_runs_episodes_concurrently_with_typed_results(server: Server) -> None:
    urls = harness.placeholders(server.api)
    gold = harness.filled(harness.task_file(CHART)["agora"]["gold"][0]["url"], urls)
    decoy = harness.filled(harness.task_file(CHART)["agora"]["decoys"][0]["steps"][0]["url"], urls)

    async def run() -> tuple[list[TaskSummary], list[TaskSummary], list[StepResult], list[Evaluation]]:
        async with AsyncAgoraClient(server.api) as client:
            train, test = await asyncio.gather(client.tasks(split="train"), client.tasks(split="test"))
            episodes = await asyncio.gather(client.start(CHART), client.start(CHART))
            try:
                went = await asyncio.gather(episodes[0].step(f"goto [{gold}]"), episodes[1].step(f"goto [{decoy}]"))
                assert all(result.error is None for result in went), went
                stopped = await asyncio.gather(*(episode.step("stop []") for episode in episodes))
                evaluations = await asyncio.gather(*(episode.evaluate() for episode in episodes))
            finally:
                await asyncio.gather(*(episode.close() for episode in episodes))
            return train, test, stopped, evaluations

    train, test, stopped, evaluations = harness.run_async(run())
    assert all(isinstance(result, StepResult) and result.done for result in stopped)
    assert [evaluation.score for evaluation in evaluations] == [1.0, 0.0]
    with AgoraClient(server.api) as client:
        every = client.tasks()
    # The splits: only generated tasks, each in exactly one, by the generator's rule.
    assert train and test and all(task.split == "train" for task in train) and all(task.split == "test" for task in test)
    assert not {task.task_id for task in train} & {task.task_id for task in test}
    assert {task.task_id for task in train} | {task.task_id for task in test} == {task.task_id for task in every if task.split}
    assert all(task.template and task.task_id.startswith("generated/") for task in train + test)
    assert 0.1 < len(test) / (len(train) + len(test)) < 0.35


def test_vector_env_steps_episodes_together_and_resets_each_to_the_next_task(server: Server) -> None:
    urls = harness.placeholders(server.api)
    gold = harness.filled(harness.task_file(CHART)["agora"]["gold"][0]["url"], urls)
    tasks = [CHART, "classifieds/0", "classifieds/1"]
    env = AgoraVectorEnv(server.api, tasks, num_envs=2, max_steps=2, observe={"screenshot": "som", "format": "jpeg"})
    try:
        observations, infos = env.reset(seed=0)
        assert observations["screenshot"].shape == (2, 2048, 1280, 3) and observations["screenshot"].any()
        assert list(infos["task_id"]) == [CHART, "classifieds/0"]
        assert env.observation_space.contains({"screenshot": observations["screenshot"], "som_text": observations["som_text"]})
        # Sub-environment 0 solves its task; 1 scrolls twice and is truncated.
        _, rewards, terminated, truncated, _ = env.step([f"goto [{gold}]", "scroll [down]"])
        assert rewards.tolist() == [0.0, 0.0] and not terminated.any() and not truncated.any()
        _, rewards, terminated, truncated, infos = env.step(["stop []", "scroll [down]"])
        assert rewards.tolist() == [1.0, 0.0]
        assert terminated.tolist() == [True, False] and truncated.tolist() == [False, True]
        # Next step: both start the next tasks of the list (their actions are ignored).
        observations, rewards, terminated, truncated, infos = env.step(["stop []", "stop []"])
        assert list(infos["task_id"]) == ["classifieds/1", CHART]
        assert rewards.tolist() == [0.0, 0.0] and not (terminated | truncated).any()
        assert all(text.startswith("[") for text in observations["som_text"])
    finally:
        env.close()

    # SAME_STEP: the next task starts in the step that ended the episode.
    same = AgoraVectorEnv(server.api, ["classifieds/0", "classifieds/1"], num_envs=1, autoreset_mode=AutoresetMode.SAME_STEP)
    try:
        same.reset()
        _, rewards, terminated, _, infos = same.step(["stop [N/A]"])
        assert terminated.tolist() == [True] and rewards.tolist() == [0.0]
        assert list(infos["task_id"]) == ["classifieds/1"]
        assert isinstance(infos["final_obs"][0]["screenshot"], np.ndarray)
    finally:
        same.close()
