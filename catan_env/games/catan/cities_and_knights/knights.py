"""Knights: building, activation, promotion and the three knight actions (C&K §3.14).

Reachable intersections are computed as 64-bit sets (54 intersections): a
knight travels along its owner's roads, passing only intersections free of
other players' pieces (C&K §3.14.4).
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_VERTICES
from ..common import layout as L
from ..common.building import foreign_piece_at, has_road_at
from ..common.cards import pay
from ..common.longest_road import update_after_occupancy
from ..common.tables import (
    T_EDGE_VERTICES,
    T_VERTEX_EDGES,
    T_VERTEX_HEXES,
    T_VERTEX_VERTICES,
)
from .constants import (
    COST_ACTIVATE,
    COST_KNIGHT,
    COST_PROMOTE,
    KNIGHT_ACTED,
    KNIGHT_BECAME_ACTIVE,
    KNIGHT_PROMOTED,
    MIGHTY,
    POLITICS,
)
from .layout import (
    KNIGHT_ACTIVE,
    KNIGHT_FLAGS,
    KNIGHT_STRENGTH,
    KNIGHTS_LEFT,
    LEVEL,
)
from .robber import robber_is_free

_ONE = np.uint64(1)
assert NUM_VERTICES <= 64


@njit(cache=True, inline="always")
def bit(v):
    return _ONE << np.uint64(v)


@njit(cache=True, inline="always")
def has(bits, v):
    return (bits >> np.uint64(v)) & _ONE != 0


@njit(cache=True, inline="always")
def unoccupied(state, v):
    """No settlement, city or knight stands on ``v``."""
    return state[L.VERTEX_OWNER + v] < 0 and state[L.KNIGHT_OWNER + v] < 0


@njit(cache=True)
def knight_spot_ok(state, tb, p, v):
    """Placement rule (C&K §3.14.1): unoccupied and the end of an own road."""
    return unoccupied(state, v) and has_road_at(state, tb, p, v)


@njit(cache=True)
def knight_spots(state, tb, p):
    """All intersections where ``p`` may place a knight, as a 64-bit set: the
    unoccupied ends of ``p``'s roads (the set of :func:`knight_spot_ok`)."""
    out = np.uint64(0)
    for e in range(NUM_EDGES):
        if state[L.EDGE_OWNER + e] == p:
            for side in range(2):
                v = tb[T_EDGE_VERTICES + 2 * e + side]
                if unoccupied(state, v):
                    out |= bit(v)
    return out


@njit(cache=True)
def place_knight(state, tb, p, v, strength, active, flags):
    """Put a knight token of ``p`` on ``v`` (taken from the supply)."""
    state[KNIGHTS_LEFT + 3 * p + strength - 1] -= 1
    state[L.KNIGHT_OWNER + v] = p
    state[KNIGHT_STRENGTH + v] = strength
    state[KNIGHT_ACTIVE + v] = active
    state[KNIGHT_FLAGS + v] = flags
    update_after_occupancy(state, tb, v)


@njit(cache=True)
def lift_knight(state, v):
    """Take the knight off ``v`` without touching the supply (moves, relocation)."""
    state[L.KNIGHT_OWNER + v] = -1
    state[KNIGHT_STRENGTH + v] = 0
    state[KNIGHT_ACTIVE + v] = 0
    state[KNIGHT_FLAGS + v] = 0


@njit(cache=True)
def set_knight(state, p, v, strength, active, flags):
    state[L.KNIGHT_OWNER + v] = p
    state[KNIGHT_STRENGTH + v] = strength
    state[KNIGHT_ACTIVE + v] = active
    state[KNIGHT_FLAGS + v] = flags


@njit(cache=True)
def remove_knight(state, tb, v):
    """Return the knight on ``v`` to its owner's supply."""
    p = state[L.KNIGHT_OWNER + v]
    state[KNIGHTS_LEFT + 3 * p + state[KNIGHT_STRENGTH + v] - 1] += 1
    lift_knight(state, v)
    update_after_occupancy(state, tb, v)


@njit(cache=True)
def build_knight(state, tb, p, v):
    """Pay 1 wool + 1 ore; a basic knight goes on ``v`` inactive (C&K §3.14.1)."""
    pay(state, p, COST_KNIGHT)
    place_knight(state, tb, p, v, 1, 0, 0)


@njit(cache=True, inline="always")
def can_build_knight(state, p):
    return state[KNIGHTS_LEFT + 3 * p] > 0


@njit(cache=True)
def activate(state, v):
    state[KNIGHT_ACTIVE + v] = 1
    state[KNIGHT_FLAGS + v] |= KNIGHT_BECAME_ACTIVE


@njit(cache=True)
def buy_activation(state, p, v):
    """Pay 1 grain to activate an inactive knight (C&K §3.14.2)."""
    pay(state, p, COST_ACTIVATE)
    activate(state, v)


@njit(cache=True)
def can_promote(state, p, v):
    """``p``'s knight on ``v`` may go up one strength now (C&K §3.14.3)."""
    if state[L.KNIGHT_OWNER + v] != p:
        return False
    s = state[KNIGHT_STRENGTH + v]
    if s >= MIGHTY or state[KNIGHT_FLAGS + v] & KNIGHT_PROMOTED:
        return False
    if state[KNIGHTS_LEFT + 3 * p + s] <= 0:  # a token of strength s + 1
        return False
    return s < MIGHTY - 1 or state[LEVEL + 3 * p + POLITICS] >= 3  # mighty needs the Fortress


