"""The observations' arithmetic helpers give the very values of the formulas they
replace: ``scaled`` the float32 of a division, ``relative`` the modulo."""

import numpy as np
import pytest
from numba import njit

from catan_env.games.catan.common import constants as C
from catan_env.games.catan.common.observe import relative, scaled

# Every constant the observations scale by, with a range of counts well past
# what a game can hold (negative too: a difference of counts).
TOPS = (2.0, 4.0, 5.0, 14.0, 15.0, 20.0, 22.0, 40.0, float(C.DEV_DECK_SIZE),
        float(C.RESOURCE_CARDS_PER_TYPE))  # fmt: skip


@njit
def _scaled_all(xs, top, out):
    for i in range(xs.shape[0]):
        out[i] = scaled(xs[i], top)


@pytest.mark.parametrize("top", TOPS)
def test_scaled_is_the_float32_of_the_division(top):
    xs = np.arange(-300, 301, dtype=np.int32)
    out = np.empty(xs.shape[0], np.float32)
    _scaled_all(xs, top, out)
    expected = (xs / top).astype(np.float32)  # what out[i] = x / top stored before
    assert np.array_equal(out, expected)


def test_scaled_differs_from_a_truncated_reciprocal():
    # The check above can fail: a reciprocal rounded to float32 first is off.
    xs = np.arange(0, 301, dtype=np.float64)
    rough = (xs * np.float32(1.0 / 19.0)).astype(np.float32)
    assert not np.array_equal(rough, (xs / 19.0).astype(np.float32))


@njit
def _relative(q, me, n):
    return relative(q, me, n)


def test_relative_is_the_seat_modulo():
    for n in range(2, C.MAX_PLAYERS + 1):
        for me in range(n):
            for q in range(n):
                assert _relative(q, me, n) == (q - me) % n
