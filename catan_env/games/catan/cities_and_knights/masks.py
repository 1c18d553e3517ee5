"""Legal actions of Cities & Knights (C&K §6): the single authority on legality.

``ck_legal_actions`` writes the ids legal for the current decision, ascending,
into a preallocated integer array and returns how many there are.
"""

import numpy as np
from numba import njit

from ..base.action_ids import pair_index
from ..base.masks import road_frontier, settlement_frontier
from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common.building import distance_rule_ok, road_ok
from ..common.cards import can_afford, held
from ..common.constants import (
    COST_CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    DESERT,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
)
from ..common.layout import (
    BANK,
    CURRENT_PLAYER,
    DISCARDS_OWED,
    EDGE_OWNER,
    FREE_ROADS_PLACED,
    HEX_NUMBER,
    HEX_TERRAIN,
    KNIGHT_OWNER,
    NUM_PLAYERS,
    PHASE,
    PUBLIC_VP,
    ROADS_LEFT,
    ROBBER_HEX,
    SETTLEMENTS_LEFT,
    SETUP_VERTEX,
    VERTEX_OWNER,
)
from ..common.masks import mask_from_ids
from ..common.phases import (
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
from ..common.phases import ROAD_BUILDING as PHASE_ROAD_BUILDING
from ..common.robber import can_rob
from ..common.tables import T_VERTEX_EDGES
from ..common.trade import (
    can_accept,
    can_start_offer,
    close_actions,
    offer_actions,
    offer_complete,
    propose_actions,
    respond_actions,
)
from . import action_ids as A
from .cities import (
    can_improve_with,
    can_upgrade,
    city_counts,
    is_plain_city,
    wall_ok,
)
from .constants import (
    ALCHEMIST,
    COST_ACTIVATE,
    COST_KNIGHT,
    COST_MEDICINE_CITY,
    COST_PROMOTE,
    COST_WALL,
    CRANE,
    MEDICINE,
    NUM_CARD_KINDS,
    NUM_TRACKS,
    PROGRESS_HAND_LIMIT,
)
from .effects import (
    building_at_hex,
    can_play,
    intrigue_target_ok,
    inventor_hex_ok,
    inventor_second_ok,
    open_road,
)
from .knights import (
    can_build_knight,
    can_chase,
    can_promote,
    displace_targets,
    has,
    has_action,
    knight_spot_ok,
    knight_spots,
    may_act,
    move_targets,
    relocation_targets,
)
from .layout import (
    CARD_ARG,
    CARD_TARGET,
    DISPLACED_FROM,
    DISPLACED_OWNER,
    GIVES_OWED,
    HARBOR_TRADES,
    KNIGHT_ACTIVE,
    KNIGHT_COMMITTED,
    KNIGHT_SELECTED,
    OPT_KNIGHT_ERRANT,
    PDECK_COUNT,
    PROGRESS_HAND,
    WALLS_LEFT,
)
from .phases import (
    ALCHEMIST_RED,
    ALCHEMIST_YELLOW,
    AQUEDUCT,
    BISHOP,
    CHASE_HEX,
    DEFEND,
    DESERTER_PLACE,
    DESERTER_REMOVE,
    DESERTER_VICTIM,
    DIPLOMAT_REPLACE,
    DIPLOMAT_ROAD,
    ENGINEER,
    FLEET_TYPE,
    HARBOR_ANSWER,
    INTRIGUE,
    INVENTOR_1,
    INVENTOR_2,
    KNIGHT_ACTION,
    MASTER_PICK,
    MASTER_VICTIM,
    MERCHANT_HEX,
    METROPOLIS,
    OVERFLOW,
    PILLAGE,
    RELOCATE,
    RESOURCE_MONOPOLY,
    SABOTEUR,
    SETUP_CITY,
    SMITH,
    SPY_CARD,
    SPY_VICTIM,
    TIE_DECK,
    TRADE_MONOPOLY,
    WEDDING,
)
from .progress import held_cards
from .trade import force_trade_ok, maritime_ok


@njit(cache=True, inline="always")
def _emit(out, n, action):
    out[n] = action
    return n + 1


@njit(cache=True)
def _vertices(out, n, family, bits):
    for v in range(NUM_VERTICES):
        if has(bits, v):
            n = _emit(out, n, family + v)
    return n


@njit(cache=True)
def _roads_from_frontier(state, tb, p, out, n, skip):
    lo, hi = road_frontier(state, tb, p)
    for e in range(NUM_EDGES):
        word = lo if e < 64 else hi
        if e != skip and (word >> np.uint64(e % 64)) & np.uint64(1):
            n = _emit(out, n, A.BUILD_ROAD + e)
    return n


@njit(cache=True)
def _held_types(state, q, family, out, n, lo, hi):
    for r in range(lo, hi):
        if held(state, q, r) > 0:
            n = _emit(out, n, family + r)
    return n


@njit(cache=True)
def _opponents(state, p, out, n, kind):
    """``choose_player(+k)`` for the opponents a card may target."""
    players = state[NUM_PLAYERS]
    for k in range(1, players):
        q = (p + k) % players
        ok = False
        if kind == 0:  # Deserter: has a knight
            for v in range(NUM_VERTICES):
                if state[KNIGHT_OWNER + v] == q:
                    ok = True
                    break
        elif kind == 1:  # Spy: holds a progress card
            ok = held_cards(state, q) > 0
        else:  # Master Merchant: more VP
            ok = state[PUBLIC_VP + q] > state[PUBLIC_VP + p]
        if ok:
            n = _emit(out, n, A.SELECT_PLAYER + k - 1)
    return n


@njit(cache=True)
def _play_cards(state, tb, p, out, n):
    """Crane and Medicine as atomic builds, then the other playable cards."""
    if state[PROGRESS_HAND + p * NUM_CARD_KINDS + CRANE] > 0:
        cities, plain = city_counts(state, p)
        for t in range(NUM_TRACKS):
            if can_improve_with(state, p, t, 1, cities, plain):
                n = _emit(out, n, A.IMPROVE_CRANE + t)
    if state[PROGRESS_HAND + p * NUM_CARD_KINDS + MEDICINE] > 0 and can_afford(
        state, p, COST_MEDICINE_CITY
    ):
        for v in range(NUM_VERTICES):
            if can_upgrade(state, p, v):
                n = _emit(out, n, A.MEDICINE_CITY + v)
    for kind in range(NUM_CARD_KINDS):
        if state[PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0 and can_play(state, tb, p, kind):
            n = _emit(out, n, A.PLAY_CARD + kind)
    return n


@njit(cache=True)
def _over_limit(state, tb, p, out):
    """Over the progress-card limit on one's own turn: play a card or put one back (§3.15.2)."""
    n = _play_cards(state, tb, p, out, 0)
    for kind in range(NUM_CARD_KINDS):
        if state[PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0:
            n = _emit(out, n, A.PUT_UNDER + kind)
    return n


@njit(cache=True)
def _action_phase(state, tb, p, out):
    if held_cards(state, p) > PROGRESS_HAND_LIMIT:
        return _over_limit(state, tb, p, out)
    n = _emit(out, 0, A.END_TURN)
    if state[SETTLEMENTS_LEFT + p] > 0 and can_afford(state, p, COST_SETTLEMENT):
        n = _vertices(out, n, A.BUILD_SETTLEMENT, settlement_frontier(state, tb, p))
    if state[ROADS_LEFT + p] > 0 and can_afford(state, p, COST_ROAD):
        n = _roads_from_frontier(state, tb, p, out, n, -1)
    if can_afford(state, p, COST_CITY):
        for v in range(NUM_VERTICES):
            if state[VERTEX_OWNER + v] == p and can_upgrade(state, p, v):
                n = _emit(out, n, A.BUILD_CITY + v)
    if can_afford(state, p, COST_WALL) and state[WALLS_LEFT + p] > 0:
        for v in range(NUM_VERTICES):
            if state[VERTEX_OWNER + v] == p and wall_ok(state, p, v):
                n = _emit(out, n, A.BUILD_WALL + v)
    if can_build_knight(state, p) and can_afford(state, p, COST_KNIGHT):
        n = _vertices(out, n, A.BUILD_KNIGHT, knight_spots(state, tb, p))
    if can_afford(state, p, COST_ACTIVATE):
        for v in range(NUM_VERTICES):
            if state[KNIGHT_OWNER + v] == p and state[KNIGHT_ACTIVE + v] == 0:
                n = _emit(out, n, A.ACTIVATE_KNIGHT + v)
    if can_afford(state, p, COST_PROMOTE):
        for v in range(NUM_VERTICES):
            if state[KNIGHT_OWNER + v] == p and can_promote(state, p, v):
                n = _emit(out, n, A.PROMOTE_KNIGHT + v)
    for v in range(NUM_VERTICES):
        if state[KNIGHT_OWNER + v] == p and has_action(state, tb, p, v):
            n = _emit(out, n, A.SELECT_KNIGHT + v)
    cities, plain = city_counts(state, p)
    for t in range(NUM_TRACKS):
        if can_improve_with(state, p, t, 0, cities, plain):
            n = _emit(out, n, A.IMPROVE + t)
    n = _play_cards(state, tb, p, out, n)
    for give in range(NUM_CARD_TYPES):
        if held(state, p, give) < 2:
            continue  # fast path: no rate is below 2
        for get in range(NUM_CARD_TYPES):
            if maritime_ok(state, p, give, get):
                n = _emit(out, n, A.MARITIME + pair_index(give, get, NUM_CARD_TYPES))
    if can_start_offer(state):
        n = offer_actions(state, p, out, n, NUM_CARD_TYPES, A.TRADE_ADD_GIVE, A.TRADE_ADD_WANT)
    if state[HARBOR_TRADES] != 0:
        players = state[NUM_PLAYERS]
        for k in range(1, players):
            q = (p + k) % players
            for r in range(NUM_RESOURCES):
                if force_trade_ok(state, p, q, r):
                    n = _emit(out, n, A.FORCE_TRADE + (k - 1) * NUM_RESOURCES + r)
    return n


@njit(cache=True)
def _robber_hexes(state, out, n, numbered_only):
    robber = state[ROBBER_HEX]
    for h in range(NUM_HEXES):
        if h == robber or state[HEX_TERRAIN + h] > DESERT:
            continue
        if numbered_only and state[HEX_NUMBER + h] == 0:
            continue
        n = _emit(out, n, A.MOVE_ROBBER + h)
    return n


@njit(cache=True)
def ck_legal_actions(state, tb, out):
    """Legal action ids of the current decision, ascending, in ``out``; returns the count."""
    phase = state[PHASE]
    p = state[CURRENT_PLAYER]
    n = 0
    if phase == TRADE_COMPOSE:
        n = offer_actions(state, p, out, 0, NUM_CARD_TYPES, A.TRADE_ADD_GIVE, A.TRADE_ADD_WANT)
        n = propose_actions(state, out, n, offer_complete(state), A.TRADE_PROPOSE, A.TRADE_CANCEL)
    elif phase == ACTION:
        n = _action_phase(state, tb, p, out)
    elif phase == TRADE_RESPOND:
        n = respond_actions(out, can_accept(state, p), A.TRADE_ACCEPT, A.TRADE_DECLINE)
    elif phase == TRADE_CLOSE:
        n = close_actions(state, out, A.TRADE_CANCEL, A.TRADE_CONFIRM)
    elif phase == PRE_ROLL:
        n = _emit(out, 0, A.ROLL)
        if state[OPT_KNIGHT_ERRANT] != 0:
            for v in range(NUM_VERTICES):
                if may_act(state, p, v) and can_chase(state, tb, v):
                    n = _emit(out, n, A.SELECT_KNIGHT + v)
        if state[PROGRESS_HAND + p * NUM_CARD_KINDS + ALCHEMIST] > 0:
            n = _emit(out, n, A.PLAY_CARD + ALCHEMIST)
    elif phase == DISCARD or phase == SABOTEUR:
        if state[DISCARDS_OWED + p] > 0:
            n = _held_types(state, p, A.DISCARD, out, 0, 0, NUM_CARD_TYPES)
    elif phase == MOVE_ROBBER or phase == BISHOP:
        n = _robber_hexes(state, out, 0, False)
    elif phase == CHASE_HEX:
        n = _robber_hexes(state, out, 0, True)
    elif phase == STEAL:
        players = state[NUM_PLAYERS]
        for k in range(1, players):
            if can_rob(state, tb, p, (p + k) % players):
                n = _emit(out, n, A.STEAL + k - 1)
    elif phase == SETUP_SETTLEMENT or phase == SETUP_CITY:
        family = A.BUILD_SETTLEMENT if phase == SETUP_SETTLEMENT else A.BUILD_CITY
        for v in range(NUM_VERTICES):
            if distance_rule_ok(state, tb, v):
                n = _emit(out, n, family + v)
    elif phase == SETUP_ROAD:
        v = state[SETUP_VERTEX]
        for e in range(NUM_EDGES):
            if state[EDGE_OWNER + e] < 0:
                for k in range(3):
                    if tb[T_VERTEX_EDGES + 3 * v + k] == e:
                        n = _emit(out, n, A.BUILD_ROAD + e)
    elif phase == PHASE_ROAD_BUILDING:
        n = _roads_from_frontier(state, tb, p, out, 0, -1)
        if state[FREE_ROADS_PLACED] >= 1:
            n = _emit(out, n, A.STOP)
    elif phase == ALCHEMIST_RED or phase == ALCHEMIST_YELLOW:
        for d in range(6):
            n = _emit(out, n, A.DIE_VALUE + d)
    elif phase == DEFEND:
        for v in range(NUM_VERTICES):
            if (
                state[KNIGHT_OWNER + v] == p
                and state[KNIGHT_ACTIVE + v] == 1
                and state[KNIGHT_COMMITTED + v] == 0
            ):
                n = _emit(out, n, A.SELECT_KNIGHT + v)
        n = _emit(out, n, A.STOP)
    elif phase == PILLAGE or phase == METROPOLIS:
        family = A.PILLAGE_CITY if phase == PILLAGE else A.METROPOLIS
        for v in range(NUM_VERTICES):
            if is_plain_city(state, p, v):
                n = _emit(out, n, family + v)
    elif phase == TIE_DECK:
        for t in range(NUM_TRACKS):
            if state[PDECK_COUNT + t] > 0:
                n = _emit(out, n, A.CHOOSE_DECK + t)
    elif phase == OVERFLOW:
        for kind in range(NUM_CARD_KINDS):
            if state[PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0:
                n = _emit(out, n, A.PUT_UNDER + kind)
    elif phase == AQUEDUCT:
        for r in range(NUM_RESOURCES):
            if state[BANK + r] > 0:
                n = _emit(out, n, A.PICK_CARD + r)
    elif phase == KNIGHT_ACTION:
        v = state[KNIGHT_SELECTED]
        n = _vertices(
            out, 0, A.KNIGHT_TO, move_targets(state, tb, v) | displace_targets(state, tb, v)
        )
        if can_chase(state, tb, v):
            n = _emit(out, n, A.CHASE_ROBBER)
    elif phase == RELOCATE:
        targets = relocation_targets(state, tb, state[DISPLACED_OWNER], state[DISPLACED_FROM])
        n = _vertices(out, 0, A.KNIGHT_TO, targets)
    elif phase == ENGINEER:
        for v in range(NUM_VERTICES):
            if wall_ok(state, p, v):
                n = _emit(out, n, A.BUILD_WALL + v)
    elif phase == INVENTOR_1 or phase == INVENTOR_2:
        for h in range(NUM_HEXES):
            ok = inventor_hex_ok(state, h) if phase == INVENTOR_1 else inventor_second_ok(state, h)
            if ok:
                n = _emit(out, n, A.INVENTOR_HEX + h)
    elif phase == SMITH:
        for v in range(NUM_VERTICES):
            if can_promote(state, p, v):
                n = _emit(out, n, A.PROMOTE_KNIGHT + v)
        if state[CARD_ARG] >= 1:
            n = _emit(out, n, A.STOP)
    elif phase == DESERTER_VICTIM:
        n = _opponents(state, p, out, 0, 0)
    elif phase == DESERTER_REMOVE:
        for v in range(NUM_VERTICES):
            if state[KNIGHT_OWNER + v] == p:
                n = _emit(out, n, A.SELECT_KNIGHT + v)
    elif phase == DESERTER_PLACE:
        for v in range(NUM_VERTICES):
            if knight_spot_ok(state, tb, p, v):
                n = _emit(out, n, A.BUILD_KNIGHT + v)
        n = _emit(out, n, A.STOP)
    elif phase == DIPLOMAT_ROAD:
        for e in range(NUM_EDGES):
            if open_road(state, tb, e):
                n = _emit(out, n, A.REMOVE_ROAD + e)
    elif phase == DIPLOMAT_REPLACE:
        removed = state[CARD_ARG]
        for e in range(NUM_EDGES):
            if e != removed and road_ok(state, tb, p, e):
                n = _emit(out, n, A.BUILD_ROAD + e)
        n = _emit(out, n, A.STOP)
    elif phase == INTRIGUE:
        for v in range(NUM_VERTICES):
            if intrigue_target_ok(state, tb, p, v):
                n = _emit(out, n, A.SELECT_KNIGHT + v)
    elif phase == SPY_VICTIM:
        n = _opponents(state, p, out, 0, 1)
    elif phase == SPY_CARD:
        q = state[CARD_TARGET]
        for kind in range(NUM_CARD_KINDS):
            if state[PROGRESS_HAND + q * NUM_CARD_KINDS + kind] > 0:
                n = _emit(out, n, A.TAKE_CARD + kind)
    elif phase == WEDDING:
        if state[GIVES_OWED + p] > 0:
            n = _held_types(state, p, A.GIVE_CARD, out, 0, 0, NUM_CARD_TYPES)
    elif phase == HARBOR_ANSWER:
        n = _held_types(state, p, A.GIVE_CARD, out, 0, NUM_RESOURCES, NUM_CARD_TYPES)
    elif phase == MASTER_VICTIM:
        n = _opponents(state, p, out, 0, 2)
    elif phase == MASTER_PICK:
        n = _held_types(state, state[CARD_TARGET], A.PICK_CARD, out, 0, 0, NUM_CARD_TYPES)
    elif phase == MERCHANT_HEX:
        for h in range(NUM_HEXES):
            if state[HEX_TERRAIN + h] <= DESERT and building_at_hex(state, tb, p, h):
                n = _emit(out, n, A.PLACE_MERCHANT + h)
    elif phase == FLEET_TYPE:
        for r in range(NUM_CARD_TYPES):
            n = _emit(out, n, A.PICK_CARD + r)
    elif phase == RESOURCE_MONOPOLY:
        for r in range(NUM_RESOURCES):
            n = _emit(out, n, A.PICK_CARD + r)
    elif phase == TRADE_MONOPOLY:
        for r in range(NUM_RESOURCES, NUM_CARD_TYPES):
            n = _emit(out, n, A.PICK_CARD + r)
    return n


@njit(cache=True)
def ck_legal_mask(state, tb, mask):
    """Boolean mask of the current decision; returns the count."""
    ids = np.empty(A.NUM_ACTIONS, np.int32)
    return mask_from_ids(ids, ck_legal_actions(state, tb, ids), mask)
