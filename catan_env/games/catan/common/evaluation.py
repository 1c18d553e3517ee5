"""Features of a position as one seat sees it, for the heuristic agents.

Every function here reads only what seat ``p`` knows: the board, the pieces,
public counts, and ``p``'s own hand. None reads an opponent's hand or a deck
order, so an agent built on them cannot peek (the agent tests scramble the
hidden information and check the choice does not change).

The values are in "card" units: one resource card in hand is worth about 1.
"""

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from ..board.standard import NUM_VERTICES
from .building import distance_rule_ok, foreign_piece_at
from .constants import (
    CITY,
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
    SETTLEMENTS_PER_PLAYER,
)
from .layout import (
    CITIES_LEFT,
    EDGE_OWNER,
    HAND,
    HARBOR_RATE,
    HEX_NUMBER,
    HEX_TERRAIN,
    KNIGHT_OWNER,
    NUM_PLAYERS,
    ROADS_LEFT,
    ROBBER_HEX,
    SETTLEMENTS_LEFT,
    VERTEX_BUILDING,
    VERTEX_OWNER,
)
from .tables import T_EDGE_VERTICES, T_HEX_VERTICES, T_VERTEX_EDGES, T_VERTEX_HEXES

#: Worth of one expected card per roll of each type (resources, then
#: commodities): grain and ore build cities and are scarce on most boards.
CARD_WORTH = np.array([1.0, 1.0, 0.85, 1.1, 1.1, 1.2, 1.2, 1.2], np.float64)

#: Frontier spots count less the more roads they still need (0, 1, 2).
FRONTIER_REACH = np.array([1.0, 0.55, 0.3], np.float64)

#: How much a target is worth as a function of cards still missing (0..3).
CLOSENESS = np.array([1.0, 0.45, 0.2, 0.08], np.float64)

TARGET_CITY = 14.0
TARGET_SETTLEMENT = 12.0
TARGET_DEV = 6.0
TARGET_ROAD = 4.0


@njit(cache=True, inline="always")
def keep_top_two(best, second, value):
    """The largest two of ``best >= second`` and ``value``, in that order."""
    if value > best:
        return value, best
    if value > second:
        return best, value
    return best, second


@njit(cache=True, inline="always")
def pips(number):
    """Ways to roll ``number`` with two dice (0 for the desert)."""
    if number < 2 or number > 12 or number == 7:
        return 0
    return 6 - abs(7 - number)


@njit(cache=True)
def hex_pips(state, tb, p, h):
    """Pips ``p`` collects from hex ``h``: the chance of its number times its
    buildings there (a city counts twice); what the robber there takes away."""
    w = pips(state[HEX_NUMBER + h])
    total = 0
    for k in range(6):
        v = tb[T_HEX_VERTICES + 6 * h + k]
        if state[VERTEX_OWNER + v] == p:
            total += w * state[VERTEX_BUILDING + v]
    return total


@njit(cache=True, inline="always")
def _add_yield(out, t, w, city, commodities, sign):
    """Add ``sign`` times what one building yields from a hex of terrain ``t``
    and ``w`` pips (as :func:`production` counts it) to ``out``."""
    if not city:
        out[t] += sign * w
    elif commodities and (t == 0 or t == 2 or t == 4):
        out[t] += sign * w
        # forest -> paper, pasture -> cloth, mountains -> coin
        out[NUM_RESOURCES + (0 if t == 0 else (1 if t == 2 else 2))] += sign * w
    else:
        out[t] += sign * 2 * w


@njit(cache=True)
def production(state, tb, p, commodities, out):
    """Expected cards per 36 rolls for ``p``, by card type, into ``out`` (8).

    ``commodities``: cities on forest, pasture and mountains yield one resource
    and one commodity (C&K §3.6) instead of two resources. The robber's hex
    yields nothing.
    """
    for r in range(NUM_CARD_TYPES):
        out[r] = 0.0
    robber = state[ROBBER_HEX]
    for v in range(NUM_VERTICES):
        if state[VERTEX_OWNER + v] != p:
            continue
        city = state[VERTEX_BUILDING + v] == CITY  # a tipped city yields as a settlement
        for k in range(3):
            h = tb[T_VERTEX_HEXES + 3 * v + k]
            if h < 0 or h == robber:
                continue
            w = pips(state[HEX_NUMBER + h])
            if w == 0:
                continue
            _add_yield(out, state[HEX_TERRAIN + h], w, city, commodities, 1)


