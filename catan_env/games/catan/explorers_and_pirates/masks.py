"""Legal actions of Explorers & Pirates: the single authority on legality (E&P §12)."""

import numpy as np
from numba import njit

from ..base.action_ids import maritime_index
from ..common.constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES
from ..common.layout import (
    CURRENT_PLAYER,
    DISCARDS_OWED,
    HAND,
    NUM_PLAYERS,
    PHASE,
)
from ..common.masks import mask_from_ids
from ..common.trade import (
    close_actions,
    opens_by_pair,
    pair_actions,
    propose_actions,
    respond_actions,
)
from . import action_ids as A
from . import layout as EL
from . import phases as PH
from .board import (
    at_own_harbor,
    distance_ok,
    edge_road_ok,
    next_edge_beside,
    next_hex_at_ends,
    own_harbor,
    own_settlement,
    road_connected,
    settlement_spot_ok,
    vertex_has_own_road,
)
from .building import (
    any_ship_route,
    can_build_harbor,
    can_build_road,
    can_build_settlement,
    can_build_ship,
    can_buy_with_gold,
    can_crew_to_ship,
    can_crew_to_storage,
    can_drop_from_ship,
    can_drop_from_storage,
    can_maritime,
    can_sell_for_gold,
    can_settler_to_ship,
    can_settler_to_storage,
    may_build_harbor,
    may_build_road,
    may_build_settlement,
    may_build_ship,
    may_make_crew,
    may_make_settler,
    may_rebuild_ship,
    route_freed_by,
    ship_route_ok,
    ship_slot,
)
from .constants import (
    CREW,
    FISH,
    LAIR_ACTIVE,
    MOD_FISH,
    MOD_LAIRS,
    MOD_SPICES,
    NUM_CARGO,
    SETTLER,
    SHIPS_PER_PLAYER,
    SPICE_SACK,
)
from .fish import can_catch, can_deliver, can_fish
from .lairs import can_crew_to_lair, can_pick_up
from .pirates import can_chase, can_rob, pirate_hex_ok
from .setup import in_setup
from .ships import (
    can_boost,
    can_found,
    can_load,
    can_sail,
    can_select,
    can_stop,
    can_swap,
    can_unload,
    docked_harbor,
    free_to_act,
)
from .spices import can_befriend, can_fast_gold, may_fast_gold
from .tables import (
    T_EDGE_VERTICES,
    T_MODULES,
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
    T_VERTEX_MARKED,
)
from .trade import (
    PAIR_TYPES,
    can_give_gold,
    can_want_gold,
    ep_can_accept,
    ep_can_add_give,
    ep_can_add_want,
    ep_can_start_offer,
    ep_offer_complete,
)


