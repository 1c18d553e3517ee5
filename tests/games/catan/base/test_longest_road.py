"""Road length and the Longest Road card (base §9.1, base §9.2, base §10, base §15.2 item 5).

Chains used below (sides of hexes, each continuing the previous one):

    ROW3: the zigzag along the top of row R3, from R3a's NW corner eastward
          (vertex k of the chain is TOP3[k]; odd k are N corners of R3a..R3e)
    ROW5: the zigzag along the bottom of row R5, from R5a's SW corner
    ROW1: the zigzag along the top of row R1, from R1a's NW corner
"""

import pytest
from helpers import blank, corner, draw_dev, family, game, give, road, roads, settle, side

ROW3 = [side(h, s) for h in ("R3a", "R3b", "R3c", "R3d", "R3e") for s in ("NW", "NE")]
TOP3 = [corner("R3a", "NW")] + [
    corner(h, c) for h in ("R3a", "R3b", "R3c", "R3d", "R3e") for c in ("N", "NE")
]
ROW5 = [side(h, s) for h in ("R5a", "R5b", "R5c") for s in ("SW", "SE")]
ROW1 = [side(h, s) for h in ("R1a", "R1b", "R1c") for s in ("NW", "NE")]


def _lengths(g):
    return [int(x) for x in g.field("road_length")]


def test_trail_counts_longest_branch_only():
    """base §9.1: forks do not add up; only the single longest trail counts."""
    d = blank()
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:4], 0)  # 4 along the top of R3a, R3b
    road(d, side("R3a", "W"), 0)  # a branch of 1 at the start
    road(d, side("R3b", "W"), 0)  # a branch at TOP3[2] (R3b's NW corner)
    d["longest_road"] = 0
    g = game(d)
    assert _lengths(g)[0] == 5  # W of R3a + the 4-chain; the R3b branch is a fork


def test_ring_of_six_counts_six():
    """base §9.1: a trail may revisit intersections; a ring of 6 counts 6, a tail adds on."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    roads(d, [side("R2b", s) for s in ("NE", "E", "SE", "SW", "W", "NW")], 0)
    d["longest_road"] = 0
    g = game(d)
    assert _lengths(g)[0] == 6
    road(d, side("R1a", "E"), 0)  # a tail at the N corner
    assert _lengths(game(d))[0] == 7


def test_opponent_building_breaks_own_does_not():
    """base §9.1: an opponent's building can end a trail but not be passed; own buildings never break."""
    d = blank()
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:5], 0)
    settle(d, TOP3[3], 0)  # own settlement in the middle: no break
    d["longest_road"] = 0
    assert _lengths(game(d))[0] == 5
    d["buildings"].pop(TOP3[3])
    d["longest_road"] = None
    settle(d, corner("R2b", "N"), 1)
    roads(d, [side("R2b", "NW"), side("R2b", "W")], 1)  # seat 1 reaches TOP3[3]
    settle(d, TOP3[3], 1)
    d["buildings"].pop(corner("R2b", "N"))
    g = game(d)
    assert _lengths(g)[0] == 3  # 3 + 2 around the opponent's settlement
    assert _lengths(g)[1] == 2


def test_settlement_at_trail_end_does_not_shorten():
    """base §10 (settlement on the end of an opponent's road): the road keeps its length."""
    d = blank()
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:5], 0)
    settle(d, TOP3[5], 1)  # on the far end of the 5-chain
    d["longest_road"] = 0
    g = game(d)
    assert _lengths(g)[0] == 5


def test_first_to_five_takes_the_card():
    """base §9.2: the card needs 5; the first to reach it takes it (2 VP)."""
    d = blank()
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:4], 0)
    give(d, 0, lumber=1, brick=1)
    g = game(d)
    assert g.to_dict()["longest_road"] is None
    g.step(f"build_road({ROW3[4]})")
    assert g.to_dict()["longest_road"] == 0 and g.public_vp(0) == 3


