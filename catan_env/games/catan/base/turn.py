"""Rolling, discarding and ending a turn (base §5)."""

from numba import njit

from ..common import layout as L
from ..common.constants import MAX_PLAYERS, NUM_DEV_TYPES
from ..common.phases import ACTION, PRE_ROLL
from ..common.production import produce, roll_dice
from ..common.robber import begin_robber_move, discard_one, start_seven
from ..common.scoring import check_win, count_turn
from ..common.trade import clear_offer


@njit(cache=True)
def roll(state, tb):
    """Roll; produce, or start the 7 procedure (base §5.1 steps 2-3)."""
    total = roll_dice(state)
    if total == 7:
        start_seven(state)
    else:
        produce(state, tb, total)
        state[L.PHASE] = ACTION


@njit(cache=True)
def discard(state, p, r):
    """``p`` returns one card of ``r`` to the bank; the robber moves when all are done."""
    if not discard_one(state, p, r):
        begin_robber_move(state)


@njit(cache=True)
def end_turn(state):
    """Clear the per-turn state and start the next seat's turn (base §5.6)."""
    for i in range(MAX_PLAYERS * NUM_DEV_TYPES):
        state[L.DEV_NEW + i] = 0
    state[L.DEV_PLAYED] = 0
    state[L.BUILT_THIS_TURN] = 0
    state[L.PROPOSALS] = 0
    clear_offer(state)
    if count_turn(state):
        return
    nxt = (state[L.ACTIVE_PLAYER] + 1) % state[L.NUM_PLAYERS]
    state[L.ACTIVE_PLAYER] = nxt
    state[L.CURRENT_PLAYER] = nxt
    state[L.PHASE] = PRE_ROLL
    check_win(state)
