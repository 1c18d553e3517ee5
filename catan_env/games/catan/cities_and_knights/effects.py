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
from ..common.building import any_road_ok, place_road
from ..common.cards import (
    give_to_bank,
    hand_size,
    held,
    move_card,
    take_from_bank,
)
from ..common.constants import FIELDS, MOUNTAINS
from ..common.layout import (
    ACTIVE_PLAYER,
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
    RESUME_PHASE,
    ROADS_LEFT,
    ROADS_TO_PLACE,
    ROBBER_HEX,
    VERTEX_OWNER,
)
from ..common.longest_road import update_after_occupancy, update_after_road
from ..common.phases import ACTION
from ..common.phases import ROAD_BUILDING as PHASE_ROAD_BUILDING
from ..common.robber import take_random_card
from ..common.tables import T_EDGE_VERTICES, T_HEX_VERTICES, T_VERTEX_EDGES
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
from .layout import (
    CARD_ARG,
    CARD_ARG2,
    CARD_TARGET,
    DISPLACED_ACTIVE,
    DISPLACED_FLAGS,
    DISPLACED_FROM,
    DISPLACED_OWNER,
    DISPLACED_STRENGTH,
    FLEET_TYPES,
    GIVES_OWED,
    HARBOR_TRADES,
    KNIGHT_ACTIVE,
    KNIGHT_FLAGS,
    KNIGHT_STRENGTH,
    KNIGHTS_LEFT,
    MERCHANT_HEX,
    MERCHANT_OWNER,
    PROGRESS_HAND,
    WALLS_LEFT,
)
from .phases import (
    ALCHEMIST_RED,
    DESERTER_PLACE,
    DESERTER_REMOVE,
    DESERTER_VICTIM,
    DIPLOMAT_REPLACE,
    DIPLOMAT_ROAD,
    FLEET_TYPE,
    INVENTOR_1,
    INVENTOR_2,
    MASTER_PICK,
    MASTER_VICTIM,
    RELOCATE,
    SPY_VICTIM,
)
from .phases import BISHOP as PHASE_BISHOP
from .phases import ENGINEER as PHASE_ENGINEER
from .phases import INTRIGUE as PHASE_INTRIGUE
from .phases import MERCHANT_HEX as PHASE_MERCHANT
from .phases import (
    RESOURCE_MONOPOLY as PHASE_RESOURCE_MONOPOLY,
)
from .phases import SABOTEUR as PHASE_SABOTEUR
from .phases import SMITH as PHASE_SMITH
from .phases import TRADE_MONOPOLY as PHASE_TRADE_MONOPOLY
from .phases import WEDDING as PHASE_WEDDING
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
        if state[VERTEX_OWNER + tb[T_HEX_VERTICES + 6 * h + k]] == p:
            return True
    return False


@njit(cache=True)
def inventor_hex_ok(state, h):
    """A token Inventor may move: 3, 4, 5, 9, 10 or 11 (C&K §4.1.4)."""
    value = state[HEX_NUMBER + h]
    for t in range(_INVENTOR_TOKENS.shape[0]):
        if value == _INVENTOR_TOKENS[t]:
            return True
    return False


@njit(cache=True)
def road_end_closed(state, tb, e, v):
    """The end ``v`` of road ``e`` is closed: its owner has another road, a
    building or a knight there (C&K §4.2.4)."""
    q = state[EDGE_OWNER + e]
    if state[VERTEX_OWNER + v] == q or state[KNIGHT_OWNER + v] == q:
        return True
    for k in range(3):
        f = tb[T_VERTEX_EDGES + 3 * v + k]
        if f >= 0 and f != e and state[EDGE_OWNER + f] == q:
            return True
    return False


@njit(cache=True)
def open_road(state, tb, e):
    """A road with at least one end that is not closed (Diplomat's target)."""
    if state[EDGE_OWNER + e] < 0:
        return False
    for side in range(2):
        if not road_end_closed(state, tb, e, tb[T_EDGE_VERTICES + 2 * e + side]):
            return True
    return False


@njit(cache=True)
def intrigue_target_ok(state, tb, p, v):
    """An opponent's knight on an intersection at one of ``p``'s roads (C&K §4.2.5)."""
    q = state[KNIGHT_OWNER + v]
    if q < 0 or q == p:
        return False
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e >= 0 and state[EDGE_OWNER + e] == p:
            return True
    return False


@njit(cache=True, inline="always")
def seat_of(state, k):
    """The seat ``k`` places after the active player."""
    return (state[ACTIVE_PLAYER] + k) % state[NUM_PLAYERS]


