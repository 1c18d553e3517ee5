"""Scenario special rules in the engine (CCA §5.1, §3.2, §3.8.1, §3.16).

The scenario loader (:mod:`catan_env.games.ancients.special_rules`) turns each rule into
fields of the state (``VH_*``, ``EXIT_VALUE``, ``FIRE_*``, ``HS_*``, ``UNIT_ELITE``),
so every jitted kernel plays them:

- victory hexes: :func:`score_victory_hexes` at the end of every turn;
- exit hexes: :func:`exit_value` / :func:`exit_unit`, the ``unit_off_board``
  action of the movement step;
- hand-size changes: :func:`.turn.apply_hand_rules` at the end of every turn;
- extra fire: :func:`fire_range` / :func:`fire_dice` (used by combat and the agents);
- elite units: ``UNIT_ELITE`` is added to the flags a unit may ignore (combat).
"""

from numba import njit

from . import layout as L
from .board import NUM_HEXES
from .movement import unit_move_allowance, unit_stops_in
from .pieces import award_banner, remove_leader, remove_unit, unit_at
from .units import NUM_UNIT_TYPES, UNIT_RANGE

# ---------------------------------------------------------------- extra fire


@njit(cache=True)
def fire_range(s, h):
    """CCA §3.8.1, §3.8.3: range of the unit at ``h``; a type without missiles
    fires only by a scenario rule (``FIRE_RANGE``), 0 if it may not fire."""
    t = unit_at(s, h)
    if t < 0:
        return 0
    if UNIT_RANGE[t] > 0:
        return UNIT_RANGE[t]
    return s[L.FIRE_RANGE + s[L.UNIT_SIDE + h] * NUM_UNIT_TYPES + t]


@njit(cache=True)
def fire_dice(s, h):
    """CCA §3.8.4: base ranged dice, 2 unmoved and 1 moved; a type firing by a
    scenario rule rolls its rule's dice unmoved and 1 fewer (at least 1) moved."""
    t = unit_at(s, h)
    moved = s[L.UNIT_MOVED + h] > 0
    if UNIT_RANGE[t] > 0:
        return 1 if moved else 2
    d = s[L.FIRE_DICE + s[L.UNIT_SIDE + h] * NUM_UNIT_TYPES + t]
    return max(1, d - 1) if moved else d


# ---------------------------------------------------------------- exit hexes


@njit(cache=True)
def exit_value(s, h, dests):
    """CCA §5.1 "units allowed to leave the board": banners the unit at ``h`` scores by
    leaving now (0: it may not). ``dests`` is its move (``unit_destinations``: hexes
    moved + 1). It leaves from an exit hex of its side that it could end its move in
    with one hex of movement to spare (stepping off the edge costs one hex); it may
    not leave from a hex it must stop in (forest, ford, marsh, ..., a lone leader),
    unless it starts its move there. The best such exit counts."""
    side = s[L.UNIT_SIDE + h]
    allowance = unit_move_allowance(s, h)
    best = 0
    for y in range(NUM_HEXES):
        v = s[L.EXIT_VALUE + side * NUM_HEXES + y]
        if v <= 0 or dests[y] <= 0 or dests[y] > allowance:
            continue
        if y != h and _must_stop(s, y, unit_at(s, h)):
            continue
        if v > best:
            best = v
    return best


@njit(cache=True)
def _must_stop(s, y, t):
    return unit_stops_in(s, y, t) or (s[L.LEADER + y] != 0 and s[L.UNIT_TYPE + y] == 0)


@njit(cache=True)
def exit_unit(s, h, value):
    """The unit at ``h`` leaves the board: it is removed (its blocks count as off the
    board, no banner to the enemy), its attached leader leaves with it (gone, no
    banner, CCA §3.2's baseline rule), and its side scores ``value`` banners."""
    side = s[L.UNIT_SIDE + h]
    if s[L.LEADER + h] != 0 and s[L.LEADER_SIDE + h] == side:
        s[L.GONE_LEADERS + side] += 1
        remove_leader(s, h, False)
    remove_unit(s, h, False)
    s[L.EXITED_UNITS + side] += 1
    s[L.EXIT_BANNERS + side] += value
    for _ in range(value):
        award_banner(s, side)


# ---------------------------------------------------------------- end of the turn


@njit(cache=True)
def score_victory_hexes(s, first):
    """CCA §3.2, §5.1: banners for holding hexes, checked at the end of every turn.

    A hex scores for a side that may score it (``VH_SIDES``) when a unit of that side
    stands on it (a lone leader does not hold a hex). A temporary hex's banners are
    lost at the end of a turn in which no unit of the holder stands there (then the
    enemy may gain them at once); a permanent hex, once gained, is kept. Losses come
    first, then gains, ``first`` side (the one whose turn ends) before the other."""
    for h in range(NUM_HEXES):
        v = s[L.VH_BANNERS + h]
        holder = s[L.VH_HOLDER + h] - 1
        if v <= 0 or holder < 0 or s[L.VH_PERMANENT + h] != 0:
            continue
        if s[L.UNIT_TYPE + h] == 0 or s[L.UNIT_SIDE + h] != holder:
            s[L.VH_HOLDER + h] = 0
            s[L.HEX_BANNERS + holder] -= v
            s[L.BANNERS + holder] -= v
    for i in range(2):
        side = first if i == 0 else 1 - first
        for h in range(NUM_HEXES):
            v = s[L.VH_BANNERS + h]
            if v <= 0 or s[L.VH_HOLDER + h] != 0 or (s[L.VH_SIDES + h] & (1 << side)) == 0:
                continue
            if s[L.UNIT_TYPE + h] != 0 and s[L.UNIT_SIDE + h] == side:
                s[L.VH_HOLDER + h] = side + 1
                s[L.HEX_BANNERS + side] += v
                for _ in range(v):
                    award_banner(s, side)


@njit(cache=True)
def hex_banner_total(s, side):
    """Banners ``side`` holds for victory hexes, from the hexes themselves."""
    n = 0
    for h in range(NUM_HEXES):
        if s[L.VH_HOLDER + h] == side + 1:
            n += s[L.VH_BANNERS + h]
    return n
