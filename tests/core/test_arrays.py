"""catan_env.core.arrays: the copy the lookahead agents make of a state per candidate,
and the block comparison their memos make before reusing a part of the value."""

import numpy as np
from numba import njit

from catan_env.core.arrays import copy_into, count_differences


@njit(cache=False)
def _copy_row(dst, src, n):
    copy_into(dst, src, n)


def test_copy_into_copies_the_first_n_words_and_nothing_else():
    src = np.arange(10, dtype=np.int32)
    dst = np.full(12, -7, np.int32)
    _copy_row(dst, src, 6)
    assert dst[:6].tolist() == list(range(6))
    assert (dst[6:] == -7).all()
    # Into a row of a 2-D array (the kernels copy a state into a row of a batch).
    batch = np.zeros((3, 10), np.int32)
    _copy_row(batch[1], src, 10)
    assert batch[1].tolist() == list(range(10)) and not batch[0].any() and not batch[2].any()


@njit(cache=False)
def _differences(a, b, start, stop):
    return count_differences(a, b, start, stop)


def test_count_differences_counts_the_differing_words_of_the_block_only():
    a = np.arange(20, dtype=np.int32)
    b = a.copy()
    assert _differences(a, b, 0, 20) == 0
    b[[3, 4, 11, 19]] = -1
    assert _differences(a, b, 0, 20) == 4
    assert _differences(a, b, 5, 11) == 0  # the block stops before word 11
    assert _differences(a, b, 5, 12) == 1
    assert _differences(a, b, 4, 4) == 0  # an empty block
