"""`AgoraVectorEnv`: N Agora episodes as one `gymnasium.vector.VectorEnv`, stepped
concurrently through `AsyncAgoraClient`, each sub-environment reset to the next task of a
list when its episode ends."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Coroutine, Sequence, TypeVar

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .aio import AsyncAgoraClient, AsyncEpisode
from .client import AgoraError, Observation, StepResult
from .gym_env import action_space, observation_space

T = TypeVar("T")


class AgoraVectorEnv(VectorEnv):
    """`num_envs` episodes over one Agora server, each on its own private tenant.

    Every sub-environment runs the tasks of `tasks` in turn (shared round robin: the next
    reset, of any sub-environment, takes the next task). Observations are batched
    `{"screenshot": uint8 (num_envs, height, width, 3), "som_text": tuple of str}`; actions
    are one VWA action text per sub-environment. The reward is the evaluation score when an
    episode stops (0 before); `terminated` when it stopped or lost its browser, `truncated`
    after `max_steps` steps. With `autoreset_mode=NEXT_STEP` (Gymnasium's default) the step
    after an episode ended starts the next task and ignores that sub-environment's action;
    with `SAME_STEP` the next task starts in the same step, and `infos` carries the ended
    episode's last observation and info as `final_obs` / `final_info`.

    A screenshot of another size than `viewport` is fitted into it (cropped or padded with
    black), so mix tasks of one viewport.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        base_url: str,
        tasks: Sequence[str],
        num_envs: int,
        *,
        token: str | None = None,
        max_steps: int = 30,
        viewport: tuple[int, int] = (1280, 2048),
        observe: dict[str, Any] | None = None,
        autoreset_mode: AutoresetMode = AutoresetMode.NEXT_STEP,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if not tasks:
            raise ValueError("give at least one task id")
        if autoreset_mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(f"autoreset_mode {autoreset_mode} is not supported: use NEXT_STEP or SAME_STEP")
        self.num_envs = num_envs
        self.max_steps = max_steps
        self.metadata = {"autoreset_mode": autoreset_mode}
        self._autoreset = autoreset_mode
        self._observe = observe
        width, height = viewport
        self.single_observation_space = observation_space(viewport)
        self.single_action_space = action_space()
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._tasks = list(tasks)
        self._next_task = 0
        self._episodes: list[AsyncEpisode | None] = [None] * num_envs
        self._task_of: list[str | None] = [None] * num_envs
        self._steps = [0] * num_envs
        self._ended = [False] * num_envs
        self._screens = np.zeros((num_envs, height, width, 3), dtype=np.uint8)
        self._texts = [""] * num_envs
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="agora-vector-env", daemon=True)
        self._thread.start()
        self._client = self._run(self._make_client(base_url, token, num_envs))
        self.closed = False

    @staticmethod
    async def _make_client(base_url: str, token: str | None, num_envs: int) -> AsyncAgoraClient:
        return AsyncAgoraClient(base_url, token=token, max_connections=max(8, 2 * num_envs))

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    def _take_task(self) -> str:
        task = self._tasks[self._next_task % len(self._tasks)]
        self._next_task += 1
        return task

    def _show(self, index: int, observation: Observation) -> None:
        screen = self._screens[index]
        screen.fill(0)
        if observation.screenshot is not None:
            pixels = np.asarray(observation.screenshot.convert("RGB"), dtype=np.uint8)
            height = min(pixels.shape[0], screen.shape[0])
            width = min(pixels.shape[1], screen.shape[1])
            screen[:height, :width] = pixels[:height, :width]
        self._texts[index] = observation.som_text

    def _observations(self) -> dict[str, Any]:
        return {"screenshot": self._screens.copy(), "som_text": tuple(self._texts)}

    def _single_observation(self, index: int) -> dict[str, Any]:
        return {"screenshot": self._screens[index].copy(), "som_text": self._texts[index]}

    async def _close_episode(self, index: int) -> None:
        episode, self._episodes[index] = self._episodes[index], None
        if episode is not None:
            try:
                await episode.close()
            except AgoraError:
                pass  # already closed or reaped on the server

    async def _start_next(self, index: int) -> dict[str, Any]:
        """Ends sub-environment `index`'s episode and starts the next task in it. The task
        is taken before the first await, so sub-environments started together take tasks in
        the order they were started, however their starts finish."""
        task = self._take_task()
        await self._close_episode(index)
        episode = await self._client.start(task, observe=self._observe)
        self._episodes[index] = episode
        self._task_of[index] = task
        self._steps[index] = 0
        self._ended[index] = False
        self._show(index, episode.observation)
        return {"task_id": task, "episode_id": episode.id, "url": episode.observation.url, "intent": episode.observation.intent}

    async def _step_one(self, index: int, action: str) -> tuple[float, bool, bool, dict[str, Any]]:
        episode = self._episodes[index]
        assert episode is not None
        result: StepResult = await episode.step(action)
        self._steps[index] += 1
        info: dict[str, Any] = {
            "task_id": self._task_of[index],
            "episode_id": episode.id,
            "action": result.action,
            "error": result.error.code if result.error else None,
            "answer": result.answer,
        }
        if result.observation is not None:
            self._show(index, result.observation)
            info["url"] = result.observation.url
        reward = 0.0
        terminated = result.done
        if terminated and result.answer is not None:
            evaluation = await episode.evaluate()
            info["score"] = evaluation.score
            reward = float(evaluation.score or 0.0)
        truncated = not terminated and self._steps[index] >= self.max_steps
        return reward, terminated, truncated, info

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Starts a fresh episode in every sub-environment, each at the next task
        (`options={"tasks": [...]}` replaces the task list first)."""
        super().reset(seed=seed)
        if options and "tasks" in options:
            if not options["tasks"]:
                raise ValueError("options['tasks'] is empty")
            self._tasks, self._next_task = list(options["tasks"]), 0

        async def reset_all() -> list[dict[str, Any]]:
            return await asyncio.gather(*(self._start_next(index) for index in range(self.num_envs)))

        infos: dict[str, Any] = {}
        for index, info in enumerate(self._run(reset_all())):
            infos = self._add_info(infos, info, index)
        return self._observations(), infos

    def step(self, actions: Sequence[str]) -> tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if len(actions) != self.num_envs:
            raise ValueError(f"{len(actions)} actions for {self.num_envs} sub-environments")
        if any(episode is None for episode in self._episodes):
            raise RuntimeError("call reset() before step()")

        async def one(index: int, action: str) -> tuple[float, bool, bool, dict[str, Any]]:
            if self._ended[index]:  # NEXT_STEP: this step resets, the action is ignored
                return 0.0, False, False, await self._start_next(index)
            reward, terminated, truncated, info = await self._step_one(index, action)
            if (terminated or truncated) and self._autoreset is not AutoresetMode.SAME_STEP:
                self._ended[index] = True
            return reward, terminated, truncated, info

        async def restart(index: int, result: tuple[float, bool, bool, dict[str, Any]]) -> tuple[float, bool, bool, dict[str, Any]]:
            reward, terminated, truncated, info = result
            info = {"final_obs": self._single_observation(index), "final_info": info}
            info.update(await self._start_next(index))
            return reward, terminated, truncated, info

        async def step_all() -> list[tuple[float, bool, bool, dict[str, Any]]]:
            results = await asyncio.gather(*(one(index, action) for index, action in enumerate(actions)))
            if self._autoreset is not AutoresetMode.SAME_STEP:
                return results
            # SAME_STEP: the ended ones start their next tasks in sub-environment order.
            ended = [index for index, result in enumerate(results) if result[1] or result[2]]
            restarted = await asyncio.gather(*(restart(index, results[index]) for index in ended))
            for index, result in zip(ended, restarted):
                results[index] = result
            return results

        results = self._run(step_all())
        rewards = np.array([result[0] for result in results], dtype=np.float64)
        terminations = np.array([result[1] for result in results], dtype=np.bool_)
        truncations = np.array([result[2] for result in results], dtype=np.bool_)
        infos: dict[str, Any] = {}
        for index, result in enumerate(results):
            infos = self._add_info(infos, result[3], index)
        return self._observations(), rewards, terminations, truncations, infos

    def render(self) -> tuple[np.ndarray, ...] | None:
        return tuple(self._screens.copy())

    def close_extras(self, **kwargs: Any) -> None:
        async def close_all() -> None:
            await asyncio.gather(*(self._close_episode(index) for index in range(self.num_envs)))
            await self._client.aclose()

        try:
            self._run(close_all())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=30)
            self._loop.close()
