"""One real `agora up` shared by every Python test (client, Gymnasium env, example, MCP
over HTTP); the MCP stdio test starts its own `agora mcp`; the VWA replays share one
`agora sites`."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
AGORA = Path(os.environ.get("AGORA_BIN", ROOT / "target" / "debug" / "agora"))
DATA_DIR = Path(os.environ.get("AGORA_DATA_DIR", ROOT / "data"))
READY_CAP_S = 600  # a fresh checkout seeds the sites first


@dataclass(frozen=True)
class Server:
    """A running `agora up`."""

    api: str
    classifieds: str


def agora_command(command: str, trajectories: Path, pool_size: int = 2) -> list[str]:
    """`agora <command>` on free ports, the shared data directory and a private trajectory folder."""
    if not AGORA.is_file():
        raise RuntimeError(f"{AGORA} is missing: build it with `cargo build --bin agora` (./dev test does)")
    return [
        str(AGORA), command,
        "--data-dir", str(DATA_DIR),
        "--port", "classifieds=0",
        "--port", "shopping=0",
        "--port", "forum=0",
        "--port", "homepage=0",
        "--port", "webui=0",
        "--api-port", "0",
        "--pool-size", str(pool_size),
        "--trajectory-dir", str(trajectories),
    ]


def start(command: list[str], folder: Path, ready: Callable[[str, dict[str, str]], bool]) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """Starts `command` (its log in `folder`) and reads the site URLs it prints (`name  url`)
    until `ready(line, urls)`; kills it if that takes longer than READY_CAP_S."""
    log = (folder / "agora.log").open("w")
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    log.close()
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    urls: dict[str, str] = {}
    deadline = time.monotonic() + READY_CAP_S
    try:
        while True:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line is None:
                raise RuntimeError(f"{command[1]} exited: see {folder / 'agora.log'}")
            match = re.match(r"\s*(\w+)\s+(http://\S+)", line)
            if match:
                urls.setdefault(match.group(1), match.group(2))
            if ready(line, urls):
                return process, urls
    except queue.Empty:
        process.kill()
        raise RuntimeError(f"agora {command[1]} was not ready within {READY_CAP_S} s: see {folder / 'agora.log'}")
    except BaseException:
        process.kill()
        raise


def stop(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("agora")
    process, urls = start(
        agora_command("up", folder / "trajectories"), folder, lambda line, _: "Press Ctrl-C" in line
    )
    try:
        yield Server(api=urls["API"], classifieds=urls["classifieds"])
    finally:
        stop(process)


@dataclass(frozen=True)
class Sites:
    """A running `agora sites`: each site's base URL (no trailing slash) by Agora's name and
    by VWA's (`reddit` for the forum)."""

    urls: dict[str, str]


SITE_NAMES = ["classifieds", "shopping", "forum", "homepage", "webui"]


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sites]:
    """`agora sites` alone, as VWA's harness uses Agora (no controller), on free ports."""
    if not AGORA.is_file():
        raise RuntimeError(f"{AGORA} is missing: build it with `cargo build --bin agora` (./dev test does)")
    command = [str(AGORA), "sites", "--data-dir", str(DATA_DIR)]
    for name in SITE_NAMES:
        command += ["--port", f"{name}=0"]
    process, urls = start(
        command, tmp_path_factory.mktemp("agora-sites"), lambda _, urls: all(name in urls for name in SITE_NAMES)
    )
    urls = {name: url.rstrip("/") for name, url in urls.items()}
    urls["reddit"] = urls["forum"]
    try:
        yield Sites(urls=urls)
    finally:
        stop(process)
