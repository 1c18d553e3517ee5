"""Jitted agents for Ancients (the loops that play them are generated from the kernel template).

Agent kinds: ``RANDOM`` (uniform over the legal actions, but it ends a step
with ``done`` only when nothing else is legal, so random games reach a winner)
and ``HEURISTIC`` (one-ply scores). The heuristic:

* plays the card whose orders are worth most: each card is played on a copy of
  the state and the pieces it would order are counted the way the heuristic
  then orders them (a section card's quota, a Leadership card's leader and the
  units linked to him - CCA §4.3 -, the units Clash of Shields and Darken the
  Sky order by themselves, worth more as they get +2 close-combat dice or two
  shots). I Am Spartacus and Rally roll dice when played, so they are scored
  from the expected orders instead (the agent never looks at dice to come);
* orders the units nearest the enemy; under a Leadership card it orders the
  leader whose linked group is worth most, then that group;
* moves each unit to where its best battle has the best expected outcome:
  close combat (its dice and hits after terrain and card bonuses, less the
  battle back it expects) when the odds are good, else ranged fire from 2+
  hexes, else toward the enemy; a scenario's victory hexes it may take or must
  hold and its exit hexes add to a destination's score, and leaving by an exit
  hex is preferred to any move;
* battles with the best-placed unit first, against the target with the best
  expected net hits, and declines a close combat whose expected outcome is a
  clear loss; evades when weak, always battles back and ignores every flag it may.

Each agent draws from its own generator words, never the game's, so an agent's
choices do not change the game's dice.
"""

import numpy as np
from numba import njit

from catan_env.core.arrays import copy_into
from catan_env.core.rng import below_at

from . import layout as L
from . import phases as P
from .board import DIST, NUM_HEXES
from .combat import battle_targets, close_dice, may_battle, ranged_dice
from .pieces import friendly_leader_near, full_strength, lone_leader, unit_at
from .turn import may_order_leader, may_order_unit, order_leader, order_unit, play_card
from .units import (
    C_CLASH,
    C_DARKEN,
    C_RALLY,
    C_SPARTACUS,
    EL,
    NUM_CARD_TYPES,
    UNIT_CLASS,
    UNIT_SWORDS_HIT,
)
from .units import UNIT_BLOCKS as FULL_BLOCKS

RANDOM, HEURISTIC = 0, 1
AGENT_NAMES = ("random", "heuristic")


@njit(cache=True)
def _pick_best(scores, mask, rng, at):
    """The legal action with the highest score, ties broken at random."""
    best = -1e18
    n = 0
    choice = -1
    for a in range(P.NUM_ACTIONS):
        if mask[a] == 0:
            continue
        v = scores[a]
        if v > best + 1e-9:
            best = v
            n = 1
            choice = a
        elif abs(v - best) <= 1e-9:
            n += 1
            if below_at(rng, at, n) == 0:
                choice = a
    return choice


@njit(cache=True)
def random_action(s, mask, rng, at):
    """Uniform over the legal actions other than ``done`` (``done`` if it is alone)."""
    scores = np.zeros(P.NUM_ACTIONS)
    scores[P.A_DONE] = -1.0
    return _pick_best(scores, mask, rng, at)


@njit(cache=True)
def _enemy_distance(s, h, side):
    best = 99
    for y in range(NUM_HEXES):
        if s[L.UNIT_TYPE + y] != 0 and s[L.UNIT_SIDE + y] != side:
            d = DIST[h, y]
            if d < best:
                best = d
    return best


@njit(cache=True)
def _friends_near(s, h, side):
    n = 0
    for y in range(NUM_HEXES):
        if DIST[h, y] == 1 and s[L.UNIT_TYPE + y] != 0 and s[L.UNIT_SIDE + y] == side:
            n += 1
    return n


@njit(cache=True)
def _objective(s, y, src, side):
    """Worth of ending a move on ``y`` for the scenario's objectives (CCA §5.1): a
    victory hex the side may score and does not hold (or holds only while it stays,
    if ``y`` is where the unit stands), an exit hex of the side."""
    v = 0.0
    n = s[L.VH_BANNERS + y]
    if n > 0 and (s[L.VH_SIDES + y] & (1 << side)) != 0:
        holder = s[L.VH_HOLDER + y] - 1
        if holder < 0 or (holder == side and y == src and s[L.VH_PERMANENT + y] == 0):
            v += 3.0 * n
    if s[L.EXIT_VALUE + side * NUM_HEXES + y] > 0:
        v += 2.0 * s[L.EXIT_VALUE + side * NUM_HEXES + y]
    return v


