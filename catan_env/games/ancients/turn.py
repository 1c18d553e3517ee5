"""The turn: setup and the deck, playing a card, giving orders, the end of the
turn and the draw (CCA §3.1, §3.3-§3.5, §3.16, §4.1-§4.2)."""

import numpy as np
from numba import njit

from catan_env.core.rng import below_at, seed_at

from . import layout as L
from . import phases as P
from .board import DIST, HEX_SECTIONS, NEIGHBORS, NUM_HEXES
from .pieces import friendly_leader_near, roll
from .special import fire_range, score_victory_hexes
from .units import (
    C_CHARGE,
    C_CLASH,
    C_COUNTER,
    C_DARKEN,
    C_DOUBLE,
    C_FIRST_STRIKE,
    C_HEAVY,
    C_INSP_C,
    C_INSP_L,
    C_INSP_R,
    C_LEAD_ANY,
    C_LIGHT,
    C_LINE,
    C_MEDIUM,
    C_MFM,
    C_MOUNTED,
    C_O2L,
    C_O2R,
    C_O3L,
    C_O3R,
    C_O4L,
    C_O4R,
    C_RALLY,
    C_SPARTACUS,
    CARD_COUNT,
    CARD_PLAYABLE,
    CARD_QUOTA,
    EL,
    FACE_LEADER,
    HCH,
    HEAVY,
    LCH,
    LIGHT,
    MEDIUM,
    NUM_CARD_TYPES,
    UNIT_CLASS,
    UNIT_MOUNTED,
)
from .units import UNIT_BLOCKS as UNIT_BLOCKS_FULL

# ---------------------------------------------------------------- deck


@njit(cache=True)
def _shuffle_deck(s, n):
    for i in range(n - 1, 0, -1):
        j = below_at(s, L.RNG, i + 1)
        a = s[L.DECK + i]
        s[L.DECK + i] = s[L.DECK + j]
        s[L.DECK + j] = a
    s[L.DECK_POS] = 0
    s[L.DECK_LEN] = n


@njit(cache=True)
def reshuffle_discards(s):
    """CCA §3.16: an empty deck is re-formed from the discard pile, shuffled."""
    n = 0
    for c in range(NUM_CARD_TYPES):
        for _ in range(s[L.DISCARD + c]):
            s[L.DECK + n] = c
            n += 1
        s[L.DISCARD + c] = 0
    _shuffle_deck(s, n)


@njit(cache=True)
def draw(s, side):
    """Draw one card for ``side`` (never above its Command, CCA §3.16)."""
    held = 0
    for c in range(NUM_CARD_TYPES):
        held += s[L.HAND + side * NUM_CARD_TYPES + c]
    if held >= s[L.COMMAND + side]:
        return
    if s[L.DECK_POS] >= s[L.DECK_LEN]:
        reshuffle_discards(s)
        if s[L.DECK_LEN] == 0:
            return
    c = s[L.DECK + s[L.DECK_POS]]
    s[L.DECK + s[L.DECK_POS]] = -1
    s[L.DECK_POS] += 1
    s[L.HAND + side * NUM_CARD_TYPES + c] += 1


@njit(cache=True)
def setup(s, seed):
    """CCA §3.1: shuffle the deck (the playable cards, CCA §4.5 counts), deal
    each side its Command, the first side to play. The scenario is already in ``s``."""
    seed_at(s, L.RNG, seed)
    for h in range(NUM_HEXES):
        if s[L.UNIT_TYPE + h] != 0:
            s[L.BLOCKS_START + s[L.UNIT_SIDE + h]] += s[L.UNIT_BLOCKS + h]
        if s[L.LEADER + h] != 0:
            s[L.LEADERS_START + s[L.LEADER_SIDE + h]] += 1
    for i in range(L.DECK_SIZE):
        s[L.DECK + i] = -1
    n = 0
    for c in range(NUM_CARD_TYPES):
        if CARD_PLAYABLE[c] != 0:
            for _ in range(CARD_COUNT[c]):
                s[L.DECK + n] = c
                n += 1
    _shuffle_deck(s, n)
    for side in range(2):
        for _ in range(s[L.COMMAND + side]):
            draw(s, side)
    s[L.ACTIVE] = s[L.FIRST_SIDE]
    s[L.CURRENT] = s[L.FIRST_SIDE]
    s[L.PHASE] = P.PH_PLAY
    s[L.CARD_PLAYED] = -1
    s[L.SELECTED] = -1
    s[L.CB_ATTACKER] = -1
    s[L.CB_DEFENDER] = -1
    s[L.CB_VACATED] = -1
    s[L.EVADER] = -1
    s[L.LEAD_HEX] = -1
    s[L.LAST_CARD + 0] = -1
    s[L.LAST_CARD + 1] = -1
    s[L.CARD_EFFECT] = -1
    s[L.FIRST_STRIKE_SIDE] = -1