@njit(cache=True)
def _drops(state, tb, p, out, n):
    for k in range(SHIPS_PER_PLAYER):
        if state[EL.SHIP_EDGE + ship_slot(p, k)] < 0:
            continue  # a ship in the supply holds nothing (can_drop_from_ship)
        for c in range(NUM_CARGO):
            held = state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] > 0
            if held and can_drop_from_ship(state, p, k, c):
                out[n] = A.DROP_SHIP + k * NUM_CARGO + c
                n += 1
    for v in range(tb[T_NUM_VERTICES]):
        if own_harbor(state, p, v):  # what every drop from storage needs
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
    # Each loop over the board runs only where the player can pay and has the piece
    # (the ``may_*`` part of its predicate): a random or thrifty player mostly
    # cannot, and a test per spot costs ~25 ns on this board of 128 intersections
    # and 178 paths.
    if may_build_settlement(state, p):
        for v in range(nv):  # vertex_has_own_road: the cheap, inlined part first
            if vertex_has_own_road(state, tb, p, v) and can_build_settlement(state, tb, p, v):
                out[n] = A.BUILD_SETTLEMENT + v
                n += 1
    if may_build_road(state, p, False):
        for e in range(ne):  # an empty, connected path: the cheap, inlined part first
            free = state[EL.EP_ROAD_OWNER + e] < 0
            if free and road_connected(state, tb, p, e) and can_build_road(state, tb, p, e, False):
                out[n] = A.BUILD_ROAD + e
                n += 1
    if may_build_harbor(state, p):
        for v in range(nv):  # only on the player's own settlement (can_build_harbor)
            if own_settlement(state, p, v) and can_build_harbor(state, tb, p, v):
                out[n] = A.BUILD_HARBOR + v
                n += 1
    if may_build_ship(state, p, False):
        for e in range(ne):
            if at_own_harbor(state, tb, p, e) and can_build_ship(state, tb, p, e, False):
                out[n] = A.BUILD_SHIP + e
                n += 1
    if may_rebuild_ship(state, p):
        # A ship off the board frees only its own path, so a route open with every
        # ship out stays open without any one of them (can_rebuild_ship, exactly).
        some = any_ship_route(state, tb, p)
        for k in range(SHIPS_PER_PLAYER):
            if some or route_freed_by(state, tb, p, k):
                out[n] = A.SCRAP_SHIP + k
                n += 1
    if may_make_settler(state, p):
        for v in range(nv):  # storage is at the player's harbors only
            if own_harbor(state, p, v) and can_settler_to_storage(state, tb, p, v):
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
    # Card by card, an offer opens among the trade ids; by a pair, after every other id.
    opening = ep_can_start_offer(state)
    if opening and not opens_by_pair(state):
        n = _offer_additions(state, p, out, n)
    if may_make_crew(state, tb, p):
        for v in range(nv):
            if own_harbor(state, p, v) and can_crew_to_storage(state, tb, p, v):
                out[n] = A.CREW_TO_STORAGE + v
                n += 1
        for k in range(SHIPS_PER_PLAYER):
            if can_crew_to_ship(state, tb, p, k):
                out[n] = A.CREW_TO_SHIP + k
                n += 1
    if may_fast_gold(state, tb, p):
        for r in range(NUM_RESOURCES):
            if can_fast_gold(state, tb, p, r):
                out[n] = A.FAST_GOLD_SALE + r
                n += 1
    if opening and opens_by_pair(state):
        n = pair_actions(state, p, out, n, PAIR_TYPES, A.TRADE_OPEN, EL.GOLD)
    return n


@njit(cache=True)
def _offer_additions(state, p, out, n):
    for r in range(NUM_RESOURCES):
        if ep_can_add_give(state, p, r):
            out[n] = A.TRADE_ADD_GIVE + r
            n += 1
    for r in range(NUM_RESOURCES):
        if ep_can_add_want(state, p, r):
            out[n] = A.TRADE_ADD_WANT + r
            n += 1
    if can_give_gold(state, p):
        out[n] = A.TRADE_GIVE_GOLD
        n += 1
    if can_want_gold(state, p):
        out[n] = A.TRADE_WANT_GOLD
        n += 1
    return n