#: Weight of the battle back a close combat is expected to draw (the attacker
#: strikes first, and a hit target may retreat or fall before it answers).
BACK_WEIGHT = 0.6
#: Below this expected net outcome a close combat is declined.
BAD_CLOSE = -0.3
#: Card-choice worth of a unit ordered by Clash of Shields (it close-combats
#: with +2 dice) and of a Darken the Sky unit with a target (two shots); a
#: plain ordered unit is worth 1, 2 within two hexes of the enemy.
CLASH_UNIT_WORTH = 3.0
DARKEN_UNIT_WORTH = 2.5


@njit(cache=True)
def _unit_worth(s, h, side):
    """Card-choice worth of ordering the unit at ``h``."""
    return 2.0 if _enemy_distance(s, h, side) <= 2 else 1.0


@njit(cache=True)
def _order_score(s, h, side):
    """Which unit to order first: the nearest the enemy, then the strongest."""
    return 10.0 - _enemy_distance(s, h, side) + 0.25 * s[L.UNIT_BLOCKS + h]


@njit(cache=True)
def _order_greedily(t, side):
    """Order units on ``t`` (after the card) the way the heuristic would, best
    first, until no order is left. Returns the card-choice worth of the
    ordered units and the sum of their order scores."""
    worth = 0.0
    total = 0.0
    for _ in range(NUM_HEXES + 1):
        best = -1
        top = -1e18
        for h in range(NUM_HEXES):
            if may_order_unit(t, h):
                sc = _order_score(t, h, side)
                if sc > top:
                    top = sc
                    best = h
        if best < 0:
            break
        order_unit(t, best)
        worth += _unit_worth(t, best, side)
        total += top
    return worth, total


@njit(cache=True)
def _leader_group(s, h, side, tmp):
    """CCA §4.3: order the leader at ``h`` under the Leadership card in play,
    then his linked units greedily (on ``tmp``). Returns (card-choice worth,
    sum of order scores) of the group, the leader's own unit included."""
    copy_into(tmp, s, s.size)
    order_leader(tmp, h)
    worth = 0.0
    total = 0.0
    if tmp[L.UNIT_TYPE + h] != 0:
        worth = _unit_worth(tmp, h, side)
        total = _order_score(tmp, h, side)
    w, t = _order_greedily(tmp, side)
    return worth + w, total + t


@njit(cache=True)
def _has_ranged_target(s, h, out):
    """The unit at ``h`` has an enemy to fire at (in range and sight, not adjacent)."""
    battle_targets(s, h, out)
    for y in range(NUM_HEXES):
        if out[y] != 0 and DIST[h, y] >= 2:
            return True
    return False


@njit(cache=True)
def card_worth(s, c, tmp, tmp2, out):
    """Worth of playing card ``c`` now: the pieces it orders as the heuristic
    would order them (see the module docstring)."""
    side = s[L.CURRENT]
    if c == C_SPARTACUS or c == C_RALLY:
        # Dice are rolled when these are played: expect 4 useful faces in 6
        # (a symbol or a helmet) per die of Command, capped by the units there are.
        units = 0
        for h in range(NUM_HEXES):
            if s[L.UNIT_TYPE + h] != 0 and s[L.UNIT_SIDE + h] == side:
                units += 1
        if c == C_RALLY:
            units = 0
            for h in range(NUM_HEXES):
                t = unit_at(s, h)
                if t >= 0 and s[L.UNIT_SIDE + h] == side and s[L.UNIT_BLOCKS + h] < FULL_BLOCKS[t]:
                    if friendly_leader_near(s, h, side):
                        units += 1
        return min(units, s[L.COMMAND + side] * 4.0 / 6.0) * 1.5
    copy_into(tmp, s, s.size)
    play_card(tmp, c)
    if c == C_CLASH or c == C_DARKEN:
        # the units are ordered at once; with none, the card orders one unit
        worth = 0.0
        automatic = False
        for h in range(NUM_HEXES):
            f = tmp[L.UNIT_FLAGS + h]
            if tmp[L.UNIT_TYPE + h] == 0 or tmp[L.UNIT_SIDE + h] != side or (f & L.UF_ORDERED) == 0:
                continue
            automatic = True
            if c == C_CLASH:
                worth += CLASH_UNIT_WORTH
            else:
                worth += DARKEN_UNIT_WORTH if _has_ranged_target(tmp, h, out) else 0.5
        if automatic:
            return worth
    best = 0.0
    if tmp[L.ORDER_RULE] == P.ORDER_LEADERSHIP:
        for h in range(NUM_HEXES):
            if may_order_leader(tmp, h):
                w, _ = _leader_group(tmp, h, side, tmp2)
                best = max(best, w)
    w, _ = _order_greedily(tmp, side)
    return max(best, w)


