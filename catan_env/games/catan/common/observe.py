"""Parts of the observation that the base game and Cities & Knights write alike.

Both observe the standard island: the same hexes, number tokens, robber,
harbors and roads, and the same one-hot phase and seats, each at the offsets
of its own observation layout (passed in), seats relative to observer ``me``
of ``n`` seats.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_HEXES
from . import constants as C
from . import layout as L


def add_board_fields(layout):
    """Declare the hexes' terrain and number token and the robber's hex in an
    observation ``layout`` (its first fields); their offsets."""
    return (
        layout.add("hex_terrain", (NUM_HEXES, C.NUM_TERRAINS), "one-hot terrain"),
        layout.add("hex_number", (NUM_HEXES, 11), "one-hot number token 2..12"),
        layout.add("robber", NUM_HEXES, "robber hex"),
    )


@njit(cache=True, inline="always")
def cap(x, top):
    """``x / top``, at most 1."""
    return min(x, top) / top


@njit(cache=True, inline="always")
def scaled(x, top):
    """``x / top`` as an observation holds it (float32) for a whole count ``x`` and
    a constant ``top``: ``x`` times the reciprocal, which LLVM folds, instead of
    a division. The observations write dozens of these, and a division costs
    several multiplications; for every ``top`` and range of counts the games
    observe, the float32 is the division's
    (tests/games/catan/common/test_observe_helpers.py)."""
    return np.float32(x * (1.0 / top))


@njit(cache=True, inline="always")
def relative(q, me, n):
    """Seat ``q`` (0..n-1) as seen from ``me``: ``(q - me) % n`` without a division."""
    rel = q - me
    return rel + n if rel < 0 else rel


@njit(cache=True)
def observe_board(state, out, o_terrain, o_number, o_robber):
    """One-hot terrain and number token per hex, and the robber's hex."""
    for h in range(NUM_HEXES):
        out[o_terrain + h * C.NUM_TERRAINS + state[L.HEX_TERRAIN + h]] = 1.0
        num = state[L.HEX_NUMBER + h]
        if num >= 2:
            out[o_number + h * 11 + num - 2] = 1.0
    out[o_robber + state[L.ROBBER_HEX]] = 1.0


@njit(cache=True)
def observe_harbors(state, out, o_harbor):
    """One-hot harbor type per harbor."""
    for i in range(NUM_HARBORS):
        out[o_harbor + i * C.NUM_HARBOR_TYPES + state[L.HARBOR_TYPE + i]] = 1.0


@njit(cache=True)
def observe_roads(state, out, o_road, me, n):
    """Each path's road by its owner's seat relative to ``me``."""
    for e in range(NUM_EDGES):
        owner = state[L.EDGE_OWNER + e]
        if owner >= 0:
            out[o_road + e * C.MAX_PLAYERS + relative(owner, me, n)] = 1.0


@njit(cache=True)
def observe_turn(state, out, o_phase, o_active, o_current, me, n):
    """One-hot phase, seat whose turn it is and seat that decides now."""
    out[o_phase + state[L.PHASE]] = 1.0
    out[o_active + relative(state[L.ACTIVE_PLAYER], me, n)] = 1.0
    cur = state[L.CURRENT_PLAYER]
    if cur >= 0:
        out[o_current + relative(cur, me, n)] = 1.0
