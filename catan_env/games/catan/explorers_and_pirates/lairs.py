"""Mission Pirate Lairs: lairs, crews, capture, hero, gold fields (E&P §7).

A revealed gold field gets the top lair token face down (``LAIR_ACTIVE``).
Crews land from ships pointing at one of its corners; the third crew captures
it (``LAIR_CAPTURED``): every participant takes 2 gold at once. At the end of
the movement phase each capture of the turn is resolved in order: every
participant advances on the Pirate Lairs track (active player first, then
clockwise), the hero (1d6 + own crews; ties: more crews, then re-roll)
advances again and sends one of its crews home, and the token is flipped: the
hex is a gold field (``LAIR_GOLD_FIELD``) with that number.
"""

import numpy as np
from numba import njit

from ..common.constants import MAX_PLAYERS
from ..common.layout import ACTIVE_PLAYER, CHANCE_FORCING, NUM_PLAYERS
from ..common.rng import rng_below
from . import layout as EL
from .board import edge_touches_hex
from .building import hold_used, ship_slot
from .constants import (
    CAPACITY,
    CAPTURE_CREWS,
    CAPTURE_GOLD,
    CARGO_SIZE,
    CREW,
    LAIR_ACTIVE,
    LAIR_CAPTURED,
    LAIR_GOLD_FIELD,
    LAIRS_TRACK,
    NUM_CARGO,
)
from .missions import ep_check_win, step_marker
from .tables import (
    T_NUM_HEXES,
)

P = MAX_PLAYERS


@njit(cache=True)
def place_lair_token(state, h):
    """A gold field is revealed: the top lair token goes on it unseen (§7.2)."""
    state[EL.LAIR_TOKEN + h] = state[EL.LAIR_STACK + state[EL.LAIR_POS]]
    state[EL.LAIR_POS] += 1
    state[EL.LAIR_STATE + h] = LAIR_ACTIVE


@njit(cache=True)
def crews_on(state, h):
    n = 0
    for q in range(P):
        n += state[EL.LAIR_CREWS + h * P + q]
    return n


@njit(cache=True)
def ship_points_at_hex(state, tb, i, h):
    """Ship slot ``i`` has an end on a corner of ``h`` (E&P §2.4)."""
    e = state[EL.SHIP_EDGE + i]
    if e < 0:
        return False
    return edge_touches_hex(tb, e, h)


@njit(cache=True)
def can_crew_to_lair(state, tb, p, k, h):
    m = state[EL.MOVING_SHIP]
    if (m >= 0 and m != k) or h >= tb[T_NUM_HEXES]:
        return False
    if state[EL.LAIR_STATE + h] != LAIR_ACTIVE or crews_on(state, h) >= CAPTURE_CREWS:
        return False
    i = ship_slot(p, k)
    return state[EL.SHIP_CARGO + i * NUM_CARGO + CREW] > 0 and ship_points_at_hex(state, tb, i, h)


@njit(cache=True)
def crew_to_lair(state, tb, p, k, h):
    """One crew lands on the lair; the third one captures it (§7.3, §7.4)."""
    state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + CREW] -= 1
    state[EL.LAIR_CREWS + h * P + p] += 1
    if crews_on(state, h) == CAPTURE_CREWS:
        state[EL.LAIR_STATE + h] = LAIR_CAPTURED
        if not state[EL.OPT_LATE_CAPTURE_GOLD]:
            _pay_capture_gold(state, h)
        state[EL.CAPTURES + state[EL.NUM_CAPTURES]] = h
        state[EL.NUM_CAPTURES] += 1


@njit(cache=True)
def _pay_capture_gold(state, h):
    """2 gold to every participant of the capture of ``h`` (§7.4)."""
    for q in range(state[NUM_PLAYERS]):
        if state[EL.LAIR_CREWS + h * P + q] > 0:
            state[EL.GOLD + q] += CAPTURE_GOLD


@njit(cache=True)
def can_pick_up(state, tb, p, k, h):
    """Own crews left on a gold field may board a ship pointing at it (§7.6); with
    flag ``recover_crews_from_active_lair`` also crews on a lair not yet captured
    (§7.3, §14)."""
    m = state[EL.MOVING_SHIP]
    if (m >= 0 and m != k) or h >= tb[T_NUM_HEXES]:
        return False
    ls = state[EL.LAIR_STATE + h]
    if not (ls == LAIR_GOLD_FIELD or (ls == LAIR_ACTIVE and state[EL.OPT_RECOVER_CREWS])):
        return False
    if state[EL.LAIR_CREWS + h * P + p] == 0:
        return False
    i = ship_slot(p, k)
    if hold_used(state, p, k) + CARGO_SIZE[CREW] > CAPACITY:
        return False
    return ship_points_at_hex(state, tb, i, h)