@njit(cache=True)
def _with_unit_at(tmp, s, src, y):
    """``tmp``: ``s`` with the unit at ``src`` moved to ``y`` (it has moved
    ``DIST[src, y]`` more hexes), to judge the battles it would have there."""
    copy_into(tmp, s, s.size)
    if y == src:
        return
    tmp[L.UNIT_TYPE + y] = s[L.UNIT_TYPE + src]
    tmp[L.UNIT_SIDE + y] = s[L.UNIT_SIDE + src]
    tmp[L.UNIT_BLOCKS + y] = s[L.UNIT_BLOCKS + src]
    tmp[L.UNIT_FLAGS + y] = s[L.UNIT_FLAGS + src]
    tmp[L.UNIT_MOVED + y] = s[L.UNIT_MOVED + src] + DIST[src, y]
    tmp[L.UNIT_TYPE + src] = 0
    tmp[L.UNIT_BLOCKS + src] = 0
    tmp[L.UNIT_FLAGS + src] = 0
    tmp[L.UNIT_MOVED + src] = 0


@njit(cache=True)
def _hit_faces(s, h, close):
    """Faces of six that hit for the unit at ``h`` (its target's symbol, plus
    swords and a near leader's helmet in close combat; CCA §3.9.2)."""
    if not close:
        return 1.0
    t = unit_at(s, h)
    n = 1.0
    if t == EL or UNIT_SWORDS_HIT[t] != 0:
        n += 1.0
    if friendly_leader_near(s, h, s[L.UNIT_SIDE + h]):
        n += 1.0
    return n


@njit(cache=True)
def net_hits(s, h, y):
    """Expected outcome of the unit at ``h`` battling ``y`` (close combat when
    adjacent, else ranged): expected hits, plus a share for the chance to
    eliminate, less the weighted battle back a close combat draws."""
    close = DIST[h, y] == 1
    dice = close_dice(s, h, y, False, full_strength(s, h)) if close else ranged_dice(s, h, y)
    if lone_leader(s, y):
        return dice / 6.0  # a helmet hits a lone leader
    hits = dice * _hit_faces(s, h, close) / 6.0
    blocks = max(1, s[L.UNIT_BLOCKS + y])
    v = hits + 0.5 * min(1.0, hits / blocks)
    if close:
        back = close_dice(s, y, h, True, full_strength(s, y)) * _hit_faces(s, y, True) / 6.0
        v -= BACK_WEIGHT * back * max(0.0, 1.0 - hits / blocks)
    return v


@njit(cache=True)
def best_battle(s, h, out):
    """The best :func:`net_hits` of the unit at ``h`` over its targets, and
    whether it has any (it may battle and someone is in reach)."""
    if not may_battle(s, h):
        return 0.0, False
    if battle_targets(s, h, out) == 0:
        return 0.0, False
    best = -1e18
    for y in range(NUM_HEXES):
        if out[y] != 0:
            best = max(best, net_hits(s, h, y))
    return best, True


