"""Runs one Agora task with a scripted policy through the Gymnasium environment.

    python examples/run_task.py --url http://127.0.0.1:8400 --task classifieds/30

The policy below solves classifieds/30 ("How many Kawasaki KLR650 listings in New York show
a green motorcycle in their photo?"): it searches, then answers. Replace `policy` with your
agent: it gets the observation dict (SoM screenshot as a numpy array, SoM text) and the
info dict (URL, intent, elements) and returns one action in VWA's grammar.
"""

from __future__ import annotations

import argparse
from typing import Any
from urllib.parse import urlsplit

from agora_env import AgoraEnv


def policy(step: int, observation: dict[str, Any], info: dict[str, Any]) -> str:
    """A scripted agent: search the listings, then give the answer."""
    site = "{0.scheme}://{0.netloc}".format(urlsplit(info["url"]))
    if step == 0:
        return f"goto [{site}/index.php?page=search&sPattern=Kawasaki+KLR650&sRegion=3]"
    return "stop [3]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8400", help="Agora's API")
    parser.add_argument("--token", default=None, help="the server's --token, if it has one")
    parser.add_argument("--task", default="classifieds/30")
    arguments = parser.parse_args()

    env = AgoraEnv(arguments.url, token=arguments.token, max_steps=10)
    try:
        observation, info = env.reset(options={"task": arguments.task})
        print(f"task {arguments.task}: {info['intent']}")
        print(f"screenshot {observation['screenshot'].shape}, {len(info['elements'])} marked elements")
        step, terminated, truncated, reward = 0, False, False, 0.0
        while not (terminated or truncated):
            action = policy(step, observation, info)
            observation, reward, terminated, truncated, info = env.step(action)
            error = info["error"].message if info["error"] else ""
            print(f"step {step}: {action} -> {info.get('url', '')} {error}")
            step += 1
        print(f"reward {reward}")
    finally:
        env.close()


if __name__ == "__main__":
    main()
