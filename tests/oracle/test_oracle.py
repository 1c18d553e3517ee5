"""Differential test against catanatron 3.2.1 (``catan_env.oracle``), a few hundred positions.

catanatron is the ``oracle`` extra. Without it the tests are skipped, unless
``CATAN_ENV_REQUIRE_ORACLE=1`` (set by ``.ci/run``), where a missing oracle fails.
The full run (>= 10,000 positions) is ``python -m catan_env.oracle``.
"""

import os

import numpy as np
import pytest

if os.environ.get("CATAN_ENV_REQUIRE_ORACLE") == "1":
    import catanatron  # noqa: F401  (fail loudly in CI)
else:
    pytest.importorskip("catanatron", reason="the oracle extra (catanatron) is not installed")

from catan_env import Game
from catan_env.games.catan.board.standard import GEOMETRY, HARBOR_EDGES
from catan_env.games.catan.common import layout as L
from catan_env.oracle import Harness, to_catanatron
from catan_env.oracle.convert import EDGE, NODE


def test_geometry_maps_one_to_one():
    """base §2.2, base §2.3: 54 intersections, 72 paths and the 9 harbor positions map one to one."""
    assert sorted(NODE) == list(range(54))
    assert len(set(EDGE)) == 72
    conv = to_catanatron(Game(seed=3).state)
    theirs = sorted(sorted(nodes) for nodes in _port_pairs(conv))
    ours = sorted(sorted(NODE[v] for v in GEOMETRY.edge_vertices[e]) for e in HARBOR_EDGES)
    assert theirs == ours


def _port_pairs(conv):
    pairs = {}
    for nodes in conv.state.board.map.port_nodes.values():
        for n in nodes:
            pairs.setdefault(n, n)
    # Two nodes of one harbor are adjacent on the coast: pair them by the static graph.
    from catanatron.models.board import STATIC_GRAPH

    all_nodes = set(pairs)
    return [
        (a, b)
        for a in sorted(all_nodes)
        for b in STATIC_GRAPH.neighbors(a)
        if b in all_nodes and a < b
    ]


def test_a_few_hundred_random_positions_agree():
    """base §4–§9: legal actions, production, road lengths, Largest Army and turn order agree
    with catanatron at every decision of random games (differences of the oracle README mapped)."""
    h = Harness(seed=7)
    h.play({"domestic_trade": False}, seed=11, max_decisions=260)
    h.play({"domestic_trade": False, "num_players": 3}, seed=12, max_decisions=160)
    r = h.report
    assert r.positions >= 300
    assert {"setup_settlement", "setup_road", "pre_roll", "action", "move_robber"} <= set(
        r.by_phase
    )
    assert r.transitions["roll"] > 50
    assert not r.differences, r.differences[0]


def test_the_oracle_sees_a_planted_bug():
    """The harness is not blind: a wrong road length and a missing legal action are reported."""
    g = Game(seed=5, domestic_trade=False)
    rng = np.random.default_rng(0)
    while g.turn < 4:
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    h = Harness()
    g.state[L.ROAD_LENGTH + 0] += 1
    h.compare_position(g)
    assert any(d["what"] == "road length" for d in h.report.differences)

    g.state[L.ROAD_LENGTH + 0] -= 1
    h = Harness()
    full = g.legal_actions
    g.legal_actions = lambda: full()[1:]  # an engine that forgets one legal action
    h.compare_position(g)
    assert [d["what"] for d in h.report.differences] == ["legal actions"]
