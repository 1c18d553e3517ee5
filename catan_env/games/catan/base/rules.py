"""The base game's rules under the contract's names (:mod:`catan_env.core.contract`).

The loops of :mod:`catan_env._generated.base_kernels` call only these.
"""

from numba import njit

from ..common.constants import MAX_PLAYERS
from ..common.contract import *  # noqa: F403  (the accessors every Catan rule set shares)
from ..common.layout import DECISIONS, NUM_PLAYERS, STATE_SIZE, TURN, WINNER
from ..common.scoring import total_vp
from . import action_ids as A
from .agents import WORK_SIZE, choose
from .invariants import NETWORK_MEMO_SIZE, check_state_memo, network_changed
from .masks import legal_actions, legal_mask
from .observe import OBS_SIZE, observe_into
from .setup import reset_state as reset
from .step import step

NUM_ACTIONS = A.NUM_ACTIONS
LEGAL_SIZE = NUM_ACTIONS
SCRATCH_SIZE = NUM_ACTIONS
NUM_STATS = 0
MEMO_SIZE = NETWORK_MEMO_SIZE


@njit(cache=True)
def record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    out_winner[i] = state[WINNER]
    out_turns[i] = state[TURN]
    out_decisions[i] = state[DECISIONS]
    for p in range(MAX_PLAYERS):
        out_vp[i, p] = total_vp(state, p) if p < state[NUM_PLAYERS] else 0


@njit(cache=True)
def check(state, tb, memo, fresh):
    # The network invariants (road lengths, the distance rule) are recomputed only
    # when a field they read has changed since the last call (an exact memo).
    if fresh:
        memo[:] = -2
    return check_state_memo(state, tb, network_changed(state, memo))
