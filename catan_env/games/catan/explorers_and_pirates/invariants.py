"""Invariants of an E&P state, checked by the property tests and the soak.

``ep_check_state`` returns 0 when every invariant holds, else the code of the
first one broken (names in ``EP_INVARIANT_NAMES``).
"""

from numba import njit

from ..common.constants import (
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
)
from ..common.layout import (
    ACTIVE_PLAYER,
    BANK,
    CURRENT_PLAYER,
    DISCARDS_OWED,
    HAND,
    NUM_PLAYERS,
    PHASE,
    PUBLIC_VP,
    RESUME_PHASE,
    ROADS_LEFT,
    SETTLEMENTS_LEFT,
)
from ..common.phases import (
    ACTION,
    DISCARD,
    GAME_OVER,
    PRE_ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    TRADE_CLOSE,
    TRADE_COMPOSE,
    TRADE_RESPOND,
)
from .board import (
    distance_ok,
    edge_is_sea_route,
    revealed_sea,
    ships_on,
)
from .constants import (
    AREA_NORTH,
    CAPACITY,
    CARGO_SIZE,
    CREW,
    CREWS_PER_PLAYER,
    FISH,
    FISH_PER_GAME,
    HARBOR_SETTLEMENT,
    HARBORS_PER_PLAYER,
    LAIR_ACTIVE,
    LAIR_CAPTURED,
    LAIR_NONE,
    MOD_CREWS,
    MOD_FISH,
    MOD_SPICES,
    NUM_CARGO,
    ROADS_PER_PLAYER,
    SEA,
    SETTLEMENTS_PER_PLAYER,
    SETTLER,
    SETTLERS_PER_PLAYER,
    SHIPS_PER_PLAYER,
    SPICE_SACK,
    SPICE_SACKS_TOTAL,
)
from .constants import GOLD as GOLD_KIND
from .layout import (
    CREWS_LEFT,
    EP_HEX_KIND,
    EP_HEX_NUMBER,
    EP_HEX_REVEALED,
    EP_ROAD_OWNER,
    EP_STORAGE,
    EP_TOKEN_POS,
    EP_VERTEX_BUILDING,
    EP_VERTEX_OWNER,
    FISH_ON,
    FISH_SUPPLY,
    GOLD,
    GOLD_BUYS,
    HARBORS_LEFT,
    LAIR_CREWS,
    LAIR_STATE,
    MISSION_VP,
    MOVING_SHIP,
    PIRATE_HEX,
    PIRATE_OWNER,
    SETTLERS_LEFT,
    SHIP_CARGO,
    SHIP_EDGE,
    SHIP_MP,
    SPICE_CREW,
    SPICE_GONE,
    SPICE_SACKS,
    SPICE_SUPPLY,
    TRADE_GOLD_GIVE,
    TRADE_GOLD_WANT,
)
from .missions import mission_vp
from .phases import (
    MOVEMENT,
    PIRATE_STEAL,
    PLACE_PIRATE,
    PLACE_SHIP,
    SETUP_HARBOR,
    SETUP_SHIP,
)
from .tables import (
    T_HEX_AREA,
    T_MODULES,
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
    T_PIRATE_OK,
)

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
    "crews are not conserved (supply + holds + storages + lairs != 9)",
    "mission VP do not match the tracks",
    "the pirate ship stands on an illegal hex",
    "a lair is in an impossible state",
    "fish are not conserved (supply + shoals + holds + storages != 6)",
    "spice sacks are not conserved (supply + villages + holds + storages + delivered != 24)",
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
        if state[PUBLIC_VP + p] != settlements + 2 * harbors + state[MISSION_VP + p]:
            return 4
        if state[MISSION_VP + p] != mission_vp(state, p):
            return 14
        if tb[T_MODULES] & MOD_CREWS:
            crews = state[CREWS_LEFT + p]
            for v in range(tb[T_NUM_VERTICES]):
                if state[EP_VERTEX_OWNER + v] == p:
                    crews += state[EP_STORAGE + v * NUM_CARGO + CREW]
            for k in range(SHIPS_PER_PLAYER):
                crews += state[SHIP_CARGO + (p * SHIPS_PER_PLAYER + k) * NUM_CARGO + CREW]
            for h in range(tb[T_NUM_HEXES]):
                crews += state[LAIR_CREWS + h * MAX_PLAYERS + p]
                crews += state[SPICE_CREW + h * MAX_PLAYERS + p]
            if crews != CREWS_PER_PLAYER or state[CREWS_LEFT + p] < 0:
                return 13
    return 0


@njit(cache=True)
def _carried(state, tb, c):
    """Cargo of kind ``c`` in every harbor's storage and every ship's hold."""
    total = 0
    for v in range(tb[T_NUM_VERTICES]):
        total += state[EP_STORAGE + v * NUM_CARGO + c]
    for i in range(MAX_PLAYERS * SHIPS_PER_PLAYER):
        total += state[SHIP_CARGO + i * NUM_CARGO + c]
    return total


