"""Explorers & Pirates' chance outcomes (``spec.chance``): dice and steals.

Outcomes are told apart by the whole state, dice faces included: the base
game's merge of rolls with the same total is not assumed here.
"""

from __future__ import annotations

import numpy as np

from ..common import layout as L
from ..common.chance import roll_total, steals


def merge_key(s: np.ndarray) -> bytes:
    """What tells two outcomes apart: the whole state."""
    return s.tobytes()


def redraws_without_bound(s: np.ndarray) -> bool:
    """No draw of Explorers & Pirates is repeated until it succeeds."""
    return False


def describe(before: np.ndarray, after: np.ndarray, rolled: bool) -> list[str]:
    """What chance decided: the roll's total, a steal."""
    n = int(before[L.NUM_PLAYERS])
    parts = [roll_total(after)] if rolled else []
    if not rolled:
        parts += steals(before, after, n)
    return parts
