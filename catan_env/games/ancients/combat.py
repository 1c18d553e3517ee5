"""Battle: targets, dice, hits, flags, retreats, leader checks, evades, battle back
and momentum (CCA §3.7-§3.12, in the engine order of §3.15).

A combat is resolved by a small stage machine kept in the state (``CB_*``): a
roll is made, then :func:`resolve` walks its stages (leader check, flags,
retreat, what follows) and stops whenever a player must decide (how many flags to
ignore, which retreat hex, where a leader evades, whether to battle back or
advance). The decision's action then continues :func:`resolve`.
"""

import numpy as np
from numba import njit

from . import layout as L
from . import phases as P
from .board import DIST, NEIGHBORS, NUM_HEXES, REAR, line_of_sight
from .movement import (
    battle_allowance,
    evade_destinations,
    leader_escape_costs,
    leader_evade_destinations,
    retreat_options,
    unit_stops_in,
)
from .pieces import (
    adjacent_enemy_unit,
    friendly_leader_near,
    full_strength,
    impassable,
    lone_leader,
    lose_blocks,
    move_leader,
    move_unit,
    remove_leader,
    remove_unit,
    roll,
    roll_one,
    supported,
    unit_at,
)
from .special import fire_dice, fire_range
from .units import (
    BROKEN,
    C_FIRST_STRIKE,
    CAMP,
    EL,
    ELEPHANT_DICE,
    FACE_FLAG,
    FACE_LEADER,
    FACE_SWORDS,
    FORD,
    FOREST,
    HEAVY,
    HILL,
    MARSH,
    NUM_CARD_TYPES,
    TERRAIN_BLOCKS_LOS,
    TERRAIN_CC_CAP,
    TERRAIN_FIRE_AT_CAP,
    TERRAIN_FIRE_FROM_CAP,
    UNIT_CAMEL,
    UNIT_CAVALRY,
    UNIT_CC_ATTACK,
    UNIT_CC_BACK,
    UNIT_CHARIOT,
    UNIT_CLASS,
    UNIT_EVADE,
    UNIT_FOREST_FIGHTER,
    UNIT_FULL_BONUS,
    UNIT_MOUNTED,
    UNIT_RETREAT,
    UNIT_SWORD_IGNORE,
    UNIT_SWORDS_HIT,
    WA,
    WM,
)

# ---------------------------------------------------------------- who may battle


@njit(cache=True)
def _blockers(s):
    """Hexes that block line of sight: any piece, blocking terrain (CCA §3.8.5, §3.13)."""
    b = np.zeros(NUM_HEXES, np.int32)
    camp_blocks = s[L.OPT_CAMP_BLOCKS_LOS] != 0
    for h in range(NUM_HEXES):
        terr = s[L.TERRAIN + h]
        if s[L.UNIT_TYPE + h] != 0 or s[L.LEADER + h] != 0 or TERRAIN_BLOCKS_LOS[terr] != 0:
            b[h] = 1
        elif terr == CAMP and camp_blocks:
            b[h] = 1
    return b


@njit(cache=True)
def may_battle(s, h):
    """CCA §3.6.2, §3.9.5, §3.13: the ordered unit at ``h`` may still battle this turn."""
    t = unit_at(s, h)
    if t < 0:
        return False
    f = s[L.UNIT_FLAGS + h]
    if (f & L.UF_ORDERED) == 0 or (f & L.UF_BATTLED) != 0:
        return False
    moved = s[L.UNIT_MOVED + h]
    if moved > battle_allowance(s, h):
        return False
    if moved > 0 and (f & L.UF_ADVANCED) == 0:
        terr = s[L.TERRAIN + h]
        if terr == FOREST and UNIT_FOREST_FIGHTER[t] == 0:
            return False
        if terr == BROKEN and UNIT_MOUNTED[t] != 0:
            return False
    return True


@njit(cache=True)
def may_fire(s, h):
    """CCA §3.8.1-§3.8.2: a missile unit not adjacent to an enemy unit."""
    if fire_range(s, h) == 0 or (s[L.UNIT_FLAGS + h] & L.UF_CHARGED) != 0:
        return False
    if (s[L.CARD_FLAGS] & L.CF_NO_FIRE) != 0 and (s[L.UNIT_FLAGS + h] & L.UF_NO_CARD_BONUS) == 0:
        return False
    return not adjacent_enemy_unit(s, h, s[L.UNIT_SIDE + h])


@njit(cache=True)
def enemy_target(s, h, side):
    """A unit or a lone leader of the other side at ``h``."""
    if s[L.UNIT_TYPE + h] != 0:
        return s[L.UNIT_SIDE + h] != side
    return s[L.LEADER + h] != 0 and s[L.LEADER_SIDE + h] != side


@njit(cache=True)
def battle_targets(s, h, out):
    """Targets of the unit at ``h``: adjacent enemies (close combat) or, for a
    missile unit not adjacent to an enemy unit, enemies at 2..range in line of
    sight (ranged). Returns the number of targets."""
    for i in range(NUM_HEXES):
        out[i] = 0
    side = s[L.UNIT_SIDE + h]
    n = 0
    close_ok = (s[L.CARD_FLAGS] & L.CF_NO_CLOSE) == 0 or (
        s[L.UNIT_FLAGS + h] & L.UF_NO_CARD_BONUS
    ) != 0
    for k in range(6):
        y = NEIGHBORS[h, k]
        if close_ok and y >= 0 and enemy_target(s, y, side):
            out[y] = 1
            n += 1
    if may_fire(s, h):
        rng = fire_range(s, h)
        blockers = _blockers(s)
        for y in range(NUM_HEXES):
            d = DIST[h, y]
            if d >= 2 and d <= rng and enemy_target(s, y, side):
                if line_of_sight(blockers, h, y):
                    out[y] = 1
                    n += 1
    return n


