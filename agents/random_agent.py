"""The uniformly random agent: every legal action equally likely."""

from __future__ import annotations

import numpy as np

from catan_env.games.catan.base.agents import KIND_RANDOM

from .base import register


class RandomAgent:
    """Plays a uniformly random legal action.

    Args:
        seed: seeds the agent's own generator (independent of the game's).
    """

    name = "random"
    #: The same choice rule inside the jitted self-play kernel.
    kernel_kind = KIND_RANDOM

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def act(self, game) -> int:
        legal = game.legal_actions()
        if legal.size == 0:
            raise ValueError("no legal action: the game is over")
        return int(legal[self.rng.integers(legal.size)])


register("random", RandomAgent)
