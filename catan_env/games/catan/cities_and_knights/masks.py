"""Legal actions of Cities & Knights (C&K §6): the single authority on legality.

``ck_legal_actions`` writes the ids legal for the current decision, ascending,
into a preallocated integer array and returns how many there are.
"""

import numpy as np
from numba import njit

from ..base.masks import road_frontier, settlement_frontier
from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.building import distance_rule_ok, road_ok
from ..common.cards import can_afford, held
from ..common.masks import mask_from_ids
from ..common.robber import can_rob
from ..common.tables import T_VERTEX_EDGES
from ..common.trade import (
    can_accept,
    can_start_offer,
    close_actions,
    offer_actions,
    offer_complete,
    opens_by_pair,
    pair_actions,
    pair_index,
    propose_actions,
    respond_actions,
)
from . import action_ids as A
from . import layout as CL
from . import phases as PH
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
    players = state[L.NUM_PLAYERS]
    for k in range(1, players):
        q = (p + k) % players
        ok = False
        if kind == 0:  # Deserter: has a knight
            for v in range(NUM_VERTICES):
                if state[L.KNIGHT_OWNER + v] == q:
                    ok = True
                    break
        elif kind == 1:  # Spy: holds a progress card
            ok = held_cards(state, q) > 0
        else:  # Master Merchant: more VP
            ok = state[L.PUBLIC_VP + q] > state[L.PUBLIC_VP + p]
        if ok:
            n = _emit(out, n, A.SELECT_PLAYER + k - 1)
    return n


@njit(cache=True)
def _play_cards(state, tb, p, out, n):
    """Crane and Medicine as atomic builds, then the other playable cards."""
    if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + CRANE] > 0:
        cities, plain = city_counts(state, p)
        for t in range(NUM_TRACKS):
            if can_improve_with(state, p, t, 1, cities, plain):
                n = _emit(out, n, A.IMPROVE_CRANE + t)
    if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + MEDICINE] > 0 and can_afford(
        state, p, COST_MEDICINE_CITY
    ):
        for v in range(NUM_VERTICES):
            if can_upgrade(state, p, v):
                n = _emit(out, n, A.MEDICINE_CITY + v)
    for kind in range(NUM_CARD_KINDS):
        if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0 and can_play(state, tb, p, kind):
            n = _emit(out, n, A.PLAY_CARD + kind)
    return n


@njit(cache=True)
def _over_limit(state, tb, p, out):
    """Over the progress-card limit on one's own turn: play a card or put one back (§3.15.2)."""
    n = _play_cards(state, tb, p, out, 0)
    for kind in range(NUM_CARD_KINDS):
        if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0:
            n = _emit(out, n, A.PUT_UNDER + kind)
    return n