# ---------------------------------------------------------------- dice


@njit(cache=True)
def _terrain_cap(s, by, at, dice):
    """CCA §3.13: maximum dice in close combat from the two hexes' terrain; where
    both hexes limit the dice, the lowest limit holds."""
    tb = s[L.TERRAIN + by]
    ta = s[L.TERRAIN + at]
    cap = min(dice, TERRAIN_CC_CAP[tb], TERRAIN_CC_CAP[ta])
    mounted = UNIT_MOUNTED[unit_at(s, by)] != 0
    if ta == HILL and tb != HILL:
        cap = min(cap, 2)
    if tb == HILL and ta != HILL and not mounted:
        cap = min(cap, 3)
    if tb == HILL and s[L.OPT_HILL_CAPS] != 0:
        # option cnc_hill_caps (CNC only in the rules file): a mounted unit on a hill
        # rolls at most 2, a foot unit battling hill to hill at most 3
        cap = min(cap, 2 if mounted else 3)
    return cap


@njit(cache=True)
def card_bonus(s, h, ranged):
    """CCA §4.4: extra dice the card played gives the active side's ordered unit
    (Clash of Shields +2 close, not in bonus combats; Mounted Charge +1 close,
    bonus combats too); never to a unit ordered by a card's fallback."""
    f = s[L.UNIT_FLAGS + h]
    if (
        (f & L.UF_ORDERED) == 0
        or (f & L.UF_NO_CARD_BONUS) != 0
        or s[L.UNIT_SIDE + h] != s[L.ACTIVE]
    ):
        return 0
    if ranged:
        return s[L.CARD_FIRE_DICE]
    if s[L.CB_KIND] == P.COMBAT_BONUS:
        return s[L.CARD_BONUS_CC_DICE]
    return s[L.CARD_CC_DICE]


@njit(cache=True)
def close_dice(s, by, at, back, full):
    """CCA §3.9.3-§3.9.4: dice of the unit at ``by`` in close combat against ``at``."""
    t = unit_at(s, by)
    dice = UNIT_CC_BACK[t] if back else UNIT_CC_ATTACK[t]
    if t == EL:
        # CCA §3.9.7, §6.3: the dice the unit it fights would normally roll against it
        dice = 1 if lone_leader(s, at) else ELEPHANT_DICE[unit_at(s, at)]
    elif UNIT_FULL_BONUS[t] != 0 and full:
        dice += 1
    dice = _camp_penalty(s, by, _terrain_cap(s, by, at, dice))
    if not back:
        dice += card_bonus(s, by, False)
    return dice


@njit(cache=True)
def _camp_penalty(s, by, dice):
    """CCA §3.13 (option camp_dice_penalty, CNC): battling from a fortified camp costs
    1 die, after the caps and before card bonuses; never below 0 dice (as CNC)."""
    if s[L.OPT_CAMP_DICE_PENALTY] != 0 and s[L.TERRAIN + by] == CAMP:
        return max(0, dice - 1)
    return dice


@njit(cache=True)
def ranged_dice(s, by, at):
    """CCA §3.8.4, §3.13: 2 dice unmoved, 1 moved; at most 1 at a target in a forest
    or from a ford or a marsh; the camp's die less (option) after those caps."""
    dice = fire_dice(s, by)  # 2 unmoved, 1 moved; a scenario's own dice (CCA §5.1)
    dice = min(
        dice, TERRAIN_FIRE_AT_CAP[s[L.TERRAIN + at]], TERRAIN_FIRE_FROM_CAP[s[L.TERRAIN + by]]
    )
    dice = _camp_penalty(s, by, dice)
    dice += card_bonus(s, by, True)
    return dice


@njit(cache=True)
def score(s, faces, by, at, close, evade_roll):
    """Hits and flags of a roll by the unit at ``by`` against the piece at ``at``
    (CCA §3.8.4, §3.9.2, §3.9.8, §3.11.4, §3.12.4). Returns (hits, flags)."""
    tb = unit_at(s, by)
    if lone_leader(s, at):
        return faces[FACE_LEADER], 0
    ta = unit_at(s, at)
    cls = UNIT_CLASS[ta]
    hits = faces[cls]
    if evade_roll:
        return hits, 0
    flags = faces[FACE_FLAG]
    if close:
        if UNIT_CAMEL[ta] != 0 and (UNIT_CAVALRY[tb] != 0 or UNIT_CHARIOT[tb] != 0) and hits > 0:
            hits -= 1  # a camel ignores 1 symbol hit from cavalry or chariots
        if tb == EL:
            hits += faces[FACE_SWORDS]  # net sword hits of the re-rolls (elephant_roll)
        elif UNIT_SWORDS_HIT[tb] != 0:
            hits += max(0, faces[FACE_SWORDS] - sword_ignore(s, at))
        if ta == EL and (UNIT_CAVALRY[tb] != 0 or UNIT_CHARIOT[tb] != 0) and faces[HEAVY] > 0:
            hits -= 1  # an elephant ignores 1 red hit from cavalry or chariots
        if tb != EL and friendly_leader_near(s, by, s[L.UNIT_SIDE + by]):
            hits += faces[FACE_LEADER]
    return hits, flags


