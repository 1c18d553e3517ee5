"""What every variant's explanations of illegal actions share."""

from __future__ import annotations

import numpy as np

from . import layout as L
from .constants import NUM_CARD_TYPES


def cannot_afford(s: np.ndarray, p: int, cost, names) -> str | None:
    """Why seat ``p`` cannot pay ``cost`` (None when it can), naming the card types
    with ``names`` (the resources, or in C&K every card type)."""
    hand = s[L.HAND + p * NUM_CARD_TYPES : L.HAND + (p + 1) * NUM_CARD_TYPES]
    if (hand >= cost).all():
        return None
    need = " + ".join(f"{c} {names[r]}" for r, c in enumerate(cost) if c)
    held = ", ".join(f"{int(hand[r])} {names[r]}" for r in range(len(names)) if cost[r])
    return f"it costs {need} and seat {p} holds {held}"
