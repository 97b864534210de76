#!/usr/bin/env python3
"""Rollout throughput: N episodes in parallel over a running `agora up`, each a scripted
policy that replays a shipped task's gold path through the API (`AsyncAgoraClient`), one
task after another until the time is up; prints steps/s and episodes/hour.

    target/python/bin/python scripts/bench_rollouts.py --api http://127.0.0.1:8400 \\
        --parallel 4 --seconds 120 --tasks classifieds/0 classifieds/1 forum/23

A policy step is one API step (an action, settled, observed with a Set-of-Marks
screenshot); resolving a gold locator to a mark is one `locate` call, not counted as a step.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "clients" / "python" / "src"))

from agora_env import AsyncAgoraClient  # noqa: E402

PLACEHOLDERS = {"classifieds": "__CLASSIFIEDS__", "shopping": "__SHOPPING__", "forum": "__REDDIT__", "homepage": "__HOMEPAGE__"}


def gold(task_id: str) -> list[dict[str, Any]]:
    parts = task_id.split("/")
    path = ROOT / "tasks" / Path(*parts).with_suffix(".json")
    return json.loads(path.read_text())["agora"]["gold"]


async def rollout(client: AsyncAgoraClient, task_id: str, urls: dict[str, str]) -> tuple[int, float, float]:
    """One episode of the task's gold path: (steps, seconds, score)."""
    started = time.monotonic()
    steps = 0
    async with await client.start(task_id, observe={"screenshot": "som", "format": "jpeg"}) as episode:
        for step in gold(task_id):
            action = {key: value for key, value in step.items() if key != "target"}
            if "url" in action:
                for placeholder, base in urls.items():
                    action["url"] = action["url"].replace(placeholder, base)
            if "target" in step:
                css = step["target"].get("css")
                if css is None:
                    raise SystemExit(f"{task_id}: the bench replays CSS targets only")
                found = await client._request("POST", f"/episodes/{episode.id}/locate", json={"css": css})
                action["id"] = found["id"]
            result = await episode.step(action)
            steps += 1
            if result.error is not None:
                raise SystemExit(f"{task_id}: {action} refused: {result.error}")
        score = (await episode.evaluate()).score or 0.0
    return steps, time.monotonic() - started, score


async def main(args: argparse.Namespace) -> None:
    async with AsyncAgoraClient(args.api, token=args.token, max_connections=4 * args.parallel) as client:
        sites = await client._request("GET", "/sites")
        urls = {PLACEHOLDERS[site["name"]]: site["url"].rstrip("/") for site in sites if site["name"] in PLACEHOLDERS}
        deadline = time.monotonic() + args.seconds
        done: list[tuple[int, float, float]] = []
        next_task = 0

        async def worker() -> None:
            nonlocal next_task
            while time.monotonic() < deadline:
                task_id = args.tasks[next_task % len(args.tasks)]
                next_task += 1
                done.append(await rollout(client, task_id, urls))

        started = time.monotonic()
        await asyncio.gather(*(worker() for _ in range(args.parallel)))
        elapsed = time.monotonic() - started
    steps = sum(result[0] for result in done)
    durations = [result[1] for result in done]
    print(json.dumps({
        "parallel": args.parallel,
        "episodes": len(done),
        "steps": steps,
        "seconds": round(elapsed, 1),
        "steps_per_s": round(steps / elapsed, 2),
        "episodes_per_hour": round(len(done) / elapsed * 3600),
        "episode_s_median": round(statistics.median(durations), 2) if durations else None,
        "mean_score": round(statistics.fmean(result[2] for result in done), 3) if done else None,
    }))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default="http://127.0.0.1:8400")
    parser.add_argument("--token")
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--tasks", nargs="+", default=["classifieds/0", "classifieds/1", "classifieds/2", "forum/23", "forum/24"])
    asyncio.run(main(parser.parse_args()))
