"""One real `agora up` shared by every Python test (client, Gymnasium env, example, MCP
over HTTP); the MCP stdio test starts its own `agora mcp`."""

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
from typing import Iterator

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


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("agora")
    log = (folder / "agora.log").open("w")
    process = subprocess.Popen(
        agora_command("up", folder / "trajectories"),
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True,
    )
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
        while "Press Ctrl-C" not in "".join(urls.get("_last", "")):
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line is None:
                raise RuntimeError(f"agora up exited: see {folder / 'agora.log'}")
            match = re.match(r"\s+(\w+)\s+(http://\S+)", line)
            if match:
                urls.setdefault(match.group(1), match.group(2))
            urls["_last"] = line
    except queue.Empty:
        process.kill()
        raise RuntimeError(f"agora up was not ready within {READY_CAP_S} s: see {folder / 'agora.log'}")
    try:
        yield Server(api=urls["API"], classifieds=urls["classifieds"])
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
