#!/usr/bin/env python3
"""Run VisualWebArena's `run.py` as N processes in parallel, each on a private Agora tenant.

Each process gets a tenant of its own from a running `agora up` (`POST /tenants`, logged in
to the sites its tasks need) as a Playwright storage-state file, and a copy of its share of
the exported task configs (`agora tasks export --format vwa`) whose `storage_state` names
that file. VWA's browser then carries the tenant's cookie on every site, so the processes
never see each other's carts, posts or votes. VWA's `run.py` must keep a storage state that
already selects an Agora tenant instead of logging in again (a one-line patch, docs/VWA.md
§4); its REST-based helpers and its reset call carry no cookie and reach the shared tenant.

    python scripts/vwa_tenants.py --api http://127.0.0.1:8400 --processes 4 \\
        --configs ../visualwebarena/config_files/agora/test_classifieds --out runs/vwa \\
        --vwa ../visualwebarena -- --observation_type image_som --model gpt-4o

`--prepare-only` writes the tenants' files and configs and prints the commands without
running them. The tenants are deleted when the processes have ended.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

# VWA's site names in `sites` → what Agora logs in.
LOGIN_SITES = {"shopping": "shopping", "reddit": "reddit", "classifieds": "classifieds"}


def api_call(api: str, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(api.rstrip("/") + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token:
        request.add_header("authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=120) as response:
        payload = response.read()
    return json.loads(payload) if payload else None


def task_configs(folder: Path) -> list[tuple[int, dict[str, Any]]]:
    """The exported configs `<id>.json`, by id."""
    configs = []
    for path in folder.glob("*.json"):
        if path.stem.isdigit():
            configs.append((int(path.stem), json.loads(path.read_text())))
    if not configs:
        raise SystemExit(f"no <id>.json task configs in {folder}: export them with `agora tasks export --format vwa`")
    return sorted(configs, key=lambda config: config[0])


def shares(configs: list[tuple[int, dict[str, Any]]], processes: int) -> list[list[tuple[int, dict[str, Any]]]]:
    """`processes` contiguous shares of the configs, as even as they go."""
    size, extra = divmod(len(configs), processes)
    out, start = [], 0
    for index in range(processes):
        end = start + size + (1 if index < extra else 0)
        out.append(configs[start:end])
        start = end
    return [share for share in out if share]


def prepare(api: str, token: str | None, configs: Path, out: Path, processes: int) -> list[dict[str, Any]]:
    """Makes a tenant per process and writes its storage state and configs; returns what
    each process runs."""
    plans = []
    for index, share in enumerate(shares(task_configs(configs), processes)):
        logins = sorted({LOGIN_SITES[site] for _, config in share for site in config.get("sites", []) if site in LOGIN_SITES and config.get("require_login")})
        tenant = api_call(api, "POST", "/tenants", {"logins": logins}, token)
        folder = out / f"process_{index}"
        (folder / ".auth").mkdir(parents=True, exist_ok=True)
        state = (folder / ".auth" / "agora_tenant_state.json").resolve()
        state.write_text(json.dumps(tenant["storage_state"], indent=2))
        config_dir = folder / "configs"
        config_dir.mkdir(exist_ok=True)
        for task_id, config in share:
            # Every task carries the state, also those VWA runs logged out: the tenant's
            # cookie selects its data on every site.
            config["storage_state"] = str(state)
            (config_dir / f"{task_id}.json").write_text(json.dumps(config, indent=2))
        plans.append(
            {
                "tenant_id": tenant["tenant_id"],
                "configs": str(config_dir.resolve()),
                "start": share[0][0],
                "end": share[-1][0] + 1,
                "results": str((folder / "results").resolve()),
                "storage_state": str(state),
            }
        )
    (out / "tenants.json").write_text(json.dumps(plans, indent=2))
    return plans


def command(plan: dict[str, Any], extra: list[str]) -> list[str]:
    return [
        sys.executable, "run.py",
        "--test_config_base_dir", plan["configs"],
        "--test_start_idx", str(plan["start"]),
        "--test_end_idx", str(plan["end"]),
        "--result_dir", plan["results"],
        *extra,
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default=os.environ.get("AGORA_URL", "http://127.0.0.1:8400"), help="Agora's API (agora up)")
    parser.add_argument("--token", default=os.environ.get("AGORA_TOKEN"), help="the API's bearer token, if it has one")
    parser.add_argument("--configs", type=Path, required=True, help="a folder of exported VWA configs (<id>.json)")
    parser.add_argument("--out", type=Path, required=True, help="where each process's state, configs and results go")
    parser.add_argument("--processes", type=int, default=2, help="how many run.py processes (default 2)")
    parser.add_argument("--vwa", type=Path, default=Path("."), help="VWA's checkout, where run.py is")
    parser.add_argument("--prepare-only", action="store_true", help="make the tenants and files, print the commands, run nothing")
    parser.add_argument("run_py_args", nargs="*", help="arguments for run.py after --")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    plans = prepare(args.api, args.token, args.configs, args.out, args.processes)
    commands = [command(plan, args.run_py_args) for plan in plans]
    for plan, argv in zip(plans, commands):
        print(f"tenant {plan['tenant_id']}: cd {shlex.quote(str(args.vwa))} && {shlex.join(argv)}")
    if args.prepare_only:
        return 0
    try:
        running = [subprocess.Popen(argv, cwd=args.vwa) for argv in commands]
        codes = [process.wait() for process in running]
    finally:
        for plan in plans:
            try:
                api_call(args.api, "DELETE", f"/tenants/{plan['tenant_id']}", token=args.token)
            except OSError as error:
                print(f"tenant {plan['tenant_id']} was not deleted: {error}", file=sys.stderr)
    return max(codes, default=0)


if __name__ == "__main__":
    sys.exit(main())
