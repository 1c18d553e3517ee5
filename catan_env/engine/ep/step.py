"""Applying an E&P action (the caller checked it is legal, E&P §12)."""

from numba import njit

from ...constants import NUM_RESOURCES
from ..layout import CURRENT_PLAYER, DECISIONS, PHASE
from ..phases import ACTION
from . import action_ids as A
from .building import (
    do_build_harbor,
    do_build_road,
    do_build_settlement,
    do_build_ship,
    do_buy_with_gold,
    do_drop_from_ship,
    do_drop_from_storage,
    do_maritime,
    do_rebuild_ship,
    do_sell_for_gold,
    do_settler_to_ship,
    do_settler_to_storage,
)
from .constants import NUM_CARGO
from .phases import MOVEMENT, PLACE_SHIP
from .ships import (
    do_boost,
    do_found,
    do_load,
    do_sail,
    do_select,
    do_stop,
    do_swap,
    do_unload,
)
from .turn import discard, end_turn, roll


@njit(cache=True)
def _maritime_pair(k):
    give = k // (NUM_RESOURCES - 1)
    get = k % (NUM_RESOURCES - 1)
    if get >= give:
        get += 1
    return give, get


@njit(cache=True)
def ep_apply(state, tb, a):
    p = state[CURRENT_PLAYER]
    state[DECISIONS] += 1
    if a == A.ROLL:
        roll(state, tb)
    elif a == A.END_TURN:
        do_stop(state, p)
        end_turn(state)
    elif a == A.TO_MOVEMENT:
        state[PHASE] = MOVEMENT
    elif a < A.BUILD_ROAD:
        do_build_settlement(state, tb, p, a - A.BUILD_SETTLEMENT)
    elif a < A.BUILD_HARBOR:
        do_build_road(state, tb, p, a - A.BUILD_ROAD)
    elif a < A.BUILD_SHIP:
        do_build_harbor(state, tb, p, a - A.BUILD_HARBOR)
    elif a < A.SCRAP_SHIP:
        free = state[PHASE] == PLACE_SHIP
        do_build_ship(state, tb, p, a - A.BUILD_SHIP, free)
        state[PHASE] = ACTION
    elif a < A.SETTLER_TO_STORAGE:
        do_rebuild_ship(state, tb, p, a - A.SCRAP_SHIP)
        state[PHASE] = PLACE_SHIP
    elif a < A.SETTLER_TO_SHIP:
        do_settler_to_storage(state, tb, p, a - A.SETTLER_TO_STORAGE)
    elif a < A.DROP_SHIP:
        do_settler_to_ship(state, tb, p, a - A.SETTLER_TO_SHIP)
    elif a < A.DROP_STORAGE:
        k, c = divmod(a - A.DROP_SHIP, NUM_CARGO)
        do_drop_from_ship(state, p, k, c)
    elif a < A.MARITIME:
        v, c = divmod(a - A.DROP_STORAGE, NUM_CARGO)
        do_drop_from_storage(state, p, v, c)
    elif a < A.SELL_FOR_GOLD:
        give, get = _maritime_pair(a - A.MARITIME)
        do_maritime(state, p, give, get)
    elif a < A.BUY_WITH_GOLD:
        do_sell_for_gold(state, p, a - A.SELL_FOR_GOLD)
    elif a < A.DISCARD:
        do_buy_with_gold(state, p, a - A.BUY_WITH_GOLD)
    elif a < A.SELECT_SHIP:
        discard(state, p, a - A.DISCARD)
    elif a < A.SAIL:
        do_select(state, p, a - A.SELECT_SHIP)
    elif a < A.BOOST:
        do_sail(state, tb, p, a - A.SAIL)
    elif a == A.BOOST:
        do_boost(state, p)
    elif a == A.STOP_SHIP:
        do_stop(state, p)
    elif a < A.UNLOAD:
        k, c = divmod(a - A.LOAD, NUM_CARGO)
        do_load(state, tb, p, k, c)
    elif a < A.SWAP:
        k, c = divmod(a - A.UNLOAD, NUM_CARGO)
        do_unload(state, tb, p, k, c)
    elif a < A.FOUND:
        do_swap(state, tb, p, a - A.SWAP)
    else:
        k, end = divmod(a - A.FOUND, 2)
        do_found(state, tb, p, k, end)


@njit(cache=True)
def ep_step(state, tb, action, scratch):
    """Apply ``action`` for the current player. ``scratch`` is unused here (the
    signature is every variant's)."""
    ep_apply(state, tb, action)
