"""The base game's jitted agents, by kind: random, weighted random, heuristic.

Each seat of a kernel game is played by the agent of an integer *kind*
(:data:`KIND_NAMES` order); :func:`choose` is the contract's entry point. The
weighted and heuristic policies live in :mod:`.heuristic`.
"""

from numba import njit

from ..common.agents import KIND_HEURISTIC, KIND_NAMES, KIND_RANDOM, KIND_WEIGHTED, pick_uniform
from .heuristic import WORK_SIZE, heuristic_action, weighted_action

__all__ = ["KIND_HEURISTIC", "KIND_NAMES", "KIND_RANDOM", "KIND_WEIGHTED", "WORK_SIZE", "choose"]


@njit(cache=True)
def choose(kind, state, tb, legal, count, rng, at, work):
    """The action of a jitted agent of ``kind`` for the current decision.

    ``legal[:count]`` are the legal ids, ascending; ``rng[at:at+2]`` is the
    agents' generator; ``work`` is scratch space of :data:`WORK_SIZE` words.
    """
    if kind == KIND_HEURISTIC:
        return heuristic_action(state, tb, legal, count, rng, at, work)
    if kind == KIND_WEIGHTED:
        return weighted_action(state, legal, count, rng, at)
    return pick_uniform(legal, count, rng, at)