@njit(cache=True)
def first_owing(state, field):
    """First seat after the active player, in turn order, with ``state[field + q] > 0``."""
    n = state[NUM_PLAYERS]
    for k in range(1, n):
        q = seat_of(state, k)
        if state[field + q] > 0:
            return q
    return -1


# --- legality -------------------------------------------------------------------


@njit(cache=True)
def can_play(state, tb, p, kind):
    """``p`` may play ``kind`` from the hand in the action phase (C&K §4)."""
    if state[PROGRESS_HAND + p * NUM_CARD_KINDS + kind] <= 0:
        return False
    n = state[NUM_PLAYERS]
    if kind == ENGINEER:
        if state[WALLS_LEFT + p] <= 0:
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
                    first = state[HEX_NUMBER + h]
                elif state[HEX_NUMBER + h] != first:
                    return True
        return False
    if kind == ROAD_BUILDING:
        return state[ROADS_LEFT + p] > 0 and any_road_ok(state, tb, p)
    if kind == SMITH:
        for v in range(NUM_VERTICES):
            if can_promote(state, p, v):
                return True
        return False
    if kind == BISHOP:
        return robber_is_free(state)
    if kind == DESERTER:
        for v in range(NUM_VERTICES):
            q = state[KNIGHT_OWNER + v]
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
            if state[PUBLIC_VP + (p + k) % n] > state[PUBLIC_VP + p]:
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
    state[PHASE] = ACTION
    state[CURRENT_PLAYER] = state[ACTIVE_PLAYER]
    state[CARD_TARGET] = -1


@njit(cache=True)
def _per_hex_bonus(state, tb, p, terrain, resource):
    """2 of ``resource`` per ``terrain`` hex at ``p``'s buildings, bank-limited
    (Irrigation, Mining; the robber does not matter)."""
    owed = 0
    for h in range(NUM_HEXES):
        if state[HEX_TERRAIN + h] == terrain and building_at_hex(state, tb, p, h):
            owed += 2
    take_from_bank(state, p, resource, min(owed, state[BANK + resource]))


# The cards whose effect starts with a decision of their player: the phase it opens.
_OPENS = np.full(NUM_CARD_KINDS, -1, np.int32)
for _kind, _phase in (
    (ALCHEMIST, ALCHEMIST_RED),
    (ENGINEER, PHASE_ENGINEER),
    (INVENTOR, INVENTOR_1),
    (ROAD_BUILDING, PHASE_ROAD_BUILDING),
    (SMITH, PHASE_SMITH),
    (BISHOP, PHASE_BISHOP),
    (DESERTER, DESERTER_VICTIM),
    (DIPLOMAT, DIPLOMAT_ROAD),
    (INTRIGUE, PHASE_INTRIGUE),
    (SPY, SPY_VICTIM),
    (MASTER_MERCHANT, MASTER_VICTIM),
    (MERCHANT, PHASE_MERCHANT),
    (MERCHANT_FLEET, FLEET_TYPE),
    (RESOURCE_MONOPOLY, PHASE_RESOURCE_MONOPOLY),
    (TRADE_MONOPOLY, PHASE_TRADE_MONOPOLY),
):
    _OPENS[_kind] = _phase


@njit(cache=True)
def play(state, tb, p, kind):
    """Spend ``kind`` and start its effect (C&K §3.15.4, §4)."""
    discard_from_hand(state, p, kind)
    n = state[NUM_PLAYERS]
    if kind == IRRIGATION:
        _per_hex_bonus(state, tb, p, FIELDS, FIELDS)
    elif kind == MINING:
        _per_hex_bonus(state, tb, p, MOUNTAINS, MOUNTAINS)
    elif kind == ROAD_BUILDING:
        state[ROADS_TO_PLACE] = min(FREE_ROADS, state[ROADS_LEFT + p])
        state[FREE_ROADS_PLACED] = 0
        state[RESUME_PHASE] = ACTION
    elif kind == SMITH:
        state[CARD_ARG] = 0
    elif kind == SABOTEUR:
        vp = state[PUBLIC_VP + p]
        for k in range(1, n):
            q = (p + k) % n
            state[DISCARDS_OWED + q] = hand_size(state, q) // 2 if state[PUBLIC_VP + q] >= vp else 0
        _next_giver(state, DISCARDS_OWED, PHASE_SABOTEUR)
    elif kind == WARLORD:
        for v in range(NUM_VERTICES):
            if state[KNIGHT_OWNER + v] == p and state[KNIGHT_ACTIVE + v] == 0:
                activate(state, v)
    elif kind == WEDDING:
        vp = state[PUBLIC_VP + p]
        for k in range(1, n):
            q = (p + k) % n
            state[GIVES_OWED + q] = (
                min(WEDDING_GIFTS, hand_size(state, q)) if state[PUBLIC_VP + q] > vp else 0
            )
        _next_giver(state, GIVES_OWED, PHASE_WEDDING)
    elif kind == COMMERCIAL_HARBOR:
        state[HARBOR_TRADES] = 1
    if _OPENS[kind] >= 0:
        state[PHASE] = _OPENS[kind]


