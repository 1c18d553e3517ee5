"""Progress cards: when each may be played and what it does (C&K §4, the almanac).

``can_play`` is the legality of playing a card from the hand in the action
phase; ``play`` spends the card (under its deck, C&K §3.15.4) and either
resolves it at once or opens the phase of its next decision. The handlers
below resolve those decisions. Crane and Medicine are atomic actions (an
improvement or a city bought with the card) and Alchemist is played before
the roll; the masks handle their timing.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common import layout as L
from ..common.building import any_road_ok, place_road
from ..common.cards import (
    give_to_bank,
    hand_size,
    held,
    move_card,
    take_from_bank,
)
from ..common.constants import FIELDS, MOUNTAINS
from ..common.longest_road import update_after_occupancy, update_after_road
from ..common.robber import take_random_card
from ..common.tables import T_EDGE_VERTICES, T_HEX_VERTICES, T_VERTEX_EDGES
from . import layout as CL
from . import phases as PH
from .cities import place_metropolis, place_wall, wall_ok
from .constants import (
    ALCHEMIST,
    BISHOP,
    COMMERCIAL_HARBOR,
    DESERTER,
    DIPLOMAT,
    ENGINEER,
    INTRIGUE,
    INVENTOR,
    INVENTOR_TOKENS,
    IRRIGATION,
    KNIGHT_BECAME_ACTIVE,
    MASTER_MERCHANT,
    MERCHANT,
    MERCHANT_FLEET,
    MINING,
    NUM_CARD_KINDS,
    RESOURCE_MONOPOLY,
    ROAD_BUILDING,
    SABOTEUR,
    SMITH,
    SPY,
    TRADE_MONOPOLY,
    WARLORD,
    WEDDING,
)
from .knights import (
    activate,
    can_promote,
    has,
    knight_spot_ok,
    lift_knight,
    place_knight,
    promote,
    relocation_targets,
    set_knight,
)
from .progress import discard_from_hand, held_cards
from .robber import robber_is_free

_INVENTOR_TOKENS = np.array(INVENTOR_TOKENS, np.int32)
FREE_ROADS = 2
SMITH_PROMOTIONS = 2
WEDDING_GIFTS = 2
MASTER_MERCHANT_PICKS = 2
RESOURCE_MONOPOLY_TAKE = 2
TRADE_MONOPOLY_TAKE = 1
MERCHANT_VP = 1


# --- shared predicates -------------------------------------------------------


@njit(cache=True)
def building_at_hex(state, tb, p, h):
    """``p`` has a settlement or city at a corner of hex ``h``."""
    for k in range(6):
        if state[L.VERTEX_OWNER + tb[T_HEX_VERTICES + 6 * h + k]] == p:
            return True
    return False


@njit(cache=True)
def inventor_hex_ok(state, h):
    """A token Inventor may move: 3, 4, 5, 9, 10 or 11 (C&K §4.1.4)."""
    value = state[L.HEX_NUMBER + h]
    for t in range(_INVENTOR_TOKENS.shape[0]):
        if value == _INVENTOR_TOKENS[t]:
            return True
    return False


@njit(cache=True)
def road_end_closed(state, tb, e, v):
    """The end ``v`` of road ``e`` is closed: its owner has another road, a
    building or a knight there (C&K §4.2.4)."""
    q = state[L.EDGE_OWNER + e]
    if state[L.VERTEX_OWNER + v] == q or state[L.KNIGHT_OWNER + v] == q:
        return True
    for k in range(3):
        f = tb[T_VERTEX_EDGES + 3 * v + k]
        if f >= 0 and f != e and state[L.EDGE_OWNER + f] == q:
            return True
    return False


@njit(cache=True)
def open_road(state, tb, e):
    """A road with at least one end that is not closed (Diplomat's target)."""
    if state[L.EDGE_OWNER + e] < 0:
        return False
    for side in range(2):
        if not road_end_closed(state, tb, e, tb[T_EDGE_VERTICES + 2 * e + side]):
            return True
    return False


@njit(cache=True)
def intrigue_target_ok(state, tb, p, v):
    """An opponent's knight on an intersection at one of ``p``'s roads (C&K §4.2.5)."""
    q = state[L.KNIGHT_OWNER + v]
    if q < 0 or q == p:
        return False
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e >= 0 and state[L.EDGE_OWNER + e] == p:
            return True
    return False


@njit(cache=True, inline="always")
def seat_of(state, k):
    """The seat ``k`` places after the active player."""
    return (state[L.ACTIVE_PLAYER] + k) % state[L.NUM_PLAYERS]


@njit(cache=True)
def first_owing(state, field):
    """First seat after the active player, in turn order, with ``state[field + q] > 0``."""
    n = state[L.NUM_PLAYERS]
    for k in range(1, n):
        q = seat_of(state, k)
        if state[field + q] > 0:
            return q
    return -1


# --- legality -------------------------------------------------------------------


@njit(cache=True)
def can_play(state, tb, p, kind):
    """``p`` may play ``kind`` from the hand in the action phase (C&K §4)."""
    if state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + kind] <= 0:
        return False
    n = state[L.NUM_PLAYERS]
    if kind == ENGINEER:
        if state[CL.WALLS_LEFT + p] <= 0:
            return False
        for v in range(NUM_VERTICES):
            if wall_ok(state, p, v):
                return True
        return False
    if kind == INVENTOR:
        first = -1
        for h in range(NUM_HEXES):
            if inventor_hex_ok(state, h):
                if first < 0:
                    first = state[L.HEX_NUMBER + h]
                elif state[L.HEX_NUMBER + h] != first:
                    return True
        return False
    if kind == ROAD_BUILDING:
        return state[L.ROADS_LEFT + p] > 0 and any_road_ok(state, tb, p)
    if kind == SMITH:
        for v in range(NUM_VERTICES):
            if can_promote(state, p, v):
                return True
        return False
    if kind == BISHOP:
        return robber_is_free(state)
    if kind == DESERTER:
        for v in range(NUM_VERTICES):
            q = state[L.KNIGHT_OWNER + v]
            if q >= 0 and q != p:
                return True
        return False
    if kind == DIPLOMAT:
        for e in range(NUM_EDGES):
            if open_road(state, tb, e):
                return True
        return False
    if kind == INTRIGUE:
        for v in range(NUM_VERTICES):
            if intrigue_target_ok(state, tb, p, v):
                return True
        return False
    if kind == SPY:
        for k in range(1, n):
            if held_cards(state, (p + k) % n) > 0:
                return True
        return False
    if kind == MASTER_MERCHANT:
        for k in range(1, n):
            if state[L.PUBLIC_VP + (p + k) % n] > state[L.PUBLIC_VP + p]:
                return True
        return False
    if kind == MERCHANT:
        for h in range(NUM_HEXES):
            if building_at_hex(state, tb, p, h):
                return True
        return False
    return (
        kind == IRRIGATION
        or kind == MINING
        or kind == SABOTEUR
        or kind == WARLORD
        or kind == WEDDING
        or kind == COMMERCIAL_HARBOR
        or kind == MERCHANT_FLEET
        or kind == RESOURCE_MONOPOLY
        or kind == TRADE_MONOPOLY
    )