def test_equal_length_keeps_holder_longer_takes():
    """base §9.2: equalling the holder does nothing; strictly longer takes the card."""
    d = blank(active=1)
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:5], 0)
    d["longest_road"] = 0
    settle(d, corner("R5a", "SW"), 1)
    roads(d, ROW5[:4], 1)
    give(d, 1, lumber=2, brick=2)
    g = game(d)
    g.step(f"build_road({ROW5[4]})")
    assert _lengths(g)[:2] == [5, 5] and g.to_dict()["longest_road"] == 0
    g.step(f"build_road({ROW5[5]})")
    assert g.to_dict()["longest_road"] == 1
    assert g.public_vp(0) == 1 and g.public_vp(1) == 3


def _break_position(a_len, b_len, d_len=0):
    """A (seat 0) holds the card with a_len along ROW3; B (1) has b_len along ROW5;
    D (3) has d_len along ROW1; C (2, to act) can settle on TOP3[3] (or TOP3[5])."""
    d = blank(active=2)
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:a_len], 0)
    d["longest_road"] = 0
    settle(d, corner("R5a", "SW"), 1)
    roads(d, ROW5[:b_len], 1)
    if d_len:
        settle(d, corner("R1a", "NW"), 3)
        roads(d, ROW1[:d_len], 3)
    settle(d, corner("R2b", "N"), 2)
    roads(d, [side("R2b", "NW"), side("R2b", "W")], 2)  # ends at TOP3[3]
    give(d, 2, lumber=1, brick=1, wool=1, grain=1)
    return d


def test_break_passes_card_to_single_longest():
    """base §9.2 (broken roads): holder broken to 3, B alone at 5 takes the card on C's turn."""
    g = game(_break_position(6, 5))
    g.step(f"build_settlement({TOP3[3]})")
    assert _lengths(g)[:2] == [3, 5]
    assert g.to_dict()["longest_road"] == 1
    assert g.public_vp(0) == 1 and g.public_vp(1) == 3


def test_break_tie_among_others_sets_card_aside():
    """base §9.2, base §15.2 item 5: tie for longest without the holder -> card set aside."""
    g = game(_break_position(6, 5, d_len=5))
    g.step(f"build_settlement({TOP3[3]})")
    assert g.to_dict()["longest_road"] is None
    assert g.public_vp(0) == 1


def test_break_below_five_nobody_sets_card_aside():
    """base §9.2, base §10 (holder broken below 5, nobody else >= 5): set aside."""
    g = game(_break_position(6, 4))
    g.step(f"build_settlement({TOP3[3]})")
    assert g.to_dict()["longest_road"] is None


def test_broken_holder_still_tied_keeps_card():
    """base §9.2: a broken holder still at >= 5 and tied for longest keeps the card."""
    d = blank(active=2)
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:8], 0)
    d["longest_road"] = 0
    settle(d, corner("R5a", "SW"), 1)
    roads(d, ROW5[:5], 1)
    settle(d, corner("R2c", "N"), 2)
    roads(d, [side("R2c", "NW"), side("R2c", "W")], 2)  # ends at TOP3[5]
    give(d, 2, lumber=1, brick=1, wool=1, grain=1)
    g = game(d)
    g.step(f"build_settlement({TOP3[5]})")
    assert _lengths(g)[:2] == [5, 5]
    assert g.to_dict()["longest_road"] == 0


def test_set_aside_card_taken_by_unique_longest():
    """base §9.2: an unassigned card goes to the first player alone at the top with >= 5."""
    d = blank(active=1)
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:5], 0)
    settle(d, corner("R5a", "SW"), 1)
    roads(d, ROW5[:5], 1)
    give(d, 1, lumber=1, brick=1)
    g = game(d)
    assert g.to_dict()["longest_road"] is None  # tied at 5: nobody
    g.step(f"build_road({ROW5[5]})")
    assert g.to_dict()["longest_road"] == 1


