"""Dice and production with the bank-shortage rule (base §5.3)."""

from numba import njit

from catan_env.core.borrow import stack_buffer

from ..board.standard import NUM_HEXES
from .cards import take_from_bank
from .constants import DESERT, MAX_PLAYERS, NUM_RESOURCES
from .layout import (
    BANK,
    CHANCE_FORCING,
    DICE,
    HEX_NUMBER,
    HEX_TERRAIN,
    NUM_PLAYERS,
    RNG,
    ROBBER_HEX,
    VERTEX_BUILDING,
    VERTEX_OWNER,
)
from .rng import below_at, rng_below
from .tables import T_HEX_VERTICES

# Words of what each seat is owed for a roll, by card type.
OWED_WORDS = MAX_PLAYERS * NUM_RESOURCES


@njit(cache=True)
def roll_dice(state):
    """Roll two dice from the game's RNG, record them, return the sum.

    Each die is stored as soon as it is drawn: a forced enumeration of the
    roll relies on every draw showing in the state (``rng.forced_below``).
    At rest the dice come from :func:`~.rng.below_at` inline, the same numbers
    as ``rng_below`` without its call (see the :mod:`.rng` docstring).
    """
    if state[CHANCE_FORCING] == 0:
        state[DICE] = below_at(state, RNG, 6) + 1
        state[DICE + 1] = below_at(state, RNG, 6) + 1
    else:
        state[DICE] = rng_below(state, 6) + 1
        state[DICE + 1] = rng_below(state, 6) + 1
    return state[DICE] + state[DICE + 1]


@njit(cache=True)
def owed_production(state, tb, total, owed):
    """Fill ``owed[p, r]``: what each seat would receive for the roll ``total``."""
    owed[:, :] = 0
    robber = state[ROBBER_HEX]
    for h in range(NUM_HEXES):
        if state[HEX_NUMBER + h] != total or h == robber:
            continue
        terrain = state[HEX_TERRAIN + h]
        if terrain >= DESERT:
            continue
        for k in range(6):
            v = tb[T_HEX_VERTICES + 6 * h + k]
            owner = state[VERTEX_OWNER + v]
            if owner >= 0:
                owed[owner, terrain] += state[VERTEX_BUILDING + v]


@njit(cache=True)
def pay_owed(state, owed, received):
    """Pay ``owed[p, type]`` from the bank, type by type, with the shortage rule.

    A type the bank cannot pay in full goes to nobody, unless a single player
    is owed it, who then takes what the bank has left (base §5.3, C&K §2.5).
    Sets ``received[p] = 1`` for every seat that got at least one card.
    """
    n = state[NUM_PLAYERS]
    for r in range(owed.shape[1]):
        need = 0
        n_owed = 0
        only = -1
        for p in range(n):
            if owed[p, r] > 0:
                need += owed[p, r]
                n_owed += 1
                only = p
        if need == 0:
            continue
        if need <= state[BANK + r]:
            for p in range(n):
                if owed[p, r] > 0:
                    take_from_bank(state, p, r, owed[p, r])
                    received[p] = 1
        elif n_owed == 1 and state[BANK + r] > 0:
            take_from_bank(state, only, r, state[BANK + r])
            received[only] = 1


@njit(cache=True)
def produce(state, tb, total):
    """Pay production for ``total`` (not 7) in the base game."""
    # In the frame, not the heap: this runs on every roll.
    owed = stack_buffer(OWED_WORDS).reshape((MAX_PLAYERS, NUM_RESOURCES))
    owed_production(state, tb, total, owed)
    received = stack_buffer(MAX_PLAYERS)
    received[:] = 0
    pay_owed(state, owed, received)
