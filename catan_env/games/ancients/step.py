"""Legal-action masks and the step function of the Ancients engine (CCA §7).

:func:`legal_mask` and :func:`step` agree by construction: ``step`` trusts its
action (the Python façade checks it against the mask first). After every action
:func:`settle` skips steps with nothing left to decide (a card that can order
nothing goes straight to the draw, CCA §3.3).
"""

import numpy as np
from numba import njit

from catan_env.core.borrow import borrow

from . import layout as L
from . import phases as P
from .board import DIST, NUM_HEXES
from .combat import (
    _ignorable,
    advance_into,
    after_advance,
    attack_roll,
    battle_back,
    battle_targets,
    end_combat,
    evade_roll,
    evade_to,
    extra_hex_options,
    first_strike,
    leader_evade_to,
    marsh_entry,
    may_battle,
    may_evade,
    may_first_strike,
    resolve,
    retreat_step,
    set_retreat,
    start_combat,
)
from .movement import (
    evade_destinations,
    leader_destinations,
    leader_escape_costs,
    leader_evade_destinations,
    retreat_options,
    unit_destinations,
    unit_move_allowance,
)
from .pieces import move_leader, move_unit, remove_leader, roll, unit_at
from .special import exit_unit, exit_value
from .turn import (
    any_order_left,
    end_turn,
    may_order_leader,
    may_order_unit,
    order_leader,
    order_unit,
    play_card,
)
from .units import C_FIRST_STRIKE, FACE_LEADER, MARSH, NUM_CARD_TYPES, WA

# ---------------------------------------------------------------- who can act


@njit(cache=True)
def unit_dests(s, h, out):
    return unit_destinations(s, h, out, unit_move_allowance(s, h))


@njit(cache=True)
def movable_unit(s, h, buf):
    if s[L.UNIT_TYPE + h] == 0 or s[L.UNIT_SIDE + h] != s[L.ACTIVE]:
        return False
    f = s[L.UNIT_FLAGS + h]
    if (f & L.UF_ORDERED) == 0 or (f & (L.UF_MOVED | L.UF_FROZEN)) != 0:
        return False
    unit_dests(s, h, buf)
    return np.sum(buf) > 1 or exit_value(s, h, buf) > 0


@njit(cache=True)
def movable_leader(s, h, buf):
    if s[L.LEADER + h] == 0:
        return False
    f = s[L.LEADER_FLAGS + h]
    if (f & L.LF_ORDERED) == 0 or (f & L.LF_MOVED) != 0:
        return False
    if s[L.UNIT_TYPE + h] != 0 and (s[L.UNIT_FLAGS + h] & L.UF_MOVED) != 0:
        return False
    leader_destinations(s, h, buf)
    reached = 0
    for y in range(NUM_HEXES):
        if buf[y] > 0:
            reached += 1
    return reached > 1


@njit(cache=True)
def can_attack(s, h, buf):
    if s[L.UNIT_TYPE + h] == 0 or s[L.UNIT_SIDE + h] != s[L.ACTIVE] or not may_battle(s, h):
        return False
    return battle_targets(s, h, buf) > 0


@njit(cache=True)
def must_charge(s, buf):
    """CCA §3.6.2: warriors that moved 2 must close combat if they can."""
    for h in range(NUM_HEXES):
        if (s[L.UNIT_FLAGS + h] & L.UF_CHARGED) != 0 and s[L.UNIT_SIDE + h] == s[L.ACTIVE]:
            if can_attack(s, h, buf):
                return True
    return False


# ---------------------------------------------------------------- mask


@njit(cache=True)
def legal_mask(s, out):
    """Fill ``out[a]`` with 1 for every legal action of the side that must decide."""
    _fill_mask(s, out, np.zeros(NUM_HEXES, np.int32))