@njit(cache=True)
def in_camp_on_foot(s, h):
    """CCA §3.13 [p.14]: a foot unit on a fortified camp ignores 1 sword hit and 1 flag."""
    return s[L.TERRAIN + h] == CAMP and UNIT_MOUNTED[unit_at(s, h)] == 0


@njit(cache=True)
def sword_ignore(s, h):
    """CCA §3.9.8: sword hits the unit at ``h`` ignores in close combat (99: all)."""
    n = UNIT_SWORD_IGNORE[unit_at(s, h)]
    if in_camp_on_foot(s, h):
        n += 1
    return n


# ---------------------------------------------------------------- rolls

# ROLL_LEADER: the one leader casualty check of a roll (CCA §3.12.2)
CHECK_NONE = 0  # no leader was attached when the roll was made
CHECK_DUE = 1  # a leader was attached and no check has been made yet: made after the
# hits, or after the retreat when the hits cost blocks and the flags could still
# eliminate the unit (the check waits to see whether it is the 1-die or the 2-dice one)
CHECK_MADE = 2  # the check is made (or no longer matters)
CHECK_MADE_ALIVE = 3  # made right after the hits, the unit alive: no flag could
# eliminate it, so it is made and done (kept apart from CHECK_MADE for the record)


@njit(cache=True)
def _start_roll(s, by, at, step, ndice, close, evade_roll):
    """Roll, score and remove blocks (CCA §3.15 steps 1-3); :func:`resolve` does the rest."""
    if close and not evade_roll and unit_at(s, by) == EL and not lone_leader(s, at):
        faces = elephant_roll(s, ndice, sword_ignore(s, at))
    else:
        faces = roll(s, ndice)
    hits, flags = score(s, faces, by, at, close, evade_roll)
    s[L.CB_STEP] = step
    s[L.ROLL_BY] = by
    s[L.ROLL_AT] = at
    s[L.ROLL_FLAGS] = flags
    s[L.ROLL_LOST] = 0
    s[L.ROLL_EXTRA] = 0
    s[L.RETREAT_LEFT] = 0
    s[L.RAMPAGE_K] = -1
    if lone_leader(s, at):
        s[L.ROLL_LEADER] = 0
        s[L.CB_STAGE] = P.RS_AFTER
        if hits > 0:
            remove_leader(s, at, True)
        else:
            _leader_must_evade(s, at, P.RS_AFTER)
        return
    s[L.ROLL_LEADER] = CHECK_DUE if s[L.LEADER + at] != 0 else CHECK_NONE
    tb = unit_at(s, by)
    ta = unit_at(s, at)
    if close and (UNIT_CAMEL[tb] != 0 or tb == EL) and (UNIT_CAVALRY[ta] or UNIT_CHARIOT[ta]):
        s[L.ROLL_EXTRA] = 1  # cavalry/chariots retreat 1 more hex per camel/elephant flag
    if hits > 0:
        s[L.ROLL_LOST] = lose_blocks(s, at, hits)
    s[L.CB_STAGE] = P.RS_CHECK


@njit(cache=True)
def elephant_roll(s, n, ignore):
    """CCA §3.9.7: each sword an elephant rolls is a hit and is rolled again,
    until no sword shows; swords the target ignores are neither hits nor re-rolled.
    Returns face counts whose swords entry is the net sword hits."""
    total = np.zeros(6, np.int64)
    swords = 0
    left = n
    while left > 0:
        faces = roll(s, left)
        for f in range(5):
            total[f] += faces[f]
        sw = faces[FACE_SWORDS]
        skip = min(sw, ignore)
        ignore -= skip
        swords += sw - skip
        left = sw - skip
    total[FACE_SWORDS] = swords
    return total


@njit(cache=True)
def _ignorable(s, h):
    """CCA §3.11.2: flags the unit at ``h`` may ignore in this combat."""
    t = unit_at(s, h)
    side = s[L.UNIT_SIDE + h]
    n = 0
    if supported(s, h, side):
        n += 1
    if s[L.LEADER + h] != 0 and t != EL:
        n += 1
    if t == EL and s[L.ROLL_BY] >= 0 and s[L.UNIT_TYPE + s[L.ROLL_BY]] != 0:
        tb = unit_at(s, s[L.ROLL_BY])
        if (UNIT_CAVALRY[tb] != 0 or UNIT_CHARIOT[tb] != 0) and s[L.CB_KIND] != P.COMBAT_RANGED:
            n += 1  # an elephant ignores 1 flag from cavalry or chariots
    if UNIT_FULL_BONUS[t] != 0:
        full = s[L.CB_DEF_FULL] if h == s[L.CB_DEFENDER] else s[L.CB_ATT_FULL]
        if full != 0:
            n += 1
    if in_camp_on_foot(s, h):
        n += 1  # against fire too: the rule names no kind of combat
    n += s[L.UNIT_ELITE + h]  # CCA §5.1 elite units (special_rules.py)
    return min(n, P.MAX_IGNORE)


