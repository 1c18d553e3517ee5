"""Copying between arrays inside jitted code.

numba compiles ``dst[:n] = src[:n]`` between two arrays to a copy that first
checks whether the two may share memory and, since it cannot prove they do
not, copies the source into a new temporary array and from there into the
destination: an allocation and two passes. For a base-game state (521 words)
that measured 485 ns a copy, against 29 ns for the plain loop of
:func:`copy_into`, which LLVM turns into vector moves. The lookahead agents
copy a state once per candidate action, so this is a large part of a
decision. Use :func:`copy_into` where the two arrays are known not to overlap.
"""

from numba import njit


@njit(cache=True, inline="always")
def copy_into(dst, src, n):
    """``dst[:n] = src[:n]`` for arrays that do not overlap, without a temporary."""
    for i in range(n):
        dst[i] = src[i]


@njit(cache=True, inline="always")
def count_differences(a, b, start, stop):
    """How many words of ``a[start:stop]`` and ``b[start:stop]`` differ.

    Branch-free, so LLVM vectorises it: comparing a few hundred words costs
    less than one pass of a rule over the board, which lets the lookahead
    agents ask "is this block as in the decision's state?" before reusing
    what they computed from it.
    """
    n = 0
    for i in range(start, stop):
        n += a[i] != b[i]
    return n