# ---------------------------------------------------------------- orders


@njit(cache=True)
def _qualifies(t, rule):
    if rule == P.ORDER_LIGHT:
        return UNIT_CLASS[t] == LIGHT
    if rule == P.ORDER_MEDIUM:
        return UNIT_CLASS[t] == MEDIUM
    if rule == P.ORDER_HEAVY:
        return UNIT_CLASS[t] == HEAVY
    if rule == P.ORDER_MOUNTED or rule == P.ORDER_MOUNTED_UNITS:
        return UNIT_MOUNTED[t] != 0
    if rule == P.ORDER_LINKED_FOOT:
        return UNIT_MOUNTED[t] == 0
    return rule == P.ORDER_ANY


@njit(cache=True)
def _section_feasible(s, extra_bits):
    """Can the pieces ordered so far (plus one in a hex with section bits
    ``extra_bits``) be spread over the card's section quotas? A piece in a
    shared hex fills an order of either of its sections (CCA §2.2, §4.1)."""
    nl = s[L.ORDERED_COUNT + 0]
    nc = s[L.ORDERED_COUNT + 1]
    nr = s[L.ORDERED_COUNT + 2]
    nlc = s[L.ORDERED_SHARED + 0]
    ncr = s[L.ORDERED_SHARED + 1]
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
    ql = s[L.QUOTA + 0]
    qc = s[L.QUOTA + 1]
    qr = s[L.QUOTA + 2]
    for a in range(nlc + 1):  # shared left/center pieces counted as left
        for b in range(ncr + 1):  # shared center/right pieces counted as right
            if nl + a <= ql and nc + (nlc - a) + (ncr - b) <= qc and nr + b <= qr:
                return True
    return False


@njit(cache=True)
def _count_ordered(s, bits):
    if bits == 1:
        s[L.ORDERED_COUNT + 0] += 1
    elif bits == 2:
        s[L.ORDERED_COUNT + 1] += 1
    elif bits == 4:
        s[L.ORDERED_COUNT + 2] += 1
    elif bits == 3:
        s[L.ORDERED_SHARED + 0] += 1
    elif bits == 6:
        s[L.ORDERED_SHARED + 1] += 1


@njit(cache=True)
def may_order_unit(s, h):
    """CCA §3.5: may the active side order the unit at ``h`` with the card played?"""
    side = s[L.ACTIVE]
    if s[L.UNIT_TYPE + h] == 0 or s[L.UNIT_SIDE + h] != side:
        return False
    rule = s[L.ORDER_RULE]
    t = s[L.UNIT_TYPE + h] - 1
    if rule == P.ORDER_RALLY:
        # CCA §4.4 Rally: a damaged unit (not elephants or chariots) in or next to
        # a friendly leader's hex, with a die of its symbol or a helmet left
        if s[L.UNIT_BLOCKS + h] >= UNIT_BLOCKS_FULL[t] or t == EL or t == HCH or t == LCH:
            return False
        if not friendly_leader_near(s, h, side):
            return False
        return s[L.DICE_ORDERS + UNIT_CLASS[t]] > 0 or s[L.DICE_ORDERS + 3] > 0
    if (s[L.UNIT_FLAGS + h] & L.UF_ORDERED) != 0:
        return False
    if rule == P.ORDER_DICE:
        # CCA §4.4 I Am Spartacus: a symbol orders a unit of that class, a helmet any unit
        return s[L.DICE_ORDERS + UNIT_CLASS[t]] > 0 or s[L.DICE_ORDERS + 3] > 0
    if rule == P.ORDER_SECTION:
        return _section_feasible(s, HEX_SECTIONS[side, h])
    if s[L.ORDERS_LEFT] <= 0:
        return False
    if rule == P.ORDER_LEADERSHIP:
        if s[L.LEAD_HEX] < 0:
            # CCA §4.3: "or order one unit of your choice"
            if s[L.OPT_INSPIRED_SECTION] != 0 and s[L.QUOTA + 0] != 7:
                return (HEX_SECTIONS[side, h] & s[L.QUOTA + 0]) != 0
            return True
        return _linked(s, h, s[L.LEAD_HEX])
    if rule == P.ORDER_LINKED_FOOT:
        if not _qualifies(s[L.UNIT_TYPE + h] - 1, rule):
            return False
        return s[L.ORDERED_COUNT + 0] == 0 or _linked(s, h, -1)
    return _qualifies(s[L.UNIT_TYPE + h] - 1, rule)


