"""The asynchronous client: `AsyncAgoraClient` on `httpx.AsyncClient`, with the same typed
results as `AgoraClient` — for rollout workers that keep many episodes in flight at once."""

from __future__ import annotations

import io
from typing import Any, Literal, Mapping

import httpx
from PIL import Image

from .client import (
    AgoraError,
    Dialect,
    Evaluation,
    Observation,
    Split,
    StepResult,
    TaskSummary,
    Tenant,
    _raise_for,
    _start_body,
    _tasks_of,
    _tenant_body,
    _tenant_evaluation_body,
)


class AsyncEpisode:
    """A running episode. `async with` closes it when done."""

    def __init__(self, client: AsyncAgoraClient, episode_id: str, observation: Observation) -> None:
        self.client = client
        self.id = episode_id
        self.observation = observation

    async def step(self, action: str | Mapping[str, Any], dialect: Dialect | None = None) -> StepResult:
        """Carries out one action (VWA text, Agora's JSON form, or with `dialect` a
        computer-use action), as `Episode.step` does."""
        body: dict[str, Any] = {"action": action}
        if dialect is not None:
            body["dialect"] = dialect
        result = StepResult.from_json(await self.client._request("POST", f"/episodes/{self.id}/step", json=body))
        if result.observation is not None:
            self.observation = result.observation
        return result

    async def observe(self, **options: Any) -> Observation:
        """Observes again, e.g. `await observe(axtree=True, screenshot="both")`."""
        data = await self.client._request("POST", f"/episodes/{self.id}/observe", json=options)
        self.observation = Observation.from_json(data)
        return self.observation

    async def screenshot(self, kind: Literal["som", "clean"] = "som") -> Image.Image:
        """The last observation's screenshot from the binary endpoint."""
        response = await self.client._send("GET", f"/episodes/{self.id}/screenshot", params={"kind": kind})
        image = Image.open(io.BytesIO(response.content))
        image.load()
        return image

    async def evaluate(self, mode: Literal["correct", "vwa"] | None = None) -> Evaluation:
        """Scores the episode against its task."""
        body = {"mode": mode} if mode else {}
        return Evaluation.from_json(await self.client._request("POST", f"/episodes/{self.id}/evaluate", json=body))

    async def state(self) -> dict[str, Any]:
        """The episode's state and trajectory."""
        return await self.client._request("GET", f"/episodes/{self.id}")

    async def close(self) -> None:
        """Ends the episode (its browser returns to the pool, its site data is dropped)."""
        await self.client._send("DELETE", f"/episodes/{self.id}")

    async def __aenter__(self) -> AsyncEpisode:
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.close()
        except AgoraError as error:
            if error.code != "unknown_episode":
                raise


class AsyncAgoraClient:
    """An asynchronous client for one Agora server; requests to different episodes run
    concurrently (`asyncio.gather`), each episode's own requests take turns on the server."""

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8400",
        token: str | None = None,
        timeout: float = 120.0,
        max_connections: int = 64,
    ) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._http = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers=headers,
            timeout=timeout,
            limits=httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections),
        )

    async def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        response = await self._http.request(method, path, **kwargs)
        _raise_for(response)
        return response

    async def _request(self, method: str, path: str, **kwargs: Any) -> Any:
        return (await self._send(method, path, **kwargs)).json()

    async def health(self) -> dict[str, Any]:
        """Liveness and pool status."""
        return await self._request("GET", "/health")

    async def tasks(self, split: Split | None = None) -> list[TaskSummary]:
        """The tasks the server can start episodes from; with `split`, only the generated
        tasks of that split."""
        return _tasks_of(await self._request("GET", "/tasks"), split)

    async def start(
        self,
        task_id: str | None = None,
        *,
        task: Mapping[str, Any] | None = None,
        start_url: str | None = None,
        viewport: tuple[int, int] | None = None,
        observe: Mapping[str, Any] | None = None,
    ) -> AsyncEpisode:
        """Starts an episode from a task id, an inline VWA task config, or a start URL."""
        data = await self._request("POST", "/episodes", json=_start_body(task_id, task, start_url, viewport, observe))
        return AsyncEpisode(self, data["episode_id"], Observation.from_json(data["observation"]))

    async def create_tenant(self, task_id: str | None = None, *, logins: list[str] | None = None) -> Tenant:
        """A private tenant for a browser you drive yourself, for a task or none, logged in
        to the task's sites and to `logins`."""
        return Tenant.from_json(await self._request("POST", "/tenants", json=_tenant_body(task_id, logins)))

    async def evaluate_tenant(
        self,
        tenant: Tenant | str,
        *,
        answer: str = "",
        url: str,
        tabs: list[str] | None = None,
        mode: str | None = None,
    ) -> Evaluation:
        """Scores the end state your browser reached on `tenant`."""
        tenant_id = tenant.id if isinstance(tenant, Tenant) else tenant
        body = _tenant_evaluation_body(answer, url, tabs, mode)
        return Evaluation.from_json(await self._request("POST", f"/tenants/{tenant_id}/evaluate", json=body))

    async def delete_tenant(self, tenant: Tenant | str) -> None:
        """Drops the tenant and its data."""
        tenant_id = tenant.id if isinstance(tenant, Tenant) else tenant
        await self._send("DELETE", f"/tenants/{tenant_id}")

    async def aclose(self) -> None:
        """Closes the HTTP connection pool."""
        await self._http.aclose()

    async def __aenter__(self) -> AsyncAgoraClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
