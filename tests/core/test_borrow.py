"""catan_env.core.borrow: a view without a reference count reads and writes the
array it was taken from, and the game loops that borrow give the same games."""

import numpy as np
import pytest
from numba import njit

from catan_env.core.borrow import borrow


@njit
def _write_through(a, i, value):
    v = borrow(a)
    v[i] = value
    return v.shape[0], v[i]


@njit
def _row_sum(m, i):
    row = borrow(m[i])
    total = 0
    for j in range(row.shape[0]):
        total += row[j]
    return total


@njit
def _strided_sum(a):
    v = borrow(a[::3])
    return v.sum(), v.shape[0]


def test_borrowed_view_writes_through_to_the_array():
    a = np.arange(10, dtype=np.int32)
    assert _write_through(a, 4, 99) == (10, 99)
    assert a[4] == 99
    assert a.sum() == np.arange(10).sum() - 4 + 99


def test_borrowed_row_and_strided_view_keep_shape_and_strides():
    m = np.arange(12, dtype=np.int64).reshape(3, 4)
    assert _row_sum(m, 2) == 8 + 9 + 10 + 11
    a = np.arange(10, dtype=np.float64)
    assert _strided_sum(a) == (0 + 3 + 6 + 9, 4)


@njit
def _numba_owned(n):
    return np.zeros(n, np.int32)


def test_borrowing_leaves_the_owners_reference_count_alone():
    # A borrowed view that took a reference would leak one per call; one that
    # dropped one would free the array under its owner.
    a = _numba_owned(64)
    meminfo = a.base  # numba's owner of an array allocated in jitted code
    before = meminfo.refcount
    for k in range(1000):
        _write_through(a, k % 64, k)
    assert meminfo.refcount == before
    assert a[999 % 64] == 999


def test_borrow_rejects_what_is_not_an_array():
    @njit
    def f(x):
        return borrow(x)

    with pytest.raises(Exception, match="borrow"):
        f(3)
