"""Queries on the frame board: what a hex is now, where pieces may stand (E&P §2, §4.12).

A hex face down is *unexplored*: nothing may be built on its corners or sides
(§4.12) and a ship whose end touches one of its corners reveals it (§4.9).
"""

from numba import njit

from ..common.constants import MAX_PLAYERS
from ..common.layout import NUM_PLAYERS
from . import layout as EL
from .constants import (
    COUNCIL,
    FISH_SHOAL,
    FRAME_SEA,
    GOLD,
    HARBOR_SETTLEMENT,
    LAIR_GOLD_FIELD,
    SEA,
    SHIPS_PER_PLAYER,
    SPICE,
)
from .tables import (
    T_EDGE_EDGES,
    T_EDGE_HEXES,
    T_EDGE_VERTICES,
    T_HEX_VERTICES,
    T_VERTEX_EDGES,
    T_VERTEX_HEXES,
)


@njit(cache=True, inline="always")
def is_sea_kind(kind):
    return kind == SEA or kind == FRAME_SEA or kind == COUNCIL or kind == FISH_SHOAL


@njit(cache=True, inline="always")
def unexplored(state, h):
    return h >= 0 and state[EL.EP_HEX_REVEALED + h] == 0


@njit(cache=True, inline="always")
def revealed_sea(state, h):
    return h >= 0 and state[EL.EP_HEX_REVEALED + h] == 1 and is_sea_kind(state[EL.EP_HEX_KIND + h])


@njit(cache=True, inline="always")
def blocks(state, h, p):
    """Nothing of ``p``'s may touch ``h``: a face-down hex (§4.12), a lair not yet
    captured (§7.2), or a spice hex without ``p``'s crew (§9.2)."""
    if h < 0:
        return False
    if state[EL.EP_HEX_REVEALED + h] == 0:
        return True
    kind = state[EL.EP_HEX_KIND + h]
    if kind == GOLD:
        return state[EL.LAIR_STATE + h] != LAIR_GOLD_FIELD
    if kind == SPICE:
        return p < 0 or state[EL.SPICE_CREW + h * MAX_PLAYERS + p] == 0
    return False


@njit(cache=True, inline="always")
def buildable_land(state, h, p):
    """A face-up land hex ``p`` may build on (§4.6.2): a terrain, a captured gold
    field (§7.5), or a spice hex where ``p`` has a crew (§9.2)."""
    if h < 0 or state[EL.EP_HEX_REVEALED + h] == 0:
        return False
    kind = state[EL.EP_HEX_KIND + h]
    return kind < SEA or ((kind == GOLD or kind == SPICE) and not blocks(state, h, p))


@njit(cache=True)
def vertex_touches_unexplored(state, tb, v):
    for k in range(3):
        if unexplored(state, tb[T_VERTEX_HEXES + 3 * v + k]):
            return True
    return False


@njit(cache=True)
def vertex_on_land(state, tb, v, p):
    """``v`` is a corner of a hex ``p`` may build on, and of no hex that blocks ``p``."""
    land = False
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if blocks(state, h, p):
            return False
        if buildable_land(state, h, p):
            land = True
    return land


@njit(cache=True)
def vertex_coastal(state, tb, v):
    """``v`` touches a sea hex or the frame (§4.6.3)."""
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if h < 0 or revealed_sea(state, h):
            return True
    return False


@njit(cache=True)
def distance_ok(state, tb, v):
    """No building on ``v`` or on an adjacent intersection (base §3 item 4)."""
    if state[EL.EP_VERTEX_BUILDING + v] != 0:
        return False
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e < 0:
            continue
        w = tb[T_EDGE_VERTICES + 2 * e]
        if w == v:
            w = tb[T_EDGE_VERTICES + 2 * e + 1]
        if state[EL.EP_VERTEX_BUILDING + w] != 0:
            return False
    return True


@njit(cache=True)
def settlement_spot_ok(state, tb, v, p):
    """``p`` may have a settlement on ``v`` (distance rule, land, nothing blocking)."""
    return distance_ok(state, tb, v) and vertex_on_land(state, tb, v, p)


@njit(cache=True)
def edge_is_sea_route(state, tb, e):
    """A side of a face-up sea hex, or a side against the frame (§2.3)."""
    a = tb[T_EDGE_HEXES + 2 * e]
    b = tb[T_EDGE_HEXES + 2 * e + 1]
    if b < 0:
        return True
    return revealed_sea(state, a) or revealed_sea(state, b)


