"""The agent interface and the registry used by ``catan-env simulate``."""

from __future__ import annotations

import inspect
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
            (:mod:`catan_env.games.catan.base.agents`).
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
    """Build a registered agent from its spec: ``"random"``, or ``"name:arg"``.

    The part before the first ``:`` picks the factory; the rest (a model path,
    for instance) is passed to it as its first argument other than ``seed``
    (by that argument's name, so it never lands on ``seed``), so agents that
    load something are named on the command line like ``ppo:runs/model.zip``
    and ``mcts:0.5`` (half a second of search per move). A spec whose first
    part is no registered name, ``mymodule:MyAgent`` or
    ``path/to/file.py:MyAgent``, is your own agent, imported by
    :func:`catan_env.agent_spec.load_custom_agent`.
    """
    base, sep, arg = name.partition(":")
    try:
        factory = _REGISTRY[base]
    except KeyError:
        from catan_env.agent_spec import is_custom_spec, load_custom_agent

        if is_custom_spec(name):  # your own agent: module:Class or file.py:Class
            return load_custom_agent(name, seed)
        raise ValueError(
            f"unknown agent {base!r}; available agents: {', '.join(registered_agents())}, "
            "or your own as module:Class or path/to/file.py:Class"
        ) from None
    param, needs = _argument_of(factory)
    if sep:
        if param is None:
            raise ValueError(f"agent {base!r} takes no argument, got {name!r}")
        if not arg:
            raise ValueError(f"agent {base!r} needs an argument after ':', got {name!r}")
        return factory(**{param: arg}, seed=seed)
    if needs:
        raise ValueError(f"agent {base!r} needs an argument: {base}:ARG")
    return factory(seed=seed)


def _argument_of(factory: Callable[..., Agent]) -> tuple[str | None, bool]:
    """The name of ``factory``'s first argument besides ``seed`` that can be passed by
    name (None: it has none), and whether it must be given."""
    for p in inspect.signature(factory).parameters.values():
        if p.name != "seed" and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            return p.name, p.default is inspect.Parameter.empty
    return None, False
