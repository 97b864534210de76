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

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Evaluation:
        return cls(score=data.get("score"), answer=data.get("answer", ""), details=data["evaluation"])


@dataclass(frozen=True)
class TaskSummary:
    """A task episodes can be started from (no answers): its generator template, its
    train/test split (`agora tasks generate --split`; None for hand-written tasks) and its
    difficulties, for benchmark metadata."""

    task_id: str
    intent: str
    sites: list[str]
    input_images: int
    template: str | None = None
    split: Literal["train", "test"] | None = None
    reasoning_difficulty: str | None = None
    visual_difficulty: str | None = None
    overall_difficulty: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TaskSummary:
        return cls(
            task_id=data["task_id"],
            intent=data["intent"],
            sites=list(data["sites"]),
            input_images=int(data["input_images"]),
            template=data.get("template"),
            split=data.get("split"),
            reasoning_difficulty=data.get("reasoning_difficulty"),
            visual_difficulty=data.get("visual_difficulty"),
            overall_difficulty=data.get("overall_difficulty"),
        )


Split = Literal["train", "test"]


def _tasks_of(data: Mapping[str, Any], split: Split | None) -> list[TaskSummary]:
    tasks = [TaskSummary.from_json(task) for task in data["tasks"]]
    if split is None:
        return tasks
    if split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', not {split!r}")
    return [task for task in tasks if task.split == split]


@dataclass(frozen=True)
class Tenant:
    """A private copy of the sites for a browser Agora does not drive (Playwright, WebDriver,
    VWA's run.py): the cookies that select it, the same as a Playwright `storage_state`, and
    the task's start URLs. Evaluate what that browser reached with `evaluate_tenant`."""

    id: str
    cookies: list[dict[str, Any]]
    storage_state: dict[str, Any]
    start_urls: list[str]
    task: TaskSummary | None
    input_images: list[str]
    viewport: tuple[int, int]
    idle_timeout_s: int

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tenant:
        viewport = data["viewport"]
        task = data.get("task")
        return cls(
            id=data["tenant_id"],
            cookies=list(data["cookies"]),
            storage_state=dict(data["storage_state"]),
            start_urls=list(data["start_urls"]),
            task=TaskSummary.from_json(task) if task else None,
            input_images=list(data.get("input_images", [])),
            viewport=(int(viewport["width"]), int(viewport["height"])),
            idle_timeout_s=int(data["idle_timeout_s"]),
        )

    @property
    def intent(self) -> str | None:
        return self.task.intent if self.task else None


def _start_body(
    task_id: str | None,
    task: Mapping[str, Any] | None,
    start_url: str | None,
    viewport: tuple[int, int] | None,
    observe: Mapping[str, Any] | None,
) -> dict[str, Any]:
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
    return body


def _tenant_body(task_id: str | None, logins: list[str] | None) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if task_id is not None:
        body["task_id"] = task_id
    if logins:
        body["logins"] = list(logins)
    return body


def _tenant_evaluation_body(answer: str, url: str, tabs: list[str] | None, mode: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"answer": answer, "url": url}
    if tabs is not None:
        body["tabs"] = list(tabs)
    if mode is not None:
        body["mode"] = mode
    return body


def _raise_for(response: httpx.Response) -> None:
    """Raises the API's error for a refused request."""
    if response.status_code < 400:
        return
    try:
        body = response.json()
        code, message = body.get("error", "http_error"), body.get("message", response.text)
    except ValueError:
        code, message = "http_error", response.text
    raise AgoraError(response.status_code, code, message)


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
        return Evaluation.from_json(self.client._request("POST", f"/episodes/{self.id}/evaluate", json=body))

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
        _raise_for(response)
        return response

    def _request(self, method: str, path: str, **kwargs: Any) -> Any:
        return self._send(method, path, **kwargs).json()

    def health(self) -> dict[str, Any]:
        """Liveness and pool status."""
        return self._request("GET", "/health")

    def tasks(self, split: Split | None = None) -> list[TaskSummary]:
        """The tasks the server can start episodes from; with `split`, only the generated
        tasks of that split (`agora tasks generate --split`: by template slot values)."""
        return _tasks_of(self._request("GET", "/tasks"), split)

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
        data = self._request("POST", "/episodes", json=_start_body(task_id, task, start_url, viewport, observe))
        return Episode(self, data["episode_id"], Observation.from_json(data["observation"]))

    def create_tenant(self, task_id: str | None = None, *, logins: list[str] | None = None) -> Tenant:
        """A private tenant for a browser you drive yourself, for a task or none, logged in
        to the task's sites and to `logins` (`["shopping", "reddit"]`)."""
        return Tenant.from_json(self._request("POST", "/tenants", json=_tenant_body(task_id, logins)))

    def evaluate_tenant(
        self,
        tenant: Tenant | str,
        *,
        answer: str = "",
        url: str,
        tabs: list[str] | None = None,
        mode: str | None = None,
    ) -> Evaluation:
        """Scores the end state your browser reached on `tenant` (its task's reference
        answers are withheld from the breakdown)."""
        tenant_id = tenant.id if isinstance(tenant, Tenant) else tenant
        body = _tenant_evaluation_body(answer, url, tabs, mode)
        return Evaluation.from_json(self._request("POST", f"/tenants/{tenant_id}/evaluate", json=body))

    def delete_tenant(self, tenant: Tenant | str) -> None:
        """Drops the tenant and its data; its cookies select nothing any more."""
        tenant_id = tenant.id if isinstance(tenant, Tenant) else tenant
        self._send("DELETE", f"/tenants/{tenant_id}")

    def close(self) -> None:
        """Closes the HTTP connection pool."""
        self._http.close()

    def __enter__(self) -> AgoraClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
