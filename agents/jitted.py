"""Agents whose policy is jitted: the same choice in ``act`` and in the self-play kernel."""

from __future__ import annotations

import numpy as np

from catan_env.games.catan.base.agents import KIND_HEURISTIC, KIND_NAMES, KIND_WEIGHTED
from catan_env.games.catan.common.rng import seed_at

from .base import register


def kernel_rng(seed: int | None) -> np.ndarray:
    """The generator words a kernel agent draws from, seeded by ``seed`` (``None``: one
    drawn from the operating system)."""
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1)[0])
    rng = np.zeros(2, np.int32)
    seed_at(rng, 0, int(seed) % (2**62))
    return rng


class JittedAgent:
    """An agent that decides with a jitted policy of :mod:`catan_env.games.catan.base.agents`.

    ``act(game)`` calls the same numba function the batched simulator runs, so
    a Python loop over :class:`~catan_env.Game` and ``catan-env simulate``
    play the same policy; ``act`` reads only what the seat that must decide
    can see (tested by scrambling the hidden information).

    Args:
        kind: the jitted agent kind (``KIND_*`` of :mod:`catan_env.games.catan.base.agents`).
        seed: seeds the agent's own generator (independent of the game's);
            ``None`` draws one from the operating system.
    """

    def __init__(self, kind: int, seed: int | None = None):
        if kind not in range(len(KIND_NAMES)):
            raise ValueError(f"unknown jitted agent kind {kind!r}; kinds are {KIND_NAMES}")
        self.kernel_kind = kind
        self.name = KIND_NAMES[kind]
        self.rng = kernel_rng(seed)
        self._buffers: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        variant = game.variant
        bufs = self._buffers.get(variant.name)
        if bufs is None:
            from catan_env.simulate import check_kinds

            check_kinds(variant, [self.kernel_kind])
            bufs = (
                np.zeros(game.num_actions, np.int32),
                np.zeros(variant.agent_work_size, np.int32),
            )
            self._buffers[variant.name] = bufs
        legal, work = bufs
        return int(
            variant.choose_action(self.kernel_kind, game.state, game.tables, self.rng, legal, work)
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class WeightedRandomAgent(JittedAgent):
    """A random legal action with building favoured and trade offers rare.

    A stronger random baseline: building and development (or C&K improvement)
    actions weigh 40, card plays 10, ending the turn and other choices 4,
    maritime trades 2 and composing an offer 1.

    Args:
        seed: seeds the agent's own generator.
    """

    def __init__(self, seed: int | None = None):
        super().__init__(KIND_WEIGHTED, seed)


class HeuristicAgent(JittedAgent):
    """The value-function player (``games.catan.base.heuristic``;
    C&K: ``games.catan.cities_and_knights.heuristic``).

    Scores each legal action by a one-step lookahead on a hand-made value of
    the position: production by pip counts and resource diversity, victory
    points, the building spots and purchases within reach, longest road and
    largest army, the robber; in Cities & Knights also commodities,
    improvement levels and metropolises, knights against the barbarians and
    where they stand (moving, chasing the robber, displacing), city walls and
    progress cards. Actions with hidden or random outcomes (rolls, steals,
    development-card buys) are scored from public facts only. Explorers &
    Pirates has its own scored policy (``games.catan.explorers_and_pirates.heuristic``,
    domestic trade included).

    Args:
        seed: seeds the generator that breaks ties.
    """

    def __init__(self, seed: int | None = None):
        super().__init__(KIND_HEURISTIC, seed)


register("weighted", WeightedRandomAgent)
register("heuristic", HeuristicAgent)
