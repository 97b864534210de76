"""Python client and Gymnasium environment for Agora.

`AgoraClient` is a thin client over Agora's HTTP API (episodes, steps, observations with
PIL images, evaluation, tasks); `AgoraEnv` wraps it as a `gymnasium.Env`.
"""

from .client import (
    AgoraClient,
    AgoraError,
    BoundingBox,
    Element,
    Episode,
    Evaluation,
    Observation,
    StepError,
    StepResult,
    TaskSummary,
)
from .gym_env import AgoraEnv

__all__ = [
    "AgoraClient",
    "AgoraEnv",
    "AgoraError",
    "BoundingBox",
    "Element",
    "Episode",
    "Evaluation",
    "Observation",
    "StepError",
    "StepResult",
    "TaskSummary",
]