@njit(cache=True)
def _leader_must_evade(s, h, resume):
    """A leader left alone (or attacked alone) who survived must evade (CCA §3.12.5)."""
    buf = np.zeros(NUM_HEXES, np.int32)
    n, off = leader_evade_destinations(s, h, buf)
    if n == 0 and not off:
        n2, off2 = leader_escape_costs(s, h, buf)
        if n2 == 0 and off2 < 0:
            # no evade and no escape: eliminated (CCA §3.12.5 interpretation)
            remove_leader(s, h, True)
            if resume != P.RS_MOVE:  # outside a combat (a marsh move) there is no stage
                s[L.CB_STAGE] = resume
            return
    s[L.EVADER] = h
    s[L.EVADE_RETURN] = resume
    s[L.PHASE] = P.PH_LEADER_EVADE
    s[L.CURRENT] = s[L.LEADER_SIDE + h]


@njit(cache=True)
def set_retreat(s, ignored):
    """The owner has chosen how many flags to ignore: set the retreat length."""
    at = s[L.ROLL_AT]
    need = s[L.ROLL_FLAGS] - ignored
    if need > 0:
        per = UNIT_RETREAT[unit_at(s, at)] + s[L.ROLL_EXTRA]
        s[L.RETREAT_LEFT] = need * per
    s[L.CB_STAGE] = P.RS_RETREAT


@njit(cache=True)
def retreat_step(s, y):
    """Move the retreating unit one hex to ``y`` (CCA §3.11.1)."""
    at = s[L.ROLL_AT]
    joins = s[L.LEADER + y] != 0
    move_unit(s, at, y)
    s[L.ROLL_AT] = y
    s[L.RETREAT_LEFT] -= 1
    if at == s[L.CB_ATTACKER] and s[L.UNIT_SIDE + y] == s[L.ACTIVE]:
        # A battle back or First Strike pushes the attacker back: it has battled this
        # turn (CCA §3.9) although end_combat no longer finds it on its hex. The
        # attacker's hex stays the combat's: an emptied hex tells First Strike's
        # _after_roll that the attacker left and makes no attack.
        s[L.UNIT_FLAGS + y] |= L.UF_BATTLED
    if joins:
        s[L.RETREAT_LEFT] = 0  # the lone friendly leader attaches; the retreat stops
        s[L.LEADER_FLAGS + y] |= L.LF_MOVED
    if s[L.TERRAIN + y] == MARSH:
        # CCA §3.13 (CNC): a retreat into a marsh rolls the marsh check; its loss is
        # part of this roll's sequence, so the roll's one leader check covers it
        s[L.ROLL_LOST] += marsh_loss(s, y)


@njit(cache=True)
def resolve(s):
    """Walk the stages of the current roll until a decision is needed (CCA §3.15)."""
    two = np.zeros(2, np.int32)
    while s[L.WINNER] == 0 and s[L.PHASE] != P.PH_LEADER_EVADE:
        st = s[L.CB_STAGE]
        at = s[L.ROLL_AT]
        if st == P.RS_CHECK:
            # CCA §3.9.1 step 5, §3.15 step 4: the check follows the hits and comes
            # before the flags, so a leader it kills lets his unit ignore no flag.
            # CCA §3.12.2: when the flags could still eliminate the unit by a failed
            # retreat, the roll's one check waits for the retreat (RS_LATE_CHECK):
            # 1 die if the unit was eliminated, 2 dice if it survived
            s[L.CB_STAGE] = P.RS_FLAGS
            if (
                s[L.ROLL_LEADER] == CHECK_DUE
                and s[L.ROLL_LOST] > 0
                and s[L.LEADER + at] != 0
                and not _retreat_may_eliminate(s, at)
            ):
                alive = s[L.UNIT_TYPE + at] != 0
                s[L.ROLL_LEADER] = CHECK_MADE_ALIVE if alive else CHECK_MADE
                if _casualty_check(s, at, P.RS_FLAGS):
                    return
        elif st == P.RS_FLAGS:
            if s[L.UNIT_TYPE + at] == 0 or s[L.ROLL_FLAGS] == 0:
                s[L.CB_STAGE] = P.RS_LATE_CHECK
                continue
            most = min(_ignorable(s, at), s[L.ROLL_FLAGS])
            if most > 0:
                s[L.PHASE] = P.PH_IGNORE
                s[L.CURRENT] = s[L.UNIT_SIDE + at]
                return
            set_retreat(s, 0)
        elif st == P.RS_RETREAT:
            if s[L.RETREAT_LEFT] <= 0 or s[L.UNIT_TYPE + at] == 0:
                s[L.CB_STAGE] = P.RS_LATE_CHECK
                continue
            if unit_at(s, at) == EL and s[L.RAMPAGE_K] < 0:
                s[L.RAMPAGE_K] = 0  # CCA §3.9.7: the elephant rampages before it retreats
                s[L.CB_STAGE] = P.RS_RAMPAGE
                continue
            n = retreat_options(s, at, two)
            if n == 0 and unit_at(s, at) == EL and _blocked_by_pieces(s, at):
                s[L.RAMPAGE_LEFT] = s[L.RETREAT_LEFT]
                s[L.RETREAT_LEFT] = 0
                s[L.RAMPAGE_K] = 10
                s[L.CB_STAGE] = P.RS_BLOCKED
                continue
            if n == 0:
                # CCA §3.11.1: one block per hex the unit cannot retreat
                s[L.ROLL_LOST] += lose_blocks(s, at, s[L.RETREAT_LEFT])
                s[L.RETREAT_LEFT] = 0
                s[L.CB_STAGE] = P.RS_LATE_CHECK
                continue
            if n == 1 and s[L.OPT_SKIP_FORCED] != 0:
                retreat_step(s, two[0])
                continue
            s[L.PHASE] = P.PH_RETREAT
            s[L.CURRENT] = s[L.UNIT_SIDE + at]
            return
        elif st == P.RS_LATE_CHECK:
            s[L.CB_STAGE] = P.RS_AFTER
            # CCA §3.12.2: the roll's one check when it is still due: the retreat alone
            # cost blocks, or the hits did and the check waited for the retreat. A unit
            # the retreat eliminated leaves its leader the 1-die check (a helmet kills
            # him, else he must evade, CCA §3.12.5); a unit that survived, the 2-dice one
            if s[L.ROLL_LEADER] == CHECK_DUE and s[L.ROLL_LOST] > 0 and s[L.LEADER + at] != 0:
                s[L.ROLL_LEADER] = CHECK_MADE
                if _casualty_check(s, at, P.RS_AFTER):
                    return
        elif st == P.RS_RAMPAGE or st == P.RS_BLOCKED:
            if _rampage_step(s, st == P.RS_BLOCKED):
                return
        elif st == P.RS_AFTER:
            if _after_roll(s):
                return
        else:  # RS_END
            end_combat(s)
            return


