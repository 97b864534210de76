"""A thin, typed client over Agora's HTTP API (see the server's /openapi.json)."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

import httpx
from PIL import Image

Dialect = Literal["openai", "anthropic"]


class AgoraError(Exception):
    """A request the server refused: `code` is the API's stable snake_case error code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{code}: {message} (HTTP {status})")
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True)
class BoundingBox:
    """Where an element is on the screenshot, in CSS px from the viewport's top-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> tuple[int, int]:
        """The centre point, rounded (for coordinate actions)."""
        return round(self.x + self.width / 2), round(self.y + self.height / 2)


@dataclass(frozen=True)
class Element:
    """One marked element: act on it by `id` (`click [id]`)."""

    id: int
    tag: str
    role: str
    name: str
    text: str
    bbox: BoundingBox
    alt: str | None = None
    placeholder: str | None = None
    value: str | None = None
    input_type: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Element:
        return cls(
            id=int(data["id"]),
            tag=data["tag"],
            role=data["role"],
            name=data["name"],
            text=data["text"],
            bbox=BoundingBox(**data["bbox"]),
            alt=data.get("alt"),
            placeholder=data.get("placeholder"),
            value=data.get("value"),
            input_type=data.get("input_type"),
        )


def _image(encoded: str | None) -> Image.Image | None:
    if encoded is None:
        return None
    image = Image.open(io.BytesIO(base64.b64decode(encoded)))
    image.load()
    return image


@dataclass
class Observation:
    """What the agent sees: screenshots as PIL images, the marked elements and VWA's SoM text."""

    url: str
    title: str
    tab_header: str
    som_text: str
    elements: list[Element]
    screenshot: Image.Image | None
    clean_screenshot: Image.Image | None
    axtree: str | None
    blocked_url: str | None
    viewport: tuple[int, int]
    intent: str | None
    input_images: list[str]
    raw: dict[str, Any] = field(repr=False)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Observation:
        viewport = data["viewport"]
        return cls(
            url=data["url"],
            title=data["title"],
            tab_header=data["tab_header"],
            som_text=data["som_text"],
            elements=[Element.from_json(element) for element in data["elements"]],
            screenshot=_image(data.get("screenshot")),
            clean_screenshot=_image(data.get("clean_screenshot")),
            axtree=data.get("axtree"),
            blocked_url=data.get("blocked_url"),
            viewport=(int(viewport["width"]), int(viewport["height"])),
            intent=data.get("intent"),
            input_images=list(data.get("input_images", [])),
            raw=data,
        )

    def element(self, element_id: int) -> Element | None:
        """The element with that id, if this observation has it."""
        return next((element for element in self.elements if element.id == element_id), None)


@dataclass(frozen=True)
class StepError:
    """Why an action was refused or failed (the page is then unchanged)."""

    code: str
    message: str


@dataclass
class StepResult:
    """What a step did; `observation` is None only when the browser was lost."""

    action: str | None
    error: StepError | None
    settle: dict[str, Any] | None
    opened_tab: bool
    done: bool
    answer: str | None
    observation: Observation | None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StepResult:
        error = data.get("error")
        observation = data.get("observation")
        return cls(
            action=data.get("action"),
            error=StepError(error["error"], error["message"]) if error else None,
            settle=data.get("settle"),
            opened_tab=bool(data.get("opened_tab")),
            done=bool(data.get("done")),
            answer=data.get("answer"),
            observation=Observation.from_json(observation) if observation else None,
        )


@dataclass(frozen=True)
class Evaluation:
    """A score (None when a judge was needed and missing) and the evaluators' breakdown."""

    score: float | None
    answer: str
    details: dict[str, Any]


@dataclass(frozen=True)
class TaskSummary:
    """A task episodes can be started from (no answers)."""

    task_id: str
    intent: str
    sites: list[str]
    input_images: int


