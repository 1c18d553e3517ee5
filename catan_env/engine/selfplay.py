"""Whole games played inside numba by jitted agents (batch self-play).

A jitted agent is a function ``(state, tb, mask, count, agent_rng) -> action``.
The kernel loops mask -> choose -> step with no Python in between.
"""

import numpy as np
from numba import njit

from . import action_ids as A
from .layout import CURRENT_PLAYER, DECISIONS, PHASE, STATE_SIZE, TRUNCATED, TURN, WINNER
from .phases import GAME_OVER
from .rng import below_at, seed_at
from .setup import reset_state
from .step import step
from .masks import legal_mask


@njit(cache=True)
def pick_uniform(mask, count, buf, at):
    """The k-th legal action for a uniform k: a uniformly random legal action."""
    k = below_at(buf, at, count)
    for a in range(mask.shape[0]):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@njit(cache=True)
def play_random_games(tb, config, template, seeds, agent_seed, out_winner, out_turns, out_decisions):
    """Play ``len(seeds)`` games with uniformly random agents.

    Game ``i`` uses seed ``seeds[i]``; the agents' randomness is seeded by
    ``agent_seed`` and the game index, so results do not depend on batching.
    """
    state = np.zeros(STATE_SIZE, np.int32)
    mask = np.zeros(A.NUM_ACTIONS, np.bool_)
    scratch = np.zeros(A.NUM_ACTIONS, np.bool_)
    rng = np.zeros(2, np.int32)
    for i in range(seeds.shape[0]):
        reset_state(state, tb, seeds[i], config, template)
        seed_at(rng, 0, agent_seed * 1000003 + i)
        while state[PHASE] != GAME_OVER:
            count = legal_mask(state, tb, mask)
            a = pick_uniform(mask, count, rng, 0)
            step(state, tb, a, scratch)
        out_winner[i] = state[WINNER]
        out_turns[i] = state[TURN]
        out_decisions[i] = state[DECISIONS]