@njit(cache=True)
def _retreat_may_eliminate(s, at):
    """CCA §3.12.2, §3.11.1: could the roll's flags still eliminate the unit at ``at``
    (alive after the hits) by failed-retreat losses? Every retreat hex costs at most
    1 block (one it cannot move, or a marsh it enters), so only when the flags, none
    ignored, ask for at least as many hexes as it has blocks left."""
    if s[L.UNIT_TYPE + at] == 0 or s[L.ROLL_FLAGS] == 0:
        return False
    per = UNIT_RETREAT[unit_at(s, at)] + s[L.ROLL_EXTRA]
    return s[L.ROLL_FLAGS] * per >= s[L.UNIT_BLOCKS + at]


@njit(cache=True)
def _casualty_check(s, at, resume):
    """CCA §3.12.2: the leader at ``at`` after his unit lost blocks: 2 dice, both
    helmets kill him; if the unit is gone, 1 die, a helmet kills him, else he must
    evade (then ``resume``). Returns True if he must evade first."""
    if s[L.UNIT_TYPE + at] == 0:
        if roll_one(s) == FACE_LEADER:
            remove_leader(s, at, True)
            return False
        _leader_must_evade(s, at, resume)
        return s[L.PHASE] == P.PH_LEADER_EVADE
    if roll_one(s) == FACE_LEADER and roll_one(s) == FACE_LEADER:
        remove_leader(s, at, True)
    return False


@njit(cache=True)
def _blocked_by_pieces(s, h):
    """Is a unit or a lone enemy leader in one of the elephant's rear hexes?"""
    side = s[L.UNIT_SIDE + h]
    for k in range(2):
        y = REAR[side, h, k]
        if y >= 0 and (
            s[L.UNIT_TYPE + y] != 0 or (lone_leader(s, y) and s[L.LEADER_SIDE + y] != side)
        ):
            return True
    return False


@njit(cache=True)
def _check_after_loss(s, y, lost, resume):
    """Leader casualty check for the unit at ``y`` after ``lost`` blocks outside a
    combat roll (rampage, blocked elephant). Returns True if a leader must evade."""
    if lost <= 0 or s[L.LEADER + y] == 0:
        return False
    return _casualty_check(s, y, resume)


@njit(cache=True)
def marsh_loss(s, y):
    """CCA §3.13 marsh (CNC): the unit that entered ``y`` rolls 1 die and loses 1 block
    if it shows its own class symbol. Returns the blocks lost."""
    if roll(s, 1)[UNIT_CLASS[unit_at(s, y)]] > 0:
        return lose_blocks(s, y, 1)
    return 0


@njit(cache=True)
def marsh_entry(s, y, resume):
    """CCA §3.13, §3.12.2: a piece has just entered the marsh at ``y`` (by a move or an
    advance): a unit makes the marsh check, then its leader the casualty check; a lone
    leader is killed on a helmet. Returns True if a leader must evade first."""
    if s[L.TERRAIN + y] != MARSH:
        return False
    if s[L.UNIT_TYPE + y] == 0:
        if s[L.LEADER + y] != 0 and roll(s, 1)[FACE_LEADER] > 0:
            remove_leader(s, y, True)
        return False
    return _check_after_loss(s, y, marsh_loss(s, y), resume)