@njit(cache=True)
def productions(state, tb, n, out):
    """:func:`production` of seats ``0..n-1`` (no commodities) into
    ``out[q * NUM_CARD_TYPES:]``, in one pass over the intersections instead
    of one per seat; each seat's sums in the same order, so the same floats."""
    for i in range(n * NUM_CARD_TYPES):
        out[i] = 0.0
    robber = state[ROBBER_HEX]
    for v in range(NUM_VERTICES):
        q = state[VERTEX_OWNER + v]
        if q < 0:
            continue
        weight = 2 if state[VERTEX_BUILDING + v] == CITY else 1
        for k in range(3):
            h = tb[T_VERTEX_HEXES + 3 * v + k]
            if h < 0 or h == robber:
                continue
            w = pips(state[HEX_NUMBER + h])
            if w == 0:
                continue
            out[q * NUM_CARD_TYPES + state[HEX_TERRAIN + h]] += weight * w


@njit(cache=True, inline="always")
def add_hex_yield(state, tb, h, q, commodities, sign, out):
    """Add ``sign`` times what hex ``h`` yields seat ``q`` (as :func:`production`
    counts it, robber aside) to ``out``: a robber leaving ``h`` adds it back, one
    arriving takes it away. Productions are sums of whole pips, so adjusting one
    gives the very floats :func:`production` computes afresh."""
    w = pips(state[HEX_NUMBER + h])
    if w == 0:
        return
    t = state[HEX_TERRAIN + h]
    for k in range(6):
        v = tb[T_HEX_VERTICES + 6 * h + k]
        if state[VERTEX_OWNER + v] == q:
            _add_yield(out, t, w, state[VERTEX_BUILDING + v] == CITY, commodities, sign)


@njit(cache=True, inline="always")
def add_settlement_yield(state, tb, v, out):
    """Add what a new settlement on ``v`` yields (as :func:`production` counts
    it, the robber's hex yielding nothing) to ``out``; whole pips, so the
    result is the very floats :func:`production` computes afresh."""
    robber = state[ROBBER_HEX]
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if h < 0 or h == robber:
            continue
        w = pips(state[HEX_NUMBER + h])
        if w > 0:
            out[state[HEX_TERRAIN + h]] += w


@njit(cache=True)
def production_worth(state, p, per_type):
    """Worth of a production vector, with diversity and harbor synergy."""
    worth = 0.0
    kinds = 0
    for r in range(NUM_CARD_TYPES):
        worth += CARD_WORTH[r] * per_type[r]
        if r < NUM_RESOURCES and per_type[r] > 0:
            kinds += 1
        rate = state[HARBOR_RATE + p * NUM_CARD_TYPES + r]
        if rate == 2:
            worth += 0.35 * per_type[r]
        elif rate == 3:
            worth += 0.08 * per_type[r]
    return worth + 2.5 * kinds


@njit(cache=True)
def spot_worth(state, tb, v, own):
    """Worth of a settlement on ``v`` to a seat already producing ``own`` (8)."""
    worth = 0.0
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if h < 0:
            continue
        w = pips(state[HEX_NUMBER + h])
        if w == 0:
            continue
        t = state[HEX_TERRAIN + h]
        worth += CARD_WORTH[t] * w
        if own[t] == 0:
            worth += 2.0  # a resource not produced yet
    return worth


@njit(cache=True)
def frontier(state, tb, p, own, dist):
    """Best settlement spots ``p`` can reach with 0, 1 or 2 more roads.

    Returns ``(worth, spots_now, spots_later)``: the worth of the best
    reachable spot, discounted by the roads it still needs, how many spots
    need no road and how many need one or two.
    ``dist`` (54 ints) is scratch space: each intersection's roads away (99
    beyond two).

    Breadth-first by levels kept as 64-bit sets, so each level visits only its
    own intersections rather than sweeping the board; only the reached ones
    are scored (the best of a set of floats and the counts do not depend on
    the order).
    """
    one = np.uint64(1)
    level = np.uint64(0)
    for v in range(NUM_VERTICES):
        dist[v] = 99
    for v in range(NUM_VERTICES):
        if state[VERTEX_OWNER + v] == p:
            dist[v] = 0
            level |= one << np.uint64(v)
            continue
        if foreign_piece_at(state, p, v):
            continue
        for k in range(3):
            e = tb[T_VERTEX_EDGES + 3 * v + k]
            if e >= 0 and state[EDGE_OWNER + e] == p:
                dist[v] = 0
                level |= one << np.uint64(v)
                break
    reached = level
    for d in range(2):
        bits = level
        level = np.uint64(0)
        while bits:
            v = np.int64(trailing_zeros(bits))
            bits &= bits - one
            if foreign_piece_at(state, p, v):
                continue
            for k in range(3):
                e = tb[T_VERTEX_EDGES + 3 * v + k]
                if e < 0 or state[EDGE_OWNER + e] >= 0:
                    continue
                a = tb[T_EDGE_VERTICES + 2 * e]
                w = tb[T_EDGE_VERTICES + 2 * e + 1] if a == v else a
                if dist[w] > d + 1:
                    dist[w] = d + 1
                    level |= one << np.uint64(w)
        reached |= level
    return _score_spots(state, tb, p, own, dist, reached)


