"""Cities & Knights' shaping terms for the Gymnasium env (``spec.shaping``).

:class:`catan_env.gym_env.CatanEnv` adds ``weight * (x_after - x_before)`` at
every step for each quantity ``x`` of the learner's own position it is asked
for; beyond victory points (every variant), C&K offers the road to
metropolises and the defence against the barbarians.
"""

from __future__ import annotations

import numpy as np

from ..board.standard import NUM_VERTICES
from ..common.layout import KNIGHT_OWNER
from .constants import NUM_TRACKS
from .layout import KNIGHT_ACTIVE, KNIGHT_STRENGTH, LEVEL


def improvement_levels(state: np.ndarray, seat: int) -> int:
    """City-improvement levels, summed over the three tracks (C&K §3.12)."""
    return int(state[LEVEL + seat * NUM_TRACKS : LEVEL + (seat + 1) * NUM_TRACKS].sum())


def active_knight_strength(state: np.ndarray, seat: int) -> int:
    """The strength of the seat's active knights, which defend Catan (C&K §3.16)."""
    owner = state[KNIGHT_OWNER : KNIGHT_OWNER + NUM_VERTICES]
    strength = state[KNIGHT_STRENGTH : KNIGHT_STRENGTH + NUM_VERTICES]
    active = state[KNIGHT_ACTIVE : KNIGHT_ACTIVE + NUM_VERTICES]
    return int(strength[(owner == seat) & (active != 0)].sum())


#: (shaping weight, a keyword of ``CatanEnv``; the quantity it weighs).
SHAPING = (
    ("improvement_reward", improvement_levels),
    ("knight_reward", active_knight_strength),
)
