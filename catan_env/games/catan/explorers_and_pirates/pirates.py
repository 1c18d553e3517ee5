"""Pirate ships: placing one on a 7, stealing, tribute, chasing (E&P §5.2-§5.4).

There is at most one pirate ship on the board (``PIRATE_HEX``, owned by
``PIRATE_OWNER``). Placing one sends an opponent's back to its owner; the
placer may then steal from an opponent with a ship on a side of that hex.
"""

from numba import njit

from ..common import layout as L
from ..common.cards import hand_size, move_card
from ..common.constants import NUM_CARD_TYPES, NUM_RESOURCES
from ..common.rng import rng_below
from . import layout as EL
from .board import edge_touches_hex, is_sea_kind
from .building import ship_slot
from .constants import (
    COUNCIL,
    FRAME_SEA,
    SHIPS_PER_PLAYER,
)
from .fish import pirate_takes_fish
from .phases import PIRATE_STEAL, PLACE_PIRATE
from .spices import bonus_faces
from .tables import (
    T_HEX_EDGES,
    T_NUM_HEXES,
    T_PIRATE_OK,
)

CHASE_SUCCESS = 6


@njit(cache=True)
def pirate_hex_ok(state, tb, p, h):
    """A legal hex for ``p``'s pirate: face-up sea away from the island and the frame,
    and a different hex if ``p``'s own pirate is already there (E&P §5.2)."""
    if h >= tb[T_NUM_HEXES] or tb[T_PIRATE_OK + h] == 0 or state[EL.EP_HEX_REVEALED + h] == 0:
        return False
    kind = state[EL.EP_HEX_KIND + h]
    if not is_sea_kind(kind) or kind == COUNCIL or kind == FRAME_SEA:
        return False
    return not (state[EL.PIRATE_OWNER] == p and state[EL.PIRATE_HEX] == h)


@njit(cache=True)
def edge_on_hex(tb, e, h):
    for k in range(6):
        if tb[T_HEX_EDGES + 6 * h + k] == e:
            return True
    return False


@njit(cache=True)
def can_rob(state, tb, thief, q):
    """``q`` is an opponent with a ship on a side of the pirate hex (E&P §5.2)."""
    if q == thief or q >= state[L.NUM_PLAYERS]:
        return False
    h = state[EL.PIRATE_HEX]
    for k in range(SHIPS_PER_PLAYER):
        e = state[EL.SHIP_EDGE + ship_slot(q, k)]
        if e >= 0 and edge_on_hex(tb, e, h):
            return True
    return False


@njit(cache=True)
def begin_pirate(state, resume):
    """The active player must place their pirate ship, then play resumes at ``resume``."""
    state[L.RESUME_PHASE] = resume
    state[L.PHASE] = PLACE_PIRATE
    state[L.CURRENT_PLAYER] = state[L.ACTIVE_PLAYER]


@njit(cache=True)
def place_pirate(state, tb, p, h):
    """Put ``p``'s pirate on ``h`` (an opponent's goes home), then the steal, if
    anyone can be robbed (E&P §5.2)."""
    state[EL.PIRATE_HEX] = h
    state[EL.PIRATE_OWNER] = p
    pirate_takes_fish(state, h)
    for q in range(state[L.NUM_PLAYERS]):
        if can_rob(state, tb, p, q):
            state[L.PHASE] = PIRATE_STEAL
            return
    state[L.PHASE] = state[L.RESUME_PHASE]


@njit(cache=True)
def steal(state, thief, victim):
    """A random resource card; only a victim with no card loses 1 gold instead (§5.2)."""
    n = hand_size(state, victim)
    if n > 0:
        pick = rng_below(state, n)
        for r in range(NUM_RESOURCES):
            held = state[L.HAND + victim * NUM_CARD_TYPES + r]
            if pick < held:
                move_card(state, victim, thief, r, 1)
                break
            pick -= held
    elif state[EL.GOLD + victim] > 0:
        state[EL.GOLD + victim] -= 1
        state[EL.GOLD + thief] += 1
    state[L.PHASE] = state[L.RESUME_PHASE]


@njit(cache=True)
def end_steal(state):
    state[L.PHASE] = state[L.RESUME_PHASE]


@njit(cache=True)
def tribute_due(state, tb, p, cur, e):
    """Moving from ``cur`` to ``e`` touches a side of an opponent's pirate hex (§5.3)."""
    h = state[EL.PIRATE_HEX]
    if h < 0 or state[EL.PIRATE_OWNER] == p:
        return False
    return edge_on_hex(tb, cur, h) or edge_on_hex(tb, e, h)


@njit(cache=True)
def can_chase(state, tb, p, k):
    """Ship ``k`` is battle-ready: unmoved, not tried yet, an end on a corner of an
    opponent's pirate hex, and no other ship mid-move (E&P §5.4)."""
    h = state[EL.PIRATE_HEX]
    if h < 0 or state[EL.PIRATE_OWNER] == p:
        return False
    m = state[EL.MOVING_SHIP]
    if m >= 0 and m != k:
        return False
    i = ship_slot(p, k)
    e = state[EL.SHIP_EDGE + i]
    if e < 0 or (state[EL.SHIP_FLAGS + i] & (EL.MOVED | EL.CHASED)) != 0:
        return False
    return edge_touches_hex(tb, e, h)


@njit(cache=True)
def chase(state, tb, p, k, resume):
    """Roll 1 die: on a 6 the pirate goes home and ``p`` places their own (§5.4)."""
    state[EL.SHIP_FLAGS + ship_slot(p, k)] |= EL.CHASED
    die = rng_below(state, 6) + 1
    state[EL.CHASE_DIE] = die
    if die == CHASE_SUCCESS or bonus_faces(state, tb, p) & (1 << die):
        state[EL.PIRATE_HEX] = -1
        state[EL.PIRATE_OWNER] = -1
        begin_pirate(state, resume)
