"""The turn: setup and the deck, playing a card, giving orders, the end of the
turn and the draw (CCA §3.1, §3.3-§3.5, §3.16, §4.1-§4.2)."""

import numpy as np
from numba import njit

from ...engine.rng import below_at, seed_at
from .board import HEX_SECTIONS, NUM_HEXES
from .layout import (
    ACTIVE,
    BLOCKS_START,
    CARD_FLAGS,
    CARD_PLAYED,
    CB_ATTACKER,
    CB_DEFENDER,
    CB_VACATED,
    CF_PASS_THROUGH,
    COMMAND,
    CURRENT,
    DECK,
    DECK_LEN,
    DECK_POS,
    DECK_SIZE,
    DISCARD,
    EVADER,
    FIRST_SIDE,
    HAND,
    LEADER,
    LEADER_FLAGS,
    LEADER_SIDE,
    LEADERS_START,
    LF_ORDERED,
    OPT_MAX_TURNS,
    ORDER_RULE,
    ORDERED_COUNT,
    ORDERED_SHARED,
    ORDERS_LEFT,
    PHASE,
    QUOTA,
    RNG,
    SELECTED,
    TURN,
    UF_NO_CARD_BONUS,
    UF_ORDERED,
    UNIT_BLOCKS,
    UNIT_FLAGS,
    UNIT_MOVED,
    UNIT_SIDE,
    UNIT_TYPE,
    WINNER,
)
from .phases import (
    ORDER_ANY,
    ORDER_HEAVY,
    ORDER_LIGHT,
    ORDER_MEDIUM,
    ORDER_MOUNTED,
    ORDER_NONE,
    ORDER_SECTION,
    PH_ORDER,
    PH_OVER,
    PH_PLAY,
)
from .units import (
    C_HEAVY,
    C_LIGHT,
    C_MEDIUM,
    C_MOUNTED,
    CARD_COUNT,
    CARD_PLAYABLE,
    CARD_QUOTA,
    HEAVY,
    LIGHT,
    MEDIUM,
    NUM_CARD_TYPES,
    UNIT_CLASS,
    UNIT_MOUNTED,
)

# ---------------------------------------------------------------- deck


@njit(cache=True)
def _shuffle_deck(s, n):
    for i in range(n - 1, 0, -1):
        j = below_at(s, RNG, i + 1)
        a = s[DECK + i]
        s[DECK + i] = s[DECK + j]
        s[DECK + j] = a
    s[DECK_POS] = 0
    s[DECK_LEN] = n


@njit(cache=True)
def reshuffle_discards(s):
    """CCA §3.16: an empty deck is re-formed from the discard pile, shuffled."""
    n = 0
    for c in range(NUM_CARD_TYPES):
        for _ in range(s[DISCARD + c]):
            s[DECK + n] = c
            n += 1
        s[DISCARD + c] = 0
    _shuffle_deck(s, n)


@njit(cache=True)
def draw(s, side):
    """Draw one card for ``side`` (never above its Command, CCA §3.16)."""
    held = 0
    for c in range(NUM_CARD_TYPES):
        held += s[HAND + side * NUM_CARD_TYPES + c]
    if held >= s[COMMAND + side]:
        return
    if s[DECK_POS] >= s[DECK_LEN]:
        reshuffle_discards(s)
        if s[DECK_LEN] == 0:
            return
    c = s[DECK + s[DECK_POS]]
    s[DECK + s[DECK_POS]] = -1
    s[DECK_POS] += 1
    s[HAND + side * NUM_CARD_TYPES + c] += 1


