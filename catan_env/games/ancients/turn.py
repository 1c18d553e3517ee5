"""The turn: setup and the deck, playing a card, giving orders, the end of the
turn and the draw (CCA §3.1, §3.3-§3.5, §3.16, §4.1-§4.2)."""

import numpy as np
from numba import njit

from catan_env.core.rng import below_at, seed_at

from .board import DIST, HEX_SECTIONS, NEIGHBORS, NUM_HEXES
from .layout import (
    ACTIVE,
    BLOCKS_LOST,
    BLOCKS_START,
    CARD_BONUS_CC_DICE,
    CARD_CC_DICE,
    CARD_EFFECT,
    CARD_FIRE_DICE,
    CARD_FLAGS,
    CARD_PLAYED,
    CB_ATTACKER,
    CB_DEFENDER,
    CB_VACATED,
    CF_CHARGE,
    CF_DOUBLE,
    CF_FIRE_TWICE,
    CF_MFM,
    CF_MOVE1,
    CF_NO_CLOSE,
    CF_NO_FIRE,
    CF_NO_MOVE,
    CF_PASS_THROUGH,
    CF_RESHUFFLE,
    COMMAND,
    CURRENT,
    DECK,
    DECK_LEN,
    DECK_POS,
    DECK_SIZE,
    DICE_ORDERS,
    DISCARD,
    EVADER,
    FIRST_SIDE,
    FIRST_STRIKE_SIDE,
    HAND,
    HS_AFTER_TURN,
    HS_DELTA,
    HS_PARAM,
    HS_SIDE,
    HS_STATE,
    HS_TRIGGER,
    LAST_CARD,
    LEAD_BITS,
    LEAD_HEX,
    LEADER,
    LEADER_FLAGS,
    LEADER_SIDE,
    LEADERS_START,
    LF_ORDERED,
    MAX_HAND_RULES,
    MFM_STAGE,
    OPT_INSPIRED_SECTION,
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
    ORDER_DICE,
    ORDER_HEAVY,
    ORDER_LEADERSHIP,
    ORDER_LIGHT,
    ORDER_LINKED_FOOT,
    ORDER_MEDIUM,
    ORDER_MOUNTED,
    ORDER_MOUNTED_UNITS,
    ORDER_NONE,
    ORDER_RALLY,
    ORDER_SECTION,
    PH_ORDER,
    PH_OVER,
    PH_PLAY,
)
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
    s[LEAD_HEX] = -1
    s[LAST_CARD + 0] = -1
    s[LAST_CARD + 1] = -1
    s[CARD_EFFECT] = -1
    s[FIRST_STRIKE_SIDE] = -1


# ---------------------------------------------------------------- orders


@njit(cache=True)
def _qualifies(t, rule):
    if rule == ORDER_LIGHT:
        return UNIT_CLASS[t] == LIGHT
    if rule == ORDER_MEDIUM:
        return UNIT_CLASS[t] == MEDIUM
    if rule == ORDER_HEAVY:
        return UNIT_CLASS[t] == HEAVY
    if rule == ORDER_MOUNTED or rule == ORDER_MOUNTED_UNITS:
        return UNIT_MOUNTED[t] != 0
    if rule == ORDER_LINKED_FOOT:
        return UNIT_MOUNTED[t] == 0
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
    rule = s[ORDER_RULE]
    t = s[UNIT_TYPE + h] - 1
    if rule == ORDER_RALLY:
        # CCA §4.4 Rally: a damaged unit (not elephants or chariots) in or next to
        # a friendly leader's hex, with a die of its symbol or a helmet left
        if s[UNIT_BLOCKS + h] >= UNIT_BLOCKS_FULL[t] or t == EL or t == HCH or t == LCH:
            return False
        if not friendly_leader_near(s, h, side):
            return False
        return s[DICE_ORDERS + UNIT_CLASS[t]] > 0 or s[DICE_ORDERS + 3] > 0
    if (s[UNIT_FLAGS + h] & UF_ORDERED) != 0:
        return False
    if rule == ORDER_DICE:
        # CCA §4.4 I Am Spartacus: a symbol orders a unit of that class, a helmet any unit
        return s[DICE_ORDERS + UNIT_CLASS[t]] > 0 or s[DICE_ORDERS + 3] > 0
    if rule == ORDER_SECTION:
        return _section_feasible(s, HEX_SECTIONS[side, h])
    if s[ORDERS_LEFT] <= 0:
        return False
    if rule == ORDER_LEADERSHIP:
        if s[LEAD_HEX] < 0:
            # CCA §4.3: "or order one unit of your choice"
            if s[OPT_INSPIRED_SECTION] != 0 and s[QUOTA + 0] != 7:
                return (HEX_SECTIONS[side, h] & s[QUOTA + 0]) != 0
            return True
        return _linked(s, h, s[LEAD_HEX])
    if rule == ORDER_LINKED_FOOT:
        if not _qualifies(s[UNIT_TYPE + h] - 1, rule):
            return False
        return s[ORDERED_COUNT + 0] == 0 or _linked(s, h, -1)
    return _qualifies(s[UNIT_TYPE + h] - 1, rule)


