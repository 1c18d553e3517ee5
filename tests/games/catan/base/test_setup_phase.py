"""The set-up phase on the variable board (base §4, base §14.1)."""

import numpy as np
import pytest

from catan_env import Game, IllegalActionError
from catan_env.actions import action_info
from catan_env.games.catan.board import standard
from catan_env.games.catan.common import layout as L

G = standard.GEOMETRY


def _place_first(g: Game):
    """Place the first legal settlement and then the first legal road."""
    g.step(int(g.legal_actions()[0]))
    g.step(int(g.legal_actions()[0]))


@pytest.mark.parametrize("n", [3, 4])
def test_snake_order(n):
    """base §4.2, base §4.3: 1..n clockwise then n..1; each places settlement then road."""
    g = Game(seed=5, num_players=n)
    start = g.active_player
    order = []
    while g.phase in ("setup_settlement", "setup_road"):
        assert g.phase == "setup_settlement"
        order.append(g.current_player)
        _place_first(g)
    first = [(start + k) % n for k in range(n)]
    assert order == first + first[::-1]
    assert g.phase == "pre_roll" and g.current_player == start and g.turn == 0


def test_start_seat_uniform():
    """base §4.1: the starting seat is drawn uniformly at random (engine convention)."""
    counts = np.bincount([Game(seed=s).active_player for s in range(400)], minlength=4)
    assert counts.min() > 70


def test_setup_settlement_distance_rule_no_road_needed():
    """base §4.2, base §14.1: any empty intersection obeying the distance rule; no road needed."""
    g = Game(seed=1)
    assert len(g.legal_actions()) == 54
    v = standard.vertex_by_labels("R2b", "R2c", "R3c")
    g.step(f"build_settlement(v{v})")
    legal_roads = {int(n[len("build_road(e") : -1]) for n in g.legal_action_names()}
    assert legal_roads == {int(e) for e in G.vertex_edges[v] if e >= 0}
    g.step(f"build_road(e{G.vertex_edges[v][0]})")
    legal = {int(n[len("build_settlement(v") : -1]) for n in g.legal_action_names()}
    blocked = {v} | {int(w) for w in G.vertex_vertices[v] if w >= 0}
    assert legal == set(range(54)) - blocked
    with pytest.raises(IllegalActionError, match="distance rule"):
        g.step(f"build_settlement(v{G.vertex_vertices[v][0]})")


def test_setup_road_must_touch_new_settlement():
    """base §4.2: the set-up road has the just-placed settlement at one end."""
    g = Game(seed=2)
    v = standard.vertex_by_labels("R3b", "R3c", "R4b")
    g.step(f"build_settlement(v{v})")
    far = standard.edge_by_labels("R1a", "R1b")
    with pytest.raises(IllegalActionError, match="settlement just placed"):
        g.step(f"build_road(e{far})")


def test_starting_resources_from_second_settlement_only():
    """base §4.4: one card per land hex at the second settlement; the first gives nothing."""
    g = Game(
        seed=11,
        fixed_board={
            "terrain": [
                "mountains",
                "pasture",
                "forest",
                "fields",
                "hills",
                "pasture",
                "hills",
                "fields",
                "forest",
                "desert",
                "forest",
                "mountains",
                "forest",
                "mountains",
                "fields",
                "pasture",
                "hills",
                "fields",
                "pasture",
            ]
        },
    )
    n = 4
    seats_seen = []
    for k in range(2 * n):
        p = g.current_player
        seats_seen.append(p)
        legal = g.legal_actions()
        v = action_info(legal[0]).arg
        before = g.to_dict()["players"][p]["hand"]
        g.step(int(legal[0]))
        after = g.to_dict()["players"][p]["hand"]
        gained = {r: after[r] - before[r] for r in after}
        expected = {r: 0 for r in after}
        if k >= n:
            for h in G.vertex_hexes[v]:
                if h >= 0:
                    t = g.to_dict()["board"]["hexes"][standard.HEX_LABELS[h]]["terrain"]
                    res = {
                        "forest": "lumber",
                        "hills": "brick",
                        "pasture": "wool",
                        "fields": "grain",
                        "mountains": "ore",
                    }.get(t)
                    if res:
                        expected[res] += 1
        assert gained == expected
        g.step(int(g.legal_actions()[0]))


def test_setup_legality_facts():
    """base §4.5: a legal spot and a free road always exist; no dice, trades or cards in set-up."""
    for seed in range(30):
        g = Game(seed=seed)
        rng = np.random.default_rng(seed)
        while g.phase.startswith("setup"):
            names = set(g.legal_action_names())
            assert names, "no legal set-up action"
            assert all(x.startswith(("build_settlement", "build_road")) for x in names)
            g.step(int(rng.choice(g.legal_actions())))
        assert max(g.total_vp(p) for p in range(4)) == 2
        assert g.state[L.DICE] == 0


def test_first_turn_goes_to_start_player():
    """base §4.6: after round 2 the starting player takes the first regular turn."""
    g = Game(seed=9)
    start = g.active_player
    while g.phase.startswith("setup"):
        _place_first(g)
    assert g.active_player == start and g.current_player == start
    assert g.legal_action_names()[0] == "roll"