@njit(cache=True)
def setup(s, seed):
    """CCA §3.1: shuffle the deck (the playable cards, CCA §4.5 counts), deal
    each side its Command, the first side to play. The scenario is already in ``s``."""
    seed_at(s, RNG, seed)
    for h in range(NUM_HEXES):
        if s[UNIT_TYPE + h] != 0:
            s[BLOCKS_START + s[UNIT_SIDE + h]] += s[UNIT_BLOCKS + h]
        if s[LEADER + h] != 0:
            s[LEADERS_START + s[LEADER_SIDE + h]] += 1
    for i in range(DECK_SIZE):
        s[DECK + i] = -1
    n = 0
    for c in range(NUM_CARD_TYPES):
        if CARD_PLAYABLE[c] != 0:
            for _ in range(CARD_COUNT[c]):
                s[DECK + n] = c
                n += 1
    _shuffle_deck(s, n)
    for side in range(2):
        for _ in range(s[COMMAND + side]):
            draw(s, side)
    s[ACTIVE] = s[FIRST_SIDE]
    s[CURRENT] = s[FIRST_SIDE]
    s[PHASE] = PH_PLAY
    s[CARD_PLAYED] = -1
    s[SELECTED] = -1
    s[CB_ATTACKER] = -1
    s[CB_DEFENDER] = -1
    s[CB_VACATED] = -1
    s[EVADER] = -1


# ---------------------------------------------------------------- orders


@njit(cache=True)
def _qualifies(t, rule):
    if rule == ORDER_LIGHT:
        return UNIT_CLASS[t] == LIGHT
    if rule == ORDER_MEDIUM:
        return UNIT_CLASS[t] == MEDIUM
    if rule == ORDER_HEAVY:
        return UNIT_CLASS[t] == HEAVY
    if rule == ORDER_MOUNTED:
        return UNIT_MOUNTED[t] != 0
    return rule == ORDER_ANY


@njit(cache=True)
def _section_feasible(s, extra_bits):
    """Can the pieces ordered so far (plus one in a hex with section bits
    ``extra_bits``) be spread over the card's section quotas? A piece in a
    shared hex fills an order of either of its sections (CCA §2.2, §4.1)."""
    nl = s[ORDERED_COUNT + 0]
    nc = s[ORDERED_COUNT + 1]
    nr = s[ORDERED_COUNT + 2]
    nlc = s[ORDERED_SHARED + 0]
    ncr = s[ORDERED_SHARED + 1]
    if extra_bits == 1:
        nl += 1
    elif extra_bits == 2:
        nc += 1
    elif extra_bits == 4:
        nr += 1
    elif extra_bits == 3:
        nlc += 1
    elif extra_bits == 6:
        ncr += 1
    ql = s[QUOTA + 0]
    qc = s[QUOTA + 1]
    qr = s[QUOTA + 2]
    for a in range(nlc + 1):  # shared left/center pieces counted as left
        for b in range(ncr + 1):  # shared center/right pieces counted as right
            if nl + a <= ql and nc + (nlc - a) + (ncr - b) <= qc and nr + b <= qr:
                return True
    return False


@njit(cache=True)
def _count_ordered(s, bits):
    if bits == 1:
        s[ORDERED_COUNT + 0] += 1
    elif bits == 2:
        s[ORDERED_COUNT + 1] += 1
    elif bits == 4:
        s[ORDERED_COUNT + 2] += 1
    elif bits == 3:
        s[ORDERED_SHARED + 0] += 1
    elif bits == 6:
        s[ORDERED_SHARED + 1] += 1


@njit(cache=True)
def may_order_unit(s, h):
    """CCA §3.5: may the active side order the unit at ``h`` with the card played?"""
    side = s[ACTIVE]
    if s[UNIT_TYPE + h] == 0 or s[UNIT_SIDE + h] != side:
        return False
    if (s[UNIT_FLAGS + h] & UF_ORDERED) != 0:
        return False
    rule = s[ORDER_RULE]
    if rule == ORDER_SECTION:
        return _section_feasible(s, HEX_SECTIONS[side, h])
    if s[ORDERS_LEFT] <= 0:
        return False
    return _qualifies(s[UNIT_TYPE + h] - 1, rule)


@njit(cache=True)
def may_order_leader(s, h):
    """CCA §3.5: a lone leader, or an attached leader to detach, on a helmet card
    (section cards, Order Mounted)."""
    side = s[ACTIVE]
    if s[LEADER + h] == 0 or s[LEADER_SIDE + h] != side:
        return False
    if (s[LEADER_FLAGS + h] & LF_ORDERED) != 0:
        return False
    rule = s[ORDER_RULE]
    if rule == ORDER_SECTION:
        return _section_feasible(s, HEX_SECTIONS[side, h])
    if rule == ORDER_MOUNTED:
        return s[ORDERS_LEFT] > 0
    return False


