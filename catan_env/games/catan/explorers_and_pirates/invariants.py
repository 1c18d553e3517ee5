"""Invariants of an E&P state, checked by the property tests and the soak.

``check_state`` returns 0 when every invariant holds, else the code of the
first one broken (names in ``INVARIANT_NAMES``). The soak calls
``check_state_memo``, the same check that recomputes the board's facts (pieces
on the board, storages, the distance rule, number tokens) only when the board
block of the state changed: about 2% of decisions.
"""

import numpy as np
from numba import njit

from ..common import layout as L
from ..common.constants import (
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
)
from ..common.contract import SOAK_CODE_NAMES
from . import constants as EC
from . import layout as EL
from . import phases as PH
from .board import (
    distance_ok,
    edge_is_sea_route,
    revealed_sea,
    ships_on,
)
from .missions import mission_vp
from .tables import (
    T_HEX_AREA,
    T_MODULES,
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
    T_PIRATE_OK,
)

INVARIANT_NAMES = (
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
    *SOAK_CODE_NAMES,  # 15 and 16: the soak's own codes, never returned here
    "the pirate ship stands on an illegal hex",
    "a lair is in an impossible state",
    "fish are not conserved (supply + shoals + holds + storages != 6)",
    "spice sacks are not conserved (supply + villages + holds + storages + delivered != 24)",
)


@njit(cache=True)
def _cards(state, n):
    for r in range(NUM_CARD_TYPES):
        total = state[L.BANK + r]
        if total < 0:
            return 2
        for p in range(n):
            if state[L.HAND + p * NUM_CARD_TYPES + r] < 0:
                return 2
            total += state[L.HAND + p * NUM_CARD_TYPES + r]
        expected = RESOURCE_CARDS_PER_TYPE if r < NUM_RESOURCES else 0
        if total != expected:
            return 1
    for p in range(n):
        if state[EL.GOLD + p] < 0 or state[L.DISCARDS_OWED + p] < 0:
            return 2
    return 0


#: The board block of the state: hexes, number tokens, buildings, roads and
#: storages, contiguous in the layout (tested). The piece counts and the board's
#: verdict below are a pure function of it, the seat count and the tables.
BOARD_BLOCK = EL.EP_HEX_KIND
BOARD_BLOCK_SIZE = EL.EP_STORAGE + EL.MAX_VERTICES * EC.NUM_CARGO - EL.EP_HEX_KIND
#: Facts kept of the board: five counts per seat (settlements, harbors, roads,
#: settlers and crews in storages), the codes of the storages' and the board's
#: invariants, the fish and the spice sacks in storages.
_SETTLEMENTS, _HARBORS, _ROADS, _STORED_SETTLERS, _STORED_CREWS = range(5)
_FACT_STORAGES = 5 * MAX_PLAYERS
_FACT_BOARD = _FACT_STORAGES + 1
_FACT_FISH = _FACT_BOARD + 1
_FACT_SPICE = _FACT_FISH + 1
FACTS_SIZE = _FACT_SPICE + 1
#: Words of the memo of :func:`check_state_memo`: the board block and the seat
#: count as last seen, then the facts of them.
MEMO_SIZE = BOARD_BLOCK_SIZE + 1 + FACTS_SIZE
_FACTS_AT = BOARD_BLOCK_SIZE + 1


