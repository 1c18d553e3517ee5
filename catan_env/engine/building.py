"""Placement rules and building (base §7.2–§7.5, §2.3 harbors)."""

from numba import njit

from ..board.standard import NUM_EDGES
from ..constants import CITY, GENERIC_HARBOR, NUM_RESOURCES, SETTLEMENT
from .layout import (
    CITIES_LEFT,
    EDGE_OWNER,
    HARBOR_RATE,
    HARBOR_TYPE,
    PUBLIC_VP,
    ROADS_LEFT,
    SETTLEMENTS_LEFT,
    VERTEX_BUILDING,
    VERTEX_OWNER,
)
from .longest_road import update_after_road, update_after_settlement
from .tables import T_EDGE_VERTICES, T_VERTEX_EDGES, T_VERTEX_HARBOR, T_VERTEX_VERTICES


@njit(cache=True, inline="always")
def distance_rule_ok(state, tb, v):
    """``v`` is empty and no adjacent intersection holds a building (base §7.3)."""
    if state[VERTEX_OWNER + v] >= 0:
        return False
    for k in range(3):
        w = tb[T_VERTEX_VERTICES + 3 * v + k]
        if w >= 0 and state[VERTEX_OWNER + w] >= 0:
            return False
    return True


@njit(cache=True, inline="always")
def has_road_at(state, tb, p, v):
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e >= 0 and state[EDGE_OWNER + e] == p:
            return True
    return False


@njit(cache=True, inline="always")
def settlement_ok(state, tb, p, v):
    """A settlement of ``p`` may stand on ``v`` in the action phase (base §7.3)."""
    return distance_rule_ok(state, tb, v) and has_road_at(state, tb, p, v)


@njit(cache=True, inline="always")
def road_ok(state, tb, p, e):
    """A road of ``p`` may go on path ``e`` (base §7.2).

    It must touch an own building, or an own road at an end that holds no other
    player's building.
    """
    if state[EDGE_OWNER + e] >= 0:
        return False
    for side in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + side]
        owner = state[VERTEX_OWNER + v]
        if owner == p:
            return True
        if owner < 0:
            for k in range(3):
                f = tb[T_VERTEX_EDGES + 3 * v + k]
                if f >= 0 and f != e and state[EDGE_OWNER + f] == p:
                    return True
    return False


@njit(cache=True)
def any_road_ok(state, tb, p):
    for e in range(NUM_EDGES):
        if road_ok(state, tb, p, e):
            return True
    return False


@njit(cache=True)
def _claim_harbor(state, tb, p, v):
    h = tb[T_VERTEX_HARBOR + v]
    if h < 0:
        return
    kind = state[HARBOR_TYPE + h]
    base = HARBOR_RATE + p * NUM_RESOURCES
    if kind == GENERIC_HARBOR:
        for r in range(NUM_RESOURCES):
            if state[base + r] > 3:
                state[base + r] = 3
    else:
        state[base + kind] = 2


@njit(cache=True)
def place_settlement(state, tb, p, v):
    """Put a settlement of ``p`` on ``v`` (no payment); update harbors and roads."""
    state[VERTEX_OWNER + v] = p
    state[VERTEX_BUILDING + v] = SETTLEMENT
    state[SETTLEMENTS_LEFT + p] -= 1
    state[PUBLIC_VP + p] += 1
    _claim_harbor(state, tb, p, v)
    update_after_settlement(state, tb, v)


@njit(cache=True)
def place_city(state, p, v):
    """Upgrade ``p``'s settlement on ``v``; the settlement returns to supply (base §7.4)."""
    state[VERTEX_BUILDING + v] = CITY
    state[SETTLEMENTS_LEFT + p] += 1
    state[CITIES_LEFT + p] -= 1
    state[PUBLIC_VP + p] += 1


@njit(cache=True)
def place_road(state, tb, p, e):
    state[EDGE_OWNER + e] = p
    state[ROADS_LEFT + p] -= 1
    update_after_road(state, tb, p)
