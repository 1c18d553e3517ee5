"""catan_env.core.borrow: a view without a reference count reads and writes the
array it was taken from, and the game loops that borrow give the same games;
a frame buffer holds what is written for its frame and allocates nothing."""

import numpy as np
import pytest
from numba import njit

from catan_env.core.borrow import borrow, stack_buffer


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


_WORDS = 51  # a module constant, as stack_buffer requires


@njit
def _stack_sums(n, rounds):
    # Each call gets its own frame buffer; a loop reuses the same one.
    total = 0
    for k in range(rounds):
        s = stack_buffer(_WORDS)
        for i in range(n):
            s[i] = i * k
        for i in range(n):
            total += s[i]
    return total, s.shape[0]


@njit
def _fill(buf, value):
    for i in range(buf.shape[0]):
        buf[i] = value


@njit
def _handed_down():
    s = stack_buffer(_WORDS)
    _fill(s, 7)  # a callee writes the caller's buffer
    m = s.reshape((3, 17))
    return s.sum(), m[2, 16], m.shape


def test_stack_buffer_holds_what_is_written_for_the_frame():
    assert _stack_sums(_WORDS, 4) == (sum(i * k for k in range(4) for i in range(_WORDS)), _WORDS)
    assert _handed_down() == (7 * _WORDS, 7, (3, 17))


def test_stack_buffer_allocates_nothing():
    # The point of it: numba's allocator is never called, so no per-call heap
    # traffic (an np.empty in the same place allocates once per round).
    from numba.core.runtime import _nrt_python as nrt

    _stack_sums(3, 1)
    was_on = nrt.memsys_stats_enabled()
    nrt.memsys_enable_stats()
    try:
        before = nrt.memsys_get_stats_alloc()
        _stack_sums(_WORDS, 1000)
        assert nrt.memsys_get_stats_alloc() == before
        _numba_owned(8)  # the statistics do count an allocation
        assert nrt.memsys_get_stats_alloc() == before + 1
    finally:
        if not was_on:
            nrt.memsys_disable_stats()


def test_stack_buffer_needs_a_constant_size():
    @njit
    def sized(n):
        return stack_buffer(n).shape[0]

    with pytest.raises(Exception, match="stack_buffer"):
        sized(8)