@njit(cache=True)
def _score_spots(state, tb, p, own, dist, spots):
    """:func:`frontier`'s result from its distances: the spots within two roads
    that the distance rule allows, counted and scored, among the set ``spots``."""
    best = 0.0
    now = 0
    later = 0
    if state[SETTLEMENTS_LEFT + p] == 0:
        return 0.0, 0, 0
    one = np.uint64(1)
    bits = spots
    while bits:
        v = np.int64(trailing_zeros(bits))
        bits &= bits - one
        d = dist[v]
        if d > 2 or state[KNIGHT_OWNER + v] >= 0 or not distance_rule_ok(state, tb, v):
            continue
        if d > 0 and state[ROADS_LEFT + p] < d:
            continue
        if d == 0:
            now += 1
        else:
            later += 1
        worth = FRONTIER_REACH[d] * spot_worth(state, tb, v, own)
        if worth > best:
            best = worth
    return best, now, later


#: Intersections within two paths of one end of a path: more than a road can
#: bring nearer (1 + 2 + 4 for one end, and the other end).
_MAX_NEARER = 16
#: Scratch words :func:`frontier_after_road` needs.
NEARER_SCRATCH = 2 * _MAX_NEARER


@njit(cache=True, inline="always")
def _slot(changed, count, v):
    """Index of ``v`` among ``changed[:count]``, or -1."""
    for i in range(count):
        if changed[i] == v:
            return i
    return -1


@njit(cache=True)
def frontier_after_road(state, tb, p, own, before, e, best, now, later, scratch):
    """:func:`frontier` after ``p``'s new road on path ``e``, from the frontier
    before it, without the sweep of the whole board.

    ``state`` already holds the road; ``before`` is the ``dist`` that
    :func:`frontier` filled for the state without it (read, not written) and
    ``(best, now, later)`` its result. Valid only while ``p`` had at least three
    roads left before it (so the roads left never cut a spot at two roads
    away), with the same buildings, knights and production as before.

    A road only brings intersections nearer: its far end becomes a place to
    build from (unless another player's piece stands there), so distances are
    the old ones or those from that end, whichever is smaller, and only the
    few intersections within two paths of it can change. Each changed spot is
    scored as :func:`frontier` scores it; the best of a set of floats is the
    same in any order, so the result is the very one :func:`frontier` gives.
    ``scratch`` holds at least :data:`NEARER_SCRATCH` ints.
    """
    if state[SETTLEMENTS_LEFT + p] == 0:
        return 0.0, 0, 0
    changed = scratch[:_MAX_NEARER]
    depth = scratch[_MAX_NEARER : 2 * _MAX_NEARER]
    count = 0
    for side in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + side]
        if before[v] != 0 and not foreign_piece_at(state, p, v):
            changed[count] = v
            depth[count] = 0
            count += 1
    # Breadth-first from the new places to build from, level by level, along
    # open paths; only improvements spread (the rest is in ``before`` already).
    for d in range(2):
        i = 0
        while i < count:
            v = changed[i]
            if depth[i] == d and not foreign_piece_at(state, p, v):
                for k in range(3):
                    f = tb[T_VERTEX_EDGES + 3 * v + k]
                    if f < 0 or state[EDGE_OWNER + f] >= 0:
                        continue
                    a = tb[T_EDGE_VERTICES + 2 * f]
                    w = tb[T_EDGE_VERTICES + 2 * f + 1] if a == v else a
                    j = _slot(changed, count, w)
                    old = before[w] if j < 0 else depth[j]
                    if old > d + 1:
                        if j < 0:
                            changed[count] = w
                            depth[count] = d + 1
                            count += 1
                        else:
                            depth[j] = d + 1
            i += 1
    for i in range(count):
        v = changed[i]
        d = depth[i]
        if d > 2 or state[KNIGHT_OWNER + v] >= 0 or not distance_rule_ok(state, tb, v):
            continue
        # A changed spot was farther before: at 1 or 2 it counted as later.
        if before[v] <= 2:
            later -= 1
        if d == 0:
            now += 1
        else:
            later += 1
        worth = FRONTIER_REACH[d] * spot_worth(state, tb, v, own)
        if worth > best:
            best = worth
    return best, now, later