@njit(cache=True)
def _linked(s, h, lead):
    """CCA §4.3, §4.4: ``h`` is next to the leader's hex or to a unit already ordered."""
    if lead >= 0 and DIST[h, lead] == 1:
        return True
    for k in range(6):
        n = NEIGHBORS[h, k]
        if n >= 0 and s[L.UNIT_TYPE + n] != 0 and (s[L.UNIT_FLAGS + n] & L.UF_ORDERED) != 0:
            if s[L.UNIT_SIDE + n] == s[L.ACTIVE]:
                return True
    return False


@njit(cache=True)
def may_order_leader(s, h):
    """CCA §3.5: a lone leader, or an attached leader to detach, on a helmet card
    (section cards, Order Mounted)."""
    side = s[L.ACTIVE]
    if s[L.LEADER + h] == 0 or s[L.LEADER_SIDE + h] != side:
        return False
    if (s[L.LEADER_FLAGS + h] & L.LF_ORDERED) != 0:
        return False
    rule = s[L.ORDER_RULE]
    if rule == P.ORDER_SECTION:
        return _section_feasible(s, HEX_SECTIONS[side, h])
    if rule == P.ORDER_MOUNTED:
        return s[L.ORDERS_LEFT] > 0
    if rule == P.ORDER_LEADERSHIP:
        return s[L.LEAD_HEX] < 0 and (HEX_SECTIONS[side, h] & s[L.QUOTA + 0]) != 0
    if rule == P.ORDER_DICE:
        return s[L.DICE_ORDERS + 3] > 0  # a helmet orders a leader
    return False


@njit(cache=True)
def any_order_left(s):
    for h in range(NUM_HEXES):
        if may_order_unit(s, h) or may_order_leader(s, h):
            return True
    return False


@njit(cache=True)
def _use_die(s, cls):
    """Use a die of symbol ``cls`` if one is left, else a helmet (a helmet can
    do everything a symbol can, so this never loses an option)."""
    if s[L.DICE_ORDERS + cls] > 0:
        s[L.DICE_ORDERS + cls] -= 1
    else:
        s[L.DICE_ORDERS + 3] -= 1


@njit(cache=True)
def order_unit(s, h):
    s[L.UNIT_FLAGS + h] |= L.UF_ORDERED
    rule = s[L.ORDER_RULE]
    if rule == P.ORDER_DICE or rule == P.ORDER_RALLY:
        _use_die(s, UNIT_CLASS[s[L.UNIT_TYPE + h] - 1])
        if rule == P.ORDER_RALLY:
            s[L.UNIT_BLOCKS + h] += 1
            s[L.BLOCKS_LOST + s[L.UNIT_SIDE + h]] -= 1
        return
    if rule == P.ORDER_SECTION:
        _count_ordered(s, HEX_SECTIONS[s[L.ACTIVE], h])
    elif rule == P.ORDER_LEADERSHIP and s[L.LEAD_HEX] < 0:
        s[L.ORDERS_LEFT] = 0  # the one unit of your choice
        s[L.ORDER_RULE] = P.ORDER_ANY
    else:
        s[L.ORDERS_LEFT] -= 1
        s[L.ORDERED_COUNT + 0] += 1
        if rule == P.ORDER_ANY:
            s[L.UNIT_FLAGS + h] |= L.UF_NO_CARD_BONUS


