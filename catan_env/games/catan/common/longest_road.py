"""Road length and the Longest Road card (base §9.1, §9.2)."""

import numpy as np
from numba import njit

from catan_env.core.borrow import stack_buffer

from ..board.standard import NUM_EDGES, NUM_VERTICES
from .constants import ROADS_PER_PLAYER
from .layout import (
    EDGE_OWNER,
    KNIGHT_OWNER,
    LONGEST_ROAD_HOLDER,
    NUM_PLAYERS,
    PUBLIC_VP,
    ROAD_LENGTH,
    VERTEX_OWNER,
)
from .tables import T_EDGE_VERTICES, T_VERTEX_EDGES, T_VERTEX_VERTICES

# The search keeps intersections and roads in 64- and 128-bit sets.
assert NUM_VERTICES <= 64 and NUM_EDGES <= 128

LONGEST_ROAD_MIN = 5
LONGEST_ROAD_VP = 2

# The depth-first search's stack: per level, the intersection, the next slot to
# try and the road that led there; a trail has at most 15 roads.
_STACK_WORDS = 3 * (ROADS_PER_PLAYER + 2)


@njit(cache=True)
def road_length(state, tb, p):
    """Longest trail in seat ``p``'s roads.

    A trail uses each road once, may revisit intersections, and may end at but
    not pass through an intersection holding another player's building.
    Exhaustive depth-first search, from only the intersections a longest trail
    can start at: at most 15 roads, so it stays small. The sets of
    intersections and of roads used are bit sets and the stack is in the frame,
    so the search allocates nothing (the heuristics' lookahead calls this after
    every road it tries).

    Where a longest trail starts: if it started at an open intersection with one
    of the seat's roads unused, that road would lengthen it; so it uses every
    road there, one at its start, two at each pass, one more if it ends there
    too. An intersection with an odd number of the seat's roads, or one an
    opponent blocks (a trail only starts or ends there), is therefore a start.
    A trail from any other intersection comes back to it having used every road
    of every intersection it passes, so it is the whole of a network whose
    intersections are all open and even: the roads no search from a start
    reached are such networks, and one search from each finds it.
    """
    n_own = 0
    ends = np.uint64(0)  # intersections at an end of one of p's roads
    odd = np.uint64(0)  # those with an odd number of p's roads
    own_lo = np.uint64(0)  # p's roads 0-63
    own_hi = np.uint64(0)  # p's roads 64-127
    one = np.uint64(1)
    for e in range(NUM_EDGES):
        if state[EDGE_OWNER + e] == p:
            n_own += 1
            a = one << np.uint64(tb[T_EDGE_VERTICES + 2 * e])
            b = one << np.uint64(tb[T_EDGE_VERTICES + 2 * e + 1])
            ends |= a | b
            odd ^= a ^ b
            if e < 64:
                own_lo |= one << np.uint64(e)
            else:
                own_hi |= one << np.uint64(e - 64)
    if n_own <= 1:
        return n_own
    # Explicit DFS stack: the vertex we stand on, the next incident slot to
    # try, and the road that led there.
    stack = stack_buffer(_STACK_WORDS)
    best = 0
    seen_lo = np.uint64(0)  # roads some search has used
    seen_hi = np.uint64(0)
    for v in range(NUM_VERTICES):
        if not (ends >> np.uint64(v)) & one:
            continue
        if (odd >> np.uint64(v)) & one or _blocked(state, p, v):
            best, seen_lo, seen_hi = _trails_from(state, tb, p, v, stack, best, seen_lo, seen_hi)
            if best == n_own:
                return best
    if (own_lo & ~seen_lo) or (own_hi & ~seen_hi):
        for e in range(NUM_EDGES):
            if state[EDGE_OWNER + e] != p:
                continue
            seen = seen_lo >> np.uint64(e) if e < 64 else seen_hi >> np.uint64(e - 64)
            if not seen & one:
                v = tb[T_EDGE_VERTICES + 2 * e]
                best, seen_lo, seen_hi = _trails_from(state, tb, p, v, stack, best, seen_lo,
                                                      seen_hi)  # fmt: skip
                if best == n_own:
                    return best
    return best


@njit(cache=True, inline="always")
def _blocked(state, p, v):
    """Another player's building or knight stands on ``v`` (C&K §2.8 for knights)."""
    b = state[VERTEX_OWNER + v]
    kn = state[KNIGHT_OWNER + v]
    return (b >= 0 and b != p) or (kn >= 0 and kn != p)


