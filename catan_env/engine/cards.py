"""Moving resource cards between hands and the bank (base §5.3, §7.1)."""

from numba import njit

from ..constants import NUM_RESOURCES
from .layout import BANK, HAND, NUM_PLAYERS


@njit(cache=True, inline="always")
def hand_size(state, p):
    """Resource cards held by seat ``p``."""
    base = HAND + p * NUM_RESOURCES
    return state[base] + state[base + 1] + state[base + 2] + state[base + 3] + state[base + 4]


@njit(cache=True, inline="always")
def bank_size(state):
    return state[BANK] + state[BANK + 1] + state[BANK + 2] + state[BANK + 3] + state[BANK + 4]


@njit(cache=True, inline="always")
def can_afford(state, p, cost):
    base = HAND + p * NUM_RESOURCES
    for r in range(NUM_RESOURCES):
        if state[base + r] < cost[r]:
            return False
    return True


@njit(cache=True, inline="always")
def pay(state, p, cost):
    """Hand ``cost`` from seat ``p`` to the bank (the caller checked it is held)."""
    base = HAND + p * NUM_RESOURCES
    for r in range(NUM_RESOURCES):
        state[base + r] -= cost[r]
        state[BANK + r] += cost[r]


@njit(cache=True, inline="always")
def take_from_bank(state, p, r, n):
    state[HAND + p * NUM_RESOURCES + r] += n
    state[BANK + r] -= n


@njit(cache=True, inline="always")
def give_to_bank(state, p, r, n):
    state[HAND + p * NUM_RESOURCES + r] -= n
    state[BANK + r] += n


@njit(cache=True, inline="always")
def move_card(state, src, dst, r, n):
    """Move ``n`` cards of resource ``r`` from seat ``src`` to seat ``dst``."""
    state[HAND + src * NUM_RESOURCES + r] -= n
    state[HAND + dst * NUM_RESOURCES + r] += n


@njit(cache=True, inline="always")
def seat_after(state, p, k):
    """The seat ``k`` places clockwise from ``p``."""
    return (p + k) % state[NUM_PLAYERS]