@njit(cache=True)
def _fill_mask(s, out, buf):
    # Borrowed (catan_env.core.borrow): the move searches below take ``buf`` once per hex.
    s, out, buf = borrow(s), borrow(out), borrow(buf)
    for i in range(P.NUM_ACTIONS):
        out[i] = 0
    ph = s[L.PHASE]
    if ph == P.PH_PLAY:
        side = s[L.ACTIVE]
        n = 0
        for c in range(NUM_CARD_TYPES):
            if s[L.HAND + side * NUM_CARD_TYPES + c] > 0 and c != C_FIRST_STRIKE:
                out[P.A_PLAY + c] = 1
                n += 1
        if n == 0:  # First Strike is played out of turn, unless it is all one holds
            out[P.A_PLAY + C_FIRST_STRIKE] = 1
    elif ph == P.PH_ORDER:
        for h in range(NUM_HEXES):
            if may_order_unit(s, h):
                out[P.A_ORDER_UNIT + h] = 1
            if may_order_leader(s, h):
                out[P.A_ORDER_LEADER + h] = 1
        out[P.A_DONE] = 1
    elif ph == P.PH_MOVE:
        for h in range(NUM_HEXES):
            if movable_unit(s, h, buf):
                out[P.A_PICK_UNIT + h] = 1
            if movable_leader(s, h, buf):
                out[P.A_PICK_LEADER + h] = 1
        out[P.A_DONE] = 1
    elif ph == P.PH_MOVE_DEST:
        h = s[L.SELECTED]
        if s[L.SELECTED_LEADER] != 0:
            leader_destinations(s, h, buf)
        else:
            unit_dests(s, h, buf)
            if exit_value(s, h, buf) > 0:
                out[P.A_EXIT] = 1  # CCA §5.1: units allowed to leave the board
        _hex_actions(buf, out)
    elif ph == P.PH_BATTLE:
        for h in range(NUM_HEXES):
            if can_attack(s, h, buf):
                out[P.A_PICK_UNIT + h] = 1
        if not must_charge(s, buf):
            out[P.A_DONE] = 1
    elif ph == P.PH_TARGET:
        battle_targets(s, s[L.SELECTED], buf)
        _hex_actions(buf, out)
    elif ph == P.PH_REACT:
        out[P.A_STAND] = 1
        if may_evade(s, s[L.CB_DEFENDER], s[L.CB_ATTACKER]):
            out[P.A_EVADE] = 1
        if may_first_strike(s):
            out[P.A_FIRST_STRIKE] = 1
    elif ph == P.PH_EVADE_DEST:
        evade_destinations(s, s[L.CB_DEFENDER], buf)
        _hex_actions(buf, out)
    elif ph == P.PH_IGNORE:
        most = min(_ignorable(s, s[L.ROLL_AT]), s[L.ROLL_FLAGS])
        for k in range(most + 1):
            out[P.A_IGNORE + k] = 1
    elif ph == P.PH_RETREAT:
        two = np.zeros(2, np.int32)
        n = retreat_options(s, s[L.ROLL_AT], two)
        for i in range(n):
            out[P.A_HEX + two[i]] = 1
    elif ph == P.PH_LEADER_EVADE:
        n, off = leader_evade_destinations(s, s[L.EVADER], buf)
        if n == 0 and not off:
            n, off_dice = leader_escape_costs(s, s[L.EVADER], buf)
            off = off_dice >= 0
        _hex_actions(buf, out)
        if off:
            out[P.A_LEADER_OFF] = 1
    elif ph == P.PH_BATTLE_BACK:
        out[P.A_BATTLE_BACK] = 1
        out[P.A_NO_BATTLE_BACK] = 1
    elif ph == P.PH_ADVANCE:
        out[P.A_HEX + s[L.CB_VACATED]] = 1
        out[P.A_DONE] = 1
    elif ph == P.PH_EXTRA_HEX:
        extra_hex_options(s, buf)
        _hex_actions(buf, out)
        out[P.A_DONE] = 1
    elif ph == P.PH_BONUS:
        att = s[L.CB_ATTACKER]
        battle_targets(s, att, buf)
        for y in range(NUM_HEXES):
            if buf[y] > 0 and _adjacent(att, y):
                out[P.A_HEX + y] = 1
        out[P.A_DONE] = 1


@njit(cache=True)
def _hex_actions(buf, out):
    """Make legal the ``HEX`` action of every hex a destination or target list marks."""
    for y in range(NUM_HEXES):
        if buf[y] > 0:
            out[P.A_HEX + y] = 1


@njit(cache=True)
def _adjacent(a, b):
    return DIST[a, b] == 1


# ---------------------------------------------------------------- step


