"""Mission tracks and mission VP cards (E&P §6).

Each progress moves a marker one space (at most to the last space); a marker
reaching a space is stamped with a clock, so the stack order on a space is the
order of arrival. The VP card goes to the marker furthest along, the lowest in
its stack (the first to arrive), and changes hands only when another marker
gets strictly further. A seat's mission VP (the track values plus VP cards)
are kept in ``MISSION_VP`` and added to ``PUBLIC_VP``.
"""

from numba import njit

from ..common.layout import NUM_PLAYERS, PUBLIC_VP
from ..common.scoring import check_win
from . import layout as EL
from .constants import (
    NUM_TRACKS,
    SCENARIOS,
    TRACK_LAST,
    TRACK_VP,
)

_PIRATE_LAIRS = SCENARIOS.index("pirate_lairs")


@njit(cache=True)
def ep_check_win(state):
    """``check_win`` at any moment of the active player's turn (E&P §4.13), except
    under flag ``s2_win_check="end_of_turn"`` in Pirate Lairs, where only
    ``ep_check_win_at_turn_end`` decides (the Greek edition's reading, §14)."""
    if state[EL.OPT_S2_END_WIN] and state[EL.OPT_SCENARIO] == _PIRATE_LAIRS:
        return False
    return check_win(state)


@njit(cache=True)
def ep_check_win_at_turn_end(state):
    """The check at the very end of the active player's turn (after captures)."""
    return check_win(state)


@njit(cache=True)
def mission_vp(state, p):
    """VP of seat ``p`` from the tracks and the VP cards it holds (E&P §6.2)."""
    vp = 0
    for t in range(NUM_TRACKS):
        pos = state[EL.TRACK_POS + p * NUM_TRACKS + t]
        # Flag mission_track_vp="uncapped" (§14): the withdrawn reading, 1 VP a space.
        vp += pos if state[EL.OPT_UNCAPPED_TRACKS] else TRACK_VP[t, pos]
        if state[EL.TRACK_HOLDER + t] == p:
            vp += 1
    return vp


@njit(cache=True)
def _holder(state, t):
    best = -1
    for q in range(state[NUM_PLAYERS]):
        pos = state[EL.TRACK_POS + q * NUM_TRACKS + t]
        if pos == 0:
            continue
        if best < 0:
            best = q
            continue
        bpos = state[EL.TRACK_POS + best * NUM_TRACKS + t]
        if pos > bpos or (
            pos == bpos
            and state[EL.TRACK_STAMP + q * NUM_TRACKS + t]
            < state[EL.TRACK_STAMP + best * NUM_TRACKS + t]
        ):
            best = q
    return best


@njit(cache=True)
def refresh_mission_vp(state):
    for q in range(state[NUM_PLAYERS]):
        vp = mission_vp(state, q)
        state[PUBLIC_VP + q] += vp - state[EL.MISSION_VP + q]
        state[EL.MISSION_VP + q] = vp


@njit(cache=True)
def step_marker(state, p, t):
    """Move ``p``'s marker on track ``t`` one space, passing the VP card on as the
    lead changes; past the last space progress is lost and the marker keeps its place
    in the stack (E&P §6.2). Nobody wins here: see :func:`advance`."""
    i = EL.TRACK_POS + p * NUM_TRACKS + t
    if state[i] >= TRACK_LAST[t]:
        return
    state[i] += 1
    state[EL.TRACK_CLOCK] += 1
    state[EL.TRACK_STAMP + p * NUM_TRACKS + t] = state[EL.TRACK_CLOCK]
    state[EL.TRACK_HOLDER + t] = _holder(state, t)
    refresh_mission_vp(state)


@njit(cache=True)
def advance(state, p, t):
    """:func:`step_marker`, then the active player may win (E&P §4.13)."""
    step_marker(state, p, t)
    ep_check_win(state)
