"""PCG32 random numbers in two int32 words of any array, and seed mixing.

PCG32 (XSH-RR, O'Neill 2014) with a fixed stream: 64 bits of generator state
kept in two int32 words, so a game keeps its generator inside its state array
(copying a state copies its future draws) and agents keep theirs in a small
array of their own. :func:`episode_seed` derives the seed of each episode of
each game of a batch from one base seed, independent of threads or batch size.
"""

import numpy as np
from numba import njit

_MULT = np.uint64(6364136223846793005)
_INC = np.uint64(1442695040888963407)
_MASK32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _load(buf, at):
    lo = np.uint64(np.uint32(buf[at]))
    hi = np.uint64(np.uint32(buf[at + 1]))
    return (hi << np.uint64(32)) | lo


@njit(cache=True, inline="always")
def _store(buf, at, s):
    buf[at] = np.int32(np.uint32(s & _MASK32))
    buf[at + 1] = np.int32(np.uint32(s >> np.uint64(32)))


@njit(cache=True)
def splitmix64(x):
    """One step of SplitMix64: a well-mixed 64-bit value from any 64-bit seed."""
    z = np.uint64(x) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def seed_at(buf, at, seed):
    """Initialise the generator in ``buf[at:at+2]`` from a non-negative seed."""
    _store(buf, at, splitmix64(np.uint64(seed)))


@njit(cache=True)
def next32_at(buf, at):
    """Next 32 random bits, as a uint64 below 2**32."""
    old = _load(buf, at)
    _store(buf, at, old * _MULT + _INC)
    # numba widens uint32 arithmetic to 64 bits, so the rotation works in
    # uint64 and is masked back to 32 bits.
    xorshifted = ((old >> np.uint64(18)) ^ old) >> np.uint64(27) & _MASK32
    rot = old >> np.uint64(59)
    left = (np.uint64(32) - rot) & np.uint64(31)
    return ((xorshifted >> rot) | (xorshifted << left)) & _MASK32


@njit(cache=True)
def below_at(buf, at, n):
    """Uniform integer in ``[0, n)`` for ``1 <= n < 2**31`` (Lemire, unbiased)."""
    bound = np.uint64(n)
    m = next32_at(buf, at) * bound
    low = m & _MASK32
    if low < bound:
        threshold = (np.uint64(0x100000000) - bound) % bound
        while low < threshold:
            m = next32_at(buf, at) * bound
            low = m & _MASK32
    return np.int64(m >> np.uint64(32))


_SEED_MASK = np.uint64(0x7FFFFFFFFFFFFFFF)


@njit(cache=True)
def episode_seed(base_seed, env, episode):
    """The game seed of episode ``episode`` of env ``env`` (a non-negative int64)."""
    x = splitmix64(
        np.uint64(base_seed)
        ^ splitmix64(np.uint64(env) * np.uint64(0x100000000) + np.uint64(episode))
    )
    return np.int64(x & _SEED_MASK)