@njit(cache=True)
def settle(s):
    """Skip the order, movement and battle steps once nothing is left to do in them."""
    _settle(s, np.zeros(NUM_HEXES, np.int32))


@njit(cache=True)
def _settle(s, buf):
    s, buf = borrow(s), borrow(buf)  # as in _fill_mask
    while True:
        ph = s[L.PHASE]
        if ph == P.PH_ORDER and not any_order_left(s):
            s[L.PHASE] = P.PH_MOVE
            continue
        if ph == P.PH_MOVE:
            left = False
            for h in range(NUM_HEXES):
                if movable_unit(s, h, buf) or movable_leader(s, h, buf):
                    left = True
                    break
            if not left:
                _end_movement(s)
                continue
        if ph == P.PH_BATTLE:
            left = False
            for h in range(NUM_HEXES):
                if can_attack(s, h, buf):
                    left = True
                    break
            if not left:
                _end_battles(s)
                continue
        return


@njit(cache=True)
def _end_movement(s):
    """Movement over: battles, or (Move-Fire-Move's second move) the end of the turn."""
    if s[L.MFM_STAGE] == 1:
        end_turn(s)
    else:
        s[L.PHASE] = P.PH_BATTLE


@njit(cache=True)
def _end_battles(s):
    """Battles over: the end of the turn, or Move-Fire-Move's second move (CCA §4.4)."""
    if (s[L.CARD_FLAGS] & L.CF_MFM) != 0 and s[L.MFM_STAGE] == 0:
        s[L.MFM_STAGE] = 1
        for h in range(NUM_HEXES):
            if s[L.UNIT_TYPE + h] != 0 and (s[L.UNIT_FLAGS + h] & L.UF_ORDERED) != 0:
                s[L.UNIT_FLAGS + h] &= ~L.UF_MOVED
                s[L.UNIT_FLAGS + h] |= L.UF_BATTLED
        s[L.PHASE] = P.PH_MOVE
    else:
        end_turn(s)


@njit(cache=True)
def _move_to(s, y):
    h = s[L.SELECTED]
    buf = np.zeros(NUM_HEXES, np.int32)
    if s[L.SELECTED_LEADER] != 0:
        move_from = h
        if y != move_from:
            move_leader(s, move_from, y)
        s[L.LEADER_FLAGS + y] |= L.LF_MOVED
        if y != h and s[L.UNIT_TYPE + y] != 0:
            s[L.UNIT_FLAGS + y] |= L.UF_FROZEN  # CCA §3.5: a joined unit may not move
    else:
        unit_dests(s, h, buf)
        d = buf[y] - 1
        joins = y != h and s[L.LEADER + y] != 0
        move_unit(s, h, y)
        s[L.UNIT_MOVED + y] = d
        s[L.UNIT_FLAGS + y] |= L.UF_MOVED
        if unit_at(s, y) == WA and d >= 2:
            s[L.UNIT_FLAGS + y] |= L.UF_CHARGED
        if s[L.LEADER + y] != 0 and (joins or y != h):
            s[L.LEADER_FLAGS + y] |= L.LF_MOVED
    s[L.SELECTED] = -1
    s[L.PHASE] = P.PH_MOVE
    if y != h:
        # CCA §3.13: the marsh check; a leader left alone evades, then the moves go on.
        # A leader moving alone onto a unit in a marsh rolls as a lone leader: he
        # entered the marsh alone.
        if s[L.SELECTED_LEADER] != 0 and s[L.UNIT_TYPE + y] != 0:
            _marsh_leader_onto_unit(s, y)
        else:
            marsh_entry(s, y, P.RS_MOVE)


@njit(cache=True)
def _leave_board(s):
    """CCA §5.1: the picked unit moves off the board by an exit hex (special.exit_value)."""
    h = s[L.SELECTED]
    buf = np.zeros(NUM_HEXES, np.int32)
    unit_dests(s, h, buf)
    exit_unit(s, h, exit_value(s, h, buf))
    s[L.SELECTED] = -1
    s[L.PHASE] = P.PH_MOVE


@njit(cache=True)
def _marsh_leader_onto_unit(s, y):
    """A lone leader who joined a unit in a marsh: killed on a helmet (CCA §3.13)."""
    if s[L.TERRAIN + y] == MARSH and roll(s, 1)[FACE_LEADER] > 0:
        remove_leader(s, y, True)


