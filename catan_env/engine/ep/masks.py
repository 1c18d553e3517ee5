"""Legal actions of Explorers & Pirates: the single authority on legality (E&P §12)."""

import numpy as np
from numba import njit

from ...constants import NUM_CARD_TYPES, NUM_RESOURCES
from ..action_ids import maritime_index
from ..layout import CURRENT_PLAYER, DISCARDS_OWED, HAND, PHASE
from ..phases import ACTION, DISCARD, PRE_ROLL
from . import action_ids as A
from .building import (
    can_build_harbor,
    can_build_road,
    can_build_settlement,
    can_build_ship,
    can_buy_with_gold,
    can_drop_from_ship,
    can_drop_from_storage,
    can_maritime,
    can_rebuild_ship,
    can_sell_for_gold,
    can_settler_to_ship,
    can_settler_to_storage,
)
from .constants import NUM_CARGO, SHIPS_PER_PLAYER
from .layout import MOVING_SHIP
from .phases import MOVEMENT, PLACE_SHIP
from .ships import (
    can_boost,
    can_found,
    can_load,
    can_sail,
    can_select,
    can_stop,
    can_swap,
    can_unload,
)
from .tables import T_NUM_EDGES, T_NUM_VERTICES


@njit(cache=True)
def _drops(state, tb, p, out, n):
    for k in range(SHIPS_PER_PLAYER):
        for c in range(NUM_CARGO):
            if can_drop_from_ship(state, p, k, c):
                out[n] = A.DROP_SHIP + k * NUM_CARGO + c
                n += 1
    for v in range(tb[T_NUM_VERTICES]):
        for c in range(NUM_CARGO):
            if can_drop_from_storage(state, tb, p, v, c):
                out[n] = A.DROP_STORAGE + v * NUM_CARGO + c
                n += 1
    return n


@njit(cache=True)
def _trade_build(state, tb, p, out, n):
    nv = tb[T_NUM_VERTICES]
    ne = tb[T_NUM_EDGES]
    out[n] = A.TO_MOVEMENT
    n += 1
    for v in range(nv):
        if can_build_settlement(state, tb, p, v):
            out[n] = A.BUILD_SETTLEMENT + v
            n += 1
    for e in range(ne):
        if can_build_road(state, tb, p, e, False):
            out[n] = A.BUILD_ROAD + e
            n += 1
    for v in range(nv):
        if can_build_harbor(state, tb, p, v):
            out[n] = A.BUILD_HARBOR + v
            n += 1
    for e in range(ne):
        if can_build_ship(state, tb, p, e, False):
            out[n] = A.BUILD_SHIP + e
            n += 1
    for k in range(SHIPS_PER_PLAYER):
        if can_rebuild_ship(state, tb, p, k):
            out[n] = A.SCRAP_SHIP + k
            n += 1
    for v in range(nv):
        if can_settler_to_storage(state, tb, p, v):
            out[n] = A.SETTLER_TO_STORAGE + v
            n += 1
    for k in range(SHIPS_PER_PLAYER):
        if can_settler_to_ship(state, tb, p, k):
            out[n] = A.SETTLER_TO_SHIP + k
            n += 1
    n = _drops(state, tb, p, out, n)
    for give in range(NUM_RESOURCES):
        for get in range(NUM_RESOURCES):
            if give != get and can_maritime(state, p, give, get):
                out[n] = A.MARITIME + maritime_index(give, get)
                n += 1
    for r in range(NUM_RESOURCES):
        if can_sell_for_gold(state, p, r):
            out[n] = A.SELL_FOR_GOLD + r
            n += 1
    for r in range(NUM_RESOURCES):
        if can_buy_with_gold(state, p, r):
            out[n] = A.BUY_WITH_GOLD + r
            n += 1
    return n


@njit(cache=True)
def _movement(state, tb, p, out, n):
    if can_stop(state, p):
        out[n] = A.END_TURN
        n += 1
    n = _drops(state, tb, p, out, n)
    for k in range(SHIPS_PER_PLAYER):
        if can_select(state, p, k):
            out[n] = A.SELECT_SHIP + k
            n += 1
    for e in range(tb[T_NUM_EDGES]):
        if can_sail(state, tb, p, e):
            out[n] = A.SAIL + e
            n += 1
    if can_boost(state, p):
        out[n] = A.BOOST
        n += 1
    if state[MOVING_SHIP] >= 0 and can_stop(state, p):
        out[n] = A.STOP_SHIP
        n += 1
    for k in range(SHIPS_PER_PLAYER):
        for c in range(NUM_CARGO):
            if can_load(state, tb, p, k, c):
                out[n] = A.LOAD + k * NUM_CARGO + c
                n += 1
    for k in range(SHIPS_PER_PLAYER):
        for c in range(NUM_CARGO):
            if can_unload(state, tb, p, k, c):
                out[n] = A.UNLOAD + k * NUM_CARGO + c
                n += 1
    for k in range(SHIPS_PER_PLAYER):
        if can_swap(state, tb, p, k):
            out[n] = A.SWAP + k
            n += 1
    for k in range(SHIPS_PER_PLAYER):
        for end in range(2):
            if can_found(state, tb, p, k, end):
                out[n] = A.FOUND + 2 * k + end
                n += 1
    return n


@njit(cache=True)
def ep_legal_actions(state, tb, out):
    """Write the legal action ids of the current decision into ``out``, ascending;
    return how many. They belong to ``state[CURRENT_PLAYER]``; none once the game
    is over."""
    phase = state[PHASE]
    p = state[CURRENT_PLAYER]
    if phase == PRE_ROLL:
        out[0] = A.ROLL
        return 1
    if phase == DISCARD:
        n = 0
        if state[DISCARDS_OWED + p] > 0:
            for r in range(NUM_RESOURCES):
                if state[HAND + p * NUM_CARD_TYPES + r] > 0:
                    out[n] = A.DISCARD + r
                    n += 1
        return n
    if phase == ACTION:
        return _trade_build(state, tb, p, out, 0)
    if phase == MOVEMENT:
        return _movement(state, tb, p, out, 0)
    if phase == PLACE_SHIP:
        n = 0
        for e in range(tb[T_NUM_EDGES]):
            if can_build_ship(state, tb, p, e, True):
                out[n] = A.BUILD_SHIP + e
                n += 1
        return n
    return 0


@njit(cache=True)
def ep_legal_mask(state, tb, mask):
    """Fill ``mask`` (bool, one per action id) for the current decision; return the count."""
    ids = np.empty(A.NUM_ACTIONS, np.int32)
    n = ep_legal_actions(state, tb, ids)
    mask[:] = False
    for i in range(n):
        mask[ids[i]] = True
    return n
