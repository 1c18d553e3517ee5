"""Invariants of an E&P state, checked by the property tests and the soak.

``ep_check_state`` returns 0 when every invariant holds, else the code of the
first one broken (names in ``EP_INVARIANT_NAMES``).
"""

from numba import njit

from ...constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES, RESOURCE_CARDS_PER_TYPE
from ..layout import (
    ACTIVE_PLAYER,
    BANK,
    CURRENT_PLAYER,
    DISCARDS_OWED,
    HAND,
    NUM_PLAYERS,
    PHASE,
    PUBLIC_VP,
    ROADS_LEFT,
    SETTLEMENTS_LEFT,
)
from ..phases import ACTION, DISCARD, GAME_OVER, PRE_ROLL
from .board import distance_ok, edge_is_sea_route, ships_on
from .constants import (
    AREA_NORTH,
    CAPACITY,
    CARGO_SIZE,
    HARBOR_SETTLEMENT,
    HARBORS_PER_PLAYER,
    NUM_CARGO,
    ROADS_PER_PLAYER,
    SEA,
    SETTLEMENTS_PER_PLAYER,
    SETTLER,
    SETTLERS_PER_PLAYER,
    SHIPS_PER_PLAYER,
)
from .layout import (
    EP_HEX_KIND,
    EP_HEX_NUMBER,
    EP_HEX_REVEALED,
    EP_ROAD_OWNER,
    EP_STORAGE,
    EP_TOKEN_POS,
    EP_VERTEX_BUILDING,
    EP_VERTEX_OWNER,
    GOLD,
    GOLD_BUYS,
    HARBORS_LEFT,
    MOVING_SHIP,
    SETTLERS_LEFT,
    SHIP_CARGO,
    SHIP_EDGE,
    SHIP_MP,
)
from .phases import MOVEMENT, PLACE_SHIP
from .tables import T_HEX_AREA, T_NUM_EDGES, T_NUM_HEXES, T_NUM_VERTICES

EP_INVARIANT_NAMES = (
    "ok",
    "resource cards are not conserved (bank + hands != 19 per type)",
    "a count is negative",
    "pieces are not conserved (supply + board != the player's pieces)",
    "public VP do not match the buildings",
    "a hold or a storage is over capacity",
    "more than 2 ships end on one sea route",
    "a ship stands on a path that is not a sea route",
    "two buildings on adjacent intersections",
    "number tokens drawn do not match the face-up terrain of an area",
    "the phase or the deciding seat is impossible",
    "cargo in the storage of something that is not a harbor settlement",
    "gold purchases exceed the limit",
)


@njit(cache=True)
def _cards(state, n):
    for r in range(NUM_CARD_TYPES):
        total = state[BANK + r]
        if total < 0:
            return 2
        for p in range(n):
            if state[HAND + p * NUM_CARD_TYPES + r] < 0:
                return 2
            total += state[HAND + p * NUM_CARD_TYPES + r]
        expected = RESOURCE_CARDS_PER_TYPE if r < NUM_RESOURCES else 0
        if total != expected:
            return 1
    for p in range(n):
        if state[GOLD + p] < 0 or state[DISCARDS_OWED + p] < 0:
            return 2
    return 0


@njit(cache=True)
def _pieces(state, tb, n):
    for p in range(n):
        settlements = 0
        harbors = 0
        roads = 0
        settlers = 0
        for v in range(tb[T_NUM_VERTICES]):
            if state[EP_VERTEX_OWNER + v] == p:
                if state[EP_VERTEX_BUILDING + v] == HARBOR_SETTLEMENT:
                    harbors += 1
                    settlers += state[EP_STORAGE + v * NUM_CARGO + SETTLER]
                else:
                    settlements += 1
        for e in range(tb[T_NUM_EDGES]):
            if state[EP_ROAD_OWNER + e] == p:
                roads += 1
        for k in range(SHIPS_PER_PLAYER):
            settlers += state[SHIP_CARGO + (p * SHIPS_PER_PLAYER + k) * NUM_CARGO + SETTLER]
        if (
            min(state[SETTLEMENTS_LEFT + p], state[HARBORS_LEFT + p]) < 0
            or min(state[ROADS_LEFT + p], state[SETTLERS_LEFT + p]) < 0
        ):
            return 2
        if (
            settlements + state[SETTLEMENTS_LEFT + p] != SETTLEMENTS_PER_PLAYER
            or harbors + state[HARBORS_LEFT + p] != HARBORS_PER_PLAYER
            or roads + state[ROADS_LEFT + p] != ROADS_PER_PLAYER
            or settlers + state[SETTLERS_LEFT + p] != SETTLERS_PER_PLAYER
        ):
            return 3
        if state[PUBLIC_VP + p] != settlements + 2 * harbors:
            return 4
    return 0