@njit(cache=True)
def _hold(state, at):
    """Space used by the cargo counts from ``at`` (a storage or a ship's hold) and the
    check code: 2 for a negative count, 5 over capacity, else 0."""
    used = 0
    for c in range(NUM_CARGO):
        x = state[at + c]
        if x < 0:
            return 2, used
        used += x * CARGO_SIZE[c]
    return (5 if used > CAPACITY else 0), used


@njit(cache=True)
def _cargo_and_ships(state, tb, n):
    for v in range(tb[T_NUM_VERTICES]):
        code, used = _hold(state, EP_STORAGE + v * NUM_CARGO)
        if code:
            return code
        if used > 0 and state[EP_VERTEX_BUILDING + v] != HARBOR_SETTLEMENT:
            return 11
    moving = -1
    if state[MOVING_SHIP] >= 0:
        moving = state[ACTIVE_PLAYER] * SHIPS_PER_PLAYER + state[MOVING_SHIP]
    for i in range(MAX_PLAYERS * SHIPS_PER_PLAYER):
        code, used = _hold(state, SHIP_CARGO + i * NUM_CARGO)
        if code:
            return code
        e = state[SHIP_EDGE + i]
        if e < 0:
            if used > 0:
                return 3
            continue
        if state[SHIP_MP + i] < 0:
            return 2
        if not edge_is_sea_route(state, tb, e):
            return 7
        if i != moving:
            # A moving ship may pass through a full route (E&P §4.8).
            others = ships_on(state, e)
            if moving >= 0 and state[SHIP_EDGE + moving] == e:
                others -= 1
            if others > 2:
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
        trading = phase == TRADE_COMPOSE or phase == TRADE_RESPOND or phase == TRADE_CLOSE
        setup = (
            phase == SETUP_SETTLEMENT or phase == SETUP_ROAD or SETUP_HARBOR <= phase <= SETUP_SHIP
        )
        pirate = phase == PLACE_PIRATE or phase == PIRATE_STEAL
        known = phase in (PRE_ROLL, ACTION, DISCARD, MOVEMENT, PLACE_SHIP)
        if not (known or trading or setup or pirate):
            return 10
        cur = state[CURRENT_PLAYER]
        if cur < 0 or cur >= n:
            return 10
        if phase != DISCARD and phase != TRADE_RESPOND and cur != state[ACTIVE_PLAYER]:
            return 10
        if phase == TRADE_RESPOND and cur == state[ACTIVE_PLAYER]:
            return 10
        if not trading and (state[TRADE_GOLD_GIVE] != 0 or state[TRADE_GOLD_WANT] != 0):
            return 10
        if phase == DISCARD and state[DISCARDS_OWED + cur] <= 0:
            return 10
        # A ship selected to move may chase first; it stays selected while the
        # chaser places its pirate (E&P §5.4).
        chasing = pirate and state[RESUME_PHASE] == MOVEMENT
        if state[MOVING_SHIP] >= 0 and phase != MOVEMENT and not chasing:
            return 10
    if state[GOLD_BUYS] > 2 or state[GOLD_BUYS] < 0:
        return 12
    if tb[T_MODULES] & MOD_FISH:
        fish = state[FISH_SUPPLY]
        for h in range(tb[T_NUM_HEXES]):
            fish += state[FISH_ON + h]
            if state[FISH_ON + h] and (state[PIRATE_HEX] == h or not state[EP_HEX_REVEALED + h]):
                return 17
        fish += _carried(state, tb, FISH)
        if fish != FISH_PER_GAME or state[FISH_SUPPLY] < 0:
            return 17
    if tb[T_MODULES] & MOD_SPICES:
        sacks = state[SPICE_SUPPLY] + state[SPICE_GONE]
        for h in range(tb[T_NUM_HEXES]):
            sacks += state[SPICE_SACKS + h]
        sacks += _carried(state, tb, SPICE_SACK)
        if sacks != SPICE_SACKS_TOTAL or state[SPICE_SUPPLY] < 0:
            return 18
    h = state[PIRATE_HEX]
    if (h >= 0) != (state[PIRATE_OWNER] >= 0):
        return 15
    if h >= 0 and (tb[T_PIRATE_OK + h] == 0 or not revealed_sea(state, h)):
        return 15
    for h in range(tb[T_NUM_HEXES]):
        ls = state[LAIR_STATE + h]
        on = 0
        for q in range(MAX_PLAYERS):
            on += state[LAIR_CREWS + h * MAX_PLAYERS + q]
        if ls == LAIR_NONE and on > 0:
            return 16
        if ls != LAIR_NONE and (
            state[EP_HEX_KIND + h] != GOLD_KIND or not state[EP_HEX_REVEALED + h]
        ):
            return 16
        if (ls == LAIR_ACTIVE and on >= 3) or (ls == LAIR_CAPTURED and on != 3):
            return 16
    return 0