@njit(cache=True)
def promote(state, p, v):
    """Swap the knight's token for the next strength, keeping its status."""
    s = state[KNIGHT_STRENGTH + v]
    state[KNIGHTS_LEFT + 3 * p + s - 1] += 1
    state[KNIGHTS_LEFT + 3 * p + s] -= 1
    state[KNIGHT_STRENGTH + v] = s + 1
    state[KNIGHT_FLAGS + v] |= KNIGHT_PROMOTED


@njit(cache=True)
def buy_promotion(state, p, v):
    pay(state, p, COST_PROMOTE)
    promote(state, p, v)


@njit(cache=True)
def reachable(state, tb, p, start):
    """Intersections a knight of ``p`` on ``start`` can reach along ``p``'s roads.

    Intermediate intersections must be free of other players' pieces; the
    start itself never blocks (it may hold a displacing knight).
    """
    seen = bit(start)
    reach = np.uint64(0)
    stack = np.empty(NUM_VERTICES, np.int64)
    top = 0
    stack[0] = start
    while top >= 0:
        u = stack[top]
        top -= 1
        for k in range(3):
            e = tb[T_VERTEX_EDGES + 3 * u + k]
            if e < 0 or state[L.EDGE_OWNER + e] != p:
                continue
            w = tb[T_VERTEX_VERTICES + 3 * u + k]
            if has(seen, w):
                continue
            seen |= bit(w)
            reach |= bit(w)
            if not foreign_piece_at(state, p, w):
                top += 1
                stack[top] = w
    return reach


@njit(cache=True, inline="always")
def _free_reachable(state, tb, p, v):
    """Unoccupied intersections reachable from ``v`` along ``p``'s roads."""
    reach = reachable(state, tb, p, v)
    out = np.uint64(0)
    for w in range(NUM_VERTICES):
        if has(reach, w) and unoccupied(state, w):
            out |= bit(w)
    return out


@njit(cache=True)
def move_targets(state, tb, v):
    """Unoccupied intersections the knight on ``v`` can move to (C&K §3.14.5)."""
    return _free_reachable(state, tb, state[L.KNIGHT_OWNER + v], v)


@njit(cache=True)
def displace_targets(state, tb, v):
    """Intersections with a weaker opponent knight the knight on ``v`` can reach (§3.14.6)."""
    p = state[L.KNIGHT_OWNER + v]
    s = state[KNIGHT_STRENGTH + v]
    out = np.uint64(0)
    if s <= 1:
        return out
    reach = reachable(state, tb, p, v)
    for w in range(NUM_VERTICES):
        if has(reach, w):
            q = state[L.KNIGHT_OWNER + w]
            if q >= 0 and q != p and state[KNIGHT_STRENGTH + w] < s:
                out |= bit(w)
    return out


@njit(cache=True)
def can_chase(state, tb, v):
    """The knight on ``v`` touches the robber's hex, and the robber is free (§3.14.7)."""
    if not robber_is_free(state):
        return False
    robber = state[L.ROBBER_HEX]
    for k in range(3):
        if tb[T_VERTEX_HEXES + 3 * v + k] == robber:
            return True
    return False


@njit(cache=True, inline="always")
def may_act(state, p, v):
    """``p``'s knight on ``v`` is active and neither became active nor acted this turn."""
    return (
        state[L.KNIGHT_OWNER + v] == p
        and state[KNIGHT_ACTIVE + v] == 1
        and state[KNIGHT_FLAGS + v] & (KNIGHT_BECAME_ACTIVE | KNIGHT_ACTED) == 0
    )


@njit(cache=True)
def has_action(state, tb, p, v):
    """The knight may act and has at least one action available (C&K §3.14.4)."""
    if not may_act(state, p, v):
        return False
    return (
        can_chase(state, tb, v)
        or move_targets(state, tb, v) != 0
        or displace_targets(state, tb, v) != 0
    )


@njit(cache=True)
def finish_action(state, v):
    """After any action the knight is inactive and has acted this turn."""
    state[KNIGHT_ACTIVE + v] = 0
    state[KNIGHT_FLAGS + v] |= KNIGHT_ACTED


@njit(cache=True)
def move_knight(state, tb, v, w):
    """Move the knight from ``v`` to the unoccupied ``w``."""
    p = state[L.KNIGHT_OWNER + v]
    s = state[KNIGHT_STRENGTH + v]
    a = state[KNIGHT_ACTIVE + v]
    f = state[KNIGHT_FLAGS + v]
    lift_knight(state, v)
    set_knight(state, p, w, s, a, f)
    update_after_occupancy(state, tb, v)
    update_after_occupancy(state, tb, w)


@njit(cache=True)
def relocation_targets(state, tb, q, origin):
    """Where ``q``'s displaced knight may go: unoccupied intersections reachable
    from its original intersection along ``q``'s roads (C&K §3.14.6)."""
    return _free_reachable(state, tb, q, origin)


@njit(cache=True, inline="always")
def numbered_hex(state, h):
    return state[L.HEX_NUMBER + h] > 0