@njit(cache=True)
def step(s, a):
    """Apply the legal action ``a`` for the side that must decide."""
    s[L.DECISIONS] += 1
    ph = s[L.PHASE]
    if ph == P.PH_PLAY:
        play_card(s, a - P.A_PLAY)
    elif ph == P.PH_ORDER:
        if a == P.A_DONE:
            s[L.PHASE] = P.PH_MOVE
        elif a < P.A_ORDER_LEADER:
            order_unit(s, a - P.A_ORDER_UNIT)
        else:
            order_leader(s, a - P.A_ORDER_LEADER)
    elif ph == P.PH_MOVE:
        if a == P.A_DONE:
            _end_movement(s)
        else:
            s[L.SELECTED_LEADER] = 1 if a >= P.A_PICK_LEADER else 0
            s[L.SELECTED] = a - (P.A_PICK_LEADER if a >= P.A_PICK_LEADER else P.A_PICK_UNIT)
            s[L.PHASE] = P.PH_MOVE_DEST
    elif ph == P.PH_MOVE_DEST:
        if a == P.A_EXIT:
            _leave_board(s)
        else:
            _move_to(s, a - P.A_HEX)
    elif ph == P.PH_BATTLE:
        if a == P.A_DONE:
            _end_battles(s)
        else:
            s[L.SELECTED] = a - P.A_PICK_UNIT
            s[L.PHASE] = P.PH_TARGET
    elif ph == P.PH_TARGET:
        h = s[L.SELECTED]
        y = a - P.A_HEX
        kind = P.COMBAT_CLOSE if DIST[h, y] == 1 else P.COMBAT_RANGED
        s[L.SELECTED] = -1
        s[L.PHASE] = P.PH_BATTLE
        start_combat(s, h, y, kind)
        if s[L.PHASE] != P.PH_REACT:
            resolve(s)
    elif ph == P.PH_REACT:
        s[L.PHASE] = P.PH_BATTLE
        if a == P.A_EVADE:
            evade_roll(s)
        elif a == P.A_FIRST_STRIKE:
            first_strike(s)
        else:
            attack_roll(s)
        resolve(s)
    elif ph == P.PH_EVADE_DEST:
        evade_to(s, a - P.A_HEX)
    elif ph == P.PH_IGNORE:
        s[L.PHASE] = P.PH_BATTLE
        set_retreat(s, a - P.A_IGNORE)
        resolve(s)
    elif ph == P.PH_RETREAT:
        s[L.PHASE] = P.PH_BATTLE
        retreat_step(s, a - P.A_HEX)
        resolve(s)
    elif ph == P.PH_LEADER_EVADE:
        leader_evade_to(s, -1 if a == P.A_LEADER_OFF else a - P.A_HEX)
    elif ph == P.PH_BATTLE_BACK:
        s[L.PHASE] = P.PH_BATTLE
        if a == P.A_BATTLE_BACK:
            battle_back(s)
            resolve(s)
        else:
            end_combat(s)
    elif ph == P.PH_ADVANCE:
        if a == P.A_DONE:
            end_combat(s)
        else:
            advance_into(s, a - P.A_HEX)
            after_advance(s)
    elif ph == P.PH_EXTRA_HEX:
        s[L.PHASE] = P.PH_BONUS
        if a != P.A_DONE:
            advance_into(s, a - P.A_HEX)
        after_advance(s)
    elif ph == P.PH_BONUS:
        if a == P.A_DONE:
            end_combat(s)
        else:
            att = s[L.CB_ATTACKER]
            s[L.PHASE] = P.PH_BATTLE
            start_combat(s, att, a - P.A_HEX, P.COMBAT_BONUS)
            if s[L.PHASE] != P.PH_REACT:
                resolve(s)
    if s[L.WINNER] != 0:
        s[L.PHASE] = P.PH_OVER  # victory is immediate (CCA §3.2)
    if s[L.PHASE] != P.PH_OVER:
        settle(s)
    if s[L.PHASE] <= P.PH_TARGET:
        s[L.CURRENT] = s[L.ACTIVE]
