"""The game's own random number generator, stored inside the state.

The generator is :mod:`catan_env.core.rng`'s PCG32 on the state's ``RNG`` words, so
copying a state copies its future dice and draws and a seed fixes the whole
game. Agents run the same generator on words of their own, so their randomness
never disturbs the game's.

Explicit chance nodes. Every random event of a step is one call of
:func:`rng_below` (dice, the event die, a steal) or the draw of a deck's top
card, whose order was fixed by the shuffle at reset. ``Game.chance_outcomes``
enumerates an action's outcomes by stepping copies of the state with the
``CHANCE_*`` fields set: the draws then return forced values instead of
generator output (:func:`forced_below`), and each records its range, so a
search over the forced values visits every outcome. A forced deck draw names a
card kind rather than a position (:func:`force_top_kind`). At rest the fields
are zero, but a draw still costs a call: the forced branch calls code numba
does not inline, so :func:`rng_below` is not inlined either and keeps an
incref/decref of ``state`` (numba cannot prune reference counts around a call
that may raise). The draws of every turn (the dice, ``production.roll_dice``
and the C&K roll) therefore test ``CHANCE_FORCING`` themselves and call
:func:`below_at` at rest, which draws the same numbers.
"""

import numpy as np
from numba import njit

from catan_env.core.rng import (  # noqa: F401 (re-exported for the Catan rules)
    below_at,
    next32_at,
    seed_at,
    splitmix64,
)

from .layout import (
    CHANCE_DRAWS,
    CHANCE_FORCED,
    CHANCE_FORCING,
    CHANCE_KEY,
    CHANCE_RANGES,
    CHANCE_START,
    CHANCE_STOP,
    CHANCE_VALUES,
    MAX_FORCED_DRAWS,
    RNG,
)

_MASK32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def rng_seed(state, seed):
    """Seed the game's generator."""
    seed_at(state, RNG, seed)


@njit(cache=True)
def rng_next32(state):
    return next32_at(state, RNG)


@njit(cache=True)
def rng_below(state, n):
    """Uniform integer in ``[0, n)`` from the game's generator (or a forced draw)."""
    if state[CHANCE_FORCING] != 0:
        return forced_below(state, n)
    return below_at(state, RNG, n)


@njit(cache=True)
def shuffle(state, a):
    """Fisher-Yates shuffle of ``a`` in place with the game's RNG (a slice shuffles a prefix)."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = rng_below(state, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True)
def state_key(state):
    """64-bit FNV-1a hash of the state without its chance fields, as an int64."""
    h = np.uint64(0xCBF29CE484222325)
    prime = np.uint64(0x100000001B3)
    for i in range(state.shape[0]):
        if CHANCE_START <= i < CHANCE_STOP:
            continue
        h = (h ^ np.uint64(np.uint32(state[i]))) * prime
    return np.int64(h)


@njit(cache=True)
def forced_below(state, n):
    """The next draw of a forced step: a value in ``[0, n)`` chosen by the caller.

    Draw ``i`` records its range ``n``; it returns ``chance_values[i]`` for the
    first ``chance_forced`` draws and 0 after them. The first draw that is not
    forced also records a hash of the state at that moment: two forced prefixes
    that reach it with equal states have the same outcomes from there on (every
    draw's effect is written to the state before the next draw), which lets
    the enumeration merge them. Draws beyond ``MAX_FORCED_DRAWS`` are counted
    but not recorded.
    """
    i = state[CHANCE_DRAWS]
    state[CHANCE_DRAWS] = i + 1
    if i >= MAX_FORCED_DRAWS:
        return 0
    state[CHANCE_RANGES + i] = n
    if i < state[CHANCE_FORCED]:
        return min(max(state[CHANCE_VALUES + i], 0), n - 1)
    if i == state[CHANCE_FORCED]:
        key = state_key(state)
        state[CHANCE_KEY] = np.int32(np.uint32(np.uint64(key) & _MASK32))
        state[CHANCE_KEY + 1] = np.int32(np.uint32(np.uint64(key) >> np.uint64(32)))
    return 0


@njit(cache=True)
def force_top_kind(state, base, head, count, size, num_kinds):
    """A forced deck draw: bring a card of the forced kind to the top of a deck.

    The deck's ``count`` cards sit at ``state[base + (head + i) % size]``, top
    first. The draw takes a value ``v`` in ``[0, count)`` that indexes the
    cards sorted by kind, so the kinds come out with their deck frequencies;
    the first card of that kind moves to the top and the others keep their
    order. Draws of the same kind thus leave equal states and merge.
    """
    v = forced_below(state, count)
    kind = -1
    for k in range(num_kinds):
        c = 0
        for i in range(count):
            if state[base + (head + i) % size] == k:
                c += 1
        if v < c:
            kind = k
            break
        v -= c
    if kind < 0:
        return
    pos = 0
    while state[base + (head + pos) % size] != kind:
        pos += 1
    for i in range(pos, 0, -1):
        state[base + (head + i) % size] = state[base + (head + i - 1) % size]
    state[base + head % size] = kind
