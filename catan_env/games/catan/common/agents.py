"""Pieces of the jitted agents that every Catan variant shares.

The weighted-random agent of each variant is a table of weights, one per action
id (a variant may weigh an action differently while it answers an offer), and
one sampler, :func:`weighted_pick`.
"""

import numpy as np
from numba import njit

from .rng import below_at

# The jitted agents' kinds, the same in every Catan rule set (each rule set's
# ``choose`` dispatches on them).
KIND_RANDOM = 0
KIND_WEIGHTED = 1
KIND_HEURISTIC = 2
KIND_NAMES = ("random", "weighted", "heuristic")


@njit(cache=True)
def pick_uniform(legal, count, buf, at):
    """A uniformly random entry of ``legal[:count]`` (the legal action ids)."""
    return legal[below_at(buf, at, count)]


def weight_table(weight, num_actions: int) -> np.ndarray:
    """``table[responding, a]`` = ``weight(a, responding)``: the weighted agent's weights,
    row 1 while the agent answers an offer (built once at import)."""
    return np.array(
        [[weight(a, responding) for a in range(num_actions)] for responding in (False, True)],
        np.int64,
    )


@njit(cache=True)
def weighted_pick(legal, count, weights, rng, at):
    """An entry of ``legal[:count]`` drawn with chance proportional to ``weights[a]``
    (uniform when every weight is zero)."""
    total = 0
    for i in range(count):
        total += weights[legal[i]]
    if total == 0:
        return legal[below_at(rng, at, count)]
    pick = below_at(rng, at, total)
    for i in range(count):
        pick -= weights[legal[i]]
        if pick < 0:
            return legal[i]
    return legal[count - 1]


@njit(cache=True, inline="always")
def keep_best(s, a, best, ties, choice, rng, at):
    """One step of a running argmax of the scores ``s`` of actions ``a``: a score within
    1e-9 of the best ties, and each of ``ties`` tied actions is kept with chance
    1/ties (reservoir sampling). Returns the new ``(best, ties, choice)``."""
    if s > best + 1e-9:
        return s, 1, a
    if s > best - 1e-9:
        ties += 1
        if below_at(rng, at, ties) == 0:
            choice = a
    return best, ties, choice