# --- playing ------------------------------------------------------------------


@njit(cache=True)
def back_to_action(state):
    state[L.PHASE] = PH.ACTION
    state[L.CURRENT_PLAYER] = state[L.ACTIVE_PLAYER]
    state[CL.CARD_TARGET] = -1


@njit(cache=True)
def _per_hex_bonus(state, tb, p, terrain, resource):
    """2 of ``resource`` per ``terrain`` hex at ``p``'s buildings, bank-limited
    (Irrigation, Mining; the robber does not matter)."""
    owed = 0
    for h in range(NUM_HEXES):
        if state[L.HEX_TERRAIN + h] == terrain and building_at_hex(state, tb, p, h):
            owed += 2
    take_from_bank(state, p, resource, min(owed, state[L.BANK + resource]))


# The cards whose effect starts with a decision of their player: the phase it opens.
_OPENS = np.full(NUM_CARD_KINDS, -1, np.int32)
for _kind, _phase in (
    (ALCHEMIST, PH.ALCHEMIST_RED),
    (ENGINEER, PH.ENGINEER),
    (INVENTOR, PH.INVENTOR_1),
    (ROAD_BUILDING, PH.ROAD_BUILDING),
    (SMITH, PH.SMITH),
    (BISHOP, PH.BISHOP),
    (DESERTER, PH.DESERTER_VICTIM),
    (DIPLOMAT, PH.DIPLOMAT_ROAD),
    (INTRIGUE, PH.INTRIGUE),
    (SPY, PH.SPY_VICTIM),
    (MASTER_MERCHANT, PH.MASTER_VICTIM),
    (MERCHANT, PH.MERCHANT_HEX),
    (MERCHANT_FLEET, PH.FLEET_TYPE),
    (RESOURCE_MONOPOLY, PH.RESOURCE_MONOPOLY),
    (TRADE_MONOPOLY, PH.TRADE_MONOPOLY),
):
    _OPENS[_kind] = _phase