@njit(cache=True)
def frontier_after_settlement(state, tb, p, own, before, spots, v, dist, scratch):
    """:func:`frontier` after ``p``'s new settlement on ``v``, without the
    breadth-first sweeps of the board.

    ``state`` already holds the settlement; ``before`` is the ``dist`` that
    :func:`frontier` filled for the state without it (read, not written),
    with the same roads, knights and other buildings. The settlement makes
    ``v`` a place to build from, so distances are the old ones or those from
    ``v``, whichever is smaller; the spots are then counted and scored afresh
    (the distance rule and the production changed): those of ``spots`` (the
    intersections ``before`` puts within two roads, a 64-bit set) and those
    the settlement brings there. ``dist`` (54 ints) and ``scratch``
    (:data:`NEARER_SCRATCH` ints) are scratch space.
    """
    for x in range(NUM_VERTICES):
        dist[x] = before[x]
    dist[v] = 0
    level = scratch[:_MAX_NEARER]
    level[0] = v
    size = 1
    done = 0
    for d in range(2):
        # ``level[done:size]`` are at distance d; expand them to d + 1.
        stop = size
        for i in range(done, stop):
            x = level[i]
            if foreign_piece_at(state, p, x):
                continue
            for k in range(3):
                e = tb[T_VERTEX_EDGES + 3 * x + k]
                if e < 0 or state[EDGE_OWNER + e] >= 0:
                    continue
                a = tb[T_EDGE_VERTICES + 2 * e]
                w = tb[T_EDGE_VERTICES + 2 * e + 1] if a == x else a
                if dist[w] > d + 1:
                    dist[w] = d + 1
                    level[size] = w
                    size += 1
        done = stop
    for i in range(size):
        spots |= np.uint64(1) << np.uint64(level[i])
    return _score_spots(state, tb, p, own, dist, spots)


@njit(cache=True, inline="always")
def missing(state, p, cost):
    """Cards ``p`` still lacks for ``cost`` (a price in resources only, as every
    price ``missing`` is asked about is: the commodities' part is zero)."""
    m = 0
    for r in range(NUM_RESOURCES):
        lack = cost[r] - state[HAND + p * NUM_CARD_TYPES + r]
        if lack > 0:
            m += lack
    return m


@njit(cache=True, inline="always")
def closeness(m):
    return CLOSENESS[m] if m < 4 else 0.0


@njit(cache=True)
def cards_worth(state, p, limit):
    """Worth of the cards in hand, ignoring what they can buy.

    Cards over ``limit`` (the 7's discard threshold) are at risk, so they are
    worth less; many of one type are worth less than a spread.
    """
    worth = 0.0
    total = 0
    for r in range(NUM_CARD_TYPES):
        n = state[HAND + p * NUM_CARD_TYPES + r]
        total += n
        worth += CARD_WORTH[r] * (min(n, 4) + 0.3 * max(n - 4, 0))
    if total > limit:
        worth -= 0.6 * (total - limit)
    return worth


@njit(cache=True)
def base_targets(state, p, spots_now, road_useful, deck_left):
    """Best and second-best target bonus among the base game's purchases."""
    best = 0.0
    second = 0.0
    for i in range(4):
        if i == 0:
            # a settlement on the board to upgrade: fewer in supply than the five
            ok = state[CITIES_LEFT + p] > 0 and state[SETTLEMENTS_LEFT + p] < SETTLEMENTS_PER_PLAYER
            value = TARGET_CITY * closeness(missing(state, p, COST_CITY)) if ok else 0.0
        elif i == 1:
            ok = spots_now > 0
            value = TARGET_SETTLEMENT * closeness(missing(state, p, COST_SETTLEMENT)) if ok else 0.0
        elif i == 2:
            ok = deck_left > 0
            value = TARGET_DEV * closeness(missing(state, p, COST_DEV_CARD)) if ok else 0.0
        else:
            ok = road_useful and state[ROADS_LEFT + p] > 0
            value = TARGET_ROAD * closeness(missing(state, p, COST_ROAD)) if ok else 0.0
        best, second = keep_top_two(best, second, value)
    return best, second


@njit(cache=True)
def opponents_threat(state, tb, p, commodities, vps, scratch8):
    """Production of the opponents, weighted towards the leaders."""
    n = state[NUM_PLAYERS]
    threat = 0.0
    for k in range(1, n):
        q = (p + k) % n
        production(state, tb, q, commodities, scratch8)
        total = 0.0
        for r in range(NUM_CARD_TYPES):
            total += scratch8[r]
        threat += total * (1.0 + 0.15 * vps[q])
    return threat
