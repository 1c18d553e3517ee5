"""Reading and moving pieces, dice, banners: the small helpers every rule uses."""

import numpy as np
from numba import njit

from catan_env.core.rng import below_at

from . import layout as L
from .board import BASELINE_ROW, DIST, HEX_R, NEIGHBORS, NUM_HEXES, REAR
from .phases import PH_OVER
from .units import EL, TERRAIN_IMPASSABLE
from .units import UNIT_BLOCKS as FULL_BLOCKS


@njit(cache=True)
def unit_at(s, h):
    """Unit type code at ``h``, -1 if none."""
    return s[L.UNIT_TYPE + h] - 1


@njit(cache=True)
def has_leader(s, h):
    return s[L.LEADER + h] != 0


@njit(cache=True)
def lone_leader(s, h):
    """A leader with no unit in his hex."""
    return s[L.LEADER + h] != 0 and s[L.UNIT_TYPE + h] == 0


@njit(cache=True)
def side_at(s, h):
    """Side of the piece(s) at ``h`` (unit first, then leader), -1 if empty."""
    if s[L.UNIT_TYPE + h] != 0:
        return s[L.UNIT_SIDE + h]
    if s[L.LEADER + h] != 0:
        return s[L.LEADER_SIDE + h]
    return -1


@njit(cache=True)
def impassable(s, h):
    return TERRAIN_IMPASSABLE[s[L.TERRAIN + h]] != 0


@njit(cache=True)
def full_strength(s, h):
    t = unit_at(s, h)
    return t >= 0 and s[L.UNIT_BLOCKS + h] == FULL_BLOCKS[t]


@njit(cache=True)
def adjacent_enemy_unit(s, h, side):
    for k in range(6):
        n = NEIGHBORS[h, k]
        if n >= 0 and s[L.UNIT_TYPE + n] != 0 and s[L.UNIT_SIDE + n] != side:
            return True
    return False


@njit(cache=True)
def friendly_leader_near(s, h, side):
    """A friendly leader in ``h`` or an adjacent hex (helmets hit, CCA §3.9.2)."""
    if s[L.LEADER + h] != 0 and s[L.LEADER_SIDE + h] == side:
        return True
    for k in range(6):
        n = NEIGHBORS[h, k]
        if n >= 0 and s[L.LEADER + n] != 0 and s[L.LEADER_SIDE + n] == side:
            return True
    return False


@njit(cache=True)
def supported(s, h, side):
    """CCA §3.11.2: two or more adjacent friendly units (elephants never receive it)."""
    if unit_at(s, h) == EL:
        return False
    count = 0
    for k in range(6):
        n = NEIGHBORS[h, k]
        if n < 0:
            continue
        if s[L.UNIT_TYPE + n] != 0 and s[L.UNIT_SIDE + n] == side:
            count += 1
        elif s[L.OPT_SUPPORT_LEADERS] != 0 and lone_leader(s, n) and s[L.LEADER_SIDE + n] == side:
            count += 1
    return count >= 2


@njit(cache=True)
def distance(a, b):
    return DIST[a, b]


@njit(cache=True)
def on_baseline(h, side):
    return HEX_R[h] == BASELINE_ROW[side]


@njit(cache=True)
def rear_hex(h, side, k):
    return REAR[side, h, k]


@njit(cache=True)
def die(s):
    """One battle die: the next forced face if any is queued, else the generator."""
    if s[L.FORCED_POS] < s[L.FORCED_N]:
        f = s[L.FORCED + s[L.FORCED_POS]]
        s[L.FORCED_POS] += 1
        return f
    return below_at(s, L.RNG, 6)


@njit(cache=True)
def roll(s, n):
    """Roll ``n`` battle dice; the faces go to ``DICE`` (the first ``MAX_DICE``)."""
    out = np.zeros(6, np.int64)
    for i in range(n):
        f = die(s)
        out[f] += 1
        if i < L.MAX_DICE:
            s[L.DICE + i] = f
    s[L.DICE_N] = min(n, L.MAX_DICE)
    return out


