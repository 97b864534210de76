"""Agora as a `gymnasium.Env`: one episode per reset, one action (VWA text) per step."""

from __future__ import annotations

import string
from typing import Any

import gymnasium as gym
import httpx
import numpy as np
from gymnasium import spaces

from .client import AgoraClient, AgoraError, Episode, Observation, StepResult

ObsType = dict[str, Any]

# Every character up to the CJK block: enough for page text in the observation space.
_TEXT_CHARSET = frozenset(chr(code) for code in range(0x20, 0x3000)) | frozenset("\n\t")


def observation_space(viewport: tuple[int, int]) -> spaces.Dict:
    """One episode's observations: the Set-of-Marks screenshot at `viewport` (width, height)
    and the SoM text."""
    width, height = viewport
    return spaces.Dict(
        {
            "screenshot": spaces.Box(0, 255, shape=(height, width, 3), dtype=np.uint8),
            "som_text": spaces.Text(max_length=1_000_000, charset=_TEXT_CHARSET),
        }
    )


def action_space() -> spaces.Text:
    """One action: VWA's text form."""
    return spaces.Text(max_length=10_000, charset=string.printable)


class AgoraEnv(gym.Env[ObsType, str]):
    """A Gymnasium environment over a running Agora server.

    `reset(options={"task": "classifieds/0"})` starts a task episode (`{"task": {...}}` takes
    an inline VWA config, `{"start_url": ...}` opens a page without a task). Observations are
    `{"screenshot": uint8 array (height, width, 3) with Set-of-Marks boxes, "som_text": str}`.
    `step(action_text)` returns the reward = the evaluation score when the episode stops
    (0 before), `terminated` when it stopped or lost its browser, `truncated` after
    `max_steps` steps, and `info` with the action error, settle report, URL and evaluation.
    """

    metadata = {"render_modes": ["rgb_array"]}

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8400",
        *,
        token: str | None = None,
        max_steps: int = 30,
        viewport: tuple[int, int] = (1280, 2048),
        render_mode: str | None = None,
        client: AgoraClient | None = None,
    ) -> None:
        self.client = client or AgoraClient(base_url, token=token)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = observation_space(viewport)
        self.action_space = action_space()
        self.episode: Episode | None = None
        self.steps = 0
        self._last: ObsType | None = None
        self._is_task = False

    def _observation(self, observation: Observation) -> ObsType:
        width, height = observation.viewport
        if observation.screenshot is not None:
            pixels = np.asarray(observation.screenshot.convert("RGB"), dtype=np.uint8)
        else:
            pixels = np.zeros((height, width, 3), dtype=np.uint8)
        return {"screenshot": pixels, "som_text": observation.som_text}

    @staticmethod
    def _info(observation: Observation) -> dict[str, Any]:
        return {
            "url": observation.url,
            "title": observation.title,
            "tab_header": observation.tab_header,
            "intent": observation.intent,
            "elements": observation.elements,
            "blocked_url": observation.blocked_url,
        }

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[ObsType, dict[str, Any]]:
        super().reset(seed=seed)
        self._close_episode()
        options = dict(options or {})
        task = options.pop("task", None)
        if isinstance(task, str):
            self.episode = self.client.start(task, observe=options.get("observe"))
        elif isinstance(task, dict):
            self.episode = self.client.start(task=task, observe=options.get("observe"))
        elif "start_url" in options:
            width, height = self.observation_space["screenshot"].shape[1::-1]
            self.episode = self.client.start(
                start_url=options["start_url"], viewport=(width, height), observe=options.get("observe")
            )
        else:
            raise ValueError('reset needs options={"task": "<task id>"}, {"task": {...}} or {"start_url": ...}')
        self._is_task = task is not None
        self.steps = 0
        self._last = self._observation(self.episode.observation)
        info = self._info(self.episode.observation)
        info["episode_id"] = self.episode.id
        return self._last, info

    def step(self, action: str) -> tuple[ObsType, float, bool, bool, dict[str, Any]]:
        if self.episode is None:
            raise RuntimeError("call reset() before step()")
        result: StepResult = self.episode.step(action)
        self.steps += 1
        info: dict[str, Any] = {
            "action": result.action,
            "error": result.error,
            "settle": result.settle,
            "opened_tab": result.opened_tab,
            "answer": result.answer,
        }
        if result.observation is not None:
            self._last = self._observation(result.observation)
            info.update(self._info(result.observation))
        reward = 0.0
        terminated = result.done
        if terminated and result.answer is not None and self._is_task:
            evaluation = self.episode.evaluate()
            info["evaluation"] = evaluation
            reward = float(evaluation.score or 0.0)
        truncated = not terminated and self.steps >= self.max_steps
        assert self._last is not None
        return self._last, reward, terminated, truncated, info

    def render(self) -> np.ndarray | None:
        if self._last is None:
            return None
        return self._last["screenshot"]

    def _close_episode(self) -> None:
        if self.episode is not None:
            try:
                self.episode.close()
            except (AgoraError, httpx.HTTPError):
                pass  # already closed or timed out on the server
            self.episode = None

    def close(self) -> None:
        self._close_episode()
        self.client.close()
