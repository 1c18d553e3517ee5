"""Invariants every reachable Cities & Knights state satisfies, checked in numba.

``check_state`` returns 0 for a sound state or the code of the first broken
invariant (``INVARIANT_NAMES[code]``).
"""

import numpy as np
from numba import njit

from ..base.invariants import longest_road_code
from ..board.standard import NUM_EDGES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.building import count_roads, supply_adds_up
from ..common.contract import SOAK_CODE_NAMES
from ..common.phases import DISCARD, GAME_OVER
from ..common.tables import T_VERTEX_VERTICES
from . import layout as CL
from .cities import metropolis_at
from .constants import (
    BARBARIAN_ATTACK_POSITION,
    CARD_COUNTS,
    COMMODITY_CARDS_PER_TYPE,
    CONSTITUTION,
    DECK_SIZE,
    KNIGHTS_PER_STRENGTH,
    MAX_LEVEL,
    NUM_CARD_KINDS,
    NUM_TRACKS,
    PRINTER,
    PROGRESS_HAND_LIMIT,
    WALLS_PER_PLAYER,
)
from .phases import CK_NUM_PHASES, METROPOLIS, OVERFLOW
from .roll import ST_ATTACK_END, ST_DEFEND

INVARIANT_NAMES = (
    "ok",
    "negative count",
    "resource or commodity cards not conserved",
    "progress cards not conserved",
    "pieces on board + supply != limit",
    "public VP inconsistent",
    "distance rule broken or knight on a building",
    "road length or Longest Road inconsistent",
    "metropolis inconsistent",
    "knight, wall or level out of range",
    "robber or barbarian position invalid",
    "phase or decider invalid",
    "winner without enough VP",
    "progress hand over the limit",
    "merchant inconsistent",
    *SOAK_CODE_NAMES,  # 15 and 16: the soak's own codes, never returned here
)


@njit(cache=True)
def check_state(state, tb):
    """0 if ``state`` obeys every C&K invariant, else the first broken one's code."""
    return check_state_memo(state, tb, True)


