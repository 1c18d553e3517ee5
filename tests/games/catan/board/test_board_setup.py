"""Board set-up: components, beginner board, variable board (base §1, base §3, base §11.2, base §11.3)."""

import numpy as np
import pytest

from catan_env import Game
from catan_env.games.catan.board import standard
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import (
    DEV_COUNTS,
    DEV_NAMES,
    TERRAIN_NAMES,
    TOKEN_VALUES,
)

APPENDIX_B = {
    "R3e": "R3e R2d R1c R1b R1a R2a R3a R4a R5a R5b R5c R4d R3d R2c R2b R3b R4b R4c R3c",
    "R1c": "R1c R1b R1a R2a R3a R4a R5a R5b R5c R4d R3e R2d R2c R2b R3b R4b R4c R3d R3c",
    "R1a": "R1a R2a R3a R4a R5a R5b R5c R4d R3e R2d R1c R1b R2b R3b R4b R4c R3d R2c R3c",
    "R3a": "R3a R4a R5a R5b R5c R4d R3e R2d R1c R1b R1a R2a R3b R4b R4c R3d R2c R2b R3c",
    "R5a": "R5a R5b R5c R4d R3e R2d R1c R1b R1a R2a R3a R4a R4b R4c R3d R2c R2b R3b R3c",
    "R5c": "R5c R4d R3e R2d R1c R1b R1a R2a R3a R4a R5a R5b R4c R3d R2c R2b R3b R4b R3c",
}


def _board(g: Game):
    d = g.to_dict()["board"]
    labels = standard.HEX_LABELS
    return [d["hexes"][lab]["terrain"] for lab in labels], [
        d["hexes"][lab]["number"] for lab in labels
    ]


def test_components_at_start():
    """base §1.2, base §1.3, base §3.1: bank 19 of each, 25-card deck, 15/5/4 pieces, robber on the desert."""
    g = Game(seed=3)
    d = g.to_dict()
    assert d["bank"] == {"lumber": 19, "brick": 19, "wool": 19, "grain": 19, "ore": 19}
    assert d["dev_deck"]["next"] == 0
    for p in range(4):
        assert g.field("roads_left")[p] == 15
        assert g.field("settlements_left")[p] == 5
        assert g.field("cities_left")[p] == 4
    terrain, numbers = _board(g)
    assert terrain[standard.hex_by_label(d["board"]["robber"])] == "desert"
    assert d["longest_road"] is None and d["largest_army"] is None


def test_dev_deck_composition_and_shuffle():
    """base §1.4: 14 knights, 5 VP, 2 each of the progress cards, shuffled by the seed."""
    orders = []
    for seed in range(5):
        order = Game(seed=seed).to_dict()["dev_deck"]["order"]
        assert [order.count(c) for c in DEV_NAMES] == list(DEV_COUNTS)
        orders.append(tuple(order))
    assert len(set(orders)) == 5
    assert Game(seed=4).to_dict()["dev_deck"] == Game(seed=4).to_dict()["dev_deck"]


def test_variable_board_terrain_and_harbors():
    """base §3.3 items 1-2: terrain and harbor types shuffled uniformly by the seed."""
    counts = {"forest": 4, "hills": 3, "pasture": 4, "fields": 4, "mountains": 3, "desert": 1}
    deserts = set()
    harbors = set()
    for seed in range(40):
        g = Game(seed=seed)
        terrain, _ = _board(g)
        assert {t: terrain.count(t) for t in counts} == counts
        deserts.add(terrain.index("desert"))
        h = g.to_dict()["board"]["harbors"]
        assert sorted(h) == sorted(["lumber", "brick", "wool", "grain", "ore"] + ["generic"] * 4)
        harbors.add(tuple(h))
    assert len(deserts) > 10 and len(harbors) > 30


def test_spiral_orders_match_appendix_b():
    """base §3.3 item 3, Appendix B: the spiral from each of the six corners."""
    for i, corner in enumerate(standard.CORNER_LABELS):
        assert " ".join(standard.HEX_LABELS[h] for h in standard.SPIRALS[i]) == APPENDIX_B[corner]


@pytest.mark.parametrize("seed", range(12))
def test_spiral_tokens_skip_desert(seed):
    """base §3.3 item 3: tokens A..R along the spiral from R3e, desert skipped, no red neighbours."""
    g = Game(seed=seed)
    terrain, numbers = _board(g)
    laid = [numbers[h] for h in standard.SPIRALS[0] if terrain[h] != "desert"]
    assert laid == list(TOKEN_VALUES)
    assert numbers[terrain.index("desert")] == 0
    _assert_no_adjacent_reds(numbers)