@njit(cache=True)
def _cargo_and_ships(state, tb, n):
    for v in range(tb[T_NUM_VERTICES]):
        used = 0
        for c in range(NUM_CARGO):
            x = state[EP_STORAGE + v * NUM_CARGO + c]
            if x < 0:
                return 2
            used += x * CARGO_SIZE[c]
        if used > CAPACITY:
            return 5
        if used > 0 and state[EP_VERTEX_BUILDING + v] != HARBOR_SETTLEMENT:
            return 11
    moving = -1
    if state[MOVING_SHIP] >= 0:
        moving = state[ACTIVE_PLAYER] * SHIPS_PER_PLAYER + state[MOVING_SHIP]
    for i in range(MAX_PLAYERS * SHIPS_PER_PLAYER):
        used = 0
        for c in range(NUM_CARGO):
            x = state[SHIP_CARGO + i * NUM_CARGO + c]
            if x < 0:
                return 2
            used += x * CARGO_SIZE[c]
        if used > CAPACITY:
            return 5
        e = state[SHIP_EDGE + i]
        if e < 0:
            if used > 0:
                return 3
            continue
        if state[SHIP_MP + i] < 0:
            return 2
        if not edge_is_sea_route(state, tb, e):
            return 7
        if i != moving and ships_on(state, e) > 2:
            return 6
    return 0


@njit(cache=True)
def _board(state, tb):
    for v in range(tb[T_NUM_VERTICES]):
        b = state[EP_VERTEX_BUILDING + v]
        if b != 0:
            state[EP_VERTEX_BUILDING + v] = 0
            ok = distance_ok(state, tb, v)
            state[EP_VERTEX_BUILDING + v] = b
            if not ok:
                return 8
    drawn = [0, 0]
    for h in range(tb[T_NUM_HEXES]):
        a = tb[T_HEX_AREA + h] - AREA_NORTH
        if a < 0 or state[EP_HEX_REVEALED + h] == 0:
            continue
        if state[EP_HEX_KIND + h] < SEA:
            drawn[a] += 1
            if state[EP_HEX_NUMBER + h] == 0:
                return 9
    for a in range(2):
        if drawn[a] != state[EP_TOKEN_POS + a]:
            return 9
    return 0


@njit(cache=True)
def ep_check_state(state, tb):
    """0 if ``state`` obeys every E&P invariant, else the first broken one's code."""
    n = state[NUM_PLAYERS]
    code = _cards(state, n)
    if code:
        return code
    code = _pieces(state, tb, n)
    if code:
        return code
    code = _cargo_and_ships(state, tb, n)
    if code:
        return code
    code = _board(state, tb)
    if code:
        return code
    phase = state[PHASE]
    if phase != GAME_OVER:
        if phase not in (PRE_ROLL, ACTION, DISCARD, MOVEMENT, PLACE_SHIP):
            return 10
        cur = state[CURRENT_PLAYER]
        if cur < 0 or cur >= n:
            return 10
        if phase != DISCARD and cur != state[ACTIVE_PLAYER]:
            return 10
        if phase == DISCARD and state[DISCARDS_OWED + cur] <= 0:
            return 10
        if state[MOVING_SHIP] >= 0 and phase != MOVEMENT:
            return 10
    if state[GOLD_BUYS] > 2 or state[GOLD_BUYS] < 0:
        return 12
    return 0
