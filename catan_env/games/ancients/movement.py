"""Where pieces may go: unit and leader moves (CCA §3.6), retreat steps (§3.11.1),
evades (§3.11.4), leader evades (§3.12.5), advances (§3.10).

Each ``*_destinations`` function fills ``out[h]`` with the hexes allowed (for
moves: the number of hexes moved + 1, so 0 means "not allowed").
"""

import numpy as np
from numba import njit

from . import layout as L
from .board import NEIGHBORS, NUM_HEXES
from .pieces import (
    adjacent_enemy_unit,
    impassable,
    lone_leader,
    on_baseline,
    rear_hex,
    unit_at,
)
from .units import (
    BROKEN,
    EL,
    HAC,
    HC,
    HCH,
    MARSH,
    TERRAIN_STOPS,
    UNIT_BATTLE_MOVE,
    UNIT_CC_ATTACK,
    UNIT_LIGHT_FOOT,
    UNIT_MOUNTED,
    UNIT_MOVE,
    WA,
    WM,
)


@njit(cache=True)
def unit_stops_in(s, h, t):
    """Terrain that ends a unit's move when entered (CCA §3.13): forest, ford, marsh;
    broken ground for mounted units."""
    terr = s[L.TERRAIN + h]
    return TERRAIN_STOPS[terr] != 0 or (terr == BROKEN and UNIT_MOUNTED[t] != 0)


@njit(cache=True, inline="always")
def _enemy_at(s, y, side):
    """An enemy unit or an enemy leader is at ``y`` (a lone leader's move stops short)."""
    return (s[L.UNIT_TYPE + y] != 0 and s[L.UNIT_SIDE + y] != side) or (
        s[L.LEADER + y] != 0 and s[L.LEADER_SIDE + y] != side
    )


@njit(cache=True, inline="always")
def _search_from(h, out):
    """Start a breadth-first search of moves from ``h``: ``out`` cleared but for
    ``h`` itself (0 hexes moved: 1), and the distances (-1: not reached yet) and
    queue of the search, ``h`` at distance 0 first in line."""
    for i in range(NUM_HEXES):
        out[i] = 0
    out[h] = 1
    dist = np.full(NUM_HEXES, -1, np.int32)
    queue = np.empty(NUM_HEXES, np.int32)
    dist[h] = 0
    queue[0] = h
    return dist, queue


@njit(cache=True)
def unit_destinations(s, h, out, max_move):
    """CCA §3.6.1-§3.6.2: hexes the unit at ``h`` may end its move in.

    Breadth-first over steps; a unit may not enter enemy pieces or friendly units
    (light foot may pass through friendly units when the card allows), must stop
    on entering a lone friendly leader (who attaches) or stopping terrain, and
    warriors may make a 2-hex move only to end next to an enemy unit.
    """
    t = unit_at(s, h)
    side = s[L.UNIT_SIDE + h]
    own_leader = s[L.LEADER + h] != 0
    through = UNIT_LIGHT_FOOT[t] != 0 and (s[L.CARD_FLAGS] & L.CF_PASS_THROUGH) != 0
    dist, queue = _search_from(h, out)
    head, tail = 0, 1
    while head < tail:
        x, head = queue[head], head + 1
        d = dist[x]
        # a piece that must stop here does not expand
        if d >= max_move or (x != h and (lone_leader(s, x) or unit_stops_in(s, x, t))):
            continue
        for k in range(6):
            y = NEIGHBORS[x, k]
            if y < 0 or dist[y] >= 0 or impassable(s, y):
                continue
            if t == WM and (s[L.TERRAIN + y] == BROKEN or s[L.TERRAIN + y] == MARSH):
                continue  # CCA §3.13: war machines may not enter either
            if s[L.UNIT_TYPE + y] != 0:
                if s[L.UNIT_SIDE + y] == side and through:
                    dist[y] = d + 1
                    queue[tail] = y
                    tail += 1
                continue
            if s[L.LEADER + y] != 0:
                if s[L.LEADER_SIDE + y] != side or own_leader:
                    continue
            dist[y] = d + 1
            queue[tail] = y
            tail += 1
            out[y] = d + 2
    if t == WA:
        # a move of 2 (3 with Double Time) only to charge an adjacent enemy
        for y in range(NUM_HEXES):
            if out[y] >= 3 and not adjacent_enemy_unit(s, y, side):
                out[y] = 0
    return out