@njit(cache=True)
def _next_giver(state, field, phase):
    """Ask the next opponent who still owes cards, or go back to the action phase."""
    q = first_owing(state, field)
    if q >= 0:
        state[PHASE] = phase
        state[CURRENT_PLAYER] = q
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
    if state[PHASE] == INVENTOR_1:
        state[CARD_ARG] = h
        state[PHASE] = INVENTOR_2
        return
    g = state[CARD_ARG]
    tmp = state[HEX_NUMBER + g]
    state[HEX_NUMBER + g] = state[HEX_NUMBER + h]
    state[HEX_NUMBER + h] = tmp
    back_to_action(state)


@njit(cache=True, inline="always")
def inventor_second_ok(state, h):
    g = state[CARD_ARG]
    return h != g and inventor_hex_ok(state, h) and state[HEX_NUMBER + h] != state[HEX_NUMBER + g]


@njit(cache=True)
def smith_promote(state, p, v):
    """A free promotion; up to two different knights (C&K §4.1.10)."""
    promote(state, p, v)
    state[CARD_ARG] += 1
    if state[CARD_ARG] >= SMITH_PROMOTIONS or not any_promotable(state, p):
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
    state[ROBBER_HEX] = h
    n = state[NUM_PLAYERS]
    for k in range(1, n):
        q = (p + k) % n
        if building_at_hex(state, tb, q, h):
            take_random_card(state, p, q)
    back_to_action(state)


@njit(cache=True)
def deserter_victim(state, q):
    state[CARD_TARGET] = q
    state[PHASE] = DESERTER_REMOVE
    state[CURRENT_PLAYER] = q


@njit(cache=True)
def deserter_remove(state, tb, v):
    """The victim gives up the knight on ``v``; the deserter may place one like it."""
    p = state[ACTIVE_PLAYER]
    q = state[KNIGHT_OWNER + v]
    strength = state[KNIGHT_STRENGTH + v]
    active = state[KNIGHT_ACTIVE + v]
    state[KNIGHTS_LEFT + 3 * q + strength - 1] += 1
    lift_knight(state, v)
    update_after_occupancy(state, tb, v)
    if state[KNIGHTS_LEFT + 3 * p + strength - 1] <= 0:
        strength = 1 if state[KNIGHTS_LEFT + 3 * p] > 0 else 0  # a basic knight instead
    state[CARD_ARG] = strength
    state[CARD_ARG2] = active
    state[CURRENT_PLAYER] = p
    if strength > 0:
        for w in range(NUM_VERTICES):
            if knight_spot_ok(state, tb, p, w):
                state[PHASE] = DESERTER_PLACE
                return
    back_to_action(state)  # nothing can be placed: the free knight is lost


@njit(cache=True)
def deserter_place(state, tb, p, v):
    """The free knight, with the removed knight's status (C&K §4.2.3)."""
    active = state[CARD_ARG2]
    place_knight(state, tb, p, v, state[CARD_ARG], active, KNIGHT_BECAME_ACTIVE if active else 0)
    back_to_action(state)


@njit(cache=True)
def diplomat_remove(state, tb, p, e):
    """Remove an open road; an own road may then be re-placed (C&K §4.2.4)."""
    q = state[EDGE_OWNER + e]
    state[EDGE_OWNER + e] = -1
    state[ROADS_LEFT + q] += 1
    update_after_road(state, tb, q)
    if q == p:
        state[CARD_ARG] = e
        state[PHASE] = DIPLOMAT_REPLACE
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
    q = state[KNIGHT_OWNER + v]
    state[DISPLACED_OWNER] = q
    state[DISPLACED_FROM] = relocate_from
    state[DISPLACED_STRENGTH] = state[KNIGHT_STRENGTH + v]
    state[DISPLACED_ACTIVE] = state[KNIGHT_ACTIVE + v]
    state[DISPLACED_FLAGS] = state[KNIGHT_FLAGS + v]
    lift_knight(state, v)