@njit(cache=True)
def board_facts(state, tb, facts):
    """Write the facts of ``state``'s board (see ``FACTS_SIZE``) into ``facts``."""
    n = state[L.NUM_PLAYERS]
    # Branch-free counting loops, one per seat, which LLVM vectorises: a branchy
    # pass (owners are scattered, so its branches mispredict) was most of a check.
    facts[:] = 0
    for p in range(n):
        owned = 0
        harbors = 0
        for v in range(tb[T_NUM_VERTICES]):
            mine = np.int32(state[EL.EP_VERTEX_OWNER + v] == p)
            owned += mine
            harbors += mine * np.int32(state[EL.EP_VERTEX_BUILDING + v] == EC.HARBOR_SETTLEMENT)
        roads = 0
        for e in range(tb[T_NUM_EDGES]):
            roads += np.int32(state[EL.EP_ROAD_OWNER + e] == p)
        facts[5 * p + _SETTLEMENTS] = owned - harbors
        facts[5 * p + _HARBORS] = harbors
        facts[5 * p + _ROADS] = roads
    for v in range(tb[T_NUM_VERTICES]):
        at = EL.EP_STORAGE + v * EC.NUM_CARGO
        facts[_FACT_FISH] += state[at + EC.FISH]
        facts[_FACT_SPICE] += state[at + EC.SPICE_SACK]
        # Settlers and crews count for the owner (few intersections are owned).
        p = state[EL.EP_VERTEX_OWNER + v]
        if 0 <= p < n:
            if state[EL.EP_VERTEX_BUILDING + v] == EC.HARBOR_SETTLEMENT:
                facts[5 * p + _STORED_SETTLERS] += state[at + EC.SETTLER]
            facts[5 * p + _STORED_CREWS] += state[at + EC.CREW]
    facts[_FACT_STORAGES] = _storages(state, tb)
    facts[_FACT_BOARD] = _board(state, tb)


@njit(cache=True)
def board_changed(state, memo):
    """True if the board block or the seat count differs from ``memo``; then
    ``memo`` takes the new values (a memo filled with -2 never matches)."""
    changed = False
    # Every word is copied (no early exit), so the memo always ends up current.
    for i in range(BOARD_BLOCK_SIZE):
        x = state[BOARD_BLOCK + i]
        changed |= memo[i] != x
        memo[i] = x
    changed |= memo[BOARD_BLOCK_SIZE] != state[L.NUM_PLAYERS]
    memo[BOARD_BLOCK_SIZE] = state[L.NUM_PLAYERS]
    return changed


@njit(cache=True)
def _pieces(state, tb, n, facts):
    for p in range(n):
        settlements = facts[5 * p + _SETTLEMENTS]
        harbors = facts[5 * p + _HARBORS]
        settlers = facts[5 * p + _STORED_SETTLERS]
        for k in range(EC.SHIPS_PER_PLAYER):
            settlers += state[
                EL.SHIP_CARGO + (p * EC.SHIPS_PER_PLAYER + k) * EC.NUM_CARGO + EC.SETTLER
            ]
        if (
            min(state[L.SETTLEMENTS_LEFT + p], state[EL.HARBORS_LEFT + p]) < 0
            or min(state[L.ROADS_LEFT + p], state[EL.SETTLERS_LEFT + p]) < 0
        ):
            return 2
        if (
            settlements + state[L.SETTLEMENTS_LEFT + p] != EC.SETTLEMENTS_PER_PLAYER
            or harbors + state[EL.HARBORS_LEFT + p] != EC.HARBORS_PER_PLAYER
            or facts[5 * p + _ROADS] + state[L.ROADS_LEFT + p] != EC.ROADS_PER_PLAYER
            or settlers + state[EL.SETTLERS_LEFT + p] != EC.SETTLERS_PER_PLAYER
        ):
            return 3
        if state[L.PUBLIC_VP + p] != settlements + 2 * harbors + state[EL.MISSION_VP + p]:
            return 4
        if state[EL.MISSION_VP + p] != mission_vp(state, p):
            return 14
        if tb[T_MODULES] & EC.MOD_CREWS:
            crews = state[EL.CREWS_LEFT + p] + facts[5 * p + _STORED_CREWS]
            for k in range(EC.SHIPS_PER_PLAYER):
                crews += state[
                    EL.SHIP_CARGO + (p * EC.SHIPS_PER_PLAYER + k) * EC.NUM_CARGO + EC.CREW
                ]
            for h in range(tb[T_NUM_HEXES]):
                crews += state[EL.LAIR_CREWS + h * MAX_PLAYERS + p]
                crews += state[EL.SPICE_CREW + h * MAX_PLAYERS + p]
            if crews != EC.CREWS_PER_PLAYER or state[EL.CREWS_LEFT + p] < 0:
                return 13
    return 0


@njit(cache=True)
def _in_holds(state, c):
    """Cargo of kind ``c`` in every ship's hold."""
    total = 0
    for i in range(MAX_PLAYERS * EC.SHIPS_PER_PLAYER):
        total += state[EL.SHIP_CARGO + i * EC.NUM_CARGO + c]
    return total


