"""Rolling, discarding and ending a turn (base §5)."""

from numba import njit

from ..common.cards import give_to_bank
from ..common.constants import MAX_PLAYERS, NUM_DEV_TYPES
from ..common.layout import (
    ACTIVE_PLAYER,
    BUILT_THIS_TURN,
    CURRENT_PLAYER,
    DEV_NEW,
    DEV_PLAYED,
    DISCARDS_OWED,
    NUM_PLAYERS,
    OPT_MAX_TURNS,
    PHASE,
    PROPOSALS,
    TRUNCATED,
    TURN,
)
from ..common.phases import ACTION, GAME_OVER, PRE_ROLL
from ..common.production import produce, roll_dice
from ..common.robber import begin_robber_move, next_discarder, start_seven
from ..common.scoring import check_win
from ..common.trade import clear_offer


@njit(cache=True)
def roll(state, tb):
    """Roll; produce, or start the 7 procedure (base §5.1 steps 2-3)."""
    total = roll_dice(state)
    if total == 7:
        start_seven(state)
    else:
        produce(state, tb, total)
        state[PHASE] = ACTION


@njit(cache=True)
def discard(state, p, r):
    """``p`` returns one card of ``r`` to the bank; move on when they are done."""
    give_to_bank(state, p, r, 1)
    state[DISCARDS_OWED + p] -= 1
    if state[DISCARDS_OWED + p] > 0:
        return
    q = next_discarder(state)
    if q >= 0:
        state[CURRENT_PLAYER] = q
    else:
        begin_robber_move(state)


@njit(cache=True)
def end_turn(state):
    """Clear the per-turn state and start the next seat's turn (base §5.6)."""
    for i in range(MAX_PLAYERS * NUM_DEV_TYPES):
        state[DEV_NEW + i] = 0
    state[DEV_PLAYED] = 0
    state[BUILT_THIS_TURN] = 0
    state[PROPOSALS] = 0
    clear_offer(state)
    state[TURN] += 1
    if state[OPT_MAX_TURNS] > 0 and state[TURN] >= state[OPT_MAX_TURNS]:
        state[TRUNCATED] = 1
        state[PHASE] = GAME_OVER
        state[CURRENT_PLAYER] = -1
        return
    nxt = (state[ACTIVE_PLAYER] + 1) % state[NUM_PLAYERS]
    state[ACTIVE_PLAYER] = nxt
    state[CURRENT_PLAYER] = nxt
    state[PHASE] = PRE_ROLL
    check_win(state)