@njit(cache=True)
def play(state, tb, p, kind):
    """Spend ``kind`` and start its effect (C&K §3.15.4, §4)."""
    discard_from_hand(state, p, kind)
    n = state[L.NUM_PLAYERS]
    if kind == IRRIGATION:
        _per_hex_bonus(state, tb, p, FIELDS, FIELDS)
    elif kind == MINING:
        _per_hex_bonus(state, tb, p, MOUNTAINS, MOUNTAINS)
    elif kind == ROAD_BUILDING:
        state[L.ROADS_TO_PLACE] = min(FREE_ROADS, state[L.ROADS_LEFT + p])
        state[L.FREE_ROADS_PLACED] = 0
        state[L.RESUME_PHASE] = PH.ACTION
    elif kind == SMITH:
        state[CL.CARD_ARG] = 0
    elif kind == SABOTEUR:
        vp = state[L.PUBLIC_VP + p]
        for k in range(1, n):
            q = (p + k) % n
            state[L.DISCARDS_OWED + q] = (
                hand_size(state, q) // 2 if state[L.PUBLIC_VP + q] >= vp else 0
            )
        _next_giver(state, L.DISCARDS_OWED, PH.SABOTEUR)
    elif kind == WARLORD:
        for v in range(NUM_VERTICES):
            if state[L.KNIGHT_OWNER + v] == p and state[CL.KNIGHT_ACTIVE + v] == 0:
                activate(state, v)
    elif kind == WEDDING:
        vp = state[L.PUBLIC_VP + p]
        for k in range(1, n):
            q = (p + k) % n
            state[CL.GIVES_OWED + q] = (
                min(WEDDING_GIFTS, hand_size(state, q)) if state[L.PUBLIC_VP + q] > vp else 0
            )
        _next_giver(state, CL.GIVES_OWED, PH.WEDDING)
    elif kind == COMMERCIAL_HARBOR:
        state[CL.HARBOR_TRADES] = 1
    if _OPENS[kind] >= 0:
        state[L.PHASE] = _OPENS[kind]


@njit(cache=True)
def _next_giver(state, field, phase):
    """Ask the next opponent who still owes cards, or go back to the action phase."""
    q = first_owing(state, field)
    if q >= 0:
        state[L.PHASE] = phase
        state[L.CURRENT_PLAYER] = q
    else:
        back_to_action(state)


# --- decisions inside a card's effect --------------------------------------------


@njit(cache=True)
def engineer_wall(state, p, v):
    place_wall(state, p, v)
    back_to_action(state)


@njit(cache=True)
def inventor_pick(state, h):
    """First hex, then the second: the two number tokens swap (C&K §4.1.4)."""
    if state[L.PHASE] == PH.INVENTOR_1:
        state[CL.CARD_ARG] = h
        state[L.PHASE] = PH.INVENTOR_2
        return
    g = state[CL.CARD_ARG]
    tmp = state[L.HEX_NUMBER + g]
    state[L.HEX_NUMBER + g] = state[L.HEX_NUMBER + h]
    state[L.HEX_NUMBER + h] = tmp
    back_to_action(state)


@njit(cache=True, inline="always")
def inventor_second_ok(state, h):
    g = state[CL.CARD_ARG]
    return (
        h != g and inventor_hex_ok(state, h) and state[L.HEX_NUMBER + h] != state[L.HEX_NUMBER + g]
    )


