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


def opening_reason(s: np.ndarray, family: str, in_action_phase: bool, arg, names) -> str | None:
    """Why an offer cannot open this way (None: the protocol is not the reason).

    Under ``trade_protocol="pairs"`` an offer opens with ``offer(give->want)`` and
    its single cards are added afterwards; under ``"cards"`` it opens card by
    card and ``offer`` is never legal. ``arg`` is the pair of an ``offer``
    action, ``names`` the card types' names.
    """
    pairs = s[L.OPT_DOMESTIC_TRADE] == L.DOMESTIC_TRADE_PAIRS
    if family in ("offer_give", "offer_want", "offer_give_gold", "offer_want_gold"):
        if in_action_phase and pairs:
            return "an offer opens with a pair, e.g. offer(wool->ore) (trade_protocol='pairs')"
        return None
    if family != "offer":
        return None
    if not pairs:
        return "offers are composed card by card here (trade_protocol='cards')"
    if not in_action_phase:
        return "a pair only opens an offer; add cards with offer_give and offer_want"
    return f"seat {int(s[L.CURRENT_PLAYER])} holds no {names[arg[0]]} to offer"
