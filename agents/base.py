"""The agent interface and the registry used by ``catan-env simulate``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np


class Agent(Protocol):
    """Anything that picks a legal action from a seat's observation.

    Attributes:
        name: short name used in tables and on the command line.
        kernel_kind: ``None``, or the integer kind of the jitted policy that
            makes the same choices inside the self-play kernel
            (:mod:`catan_env.engine.selfplay`).
    """

    name: str
    kernel_kind: int | None

    def act(self, observation: dict[str, np.ndarray]) -> int:
        """The action id to play; ``observation["action_mask"]`` marks the legal ones."""
        ...


_REGISTRY: dict[str, Callable[..., Agent]] = {}


def register(name: str, factory: Callable[..., Agent]) -> None:
    _REGISTRY[name] = factory


def registered_agents() -> list[str]:
    return sorted(_REGISTRY)


def make_agent(name: str, seed: int | None = None) -> Agent:
    """Build a registered agent by name (``"random"``)."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown agent {name!r}; available agents: {', '.join(registered_agents())}"
        ) from None
    return factory(seed=seed)
