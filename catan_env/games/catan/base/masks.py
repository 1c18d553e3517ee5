"""Legal actions of the base game (base §14).

``legal_actions`` writes the ids legal for the player who must decide now into
a preallocated integer array (ascending) and returns how many there are;
``legal_mask`` turns them into a boolean mask. This module is the single
authority on legality: the envs, the agents and ``Game.step`` all use it.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common import phases as PH
from ..common.building import distance_rule_ok, foreign_piece_at
from ..common.cards import can_afford
from ..common.masks import mask_from_ids
from ..common.robber import can_rob, desert_hex, robber_hex_ok
from ..common.tables import T_EDGE_VERTICES, T_VERTEX_EDGES
from ..common.trade import (
    can_accept,
    can_start_offer,
    close_actions,
    maritime_ok,
    offer_actions,
    offer_complete,
    opens_by_pair,
    pair_actions,
    propose_actions,
    respond_actions,
    trading_allowed,
)
from . import action_ids as A
from .action_ids import maritime_index
from .devcards import bank_has, can_play, deck_left


@njit(cache=True)
def _dev_plays(state, tb, p, out, n):
    if can_play(state, tb, p, C.KNIGHT):
        out[n] = A.PLAY_KNIGHT
        n += 1
    if can_play(state, tb, p, C.ROAD_BUILDING):
        out[n] = A.PLAY_ROAD_BUILDING
        n += 1
    if can_play(state, tb, p, C.YEAR_OF_PLENTY):
        out[n] = A.PLAY_YEAR_OF_PLENTY
        n += 1
    if can_play(state, tb, p, C.MONOPOLY):
        out[n] = A.PLAY_MONOPOLY
        n += 1
    return n


# The frontier sets below are bit sets of paths (two words) and intersections
# (one word); a board with more would need wider sets.
assert NUM_EDGES <= 128 and NUM_VERTICES <= 64


@njit(cache=True)
def road_frontier(state, tb, p):
    """Paths where ``p`` may build a road, as a 128-bit set (two uint64 words).

    The same set as ``road_ok`` over all paths, found from ``p``'s own network:
    the empty paths at ``p``'s buildings and at the ends of ``p``'s roads that
    hold no other player's building or knight (base §7.2, C&K §2.7).
    """
    lo = np.uint64(0)
    hi = np.uint64(0)
    for e in range(NUM_EDGES):
        if state[L.EDGE_OWNER + e] != p:
            continue
        for side in range(2):
            v = tb[T_EDGE_VERTICES + 2 * e + side]
            if foreign_piece_at(state, p, v):
                continue
            for k in range(3):
                f = tb[T_VERTEX_EDGES + 3 * v + k]
                if f >= 0 and state[L.EDGE_OWNER + f] < 0:
                    if f < 64:
                        lo |= np.uint64(1) << np.uint64(f)
                    else:
                        hi |= np.uint64(1) << np.uint64(f - 64)
    for v in range(NUM_VERTICES):
        if state[L.VERTEX_OWNER + v] == p:
            for k in range(3):
                f = tb[T_VERTEX_EDGES + 3 * v + k]
                if f >= 0 and state[L.EDGE_OWNER + f] < 0:
                    if f < 64:
                        lo |= np.uint64(1) << np.uint64(f)
                    else:
                        hi |= np.uint64(1) << np.uint64(f - 64)
    return lo, hi


@njit(cache=True)
def _roads(state, tb, p, out, n):
    lo, hi = road_frontier(state, tb, p)
    for e in range(NUM_EDGES):
        word = lo if e < 64 else hi
        if (word >> np.uint64(e % 64)) & np.uint64(1):
            out[n] = A.BUILD_ROAD + e
            n += 1
    return n


@njit(cache=True)
def settlement_frontier(state, tb, p):
    """Intersections where ``p`` may build a settlement, as a 64-bit set.

    The same set as ``settlement_ok``: intersections at ``p``'s roads, free of
    knights, that obey the distance rule (base §7.3).
    """
    bits = np.uint64(0)
    for e in range(NUM_EDGES):
        if state[L.EDGE_OWNER + e] != p:
            continue
        for side in range(2):
            v = tb[T_EDGE_VERTICES + 2 * e + side]
            if state[L.KNIGHT_OWNER + v] < 0 and distance_rule_ok(state, tb, v):
                bits |= np.uint64(1) << np.uint64(v)
    return bits


@njit(cache=True)
def _action_phase(state, tb, p, out):
    out[0] = A.END_TURN
    n = 1
    if state[L.SETTLEMENTS_LEFT + p] > 0 and can_afford(state, p, C.COST_SETTLEMENT):
        bits = settlement_frontier(state, tb, p)
        for v in range(NUM_VERTICES):
            if (bits >> np.uint64(v)) & np.uint64(1):
                out[n] = A.BUILD_SETTLEMENT + v
                n += 1
    if state[L.ROADS_LEFT + p] > 0 and can_afford(state, p, C.COST_ROAD):
        n = _roads(state, tb, p, out, n)
    if state[L.CITIES_LEFT + p] > 0 and can_afford(state, p, C.COST_CITY):
        for v in range(NUM_VERTICES):
            if state[L.VERTEX_OWNER + v] == p and state[L.VERTEX_BUILDING + v] == C.SETTLEMENT:
                out[n] = A.BUILD_CITY + v
                n += 1
    if deck_left(state) > 0 and can_afford(state, p, C.COST_DEV_CARD):
        out[n] = A.BUY_DEV
        n += 1
    n = _dev_plays(state, tb, p, out, n)
    if trading_allowed(state):
        for give in range(C.NUM_RESOURCES):
            # Fast path: most hands cannot pay any rate for this type.
            if state[L.HAND + p * C.NUM_CARD_TYPES + give] < 2:
                continue
            for get in range(C.NUM_RESOURCES):
                if maritime_ok(state, p, give, get):
                    out[n] = A.MARITIME + maritime_index(give, get)
                    n += 1
        if can_start_offer(state):
            if opens_by_pair(state):
                n = pair_actions(state, p, out, n, C.NUM_RESOURCES, A.TRADE_OPEN, -1)
            else:
                n = offer_actions(
                    state, p, out, n, C.NUM_RESOURCES, A.TRADE_ADD_GIVE, A.TRADE_ADD_WANT
                )
    return n


@njit(cache=True)
def legal_actions(state, tb, out):
    """Write the legal action ids of the current decision into ``out``, ascending.

    ``out`` is an integer array of at least ``NUM_ACTIONS`` entries; returns
    how many were written. The actions belong to ``state[CURRENT_PLAYER]``;
    none once the game is over.
    """
    phase = state[L.PHASE]
    p = state[L.CURRENT_PLAYER]
    n = 0
    if phase == PH.TRADE_COMPOSE:
        n = offer_actions(state, p, out, 0, C.NUM_RESOURCES, A.TRADE_ADD_GIVE, A.TRADE_ADD_WANT)
        n = propose_actions(state, out, n, offer_complete(state), A.TRADE_PROPOSE, A.TRADE_CANCEL)
    elif phase == PH.ACTION:
        n = _action_phase(state, tb, p, out)
    elif phase == PH.TRADE_RESPOND:
        n = respond_actions(out, can_accept(state, p), A.TRADE_ACCEPT, A.TRADE_DECLINE)
    elif phase == PH.PRE_ROLL:
        out[0] = A.ROLL
        n = _dev_plays(state, tb, p, out, 1)
    elif phase == PH.DISCARD:
        if state[L.DISCARDS_OWED + p] > 0:
            for r in range(C.NUM_RESOURCES):
                if state[L.HAND + p * C.NUM_CARD_TYPES + r] > 0:
                    out[n] = A.DISCARD + r
                    n += 1
    elif phase == PH.MOVE_ROBBER:
        for h in range(NUM_HEXES):
            if robber_hex_ok(state, tb, h):
                out[n] = A.MOVE_ROBBER + h
                n += 1
        if n == 0 and state[L.OPT_FRIENDLY_ROBBER] != 0:
            # Nowhere allowed: the robber goes to (or stays on) the desert.
            out[0] = A.MOVE_ROBBER + desert_hex(state)
            n = 1
    elif phase == PH.STEAL:
        players = state[L.NUM_PLAYERS]
        for k in range(1, players):
            if can_rob(state, tb, p, (p + k) % players):
                out[n] = A.STEAL + k - 1
                n += 1
    elif phase == PH.SETUP_SETTLEMENT:
        for v in range(NUM_VERTICES):
            if distance_rule_ok(state, tb, v):
                out[n] = A.BUILD_SETTLEMENT + v
                n += 1
    elif phase == PH.SETUP_ROAD:
        v = state[L.SETUP_VERTEX]
        for k in range(3):
            e = tb[T_VERTEX_EDGES + 3 * v + k]
            if e >= 0 and state[L.EDGE_OWNER + e] < 0:
                out[n] = A.BUILD_ROAD + e
                n += 1
        _sort_small(out, n)
    elif phase == PH.ROAD_BUILDING:
        n = _roads(state, tb, p, out, 0)
        if state[L.FREE_ROADS_PLACED] >= 1:
            out[n] = A.STOP
            n += 1
    elif phase == PH.YEAR_OF_PLENTY:
        for r in range(C.NUM_RESOURCES):
            if bank_has(state, r):
                out[n] = A.PICK_RESOURCE + r
                n += 1
    elif phase == PH.MONOPOLY:
        for r in range(C.NUM_RESOURCES):
            out[n] = A.PICK_RESOURCE + r
            n += 1
    elif phase == PH.TRADE_CLOSE:
        n = close_actions(state, out, A.TRADE_CANCEL, A.TRADE_CONFIRM)
    return n


@njit(cache=True)
def _sort_small(a, n):
    """Insertion sort of ``a[:n]`` (n <= 3 here)."""
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


@njit(cache=True)
def legal_mask(state, tb, mask):
    """Fill ``mask`` (bool, one per action id) for the current decision; return the count."""
    ids = np.empty(A.NUM_ACTIONS, np.int32)
    return mask_from_ids(ids, legal_actions(state, tb, ids), mask)