@njit(cache=True)
def order_leader(s, h):
    if s[L.ORDER_RULE] == P.ORDER_LEADERSHIP:
        # CCA §4.3: the leader may not detach; his unit is ordered with him
        s[L.LEAD_HEX] = h
        if s[L.UNIT_TYPE + h] != 0:
            s[L.UNIT_FLAGS + h] |= L.UF_ORDERED
        else:
            s[L.LEADER_FLAGS + h] |= L.LF_ORDERED
        s[L.LEAD_BITS + s[L.ACTIVE]] = HEX_SECTIONS[s[L.ACTIVE], h]
        return
    s[L.LEADER_FLAGS + h] |= L.LF_ORDERED
    if s[L.ORDER_RULE] == P.ORDER_DICE:
        s[L.DICE_ORDERS + 3] -= 1
        return
    if s[L.ORDER_RULE] == P.ORDER_SECTION:
        _count_ordered(s, HEX_SECTIONS[s[L.ACTIVE], h])
    else:
        s[L.ORDERS_LEFT] -= 1


def _troop_cards():
    """CCA §4.2, §4.4: the troops each troop card orders (``ORDER_NONE`` for the
    other cards) and the flags it sets for the turn (``CARD_FLAGS``)."""
    rule = np.full(NUM_CARD_TYPES, P.ORDER_NONE, np.int64)
    flags = np.zeros(NUM_CARD_TYPES, np.int64)
    for c, r, f in (
        (C_LIGHT, P.ORDER_LIGHT, L.CF_PASS_THROUGH),
        (C_MFM, P.ORDER_LIGHT, L.CF_PASS_THROUGH | L.CF_MFM | L.CF_NO_CLOSE),
        (C_MEDIUM, P.ORDER_MEDIUM, 0),
        (C_HEAVY, P.ORDER_HEAVY, 0),
        (C_MOUNTED, P.ORDER_MOUNTED, 0),
        (C_LINE, P.ORDER_LINKED_FOOT, L.CF_MOVE1),
        (C_DOUBLE, P.ORDER_LINKED_FOOT, L.CF_DOUBLE | L.CF_NO_FIRE),
        (C_CHARGE, P.ORDER_MOUNTED_UNITS, L.CF_CHARGE | L.CF_NO_FIRE),
    ):
        rule[c] = r
        flags[c] = f
    return rule, flags


_TROOP_RULE, _TROOP_FLAGS = _troop_cards()


@njit(cache=True)
def play_card(s, c):
    """CCA §3.4: play card ``c`` from the active side's hand and set up its orders."""
    side = s[L.ACTIVE]
    s[L.HAND + side * NUM_CARD_TYPES + c] -= 1
    s[L.CARD_PLAYED] = c
    s[L.CARD_FLAGS] = 0
    s[L.MFM_STAGE] = 0
    s[L.LEAD_BITS + side] = 7
    for i in range(4):
        s[L.DICE_ORDERS + i] = 0
    if c == C_COUNTER:
        # CCA §4.4 Counter Attack: the opponent's last order, mirrored left/right
        c = mirrored(s[L.LAST_CARD + 1 - side])
    s[L.CARD_EFFECT] = c
    for i in range(3):
        s[L.QUOTA + i] = 0
        s[L.ORDERED_COUNT + i] = 0
    s[L.ORDERED_SHARED + 0] = 0
    s[L.ORDERED_SHARED + 1] = 0
    s[L.ORDERS_LEFT] = 0
    s[L.ORDER_RULE] = P.ORDER_NONE
    s[L.CARD_CC_DICE] = 0
    s[L.CARD_BONUS_CC_DICE] = 0
    s[L.CARD_FIRE_DICE] = 0
    s[L.LEAD_HEX] = -1
    s[L.PHASE] = P.PH_ORDER
    if c < 0 or c == C_FIRST_STRIKE:
        # First Strike is the turn's card only when nothing else is held; Counter
        # Attack with nothing to copy: no order
        return
    if c == C_SPARTACUS or c == C_RALLY:
        _roll_orders(s, c)
        return
    if c == C_INSP_L or c == C_INSP_C or c == C_INSP_R or c == C_LEAD_ANY:
        s[L.ORDER_RULE] = P.ORDER_LEADERSHIP
        bits = 7 if c == C_LEAD_ANY else (1 if c == C_INSP_L else (2 if c == C_INSP_C else 4))
        if c == C_LEAD_ANY and s[L.CARD_PLAYED] == C_COUNTER:
            bits = s[L.LEAD_BITS + 1 - side]  # the same section the opponent chose
        s[L.QUOTA + 0] = bits
        s[L.ORDERS_LEFT] = 3 if c == C_LEAD_ANY else 4
        return
    if c == C_CLASH or c == C_DARKEN:
        _order_automatically(s, c)
        return
    if CARD_QUOTA[c, 0] >= 0:
        s[L.ORDER_RULE] = P.ORDER_SECTION
        for i in range(3):
            s[L.QUOTA + i] = CARD_QUOTA[c, i]
    else:
        rule = _TROOP_RULE[c]
        s[L.CARD_FLAGS] |= _TROOP_FLAGS[c]
        if c == C_CHARGE:
            s[L.CARD_CC_DICE] = 1
            s[L.CARD_BONUS_CC_DICE] = 1
        # CCA §4.2: with no unit of the named kind, order 1 unit of your choice
        found = False
        for h in range(NUM_HEXES):
            t = s[L.UNIT_TYPE + h] - 1
            if t >= 0 and s[L.UNIT_SIDE + h] == side and _qualifies(t, rule):
                found = True
                break
        if found:
            s[L.ORDER_RULE] = rule
            s[L.ORDERS_LEFT] = s[L.COMMAND + side]
            if c == C_LINE:
                s[L.ORDERS_LEFT] = NUM_HEXES
            elif c == C_DOUBLE:
                s[L.ORDERS_LEFT] = 4
        else:
            _fallback(s)


