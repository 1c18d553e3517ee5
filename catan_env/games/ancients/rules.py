"""Ancients rules under the contract's names (:mod:`catan_env.core.contract`).

The loops of :mod:`catan_env._generated.ancients_kernels` call only these.
Ancients has no static tables (``tb`` is ignored) and no option vector: a
game starts from ``template``, the scenario's board and options placed by
:func:`.setup.place_scenario`, and :func:`reset` deals from the seed. Each side's
agent has its own two generator words (``rng[2 * side:]``), seeded from one
integer and that integer + 7919, so one side's choices never shift the other's.
The legal-id list keeps the action mask after it (``legal[NUM_ACTIONS:]``),
which the agents read.
"""

import numpy as np
from numba import njit

from catan_env.core.rng import seed_at

from .agents import AGENT_NAMES, agent_action
from .invariants import check as _check
from .layout import BANNERS, CURRENT, DECISIONS, LAYOUT, PHASE, TURN, WINNER
from .observe import OBS_SIZE, observe_into
from .phases import NUM_ACTIONS, PH_OVER
from .step import legal_mask as _legal_mask
from .step import step as _step
from .turn import setup

STATE_SIZE = LAYOUT.size
LEGAL_SIZE = 2 * NUM_ACTIONS  # the ids, then the mask
SCRATCH_SIZE = 1
WORK_SIZE = 1
RNG_WORDS = 4
MAX_SEATS = 2
NUM_STATS = 0
MEMO_SIZE = 0
#: A bound on one game's decisions; the turn limit (``max_turns``) ends games long before.
MAX_DECISIONS = 100_000
SOAK_NO_LEGAL = 99
SOAK_TOO_LONG = 98
AGENT_KINDS = AGENT_NAMES
UNIFORM_KIND = -1  # the random agent avoids "done" while anything else is legal


@njit(cache=True)
def reset(state, tb, seed, config, template):
    state[:] = template
    setup(state, np.int64(seed))


@njit(cache=True)
def legal_mask(state, tb, mask):
    _legal_mask(state, mask)


@njit(cache=True)
def legal_actions(state, tb, legal):
    mask = legal[NUM_ACTIONS:]
    _legal_mask(state, mask)
    count = 0
    for a in range(NUM_ACTIONS):
        if mask[a] != 0:
            legal[count] = a
            count += 1
    return count


@njit(cache=True, inline="always")
def step(state, tb, action, scratch):
    _step(state, action)


@njit(cache=True, inline="always")
def is_over(state):
    return state[PHASE] == PH_OVER


@njit(cache=True, inline="always")
def current(state):
    return state[CURRENT]


@njit(cache=True, inline="always")
def winner(state):
    return state[WINNER] - 1


@njit(cache=True, inline="always")
def truncated(state):
    return state[PHASE] == PH_OVER and state[WINNER] == 0


@njit(cache=True, inline="always")
def num_seats(state):
    return 2


@njit(cache=True, inline="always")
def choose(kind, state, tb, legal, count, rng, at, work):
    return agent_action(kind, state, legal[NUM_ACTIONS:], rng, at)


@njit(cache=True, inline="always")
def rng_offset(state):
    return 2 * state[CURRENT]


@njit(cache=True, inline="always")
def seed_agents(rng, seed):
    seed_at(rng, 0, seed)
    seed_at(rng, 2, seed + 7919)


@njit(cache=True, inline="always")
def score(state, seat):
    return state[BANNERS + seat]


@njit(cache=True)
def record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    out_winner[i] = state[WINNER] - 1
    out_turns[i] = state[TURN]
    out_decisions[i] = state[DECISIONS]
    out_vp[i, 0] = state[BANNERS]
    out_vp[i, 1] = state[BANNERS + 1]


@njit(cache=True, inline="always")
def check(state, tb, memo, fresh):
    return _check(state)
