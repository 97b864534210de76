"""One Agora task as a BrowserGym task: `setup` takes a private tenant of the Agora server and
opens the task's start URLs in BrowserGym's own Playwright page; `validate` asks Agora to
score the end state (the agent's answer, the active tab, the open tabs)."""

from __future__ import annotations

import base64
import io
from typing import Any
from urllib.parse import urljoin

import httpx
import playwright.sync_api
from agora_env import AgoraClient, Tenant
from browsergym.core.task import AbstractBrowserTask
from PIL import Image

# The chat roles under which BrowserGym records the agent's answer.
_ANSWER_ROLES = ("assistant", "infeasible")


def _data_url(image: Image.Image) -> str:
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


class AgoraTask(AbstractBrowserTask):
    """An Agora task (`task_id`, e.g. `classifieds/3`) served by the Agora server at
    `base_url`. Each instance has a tenant of its own, so parallel environments never see
    each other's carts, posts or votes; `teardown` drops it.

    The reward is Agora's score of the end state, asked for once the agent has answered
    (`send_msg_to_user`, or `report_infeasible`, which answers "N/A"); until then it is 0 and
    the episode goes on. Agora withholds the reference answers from the breakdown in `info`.
    """

    def __init__(self, seed: int, task_id: str, base_url: str, token: str | None = None) -> None:
        super().__init__(seed)
        self.task_id = task_id
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.client = AgoraClient(self.base_url, token=token)
        # The tenant is made now: BrowserGym sizes the browser from the task before setup.
        self.tenant: Tenant | None = self.client.create_tenant(task_id)
        width, height = self.tenant.viewport
        self.viewport = {"width": width, "height": height}
        # Agora's pages settle fast and BrowserGym waits for the DOM after each action.
        self.slow_mo = 0
        self.timeout = 10_000

    @classmethod
    def get_task_id(cls) -> str:
        return "agora"

    def _input_images(self) -> list[Image.Image]:
        assert self.tenant is not None
        images = []
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        for link in self.tenant.input_images:
            url = urljoin(self.base_url + "/", link.lstrip("/")) if link.startswith("/") else link
            response = httpx.get(url, headers=headers if link.startswith("/") else {}, timeout=60)
            response.raise_for_status()
            image = Image.open(io.BytesIO(response.content))
            image.load()
            images.append(image)
        return images

    def setup(self, page: playwright.sync_api.Page) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        tenant = self.tenant
        assert tenant is not None, "the task was torn down"
        page.context.add_cookies(tenant.storage_state["cookies"])
        first, *others = tenant.start_urls
        page.goto(first)
        for url in others:
            page.context.new_page().goto(url)
        page.bring_to_front()
        # The goal as BrowserGym's VisualWebArena port gives it: the intent, then each input
        # image after a line that numbers it.
        goal: list[dict[str, Any]] = [{"type": "text", "text": tenant.intent or ""}]
        images = self._input_images()
        for index, image in enumerate(images, start=1):
            goal.append({"type": "text", "text": f"Input image {index}/{len(images)} below"})
            goal.append({"type": "image_url", "image_url": {"url": _data_url(image)}})
        return goal, {"task_id": self.task_id, "tenant_id": tenant.id}

    def validate(self, page: playwright.sync_api.Page, chat_messages: list[dict[str, Any]]) -> tuple[float, bool, str, dict[str, Any]]:
        last = chat_messages[-1] if chat_messages else None
        if last is None or last.get("role") not in _ANSWER_ROLES:
            return 0.0, False, "", {}
        answer = "N/A" if last["role"] == "infeasible" else str(last.get("message", ""))
        assert self.tenant is not None
        evaluation = self.client.evaluate_tenant(
            self.tenant,
            answer=answer,
            url=page.url,
            tabs=[open_page.url for open_page in page.context.pages],
        )
        return float(evaluation.score or 0.0), True, "", {"evaluation": evaluation.details, "score": evaluation.score}

    def teardown(self) -> None:
        if self.tenant is not None:
            self.client.delete_tenant(self.tenant)
            self.tenant = None
        self.client.close()