@njit(cache=True)
def mirrored(c):
    """CCA §4.4 Counter Attack: the opponent's left is your right."""
    if c == C_O2L or c == C_O3L or c == C_O4L:
        return c + 2
    if c == C_O2R or c == C_O3R or c == C_O4R:
        return c - 2
    if c == C_INSP_L:
        return C_INSP_R
    if c == C_INSP_R:
        return C_INSP_L
    return c


@njit(cache=True)
def _roll_orders(s, c):
    """CCA §4.4 I Am Spartacus and Rally: roll dice equal to Command; each
    symbol and helmet is one order (Spartacus) or one block back (Rally)."""
    side = s[L.ACTIVE]
    if c == C_RALLY:
        leaders = 0
        for h in range(NUM_HEXES):
            if s[L.LEADER + h] != 0 and s[L.LEADER_SIDE + h] == side:
                leaders += 1
        if leaders == 0:
            _fallback(s)  # no leaders: 1 unit of your choice
            return
    faces = roll(s, s[L.COMMAND + side])
    for i in range(3):
        s[L.DICE_ORDERS + i] = faces[i]
    s[L.DICE_ORDERS + 3] = faces[FACE_LEADER]
    if c == C_SPARTACUS:
        s[L.ORDER_RULE] = P.ORDER_DICE
        s[L.CARD_FLAGS] |= L.CF_RESHUFFLE
        s[L.CARD_CC_DICE] = 1
        s[L.CARD_BONUS_CC_DICE] = 1
        s[L.CARD_FIRE_DICE] = 1
    else:
        s[L.ORDER_RULE] = P.ORDER_RALLY


@njit(cache=True)
def reshuffle_all(s):
    """I Am Spartacus: the deck and the discards are shuffled together."""
    for i in range(s[L.DECK_POS], s[L.DECK_LEN]):
        s[L.DISCARD + s[L.DECK + i]] += 1
        s[L.DECK + i] = -1
    s[L.DECK_POS] = s[L.DECK_LEN]
    reshuffle_discards(s)


@njit(cache=True)
def _fallback(s):
    """CCA §4.2, §4.4: order 1 unit of your choice, with none of the card's effects."""
    s[L.ORDER_RULE] = P.ORDER_ANY
    s[L.ORDERS_LEFT] = 1
    s[L.CARD_FLAGS] = 0
    s[L.CARD_CC_DICE] = 0
    s[L.CARD_BONUS_CC_DICE] = 0
    s[L.CARD_FIRE_DICE] = 0