@njit(cache=True)
def _trails_from(state, tb, p, start, stack, best, seen_lo, seen_hi):
    """Every trail of ``p``'s roads from ``start``: the longer of ``best`` and the
    longest, and the roads used, added to ``seen_lo``/``seen_hi``."""
    depth_max = len(stack) // 3
    stack_k = depth_max
    stack_e = 2 * depth_max
    one = np.uint64(1)
    used_lo = np.uint64(0)  # roads 0-63 on the current trail
    used_hi = np.uint64(0)  # roads 64-127
    depth = 0
    stack[0] = start
    stack[stack_k] = 0
    stack[stack_e] = -1
    while depth >= 0:
        v = stack[depth]
        k = stack[stack_k + depth]
        moved = False
        # Only the start of a trail may sit on an opponent's building or
        # knight (C&K §2.8); own pieces never break a trail.
        if not (depth > 0 and _blocked(state, p, v)):
            while k < 3:
                e = tb[T_VERTEX_EDGES + 3 * v + k]
                k += 1
                if e < 0 or state[EDGE_OWNER + e] != p:
                    continue
                if e < 64:
                    bit = one << np.uint64(e)
                    if used_lo & bit:
                        continue
                    used_lo |= bit
                    seen_lo |= bit
                else:
                    bit = one << np.uint64(e - 64)
                    if used_hi & bit:
                        continue
                    used_hi |= bit
                    seen_hi |= bit
                stack[stack_k + depth] = k
                depth += 1
                stack[depth] = tb[T_VERTEX_VERTICES + 3 * v + k - 1]
                stack[stack_k + depth] = 0
                stack[stack_e + depth] = e
                if depth > best:
                    best = depth
                moved = True
                break
        if not moved:
            e = stack[stack_e + depth]
            if e >= 64:
                used_hi &= ~(one << np.uint64(e - 64))
            elif e >= 0:
                used_lo &= ~(one << np.uint64(e))
            depth -= 1
    return best, seen_lo, seen_hi


@njit(cache=True)
def award_longest_road(state):
    """Re-decide the Longest Road holder from the current lengths (base §9.2).

    One rule covers building, ties, breaks and setting the card aside.
    """
    n = state[NUM_PLAYERS]
    best = 0
    n_top = 0
    top = -1
    for q in range(n):
        length = state[ROAD_LENGTH + q]
        if length > best:
            best = length
            n_top = 1
            top = q
        elif length == best:
            n_top += 1
    holder = state[LONGEST_ROAD_HOLDER]
    if (
        holder >= 0
        and state[ROAD_LENGTH + holder] >= LONGEST_ROAD_MIN
        and (state[ROAD_LENGTH + holder] == best)
    ):
        return
    new = top if (best >= LONGEST_ROAD_MIN and n_top == 1) else -1
    if new != holder:
        if holder >= 0:
            state[PUBLIC_VP + holder] -= LONGEST_ROAD_VP
        if new >= 0:
            state[PUBLIC_VP + new] += LONGEST_ROAD_VP
        state[LONGEST_ROAD_HOLDER] = new


@njit(cache=True)
def update_after_road(state, tb, p):
    """Seat ``p``'s roads changed in any way (a road removed too): search again."""
    state[ROAD_LENGTH + p] = road_length(state, tb, p)
    award_longest_road(state)


@njit(cache=True)
def update_after_new_road(state, tb, p, e):
    """Seat ``p`` has just placed road ``e``; ``state[ROAD_LENGTH + p]`` still
    holds the length before it.

    A trail without ``e`` was there before, so the new length is the old one or
    the longest trail through ``e``. Where one end of ``e`` holds no other road
    of ``p`` (a road that extends a network or starts one, nearly every road),
    every trail through ``e`` starts at that end, and the trails from it alone
    are searched; a road that joins roads at both ends is searched in full.
    """
    for end in range(2):
        u = tb[T_EDGE_VERTICES + 2 * e + end]
        if _own_roads_at(state, tb, p, u) == 1:
            stack = stack_buffer(_STACK_WORDS)
            zero = np.uint64(0)
            best, _, _ = _trails_from(state, tb, p, u, stack, state[ROAD_LENGTH + p], zero, zero)
            state[ROAD_LENGTH + p] = best
            award_longest_road(state)
            return
    update_after_road(state, tb, p)


@njit(cache=True, inline="always")
def _own_roads_at(state, tb, p, v):
    n = 0
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e >= 0 and state[EDGE_OWNER + e] == p:
            n += 1
    return n


@njit(cache=True)
def update_after_occupancy(state, tb, v):
    """A building or knight arriving on (or leaving) ``v`` can change the trails
    of every player with a road there."""
    touched = 0  # a bit per seat, not an array: this runs for every building placed
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e >= 0 and state[EDGE_OWNER + e] >= 0:
            touched |= 1 << state[EDGE_OWNER + e]
    for q in range(state[NUM_PLAYERS]):
        if (touched >> q) & 1:
            state[ROAD_LENGTH + q] = road_length(state, tb, q)
    award_longest_road(state)