@njit(cache=True)
def _action_phase(state, tb, p, out):
    if held_cards(state, p) > PROGRESS_HAND_LIMIT:
        return _over_limit(state, tb, p, out)
    n = _emit(out, 0, A.END_TURN)
    if state[L.SETTLEMENTS_LEFT + p] > 0 and can_afford(state, p, C.COST_SETTLEMENT):
        n = _vertices(out, n, A.BUILD_SETTLEMENT, settlement_frontier(state, tb, p))
    if state[L.ROADS_LEFT + p] > 0 and can_afford(state, p, C.COST_ROAD):
        n = _roads_from_frontier(state, tb, p, out, n, -1)
    if can_afford(state, p, C.COST_CITY):
        for v in range(NUM_VERTICES):
            if state[L.VERTEX_OWNER + v] == p and can_upgrade(state, p, v):
                n = _emit(out, n, A.BUILD_CITY + v)
    if can_afford(state, p, COST_WALL) and state[CL.WALLS_LEFT + p] > 0:
        for v in range(NUM_VERTICES):
            if state[L.VERTEX_OWNER + v] == p and wall_ok(state, p, v):
                n = _emit(out, n, A.BUILD_WALL + v)
    if can_build_knight(state, p) and can_afford(state, p, COST_KNIGHT):
        n = _vertices(out, n, A.BUILD_KNIGHT, knight_spots(state, tb, p))
    if can_afford(state, p, COST_ACTIVATE):
        for v in range(NUM_VERTICES):
            if state[L.KNIGHT_OWNER + v] == p and state[CL.KNIGHT_ACTIVE + v] == 0:
                n = _emit(out, n, A.ACTIVATE_KNIGHT + v)
    if can_afford(state, p, COST_PROMOTE):
        for v in range(NUM_VERTICES):
            if state[L.KNIGHT_OWNER + v] == p and can_promote(state, p, v):
                n = _emit(out, n, A.PROMOTE_KNIGHT + v)
    for v in range(NUM_VERTICES):
        if state[L.KNIGHT_OWNER + v] == p and has_action(state, tb, p, v):
            n = _emit(out, n, A.SELECT_KNIGHT + v)
    cities, plain = city_counts(state, p)
    for t in range(NUM_TRACKS):
        if can_improve_with(state, p, t, 0, cities, plain):
            n = _emit(out, n, A.IMPROVE + t)
    n = _play_cards(state, tb, p, out, n)
    for give in range(C.NUM_CARD_TYPES):
        if held(state, p, give) < 2:
            continue  # fast path: no rate is below 2
        for get in range(C.NUM_CARD_TYPES):
            if maritime_ok(state, p, give, get):
                n = _emit(out, n, A.MARITIME + pair_index(give, get, C.NUM_CARD_TYPES))
    # Card by card, an offer opens below FORCE_TRADE's ids; by a pair, above them.
    opening = can_start_offer(state)
    if opening and not opens_by_pair(state):
        n = offer_actions(state, p, out, n, C.NUM_CARD_TYPES, A.TRADE_ADD_GIVE, A.TRADE_ADD_WANT)
    if state[CL.HARBOR_TRADES] != 0:
        players = state[L.NUM_PLAYERS]
        for k in range(1, players):
            q = (p + k) % players
            for r in range(C.NUM_RESOURCES):
                if force_trade_ok(state, p, q, r):
                    n = _emit(out, n, A.FORCE_TRADE + (k - 1) * C.NUM_RESOURCES + r)
    if opening and opens_by_pair(state):
        n = pair_actions(state, p, out, n, C.NUM_CARD_TYPES, A.TRADE_OPEN, -1)
    return n


@njit(cache=True)
def _robber_hexes(state, out, n, numbered_only):
    robber = state[L.ROBBER_HEX]
    for h in range(NUM_HEXES):
        if h == robber or state[L.HEX_TERRAIN + h] > C.DESERT:
            continue
        if numbered_only and state[L.HEX_NUMBER + h] == 0:
            continue
        n = _emit(out, n, A.MOVE_ROBBER + h)
    return n