def test_road_building_recomputes_after_each_road():
    """base §8.3: Longest Road is recomputed after each free road."""
    d = blank()
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:4], 0)
    draw_dev(d, 0, "road_building")
    g = game(d)
    g.step("play_road_building")
    g.step(f"build_road({ROW3[4]})")
    assert g.to_dict()["longest_road"] == 0 and g.phase == "road_building"
    assert family(g, "build_road")


@pytest.mark.parametrize("n_roads", [0, 1, 2])
def test_short_networks(n_roads):
    """base §9.1: lengths of tiny networks."""
    d = blank()
    settle(d, TOP3[0], 0)
    roads(d, ROW3[:n_roads], 0)
    assert _lengths(game(d))[0] == n_roads


def _reference_length(state, tb, p):
    """The longest trail by plain recursion over every start and every road order."""
    from catan_env.games.catan.board.standard import NUM_EDGES, NUM_VERTICES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.tables import T_VERTEX_EDGES, T_VERTEX_VERTICES

    def blocked(v):
        b, k = state[L.VERTEX_OWNER + v], state[L.KNIGHT_OWNER + v]
        return (b >= 0 and b != p) or (k >= 0 and k != p)

    def longest_from(v, used, first):
        if not first and blocked(v):
            return 0
        best = 0
        for k in range(3):
            e = tb[T_VERTEX_EDGES + 3 * v + k]
            if e >= 0 and e not in used and state[L.EDGE_OWNER + e] == p:
                nxt = tb[T_VERTEX_VERTICES + 3 * v + k]
                best = max(best, 1 + longest_from(nxt, used | {e}, False))
        return best

    assert NUM_EDGES <= 128
    return max(longest_from(v, frozenset(), True) for v in range(NUM_VERTICES))


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_road_length_matches_a_plain_search_on_random_positions(variant):
    """base §9.1 (C&K §2.8 for knights): the jitted search, bit sets and all,
    equals an exhaustive recursive search on positions from random games."""
    from helpers import random_positions

    from catan_env.games.catan.common.longest_road import road_length

    checked = long_ones = 0
    for g in random_positions(variant, range(6), 250, 40):
        for p in range(4):
            want = _reference_length(g.state, g.tables, p)
            assert road_length(g.state, g.tables, p) == want
            checked += 1
            long_ones += want >= 5
    assert checked > 200 and long_ones > 10  # the positions include long, branching networks


def _random_network(rng, tb, state):
    """Seat 0's roads as one to three random walks, sometimes around whole hexes
    (rings, figures of eight, several components), up to 15 roads; opponents'
    buildings and knights on a few of the intersections they touch."""
    import numpy as np

    from catan_env.games.catan.board.standard import NUM_HEXES, NUM_VERTICES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.tables import (
        T_HEX_VERTICES,
        T_VERTEX_EDGES,
        T_VERTEX_VERTICES,
    )

    def edge(v, w):
        for k in range(3):
            if tb[T_VERTEX_VERTICES + 3 * v + k] == w:
                return tb[T_VERTEX_EDGES + 3 * v + k]
        raise AssertionError((v, w))

    owned = set()
    for _ in range(rng.integers(1, 4)):
        if rng.random() < 0.4:  # a whole hex's ring
            h = rng.integers(NUM_HEXES)
            corners = [tb[T_HEX_VERTICES + 6 * h + j] for j in range(6)]
            owned |= {edge(corners[j], corners[(j + 1) % 6]) for j in range(6)}
        else:
            v = rng.integers(NUM_VERTICES)
            for _ in range(rng.integers(1, 9)):
                ws = [w for w in tb[T_VERTEX_VERTICES + 3 * v : T_VERTEX_VERTICES + 3 * v + 3]
                      if w >= 0]  # fmt: skip
                w = ws[rng.integers(len(ws))]
                owned.add(edge(v, w))
                v = w
    owned = sorted(owned)[:15]
    state[L.EDGE_OWNER + np.array(owned)] = 0
    ends = [v for v in range(NUM_VERTICES)
            if any(tb[T_VERTEX_EDGES + 3 * v + k] in owned for k in range(3))]  # fmt: skip
    for v in rng.choice(ends, size=min(len(ends), rng.integers(0, 3)), replace=False):
        if rng.random() < 0.5:
            state[L.VERTEX_OWNER + v] = 1
            state[L.VERTEX_BUILDING + v] = 1
        else:
            state[L.KNIGHT_OWNER + v] = 2
    return len(owned)


