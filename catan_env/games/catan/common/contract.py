"""The contract names every Catan rule set shares (:mod:`catan_env.core.contract`).

Seats, turns, winners and scores sit in the common fields of all three rule
sets, their agents share one generator and one set of kinds, so these are
written once; each rule set's ``rules`` takes them with a star import and adds
its own reset, masks, step, agents, record and check.
"""

from numba import njit

from catan_env.core.rng import seed_at

from .agents import KIND_NAMES, KIND_RANDOM
from .constants import MAX_PLAYERS
from .layout import CURRENT_PLAYER, NUM_PLAYERS, PHASE, TRUNCATED, WINNER
from .phases import GAME_OVER
from .scoring import total_vp

__all__ = [
    "AGENT_KINDS",
    "MAX_DECISIONS",
    "MAX_SEATS",
    "RNG_WORDS",
    "SOAK_NO_LEGAL",
    "SOAK_TOO_LONG",
    "UNIFORM_KIND",
    "current",
    "is_over",
    "num_seats",
    "rng_offset",
    "score",
    "seed_agents",
    "truncated",
    "winner",
]

RNG_WORDS = 2
MAX_SEATS = MAX_PLAYERS
MAX_DECISIONS = 1 << 62  # a Catan game ends by itself; this bound is never reached
SOAK_NO_LEGAL = 15
SOAK_TOO_LONG = 16
#: The names of the two soak codes, at those indices of every Catan rule set's
#: ``INVARIANT_NAMES``: no check returns them, so a soak's code names one thing.
SOAK_CODE_NAMES = ("no legal action in a running game", "game did not end within the decision cap")
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
