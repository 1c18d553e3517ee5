"""The 7: discards, moving the robber, stealing (base §5.4, §8.2, §11.4)."""

from numba import njit

from ..board.standard import NUM_HEXES
from .cards import give_to_bank, hand_size, move_card
from .constants import DESERT, NUM_CARD_TYPES
from .layout import (
    ACTIVE_PLAYER,
    CURRENT_PLAYER,
    DISCARDS_OWED,
    HAND,
    HEX_TERRAIN,
    NUM_PLAYERS,
    OPT_DISCARD_LIMIT,
    OPT_FRIENDLY_ROBBER,
    PHASE,
    PUBLIC_VP,
    RESUME_PHASE,
    ROBBER_HEX,
    VERTEX_OWNER,
)
from .phases import ACTION, DISCARD, MOVE_ROBBER, STEAL
from .rng import rng_below
from .tables import T_HEX_VERTICES

FRIENDLY_ROBBER_MAX_VP = 2


@njit(cache=True)
def next_discarder(state):
    """First seat from the active player, in seat order, that still owes cards."""
    n = state[NUM_PLAYERS]
    a = state[ACTIVE_PLAYER]
    for k in range(n):
        q = (a + k) % n
        if state[DISCARDS_OWED + q] > 0:
            return q
    return -1


@njit(cache=True)
def discard_one(state, p, r):
    """``p`` returns one card of ``r`` to the bank (base §5.4 step 1).

    The next seat that still owes becomes current; False once nobody owes
    more, when the variant moves on (the robber, the rest of the roll, ...).
    """
    give_to_bank(state, p, r, 1)
    state[DISCARDS_OWED + p] -= 1
    if state[DISCARDS_OWED + p] > 0:
        return True
    q = next_discarder(state)
    if q < 0:
        return False
    state[CURRENT_PLAYER] = q
    return True


@njit(cache=True)
def start_seven(state):
    """A 7 was rolled: everyone over the limit owes half their cards, then the robber."""
    n = state[NUM_PLAYERS]
    limit = state[OPT_DISCARD_LIMIT]
    for q in range(n):
        size = hand_size(state, q)
        state[DISCARDS_OWED + q] = size // 2 if size > limit else 0
    state[RESUME_PHASE] = ACTION
    q = next_discarder(state)
    if q >= 0:
        state[PHASE] = DISCARD
        state[CURRENT_PLAYER] = q
    else:
        begin_robber_move(state)


@njit(cache=True)
def begin_robber_move(state):
    state[PHASE] = MOVE_ROBBER
    state[CURRENT_PLAYER] = state[ACTIVE_PLAYER]


@njit(cache=True, inline="always")
def _hex_protected(state, tb, h):
    """Friendly Robber: a hex touching a building of a player with <= 2 public VP."""
    for k in range(6):
        owner = state[VERTEX_OWNER + tb[T_HEX_VERTICES + 6 * h + k]]
        if owner >= 0 and state[PUBLIC_VP + owner] <= FRIENDLY_ROBBER_MAX_VP:
            return True
    return False


@njit(cache=True, inline="always")
def robber_hex_ok(state, tb, h):
    """The robber may move to land hex ``h`` (base §5.4 step 2, §11.4)."""
    if h == state[ROBBER_HEX] or state[HEX_TERRAIN + h] > DESERT:
        return False
    return state[OPT_FRIENDLY_ROBBER] == 0 or not _hex_protected(state, tb, h)


@njit(cache=True)
def desert_hex(state):
    """The desert, where the Friendly Robber goes when no hex is allowed (-1 if none)."""
    for h in range(NUM_HEXES):
        if state[HEX_TERRAIN + h] == DESERT:
            return h
    return -1


@njit(cache=True, inline="always")
def can_rob(state, tb, thief, victim):
    """``victim`` may be robbed by ``thief`` at the robber's hex (base §5.4 step 3)."""
    if victim == thief or hand_size(state, victim) == 0:
        return False
    if state[OPT_FRIENDLY_ROBBER] != 0 and state[PUBLIC_VP + victim] <= FRIENDLY_ROBBER_MAX_VP:
        return False
    h = state[ROBBER_HEX]
    for k in range(6):
        if state[VERTEX_OWNER + tb[T_HEX_VERTICES + 6 * h + k]] == victim:
            return True
    return False


@njit(cache=True)
def move_robber(state, tb, h):
    """Move the robber; go on to the steal if anyone can be robbed, else resume."""
    state[ROBBER_HEX] = h
    thief = state[ACTIVE_PLAYER]
    n = state[NUM_PLAYERS]
    for k in range(1, n):
        if can_rob(state, tb, thief, (thief + k) % n):
            state[PHASE] = STEAL
            return
    state[PHASE] = state[RESUME_PHASE]


@njit(cache=True)
def take_random_card(state, thief, victim):
    """Move one random card from ``victim`` to ``thief``; every card equally likely.

    Returns its type (-1 if the victim holds nothing).
    """
    size = hand_size(state, victim)
    if size == 0:
        return -1
    pick = rng_below(state, size)
    base = HAND + victim * NUM_CARD_TYPES
    for r in range(NUM_CARD_TYPES):
        count = state[base + r]
        if pick < count:
            move_card(state, victim, thief, r, 1)
            return r
        pick -= count
    return -1


@njit(cache=True)
def steal(state, thief, victim):
    """The steal of base §5.4 step 3, then the turn resumes."""
    r = take_random_card(state, thief, victim)
    state[PHASE] = state[RESUME_PHASE]
    return r
