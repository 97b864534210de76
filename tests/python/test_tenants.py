"""Tenants for browsers Agora does not drive (`POST /tenants`), against a real `agora up`:
external Playwright browsers on private tenants, and Agora's scores for the end states
they report."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Mapping, Sequence

import httpx
import pytest
from agora_env import AgoraClient, AgoraError, AsyncAgoraClient, AsyncEpisode
from playwright.async_api import async_playwright

import gold_path
import harness
from conftest import Server

# A product without options to choose: the first lamp the store finds.
SEARCH = "/catalogsearch/result/?q=lamp"


async def cart_quantity(page: Any, shopping: str) -> list[str]:
    await page.goto(shopping + "/checkout/cart/")
    return await page.locator("input.qty[data-item-qty]").evaluate_all("inputs => inputs.map(input => input.value)")


def test_two_external_browsers_on_two_tenants_change_the_same_cart_in_parallel(server: Server) -> None:
    urls = harness.placeholders(server.api)
    shopping = urls["__SHOPPING__"]
    with AgoraClient(server.api) as client:
        tenants = [client.create_tenant("shopping/8") for _ in range(2)]
        assert tenants[0].id != tenants[1].id
        assert {cookie["name"] for cookie in tenants[0].cookies} >= {"agora_tenant", "shopping_session"}

        async def shop(tenant: Any, quantity: int) -> tuple[list[str], list[str]]:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=harness.chromium())
                try:
                    context = await browser.new_context(storage_state=tenant.storage_state)
                    page = await context.new_page()
                    before = await cart_quantity(page, shopping)
                    await page.goto(shopping + SEARCH)
                    await page.locator("a.product-item-link").first.click()
                    await page.fill("#qty", str(quantity))
                    await page.click("#product-addtocart-button")
                    await page.wait_for_load_state("load")
                    return before, await cart_quantity(page, shopping)
                finally:
                    await browser.close()

        async def both() -> list[tuple[list[str], list[str]]]:
            return await asyncio.gather(shop(tenants[0], 2), shop(tenants[1], 5))

        (before_a, after_a), (before_b, after_b) = harness.run_async(both())
        assert before_a == before_b == []
        assert after_a == ["2"], after_a
        assert after_b == ["5"], after_b

        # A deleted tenant's cookies select nothing: the site refuses them.
        client.delete_tenant(tenants[0])
        refused = httpx.get(shopping + "/checkout/cart/", cookies={c["name"]: c["value"] for c in tenants[0].cookies})
        assert refused.status_code == 403, refused.status_code
        with pytest.raises(AgoraError) as gone:
            client.evaluate_tenant(tenants[0], url=shopping + "/")
        assert gone.value.code == "unknown_tenant" and gone.value.status == 404
        client.delete_tenant(tenants[1])


async def episode_play(episode: AsyncEpisode, steps: Sequence[Mapping[str, Any]], urls: Mapping[str, str]) -> None:
    """Carries out gold-path steps in Agora's own episode, targets resolved to marks."""
    for step in steps:
        action = {key: value for key, value in step.items() if key != "target"}
        if "url" in action:
            action["url"] = harness.filled(action["url"], urls)
        if "target" in step:
            target = step["target"]
            if "css" in target:
                found = await episode.client._request("POST", f"/episodes/{episode.id}/locate", json={"css": target["css"]})
                action["id"] = found["id"]
            else:
                seen = await episode.observe(axtree=True, screenshot="none")
                action["id"] = gold_path.resolve(target, seen.raw["elements"], seen.axtree or "")
            assert action["id"] is not None, f"nothing marked matches {target}"
        result = await episode.step(action)
        assert result.error is None, (action, result.error)