@njit(cache=True)
def _linked(s, h, lead):
    """CCA §4.3, §4.4: ``h`` is next to the leader's hex or to a unit already ordered."""
    if lead >= 0 and DIST[h, lead] == 1:
        return True
    for k in range(6):
        n = NEIGHBORS[h, k]
        if n >= 0 and s[UNIT_TYPE + n] != 0 and (s[UNIT_FLAGS + n] & UF_ORDERED) != 0:
            if s[UNIT_SIDE + n] == s[ACTIVE]:
                return True
    return False


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
    if rule == ORDER_LEADERSHIP:
        return s[LEAD_HEX] < 0 and (HEX_SECTIONS[side, h] & s[QUOTA + 0]) != 0
    if rule == ORDER_DICE:
        return s[DICE_ORDERS + 3] > 0  # a helmet orders a leader
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
    if s[DICE_ORDERS + cls] > 0:
        s[DICE_ORDERS + cls] -= 1
    else:
        s[DICE_ORDERS + 3] -= 1


@njit(cache=True)
def order_unit(s, h):
    s[UNIT_FLAGS + h] |= UF_ORDERED
    rule = s[ORDER_RULE]
    if rule == ORDER_DICE or rule == ORDER_RALLY:
        _use_die(s, UNIT_CLASS[s[UNIT_TYPE + h] - 1])
        if rule == ORDER_RALLY:
            s[UNIT_BLOCKS + h] += 1
            s[BLOCKS_LOST + s[UNIT_SIDE + h]] -= 1
        return
    if rule == ORDER_SECTION:
        _count_ordered(s, HEX_SECTIONS[s[ACTIVE], h])
    elif rule == ORDER_LEADERSHIP and s[LEAD_HEX] < 0:
        s[ORDERS_LEFT] = 0  # the one unit of your choice
        s[ORDER_RULE] = ORDER_ANY
    else:
        s[ORDERS_LEFT] -= 1
        s[ORDERED_COUNT + 0] += 1
        if rule == ORDER_ANY:
            s[UNIT_FLAGS + h] |= UF_NO_CARD_BONUS


@njit(cache=True)
def order_leader(s, h):
    if s[ORDER_RULE] == ORDER_LEADERSHIP:
        # CCA §4.3: the leader may not detach; his unit is ordered with him
        s[LEAD_HEX] = h
        if s[UNIT_TYPE + h] != 0:
            s[UNIT_FLAGS + h] |= UF_ORDERED
        else:
            s[LEADER_FLAGS + h] |= LF_ORDERED
        s[LEAD_BITS + s[ACTIVE]] = HEX_SECTIONS[s[ACTIVE], h]
        return
    s[LEADER_FLAGS + h] |= LF_ORDERED
    if s[ORDER_RULE] == ORDER_DICE:
        s[DICE_ORDERS + 3] -= 1
        return
    if s[ORDER_RULE] == ORDER_SECTION:
        _count_ordered(s, HEX_SECTIONS[s[ACTIVE], h])
    else:
        s[ORDERS_LEFT] -= 1


def _troop_cards():
    """CCA §4.2, §4.4: the troops each troop card orders (``ORDER_NONE`` for the
    other cards) and the flags it sets for the turn (``CARD_FLAGS``)."""
    rule = np.full(NUM_CARD_TYPES, ORDER_NONE, np.int64)
    flags = np.zeros(NUM_CARD_TYPES, np.int64)
    for c, r, f in (
        (C_LIGHT, ORDER_LIGHT, CF_PASS_THROUGH),
        (C_MFM, ORDER_LIGHT, CF_PASS_THROUGH | CF_MFM | CF_NO_CLOSE),
        (C_MEDIUM, ORDER_MEDIUM, 0),
        (C_HEAVY, ORDER_HEAVY, 0),
        (C_MOUNTED, ORDER_MOUNTED, 0),
        (C_LINE, ORDER_LINKED_FOOT, CF_MOVE1),
        (C_DOUBLE, ORDER_LINKED_FOOT, CF_DOUBLE | CF_NO_FIRE),
        (C_CHARGE, ORDER_MOUNTED_UNITS, CF_CHARGE | CF_NO_FIRE),
    ):
        rule[c] = r
        flags[c] = f
    return rule, flags