@njit(cache=True)
def _hold(state, at):
    """Space used by the cargo counts from ``at`` (a storage or a ship's hold) and the
    check code: 2 for a negative count, 5 over capacity, else 0."""
    used = 0
    for c in range(EC.NUM_CARGO):
        x = state[at + c]
        if x < 0:
            return 2, used
        used += x * EC.CARGO_SIZE[c]
    return (5 if used > EC.CAPACITY else 0), used


@njit(cache=True)
def _storages(state, tb):
    for v in range(tb[T_NUM_VERTICES]):
        code, used = _hold(state, EL.EP_STORAGE + v * EC.NUM_CARGO)
        if code:
            return code
        if used > 0 and state[EL.EP_VERTEX_BUILDING + v] != EC.HARBOR_SETTLEMENT:
            return 11
    return 0


@njit(cache=True)
def _ships(state, tb):
    moving = -1
    if state[EL.MOVING_SHIP] >= 0:
        moving = state[L.ACTIVE_PLAYER] * EC.SHIPS_PER_PLAYER + state[EL.MOVING_SHIP]
    for i in range(MAX_PLAYERS * EC.SHIPS_PER_PLAYER):
        code, used = _hold(state, EL.SHIP_CARGO + i * EC.NUM_CARGO)
        if code:
            return code
        e = state[EL.SHIP_EDGE + i]
        if e < 0:
            if used > 0:
                return 3
            continue
        if state[EL.SHIP_MP + i] < 0:
            return 2
        if not edge_is_sea_route(state, tb, e):
            return 7
        if i != moving:
            # A moving ship may pass through a full route (E&P §4.8).
            others = ships_on(state, e)
            if moving >= 0 and state[EL.SHIP_EDGE + moving] == e:
                others -= 1
            if others > 2:
                return 6
    return 0


@njit(cache=True)
def _board(state, tb):
    for v in range(tb[T_NUM_VERTICES]):
        b = state[EL.EP_VERTEX_BUILDING + v]
        if b != 0:
            state[EL.EP_VERTEX_BUILDING + v] = 0
            ok = distance_ok(state, tb, v)
            state[EL.EP_VERTEX_BUILDING + v] = b
            if not ok:
                return 8
    drawn = [0, 0]
    for h in range(tb[T_NUM_HEXES]):
        a = tb[T_HEX_AREA + h] - EC.AREA_NORTH
        if a < 0 or state[EL.EP_HEX_REVEALED + h] == 0:
            continue
        if state[EL.EP_HEX_KIND + h] < EC.SEA:
            drawn[a] += 1
            if state[EL.EP_HEX_NUMBER + h] == 0:
                return 9
    for a in range(2):
        if drawn[a] != state[EL.EP_TOKEN_POS + a]:
            return 9
    return 0


@njit(cache=True)
def check_state(state, tb):
    """0 if ``state`` obeys every E&P invariant, else the first broken one's code."""
    facts = np.zeros(FACTS_SIZE, np.int32)
    board_facts(state, tb, facts)
    return check_with_facts(state, tb, facts)


@njit(cache=True)
def check_state_memo(state, tb, memo, fresh):
    """``check_state`` that recomputes the board's facts only when the board block
    or the seat count changed since the last call with ``memo`` (``MEMO_SIZE``
    words; ``fresh`` forgets it). Most decisions place and load nothing, and the
    board's loops were most of a check."""
    if fresh:
        memo[:] = -2
    facts = memo[_FACTS_AT:]
    if board_changed(state, memo):
        board_facts(state, tb, facts)
    return check_with_facts(state, tb, facts)


@njit(cache=True)
def check_with_facts(state, tb, facts):
    """``check_state`` given ``board_facts`` of ``state``."""
    n = state[L.NUM_PLAYERS]
    code = _cards(state, n)
    if code:
        return code
    code = _pieces(state, tb, n, facts)
    if code:
        return code
    code = facts[_FACT_STORAGES]
    if code:
        return code
    code = _ships(state, tb)
    if code:
        return code
    code = facts[_FACT_BOARD]
    if code:
        return code
    code = _phase(state, n)
    if code:
        return code
    code = _gold_fish_and_spices(state, tb, facts)
    if code:
        return code
    return _pirate_and_lairs(state, tb)