def test_road_length_matches_a_plain_search_on_random_networks():
    """base §9.1 (C&K §2.8 for knights): the jitted search equals an exhaustive
    recursive search on made-up networks the games rarely reach: whole rings,
    figures of eight, several components, opponents' pieces on rings and
    branches."""
    import numpy as np

    from catan_env.games.catan.board.standard import NUM_EDGES, NUM_VERTICES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.longest_road import road_length
    from catan_env.games.catan.common.tables import STANDARD_TABLES as tb

    rng = np.random.default_rng(7)
    rings = 0
    for _ in range(400):
        state = np.zeros(L.STATE_SIZE, np.int32)
        for field, size in ((L.VERTEX_OWNER, NUM_VERTICES), (L.KNIGHT_OWNER, NUM_VERTICES),
                            (L.EDGE_OWNER, NUM_EDGES)):  # fmt: skip
            state[field : field + size] = -1
        n = _random_network(rng, tb, state)
        want = _reference_length(state, tb, 0)
        assert road_length(state, tb, 0) == want
        rings += want == n and n >= 6
    assert rings > 10  # closed trails that use every road were among them


def test_placing_roads_one_by_one_keeps_the_length_of_a_full_search():
    """base §9.1: ``place_road`` updates the length from the new road's trails
    (the old length as a floor) where one of its ends holds no other road; in any
    order of placing - roads that extend a network, start one, or join two - the
    stored length after each road is the exhaustive search's."""
    import numpy as np

    from catan_env.games.catan.board.standard import NUM_EDGES, NUM_VERTICES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.building import place_road
    from catan_env.games.catan.common.tables import STANDARD_TABLES as tb
    from catan_env.games.catan.common.tables import T_EDGE_VERTICES, T_VERTEX_EDGES

    def empty():
        state = np.zeros(L.STATE_SIZE, np.int32)
        for field, size in ((L.VERTEX_OWNER, NUM_VERTICES), (L.KNIGHT_OWNER, NUM_VERTICES),
                            (L.EDGE_OWNER, NUM_EDGES)):  # fmt: skip
            state[field : field + size] = -1
        state[L.NUM_PLAYERS] = 4
        state[L.LONGEST_ROAD_HOLDER] = -1
        state[L.ROADS_LEFT] = 15
        return state

    def has_road(state, v):
        edges = tb[T_VERTEX_EDGES + 3 * v : T_VERTEX_EDGES + 3 * v + 3]
        return any(e >= 0 and state[L.EDGE_OWNER + e] == 0 for e in edges)

    rng = np.random.default_rng(11)
    joins = longer = 0
    for _ in range(300):
        state = empty()
        _random_network(rng, tb, state)
        owned = np.flatnonzero(state[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES] == 0)
        state[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES] = -1
        for e in rng.permutation(owned):
            u, v = tb[T_EDGE_VERTICES + 2 * e], tb[T_EDGE_VERTICES + 2 * e + 1]
            joins += has_road(state, u) and has_road(state, v)
            before = int(state[L.ROAD_LENGTH])
            place_road(state, tb, 0, int(e))
            assert state[L.ROAD_LENGTH] == _reference_length(state, tb, 0)
            longer += state[L.ROAD_LENGTH] > before
    assert joins > 50 and longer > 500  # both ways of updating were taken, many times