_TROOP_RULE, _TROOP_FLAGS = _troop_cards()


@njit(cache=True)
def play_card(s, c):
    """CCA §3.4: play card ``c`` from the active side's hand and set up its orders."""
    side = s[ACTIVE]
    s[HAND + side * NUM_CARD_TYPES + c] -= 1
    s[CARD_PLAYED] = c
    s[CARD_FLAGS] = 0
    s[MFM_STAGE] = 0
    s[LEAD_BITS + side] = 7
    for i in range(4):
        s[DICE_ORDERS + i] = 0
    if c == C_COUNTER:
        # CCA §4.4 Counter Attack: the opponent's last order, mirrored left/right
        c = mirrored(s[LAST_CARD + 1 - side])
    s[CARD_EFFECT] = c
    for i in range(3):
        s[QUOTA + i] = 0
        s[ORDERED_COUNT + i] = 0
    s[ORDERED_SHARED + 0] = 0
    s[ORDERED_SHARED + 1] = 0
    s[ORDERS_LEFT] = 0
    s[ORDER_RULE] = ORDER_NONE
    s[CARD_CC_DICE] = 0
    s[CARD_BONUS_CC_DICE] = 0
    s[CARD_FIRE_DICE] = 0
    s[LEAD_HEX] = -1
    s[PHASE] = PH_ORDER
    if c < 0 or c == C_FIRST_STRIKE:
        # First Strike is the turn's card only when nothing else is held; Counter
        # Attack with nothing to copy: no order
        return
    if c == C_SPARTACUS or c == C_RALLY:
        _roll_orders(s, c)
        return
    if c == C_INSP_L or c == C_INSP_C or c == C_INSP_R or c == C_LEAD_ANY:
        s[ORDER_RULE] = ORDER_LEADERSHIP
        bits = 7 if c == C_LEAD_ANY else (1 if c == C_INSP_L else (2 if c == C_INSP_C else 4))
        if c == C_LEAD_ANY and s[CARD_PLAYED] == C_COUNTER:
            bits = s[LEAD_BITS + 1 - side]  # the same section the opponent chose
        s[QUOTA + 0] = bits
        s[ORDERS_LEFT] = 3 if c == C_LEAD_ANY else 4
        return
    if c == C_CLASH or c == C_DARKEN:
        _order_automatically(s, c)
        return
    if CARD_QUOTA[c, 0] >= 0:
        s[ORDER_RULE] = ORDER_SECTION
        for i in range(3):
            s[QUOTA + i] = CARD_QUOTA[c, i]
    else:
        rule = _TROOP_RULE[c]
        s[CARD_FLAGS] |= _TROOP_FLAGS[c]
        if c == C_CHARGE:
            s[CARD_CC_DICE] = 1
            s[CARD_BONUS_CC_DICE] = 1
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
            if c == C_LINE:
                s[ORDERS_LEFT] = NUM_HEXES
            elif c == C_DOUBLE:
                s[ORDERS_LEFT] = 4
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
    side = s[ACTIVE]
    if c == C_RALLY:
        leaders = 0
        for h in range(NUM_HEXES):
            if s[LEADER + h] != 0 and s[LEADER_SIDE + h] == side:
                leaders += 1
        if leaders == 0:
            _fallback(s)  # no leaders: 1 unit of your choice
            return
    faces = roll(s, s[COMMAND + side])
    for i in range(3):
        s[DICE_ORDERS + i] = faces[i]
    s[DICE_ORDERS + 3] = faces[FACE_LEADER]
    if c == C_SPARTACUS:
        s[ORDER_RULE] = ORDER_DICE
        s[CARD_FLAGS] |= CF_RESHUFFLE
        s[CARD_CC_DICE] = 1
        s[CARD_BONUS_CC_DICE] = 1
        s[CARD_FIRE_DICE] = 1
    else:
        s[ORDER_RULE] = ORDER_RALLY


@njit(cache=True)
def reshuffle_all(s):
    """I Am Spartacus: the deck and the discards are shuffled together."""
    for i in range(s[DECK_POS], s[DECK_LEN]):
        s[DISCARD + s[DECK + i]] += 1
        s[DECK + i] = -1
    s[DECK_POS] = s[DECK_LEN]
    reshuffle_discards(s)


