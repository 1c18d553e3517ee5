"""Batch helpers that know no game: masks from legal-id lists, action checks, random picks.

The per-game batch kernels (reset, legal actions, step) are generated from
:mod:`catan_env.core.kernels.template`; these work on their outputs only.
"""

from numba import njit, prange

from .rng import below_at


@njit(cache=True, parallel=True)
def batch_masks(lists, counts, masks):
    """Boolean masks from legal-id lists (``lists[i, :counts[i]]``)."""
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
def batch_random_actions(lists, counts, rngs, out):
    """A uniformly random legal action per row (agents' own generators in ``rngs``)."""
    for i in prange(lists.shape[0]):
        out[i] = lists[i, below_at(rngs[i], 0, counts[i])]
