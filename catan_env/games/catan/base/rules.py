"""The base game's rules under the contract's names (:mod:`catan_env.core.contract`).

The loops of :mod:`catan_env._generated.base_kernels` call only these.
"""

from numba import njit

from catan_env.core.rng import seed_at

from ..common.constants import MAX_PLAYERS
from ..common.layout import (
    CURRENT_PLAYER,
    DECISIONS,
    NUM_PLAYERS,
    PHASE,
    STATE_SIZE,
    TRUNCATED,
    TURN,
    WINNER,
)
from ..common.phases import GAME_OVER
from ..common.scoring import total_vp
from . import action_ids as A
from .agents import KIND_NAMES, KIND_RANDOM, WORK_SIZE, choose
from .invariants import NETWORK_MEMO_SIZE, check_state_memo, network_changed
from .masks import legal_actions, legal_mask
from .observe import OBS_SIZE, observe_into
from .setup import reset_state as reset
from .step import step

NUM_ACTIONS = A.NUM_ACTIONS
LEGAL_SIZE = NUM_ACTIONS
SCRATCH_SIZE = NUM_ACTIONS
RNG_WORDS = 2
MAX_SEATS = MAX_PLAYERS
NUM_STATS = 0
MEMO_SIZE = NETWORK_MEMO_SIZE
MAX_DECISIONS = 1 << 62  # a Catan game ends by itself; this bound is never reached
SOAK_NO_LEGAL = 15
SOAK_TOO_LONG = 16
AGENT_KINDS = KIND_NAMES
UNIFORM_KIND = KIND_RANDOM  # pick_uniform: legal[below_at(rng, at, count)]


@njit(cache=True, inline="always")
def is_over(state):
    return state[PHASE] == GAME_OVER


@njit(cache=True, inline="always")
def current(state):
    return state[CURRENT_PLAYER]


@njit(cache=True, inline="always")
def winner(state):
    return state[WINNER]


@njit(cache=True, inline="always")
def truncated(state):
    return state[TRUNCATED] != 0


@njit(cache=True, inline="always")
def num_seats(state):
    return state[NUM_PLAYERS]


@njit(cache=True, inline="always")
def rng_offset(state):
    return 0  # the seats' agents share one generator


@njit(cache=True, inline="always")
def seed_agents(rng, seed):
    seed_at(rng, 0, seed)


@njit(cache=True, inline="always")
def score(state, seat):
    return total_vp(state, seat)


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