@njit(cache=True)
def roll_one(s):
    return die(s)


@njit(cache=True)
def award_banner(s, side):
    """One banner to ``side``; the game ends the moment it reaches the target (CCA §3.2)."""
    s[L.BANNERS + side] += 1
    if s[L.BANNERS + side] >= s[L.BANNERS_TO_WIN] and s[L.WINNER] == 0:
        s[L.WINNER] = side + 1
        s[L.PHASE] = PH_OVER


# Everything a unit is, per hex: moving a unit moves these, removing it clears them.
_UNIT_FIELDS = np.array(
    (L.UNIT_TYPE, L.UNIT_SIDE, L.UNIT_BLOCKS, L.UNIT_FLAGS, L.UNIT_MOVED, L.UNIT_ELITE), np.int64
)


@njit(cache=True)
def remove_unit(s, h, banner):
    """Take the unit at ``h`` off the board (its leader, if any, stays)."""
    side = s[L.UNIT_SIDE + h]
    s[L.BLOCKS_LOST + side] += s[L.UNIT_BLOCKS + h]
    for f in _UNIT_FIELDS:
        s[f + h] = 0
    if banner:
        s[L.LOST_UNITS + side] += 1
        award_banner(s, 1 - side)
    else:
        s[L.GONE_UNITS + side] += 1


@njit(cache=True)
def remove_leader(s, h, banner):
    """Take the leader at ``h`` off the board: killed (banner) or gone by his baseline."""
    side = s[L.LEADER_SIDE + h]
    lid = s[L.LEADER + h]
    s[L.LEADER + h] = 0
    s[L.LEADER_SIDE + h] = 0
    s[L.LEADER_FLAGS + h] = 0
    if banner:
        s[L.LOST_LEADERS + side] += 1
        for i in range(L.MAX_HAND_RULES):
            # CCA §5.1 hand-size change "when leader X is eliminated": applied at the
            # end of the turn (special.apply_hand_rules)
            if s[L.HS_TRIGGER + i] == L.HS_LEADER_LOST and s[L.HS_PARAM + i] == lid:
                if s[L.HS_STATE + i] == 0:
                    s[L.HS_STATE + i] = 1
        award_banner(s, 1 - side)


@njit(cache=True)
def lose_blocks(s, h, n):
    """Remove ``n`` blocks from the unit at ``h``; returns the blocks actually lost."""
    left = s[L.UNIT_BLOCKS + h]
    lost = min(n, left)
    if lost <= 0:
        return 0
    if lost == left:
        remove_unit(s, h, True)
    else:
        s[L.UNIT_BLOCKS + h] = left - lost
        s[L.BLOCKS_LOST + s[L.UNIT_SIDE + h]] += lost
    return lost


@njit(cache=True)
def move_unit(s, a, b):
    """Move the unit at ``a`` (and its attached leader) to ``b``; a lone friendly
    leader at ``b`` attaches to it."""
    if a == b:
        return
    for f in _UNIT_FIELDS:
        s[f + b] = s[f + a]
        s[f + a] = 0
    if s[L.LEADER + a] != 0:
        move_leader(s, a, b)


@njit(cache=True)
def move_leader(s, a, b):
    if a == b:
        return
    s[L.LEADER + b] = s[L.LEADER + a]
    s[L.LEADER_SIDE + b] = s[L.LEADER_SIDE + a]
    s[L.LEADER_FLAGS + b] = s[L.LEADER_FLAGS + a]
    s[L.LEADER + a] = 0
    s[L.LEADER_SIDE + a] = 0
    s[L.LEADER_FLAGS + a] = 0


@njit(cache=True)
def count_units(s, side):
    n = 0
    for h in range(NUM_HEXES):
        if s[L.UNIT_TYPE + h] != 0 and s[L.UNIT_SIDE + h] == side:
            n += 1
    return n
