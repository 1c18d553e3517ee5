"""The base game's chance outcomes (``spec.chance``): dice totals, deck draws, steals.

Only the total of the two dice has any effect in the base game, so outcomes
that differ in the faces alone are one outcome, shown with the first pair of
faces that gives the total: a roll has 11 outcomes (base §5.1).
"""

from __future__ import annotations

import numpy as np

from ..common import layout as L
from ..common.chance import never_redraws, roll_draws_steals


def merge_key(s: np.ndarray) -> bytes:
    """What tells two outcomes apart: the state, with the dice reduced to their total."""
    s = s.copy()
    s[L.DICE] += s[L.DICE + 1]
    s[L.DICE + 1] = 0
    return s.tobytes()


redraws_without_bound = never_redraws
describe = roll_draws_steals