@njit(cache=True)
def heuristic_action(s, mask, rng, at):
    """One-ply heuristic (see the module docstring)."""
    scores = np.zeros(P.NUM_ACTIONS)
    scores[P.A_DONE] = -100.0
    ph = s[L.PHASE]
    side = s[L.CURRENT]
    tmp = s.copy()
    tmp2 = s.copy()
    out = np.zeros(NUM_HEXES, np.int32)
    if ph == P.PH_PLAY:
        for c in range(NUM_CARD_TYPES):
            if s[L.HAND + side * NUM_CARD_TYPES + c] != 0:
                scores[P.A_PLAY + c] = card_worth(s, c, tmp, tmp2, out)
    leadership = ph == P.PH_ORDER and s[L.ORDER_RULE] == P.ORDER_LEADERSHIP and s[L.LEAD_HEX] < 0
    for h in range(NUM_HEXES):
        if mask[P.A_ORDER_UNIT + h]:
            scores[P.A_ORDER_UNIT + h] = _order_score(s, h, side)
        if mask[P.A_ORDER_LEADER + h]:
            if leadership:
                # CCA §4.3: the leader and his linked units, against one unit alone
                scores[P.A_ORDER_LEADER + h] = _leader_group(s, h, side, tmp)[1]
            else:
                scores[P.A_ORDER_LEADER + h] = -50.0
        if mask[P.A_PICK_LEADER + h]:
            scores[P.A_PICK_LEADER + h] = -50.0
        if mask[P.A_PICK_UNIT + h]:
            if ph == P.PH_BATTLE:
                v, _ = best_battle(s, h, out)
                close_only = not _has_ranged_target(s, h, out)
                scores[P.A_PICK_UNIT + h] = -150.0 if v < BAD_CLOSE and close_only else v
            else:
                scores[P.A_PICK_UNIT + h] = -_enemy_distance(s, h, side)
    if ph == P.PH_MOVE_DEST:
        src = s[L.SELECTED]
        if s[L.SELECTED_LEADER] != 0:
            for y in range(NUM_HEXES):
                if mask[P.A_HEX + y]:
                    scores[P.A_HEX + y] = 1.0 if y == src else (2.0 if s[L.UNIT_TYPE + y] else 0.0)
        else:
            for y in range(NUM_HEXES):
                if mask[P.A_HEX + y]:
                    _with_unit_at(tmp, s, src, y)
                    d = _enemy_distance(tmp, y, side)
                    v, any_target = best_battle(tmp, y, out)
                    scores[P.A_HEX + y] = (
                        -max(d - 1, 0)
                        + (2.0 * v if any_target else 0.0)
                        + 0.3 * _friends_near(s, y, side)
                        + _objective(s, y, src, side)
                    )
            scores[P.A_EXIT] = 20.0  # CCA §5.1: leaving by an exit hex scores banners
    elif ph == P.PH_TARGET or ph == P.PH_BONUS:
        h = s[L.SELECTED]
        for y in range(NUM_HEXES):
            if mask[P.A_HEX + y]:
                if s[L.UNIT_TYPE + y] == 0:
                    scores[P.A_HEX + y] = 3.0
                elif ph == P.PH_TARGET and h >= 0:
                    scores[P.A_HEX + y] = (
                        5.0 + 2.0 * net_hits(s, h, y) + 0.5 * UNIT_CLASS[unit_at(s, y)]
                    )
                else:
                    scores[P.A_HEX + y] = (
                        5.0 - s[L.UNIT_BLOCKS + y] + 0.5 * UNIT_CLASS[unit_at(s, y)]
                    )
        if ph == P.PH_BONUS:
            scores[P.A_DONE] = 0.0
    elif ph == P.PH_REACT:
        dfd = s[L.CB_DEFENDER]
        weak = s[L.UNIT_BLOCKS + dfd] <= 2 or UNIT_CLASS[unit_at(s, dfd)] == 0
        scores[P.A_EVADE] = 1.0 if weak else -1.0
        scores[P.A_STAND] = 0.0
        scores[P.A_FIRST_STRIKE] = 0.5
    elif ph == P.PH_LEADER_EVADE:
        for y in range(NUM_HEXES):
            if mask[P.A_HEX + y]:
                scores[P.A_HEX + y] = 2.0 if s[L.UNIT_TYPE + y] != 0 else 1.0
        scores[P.A_LEADER_OFF] = 0.0
    elif ph == P.PH_ADVANCE:
        scores[P.A_DONE] = 0.0
        for y in range(NUM_HEXES):
            if mask[P.A_HEX + y]:
                scores[P.A_HEX + y] = 1.0
    scores[P.A_BATTLE_BACK] = 1.0
    for k in range(5):
        scores[P.A_IGNORE + k] = k
    return _pick_best(scores, mask, rng, at)


@njit(cache=True)
def agent_action(kind, s, mask, rng, at):
    if kind == HEURISTIC:
        return heuristic_action(s, mask, rng, at)
    return random_action(s, mask, rng, at)