@njit(cache=True)
def _order_automatically(s, c):
    """CCA §4.4: Clash of Shields orders every unit next to an enemy unit; Darken
    the Sky every unit with ranged weapons (else 1 unit of your choice)."""
    side = s[L.ACTIVE]
    n = 0
    for h in range(NUM_HEXES):
        t = s[L.UNIT_TYPE + h] - 1
        if t < 0 or s[L.UNIT_SIDE + h] != side:
            continue
        if c == C_CLASH:
            ok = False
            for k in range(6):
                y = NEIGHBORS[h, k]
                if y >= 0 and s[L.UNIT_TYPE + y] != 0 and s[L.UNIT_SIDE + y] != side:
                    ok = True
        else:
            ok = fire_range(s, h) > 0
        if ok:
            s[L.UNIT_FLAGS + h] |= L.UF_ORDERED
            n += 1
    s[L.ORDER_RULE] = P.ORDER_NONE
    if c == C_CLASH:
        s[L.CARD_FLAGS] |= L.CF_NO_MOVE | L.CF_NO_FIRE
        s[L.CARD_CC_DICE] = 2
    elif n > 0:
        s[L.CARD_FLAGS] |= L.CF_NO_MOVE | L.CF_NO_CLOSE | L.CF_FIRE_TWICE
    else:
        _fallback(s)


@njit(cache=True)
def apply_hand_rules(s):
    """CCA §5.1, §3.16: hand-size changes. A rule triggers after turn T (``TURN`` has
    reached T: turns of both sides counted) or when its leader is eliminated
    (marked by ``pieces.remove_leader``); it applies at the end of that turn, after
    the draw. Command stays within 1..10. A side whose Command rises draws up to it
    at once; one whose Command falls keeps its cards and draws no more until its
    hand is below the new Command (CCA §3.16: never draw above it)."""
    for i in range(L.MAX_HAND_RULES):
        if s[L.HS_TRIGGER + i] == L.HS_AFTER_TURN and s[L.HS_STATE + i] == 0:
            if s[L.TURN] >= s[L.HS_PARAM + i]:
                s[L.HS_STATE + i] = 1
        if s[L.HS_STATE + i] == 1:
            side = s[L.HS_SIDE + i]
            c = s[L.COMMAND + side] + s[L.HS_DELTA + i]
            s[L.COMMAND + side] = min(10, max(1, c))
            s[L.HS_STATE + i] = 2
            if s[L.HS_DELTA + i] > 0:
                for _ in range(s[L.HS_DELTA + i]):
                    draw(s, side)


@njit(cache=True)
def end_turn(s):
    """CCA §3.3 step 5, §3.16: discard the card played, draw, pass the turn."""
    side = s[L.ACTIVE]
    if s[L.CARD_PLAYED] >= 0:
        s[L.DISCARD + s[L.CARD_PLAYED]] += 1
    s[L.LAST_CARD + side] = s[L.CARD_EFFECT]
    s[L.CARD_PLAYED] = -1
    if (s[L.CARD_FLAGS] & L.CF_RESHUFFLE) != 0:
        reshuffle_all(s)
    if s[L.FIRST_STRIKE_SIDE] >= 0:
        # CCA §3.16: the First Strike player draws his replacement first
        s[L.DISCARD + C_FIRST_STRIKE] += 1
        draw(s, s[L.FIRST_STRIKE_SIDE])
        s[L.FIRST_STRIKE_SIDE] = -1
    draw(s, side)
    for h in range(NUM_HEXES):
        s[L.UNIT_FLAGS + h] = 0
        s[L.UNIT_MOVED + h] = 0
        s[L.LEADER_FLAGS + h] = 0
    s[L.CARD_FLAGS] = 0
    s[L.CARD_CC_DICE] = 0
    s[L.CARD_BONUS_CC_DICE] = 0
    s[L.CARD_FIRE_DICE] = 0
    s[L.ORDER_RULE] = P.ORDER_NONE
    s[L.LEAD_HEX] = -1
    s[L.MFM_STAGE] = 0
    s[L.CARD_EFFECT] = -1
    s[L.SELECTED] = -1
    s[L.TURN] += 1
    # CCA §5.1 special rules checked at the end of every turn
    score_victory_hexes(s, side)
    apply_hand_rules(s)
    s[L.ACTIVE] = 1 - side
    s[L.CURRENT] = 1 - side
    s[L.PHASE] = P.PH_PLAY
    if s[L.OPT_MAX_TURNS] > 0 and s[L.TURN] >= s[L.OPT_MAX_TURNS] and s[L.WINNER] == 0:
        s[L.PHASE] = P.PH_OVER
    if s[L.WINNER] != 0:
        s[L.PHASE] = P.PH_OVER  # a victory hex's banner won the game (CCA §3.2)


@njit(cache=True)
def hand_size(s, side):
    return np.sum(s[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES])
