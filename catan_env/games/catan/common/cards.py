"""Moving cards between hands and the bank (base §5.3, §7.1).

Hands, the bank and costs have ``NUM_CARD_TYPES`` slots: the five resources and
the three Cities & Knights commodities (always 0 in the base game).
"""

from numba import njit

from .constants import NUM_CARD_TYPES
from .layout import BANK, HAND, NUM_PLAYERS


@njit(cache=True, inline="always")
def run_total(state, start, count):
    """The sum of the ``count`` state words from ``start`` on (a hand, a pile)."""
    total = 0
    for i in range(count):
        total += state[start + i]
    return total


@njit(cache=True, inline="always")
def hand_size(state, p):
    """Cards (resources and commodities) held by seat ``p``."""
    return run_total(state, HAND + p * NUM_CARD_TYPES, NUM_CARD_TYPES)


@njit(cache=True, inline="always")
def bank_size(state, types=NUM_CARD_TYPES):
    """Cards of the first ``types`` types in the bank."""
    total = 0
    for r in range(types):
        total += state[BANK + r]
    return total


@njit(cache=True, inline="always")
def can_afford(state, p, cost):
    base = HAND + p * NUM_CARD_TYPES
    for r in range(NUM_CARD_TYPES):
        if state[base + r] < cost[r]:
            return False
    return True


@njit(cache=True, inline="always")
def pay(state, p, cost):
    """Hand ``cost`` from seat ``p`` to the bank (the caller checked it is held)."""
    base = HAND + p * NUM_CARD_TYPES
    for r in range(NUM_CARD_TYPES):
        state[base + r] -= cost[r]
        state[BANK + r] += cost[r]


@njit(cache=True, inline="always")
def take_from_bank(state, p, r, n):
    state[HAND + p * NUM_CARD_TYPES + r] += n
    state[BANK + r] -= n


@njit(cache=True, inline="always")
def give_to_bank(state, p, r, n):
    state[HAND + p * NUM_CARD_TYPES + r] -= n
    state[BANK + r] += n


@njit(cache=True, inline="always")
def move_card(state, src, dst, r, n):
    """Move ``n`` cards of type ``r`` from seat ``src`` to seat ``dst``."""
    state[HAND + src * NUM_CARD_TYPES + r] -= n
    state[HAND + dst * NUM_CARD_TYPES + r] += n


@njit(cache=True, inline="always")
def held(state, p, r):
    return state[HAND + p * NUM_CARD_TYPES + r]


@njit(cache=True, inline="always")
def seat_after(state, p, k):
    """The seat ``k`` places clockwise from ``p``."""
    return (p + k) % state[NUM_PLAYERS]
