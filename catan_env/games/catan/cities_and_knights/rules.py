"""Cities & Knights rules under the contract's names (:mod:`catan_env.core.contract`).

The loops of :mod:`catan_env._generated.cities_and_knights_kernels` call only
these. Seats, turns and scores sit in the common fields, so the small accessors
are :mod:`catan_env.games.catan.common.contract`'s.
"""

from numba import njit

from ..base.invariants import NETWORK_MEMO_SIZE, network_changed
from ..base.rules import record as _base_record
from ..common.contract import *  # noqa: F403  (the accessors every Catan rule set shares)
from . import action_ids as A
from .heuristic import CK_WORK_SIZE as WORK_SIZE
from .heuristic import ck_choose as choose
from .invariants import check_state_memo
from .layout import BARBARIAN_ATTACKS, BARBARIAN_WINS
from .layout import CK_STATE_SIZE as STATE_SIZE
from .masks import ck_legal_actions as legal_actions
from .masks import ck_legal_mask as legal_mask
from .observe import CK_OBS_SIZE as OBS_SIZE
from .observe import observe_into
from .setup import ck_reset as reset
from .step import ck_step as step

NUM_ACTIONS = A.NUM_ACTIONS
LEGAL_SIZE = NUM_ACTIONS
SCRATCH_SIZE = NUM_ACTIONS
NUM_STATS = 2  # barbarian attacks, barbarian wins
MEMO_SIZE = NETWORK_MEMO_SIZE


@njit(cache=True)
def record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    _base_record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)
    out_stats[i, 0] = state[BARBARIAN_ATTACKS]
    out_stats[i, 1] = state[BARBARIAN_WINS]


@njit(cache=True)
def check(state, tb, memo, fresh):
    if fresh:
        memo[:] = -2
    return check_state_memo(state, tb, network_changed(state, memo))
