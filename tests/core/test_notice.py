"""catan_env.core.notice: the user is told whenever numba compiles, whatever the cache holds."""

import io

import numba
import numpy as np

from catan_env.core.notice import COMPILING, compile_notice


def _fresh():
    """A function numba has never compiled (no cache): calling it compiles."""

    @numba.njit
    def double(x):
        return 2 * x

    return double


def test_a_compile_is_announced_once_and_a_loaded_function_is_not():
    """The notice keys on numba's compile events, not on files: a warm cache directory
    for another checkout path (whose files exist) no longer hides a compile."""
    f, out = _fresh(), io.StringIO()
    with compile_notice(stream=out) as notice:
        assert f(np.int64(3)) == 6
        f(np.int64(4))  # compiled now: nothing more to say
    assert out.getvalue() == COMPILING + "\n" and notice.notices == 1
    out = io.StringIO()
    with compile_notice(stream=out):
        f(np.int64(5))
    assert out.getvalue() == ""


def test_a_long_compile_is_never_silent_and_nested_blocks_share_one_notice():
    out = io.StringIO()
    with compile_notice(stream=out, every=0.0):
        with compile_notice(stream=io.StringIO()) as inner:
            _fresh()(np.int64(1))
            _fresh()(np.int64(1))
    lines = out.getvalue().splitlines()
    assert lines[0] == COMPILING and lines[1].startswith("still compiling (")
    assert inner.notices == 2  # the outer block's notice


def test_nothing_is_said_outside_a_block(capsys):
    _fresh()(np.int64(2))
    assert capsys.readouterr().err == ""
