"""Agora's tasks on BrowserGym.

`register_tasks(base_url)` registers every task of the Agora server at `base_url` as
`browsergym/agora.<site>.<id>` on BrowserGym's task API (importing the package does it for
`$AGORA_URL` when that is set), so that

    import gymnasium as gym
    import browsergym_agora
    browsergym_agora.register_tasks("http://127.0.0.1:8400")
    env = gym.make("browsergym/agora.classifieds.3")

runs the task in BrowserGym's own Playwright browser on a private tenant of the server,
scored by Agora's evaluators. `task_metadata(base_url)` lists the benchmark's tasks with
their site, template, difficulty and split, as AgentLab's benchmarks take them.
"""

from __future__ import annotations

import os
from typing import Any

from agora_env import AgoraClient, TaskSummary
from browsergym.core.registration import register_task

from .task import AgoraTask

__all__ = ["AgoraTask", "gym_id", "register_tasks", "task_metadata"]

_REGISTERED: set[str] = set()


def _site_and_id(task_id: str) -> tuple[str, str]:
    """`classifieds/3` and `generated/classifieds/1000` → (`classifieds`, `3` / `1000`)."""
    parts = task_id.split("/")
    if len(parts) < 2:
        return "task", parts[-1]
    return parts[-2], parts[-1]


def gym_id(task_id: str) -> str:
    """The BrowserGym task name of an Agora task id, without the `browsergym/` prefix."""
    site, number = _site_and_id(task_id)
    return f"agora.{site}.{number}"


def _tasks(base_url: str, token: str | None) -> list[TaskSummary]:
    with AgoraClient(base_url, token=token) as client:
        return client.tasks()


def register_tasks(base_url: str | None = None, token: str | None = None) -> list[str]:
    """Registers every task of the server (default `$AGORA_URL`) as
    `browsergym/agora.<site>.<id>`; returns the gym ids. Registering again skips the ids
    already registered."""
    base_url = base_url or os.environ.get("AGORA_URL", "http://127.0.0.1:8400")
    token = token if token is not None else os.environ.get("AGORA_TOKEN")
    names = []
    seen: dict[str, str] = {}
    for task in _tasks(base_url, token):
        name = gym_id(task.task_id)
        if name in seen:
            raise ValueError(f"tasks {seen[name]} and {task.task_id} would both be browsergym/{name}")
        seen[name] = task.task_id
        if name not in _REGISTERED:
            register_task(
                name,
                AgoraTask,
                task_kwargs={"task_id": task.task_id, "base_url": base_url, "token": token},
            )
            _REGISTERED.add(name)
        names.append(f"browsergym/{name}")
    return names


def task_metadata(base_url: str | None = None, token: str | None = None) -> list[dict[str, Any]]:
    """One row per task, as AgentLab's benchmark metadata: `task_name` (the gym id without
    `browsergym/`), `agora_task_id`, `site`, `template`, `difficulty` (overall),
    `reasoning_difficulty`, `visual_difficulty`, `split` (`train`/`test`, or None for
    hand-written tasks), `input_images` and `depends_on` (always empty: each task runs on a
    tenant of its own, so no task waits for another's reset)."""
    base_url = base_url or os.environ.get("AGORA_URL", "http://127.0.0.1:8400")
    rows = []
    for task in _tasks(base_url, token if token is not None else os.environ.get("AGORA_TOKEN")):
        rows.append(
            {
                "task_name": gym_id(task.task_id),
                "agora_task_id": task.task_id,
                "site": _site_and_id(task.task_id)[0],
                "template": task.template,
                "difficulty": task.overall_difficulty,
                "reasoning_difficulty": task.reasoning_difficulty,
                "visual_difficulty": task.visual_difficulty,
                "split": task.split,
                "input_images": task.input_images,
                "depends_on": "",
            }
        )
    return rows


if os.environ.get("AGORA_URL"):
    register_tasks()