@njit(cache=True)
def any_order_left(s):
    for h in range(NUM_HEXES):
        if may_order_unit(s, h) or may_order_leader(s, h):
            return True
    return False


@njit(cache=True)
def order_unit(s, h):
    s[UNIT_FLAGS + h] |= UF_ORDERED
    if s[ORDER_RULE] == ORDER_SECTION:
        _count_ordered(s, HEX_SECTIONS[s[ACTIVE], h])
    else:
        s[ORDERS_LEFT] -= 1
        if s[ORDER_RULE] == ORDER_ANY:
            s[UNIT_FLAGS + h] |= UF_NO_CARD_BONUS


@njit(cache=True)
def order_leader(s, h):
    s[LEADER_FLAGS + h] |= LF_ORDERED
    if s[ORDER_RULE] == ORDER_SECTION:
        _count_ordered(s, HEX_SECTIONS[s[ACTIVE], h])
    else:
        s[ORDERS_LEFT] -= 1


@njit(cache=True)
def play_card(s, c):
    """CCA §3.4: play card ``c`` from the active side's hand and set up its orders."""
    side = s[ACTIVE]
    s[HAND + side * NUM_CARD_TYPES + c] -= 1
    s[CARD_PLAYED] = c
    s[CARD_FLAGS] = 0
    for i in range(3):
        s[QUOTA + i] = 0
        s[ORDERED_COUNT + i] = 0
    s[ORDERED_SHARED + 0] = 0
    s[ORDERED_SHARED + 1] = 0
    s[ORDERS_LEFT] = 0
    s[ORDER_RULE] = ORDER_NONE
    if CARD_QUOTA[c, 0] >= 0:
        s[ORDER_RULE] = ORDER_SECTION
        for i in range(3):
            s[QUOTA + i] = CARD_QUOTA[c, i]
    else:
        rule = ORDER_NONE
        if c == C_LIGHT:
            rule = ORDER_LIGHT
            s[CARD_FLAGS] |= CF_PASS_THROUGH
        elif c == C_MEDIUM:
            rule = ORDER_MEDIUM
        elif c == C_HEAVY:
            rule = ORDER_HEAVY
        elif c == C_MOUNTED:
            rule = ORDER_MOUNTED
        # CCA §4.2: with no unit of the named kind, order 1 unit of your choice
        found = False
        for h in range(NUM_HEXES):
            t = s[UNIT_TYPE + h] - 1
            if t >= 0 and s[UNIT_SIDE + h] == side and _qualifies(t, rule):
                found = True
                break
        if found:
            s[ORDER_RULE] = rule
            s[ORDERS_LEFT] = s[COMMAND + side]
        else:
            s[ORDER_RULE] = ORDER_ANY
            s[ORDERS_LEFT] = 1
    s[PHASE] = PH_ORDER


@njit(cache=True)
def end_turn(s):
    """CCA §3.3 step 5, §3.16: discard the card played, draw, pass the turn."""
    side = s[ACTIVE]
    if s[CARD_PLAYED] >= 0:
        s[DISCARD + s[CARD_PLAYED]] += 1
    s[CARD_PLAYED] = -1
    draw(s, side)
    for h in range(NUM_HEXES):
        s[UNIT_FLAGS + h] = 0
        s[UNIT_MOVED + h] = 0
        s[LEADER_FLAGS + h] = 0
    s[CARD_FLAGS] = 0
    s[ORDER_RULE] = ORDER_NONE
    s[SELECTED] = -1
    s[TURN] += 1
    s[ACTIVE] = 1 - side
    s[CURRENT] = 1 - side
    s[PHASE] = PH_PLAY
    if s[OPT_MAX_TURNS] > 0 and s[TURN] >= s[OPT_MAX_TURNS] and s[WINNER] == 0:
        s[PHASE] = PH_OVER


@njit(cache=True)
def hand_size(s, side):
    return np.sum(s[HAND + side * NUM_CARD_TYPES : HAND + (side + 1) * NUM_CARD_TYPES])
