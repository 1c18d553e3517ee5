"""Batched kernels: many games in one 2-D state array, parallel over games.

Every kernel loops over the rows of ``states`` with ``numba.prange``; a row is
exactly the single-game state, so each game evolves as it would alone. Game
``i``'s ``k``-th episode is seeded by :func:`episode_seed`, which depends only
on the base seed, ``i`` and ``k`` (never on threads or batch size).
"""

import numpy as np
from numba import njit, prange

from ..constants import MAX_PLAYERS
from .layout import CURRENT_PLAYER, NUM_PLAYERS, PHASE, TRUNCATED, WINNER
from .masks import legal_actions
from .phases import GAME_OVER
from .rng import below_at, splitmix64
from .setup import reset_state
from .step import step

_SEED_MASK = np.uint64(0x7FFFFFFFFFFFFFFF)


@njit(cache=True)
def episode_seed(base_seed, env, episode):
    """The game seed of episode ``episode`` of env ``env`` (a non-negative int64)."""
    x = splitmix64(
        np.uint64(base_seed)
        ^ splitmix64(np.uint64(env) * np.uint64(0x100000000) + np.uint64(episode))
    )
    return np.int64(x & _SEED_MASK)


@njit(cache=True, parallel=True)
def batch_reset(states, tb, config, template, base_seed, episodes):
    for i in prange(states.shape[0]):
        reset_state(states[i], tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True, parallel=True)
def batch_legal(states, tb, lists, counts):
    """Each row's legal action ids (ascending) into ``lists[i, :counts[i]]``."""
    for i in prange(states.shape[0]):
        counts[i] = legal_actions(states[i], tb, lists[i])


@njit(cache=True, parallel=True)
def batch_masks(lists, counts, masks):
    """Boolean masks from the legal-id lists of :func:`batch_legal`."""
    for i in prange(lists.shape[0]):
        row = masks[i]
        row[:] = False
        for j in range(counts[i]):
            row[lists[i, j]] = True


@njit(cache=True)
def first_illegal(lists, counts, actions):
    """The first row whose action is not in its legal list, or -1 (binary search)."""
    for i in range(actions.shape[0]):
        lo = 0
        hi = counts[i]
        a = actions[i]
        while lo < hi:
            mid = (lo + hi) // 2
            if lists[i, mid] < a:
                lo = mid + 1
            else:
                hi = mid
        if lo >= counts[i] or lists[i, lo] != a:
            return i
    return -1


@njit(cache=True, parallel=True)
def batch_step(
    states,
    tb,
    actions,
    config,
    template,
    base_seed,
    episodes,
    scratch,
    rewards,
    terminated,
    truncated,
    final_states,
):
    """Apply one action per game; finished games are recorded and restarted.

    Writes per game: ``rewards[i, p]`` (+1 winner, -1 other seats, 0 if the game
    goes on or was truncated), ``terminated[i]``, ``truncated[i]``, and the final
    state into ``final_states[i]`` when the game ended.
    """
    for i in prange(states.shape[0]):
        s = states[i]
        step(s, tb, actions[i], scratch[i])
        for p in range(MAX_PLAYERS):
            rewards[i, p] = 0.0
        terminated[i] = False
        truncated[i] = False
        if s[PHASE] == GAME_OVER:
            final_states[i] = s
            w = s[WINNER]
            if w >= 0:
                terminated[i] = True
                for p in range(s[NUM_PLAYERS]):
                    rewards[i, p] = 1.0 if p == w else -1.0
            else:
                truncated[i] = s[TRUNCATED] != 0
            episodes[i] += 1
            reset_state(s, tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True, parallel=True)
def batch_current_players(states, out):
    for i in prange(states.shape[0]):
        out[i] = states[i, CURRENT_PLAYER]


@njit(cache=True, parallel=True)
def batch_random_actions(lists, counts, rngs, out):
    """A uniformly random legal action per row (agents' own generators in ``rngs``)."""
    for i in prange(lists.shape[0]):
        out[i] = lists[i, below_at(rngs[i], 0, counts[i])]
