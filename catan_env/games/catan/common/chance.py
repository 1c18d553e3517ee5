"""What chance decided, read from a Catan state before and after an action.

The variants' ``chance`` modules (``spec.chance``) label the outcomes of
:func:`catan_env.chance.chance_outcomes` with these: the dice's total, the
development cards drawn, and the cards that left one hand for another.
"""

from __future__ import annotations

import numpy as np

from . import layout as L
from .constants import CARD_NAMES, DEV_NAMES, NUM_CARD_TYPES, NUM_DEV_TYPES


def roll_total(after: np.ndarray) -> str:
    return f"roll {int(after[L.DICE] + after[L.DICE + 1])}"


def dev_draws(before: np.ndarray, after: np.ndarray, n: int) -> list[str]:
    """Development cards that reached a hand."""
    out = []
    for q in range(n):
        for t in range(NUM_DEV_TYPES):
            i = L.DEV_HAND + q * NUM_DEV_TYPES + t
            if after[i] > before[i]:
                out.append(f"seat {q} draws {DEV_NAMES[t]}")
    return out


def steals(before: np.ndarray, after: np.ndarray, n: int) -> list[str]:
    """Cards that left one hand for another (steals; only asked when no dice were rolled)."""

    def change(q: int, r: int) -> int:
        i = L.HAND + q * NUM_CARD_TYPES + r
        return int(after[i]) - int(before[i])

    out = []
    for q in range(n):
        lost = []
        for r in range(NUM_CARD_TYPES):
            gained = sum(max(0, change(p, r)) for p in range(n) if p != q)
            lost += [CARD_NAMES[r]] * min(max(0, -change(q, r)), gained)
        if lost:
            out.append(f"steal {' and '.join(lost)} from seat {q}")
    return out


def whole_state(s: np.ndarray) -> bytes:
    """A ``merge_key`` that tells outcomes apart by the whole state."""
    return s.tobytes()


def never_redraws(s: np.ndarray) -> bool:
    """A ``redraws_without_bound`` for a variant with no draw repeated until it succeeds."""
    return False


def roll_draws_steals(before: np.ndarray, after: np.ndarray, rolled: bool) -> list[str]:
    """The ``describe`` of a variant whose chance is the roll's total, development
    cards drawn (none where the variant has none) and steals."""
    n = int(before[L.NUM_PLAYERS])
    parts = [roll_total(after)] if rolled else []
    parts += dev_draws(before, after, n)
    if not rolled:
        parts += steals(before, after, n)
    return parts
