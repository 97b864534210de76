"""Python client and Gymnasium environments for Agora.

`AgoraClient` is a thin client over Agora's HTTP API (episodes, steps, observations with
PIL images, evaluation, tasks, tenants for browsers you drive yourself); `AsyncAgoraClient`
is the same on `httpx.AsyncClient`; `AgoraEnv` wraps one episode as a `gymnasium.Env` and
`AgoraVectorEnv` N of them as a `gymnasium.vector.VectorEnv`.
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
    Tenant,
)
from .aio import AsyncAgoraClient, AsyncEpisode
from .gym_env import AgoraEnv
from .vector_env import AgoraVectorEnv

__all__ = [
    "AgoraClient",
    "AgoraEnv",
    "AgoraVectorEnv",
    "AsyncAgoraClient",
    "AsyncEpisode",
    "AgoraError",
    "BoundingBox",
    "Element",
    "Episode",
    "Evaluation",
    "Observation",
    "StepError",
    "StepResult",
    "TaskSummary",
    "Tenant",
]
