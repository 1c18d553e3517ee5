"""What every Catan determinization shares: the resource hands and the trade in progress.

The opponents' hands are dealt again among them, each keeping its size, from
the pool the seat cannot see (base §12.2); cards an ongoing trade shows must
be held are reserved first. The variants' ``determinize`` modules
(``spec.determinize``) add their own cards, reservations and constraints.
"""

from __future__ import annotations

import numpy as np

from . import layout as L
from .constants import MAX_PLAYERS, NUM_CARD_TYPES
from .phases import TRADE_CLOSE, TRADE_COMPOSE, TRADE_RESPOND

_TRADE_PHASES = (TRADE_COMPOSE, TRADE_RESPOND, TRADE_CLOSE)


def trade_reserved(state: np.ndarray, seat: int) -> np.ndarray:
    """Cards each opponent must hold for the trade in progress (seat by type).

    The offer shows what the active player gives, an acceptance what the
    acceptor gives back.
    """
    res = np.zeros((MAX_PLAYERS, NUM_CARD_TYPES), np.int64)
    n = int(state[L.NUM_PLAYERS])
    a = int(state[L.ACTIVE_PLAYER])
    if state[L.PHASE] in _TRADE_PHASES:
        give = state[L.TRADE_GIVE : L.TRADE_GIVE + NUM_CARD_TYPES]
        want = state[L.TRADE_WANT : L.TRADE_WANT + NUM_CARD_TYPES]
        if a != seat:
            res[a] += give
        for q in range(n):
            if q != seat and state[L.TRADE_ANSWER + q] == L.ANSWER_ACCEPT:
                res[q] += want
    return res


def deal_hands(s: np.ndarray, seats: list[int], reserved: np.ndarray, rng) -> None:
    """Deal the cards in ``seats``' hands again among them, sizes and reservations kept."""
    if not seats:
        return
    hands = s[L.HAND : L.HAND + MAX_PLAYERS * NUM_CARD_TYPES].reshape(MAX_PLAYERS, NUM_CARD_TYPES)
    pool = hands[seats].sum(axis=0) - reserved[seats].sum(axis=0)
    cards = np.repeat(np.arange(NUM_CARD_TYPES), pool)
    rng.shuffle(cards)
    i = 0
    for q in seats:
        take = int(hands[q].sum() - reserved[q].sum())
        hands[q] = reserved[q] + np.bincount(cards[i : i + take], minlength=NUM_CARD_TYPES)
        i += take
