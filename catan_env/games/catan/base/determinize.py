"""The base game's determinization (``spec.determinize``): development cards and the deck.

The pool is every development card not played and not in the seat's hand;
each opponent keeps its number of cards and of cards bought this turn, the
deck its size, in a new order (base §12.2). The hidden VP cards never give an
opponent the VP to win (it would have won already).
"""

from __future__ import annotations

import numpy as np

from ..common import layout as L
from ..common.constants import DEV_COUNTS, DEV_DECK_SIZE, MAX_PLAYERS, NUM_DEV_TYPES, VICTORY_POINT
from ..common.determinize import trade_reserved


def kept(state: np.ndarray, seat: int) -> tuple[set[int], set[int]]:
    """No base decision shows a seat an opponent's hand or development cards."""
    return set(), set()


def reserved(state: np.ndarray, seat: int) -> np.ndarray:
    """Cards each opponent must hold for the decision in progress: a trade's only."""
    return trade_reserved(state, seat)


def deal_cards(s: np.ndarray, seats: list[int], rng) -> None:
    """Deal ``seats``' development cards and the deck again."""
    size = MAX_PLAYERS * NUM_DEV_TYPES
    hand = s[L.DEV_HAND : L.DEV_HAND + size].reshape(MAX_PLAYERS, NUM_DEV_TYPES)
    new = s[L.DEV_NEW : L.DEV_NEW + size].reshape(MAX_PLAYERS, NUM_DEV_TYPES)
    pos = int(s[L.DECK_POS])
    deck = s[L.DECK + pos : L.DECK + DEV_DECK_SIZE]
    # Sorted before the shuffle, so that the deal depends on the pool only.
    held = np.repeat(np.tile(np.arange(NUM_DEV_TYPES), len(seats)), hand[seats].ravel())
    cards = np.sort(np.concatenate([deck, held]))
    rng.shuffle(cards)
    i = 0
    for q in seats:
        count = int(hand[q].sum())
        bought = int(new[q].sum())
        got = cards[i : i + count]
        hand[q] = np.bincount(got, minlength=NUM_DEV_TYPES)
        # Which of them were bought this turn: any ``bought`` of them (shuffled already).
        new[q] = np.bincount(got[:bought], minlength=NUM_DEV_TYPES)
        i += count
    deck[:] = cards[i:]
    # The drawn part of the deck lists every card drawn so far (the invariants
    # check it against hands and played cards; nothing else reads it): list
    # the cards drawn in the new deal, by kind.
    drawn = np.asarray(DEV_COUNTS) - np.bincount(deck, minlength=NUM_DEV_TYPES)
    s[L.DECK : L.DECK + pos] = np.repeat(np.arange(NUM_DEV_TYPES), drawn)


def consistent(s: np.ndarray, opponents: list[int]) -> bool:
    """No opponent holds the VP to win (it would have won on its turn)."""
    target = int(s[L.OPT_VP_TO_WIN])
    for q in opponents:
        vp = s[L.PUBLIC_VP + q] + s[L.DEV_HAND + q * NUM_DEV_TYPES + VICTORY_POINT]
        if vp >= target:
            return False
    return True