async def harness_play(client: AsyncAgoraClient, task_id: str, steps: Sequence[Mapping[str, Any]], urls: Mapping[str, str]) -> Any:
    """Carries out the steps in an external Playwright browser on a tenant of the task and
    asks Agora to score what it reached."""
    tenant = await client.create_tenant(task_id)
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=harness.chromium())
            try:
                width, height = tenant.viewport
                context = await browser.new_context(storage_state=tenant.storage_state, viewport={"width": width, "height": height})
                page = await context.new_page()
                await page.goto(tenant.start_urls[0])
                answer = await harness.play(page, steps, urls)
                return await client.evaluate_tenant(tenant, answer=answer, url=page.url, tabs=[open_page.url for open_page in context.pages])
            finally:
                await browser.close()
    finally:
        await client.delete_tenant(tenant)


@pytest.mark.parametrize("task_id", ["classifieds/0", "shopping/8", harness.generated_task("classifieds/colour_price")])
def test_a_harness_end_state_scores_as_agoras_own_episode(server: Server, task_id: str) -> None:
    urls = harness.placeholders(server.api)
    task = harness.task_file(task_id)

    async def both_ways() -> list[tuple[str, float | None, float | None, Any]]:
        scores = []
        async with AsyncAgoraClient(server.api) as client:
            for name, steps in harness.runs(task_id):
                async def agora_side() -> Any:
                    async with await client.start(task_id) as episode:
                        await episode_play(episode, steps, urls)
                        return await episode.evaluate()

                own, reported = await asyncio.gather(agora_side(), harness_play(client, task_id, steps, urls))
                scores.append((name, own.score, reported.score, reported))
        return scores

    scores = harness.run_async(both_ways())
    for name, own, reported, evaluation in scores:
        assert own == reported, (task_id, name, own, reported, evaluation.details)
        assert reported == (1.0 if name == "gold" else 0.0), (task_id, name, evaluation.details)
        # The breakdown withholds the reference side: no check tells what was expected.
        checks = [check for report in evaluation.details["evaluators"] for check in report["checks"]]
        assert checks and all(check["expected"] == "" for check in checks), checks
    references = json.dumps(task["eval"].get("reference_answers")) + str(task["eval"].get("reference_url", ""))
    gold_answer = task["agora"]["gold"][-1].get("answer", "")
    for name, _, _, evaluation in scores:
        if name != "gold" and gold_answer:
            assert gold_answer not in json.dumps(evaluation.details), (name, references)


def test_tenant_requests_are_checked_and_bounded(server: Server) -> None:
    with AgoraClient(server.api) as client:
        bare = client.create_tenant()
        assert bare.task is None and bare.start_urls == []
        assert [cookie["name"] for cookie in bare.cookies] == ["agora_tenant"] * len(bare.cookies)
        assert len({cookie["domain"] for cookie in bare.cookies}) == len(bare.cookies) >= 4
        with pytest.raises(AgoraError) as untasked:
            client.evaluate_tenant(bare, url=bare.cookies[0]["url"])
        assert untasked.value.code == "not_a_task_tenant" and untasked.value.status == 409
        client.delete_tenant(bare)
        refused = httpx.post(server.api + "/tenants", json={"task_id": "classifieds/0", "tenant": "x"})
        assert refused.status_code in (400, 422) and "tenant" in refused.text
        tenant = client.create_tenant("classifieds/0")
        for body, why in [
            ({"url": "file:///etc/passwd"}, "file URL"),
            ({"url": "http://x/a", "tabs": ["http://x/b"]}, "active tab not among tabs"),
            ({"url": "http://x/a", "tabs": ["http://x/a"] * 11}, "more tabs than --max-tabs"),
            ({"url": "http://x/a", "secret": 1}, "unknown field"),
        ]:
            response = httpx.post(f"{server.api}/tenants/{tenant.id}/evaluate", json=body, timeout=60)
            assert 400 <= response.status_code < 500, (why, response.status_code, response.text)
        with pytest.raises(AgoraError) as unknown:
            client.delete_tenant("tn-" + "0" * 32)
        assert unknown.value.code == "unknown_tenant"
        # A browser asking the API is refused, tenant routes included.
        browser_like = httpx.post(server.api + "/tenants", json={}, headers={"Sec-Fetch-Site": "same-site"})
        assert browser_like.status_code == 403
        assert client.health()["tenants"] >= 1
        client.delete_tenant(tenant)