@njit(cache=True)
def after_displacement(state, tb):
    """Ask the displaced knight's owner where it goes, or return it to the supply."""
    q = state[DISPLACED_OWNER]
    if relocation_targets(state, tb, q, state[DISPLACED_FROM]) != 0:
        state[PHASE] = RELOCATE
        state[CURRENT_PLAYER] = q
        return
    state[KNIGHTS_LEFT + 3 * q + state[DISPLACED_STRENGTH] - 1] += 1
    state[DISPLACED_OWNER] = -1
    back_to_action(state)


@njit(cache=True)
def relocate(state, tb, w):
    q = state[DISPLACED_OWNER]
    set_knight(
        state, q, w, state[DISPLACED_STRENGTH], state[DISPLACED_ACTIVE], state[DISPLACED_FLAGS]
    )
    update_after_occupancy(state, tb, w)
    state[DISPLACED_OWNER] = -1
    back_to_action(state)


@njit(cache=True, inline="always")
def relocate_ok(state, tb, w):
    return has(relocation_targets(state, tb, state[DISPLACED_OWNER], state[DISPLACED_FROM]), w)


@njit(cache=True)
def intrigue(state, tb, v):
    """Displace the opponent knight on ``v`` without a knight of one's own (§4.2.5)."""
    displace(state, tb, v, v)
    update_after_occupancy(state, tb, v)
    after_displacement(state, tb)


@njit(cache=True)
def give_card(state, field, phase, r):
    """The current seat hands one card of ``r`` to the active player (Wedding)."""
    q = state[CURRENT_PLAYER]
    move_card(state, q, state[ACTIVE_PLAYER], r, 1)
    state[field + q] -= 1
    _next_giver(state, field, phase)


@njit(cache=True)
def saboteur_discard(state, r):
    q = state[CURRENT_PLAYER]
    give_to_bank(state, q, r, 1)
    state[DISCARDS_OWED + q] -= 1
    _next_giver(state, DISCARDS_OWED, PHASE_SABOTEUR)


@njit(cache=True)
def spy_take(state, kind):
    """Take one progress card of ``kind`` from the chosen opponent (C&K §4.2.7)."""
    q = state[CARD_TARGET]
    p = state[ACTIVE_PLAYER]
    state[PROGRESS_HAND + q * NUM_CARD_KINDS + kind] -= 1
    state[PROGRESS_HAND + p * NUM_CARD_KINDS + kind] += 1
    back_to_action(state)


@njit(cache=True)
def master_victim(state, q):
    state[CARD_TARGET] = q
    state[CARD_ARG] = min(MASTER_MERCHANT_PICKS, hand_size(state, q))
    if state[CARD_ARG] > 0:
        state[PHASE] = MASTER_PICK
    else:
        back_to_action(state)


@njit(cache=True)
def master_pick(state, r):
    """Take one card of ``r`` from the chosen opponent's hand (C&K §4.3.2)."""
    q = state[CARD_TARGET]
    move_card(state, q, state[ACTIVE_PLAYER], r, 1)
    state[CARD_ARG] -= 1
    if state[CARD_ARG] <= 0 or hand_size(state, q) == 0:
        back_to_action(state)


@njit(cache=True)
def place_merchant(state, p, h):
    """Put the merchant on ``h`` and take control of it (C&K §3.18)."""
    owner = state[MERCHANT_OWNER]
    if owner >= 0:
        state[PUBLIC_VP + owner] -= MERCHANT_VP
    state[MERCHANT_HEX] = h
    state[MERCHANT_OWNER] = p
    state[PUBLIC_VP + p] += MERCHANT_VP
    back_to_action(state)


@njit(cache=True)
def name_fleet_type(state, r):
    state[FLEET_TYPES] |= 1 << r
    back_to_action(state)


@njit(cache=True)
def monopoly(state, p, r, take):
    """Every opponent gives ``take`` cards of ``r``, or all they have (C&K §4.3.5-6)."""
    n = state[NUM_PLAYERS]
    for k in range(1, n):
        q = (p + k) % n
        moved = min(take, held(state, q, r))
        if moved > 0:
            move_card(state, q, p, r, moved)
    back_to_action(state)


@njit(cache=True)
def metropolis_choice(state, p, v):
    place_metropolis(state, p, state[CARD_ARG], v)
    back_to_action(state)
