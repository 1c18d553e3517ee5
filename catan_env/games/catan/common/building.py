"""Placement rules and building (base §7.2–§7.5, §2.3 harbors)."""

from numba import njit

from ..board.standard import NUM_EDGES
from .cards import pay
from .constants import (
    CITIES_PER_PLAYER,
    CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    GENERIC_HARBOR,
    NUM_CARD_TYPES,
    ROADS_PER_PLAYER,
    SETTLEMENT,
    SETTLEMENTS_PER_PLAYER,
)
from .layout import (
    BUILT_THIS_TURN,
    CITIES_LEFT,
    EDGE_OWNER,
    HARBOR_RATE,
    HARBOR_TYPE,
    KNIGHT_OWNER,
    PUBLIC_VP,
    ROADS_LEFT,
    SETTLEMENTS_LEFT,
    VERTEX_BUILDING,
    VERTEX_OWNER,
)
from .longest_road import update_after_new_road, update_after_occupancy
from .tables import (
    T_EDGE_VERTICES,
    T_VERTEX_EDGES,
    T_VERTEX_HARBOR,
    T_VERTEX_VERTICES,
)


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
def foreign_piece_at(state, p, v):
    """Another player's building or knight stands on ``v`` (knights: C&K §3.14.1)."""
    b = state[VERTEX_OWNER + v]
    k = state[KNIGHT_OWNER + v]
    return (b >= 0 and b != p) or (k >= 0 and k != p)


@njit(cache=True, inline="always")
def settlement_ok(state, tb, p, v):
    """A settlement of ``p`` may stand on ``v`` in the action phase (base §7.3).

    The intersection holds no building and no knight (C&K §2.7), obeys the
    distance rule (knights ignored) and touches an own road.
    """
    return (
        state[KNIGHT_OWNER + v] < 0
        and distance_rule_ok(state, tb, v)
        and has_road_at(state, tb, p, v)
    )


@njit(cache=True, inline="always")
def road_ok(state, tb, p, e):
    """A road of ``p`` may go on path ``e`` (base §7.2).

    It must touch an own building, or an own road at an end that holds no other
    player's building (or, in C&K, knight).
    """
    if state[EDGE_OWNER + e] >= 0:
        return False
    for side in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + side]
        if state[VERTEX_OWNER + v] == p:
            return True
        if not foreign_piece_at(state, p, v):
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
def claim_harbor(state, tb, p, v):
    h = tb[T_VERTEX_HARBOR + v]
    if h < 0:
        return
    kind = state[HARBOR_TYPE + h]
    base = HARBOR_RATE + p * NUM_CARD_TYPES
    if kind == GENERIC_HARBOR:
        for r in range(NUM_CARD_TYPES):
            if state[base + r] > 3:
                state[base + r] = 3
    else:
        state[base + kind] = 2


@njit(cache=True)
def occupy(state, tb, p, v, building, supply, vp):
    """Put a new ``building`` of ``p`` worth ``vp`` on the empty ``v``, taken from the
    ``supply`` field; the harbor there is claimed and roads through ``v`` are cut."""
    state[VERTEX_OWNER + v] = p
    state[VERTEX_BUILDING + v] = building
    state[supply + p] -= 1
    state[PUBLIC_VP + p] += vp
    claim_harbor(state, tb, p, v)
    update_after_occupancy(state, tb, v)


@njit(cache=True)
def place_settlement(state, tb, p, v):
    """Put a settlement of ``p`` on ``v`` (no payment); update harbors and roads."""
    occupy(state, tb, p, v, SETTLEMENT, SETTLEMENTS_LEFT, 1)


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
    update_after_new_road(state, tb, p, e)


@njit(cache=True, inline="always")
def supply_adds_up(state, p, settlements, cities, roads):
    """``p``'s settlements, cities and roads on the board plus those in supply make
    the full set of each (a check of the invariants)."""
    return (
        settlements + state[SETTLEMENTS_LEFT + p] == SETTLEMENTS_PER_PLAYER
        and cities + state[CITIES_LEFT + p] == CITIES_PER_PLAYER
        and roads + state[ROADS_LEFT + p] == ROADS_PER_PLAYER
    )


@njit(cache=True, inline="always")
def buy_settlement(state, tb, p, v):
    """``p`` pays for a settlement and builds it on ``v`` (base §7.3)."""
    pay(state, p, COST_SETTLEMENT)
    state[BUILT_THIS_TURN] = 1
    place_settlement(state, tb, p, v)


@njit(cache=True, inline="always")
def buy_road(state, tb, p, e):
    """``p`` pays for a road and builds it on ``e`` (base §7.2)."""
    pay(state, p, COST_ROAD)
    state[BUILT_THIS_TURN] = 1
    place_road(state, tb, p, e)


@njit(cache=True)
def count_roads(state, n, num_edges, roads):
    """Add each seat's roads on the ``num_edges`` paths to ``roads``; False if a
    path names a seat that is not in play (a check of the invariants)."""
    for e in range(num_edges):
        owner = state[EDGE_OWNER + e]
        if owner >= n:
            return False
        if owner >= 0:
            roads[owner] += 1
    return True
