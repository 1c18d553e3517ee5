"""Applying an E&P action (the caller checked it is legal, E&P §12)."""

from numba import njit

from ..common.constants import NUM_RESOURCES
from ..common.layout import CURRENT_PLAYER, DECISIONS, NUM_PLAYERS, PHASE
from ..common.phases import ACTION, SETUP_ROAD, SETUP_SETTLEMENT
from ..common.trade import add_give, add_want, pair_of, propose
from . import action_ids as A
from .building import (
    do_build_harbor,
    do_build_road,
    do_build_settlement,
    do_build_ship,
    do_buy_with_gold,
    do_crew_to_ship,
    do_crew_to_storage,
    do_drop_from_ship,
    do_drop_from_storage,
    do_maritime,
    do_rebuild_ship,
    do_sell_for_gold,
    do_settler_to_ship,
    do_settler_to_storage,
)
from .constants import NUM_CARGO, SWIFT_VOYAGE
from .fish import catch, deliver, fishing_roll
from .lairs import crew_to_lair, pick_up
from .layout import MAX_HEXES, SHIP_MP
from .phases import MOVEMENT, PLACE_SHIP, SETUP_HARBOR, SETUP_SHIP
from .pirates import chase, end_steal, place_pirate, steal
from .setup import setup_place
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
from .spices import befriend, fast_gold, villages_with
from .trade import ep_answer, ep_cancel, ep_confirm, ep_open_pair, give_gold, want_gold
from .turn import discard, end_turn, roll


@njit(cache=True)
def ep_apply(state, tb, a):
    p = state[CURRENT_PLAYER]
    state[DECISIONS] += 1
    phase = state[PHASE]
    if (
        phase >= SETUP_HARBOR
        and phase <= SETUP_SHIP
        or phase == SETUP_SETTLEMENT
        or phase == SETUP_ROAD
    ):
        if a < A.BUILD_ROAD:
            setup_place(state, tb, a - A.BUILD_SETTLEMENT, -1)
        elif a < A.BUILD_HARBOR:
            setup_place(state, tb, -1, a - A.BUILD_ROAD)
        elif a < A.BUILD_SHIP:
            setup_place(state, tb, a - A.BUILD_HARBOR, -1)
        else:
            setup_place(state, tb, -1, a - A.BUILD_SHIP)
        return
    if a == A.ROLL:
        roll(state, tb)
    elif a == A.END_TURN:
        do_stop(state, p)
        end_turn(state, tb)
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
        i = do_build_ship(state, tb, p, a - A.BUILD_SHIP, free)
        # "All your ships now have 5 movement points" (§9.4): a ship built or rebuilt
        # this turn too
        state[SHIP_MP + i] += villages_with(state, tb, p, SWIFT_VOYAGE)
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
        give, get = pair_of(a - A.MARITIME, NUM_RESOURCES)
        do_maritime(state, p, give, get)
    elif a < A.BUY_WITH_GOLD:
        do_sell_for_gold(state, p, a - A.SELL_FOR_GOLD)
    elif a < A.DISCARD:
        do_buy_with_gold(state, p, a - A.BUY_WITH_GOLD)
    elif a < A.SELECT_SHIP:
        discard(state, tb, p, a - A.DISCARD)
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
    elif a < A.TRADE_ADD_GIVE:
        k, end = divmod(a - A.FOUND, 2)
        do_found(state, tb, p, k, end)
    elif a < A.TRADE_ADD_WANT:
        add_give(state, a - A.TRADE_ADD_GIVE)
    elif a < A.TRADE_GIVE_GOLD:
        add_want(state, a - A.TRADE_ADD_WANT)
    elif a == A.TRADE_GIVE_GOLD:
        give_gold(state)
    elif a == A.TRADE_WANT_GOLD:
        want_gold(state)
    elif a < A.TRADE_CANCEL:
        k = a - A.TRADE_PROPOSE
        propose(state, -1 if k == 0 else (p + k) % state[NUM_PLAYERS])
    elif a == A.TRADE_CANCEL:
        ep_cancel(state)
    elif a == A.TRADE_ACCEPT:
        ep_answer(state, p, True)
    elif a == A.TRADE_DECLINE:
        ep_answer(state, p, False)
    elif a < A.CREW_TO_STORAGE:
        ep_confirm(state, (p + a - A.TRADE_CONFIRM + 1) % state[NUM_PLAYERS])
    elif a < A.CREW_TO_SHIP:
        do_crew_to_storage(state, tb, p, a - A.CREW_TO_STORAGE)
    elif a < A.PLACE_PIRATE:
        do_crew_to_ship(state, tb, p, a - A.CREW_TO_SHIP)
    elif a < A.STEAL:
        place_pirate(state, tb, p, a - A.PLACE_PIRATE)
    elif a < A.NO_STEAL:
        steal(state, p, (p + a - A.STEAL + 1) % state[NUM_PLAYERS])
    elif a == A.NO_STEAL:
        end_steal(state)
    elif a < A.CREW_TO_LAIR:
        chase(state, tb, p, a - A.CHASE, MOVEMENT)
    elif a < A.PICK_UP_CREW:
        k, h = divmod(a - A.CREW_TO_LAIR, MAX_HEXES)
        crew_to_lair(state, tb, p, k, h)
    elif a < A.FISHING_ROLL:
        k, h = divmod(a - A.PICK_UP_CREW, MAX_HEXES)
        pick_up(state, p, k, h)
    elif a == A.FISHING_ROLL:
        fishing_roll(state, tb)
    elif a < A.DELIVER:
        k, h = divmod(a - A.CATCH_FISH, MAX_HEXES)
        catch(state, p, k, h)
    elif a < A.BEFRIEND:
        k, c = divmod(a - A.DELIVER, NUM_CARGO)
        deliver(state, p, k, c)
    elif a < A.FAST_GOLD_SALE:
        k, h = divmod(a - A.BEFRIEND, MAX_HEXES)
        befriend(state, p, k, h)
    elif a < A.TRADE_OPEN:
        fast_gold(state, p, a - A.FAST_GOLD_SALE)
    else:
        ep_open_pair(state, a - A.TRADE_OPEN)


@njit(cache=True)
def ep_step(state, tb, action, scratch):
    """Apply ``action`` for the current player. ``scratch`` is unused here (the
    signature is every variant's)."""
    ep_apply(state, tb, action)