@njit(cache=True)
def pick_up(state, p, k, h):
    state[EL.LAIR_CREWS + h * P + p] -= 1
    state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + CREW] += 1


@njit(cache=True)
def _hero(state, h):
    """The hero of the capture of ``h``: 1d6 + own crews, ties by more crews, then
    the tied re-roll (§7.4).

    Enumerating chance outcomes (``CHANCE_FORCING``), the re-roll loop has no bound
    and every forced-but-unset draw is 0, so it would never end. There the first
    round's dice are one draw of range 6**k (the k dice as its base-6 digits, so
    each die is still uniform and independent), and a tie that is left is settled
    by one uniform draw among the tied: their re-rolls are alike (same crews), so
    each of them ends up hero with probability 1/count. The re-roll history, which
    only the shown dice and the roll count record, is one representative: a single
    decisive re-roll, the hero rolling 2 and the others 1."""
    n = state[NUM_PLAYERS]
    a = state[ACTIVE_PLAYER]
    alive = np.zeros(P, np.bool_)
    count = 0
    for q in range(n):
        if state[EL.LAIR_CREWS + h * P + q] > 0:
            alive[q] = True
            count += 1
    forcing = state[CHANCE_FORCING] != 0
    first = True
    while count > 1:
        if forcing and not first:
            pick = rng_below(state, count)
            for q in range(n):
                if alive[q]:
                    state[EL.HERO_DICE + q] = 2 if pick == 0 else 1
                    state[EL.HERO_ROLLS] += 1
                    alive[q] = pick == 0
                    pick -= 1
            break
        best = -1
        totals = np.zeros(P, np.int64)
        joint = -1
        if forcing:
            size = 1
            for q in range(n):
                if alive[q]:
                    size *= 6
            joint = rng_below(state, size)
        for k in range(n):
            q = (a + k) % n
            if alive[q]:
                # Each die is stored as soon as it is drawn, so the explicit chance
                # nodes (``rng.forced_below``) see every draw in the state.
                if forcing:
                    state[EL.HERO_DICE + q] = joint % 6 + 1
                    joint //= 6
                else:
                    state[EL.HERO_DICE + q] = rng_below(state, 6) + 1
                totals[q] = state[EL.HERO_DICE + q] + state[EL.LAIR_CREWS + h * P + q]
                state[EL.HERO_ROLLS] += 1
                if totals[q] > best:
                    best = totals[q]
        most = 0
        for q in range(n):
            if alive[q] and totals[q] == best and state[EL.LAIR_CREWS + h * P + q] > most:
                most = state[EL.LAIR_CREWS + h * P + q]
        count = 0
        for q in range(n):
            alive[q] = alive[q] and totals[q] == best and state[EL.LAIR_CREWS + h * P + q] == most
            if alive[q]:
                count += 1
        first = False
    for q in range(n):
        if alive[q]:
            return q
    return -1


@njit(cache=True)
def resolve_captures(state):
    """End of the movement phase: track steps, hero, flipped token (§7.4); then the
    active player may win with the totals they leave (§4.13)."""
    n = state[NUM_PLAYERS]
    a = state[ACTIVE_PLAYER]
    for c in range(state[EL.NUM_CAPTURES]):
        h = state[EL.CAPTURES + c]
        if state[EL.OPT_LATE_CAPTURE_GOLD]:
            _pay_capture_gold(state, h)  # flag capture_gold_timing (§7.4, §14)
        for k in range(n):
            q = (a + k) % n
            if state[EL.LAIR_CREWS + h * P + q] > 0:
                step_marker(state, q, LAIRS_TRACK)
        hero = _hero(state, h)
        step_marker(state, hero, LAIRS_TRACK)
        state[EL.LAIR_CREWS + h * P + hero] -= 1
        state[EL.CREWS_LEFT + hero] += 1
        state[EL.EP_HEX_NUMBER + h] = state[EL.LAIR_TOKEN + h]
        state[EL.LAIR_STATE + h] = LAIR_GOLD_FIELD
        state[EL.CAPTURES + c] = -1
    state[EL.NUM_CAPTURES] = 0
    # Once, after the whole resolution: a mission VP card may change hands within it,
    # and the total it leaves is the one that counts (E&P §4.13, §7.4).
    ep_check_win(state)