@njit(cache=True)
def _trade_phases(state, phase, p, out):
    n = 0
    if phase == PH.TRADE_COMPOSE:
        n = _offer_additions(state, p, out, 0)
        n = propose_actions(
            state, out, n, ep_offer_complete(state), A.TRADE_PROPOSE, A.TRADE_CANCEL
        )
    elif phase == PH.TRADE_RESPOND:
        n = respond_actions(out, ep_can_accept(state, p), A.TRADE_ACCEPT, A.TRADE_DECLINE)
    elif phase == PH.TRADE_CLOSE:
        n = close_actions(state, out, A.TRADE_CANCEL, A.TRADE_CONFIRM)
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
    m = state[EL.MOVING_SHIP]
    if m >= 0:  # a ship sails only to a path beside its own (can_sail)
        cur = state[EL.SHIP_EDGE + ship_slot(p, m)]
        e = next_edge_beside(tb, cur, -1)
        while e >= 0:
            if can_sail(state, tb, p, e):
                out[n] = A.SAIL + e
                n += 1
            e = next_edge_beside(tb, cur, e)
    if can_boost(state, p):
        out[n] = A.BOOST
        n += 1
    if state[EL.MOVING_SHIP] >= 0 and can_stop(state, p):
        out[n] = A.STOP_SHIP
        n += 1
    # Loading, unloading and swapping need the ship at one of the player's harbors
    # (docked_harbor): found once per ship, not once per ship and cargo kind.
    docked = 0
    for k in range(SHIPS_PER_PLAYER):
        if docked_harbor(state, tb, p, k) >= 0:
            docked |= 1 << k
    for k in range(SHIPS_PER_PLAYER):
        if docked & (1 << k):
            for c in range(NUM_CARGO):
                if can_load(state, tb, p, k, c):
                    out[n] = A.LOAD + k * NUM_CARGO + c
                    n += 1
    for k in range(SHIPS_PER_PLAYER):
        if docked & (1 << k):
            for c in range(NUM_CARGO):
                held = state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] > 0
                if held and can_unload(state, tb, p, k, c):
                    out[n] = A.UNLOAD + k * NUM_CARGO + c
                    n += 1
    for k in range(SHIPS_PER_PLAYER):
        if docked & (1 << k) and can_swap(state, tb, p, k):
            out[n] = A.SWAP + k
            n += 1
    for k in range(SHIPS_PER_PLAYER):
        if state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + SETTLER] > 0:  # can_found's
            for end in range(2):
                if can_found(state, tb, p, k, end):
                    out[n] = A.FOUND + 2 * k + end
                    n += 1
    if state[EL.PIRATE_HEX] >= 0:  # no chase without a pirate ship (can_chase)
        for k in range(SHIPS_PER_PLAYER):
            if can_chase(state, tb, p, k):
                out[n] = A.CHASE + k
                n += 1
    # The ship-at-a-hex actions need the ship to reach the hex (ship_points_at_hex),
    # so each ship tries only the few hexes at the ends of its path.
    modules = tb[T_MODULES]
    lairs = (modules & MOD_LAIRS) != 0
    for k in range(SHIPS_PER_PLAYER):
        i = ship_slot(p, k)
        e = state[EL.SHIP_EDGE + i]
        crewed = state[EL.SHIP_CARGO + i * NUM_CARGO + CREW] > 0
        go = lairs and e >= 0 and crewed and free_to_act(state, k)
        h = next_hex_at_ends(tb, e, -1) if go else -1
        while h >= 0:
            if state[EL.LAIR_STATE + h] == LAIR_ACTIVE and can_crew_to_lair(state, tb, p, k, h):
                out[n] = A.CREW_TO_LAIR + k * EL.MAX_HEXES + h
                n += 1
            h = next_hex_at_ends(tb, e, h)
    for k in range(SHIPS_PER_PLAYER):
        e = state[EL.SHIP_EDGE + ship_slot(p, k)]
        go = lairs and e >= 0 and free_to_act(state, k)
        h = next_hex_at_ends(tb, e, -1) if go else -1
        while h >= 0:
            if state[EL.LAIR_CREWS + h * MAX_PLAYERS + p] > 0 and can_pick_up(state, tb, p, k, h):
                out[n] = A.PICK_UP_CREW + k * EL.MAX_HEXES + h
                n += 1
            h = next_hex_at_ends(tb, e, h)
    if can_fish(state, tb):
        out[n] = A.FISHING_ROLL
        n += 1
    fish = (modules & MOD_FISH) != 0
    for k in range(SHIPS_PER_PLAYER):
        e = state[EL.SHIP_EDGE + ship_slot(p, k)]
        go = fish and e >= 0 and free_to_act(state, k)
        h = next_hex_at_ends(tb, e, -1) if go else -1
        while h >= 0:
            if state[EL.FISH_ON + h] > 0 and can_catch(state, tb, p, k, h):
                out[n] = A.CATCH_FISH + k * EL.MAX_HEXES + h
                n += 1
            h = next_hex_at_ends(tb, e, h)
    for k in range(SHIPS_PER_PLAYER):
        for c in (FISH, SPICE_SACK):  # the only cargo handed in (can_deliver)
            held = state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] > 0
            if held and can_deliver(state, tb, p, k, c):
                out[n] = A.DELIVER + k * NUM_CARGO + c
                n += 1
    spices = (modules & MOD_SPICES) != 0
    for k in range(SHIPS_PER_PLAYER):
        i = ship_slot(p, k)
        e = state[EL.SHIP_EDGE + i]
        crewed = state[EL.SHIP_CARGO + i * NUM_CARGO + CREW] > 0
        go = spices and e >= 0 and crewed and free_to_act(state, k)
        h = next_hex_at_ends(tb, e, -1) if go else -1
        while h >= 0:
            if state[EL.SPICE_SACKS + h] > 0 and can_befriend(state, tb, p, k, h):
                out[n] = A.BEFRIEND + k * EL.MAX_HEXES + h
                n += 1
            h = next_hex_at_ends(tb, e, h)
    return n