@njit(cache=True)
def _rampage_step(s, blocked):
    """CCA §3.9.7. Rampage: 2 dice (colour hits only) against each unit next to the
    retreating elephant, friend or foe. Blocked retreat: each unit in the rear
    hexes loses 1 block per hex the elephant could not retreat; a lone enemy
    leader there is removed. Returns True if a leader must evade first."""
    at = s[L.ROLL_AT]
    while s[L.WINNER] == 0:
        k = s[L.RAMPAGE_K]
        if not blocked:
            if k >= 6:
                s[L.CB_STAGE] = P.RS_RETREAT
                return False
            y = NEIGHBORS[at, k]
        else:
            if k >= 12:
                s[L.CB_STAGE] = P.RS_LATE_CHECK
                return False
            y = REAR[s[L.UNIT_SIDE + at], at, k - 10]
        s[L.RAMPAGE_K] = k + 1
        if y < 0:
            continue
        if s[L.UNIT_TYPE + y] != 0:
            if blocked:
                lost = lose_blocks(s, y, s[L.RAMPAGE_LEFT])
            else:
                faces = roll(s, 2)
                lost = lose_blocks(s, y, faces[UNIT_CLASS[unit_at(s, y)]])
            if _check_after_loss(s, y, lost, P.RS_BLOCKED if blocked else P.RS_RAMPAGE):
                return True
        elif blocked and lone_leader(s, y) and s[L.LEADER_SIDE + y] != s[L.UNIT_SIDE + at]:
            remove_leader(s, y, True)
        elif not blocked and lone_leader(s, y) and s[L.OPT_RAMPAGE_LEADERS] != 0:
            # CNC's ruling (CCA §3.9.7): a helmet kills a lone leader, else he must evade
            if roll(s, 2)[FACE_LEADER] > 0:
                remove_leader(s, y, True)
            else:
                _leader_must_evade(s, y, P.RS_RAMPAGE)
                if s[L.PHASE] == P.PH_LEADER_EVADE:
                    return True
    return True


@njit(cache=True)
def _after_roll(s):
    """What follows a resolved roll. Returns True if a decision is pending."""
    step = s[L.CB_STEP]
    att = s[L.CB_ATTACKER]
    dfd = s[L.CB_DEFENDER]
    if step == P.STEP_EVADE:
        if s[L.UNIT_TYPE + dfd] != 0:
            if unit_at(s, dfd) == WM:
                # CCA §3.11.4: an evading war machine leaves the board, no banner
                if s[L.LEADER + dfd] != 0:
                    _leader_must_evade(s, dfd, P.RS_END)
                    remove_unit(s, dfd, False)
                    if s[L.PHASE] == P.PH_LEADER_EVADE:
                        return True
                    return False
                remove_unit(s, dfd, False)
            else:
                out = np.zeros(NUM_HEXES, np.int32)
                n = evade_destinations(s, dfd, out)
                if n > 0:
                    s[L.PHASE] = P.PH_EVADE_DEST
                    s[L.CURRENT] = s[L.UNIT_SIDE + dfd]
                    s[L.CB_STAGE] = P.RS_END
                    return True
        s[L.CB_STAGE] = P.RS_END
        return False
    if step == P.STEP_BACK:
        s[L.CB_STAGE] = P.RS_END
        return False
    if step == P.STEP_FIRST:
        if s[L.UNIT_TYPE + att] != 0 and s[L.UNIT_SIDE + att] == s[L.ACTIVE]:
            attack_roll(s)  # the attacker held its hex: it attacks now
            return s[L.PHASE] == P.PH_LEADER_EVADE
        s[L.CB_STAGE] = P.RS_END
        return False
    # STEP_ATTACK
    if s[L.CB_KIND] == P.COMBAT_RANGED:
        s[L.CB_STAGE] = P.RS_END
        return False
    if s[L.UNIT_TYPE + att] == 0:
        s[L.CB_STAGE] = P.RS_END
        return False
    left = s[L.UNIT_TYPE + dfd] == 0 and s[L.LEADER + dfd] == 0
    if left:
        s[L.CB_VACATED] = dfd
        if may_advance(s):
            s[L.PHASE] = P.PH_ADVANCE
            s[L.CURRENT] = s[L.ACTIVE]
            s[L.CB_STAGE] = P.RS_END
            return True
        s[L.CB_STAGE] = P.RS_END
        return False
    if (
        s[L.UNIT_TYPE + dfd] != 0
        and s[L.UNIT_SIDE + dfd] != s[L.ACTIVE]
        and s[L.CB_FIRST_STRUCK] == 0
    ):
        # CCA §3.9.6: a surviving defender that held its hex may battle back
        s[L.CB_STAGE] = P.RS_END
        if s[L.OPT_AUTO_BATTLE_BACK] != 0:
            battle_back(s)
            return False
        s[L.PHASE] = P.PH_BATTLE_BACK
        s[L.CURRENT] = s[L.UNIT_SIDE + dfd]
        return True
    s[L.CB_STAGE] = P.RS_END
    return False


@njit(cache=True)
def may_advance(s):
    """CCA §3.10: momentum advance after a successful close combat."""
    if s[L.CB_EVADED] != 0 or s[L.CB_VACATED] < 0:
        return False
    att = s[L.CB_ATTACKER]
    if s[L.UNIT_TYPE + att] == 0 or unit_at(s, att) == WM:
        return False
    if s[L.CB_LEADER_TARGET] != 0 and s[L.OPT_MOMENTUM_VS_LEADER] == 0:
        return False
    terr = s[L.TERRAIN + att]
    if terr == FORD or terr == MARSH:
        # CCA §3.10 (CNC): out of a ford or marsh only if the unit did not move this
        # turn; an advance into it earlier this turn counts as a move
        if s[L.UNIT_MOVED + att] > 0 or (s[L.UNIT_FLAGS + att] & L.UF_ADVANCED) != 0:
            return False
    v = s[L.CB_VACATED]
    return s[L.UNIT_TYPE + v] == 0 and s[L.LEADER + v] == 0 and not impassable(s, v)


@njit(cache=True)
def battle_back(s):
    """The defender rolls its battle-back dice against the attacker (CCA §3.9.6)."""
    att = s[L.CB_ATTACKER]
    dfd = s[L.CB_DEFENDER]
    dice = close_dice(s, dfd, att, True, s[L.CB_DEF_FULL] != 0)
    _start_roll(s, dfd, att, P.STEP_BACK, dice, True, False)


