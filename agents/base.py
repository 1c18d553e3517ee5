"""The agent interface and the registry used by ``catan-env simulate``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from catan_env import Game


class Agent(Protocol):
    """Anything that picks a legal action for the seat that must decide.

    ``act`` receives the :class:`~catan_env.Game` and plays for
    ``game.current_player``. An agent may use only what that seat knows: its
    observation (``game.observe(seat)``), ``game.action_mask()``, and public
    facts; shipped agents are tested for it by scrambling everything the seat
    cannot see and checking the choice does not change. Agents that work from
    the observation alone (trained policies) call :func:`observation_of`.

    Attributes:
        name: short name used in tables and on the command line.
        kernel_kind: ``None``, or the integer kind of the jitted policy that
            makes the same choices inside the self-play kernel
            (:mod:`catan_env.engine.selfplay`).
    """

    name: str
    kernel_kind: int | None

    def act(self, game: Game) -> int:
        """The action id to play now (one of ``game.legal_actions()``)."""
        ...


def observation_of(game: Game) -> dict[str, np.ndarray]:
    """The PettingZoo-style observation of the seat that must decide."""
    p = game.current_player
    return {"observation": game.observe(p), "action_mask": game.action_mask().astype(np.int8)}


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
