"""Jitted agents for Ancients (the loops that play them are generated from the kernel template).

Agent kinds: ``RANDOM`` (uniform over the legal actions, but it ends a step
with ``done`` only when nothing else is legal, so random games reach a winner)
and ``HEURISTIC`` (one-ply scores: the card that orders most units, move
toward the enemy, battle the weakest target, evade when weak, always battle
back and ignore every flag it may; a scenario's victory hexes it may take or must
hold and its exit hexes add to a destination's score, and leaving by an exit
hex is preferred to any move). Each agent draws from its own generator
words, never the game's, so an agent's choices do not change the game's dice.
"""

import numpy as np
from numba import njit

from catan_env.core.rng import below_at

from .board import DIST, NUM_HEXES
from .layout import (
    CB_DEFENDER,
    CURRENT,
    EXIT_VALUE,
    HAND,
    PHASE,
    SELECTED,
    SELECTED_LEADER,
    UNIT_BLOCKS,
    UNIT_SIDE,
    UNIT_TYPE,
    VH_BANNERS,
    VH_HOLDER,
    VH_PERMANENT,
    VH_SIDES,
)
from .phases import (
    A_BATTLE_BACK,
    A_DONE,
    A_EVADE,
    A_EXIT,
    A_FIRST_STRIKE,
    A_HEX,
    A_IGNORE,
    A_LEADER_OFF,
    A_ORDER_LEADER,
    A_ORDER_UNIT,
    A_PICK_LEADER,
    A_PICK_UNIT,
    A_PLAY,
    A_STAND,
    NUM_ACTIONS,
    PH_ADVANCE,
    PH_BONUS,
    PH_LEADER_EVADE,
    PH_MOVE_DEST,
    PH_PLAY,
    PH_REACT,
    PH_TARGET,
)
from .pieces import unit_at
from .special import fire_range
from .turn import may_order_unit, play_card
from .units import NUM_CARD_TYPES, UNIT_CLASS

RANDOM, HEURISTIC = 0, 1
AGENT_NAMES = ("random", "heuristic")


@njit(cache=True)
def _pick_best(scores, mask, rng, at):
    """The legal action with the highest score, ties broken at random."""
    best = -1e18
    n = 0
    choice = -1
    for a in range(NUM_ACTIONS):
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
    scores = np.zeros(NUM_ACTIONS)
    scores[A_DONE] = -1.0
    return _pick_best(scores, mask, rng, at)


@njit(cache=True)
def _enemy_distance(s, h, side):
    best = 99
    for y in range(NUM_HEXES):
        if s[UNIT_TYPE + y] != 0 and s[UNIT_SIDE + y] != side:
            d = DIST[h, y]
            if d < best:
                best = d
    return best


@njit(cache=True)
def _friends_near(s, h, side):
    n = 0
    for y in range(NUM_HEXES):
        if DIST[h, y] == 1 and s[UNIT_TYPE + y] != 0 and s[UNIT_SIDE + y] == side:
            n += 1
    return n


@njit(cache=True)
def _objective(s, y, src, side):
    """Worth of ending a move on ``y`` for the scenario's objectives (CCA §5.1): a
    victory hex the side may score and does not hold (or holds only while it stays,
    if ``y`` is where the unit stands), an exit hex of the side."""
    v = 0.0
    n = s[VH_BANNERS + y]
    if n > 0 and (s[VH_SIDES + y] & (1 << side)) != 0:
        holder = s[VH_HOLDER + y] - 1
        if holder < 0 or (holder == side and y == src and s[VH_PERMANENT + y] == 0):
            v += 3.0 * n
    if s[EXIT_VALUE + side * NUM_HEXES + y] > 0:
        v += 2.0 * s[EXIT_VALUE + side * NUM_HEXES + y]
    return v


@njit(cache=True)
def heuristic_action(s, mask, rng, at):
    """One-ply heuristic (see the module docstring)."""
    scores = np.zeros(NUM_ACTIONS)
    scores[A_DONE] = -100.0
    ph = s[PHASE]
    side = s[CURRENT]
    if ph == PH_PLAY:
        tmp = s.copy()
        for c in range(NUM_CARD_TYPES):
            if s[HAND + side * NUM_CARD_TYPES + c] == 0:
                continue
            tmp[:] = s
            play_card(tmp, c)
            n = 0
            for h in range(NUM_HEXES):
                if may_order_unit(tmp, h):
                    n += 1
                    if _enemy_distance(tmp, h, side) <= 2:
                        n += 1
            scores[A_PLAY + c] = n
    for h in range(NUM_HEXES):
        if mask[A_ORDER_UNIT + h]:
            scores[A_ORDER_UNIT + h] = (
                10.0 - _enemy_distance(s, h, side) + 0.25 * s[UNIT_BLOCKS + h]
            )
        if mask[A_ORDER_LEADER + h]:
            scores[A_ORDER_LEADER + h] = -50.0
        if mask[A_PICK_LEADER + h]:
            scores[A_PICK_LEADER + h] = -50.0
        if mask[A_PICK_UNIT + h]:
            scores[A_PICK_UNIT + h] = -_enemy_distance(s, h, side)
    if ph == PH_MOVE_DEST:
        src = s[SELECTED]
        if s[SELECTED_LEADER] != 0:
            for y in range(NUM_HEXES):
                if mask[A_HEX + y]:
                    scores[A_HEX + y] = 1.0 if y == src else (2.0 if s[UNIT_TYPE + y] else 0.0)
        else:
            want = 2 if fire_range(s, src) > 0 else 1
            for y in range(NUM_HEXES):
                if mask[A_HEX + y]:
                    d = _enemy_distance(s, y, side)
                    scores[A_HEX + y] = (
                        -abs(d - want)
                        + 0.3 * _friends_near(s, y, side)
                        + _objective(s, y, src, side)
                    )
            scores[A_EXIT] = 20.0  # CCA §5.1: leaving by an exit hex scores banners
    elif ph == PH_TARGET or ph == PH_BONUS:
        for y in range(NUM_HEXES):
            if mask[A_HEX + y]:
                if s[UNIT_TYPE + y] == 0:
                    scores[A_HEX + y] = 3.0
                else:
                    scores[A_HEX + y] = 5.0 - s[UNIT_BLOCKS + y] + 0.5 * UNIT_CLASS[unit_at(s, y)]
        if ph == PH_BONUS:
            scores[A_DONE] = 0.0
    elif ph == PH_REACT:
        dfd = s[CB_DEFENDER]
        weak = s[UNIT_BLOCKS + dfd] <= 2 or UNIT_CLASS[unit_at(s, dfd)] == 0
        scores[A_EVADE] = 1.0 if weak else -1.0
        scores[A_STAND] = 0.0
        scores[A_FIRST_STRIKE] = 0.5
    elif ph == PH_LEADER_EVADE:
        for y in range(NUM_HEXES):
            if mask[A_HEX + y]:
                scores[A_HEX + y] = 2.0 if s[UNIT_TYPE + y] != 0 else 1.0
        scores[A_LEADER_OFF] = 0.0
    elif ph == PH_ADVANCE:
        scores[A_DONE] = 0.0
        for y in range(NUM_HEXES):
            if mask[A_HEX + y]:
                scores[A_HEX + y] = 1.0
    scores[A_BATTLE_BACK] = 1.0
    for k in range(5):
        scores[A_IGNORE + k] = k
    return _pick_best(scores, mask, rng, at)


@njit(cache=True)
def agent_action(kind, s, mask, rng, at):
    if kind == HEURISTIC:
        return heuristic_action(s, mask, rng, at)
    return random_action(s, mask, rng, at)
