"""Legal-action masks of the base game (base §14).

``legal_mask`` writes the mask of the player who must decide now into a
preallocated boolean array and returns how many actions are legal. It is the
single authority on legality: the envs, the agents and ``Game.step`` all use it.
"""

from numba import njit

from ..constants import (
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    KNIGHT,
    MONOPOLY,
    NUM_RESOURCES,
    ROAD_BUILDING,
    SETTLEMENT,
    YEAR_OF_PLENTY,
)
from . import action_ids as A
from .building import distance_rule_ok, road_ok, settlement_ok
from .cards import can_afford
from .devcards import bank_has, can_play, deck_left
from .layout import (
    ACTIVE_PLAYER,
    ANSWER_ACCEPT,
    CITIES_LEFT,
    CURRENT_PLAYER,
    DISCARDS_OWED,
    FREE_ROADS_PLACED,
    HAND,
    NUM_PLAYERS,
    PHASE,
    ROADS_LEFT,
    SETTLEMENTS_LEFT,
    TRADE_ANSWER,
    VERTEX_BUILDING,
    VERTEX_OWNER,
)
from .phases import (
    ACTION,
    DISCARD,
    MOVE_ROBBER,
    PRE_ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    STEAL,
    TRADE_CLOSE,
    TRADE_COMPOSE,
    TRADE_RESPOND,
)
from .phases import (
    MONOPOLY as PHASE_MONOPOLY,
)
from .phases import (
    ROAD_BUILDING as PHASE_ROAD_BUILDING,
)
from .phases import (
    YEAR_OF_PLENTY as PHASE_YEAR_OF_PLENTY,
)
from .robber import can_rob, robber_targets
from .setup import setup_road_ok
from .trade import (
    can_accept,
    can_add_give,
    can_add_want,
    can_start_offer,
    maritime_ok,
    offer_complete,
    trading_allowed,
)


@njit(cache=True)
def _dev_plays(state, tb, p, mask):
    mask[A.PLAY_KNIGHT] = can_play(state, tb, p, KNIGHT)
    mask[A.PLAY_ROAD_BUILDING] = can_play(state, tb, p, ROAD_BUILDING)
    mask[A.PLAY_YEAR_OF_PLENTY] = can_play(state, tb, p, YEAR_OF_PLENTY)
    mask[A.PLAY_MONOPOLY] = can_play(state, tb, p, MONOPOLY)


@njit(cache=True)
def _roads(state, tb, p, mask):
    for e in range(tb.edge_vertices.shape[0]):
        if road_ok(state, tb, p, e):
            mask[A.BUILD_ROAD + e] = True


@njit(cache=True)
def _action_phase(state, tb, p, mask):
    mask[A.END_TURN] = True
    if state[ROADS_LEFT + p] > 0 and can_afford(state, p, COST_ROAD):
        _roads(state, tb, p, mask)
    if state[SETTLEMENTS_LEFT + p] > 0 and can_afford(state, p, COST_SETTLEMENT):
        for v in range(tb.vertex_edges.shape[0]):
            if settlement_ok(state, tb, p, v):
                mask[A.BUILD_SETTLEMENT + v] = True
    if state[CITIES_LEFT + p] > 0 and can_afford(state, p, COST_CITY):
        for v in range(tb.vertex_edges.shape[0]):
            if state[VERTEX_OWNER + v] == p and state[VERTEX_BUILDING + v] == SETTLEMENT:
                mask[A.BUILD_CITY + v] = True
    if deck_left(state) > 0 and can_afford(state, p, COST_DEV_CARD):
        mask[A.BUY_DEV] = True
    _dev_plays(state, tb, p, mask)
    if trading_allowed(state):
        i = 0
        for give in range(NUM_RESOURCES):
            for get in range(NUM_RESOURCES):
                if give != get:
                    mask[A.MARITIME + i] = maritime_ok(state, p, give, get)
                    i += 1
        if can_start_offer(state):
            for r in range(NUM_RESOURCES):
                mask[A.TRADE_ADD_GIVE + r] = can_add_give(state, p, r)
                mask[A.TRADE_ADD_WANT + r] = can_add_want(state, p, r)


@njit(cache=True)
def legal_mask(state, tb, mask):
    """Fill ``mask`` (bool, one per action id) for the current decision; return the count.

    The mask belongs to ``state[CURRENT_PLAYER]``; it is all False once the game
    is over.
    """
    mask[:] = False
    phase = state[PHASE]
    p = state[CURRENT_PLAYER]
    if phase == ACTION:
        _action_phase(state, tb, p, mask)
    elif phase == PRE_ROLL:
        mask[A.ROLL] = True
        _dev_plays(state, tb, p, mask)
    elif phase == DISCARD:
        if state[DISCARDS_OWED + p] > 0:
            for r in range(NUM_RESOURCES):
                mask[A.DISCARD + r] = state[HAND + p * NUM_RESOURCES + r] > 0
    elif phase == MOVE_ROBBER:
        robber_targets(state, tb, mask[A.MOVE_ROBBER : A.MOVE_ROBBER + tb.hex_vertices.shape[0]])
    elif phase == STEAL:
        n = state[NUM_PLAYERS]
        for k in range(1, n):
            mask[A.STEAL + k - 1] = can_rob(state, tb, p, (p + k) % n)
    elif phase == SETUP_SETTLEMENT:
        for v in range(tb.vertex_edges.shape[0]):
            mask[A.BUILD_SETTLEMENT + v] = distance_rule_ok(state, tb, v)
    elif phase == SETUP_ROAD:
        for e in range(tb.edge_vertices.shape[0]):
            mask[A.BUILD_ROAD + e] = setup_road_ok(state, tb, e)
    elif phase == PHASE_ROAD_BUILDING:
        _roads(state, tb, p, mask)
        mask[A.STOP] = state[FREE_ROADS_PLACED] >= 1
    elif phase == PHASE_YEAR_OF_PLENTY:
        for r in range(NUM_RESOURCES):
            mask[A.PICK_RESOURCE + r] = bank_has(state, r)
    elif phase == PHASE_MONOPOLY:
        for r in range(NUM_RESOURCES):
            mask[A.PICK_RESOURCE + r] = True
    elif phase == TRADE_COMPOSE:
        for r in range(NUM_RESOURCES):
            mask[A.TRADE_ADD_GIVE + r] = can_add_give(state, p, r)
            mask[A.TRADE_ADD_WANT + r] = can_add_want(state, p, r)
        if offer_complete(state):
            n = state[NUM_PLAYERS]
            mask[A.TRADE_PROPOSE] = True
            for k in range(1, n):
                mask[A.TRADE_PROPOSE + k] = True
        mask[A.TRADE_CANCEL] = True
    elif phase == TRADE_RESPOND:
        mask[A.TRADE_ACCEPT] = can_accept(state, p)
        mask[A.TRADE_DECLINE] = True
    elif phase == TRADE_CLOSE:
        n = state[NUM_PLAYERS]
        a = state[ACTIVE_PLAYER]
        for k in range(1, n):
            mask[A.TRADE_CONFIRM + k - 1] = state[TRADE_ANSWER + (a + k) % n] == ANSWER_ACCEPT
        mask[A.TRADE_CANCEL] = True
    count = 0
    for i in range(mask.shape[0]):
        if mask[i]:
            count += 1
    return count