@njit(cache=True)
def _phase(state, n):
    phase = state[L.PHASE]
    if phase != PH.GAME_OVER:
        trading = phase == PH.TRADE_COMPOSE or phase == PH.TRADE_RESPOND or phase == PH.TRADE_CLOSE
        setup = (
            phase == PH.SETUP_SETTLEMENT
            or phase == PH.SETUP_ROAD
            or PH.SETUP_HARBOR <= phase <= PH.SETUP_SHIP
        )
        pirate = phase == PH.PLACE_PIRATE or phase == PH.PIRATE_STEAL
        known = phase in (PH.PRE_ROLL, PH.ACTION, PH.DISCARD, PH.MOVEMENT, PH.PLACE_SHIP)
        if not (known or trading or setup or pirate):
            return 10
        cur = state[L.CURRENT_PLAYER]
        if cur < 0 or cur >= n:
            return 10
        if phase != PH.DISCARD and phase != PH.TRADE_RESPOND and cur != state[L.ACTIVE_PLAYER]:
            return 10
        if phase == PH.TRADE_RESPOND and cur == state[L.ACTIVE_PLAYER]:
            return 10
        if not trading and (state[EL.TRADE_GOLD_GIVE] != 0 or state[EL.TRADE_GOLD_WANT] != 0):
            return 10
        if phase == PH.DISCARD and state[L.DISCARDS_OWED + cur] <= 0:
            return 10
        # A ship selected to move may chase first; it stays selected while the
        # chaser places its pirate (E&P §5.4).
        chasing = pirate and state[L.RESUME_PHASE] == PH.MOVEMENT
        if state[EL.MOVING_SHIP] >= 0 and phase != PH.MOVEMENT and not chasing:
            return 10
    return 0


@njit(cache=True)
def _gold_fish_and_spices(state, tb, facts):
    if state[EL.GOLD_BUYS] > 2 or state[EL.GOLD_BUYS] < 0:
        return 12
    if tb[T_MODULES] & EC.MOD_FISH:
        fish = state[EL.FISH_SUPPLY]
        for h in range(tb[T_NUM_HEXES]):
            fish += state[EL.FISH_ON + h]
            if state[EL.FISH_ON + h] and (
                state[EL.PIRATE_HEX] == h or not state[EL.EP_HEX_REVEALED + h]
            ):
                return 19
        fish += facts[_FACT_FISH] + _in_holds(state, EC.FISH)
        if fish != EC.FISH_PER_GAME or state[EL.FISH_SUPPLY] < 0:
            return 19
    if tb[T_MODULES] & EC.MOD_SPICES:
        sacks = state[EL.SPICE_SUPPLY] + state[EL.SPICE_GONE]
        for h in range(tb[T_NUM_HEXES]):
            sacks += state[EL.SPICE_SACKS + h]
        sacks += facts[_FACT_SPICE] + _in_holds(state, EC.SPICE_SACK)
        if sacks != EC.SPICE_SACKS_TOTAL or state[EL.SPICE_SUPPLY] < 0:
            return 20
    return 0


@njit(cache=True)
def _pirate_and_lairs(state, tb):
    h = state[EL.PIRATE_HEX]
    if (h >= 0) != (state[EL.PIRATE_OWNER] >= 0):
        return 17
    if h >= 0 and (tb[T_PIRATE_OK + h] == 0 or not revealed_sea(state, h)):
        return 17
    for h in range(tb[T_NUM_HEXES]):
        ls = state[EL.LAIR_STATE + h]
        on = 0
        for q in range(MAX_PLAYERS):
            on += state[EL.LAIR_CREWS + h * MAX_PLAYERS + q]
        if ls == EC.LAIR_NONE and on > 0:
            return 18
        if ls != EC.LAIR_NONE and (
            state[EL.EP_HEX_KIND + h] != EC.GOLD or not state[EL.EP_HEX_REVEALED + h]
        ):
            return 18
        if (ls == EC.LAIR_ACTIVE and on >= 3) or (ls == EC.LAIR_CAPTURED and on != 3):
            return 18
    return 0
