"""Agora's MCP server through the official MCP Python SDK: over stdio (`agora mcp`) and over
streamable HTTP (`/mcp` on `agora up`), a classifieds task's gold path as tool calls."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

import gold_path
from conftest import ROOT, Server, agora_command

TASK = "classifieds/13"  # goto, a click by text, a click on a listing link, stop


def text_of(result: Any) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


async def run_gold_path(session: ClientSession) -> None:
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    for name in ["list_tasks", "start_episode", "observe", "evaluate", "close_episode", "click", "type",
                 "select", "press", "scroll", "goto", "go_back", "tab_focus", "stop", "mouse_click", "mouse_drag"]:
        assert name in tools, f"no {name} tool"
    assert tools["click"].input_schema["required"] == ["id"]
    assert set(tools["type"].input_schema["properties"]) == {"id", "text", "enter", "episode_id"}

    listed = await session.call_tool("list_tasks", {})
    assert TASK in {task["task_id"] for task in listed.structured_content["tasks"]}

    started = await session.call_tool("start_episode", {"task_id": TASK, "max_elements": 5, "max_text_chars": 2000})
    assert not started.is_error, text_of(started)
    images = [block for block in started.content if block.type == "image"]
    assert images and images[0].mime_type == "image/jpeg"
    text = text_of(started)
    assert "Toyota Tacoma" in text and "Tab 0 (current)" in text
    assert len(started.structured_content["elements"]) <= 5 and "raise max_elements" in text
    site = "{0.scheme}://{0.netloc}".format(urlsplit(started.structured_content["url"]))

    looked: dict[str, Any] = {}

    async def observe() -> None:
        result = await session.call_tool(
            "observe", {"axtree": True, "screenshot": "none", "max_elements": 1000, "max_text_chars": 1_000_000}
        )
        assert not result.is_error, text_of(result)
        looked["elements"] = result.structured_content["elements"]
        looked["axtree"] = text_of(result).split("Accessibility tree:\n", 1)[1]

    task = gold_path.load(TASK)
    for step in task["agora"]["gold"]:
        if "target" in step:
            await observe()
        action = next(gold_path.actions({"agora": {"gold": [step]}}, site, lambda: (looked["elements"], looked["axtree"])))
        name = action.pop("action")
        result = await session.call_tool(name, action)
        assert not result.is_error, (name, text_of(result))
    assert result.structured_content["done"] is True

    refused = await session.call_tool("click", {"id": 1})
    assert refused.is_error and "episode_finished" in text_of(refused)

    evaluated = await session.call_tool("evaluate", {})
    assert evaluated.structured_content["score"] == 1.0, text_of(evaluated)
    closed = await session.call_tool("close_episode", {})
    assert not closed.is_error
    missing = await session.call_tool("observe", {})
    assert missing.is_error and "start_episode" in text_of(missing)


def test_mcp_over_stdio_runs_a_gold_path(tmp_path: Path) -> None:
    command = agora_command("mcp", tmp_path / "trajectories", pool_size=1)
    params = StdioServerParameters(
        command=command[0], args=command[1:], cwd=str(ROOT),
        env={"AGORA_LOG": os.environ.get("AGORA_LOG", "warn")},
    )

    async def main() -> None:
        with (tmp_path / "agora-mcp.log").open("w") as log:
            async with stdio_client(params, errlog=log) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                await run_gold_path(session)

    asyncio.run(main())


def test_mcp_over_http_runs_a_gold_path(server: Server) -> None:
    async def main() -> None:
        async with streamable_http_client(server.api + "/mcp") as streams, ClientSession(streams[0], streams[1]) as session:
            await session.initialize()
            await run_gold_path(session)

    asyncio.run(main())


def test_mcp_over_stdio_answers_malformed_lines_and_keeps_serving(tmp_path: Path) -> None:
    """JSON-RPC's own codes for lines that are not messages (-32700 not JSON, -32600 not a
    request), then a well-formed request on the same stdio is served as usual."""
    command = agora_command("mcp", tmp_path / "trajectories", pool_size=1)
    with (tmp_path / "agora-mcp.log").open("w") as log:
        process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=log, text=True, env={**os.environ, "AGORA_LOG": "warn"})
    try:
        assert process.stdin is not None and process.stdout is not None
        initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw-stdio-test", "version": "1"}}}
        lines = ["{not json", json.dumps({"jsonrpc": "2.0", "id": 7, "method": 42}), json.dumps(initialize)]
        process.stdin.write("\n".join(lines) + "\n")
        process.stdin.flush()
        answers = [json.loads(process.stdout.readline()) for _ in lines]
        assert answers[0]["error"]["code"] == -32700 and "id" not in answers[0], answers[0]
        assert answers[1]["error"]["code"] == -32600 and answers[1]["id"] == 7, answers[1]
        assert answers[2]["id"] == 1 and answers[2]["result"]["serverInfo"], answers[2]
    finally:
        process.kill()
        process.wait()