def _assert_no_adjacent_reds(numbers):
    for h in range(19):
        if numbers[h] in (6, 8):
            for n in standard.GEOMETRY.hex_neighbours[h]:
                assert n < 0 or numbers[n] not in (6, 8)


def test_random_tokens_never_put_red_numbers_together():
    """base §11.2, base §3.3 item 4: random tokens, rejection-sampled so no 6/8 touch."""
    layouts = set()
    for seed in range(60):
        g = Game(seed=seed, number_tokens="random")
        terrain, numbers = _board(g)
        _assert_no_adjacent_reds(numbers)
        assert sorted(n for n in numbers if n) == sorted(TOKEN_VALUES)
        layouts.add(tuple(numbers))
    assert len(layouts) == 60


def test_random_spiral_start_corner():
    """base §11.3: the spiral may start at any of the six corners, drawn by the seed."""
    seen = set()
    for seed in range(80):
        g = Game(seed=seed, random_spiral_start=True)
        terrain, numbers = _board(g)
        for i in range(6):
            laid = [numbers[h] for h in standard.SPIRALS[i] if terrain[h] != "desert"]
            if laid == list(TOKEN_VALUES):
                seen.add(i)
                break
        else:
            pytest.fail("tokens follow no spiral")
    assert seen == set(range(6))


def test_beginner_board():
    """base §3.2: fixed terrain, numbers and harbors; robber on the desert."""
    g = Game(seed=0, board="beginner")
    terrain, numbers = _board(g)
    assert terrain[:3] == ["mountains", "pasture", "forest"] and numbers[:3] == [10, 2, 9]
    assert terrain[standard.hex_by_label("R3c")] == "desert"
    assert numbers == [10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11]
    assert g.to_dict()["board"]["harbors"] == [
        "generic",
        "grain",
        "ore",
        "generic",
        "wool",
        "generic",
        "generic",
        "brick",
        "lumber",
    ]
    assert g.to_dict()["board"]["robber"] == "R3c"


def test_beginner_pieces_and_starting_resources_4p():
    """base §3.2: the eight settlements and roads, resources from the starred settlement."""
    g = Game(seed=0, board="beginner")
    d = g.to_dict()
    assert g.phase == "pre_roll" and g.turn == 0
    expected = {  # seat: colour's starting resources from the starred settlement
        0: {"lumber": 2, "brick": 0, "wool": 0, "grain": 1, "ore": 0},  # red
        1: {"lumber": 1, "brick": 1, "wool": 0, "grain": 1, "ore": 0},  # white
        2: {"lumber": 0, "brick": 0, "wool": 0, "grain": 2, "ore": 1},  # orange
        3: {"lumber": 1, "brick": 1, "wool": 0, "grain": 0, "ore": 1},  # blue
    }
    for seat, res in expected.items():
        assert d["players"][seat]["hand"] == res
    red = standard.vertex_by_labels("R1a", "R1b", "R2b")
    assert d["buildings"][f"v{red}"] == {"owner": 0, "kind": "settlement"}
    assert len(d["buildings"]) == 8 and len(d["roads"]) == 8
    for v in d["buildings"]:
        assert standard.VERTEX_HARBOR[int(v[1:])] < 0  # none on a harbor
    assert [g.public_vp(p) for p in range(4)] == [2, 2, 2, 2]


def test_beginner_three_players_leave_out_red():
    """base §3.2: with 3 players the red pieces are not used; seats are white, orange, blue."""
    g = Game(seed=0, board="beginner", num_players=3)
    d = g.to_dict()
    owners = {b["owner"] for b in d["buildings"].values()}
    assert owners == {0, 1, 2} and len(d["buildings"]) == 6
    red = standard.vertex_by_labels("R1a", "R1b", "R2b")
    assert f"v{red}" not in d["buildings"]
    assert d["players"][0]["hand"] == {"lumber": 1, "brick": 1, "wool": 0, "grain": 1, "ore": 0}


def test_beginner_start_seat_is_random():
    """base §3.2: no set-up phase; the starting seat is drawn uniformly (engine convention)."""
    starts = [Game(seed=s, board="beginner").active_player for s in range(200)]
    counts = np.bincount(starts, minlength=4)
    assert counts.min() > 25


def test_fixed_board_option():
    """base §3.1: a fixed board can be given; parts left out are drawn."""
    terrain = list(reversed([TERRAIN_NAMES[t] for t in standard.BEGINNER_TERRAIN]))
    g = Game(seed=1, fixed_board={"terrain": terrain})
    t, numbers = _board(g)
    assert t == terrain
    laid = [numbers[h] for h in standard.SPIRALS[0] if t[h] != "desert"]
    assert laid == list(TOKEN_VALUES)
    assert g.state[L.ROBBER_HEX] == t.index("desert")