@njit(cache=True)
def _fallback(s):
    """CCA §4.2, §4.4: order 1 unit of your choice, with none of the card's effects."""
    s[ORDER_RULE] = ORDER_ANY
    s[ORDERS_LEFT] = 1
    s[CARD_FLAGS] = 0
    s[CARD_CC_DICE] = 0
    s[CARD_BONUS_CC_DICE] = 0
    s[CARD_FIRE_DICE] = 0


@njit(cache=True)
def _order_automatically(s, c):
    """CCA §4.4: Clash of Shields orders every unit next to an enemy unit; Darken
    the Sky every unit with ranged weapons (else 1 unit of your choice)."""
    side = s[ACTIVE]
    n = 0
    for h in range(NUM_HEXES):
        t = s[UNIT_TYPE + h] - 1
        if t < 0 or s[UNIT_SIDE + h] != side:
            continue
        if c == C_CLASH:
            ok = False
            for k in range(6):
                y = NEIGHBORS[h, k]
                if y >= 0 and s[UNIT_TYPE + y] != 0 and s[UNIT_SIDE + y] != side:
                    ok = True
        else:
            ok = fire_range(s, h) > 0
        if ok:
            s[UNIT_FLAGS + h] |= UF_ORDERED
            n += 1
    s[ORDER_RULE] = ORDER_NONE
    if c == C_CLASH:
        s[CARD_FLAGS] |= CF_NO_MOVE | CF_NO_FIRE
        s[CARD_CC_DICE] = 2
    elif n > 0:
        s[CARD_FLAGS] |= CF_NO_MOVE | CF_NO_CLOSE | CF_FIRE_TWICE
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
    for i in range(MAX_HAND_RULES):
        if s[HS_TRIGGER + i] == HS_AFTER_TURN and s[HS_STATE + i] == 0:
            if s[TURN] >= s[HS_PARAM + i]:
                s[HS_STATE + i] = 1
        if s[HS_STATE + i] == 1:
            side = s[HS_SIDE + i]
            c = s[COMMAND + side] + s[HS_DELTA + i]
            s[COMMAND + side] = min(10, max(1, c))
            s[HS_STATE + i] = 2
            if s[HS_DELTA + i] > 0:
                for _ in range(s[HS_DELTA + i]):
                    draw(s, side)


@njit(cache=True)
def end_turn(s):
    """CCA §3.3 step 5, §3.16: discard the card played, draw, pass the turn."""
    side = s[ACTIVE]
    if s[CARD_PLAYED] >= 0:
        s[DISCARD + s[CARD_PLAYED]] += 1
    s[LAST_CARD + side] = s[CARD_EFFECT]
    s[CARD_PLAYED] = -1
    if (s[CARD_FLAGS] & CF_RESHUFFLE) != 0:
        reshuffle_all(s)
    if s[FIRST_STRIKE_SIDE] >= 0:
        # CCA §3.16: the First Strike player draws his replacement first
        s[DISCARD + C_FIRST_STRIKE] += 1
        draw(s, s[FIRST_STRIKE_SIDE])
        s[FIRST_STRIKE_SIDE] = -1
    draw(s, side)
    for h in range(NUM_HEXES):
        s[UNIT_FLAGS + h] = 0
        s[UNIT_MOVED + h] = 0
        s[LEADER_FLAGS + h] = 0
    s[CARD_FLAGS] = 0
    s[CARD_CC_DICE] = 0
    s[CARD_BONUS_CC_DICE] = 0
    s[CARD_FIRE_DICE] = 0
    s[ORDER_RULE] = ORDER_NONE
    s[LEAD_HEX] = -1
    s[MFM_STAGE] = 0
    s[CARD_EFFECT] = -1
    s[SELECTED] = -1
    s[TURN] += 1
    # CCA §5.1 special rules checked at the end of every turn
    score_victory_hexes(s, side)
    apply_hand_rules(s)
    s[ACTIVE] = 1 - side
    s[CURRENT] = 1 - side
    s[PHASE] = PH_PLAY
    if s[OPT_MAX_TURNS] > 0 and s[TURN] >= s[OPT_MAX_TURNS] and s[WINNER] == 0:
        s[PHASE] = PH_OVER
    if s[WINNER] != 0:
        s[PHASE] = PH_OVER  # a victory hex's banner won the game (CCA §3.2)


@njit(cache=True)
def hand_size(s, side):
    return np.sum(s[HAND + side * NUM_CARD_TYPES : HAND + (side + 1) * NUM_CARD_TYPES])