@njit(cache=True)
def _setup(state, tb, p, phase, out):
    n = 0
    if phase == PH.SETUP_HARBOR or phase == PH.SETUP_NEUTRAL_HARBOR:
        for v in range(tb[T_NUM_VERTICES]):
            if tb[T_VERTEX_MARKED + v] == 1 and distance_ok(state, tb, v):
                out[n] = A.BUILD_HARBOR + v
                n += 1
    elif phase == PH.SETUP_SETTLEMENT or phase == PH.SETUP_NEUTRAL_SETTLEMENT:
        for v in range(tb[T_NUM_VERTICES]):
            if settlement_spot_ok(state, tb, v, p):
                out[n] = A.BUILD_SETTLEMENT + v
                n += 1
    elif phase == PH.SETUP_ROAD:
        for e in range(tb[T_NUM_EDGES]):
            if state[EL.EP_ROAD_OWNER + e] < 0 and edge_road_ok(state, tb, e, p):
                for s in range(2):
                    v = tb[T_EDGE_VERTICES + 2 * e + s]
                    if state[EL.EP_VERTEX_OWNER + v] == p and state[EL.EP_VERTEX_BUILDING + v] == 1:
                        out[n] = A.BUILD_ROAD + e
                        n += 1
                        break
    else:  # SETUP_SHIP
        for e in range(tb[T_NUM_EDGES]):
            if at_own_harbor(state, tb, p, e) and ship_route_ok(state, tb, p, e):
                out[n] = A.BUILD_SHIP + e
                n += 1
    return n


@njit(cache=True)
def _pirate(state, tb, p, phase, out):
    n = 0
    if phase == PH.PLACE_PIRATE:
        for h in range(tb[T_NUM_HEXES]):
            if pirate_hex_ok(state, tb, p, h):
                out[n] = A.PLACE_PIRATE + h
                n += 1
        return n
    players = state[NUM_PLAYERS]
    for k in range(1, players):
        if can_rob(state, tb, p, (p + k) % players):
            out[n] = A.STEAL + k - 1
            n += 1
    if n > 0 and state[EL.OPT_STEAL_REQUIRED]:
        return n  # flag steal_optional=False (E&P §14)
    out[n] = A.NO_STEAL
    return n + 1


@njit(cache=True)
def ep_legal_actions(state, tb, out):
    """Write the legal action ids of the current decision into ``out``, ascending;
    return how many. They belong to ``state[CURRENT_PLAYER]``; none once the game
    is over."""
    phase = state[PHASE]
    p = state[CURRENT_PLAYER]
    if phase == PH.PRE_ROLL:
        out[0] = A.ROLL
        return 1
    if phase == PH.DISCARD:
        n = 0
        if state[DISCARDS_OWED + p] > 0:
            for r in range(NUM_RESOURCES):
                if state[HAND + p * NUM_CARD_TYPES + r] > 0:
                    out[n] = A.DISCARD + r
                    n += 1
        return n
    if phase == PH.ACTION:
        return _trade_build(state, tb, p, out, 0)
    if phase == PH.MOVEMENT:
        return _movement(state, tb, p, out, 0)
    if phase == PH.TRADE_COMPOSE or phase == PH.TRADE_RESPOND or phase == PH.TRADE_CLOSE:
        return _trade_phases(state, phase, p, out)
    if phase == PH.PLACE_PIRATE or phase == PH.PIRATE_STEAL:
        return _pirate(state, tb, p, phase, out)
    if in_setup(phase):
        return _setup(state, tb, p, phase, out)
    if phase == PH.PLACE_SHIP:
        n = 0
        for e in range(tb[T_NUM_EDGES]):  # at_own_harbor: a cheap part of the route test
            if at_own_harbor(state, tb, p, e) and can_build_ship(state, tb, p, e, True):
                out[n] = A.BUILD_SHIP + e
                n += 1
        return n
    return 0


@njit(cache=True)
def ep_legal_mask(state, tb, mask):
    """Fill ``mask`` (bool, one per action id) for the current decision; return the count."""
    ids = np.empty(A.NUM_ACTIONS, np.int32)
    return mask_from_ids(ids, ep_legal_actions(state, tb, ids), mask)