@njit(cache=True)
def ck_legal_actions(state, tb, out):
    """Legal action ids of the current decision, ascending, in ``out``; returns the count."""
    phase = state[L.PHASE]
    p = state[L.CURRENT_PLAYER]
    n = 0
    if phase == PH.TRADE_COMPOSE:
        n = offer_actions(state, p, out, 0, C.NUM_CARD_TYPES, A.TRADE_ADD_GIVE, A.TRADE_ADD_WANT)
        n = propose_actions(state, out, n, offer_complete(state), A.TRADE_PROPOSE, A.TRADE_CANCEL)
    elif phase == PH.ACTION:
        n = _action_phase(state, tb, p, out)
    elif phase == PH.TRADE_RESPOND:
        n = respond_actions(out, can_accept(state, p), A.TRADE_ACCEPT, A.TRADE_DECLINE)
    elif phase == PH.TRADE_CLOSE:
        n = close_actions(state, out, A.TRADE_CANCEL, A.TRADE_CONFIRM)
    elif phase == PH.PRE_ROLL:
        n = _emit(out, 0, A.ROLL)
        if state[CL.OPT_KNIGHT_ERRANT] != 0:
            for v in range(NUM_VERTICES):
                if may_act(state, p, v) and can_chase(state, tb, v):
                    n = _emit(out, n, A.SELECT_KNIGHT + v)
        if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + ALCHEMIST] > 0:
            n = _emit(out, n, A.PLAY_CARD + ALCHEMIST)
    elif phase == PH.DISCARD or phase == PH.SABOTEUR:
        if state[L.DISCARDS_OWED + p] > 0:
            n = _held_types(state, p, A.DISCARD, out, 0, 0, C.NUM_CARD_TYPES)
    elif phase == PH.MOVE_ROBBER or phase == PH.BISHOP:
        n = _robber_hexes(state, out, 0, False)
    elif phase == PH.CHASE_HEX:
        n = _robber_hexes(state, out, 0, True)
    elif phase == PH.STEAL:
        players = state[L.NUM_PLAYERS]
        for k in range(1, players):
            if can_rob(state, tb, p, (p + k) % players):
                n = _emit(out, n, A.STEAL + k - 1)
    elif phase == PH.SETUP_SETTLEMENT or phase == PH.SETUP_CITY:
        family = A.BUILD_SETTLEMENT if phase == PH.SETUP_SETTLEMENT else A.BUILD_CITY
        for v in range(NUM_VERTICES):
            if distance_rule_ok(state, tb, v):
                n = _emit(out, n, family + v)
    elif phase == PH.SETUP_ROAD:
        v = state[L.SETUP_VERTEX]
        for e in range(NUM_EDGES):
            if state[L.EDGE_OWNER + e] < 0:
                for k in range(3):
                    if tb[T_VERTEX_EDGES + 3 * v + k] == e:
                        n = _emit(out, n, A.BUILD_ROAD + e)
    elif phase == PH.ROAD_BUILDING:
        n = _roads_from_frontier(state, tb, p, out, 0, -1)
        if state[L.FREE_ROADS_PLACED] >= 1:
            n = _emit(out, n, A.STOP)
    elif phase == PH.ALCHEMIST_RED or phase == PH.ALCHEMIST_YELLOW:
        for d in range(6):
            n = _emit(out, n, A.DIE_VALUE + d)
    elif phase == PH.DEFEND:
        for v in range(NUM_VERTICES):
            if (
                state[L.KNIGHT_OWNER + v] == p
                and state[CL.KNIGHT_ACTIVE + v] == 1
                and state[CL.KNIGHT_COMMITTED + v] == 0
            ):
                n = _emit(out, n, A.SELECT_KNIGHT + v)
        n = _emit(out, n, A.STOP)
    elif phase == PH.PILLAGE or phase == PH.METROPOLIS:
        family = A.PILLAGE_CITY if phase == PH.PILLAGE else A.METROPOLIS
        for v in range(NUM_VERTICES):
            if is_plain_city(state, p, v):
                n = _emit(out, n, family + v)
    elif phase == PH.TIE_DECK:
        for t in range(NUM_TRACKS):
            if state[CL.PDECK_COUNT + t] > 0:
                n = _emit(out, n, A.CHOOSE_DECK + t)
    elif phase == PH.OVERFLOW:
        for kind in range(NUM_CARD_KINDS):
            if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + kind] > 0:
                n = _emit(out, n, A.PUT_UNDER + kind)
    elif phase == PH.AQUEDUCT:
        for r in range(C.NUM_RESOURCES):
            if state[L.BANK + r] > 0:
                n = _emit(out, n, A.PICK_CARD + r)
    elif phase == PH.KNIGHT_ACTION:
        v = state[CL.KNIGHT_SELECTED]
        n = _vertices(
            out, 0, A.KNIGHT_TO, move_targets(state, tb, v) | displace_targets(state, tb, v)
        )
        if can_chase(state, tb, v):
            n = _emit(out, n, A.CHASE_ROBBER)
    elif phase == PH.RELOCATE:
        targets = relocation_targets(state, tb, state[CL.DISPLACED_OWNER], state[CL.DISPLACED_FROM])
        n = _vertices(out, 0, A.KNIGHT_TO, targets)
    elif phase == PH.ENGINEER:
        for v in range(NUM_VERTICES):
            if wall_ok(state, p, v):
                n = _emit(out, n, A.BUILD_WALL + v)
    elif phase == PH.INVENTOR_1 or phase == PH.INVENTOR_2:
        for h in range(NUM_HEXES):
            ok = (
                inventor_hex_ok(state, h)
                if phase == PH.INVENTOR_1
                else inventor_second_ok(state, h)
            )
            if ok:
                n = _emit(out, n, A.INVENTOR_HEX + h)
    elif phase == PH.SMITH:
        for v in range(NUM_VERTICES):
            if can_promote(state, p, v):
                n = _emit(out, n, A.PROMOTE_KNIGHT + v)
        if state[CL.CARD_ARG] >= 1:
            n = _emit(out, n, A.STOP)
    elif phase == PH.DESERTER_VICTIM:
        n = _opponents(state, p, out, 0, 0)
    elif phase == PH.DESERTER_REMOVE:
        for v in range(NUM_VERTICES):
            if state[L.KNIGHT_OWNER + v] == p:
                n = _emit(out, n, A.SELECT_KNIGHT + v)
    elif phase == PH.DESERTER_PLACE:
        for v in range(NUM_VERTICES):
            if knight_spot_ok(state, tb, p, v):
                n = _emit(out, n, A.BUILD_KNIGHT + v)
        n = _emit(out, n, A.STOP)
    elif phase == PH.DIPLOMAT_ROAD:
        for e in range(NUM_EDGES):
            if open_road(state, tb, e):
                n = _emit(out, n, A.REMOVE_ROAD + e)
    elif phase == PH.DIPLOMAT_REPLACE:
        removed = state[CL.CARD_ARG]
        for e in range(NUM_EDGES):
            if e != removed and road_ok(state, tb, p, e):
                n = _emit(out, n, A.BUILD_ROAD + e)
        n = _emit(out, n, A.STOP)
    elif phase == PH.INTRIGUE:
        for v in range(NUM_VERTICES):
            if intrigue_target_ok(state, tb, p, v):
                n = _emit(out, n, A.SELECT_KNIGHT + v)
    elif phase == PH.SPY_VICTIM:
        n = _opponents(state, p, out, 0, 1)
    elif phase == PH.SPY_CARD:
        q = state[CL.CARD_TARGET]
        for kind in range(NUM_CARD_KINDS):
            if state[CL.PROGRESS_HAND + q * NUM_CARD_KINDS + kind] > 0:
                n = _emit(out, n, A.TAKE_CARD + kind)
    elif phase == PH.WEDDING:
        if state[CL.GIVES_OWED + p] > 0:
            n = _held_types(state, p, A.GIVE_CARD, out, 0, 0, C.NUM_CARD_TYPES)
    elif phase == PH.HARBOR_ANSWER:
        n = _held_types(state, p, A.GIVE_CARD, out, 0, C.NUM_RESOURCES, C.NUM_CARD_TYPES)
    elif phase == PH.MASTER_VICTIM:
        n = _opponents(state, p, out, 0, 2)
    elif phase == PH.MASTER_PICK:
        n = _held_types(state, state[CL.CARD_TARGET], A.PICK_CARD, out, 0, 0, C.NUM_CARD_TYPES)
    elif phase == PH.MERCHANT_HEX:
        for h in range(NUM_HEXES):
            if state[L.HEX_TERRAIN + h] <= C.DESERT and building_at_hex(state, tb, p, h):
                n = _emit(out, n, A.PLACE_MERCHANT + h)
    elif phase == PH.FLEET_TYPE:
        for r in range(C.NUM_CARD_TYPES):
            n = _emit(out, n, A.PICK_CARD + r)
    elif phase == PH.RESOURCE_MONOPOLY:
        for r in range(C.NUM_RESOURCES):
            n = _emit(out, n, A.PICK_CARD + r)
    elif phase == PH.TRADE_MONOPOLY:
        for r in range(C.NUM_RESOURCES, C.NUM_CARD_TYPES):
            n = _emit(out, n, A.PICK_CARD + r)
    return n


@njit(cache=True)
def ck_legal_mask(state, tb, mask):
    """Boolean mask of the current decision; returns the count."""
    ids = np.empty(A.NUM_ACTIONS, np.int32)
    return mask_from_ids(ids, ck_legal_actions(state, tb, ids), mask)
