"""Cities & Knights' determinization (``spec.determinize``): progress cards and decks.

Each progress deck keeps its size and holds only its own cards (Printer and
Constitution, never held, stay in their deck while unrevealed); the order of
each deck is new (C&K §3.20). A seat looking at a hand (Spy, Master Merchant)
sees it exactly, so that hand is kept; Commercial Harbor shows the resource
offered, and its addressee must hold a commodity to answer.
"""

from __future__ import annotations

import numpy as np

from ..common import layout as L
from ..common.constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES
from ..common.determinize import trade_reserved
from . import layout as CL
from .constants import CARD_DECK, DECK_SIZE, NUM_CARD_KINDS, NUM_TRACKS, VP_CARD_KINDS
from .phases import MASTER_PICK, SPY_CARD


def kept(state: np.ndarray, seat: int) -> tuple[set[int], set[int]]:
    """Opponents whose resource hand / progress cards the seat sees in its decision."""
    if state[L.CURRENT_PLAYER] != seat:
        return set(), set()
    phase = state[L.PHASE]
    target = int(state[CL.CARD_TARGET])
    if phase == MASTER_PICK:
        return {target}, set()
    if phase == SPY_CARD:
        return set(), {target}
    return set(), set()


def reserved(state: np.ndarray, seat: int) -> np.ndarray:
    """Cards each opponent must hold: the trade's, and the Commercial Harbor offer."""
    res = trade_reserved(state, seat)
    a = int(state[L.ACTIVE_PLAYER])
    if state[CL.HARBOR_TARGET] >= 0 and a != seat:
        res[a, int(state[CL.HARBOR_OFFER])] += 1
    return res


def deal_cards(s: np.ndarray, seats: list[int], rng) -> None:
    """Deal ``seats``' progress cards and the three decks again."""
    size = MAX_PLAYERS * NUM_CARD_KINDS
    hands = s[CL.PROGRESS_HAND : CL.PROGRESS_HAND + size].reshape(MAX_PLAYERS, NUM_CARD_KINDS)
    held = hands[seats].sum(axis=0) if seats else np.zeros(NUM_CARD_KINDS, np.int64)
    to_hands = []
    for d in range(NUM_TRACKS):
        count = int(s[CL.PDECK_COUNT + d])
        slots = (
            CL.PDECK + d * DECK_SIZE + (int(s[CL.PDECK_HEAD + d]) + np.arange(count)) % DECK_SIZE
        )
        in_deck = s[slots]
        kinds = np.flatnonzero(CARD_DECK == d)
        pool = np.sort(np.concatenate([in_deck, np.repeat(kinds, held[kinds])]))
        vp = np.isin(pool, VP_CARD_KINDS)  # never held: they stay in the deck
        others = pool[~vp]
        rng.shuffle(others)
        free = count - int(vp.sum())
        deck = np.concatenate([pool[vp], others[:free]])
        rng.shuffle(deck)
        s[slots] = deck
        to_hands.append(others[free:])
    cards = np.concatenate(to_hands) if to_hands else np.zeros(0, np.int64)
    rng.shuffle(cards)
    i = 0
    for q in seats:
        count = int(hands[q].sum())
        hands[q] = np.bincount(cards[i : i + count], minlength=NUM_CARD_KINDS)
        i += count


def consistent(s: np.ndarray, opponents: list[int]) -> bool:
    """The addressee of Commercial Harbor holds a commodity to answer it."""
    q = int(s[CL.HARBOR_TARGET])
    commodities = L.HAND + q * NUM_CARD_TYPES + np.arange(NUM_RESOURCES, NUM_CARD_TYPES)
    return not (q >= 0 and s[commodities].sum() == 0)