@njit(cache=True)
def end_combat(s):
    """The combat is over: the attacker has battled; back to picking a battle."""
    att = s[L.CB_ATTACKER]
    if s[L.UNIT_TYPE + att] != 0 and s[L.UNIT_SIDE + att] == s[L.ACTIVE]:
        f = s[L.UNIT_FLAGS + att]
        twice = (s[L.CARD_FLAGS] & L.CF_FIRE_TWICE) != 0 and (f & L.UF_NO_CARD_BONUS) == 0
        if twice and s[L.CB_KIND] == P.COMBAT_RANGED and (f & L.UF_FIRED) == 0:
            s[L.UNIT_FLAGS + att] |= L.UF_FIRED  # Darken the Sky: one more fire
        else:
            s[L.UNIT_FLAGS + att] |= L.UF_BATTLED
    s[L.CB_ATTACKER] = -1
    s[L.CB_DEFENDER] = -1
    s[L.CB_VACATED] = -1
    s[L.PHASE] = P.PH_BATTLE
    s[L.CURRENT] = s[L.ACTIVE]


# ---------------------------------------------------------------- declaring


@njit(cache=True)
def may_evade(s, dfd, att):
    """CCA §3.11.4: is the defender at ``dfd`` allowed to evade the unit at ``att``?"""
    td = unit_at(s, dfd)
    ta = unit_at(s, att)
    ev = UNIT_EVADE[td]
    foot = UNIT_MOUNTED[ta] == 0
    if ev == 0:
        return False
    if ev == 2 and not (foot or UNIT_CLASS[ta] == HEAVY):
        return False
    if ev == 3 and not (foot or ta == EL):
        return False
    return evade_destinations(s, dfd, np.zeros(NUM_HEXES, np.int32)) > 0


@njit(cache=True)
def start_combat(s, att, dfd, kind):
    """Declare a combat of the active side's unit at ``att`` against ``dfd``."""
    s[L.CB_ATTACKER] = att
    s[L.CB_DEFENDER] = dfd
    s[L.CB_KIND] = kind
    s[L.CB_EVADED] = 0
    s[L.CB_VACATED] = -1
    s[L.CB_ATT_FULL] = 1 if full_strength(s, att) else 0
    s[L.CB_DEF_FULL] = 1 if full_strength(s, dfd) else 0
    s[L.CB_LEADER_TARGET] = 1 if lone_leader(s, dfd) else 0
    if kind == P.COMBAT_BONUS:
        s[L.UNIT_FLAGS + att] |= L.UF_BONUS
    s[L.CB_FIRST_STRUCK] = 0
    if kind != P.COMBAT_RANGED and s[L.CB_LEADER_TARGET] == 0:
        if may_evade(s, dfd, att) or may_first_strike(s):
            s[L.PHASE] = P.PH_REACT
            s[L.CURRENT] = s[L.UNIT_SIDE + dfd]
            return
    attack_roll(s)


@njit(cache=True)
def may_first_strike(s):
    """CCA §4.4: the defender holds First Strike and may play it against this combat."""
    dfd = s[L.CB_DEFENDER]
    if s[L.CB_LEADER_TARGET] != 0 or s[L.CB_KIND] == P.COMBAT_RANGED or s[L.UNIT_TYPE + dfd] == 0:
        return False
    if s[L.CB_KIND] == P.COMBAT_BONUS and s[L.OPT_FIRST_STRIKE_BONUS] == 0:
        return False
    side = s[L.UNIT_SIDE + dfd]
    return s[L.HAND + side * NUM_CARD_TYPES + C_FIRST_STRIKE] > 0


@njit(cache=True)
def first_strike(s):
    """CCA §4.4: the defender plays First Strike and battles first with its
    battle-back dice; the attacker attacks afterwards if it is still there."""
    att = s[L.CB_ATTACKER]
    dfd = s[L.CB_DEFENDER]
    side = s[L.UNIT_SIDE + dfd]
    s[L.HAND + side * NUM_CARD_TYPES + C_FIRST_STRIKE] -= 1
    s[L.FIRST_STRIKE_SIDE] = side
    s[L.CB_FIRST_STRUCK] = 1
    dice = close_dice(s, dfd, att, True, s[L.CB_DEF_FULL] != 0)
    _start_roll(s, dfd, att, P.STEP_FIRST, dice, True, False)


@njit(cache=True)
def attack_roll(s):
    att = s[L.CB_ATTACKER]
    dfd = s[L.CB_DEFENDER]
    if s[L.CB_KIND] == P.COMBAT_RANGED:
        _start_roll(s, att, dfd, P.STEP_ATTACK, ranged_dice(s, att, dfd), False, False)
    else:
        _attacker_close_roll(s, P.STEP_ATTACK, False)


@njit(cache=True)
def evade_roll(s):
    """CCA §3.11.4: the attacker rolls its full dice; only the evader's symbol hits."""
    s[L.CB_EVADED] = 1
    _attacker_close_roll(s, P.STEP_EVADE, True)


@njit(cache=True)
def _attacker_close_roll(s, step, evade):
    """The attacker's close-combat roll at the defender, as a normal attack or at an
    evading defender: the same dice (CCA §3.9.3, §3.11.4)."""
    att = s[L.CB_ATTACKER]
    dfd = s[L.CB_DEFENDER]
    dice = close_dice(s, att, dfd, False, s[L.CB_ATT_FULL] != 0)
    _start_roll(s, att, dfd, step, dice, True, evade)