@njit(cache=True)
def edge_road_ok(state, tb, e, p):
    """A road path for ``p``: borders land ``p`` may build on and no hex that blocks
    ``p`` (§4.6.2)."""
    land = False
    for k in range(2):
        h = tb[T_EDGE_HEXES + 2 * e + k]
        if blocks(state, h, p):
            return False
        if buildable_land(state, h, p):
            land = True
    return land


@njit(cache=True)
def edge_touches_unexplored(state, tb, e):
    """Some end of ``e`` touches an unexplored hex (a ship stepping there discovers, §4.9)."""
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        for j in range(3):
            if unexplored(state, tb[T_VERTEX_HEXES + 3 * v + j]):
                return True
    return False


@njit(cache=True, inline="always")
def road_connected(state, tb, p, e):
    """One end of ``e`` holds ``p``'s building, or ``p``'s road not cut by another's building."""
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        owner = state[EL.EP_VERTEX_OWNER + v]
        if owner == p:
            return True
        if owner >= 0:
            continue
        for k in range(3):
            f = tb[T_VERTEX_EDGES + 3 * v + k]
            if f >= 0 and f != e and state[EL.EP_ROAD_OWNER + f] == p:
                return True
    return False


@njit(cache=True, inline="always")
def vertex_has_own_road(state, tb, p, v):
    for k in range(3):
        f = tb[T_VERTEX_EDGES + 3 * v + k]
        if f >= 0 and state[EL.EP_ROAD_OWNER + f] == p:
            return True
    return False


@njit(cache=True, inline="always")
def own_harbor(state, p, v):
    return (
        state[EL.EP_VERTEX_OWNER + v] == p and state[EL.EP_VERTEX_BUILDING + v] == HARBOR_SETTLEMENT
    )


@njit(cache=True, inline="always")
def own_settlement(state, p, v):
    """``p``'s plain settlement (not a harbor settlement) stands on ``v``."""
    return state[EL.EP_VERTEX_OWNER + v] == p and state[EL.EP_VERTEX_BUILDING + v] == 1


@njit(cache=True)
def ship_harbor(state, tb, p, e):
    """``p``'s harbor settlement at an end of path ``e``, or -1 (§2.4)."""
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        if own_harbor(state, p, v):
            return v
    return -1


@njit(cache=True, inline="always")
def at_own_harbor(state, tb, p, e):
    """An end of path ``e`` is ``p``'s harbor settlement (``ship_harbor(...) >= 0``,
    inlined: the loops over every path test it before the costlier checks)."""
    return own_harbor(state, p, tb[T_EDGE_VERTICES + 2 * e]) or own_harbor(
        state, p, tb[T_EDGE_VERTICES + 2 * e + 1]
    )


@njit(cache=True)
def ships_on(state, e):
    """Ships of any owner on path ``e``."""
    n = 0
    for i in range(MAX_PLAYERS * SHIPS_PER_PLAYER):
        if state[EL.SHIP_EDGE + i] == e:
            n += 1
    return n


@njit(cache=True, inline="always")
def edge_touches_hex(tb, e, h):
    """An end of path ``e`` is a corner of hex ``h`` (how a ship reaches a hex, §2.4)."""
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        for j in range(6):
            if tb[T_HEX_VERTICES + 6 * h + j] == v:
                return True
    return False


@njit(cache=True, inline="always")
def next_hex_at_ends(tb, e, after):
    """The smallest hex above ``after`` with a corner at an end of path ``e``, or -1.

    Walking it from -1 visits, ascending, exactly the hexes :func:`edge_touches_hex`
    accepts (at most four), so a loop over the hexes a ship reaches costs a few
    table reads instead of a test of every hex of the board.
    """
    best = -1
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        for j in range(3):
            h = tb[T_VERTEX_HEXES + 3 * v + j]
            if h > after and (best < 0 or h < best):
                best = h
    return best


@njit(cache=True, inline="always")
def next_edge_beside(tb, e, after):
    """The smallest path above ``after`` that shares an end with ``e``, or -1 (the
    paths a ship on ``e`` can sail to, ascending)."""
    best = -1
    for j in range(4):
        f = tb[T_EDGE_EDGES + 4 * e + j]
        if f > after and (best < 0 or f < best):
            best = f
    return best


@njit(cache=True, inline="always")
def seats(state):
    return state[NUM_PLAYERS]