@njit(cache=True)
def unit_move_allowance(s, h):
    """Hexes the unit at ``h`` may move this turn (CCA §3.6.2, cards of §4.4); a
    unit in a marsh may leave it by 1 hex only (CCA §3.13)."""
    n = _card_move_allowance(s, h)
    if s[L.TERRAIN + h] == MARSH:
        return min(n, 1)
    return n


@njit(cache=True)
def _card_move_allowance(s, h):
    t = unit_at(s, h)
    base = UNIT_MOVE[t] if t != WA else 2
    f = s[L.CARD_FLAGS]
    if (s[L.UNIT_FLAGS + h] & L.UF_NO_CARD_BONUS) != 0:
        return base
    if (f & L.CF_NO_MOVE) != 0:
        return 0
    if (f & L.CF_MOVE1) != 0:
        return min(base, 1)
    return _card_bonus(f, s[L.OPT_CHARGE_ALL_HEAVY], t, base)


@njit(cache=True)
def battle_allowance(s, h):
    """The longest move after which the unit at ``h`` may still battle."""
    t = unit_at(s, h)
    base = UNIT_BATTLE_MOVE[t]
    if (s[L.UNIT_FLAGS + h] & L.UF_NO_CARD_BONUS) != 0:
        return base
    return _card_bonus(s[L.CARD_FLAGS], s[L.OPT_CHARGE_ALL_HEAVY], t, base)


# Inlined: it is called for every unit at every mask; it takes no array, so inlining
# adds no reference counting.
@njit(cache=True, inline="always")
def _card_bonus(f, charge_all_heavy, t, base):
    """CCA §4.4 Double Time and Mounted Charge (card flags ``f``): a unit of type
    ``t`` moves farther, and may still battle after the longer move (``base``: its
    allowance without the card). Mounted Charge: heavy cavalry (and, as an option,
    heavy chariots and elephants)."""
    if (f & L.CF_DOUBLE) != 0 and UNIT_MOUNTED[t] == 0 and t != WM:
        return 3 if t == WA else max(base, 2)
    charging = t == HC or t == HAC or ((t == HCH or t == EL) and charge_all_heavy != 0)
    if (f & L.CF_CHARGE) != 0 and charging:
        return 3
    return base


@njit(cache=True)
def leader_destinations(s, h, out):
    """CCA §3.6.3: a lone leader moves 1-3 hexes, through friendly pieces, never
    into enemy pieces; he ends on an empty hex or a friendly unit without a leader;
    stopping terrain ends his move (CCA §3.13)."""
    side = s[L.LEADER_SIDE + h]
    # CCA §3.13 (CNC): like a unit, a leader leaves a marsh by 1 hex only
    most = 1 if s[L.TERRAIN + h] == MARSH else 3
    dist, queue = _search_from(h, out)
    head, tail = 0, 1
    while head < tail:
        x, head = queue[head], head + 1
        d = dist[x]
        # lone leaders stop in forest, ford, marsh and broken ground
        terr = s[L.TERRAIN + x]
        if d >= most or (x != h and (TERRAIN_STOPS[terr] != 0 or terr == BROKEN)):
            continue
        for k in range(6):
            y = NEIGHBORS[x, k]
            if y < 0 or dist[y] >= 0 or impassable(s, y) or _enemy_at(s, y, side):
                continue
            dist[y] = d + 1
            queue[tail] = y
            tail += 1
            if s[L.LEADER + y] == 0:
                out[y] = d + 2
    return out


@njit(cache=True)
def retreat_step_ok(s, y, side, with_leader):
    """CCA §3.11.1: a retreat (or evade) step may enter ``y``: on the board, not
    impassable, no unit, no lone enemy leader; a lone friendly leader only for a
    unit without one."""
    if y < 0 or impassable(s, y) or s[L.UNIT_TYPE + y] != 0:
        return False
    if s[L.LEADER + y] != 0:
        if s[L.LEADER_SIDE + y] != side or with_leader:
            return False
    return True


@njit(cache=True)
def retreat_options(s, h, out2):
    """The legal next retreat hexes of the unit at ``h`` (0, 1 or 2 of them)."""
    side = s[L.UNIT_SIDE + h]
    with_leader = s[L.LEADER + h] != 0
    n = 0
    for k in range(2):
        y = rear_hex(h, side, k)
        if retreat_step_ok(s, y, side, with_leader):
            out2[n] = y
            n += 1
    return n


