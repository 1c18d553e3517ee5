"""Victory points, Largest Army and the win check (base §9.3, §9.4)."""

from numba import njit

from .constants import KNIGHT, NUM_DEV_TYPES, VICTORY_POINT
from .layout import (
    ACTIVE_PLAYER,
    CURRENT_PLAYER,
    DEV_HAND,
    DEV_USED,
    LARGEST_ARMY_HOLDER,
    OPT_MAX_TURNS,
    OPT_VP_TO_WIN,
    PHASE,
    PUBLIC_VP,
    TRUNCATED,
    TURN,
    WINNER,
)
from .phases import GAME_OVER

LARGEST_ARMY_MIN = 3
LARGEST_ARMY_VP = 2


@njit(cache=True, inline="always")
def total_vp(state, p):
    """Public VP plus hidden Victory Point cards."""
    return state[PUBLIC_VP + p] + state[DEV_HAND + p * NUM_DEV_TYPES + VICTORY_POINT]


@njit(cache=True, inline="always")
def army(state, p):
    """Knights played by ``p``."""
    return state[DEV_USED + p * NUM_DEV_TYPES + KNIGHT]


@njit(cache=True)
def award_largest_army(state, p):
    """Give Largest Army to ``p`` if their army now qualifies (checked on each Knight)."""
    army_size = army(state, p)
    holder = state[LARGEST_ARMY_HOLDER]
    if holder == p or army_size < LARGEST_ARMY_MIN:
        return
    if holder < 0 or army_size > army(state, holder):
        if holder >= 0:
            state[PUBLIC_VP + holder] -= LARGEST_ARMY_VP
        state[PUBLIC_VP + p] += LARGEST_ARMY_VP
        state[LARGEST_ARMY_HOLDER] = p


@njit(cache=True)
def check_win(state):
    """End the game if the active player has reached the target; True if it ended.

    Only the active player can win, so this runs after every event of a turn
    and at the start of each turn (base §9.4).
    """
    p = state[ACTIVE_PLAYER]
    if total_vp(state, p) >= state[OPT_VP_TO_WIN]:
        state[WINNER] = p
        state[PHASE] = GAME_OVER
        state[CURRENT_PLAYER] = -1
        return True
    return False


@njit(cache=True)
def count_turn(state):
    """One more turn completed; True once that reaches the turn cap, the game then
    over and truncated (no winner)."""
    state[TURN] += 1
    if state[OPT_MAX_TURNS] > 0 and state[TURN] >= state[OPT_MAX_TURNS]:
        state[TRUNCATED] = 1
        state[PHASE] = GAME_OVER
        state[CURRENT_PLAYER] = -1
        return True
    return False
