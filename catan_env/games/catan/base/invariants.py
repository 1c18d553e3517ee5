"""Invariants every reachable base-game state satisfies, checked in numba.

``check_state`` returns 0 for a sound state or the code of the first broken
invariant (``INVARIANT_NAMES[code]``). The property tests and the soak run it
after every step of many random games.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.building import count_roads, supply_adds_up
from ..common.contract import SOAK_CODE_NAMES
from ..common.longest_road import road_length
from ..common.phases import DISCARD, GAME_OVER, NUM_PHASES
from ..common.tables import (
    T_EDGE_VERTICES,
    T_VERTEX_EDGES,
    T_VERTEX_HARBOR,
    T_VERTEX_VERTICES,
)

INVARIANT_NAMES = (
    "ok",
    "negative count",
    "resource cards not conserved",
    "development cards not conserved",
    "pieces on board + supply != limit",
    "public VP inconsistent",
    "distance rule broken",
    "road not connected to its owner's network",
    "road length inconsistent",
    "Longest Road holder inconsistent",
    "Largest Army holder inconsistent",
    "harbor rate inconsistent",
    "robber off the land",
    "phase or decider invalid",
    "winner without enough VP",
    *SOAK_CODE_NAMES,  # 15 and 16: the soak's own codes, never returned here
)
_DEV_COUNTS = np.array(C.DEV_COUNTS, np.int64)


@njit(cache=True)
def _component_has_building(state, tb, p, start_edge, seen_e, stack):
    """Flood p's roads from ``start_edge``; True if the component touches p's building."""
    top = 0
    stack[0] = start_edge
    seen_e[start_edge] = True
    found = False
    while top >= 0:
        e = stack[top]
        top -= 1
        for side in range(2):
            v = tb[T_EDGE_VERTICES + 2 * e + side]
            if state[L.VERTEX_OWNER + v] == p:
                found = True
            for k in range(3):
                f = tb[T_VERTEX_EDGES + 3 * v + k]
                if f >= 0 and not seen_e[f] and state[L.EDGE_OWNER + f] == p:
                    seen_e[f] = True
                    top += 1
                    stack[top] = f
    return found


#: Words of the network memo: every field the network invariants (6-9) read.
NETWORK_MEMO_SIZE = 2 * NUM_VERTICES + NUM_EDGES + C.MAX_PLAYERS + 2


@njit(cache=True)
def network_changed(state, memo):
    """True if a field the network invariants read differs from ``memo``; then
    ``memo`` takes the new values.

    Those invariants (distance rule, road connectivity, road lengths, Longest
    Road) are a pure function of buildings, knights, roads, road lengths, the
    holder and the seat count, so while these are unchanged their verdict is the
    one already checked. The soak uses this to skip them on the ~97 % of steps
    that place nothing, which is most of the cost of a check (four road-length
    searches); a fresh memo filled with -2 never matches.
    """
    # Every field is copied (no early exit), so the memo always ends up current.
    changed = _remember(state, L.VERTEX_OWNER, NUM_VERTICES, memo, 0)
    k = NUM_VERTICES
    changed |= _remember(state, L.KNIGHT_OWNER, NUM_VERTICES, memo, k)
    k += NUM_VERTICES
    changed |= _remember(state, L.EDGE_OWNER, NUM_EDGES, memo, k)
    k += NUM_EDGES
    changed |= _remember(state, L.ROAD_LENGTH, C.MAX_PLAYERS, memo, k)
    k += C.MAX_PLAYERS
    changed |= _remember(state, L.LONGEST_ROAD_HOLDER, 1, memo, k)
    changed |= _remember(state, L.NUM_PLAYERS, 1, memo, k + 1)
    return changed


@njit(cache=True, inline="always")
def _remember(state, off, n, memo, k):
    """Copy ``state[off:off + n]`` to ``memo[k:k + n]``; True if anything differed."""
    changed = False
    for i in range(n):
        x = state[off + i]
        if memo[k + i] != x:
            memo[k + i] = x
            changed = True
    return changed


@njit(cache=True)
def check_state(state, tb):
    """0 if ``state`` satisfies every invariant, else the first failing code."""
    return check_state_memo(state, tb, True)


@njit(cache=True)
def check_state_memo(state, tb, network):
    """``check_state`` that runs the network invariants (6-9) only if ``network``
    (see :func:`network_changed`)."""
    n = state[L.NUM_PLAYERS]
    n_vert = NUM_VERTICES
    n_edge = NUM_EDGES
    # 1. counts are never negative
    for r in range(C.NUM_RESOURCES):
        if state[L.BANK + r] < 0:
            return 1
    for p in range(C.MAX_PLAYERS):
        for r in range(C.NUM_RESOURCES):
            if state[L.HAND + p * C.NUM_CARD_TYPES + r] < 0:
                return 1
        for c in range(C.NUM_DEV_TYPES):
            i = p * C.NUM_DEV_TYPES + c
            if state[L.DEV_HAND + i] < 0 or state[L.DEV_NEW + i] < 0 or state[L.DEV_USED + i] < 0:
                return 1
            if state[L.DEV_NEW + i] > state[L.DEV_HAND + i]:
                return 1
        if state[L.DISCARDS_OWED + p] < 0:
            return 1
    # 2. resource conservation
    for r in range(C.NUM_RESOURCES):
        total = state[L.BANK + r]
        for p in range(C.MAX_PLAYERS):
            total += state[L.HAND + p * C.NUM_CARD_TYPES + r]
        if total != C.RESOURCE_CARDS_PER_TYPE:
            return 2
    # 3. development-card conservation
    drawn = np.zeros(C.NUM_DEV_TYPES, np.int64)
    deck_counts = np.zeros(C.NUM_DEV_TYPES, np.int64)
    for i in range(C.DEV_DECK_SIZE):
        deck_counts[state[L.DECK + i]] += 1
        if i < state[L.DECK_POS]:
            drawn[state[L.DECK + i]] += 1
    for c in range(C.NUM_DEV_TYPES):
        if deck_counts[c] != _DEV_COUNTS[c]:
            return 3
        held = 0
        for p in range(C.MAX_PLAYERS):
            held += (
                state[L.DEV_HAND + p * C.NUM_DEV_TYPES + c]
                + state[L.DEV_USED + p * C.NUM_DEV_TYPES + c]
            )
        if held != drawn[c]:
            return 3
    for p in range(C.MAX_PLAYERS):
        if state[L.DEV_USED + p * C.NUM_DEV_TYPES + C.VICTORY_POINT] != 0:
            return 3
    # 4-5. pieces and public VP
    settlements = np.zeros(C.MAX_PLAYERS, np.int64)
    cities = np.zeros(C.MAX_PLAYERS, np.int64)
    roads = np.zeros(C.MAX_PLAYERS, np.int64)
    for v in range(n_vert):
        owner = state[L.VERTEX_OWNER + v]
        kind = state[L.VERTEX_BUILDING + v]
        if owner < 0:
            if kind != 0:
                return 4
            continue
        if owner >= n:
            return 4
        if kind == C.SETTLEMENT:
            settlements[owner] += 1
        elif kind == C.CITY:
            cities[owner] += 1
        else:
            return 4
    for v in range(n_vert):
        if state[L.KNIGHT_OWNER + v] != -1:  # no knights in the base game
            return 4
    for r in range(C.NUM_RESOURCES, C.NUM_CARD_TYPES):  # nor commodities
        if state[L.BANK + r] != 0:
            return 2
        for p in range(C.MAX_PLAYERS):
            if state[L.HAND + p * C.NUM_CARD_TYPES + r] != 0:
                return 2
    if not count_roads(state, n, n_edge, roads):
        return 4
    for p in range(n):
        if not supply_adds_up(state, p, settlements[p], cities[p], roads[p]):
            return 4
        vp = settlements[p] + 2 * cities[p]
        if state[L.LONGEST_ROAD_HOLDER] == p:
            vp += 2
        if state[L.LARGEST_ARMY_HOLDER] == p:
            vp += 2
        if vp != state[L.PUBLIC_VP + p]:
            return 5
    if network:
        code = _check_network(state, tb, n)
        if code:
            return code
    return _check_rest(state, tb, n)


@njit(cache=True)
def _check_network(state, tb, n):
    """Invariants 6-9: they read only the fields :func:`network_changed` watches."""
    n_vert = NUM_VERTICES
    n_edge = NUM_EDGES
    # 6. distance rule
    for v in range(n_vert):
        if state[L.VERTEX_OWNER + v] >= 0:
            for k in range(3):
                w = tb[T_VERTEX_VERTICES + 3 * v + k]
                if w >= 0 and state[L.VERTEX_OWNER + w] >= 0:
                    return 6
    # 7. every road belongs to a network that touches one of its owner's buildings
    seen = np.zeros(n_edge, np.bool_)
    stack = np.empty(n_edge + 1, np.int64)
    for e in range(n_edge):
        p = state[L.EDGE_OWNER + e]
        if p >= 0 and not seen[e]:
            if not _component_has_building(state, tb, p, e, seen, stack):
                return 7
    # 8-9. road lengths and Longest Road
    return longest_road_code(state, tb, n, 8, 9)


@njit(cache=True)
def longest_road_code(state, tb, n, bad_length, bad_holder):
    """``bad_length`` if a seat's stored road length is not its longest trail,
    ``bad_holder`` if the Longest Road holder is not the one the lengths give
    (base §9.1: at least 5, strictly the longest to take it), else 0."""
    best = 0
    n_best = 0
    for p in range(n):
        length = road_length(state, tb, p)
        if length != state[L.ROAD_LENGTH + p]:
            return bad_length
        if length > best:
            best = length
            n_best = 1
        elif length == best:
            n_best += 1
    holder = state[L.LONGEST_ROAD_HOLDER]
    if holder >= 0:
        if state[L.ROAD_LENGTH + holder] < 5 or state[L.ROAD_LENGTH + holder] != best:
            return bad_holder
    elif best >= 5 and n_best == 1:
        return bad_holder
    return 0


@njit(cache=True)
def _check_rest(state, tb, n):
    n_vert = NUM_VERTICES
    # 10. Largest Army
    army_holder = state[L.LARGEST_ARMY_HOLDER]
    top_army = 0
    for p in range(n):
        a = state[L.DEV_USED + p * C.NUM_DEV_TYPES + C.KNIGHT]
        if a > top_army:
            top_army = a
    if army_holder >= 0:
        if state[L.DEV_USED + army_holder * C.NUM_DEV_TYPES + C.KNIGHT] != top_army or top_army < 3:
            return 10
    elif top_army >= 3:
        return 10
    # 11. harbor rates
    expect = np.full((C.MAX_PLAYERS, C.NUM_RESOURCES), 4, np.int64)
    for v in range(n_vert):
        owner = state[L.VERTEX_OWNER + v]
        if owner >= 0 and tb[T_VERTEX_HARBOR + v] >= 0:
            kind = state[L.HARBOR_TYPE + tb[T_VERTEX_HARBOR + v]]
            for r in range(C.NUM_RESOURCES):
                if kind == r:
                    expect[owner, r] = 2
                elif kind == C.GENERIC_HARBOR and expect[owner, r] > 3:
                    expect[owner, r] = 3
    for p in range(n):
        for r in range(C.NUM_RESOURCES):
            if state[L.HARBOR_RATE + p * C.NUM_CARD_TYPES + r] != expect[p, r]:
                return 11
    # 12. robber on land
    if state[L.HEX_TERRAIN + state[L.ROBBER_HEX]] > C.DESERT:
        return 12
    # 13. phase and decider
    phase = state[L.PHASE]
    if phase < 0 or phase >= NUM_PHASES:
        return 13
    if phase != GAME_OVER:
        cur = state[L.CURRENT_PLAYER]
        if cur < 0 or cur >= n or state[L.ACTIVE_PLAYER] < 0 or state[L.ACTIVE_PLAYER] >= n:
            return 13
        if phase == DISCARD and state[L.DISCARDS_OWED + cur] <= 0:
            return 13
    # 14. a winner has the VP
    w = state[L.WINNER]
    if w >= 0:
        if phase != GAME_OVER:
            return 14
        vp = state[L.PUBLIC_VP + w] + state[L.DEV_HAND + w * C.NUM_DEV_TYPES + C.VICTORY_POINT]
        if vp < state[L.OPT_VP_TO_WIN]:
            return 14
    return 0
