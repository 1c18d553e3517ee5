"""Explorers & Pirates rules under the contract's names (:mod:`catan_env.core.contract`).

The loops of :mod:`catan_env._generated.explorers_and_pirates_kernels` call
only these. Seats, turns and scores sit in the common fields, so the small
accessors are :mod:`catan_env.games.catan.common.contract`'s.
"""

from numba import njit

from ..base.rules import record as _base_record
from ..common.contract import *  # noqa: F403  (the accessors every Catan rule set shares)
from . import action_ids as A
from .agents import EP_WORK_SIZE as WORK_SIZE
from .agents import ep_choose as choose
from .invariants import MEMO_SIZE, check_state_memo
from .layout import DISCOVERED
from .layout import EP_STATE_SIZE as STATE_SIZE
from .masks import ep_legal_actions as legal_actions
from .masks import ep_legal_mask as legal_mask
from .observe import EP_OBS_SIZE as OBS_SIZE
from .observe import observe_into
from .setup import ep_reset as reset
from .step import ep_step as step

NUM_ACTIONS = A.NUM_ACTIONS
LEGAL_SIZE = NUM_ACTIONS
SCRATCH_SIZE = NUM_ACTIONS
NUM_STATS = 1  # hexes discovered


@njit(cache=True)
def record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    _base_record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)
    out_stats[i, 0] = state[DISCOVERED]


@njit(cache=True)
def check(state, tb, memo, fresh):
    # The board's counts and verdict are recomputed only when the board block
    # changed since the last call (an exact memo).
    return check_state_memo(state, tb, memo, fresh)
