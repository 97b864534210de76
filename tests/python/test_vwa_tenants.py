"""VWA's `run.py` in parallel on private tenants: `scripts/vwa_tenants.py` gives each process
a tenant through its storage-state file and its share of the exported configs; two sessions
set up as VWA's `ScriptBrowserEnv.setup` does (a Playwright context with the config's
storage state and viewport, the start URL) change the forum in parallel and never see each
other's change."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import async_playwright

import harness
from conftest import AGORA, ROOT, Server


async def vwa_session(config_file: Path, forum: str) -> tuple[str, str]:
    """What VWA's setup does with a config, then a subscription to `forum`; returns the
    sidebar's subscriptions before and after."""
    config = json.loads(config_file.read_text())
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=harness.chromium())
        try:
            viewport = config.get("viewport_size") or {"width": 1280, "height": 2048}
            context = await browser.new_context(viewport=viewport, storage_state=config["storage_state"], device_scale_factor=1)
            page = await context.new_page()
            start_url = config["start_url"].split(" |AND| ")[0]
            await page.goto(start_url)
            sidebar = page.locator("#sidebar > section > ul").first
            before = await sidebar.inner_text()
            await page.goto(f"{start_url.rstrip('/')}/f/{forum}")
            await page.get_by_text("Subscribe", exact=True).first.click()
            await page.wait_for_load_state("networkidle")
            await page.goto(start_url)
            return before, await sidebar.inner_text()
        finally:
            await browser.close()


def test_two_vwa_processes_run_on_their_own_tenants(server: Server, tmp_path: Path) -> None:
    urls = harness.placeholders(server.api)
    exported = tmp_path / "export"
    result = subprocess.run(
        [
            str(AGORA), "tasks", "export", "--format", "vwa", "--no-login", "--out", str(exported),
            "--classifieds", urls["__CLASSIFIEDS__"], "--shopping", urls["__SHOPPING__"],
            "--reddit", urls["__REDDIT__"], "--homepage", urls["__HOMEPAGE__"], str(ROOT / "tasks" / "forum"),
        ],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = tmp_path / "runs"
    prepared = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "vwa_tenants.py"), "--api", server.api, "--processes", "2",
         "--configs", str(exported / "test_reddit"), "--out", str(out), "--prepare-only"],
        capture_output=True, text=True, timeout=120,
    )
    assert prepared.returncode == 0, prepared.stdout + prepared.stderr
    plans: list[dict[str, Any]] = json.loads((out / "tenants.json").read_text())
    assert len(plans) == 2 and plans[0]["tenant_id"] != plans[1]["tenant_id"]
    assert plans[0]["end"] <= plans[1]["start"], plans  # contiguous index ranges, no overlap
    for plan in plans:
        assert f"--test_start_idx {plan['start']} --test_end_idx {plan['end']}" in prepared.stdout
        state = json.loads(Path(plan["storage_state"]).read_text())
        names = {cookie["name"] for cookie in state["cookies"]}
        assert {"agora_tenant", "forum_session"} <= names, names
        configs = sorted(Path(plan["configs"]).glob("*.json"))
        assert configs and all(json.loads(path.read_text())["storage_state"] == plan["storage_state"] for path in configs)
    first = [sorted(Path(plan["configs"]).glob("*.json"), key=lambda path: int(path.stem))[0] for plan in plans]

    async def both() -> list[tuple[str, str]]:
        return await asyncio.gather(vwa_session(first[0], "aww"), vwa_session(first[1], "cats"))

    (before_a, after_a), (before_b, after_b) = harness.run_async(both())
    assert "aww" not in before_a.split() and "cats" not in before_b.split()
    assert "aww" in after_a.split() and "cats" not in after_a.split(), after_a
    assert "cats" in after_b.split() and "aww" not in after_b.split(), after_b
    for plan in plans:
        assert httpx.delete(f"{server.api}/tenants/{plan['tenant_id']}").status_code == 204
