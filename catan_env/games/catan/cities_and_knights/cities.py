"""Cities in C&K: walls, improvements, metropolises, pillage (C&K §3.11–§3.13, §3.16.2)."""

from numba import njit

from ..board.standard import NUM_VERTICES
from ..common import layout as L
from ..common.building import place_city
from ..common.cards import pay
from ..common.constants import (
    CITY,
    COST_CITY,
    NUM_CARD_TYPES,
    SETTLEMENT,
    TIPPED_CITY,
)
from .constants import (
    COST_WALL,
    MAX_LEVEL,
    NUM_TRACKS,
    TRACK_COMMODITY,
)
from .layout import (
    LEVEL,
    METRO_HOLDER,
    METRO_VERTEX,
    VERTEX_WALL,
    WALLS_LEFT,
)

METROPOLIS_VP = 2


@njit(cache=True, inline="always")
def metropolis_at(state, v):
    """The track whose metropolis stands on ``v``, or -1."""
    for t in range(NUM_TRACKS):
        if state[METRO_VERTEX + t] == v:
            return t
    return -1


@njit(cache=True, inline="always")
def is_city(state, p, v):
    """``p`` has a real (not tipped) city on ``v``, metropolis or not."""
    return state[L.VERTEX_OWNER + v] == p and state[L.VERTEX_BUILDING + v] == CITY


@njit(cache=True, inline="always")
def is_plain_city(state, p, v):
    """A city of ``p`` without a metropolis (C&K §3.12 Restriction B)."""
    return is_city(state, p, v) and metropolis_at(state, v) < 0


@njit(cache=True)
def count_cities(state, p, plain):
    n = 0
    for v in range(NUM_VERTICES):
        if is_city(state, p, v) and (not plain or metropolis_at(state, v) < 0):
            n += 1
    return n


@njit(cache=True)
def can_upgrade(state, p, v):
    """``p`` may turn its settlement (or tipped city) on ``v`` into a city."""
    if state[L.VERTEX_OWNER + v] != p:
        return False
    kind = state[L.VERTEX_BUILDING + v]
    return kind == TIPPED_CITY or (kind == SETTLEMENT and state[L.CITIES_LEFT + p] > 0)


@njit(cache=True)
def upgrade(state, p, v, cost):
    """Pay ``cost`` and make ``v`` a city; a tipped city needs no city piece (§3.16.2)."""
    pay(state, p, cost)
    if state[L.VERTEX_BUILDING + v] == TIPPED_CITY:
        state[L.VERTEX_BUILDING + v] = CITY
        state[L.PUBLIC_VP + p] += 1
    else:
        place_city(state, p, v)


@njit(cache=True)
def build_city(state, p, v):
    upgrade(state, p, v, COST_CITY)


@njit(cache=True, inline="always")
def wall_ok(state, p, v):
    """A wall may go under ``p``'s city on ``v`` (C&K §3.11)."""
    return state[WALLS_LEFT + p] > 0 and is_city(state, p, v) and state[VERTEX_WALL + v] == 0


@njit(cache=True)
def place_wall(state, p, v):
    state[VERTEX_WALL + v] = 1
    state[WALLS_LEFT + p] -= 1


@njit(cache=True)
def build_wall(state, p, v):
    pay(state, p, COST_WALL)
    place_wall(state, p, v)


@njit(cache=True)
def walls_of(state, p):
    n = 0
    for v in range(NUM_VERTICES):
        if state[VERTEX_WALL + v] == 1 and state[L.VERTEX_OWNER + v] == p:
            n += 1
    return n


@njit(cache=True, inline="always")
def improvement_cost(state, p, t, discount):
    """Commodities for ``p``'s next level of track ``t`` (level n costs n, §3.10)."""
    return state[LEVEL + 3 * p + t] + 1 - discount


@njit(cache=True)
def city_counts(state, p):
    """(cities, cities without a metropolis) of ``p``; tipped cities are not cities."""
    cities = 0
    plain = 0
    for v in range(NUM_VERTICES):
        if is_city(state, p, v):
            cities += 1
            if metropolis_at(state, v) < 0:
                plain += 1
    return cities, plain


@njit(cache=True)
def can_improve_with(state, p, t, discount, cities, plain):
    """:func:`can_improve` given ``p``'s city counts (C&K §3.12)."""
    level = state[LEVEL + 3 * p + t]
    if level >= MAX_LEVEL or cities == 0:  # Restriction A
        return False
    if level + 1 >= 4 and plain == 0:  # Restriction B
        # Interpretation: the holder of this track's metropolis needs no plain
        # city for level 5 (the metropolis is already placed).
        if not (level + 1 == MAX_LEVEL and state[METRO_HOLDER + t] == p):
            return False
    commodity = state[L.HAND + p * NUM_CARD_TYPES + TRACK_COMMODITY[t]]
    return commodity >= improvement_cost(state, p, t, discount)


@njit(cache=True)
def can_improve(state, p, t, discount):
    """``p`` may buy the next level of track ``t`` (C&K §3.12), Crane taking ``discount``."""
    cities, plain = city_counts(state, p)
    return can_improve_with(state, p, t, discount, cities, plain)


@njit(cache=True)
def improve(state, p, t, discount):
    """Pay and raise track ``t``; return True if ``p`` must now place a metropolis."""
    cost = improvement_cost(state, p, t, discount)
    state[L.HAND + p * NUM_CARD_TYPES + TRACK_COMMODITY[t]] -= cost
    state[L.BANK + TRACK_COMMODITY[t]] += cost
    state[LEVEL + 3 * p + t] += 1
    return metropolis_due(state, p, t)


@njit(cache=True)
def metropolis_due(state, p, t):
    """After ``p`` raised track ``t``: does ``p`` take the metropolis (C&K §3.13)?"""
    level = state[LEVEL + 3 * p + t]
    holder = state[METRO_HOLDER + t]
    if holder == p or level < 4:
        return False
    if level == 4:
        for q in range(state[L.NUM_PLAYERS]):
            if q != p and state[LEVEL + 3 * q + t] >= 4:
                return False
        return True
    # Level 5 takes it from a holder who is still at level 4.
    return holder >= 0 and state[LEVEL + 3 * holder + t] < MAX_LEVEL


@njit(cache=True)
def place_metropolis(state, p, t, v):
    """Put track ``t``'s metropolis on ``p``'s plain city ``v`` (taking it from its holder)."""
    holder = state[METRO_HOLDER + t]
    if holder >= 0:
        state[L.PUBLIC_VP + holder] -= METROPOLIS_VP
    state[METRO_HOLDER + t] = p
    state[METRO_VERTEX + t] = v
    state[L.PUBLIC_VP + p] += METROPOLIS_VP


@njit(cache=True)
def pillage(state, p, v):
    """The barbarians downgrade ``p``'s city on ``v`` (C&K §3.16.2)."""
    if state[VERTEX_WALL + v] == 1:
        state[VERTEX_WALL + v] = 0
        state[WALLS_LEFT + p] += 1
    state[L.PUBLIC_VP + p] -= 1
    if state[L.SETTLEMENTS_LEFT + p] > 0:
        state[L.VERTEX_BUILDING + v] = SETTLEMENT
        state[L.SETTLEMENTS_LEFT + p] -= 1
        state[L.CITIES_LEFT + p] += 1
    else:
        state[L.VERTEX_BUILDING + v] = TIPPED_CITY