@njit(cache=True)
def check_state_memo(state, tb, network):
    """``check_state`` with the distance rule and Longest Road checked only if
    ``network`` (see ``invariants.network_changed``: they read only the fields it
    watches)."""
    n = state[L.NUM_PLAYERS]
    phase = state[L.PHASE]
    # 1-2. cards: non-negative and conserved
    for r in range(C.NUM_CARD_TYPES):
        total = state[L.BANK + r]
        if total < 0:
            return 1
        for p in range(C.MAX_PLAYERS):
            x = state[L.HAND + p * C.NUM_CARD_TYPES + r]
            if x < 0:
                return 1
            total += x
        expect = C.RESOURCE_CARDS_PER_TYPE if r < C.NUM_RESOURCES else COMMODITY_CARDS_PER_TYPE
        if total != expect:
            return 2
    # 3. progress cards: decks + hands + revealed VP cards = the 54 cards
    counts = np.zeros(NUM_CARD_KINDS, np.int64)
    for t in range(NUM_TRACKS):
        c = state[CL.PDECK_COUNT + t]
        if c < 0 or c > DECK_SIZE:
            return 3
        for i in range(c):
            slot = (state[CL.PDECK_HEAD + t] + i) % DECK_SIZE
            counts[state[CL.PDECK + t * DECK_SIZE + slot]] += 1
    vp_cards = 0
    for p in range(C.MAX_PLAYERS):
        for k in range(NUM_CARD_KINDS):
            x = state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + k]
            if x < 0:
                return 1
            counts[k] += x
        vp_cards += state[CL.VP_CARDS + p]
    if (
        counts[PRINTER] + counts[CONSTITUTION] + vp_cards
        != CARD_COUNTS[PRINTER] + CARD_COUNTS[CONSTITUTION]
    ):
        return 3
    for k in range(NUM_CARD_KINDS):
        if k != PRINTER and k != CONSTITUTION and counts[k] != CARD_COUNTS[k]:
            return 3
    # 4-5. pieces and VP, counted in one pass over the board (the soak runs this
    # after every step, so it avoids a pass per player)
    tally = np.zeros(9 * C.MAX_PLAYERS, np.int64)  # one allocation, seven views
    settlements = tally[: C.MAX_PLAYERS]
    cities = tally[C.MAX_PLAYERS : 2 * C.MAX_PLAYERS]
    tipped = tally[2 * C.MAX_PLAYERS : 3 * C.MAX_PLAYERS]
    metros = tally[3 * C.MAX_PLAYERS : 4 * C.MAX_PLAYERS]
    walls = tally[4 * C.MAX_PLAYERS : 5 * C.MAX_PLAYERS]
    roads = tally[5 * C.MAX_PLAYERS : 6 * C.MAX_PLAYERS]
    knights = tally[6 * C.MAX_PLAYERS :]
    for v in range(NUM_VERTICES):
        p = state[L.VERTEX_OWNER + v]
        if p >= n:
            return 4
        if p >= 0:
            kind = state[L.VERTEX_BUILDING + v]
            if kind == C.SETTLEMENT:
                settlements[p] += 1
            elif kind == C.CITY or kind == C.TIPPED_CITY:
                cities[p] += 1
                if kind == C.TIPPED_CITY:
                    tipped[p] += 1
            else:
                return 4
            if state[CL.VERTEX_WALL + v] == 1:
                if kind != C.CITY:
                    return 4
                walls[p] += 1
            if metropolis_at(state, v) >= 0:
                metros[p] += 1
        q = state[L.KNIGHT_OWNER + v]
        if q >= n:
            return 4
        if q >= 0:
            s = state[CL.KNIGHT_STRENGTH + v]
            if 1 <= s <= 3:  # out-of-range strengths are code 9 below
                knights[3 * q + s - 1] += 1
    if not count_roads(state, n, NUM_EDGES, roads):
        return 4
    # A displaced knight waiting for its owner's choice is off the board.
    d = state[CL.DISPLACED_OWNER]
    if d >= 0:
        if d >= n or not 1 <= state[CL.DISPLACED_STRENGTH] <= 3:
            return 4
        knights[3 * d + state[CL.DISPLACED_STRENGTH] - 1] += 1
    for p in range(n):
        if not supply_adds_up(state, p, settlements[p], cities[p], roads[p]):
            return 4
        if walls[p] + state[CL.WALLS_LEFT + p] != WALLS_PER_PLAYER:
            return 4
        for k in range(3):
            left = state[CL.KNIGHTS_LEFT + 3 * p + k]
            if left < 0 or knights[3 * p + k] + left != KNIGHTS_PER_STRENGTH:
                return 4
        vp = settlements[p] + tipped[p] + 2 * (cities[p] - tipped[p]) + 2 * metros[p]
        if state[L.LONGEST_ROAD_HOLDER] == p:
            vp += 2
        if state[CL.MERCHANT_OWNER] == p:
            vp += 1
        vp += state[CL.DEFENDER_VP + p] + state[CL.VP_CARDS + p]
        if vp != state[L.PUBLIC_VP + p]:
            return 5
    # 6. distance rule; knights never share an intersection with a building
    for v in range(NUM_VERTICES):
        if state[L.KNIGHT_OWNER + v] >= 0:
            if state[L.VERTEX_OWNER + v] >= 0:
                return 6
            s = state[CL.KNIGHT_STRENGTH + v]
            if s < 1 or s > 3 or state[CL.KNIGHT_ACTIVE + v] < 0 or state[CL.KNIGHT_ACTIVE + v] > 1:
                return 9
        if network and state[L.VERTEX_OWNER + v] >= 0:
            for k in range(3):
                w = tb[T_VERTEX_VERTICES + 3 * v + k]
                if w >= 0 and state[L.VERTEX_OWNER + w] >= 0:
                    return 6
    # 7. Longest Road (with the distance rule above, skipped while the network is unchanged)
    if network:
        code = longest_road_code(state, tb, n, 7, 7)
        if code:
            return code
    # 8. metropolises
    for t in range(NUM_TRACKS):
        h = state[CL.METRO_HOLDER + t]
        v = state[CL.METRO_VERTEX + t]
        top = 0
        for p in range(n):
            if state[CL.LEVEL + 3 * p + t] > top:
                top = state[CL.LEVEL + 3 * p + t]
        if h < 0:
            # Between buying level 4 and choosing the city, nobody holds it yet.
            if v >= 0 or (top >= 4 and phase != METROPOLIS):
                return 8
        else:
            if v < 0 or state[L.VERTEX_OWNER + v] != h or state[L.VERTEX_BUILDING + v] != C.CITY:
                return 8
            if state[CL.LEVEL + 3 * h + t] < 4:
                return 8
            for u in range(NUM_TRACKS):
                if u != t and state[CL.METRO_VERTEX + u] == v:
                    return 8
    # 9. levels
    for p in range(n):
        for t in range(NUM_TRACKS):
            if state[CL.LEVEL + 3 * p + t] < 0 or state[CL.LEVEL + 3 * p + t] > MAX_LEVEL:
                return 9
    # 10. robber on land, ship on the track
    if state[L.HEX_TERRAIN + state[L.ROBBER_HEX]] > C.DESERT:
        return 10
    pos = state[CL.BARBARIAN_POS]
    if pos < 0 or pos > BARBARIAN_ATTACK_POSITION:
        return 10
    # The ship waits on the last space only while its attack is being resolved.
    if pos == BARBARIAN_ATTACK_POSITION and not (
        ST_DEFEND <= state[CL.ROLL_STAGE] <= ST_ATTACK_END
    ):
        return 10
    # 11. phase and decider
    if phase < 0 or phase >= CK_NUM_PHASES:
        return 11
    cur = state[L.CURRENT_PLAYER]
    if phase != GAME_OVER:
        if cur < 0 or cur >= n:
            return 11
        if phase == DISCARD and state[L.DISCARDS_OWED + cur] <= 0:
            return 11
    # 12. winner
    w = state[L.WINNER]
    if w >= 0 and (phase != GAME_OVER or state[L.PUBLIC_VP + w] < state[L.OPT_VP_TO_WIN]):
        return 12
    # 13. nobody but the active player (or one now putting a card back) is over 4; once
    # the game is over a put-back still owed is dropped with every other pending decision
    # (C&K §3.19: the win ends the game at once), so a final hand may hold 5.
    active = state[L.ACTIVE_PLAYER]
    for p in range(n):
        held = 0
        for k in range(NUM_CARD_KINDS):
            held += state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + k]
        if (
            held > PROGRESS_HAND_LIMIT
            and p != active
            and phase != GAME_OVER
            and not (phase == OVERFLOW and p == cur)
        ):
            return 13
    # 14. merchant
    if (state[CL.MERCHANT_OWNER] >= 0) != (state[CL.MERCHANT_HEX] >= 0):
        return 14
    return 0