@njit(cache=True)
def evade_to(s, y):
    move_unit(s, s[L.CB_DEFENDER], y)
    if s[L.LEADER + y] != 0:
        s[L.LEADER_FLAGS + y] |= L.LF_MOVED
    s[L.CB_STAGE] = P.RS_END
    resolve(s)


@njit(cache=True)
def leader_evade_to(s, y):
    """The evading leader goes to ``y`` (-1: off the board by his baseline, no banner)."""
    h = s[L.EVADER]
    buf = np.zeros(NUM_HEXES, np.int32)
    n, off = leader_evade_destinations(s, h, buf)
    if n == 0 and not off:
        # CCA §3.12.6: an escape through enemy units; any helmet kills him
        n2, off2 = leader_escape_costs(s, h, buf)
        dice = off2 if y < 0 else buf[y] - 1
        if dice > 0 and roll(s, dice)[FACE_LEADER] > 0:
            s[L.EVADER] = -1
            back_to_move = _leave_leader_evade(s)
            remove_leader(s, h, True)  # may end the game: after the phase is set
            if not back_to_move:
                resolve(s)
            return
    if y < 0:
        s[L.GONE_LEADERS + s[L.LEADER_SIDE + h]] += 1
        remove_leader(s, h, False)
    else:
        move_leader(s, h, y)
        s[L.LEADER_FLAGS + y] |= L.LF_MOVED
    s[L.EVADER] = -1
    if not _leave_leader_evade(s):
        resolve(s)


@njit(cache=True)
def _leave_leader_evade(s):
    """Back to where the leader's evade interrupted: the movement step (a marsh
    check during a move) or the roll's stages. Returns True for the movement step."""
    if s[L.EVADE_RETURN] == P.RS_MOVE:
        s[L.PHASE] = P.PH_MOVE
        return True
    s[L.CB_STAGE] = s[L.EVADE_RETURN]
    s[L.PHASE] = P.PH_BATTLE
    return False


@njit(cache=True)
def bonus_possible(s):
    """CCA §3.10: may the advanced attacker make its bonus close combat?"""
    att = s[L.CB_ATTACKER]
    t = unit_at(s, att)
    if s[L.CB_KIND] != P.COMBAT_CLOSE or (s[L.UNIT_FLAGS + att] & L.UF_BONUS) != 0:
        return False
    if not (UNIT_MOUNTED[t] != 0 or t == WA or s[L.LEADER + att] != 0):
        return False
    terr = s[L.TERRAIN + att]
    if terr == BROKEN and UNIT_MOUNTED[t] != 0:
        return False
    if terr == FOREST and UNIT_FOREST_FIGHTER[t] == 0:
        return False
    side = s[L.UNIT_SIDE + att]
    for k in range(6):
        y = NEIGHBORS[att, k]
        if y >= 0 and enemy_target(s, y, side):
            return True
    return False


@njit(cache=True)
def extra_hex_options(s, out):
    """Hexes for the cavalry's extra hex after advancing (CCA §3.10)."""
    for i in range(NUM_HEXES):
        out[i] = 0
    att = s[L.CB_ATTACKER]
    t = unit_at(s, att)
    n = 0
    if UNIT_CAVALRY[t] == 0 or s[L.CB_KIND] != P.COMBAT_CLOSE:
        return 0
    if unit_stops_in(s, att, t):
        return 0  # "an advance into a stop hex ends there" (§3.10): no extra hex
    side = s[L.UNIT_SIDE + att]
    for k in range(6):
        y = NEIGHBORS[att, k]
        if y < 0 or impassable(s, y) or s[L.UNIT_TYPE + y] != 0:
            continue
        if s[L.LEADER + y] != 0 and (s[L.LEADER_SIDE + y] != side or s[L.LEADER + att] != 0):
            continue
        out[y] = 1
        n += 1
    return n


@njit(cache=True)
def after_advance(s):
    """Offer the extra hex, then the bonus combat, else end the combat."""
    if s[L.PHASE] == P.PH_LEADER_EVADE:
        return  # the marsh took the unit; its leader evades, then the combat ends
    if s[L.UNIT_TYPE + s[L.CB_ATTACKER]] == 0:
        end_combat(s)  # the marsh took the unit
        return
    out = np.zeros(NUM_HEXES, np.int32)
    if s[L.PHASE] == P.PH_ADVANCE and extra_hex_options(s, out) > 0:
        s[L.PHASE] = P.PH_EXTRA_HEX
        s[L.CURRENT] = s[L.ACTIVE]
        return
    if bonus_possible(s):
        s[L.PHASE] = P.PH_BONUS
        s[L.CURRENT] = s[L.ACTIVE]
        return
    end_combat(s)


@njit(cache=True)
def advance_into(s, y):
    """Momentum advance or the extra hex: move the attacker to ``y``."""
    att = s[L.CB_ATTACKER]
    joins = s[L.LEADER + y] != 0
    move_unit(s, att, y)
    s[L.UNIT_FLAGS + y] |= L.UF_ADVANCED
    s[L.CB_ATTACKER] = y
    if joins:
        s[L.LEADER_FLAGS + y] |= L.LF_MOVED
    marsh_entry(s, y, P.RS_END)
