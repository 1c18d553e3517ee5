"""Progress-card decks and hands (C&K §3.15).

Each deck is a ring buffer: drawing takes the top card, and played or
returned cards go under the bottom (C&K §3.15.4), so a deck's order is always
"top ... bottom". Printer and Constitution are revealed when drawn and never
held (C&K §3.15.3).
"""

from numba import njit

from ..common.cards import run_total
from ..common.layout import ACTIVE_PLAYER, CHANCE_FORCING, PUBLIC_VP
from ..common.rng import force_top_kind
from .constants import (
    CARD_DECK,
    CONSTITUTION,
    DECK_SIZE,
    NUM_CARD_KINDS,
    PRINTER,
)
from .layout import (
    PDECK,
    PDECK_COUNT,
    PDECK_HEAD,
    PROGRESS_HAND,
    VP_CARDS,
)


@njit(cache=True, inline="always")
def held_cards(state, p):
    """Progress cards in ``p``'s hand."""
    return run_total(state, PROGRESS_HAND + p * NUM_CARD_KINDS, NUM_CARD_KINDS)


@njit(cache=True, inline="always")
def holds(state, p, kind):
    return state[PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0


@njit(cache=True)
def draw_card(state, deck):
    """Take the top card of ``deck`` (-1 if the deck is empty)."""
    if state[PDECK_COUNT + deck] == 0:
        return -1
    head = state[PDECK_HEAD + deck]
    if state[CHANCE_FORCING] != 0:  # enumerating the outcomes: the caller picks the card
        base = PDECK + deck * DECK_SIZE
        force_top_kind(state, base, head, state[PDECK_COUNT + deck], DECK_SIZE, NUM_CARD_KINDS)
    card = state[PDECK + deck * DECK_SIZE + head]
    state[PDECK_HEAD + deck] = (head + 1) % DECK_SIZE
    state[PDECK_COUNT + deck] -= 1
    return card


@njit(cache=True)
def put_under(state, card):
    """Put ``card`` under the bottom of its own deck."""
    deck = CARD_DECK[card]
    slot = (state[PDECK_HEAD + deck] + state[PDECK_COUNT + deck]) % DECK_SIZE
    state[PDECK + deck * DECK_SIZE + slot] = card
    state[PDECK_COUNT + deck] += 1


@njit(cache=True)
def receive_card(state, p, card):
    """A drawn card joins ``p``'s hand, or is revealed for 1 VP (Printer, Constitution)."""
    if card == PRINTER or card == CONSTITUTION:
        state[VP_CARDS + p] += 1
        state[PUBLIC_VP + p] += 1
    else:
        state[PROGRESS_HAND + p * NUM_CARD_KINDS + card] += 1


@njit(cache=True)
def draw_to(state, p, deck):
    """``p`` draws the top card of ``deck`` (nothing if it is empty); returns the card."""
    card = draw_card(state, deck)
    if card >= 0:
        receive_card(state, p, card)
    return card


@njit(cache=True)
def discard_from_hand(state, p, card):
    """``p`` puts a held card under its deck (played, or over the hand limit)."""
    state[PROGRESS_HAND + p * NUM_CARD_KINDS + card] -= 1
    put_under(state, card)


@njit(cache=True, inline="always")
def over_limit_off_turn(state, p, limit):
    """A non-active player holding more than ``limit`` must put one back now."""
    return p != state[ACTIVE_PLAYER] and held_cards(state, p) > limit