@njit(cache=True)
def smith_promote(state, p, v):
    """A free promotion; up to two different knights (C&K §4.1.10)."""
    promote(state, p, v)
    state[CL.CARD_ARG] += 1
    if state[CL.CARD_ARG] >= SMITH_PROMOTIONS or not any_promotable(state, p):
        back_to_action(state)


@njit(cache=True)
def any_promotable(state, p):
    for v in range(NUM_VERTICES):
        if can_promote(state, p, v):
            return True
    return False


@njit(cache=True)
def bishop_move(state, tb, p, h):
    """Move the robber; one random card from each opponent at the hex (C&K §4.2.1)."""
    state[L.ROBBER_HEX] = h
    n = state[L.NUM_PLAYERS]
    for k in range(1, n):
        q = (p + k) % n
        if building_at_hex(state, tb, q, h):
            take_random_card(state, p, q)
    back_to_action(state)


@njit(cache=True)
def deserter_victim(state, q):
    state[CL.CARD_TARGET] = q
    state[L.PHASE] = PH.DESERTER_REMOVE
    state[L.CURRENT_PLAYER] = q


@njit(cache=True)
def deserter_remove(state, tb, v):
    """The victim gives up the knight on ``v``; the deserter may place one like it."""
    p = state[L.ACTIVE_PLAYER]
    q = state[L.KNIGHT_OWNER + v]
    strength = state[CL.KNIGHT_STRENGTH + v]
    active = state[CL.KNIGHT_ACTIVE + v]
    state[CL.KNIGHTS_LEFT + 3 * q + strength - 1] += 1
    lift_knight(state, v)
    update_after_occupancy(state, tb, v)
    if state[CL.KNIGHTS_LEFT + 3 * p + strength - 1] <= 0:
        strength = 1 if state[CL.KNIGHTS_LEFT + 3 * p] > 0 else 0  # a basic knight instead
    state[CL.CARD_ARG] = strength
    state[CL.CARD_ARG2] = active
    state[L.CURRENT_PLAYER] = p
    if strength > 0:
        for w in range(NUM_VERTICES):
            if knight_spot_ok(state, tb, p, w):
                state[L.PHASE] = PH.DESERTER_PLACE
                return
    back_to_action(state)  # nothing can be placed: the free knight is lost


@njit(cache=True)
def deserter_place(state, tb, p, v):
    """The free knight, with the removed knight's status (C&K §4.2.3)."""
    active = state[CL.CARD_ARG2]
    place_knight(state, tb, p, v, state[CL.CARD_ARG], active, KNIGHT_BECAME_ACTIVE if active else 0)
    back_to_action(state)


@njit(cache=True)
def diplomat_remove(state, tb, p, e):
    """Remove an open road; an own road may then be re-placed (C&K §4.2.4)."""
    q = state[L.EDGE_OWNER + e]
    state[L.EDGE_OWNER + e] = -1
    state[L.ROADS_LEFT + q] += 1
    update_after_road(state, tb, q)
    if q == p:
        state[CL.CARD_ARG] = e
        state[L.PHASE] = PH.DIPLOMAT_REPLACE
    else:
        back_to_action(state)


@njit(cache=True)
def diplomat_replace(state, tb, p, e):
    place_road(state, tb, p, e)
    back_to_action(state)


@njit(cache=True)
def displace(state, tb, v, relocate_from):
    """Lift the knight on ``v``; its owner relocates it from ``relocate_from``,
    or it returns to the supply if nowhere is reachable (C&K §3.14.6)."""
    q = state[L.KNIGHT_OWNER + v]
    state[CL.DISPLACED_OWNER] = q
    state[CL.DISPLACED_FROM] = relocate_from
    state[CL.DISPLACED_STRENGTH] = state[CL.KNIGHT_STRENGTH + v]
    state[CL.DISPLACED_ACTIVE] = state[CL.KNIGHT_ACTIVE + v]
    state[CL.DISPLACED_FLAGS] = state[CL.KNIGHT_FLAGS + v]
    lift_knight(state, v)


@njit(cache=True)
def after_displacement(state, tb):
    """Ask the displaced knight's owner where it goes, or return it to the supply."""
    q = state[CL.DISPLACED_OWNER]
    if relocation_targets(state, tb, q, state[CL.DISPLACED_FROM]) != 0:
        state[L.PHASE] = PH.RELOCATE
        state[L.CURRENT_PLAYER] = q
        return
    state[CL.KNIGHTS_LEFT + 3 * q + state[CL.DISPLACED_STRENGTH] - 1] += 1
    state[CL.DISPLACED_OWNER] = -1
    back_to_action(state)