@njit(cache=True)
def evade_destinations(s, h, out):
    """CCA §3.11.4: a unit evades 2 hexes toward its own side by retreat steps;
    1 hex only when no 2-hex evade exists; a lone friendly leader on the first
    hex stops it. Returns the number of destinations."""
    for i in range(NUM_HEXES):
        out[i] = 0
    side = s[L.UNIT_SIDE + h]
    with_leader = s[L.LEADER + h] != 0
    n2 = 0
    n1 = 0
    for k in range(2):
        y = rear_hex(h, side, k)
        if not retreat_step_ok(s, y, side, with_leader):
            continue
        if s[L.LEADER + y] != 0:
            out[y] = 2  # stops on the friendly leader: a full, legal evade
            n2 += 1
            continue
        out[y] = max(out[y], 1)
        n1 += 1
        for j in range(2):
            z = rear_hex(y, side, j)
            if retreat_step_ok(s, z, side, with_leader):
                if out[z] != 2:
                    n2 += 1
                out[z] = 2
    count = 0
    for i in range(NUM_HEXES):
        if n2 > 0:
            out[i] = 1 if out[i] == 2 else 0
        elif out[i] != 0:
            out[i] = 1
        count += out[i]
    return count


@njit(cache=True)
def leader_evade_destinations(s, h, out):
    """CCA §3.12.5: 1-3 steps each one row toward his side, through friendly
    pieces, ending on an empty hex or a leaderless friendly unit. Returns
    (destinations, may leave by the baseline)."""
    for i in range(NUM_HEXES):
        out[i] = 0
    side = s[L.LEADER_SIDE + h]
    reach = np.zeros(NUM_HEXES, np.int32)
    reach[h] = 1
    off = on_baseline(h, side)
    count = 0
    for step in range(1, 4):
        for x in range(NUM_HEXES):
            if reach[x] != step:
                continue
            for k in range(2):
                y = rear_hex(x, side, k)
                if y < 0 or impassable(s, y) or reach[y] != 0 or _enemy_at(s, y, side):
                    continue
                reach[y] = step + 1
                if s[L.LEADER + y] == 0:
                    out[y] = 1
                    count += 1
                if step < 3 and on_baseline(y, side):
                    off = True
    return count, off


@njit(cache=True)
def leader_escape_costs(s, h, out):
    """CCA §3.12.6 Leader Escape, used only when no ordinary evade exists: the
    leader may also pass through hexes of enemy units; each one he passes rolls
    its normal close-combat dice at him (an elephant 1). ``out[y]`` = the fewest
    dice on a path to ``y`` + 1 (the path with the fewest dice is always the
    safest, so it is the one taken). Returns (destinations, dice to leave by the
    baseline or -1)."""
    for i in range(NUM_HEXES):
        out[i] = 0
    side = s[L.LEADER_SIDE + h]
    cost = np.full(NUM_HEXES, -1, np.int64)
    step_of = np.zeros(NUM_HEXES, np.int64)
    cost[h] = 0
    step_of[h] = 0
    off = 0 if on_baseline(h, side) else -1
    count = 0
    for step in range(3):
        for x in range(NUM_HEXES):
            if cost[x] < 0 or step_of[x] != step:
                continue
            for k in range(2):
                y = rear_hex(x, side, k)
                if y < 0 or impassable(s, y):
                    continue
                if lone_leader(s, y) and s[L.LEADER_SIDE + y] != side:
                    continue
                c = cost[x]
                enemy = s[L.UNIT_TYPE + y] != 0 and s[L.UNIT_SIDE + y] != side
                if enemy:
                    t = s[L.UNIT_TYPE + y] - 1
                    c += 1 if t == EL else UNIT_CC_ATTACK[t]
                if cost[y] < 0 or c < cost[y]:
                    cost[y] = c
                    step_of[y] = step + 1
                if not enemy and s[L.LEADER + y] == 0:
                    if out[y] == 0:
                        count += 1
                        out[y] = c + 1
                    elif c + 1 < out[y]:
                        out[y] = c + 1
                if step < 2 and on_baseline(y, side) and (off < 0 or c < off):
                    off = c
    return count, off