class Episode:
    """A running episode. Use it as a context manager to close it when done."""

    def __init__(self, client: AgoraClient, episode_id: str, observation: Observation) -> None:
        self.client = client
        self.id = episode_id
        self.observation = observation

    def step(self, action: str | Mapping[str, Any], dialect: Dialect | None = None) -> StepResult:
        """Carries out one action: VWA text (`"click [12]"`, model output with ``` fences
        is fine), Agora's JSON form, or with `dialect` an OpenAI or Anthropic computer-use
        action, which is mapped onto coordinate actions."""
        body: dict[str, Any] = {"action": action}
        if dialect is not None:
            body["dialect"] = dialect
        result = StepResult.from_json(self.client._request("POST", f"/episodes/{self.id}/step", json=body))
        if result.observation is not None:
            self.observation = result.observation
        return result

    def observe(self, **options: Any) -> Observation:
        """Observes again, e.g. `observe(axtree=True, screenshot="both", format="jpeg")`."""
        data = self.client._request("POST", f"/episodes/{self.id}/observe", json=options)
        self.observation = Observation.from_json(data)
        return self.observation

    def screenshot(self, kind: Literal["som", "clean"] = "som") -> Image.Image:
        """The last observation's screenshot from the binary endpoint."""
        response = self.client._send("GET", f"/episodes/{self.id}/screenshot", params={"kind": kind})
        image = Image.open(io.BytesIO(response.content))
        image.load()
        return image

    def evaluate(self, mode: Literal["correct", "vwa"] | None = None) -> Evaluation:
        """Scores the episode against its task."""
        body = {"mode": mode} if mode else {}
        data = self.client._request("POST", f"/episodes/{self.id}/evaluate", json=body)
        return Evaluation(score=data.get("score"), answer=data.get("answer", ""), details=data["evaluation"])

    def state(self) -> dict[str, Any]:
        """The episode's state and trajectory."""
        return self.client._request("GET", f"/episodes/{self.id}")

    def close(self) -> None:
        """Ends the episode (its browser returns to the pool, its site data is dropped)."""
        self.client._send("DELETE", f"/episodes/{self.id}")

    def __enter__(self) -> Episode:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.close()
        except AgoraError as error:
            if error.code != "unknown_episode":
                raise


class AgoraClient:
    """A client for one Agora server (`agora up`)."""

    def __init__(self, base_url: str = "http://127.0.0.1:8400", token: str | None = None, timeout: float = 120.0) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._http = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout)

    def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        response = self._http.request(method, path, **kwargs)
        if response.status_code >= 400:
            try:
                body = response.json()
                code, message = body.get("error", "http_error"), body.get("message", response.text)
            except ValueError:
                code, message = "http_error", response.text
            raise AgoraError(response.status_code, code, message)
        return response

    def _request(self, method: str, path: str, **kwargs: Any) -> Any:
        return self._send(method, path, **kwargs).json()

    def health(self) -> dict[str, Any]:
        """Liveness and pool status."""
        return self._request("GET", "/health")

    def tasks(self) -> list[TaskSummary]:
        """The tasks the server can start episodes from."""
        return [TaskSummary(**task) for task in self._request("GET", "/tasks")["tasks"]]

    def start(
        self,
        task_id: str | None = None,
        *,
        task: Mapping[str, Any] | None = None,
        start_url: str | None = None,
        viewport: tuple[int, int] | None = None,
        observe: Mapping[str, Any] | None = None,
    ) -> Episode:
        """Starts an episode from a task id, an inline VWA task config, or a start URL."""
        body: dict[str, Any] = {}
        if task_id is not None:
            body["task_id"] = task_id
        if task is not None:
            body["task"] = dict(task)
        if start_url is not None:
            body["start_url"] = start_url
        if viewport is not None:
            body["viewport"] = {"width": viewport[0], "height": viewport[1]}
        if observe is not None:
            body["observe"] = dict(observe)
        data = self._request("POST", "/episodes", json=body)
        return Episode(self, data["episode_id"], Observation.from_json(data["observation"]))

    def close(self) -> None:
        """Closes the HTTP connection pool."""
        self._http.close()

    def __enter__(self) -> AgoraClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