@njit(cache=True)
def relocate(state, tb, w):
    q = state[CL.DISPLACED_OWNER]
    set_knight(
        state,
        q,
        w,
        state[CL.DISPLACED_STRENGTH],
        state[CL.DISPLACED_ACTIVE],
        state[CL.DISPLACED_FLAGS],
    )
    update_after_occupancy(state, tb, w)
    state[CL.DISPLACED_OWNER] = -1
    back_to_action(state)


@njit(cache=True, inline="always")
def relocate_ok(state, tb, w):
    return has(
        relocation_targets(state, tb, state[CL.DISPLACED_OWNER], state[CL.DISPLACED_FROM]), w
    )


@njit(cache=True)
def intrigue(state, tb, v):
    """Displace the opponent knight on ``v`` without a knight of one's own (§4.2.5)."""
    displace(state, tb, v, v)
    update_after_occupancy(state, tb, v)
    after_displacement(state, tb)


@njit(cache=True)
def give_card(state, field, phase, r):
    """The current seat hands one card of ``r`` to the active player (Wedding)."""
    q = state[L.CURRENT_PLAYER]
    move_card(state, q, state[L.ACTIVE_PLAYER], r, 1)
    state[field + q] -= 1
    _next_giver(state, field, phase)


@njit(cache=True)
def saboteur_discard(state, r):
    q = state[L.CURRENT_PLAYER]
    give_to_bank(state, q, r, 1)
    state[L.DISCARDS_OWED + q] -= 1
    _next_giver(state, L.DISCARDS_OWED, PH.SABOTEUR)


@njit(cache=True)
def spy_take(state, kind):
    """Take one progress card of ``kind`` from the chosen opponent (C&K §4.2.7)."""
    q = state[CL.CARD_TARGET]
    p = state[L.ACTIVE_PLAYER]
    state[CL.PROGRESS_HAND + q * NUM_CARD_KINDS + kind] -= 1
    state[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + kind] += 1
    back_to_action(state)


@njit(cache=True)
def master_victim(state, q):
    state[CL.CARD_TARGET] = q
    state[CL.CARD_ARG] = min(MASTER_MERCHANT_PICKS, hand_size(state, q))
    if state[CL.CARD_ARG] > 0:
        state[L.PHASE] = PH.MASTER_PICK
    else:
        back_to_action(state)


@njit(cache=True)
def master_pick(state, r):
    """Take one card of ``r`` from the chosen opponent's hand (C&K §4.3.2)."""
    q = state[CL.CARD_TARGET]
    move_card(state, q, state[L.ACTIVE_PLAYER], r, 1)
    state[CL.CARD_ARG] -= 1
    if state[CL.CARD_ARG] <= 0 or hand_size(state, q) == 0:
        back_to_action(state)


@njit(cache=True)
def place_merchant(state, p, h):
    """Put the merchant on ``h`` and take control of it (C&K §3.18)."""
    owner = state[CL.MERCHANT_OWNER]
    if owner >= 0:
        state[L.PUBLIC_VP + owner] -= MERCHANT_VP
    state[CL.MERCHANT_HEX] = h
    state[CL.MERCHANT_OWNER] = p
    state[L.PUBLIC_VP + p] += MERCHANT_VP
    back_to_action(state)


@njit(cache=True)
def name_fleet_type(state, r):
    state[CL.FLEET_TYPES] |= 1 << r
    back_to_action(state)


@njit(cache=True)
def monopoly(state, p, r, take):
    """Every opponent gives ``take`` cards of ``r``, or all they have (C&K §4.3.5-6)."""
    n = state[L.NUM_PLAYERS]
    for k in range(1, n):
        q = (p + k) % n
        moved = min(take, held(state, q, r))
        if moved > 0:
            move_card(state, q, p, r, moved)
    back_to_action(state)


@njit(cache=True)
def metropolis_choice(state, p, v):
    place_metropolis(state, p, state[CL.CARD_ARG], v)
    back_to_action(state)
