"""Explorers & Pirates: the frame boards of the five scenarios, the Land Ho! set-up,
hidden face-down hexes, and the configuration (E&P §1, §2, §10)."""

from collections import Counter

import numpy as np
import pytest
from ep_helpers import BOARD, EP, E, V, ep_blank, ep_game

from catan_env import ConfigError, Game
from catan_env.games.catan.board.ep_frame import area_pool, load_frame
from catan_env.games.catan.common.constants import RESOURCE_NAMES
from catan_env.games.catan.explorers_and_pirates.constants import HEX_KIND_NAMES, SCENARIOS

HEXES = {
    "land_ho": 51,
    "pirate_lairs": 58,
    "fish_for_catan": 58,
    "spices_for_catan": 65,
    "explorers_and_pirates": 72,
}
UNEXPLORED = {
    "land_ho": 8,
    "pirate_lairs": 11,
    "fish_for_catan": 11,
    "spices_for_catan": 13,
    "explorers_and_pirates": 16,
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_frame_board_counts(scenario):
    """E&P §10.7, E&P §10.7.1, E&P §10: every scenario's board has its hex total and
    its unexplored hexes per area, drawn from pools of the right size."""
    b = load_frame(scenario)
    assert b.num_hexes == HEXES[scenario]
    assert (b.area == 2).sum() == (b.area == 3).sum() == UNEXPLORED[scenario]
    for key in ("north", "south"):
        assert len(area_pool(b, key)) == UNEXPLORED[scenario]
    # South positions mirror the north ones (r, X) -> (8 - r, X).
    north = {b.labels[h] for h in range(b.num_hexes) if b.area[h] == 2}
    south = {b.labels[h] for h in range(b.num_hexes) if b.area[h] == 3}
    mirror = {
        f"({8 - int(x.strip('()').split(',')[0])},{x.strip('()').split(',')[1]})" for x in north
    }
    assert mirror == south


def test_island_and_numbers():
    """E&P §1.7, E&P §10.7.1, E&P §1.4: 15 island hexes with the tokens
    3,3,4,4,5,6,6,8,8,9,10,10,11,11,12; the frame's printed pasture carries the 6."""
    b = BOARD
    island = [h for h in range(b.num_hexes) if b.area[h] == 0]
    assert len(island) == 15
    assert sorted(int(b.number[h]) for h in island) == [
        3,
        3,
        4,
        4,
        5,
        6,
        6,
        8,
        8,
        9,
        10,
        10,
        11,
        11,
        12,
    ]
    kinds = Counter(HEX_KIND_NAMES[b.kind[h]] for h in island)
    assert kinds == {"forest": 4, "pasture": 4, "mountains": 3, "fields": 2, "hills": 2}
    h = b.hex_id("(4,3)")
    assert b.printed[h] == 1 and HEX_KIND_NAMES[b.kind[h]] == "pasture" and b.number[h] == 6


def test_standard_hexes_and_token_stacks():
    """E&P §1.5, E&P §1.6, E&P §10.1: in Land Ho! the north area holds the green-moon
    hexes (forest, hills, pasture, fields, 2 mountains, 2 sea) and the south the
    orange-sun ones; the token stacks are {3,4,5,6,9,10} and {4,5,8,9,10,11}."""
    g = ep_game(seed=3)
    d = g.to_dict()
    north = Counter()
    south = Counter()
    for label, h in d["board"]["hexes"].items():
        area = BOARD.area[BOARD.hex_id(label)]
        if area == 2:
            north[h["kind"]] += 1
        elif area == 3:
            south[h["kind"]] += 1
    assert north == {"forest": 1, "hills": 1, "pasture": 1, "fields": 1, "mountains": 2, "sea": 2}
    assert south == {"forest": 1, "hills": 1, "pasture": 1, "fields": 2, "mountains": 1, "sea": 2}
    assert sorted(d["board"]["token_stacks"]["north"]) == [3, 4, 5, 6, 9, 10]
    assert sorted(d["board"]["token_stacks"]["south"]) == [4, 5, 8, 9, 10, 11]
    layouts = {
        tuple(h["kind"] for h in ep_game(seed=s).to_dict()["board"]["hexes"].values())
        for s in range(8)
    }
    assert len(layouts) > 1  # shuffled face down by the game's own seed


def test_unexplored_hexes_face_down():
    """E&P §10.1, E&P §2.2: every hex of the two areas starts face down, and
    nothing else does."""
    d = ep_game().to_dict()
    down = {label for label, h in d["board"]["hexes"].items() if not h["revealed"]}
    areas = {BOARD.labels[h] for h in range(BOARD.num_hexes) if BOARD.area[h] >= 2}
    assert down == areas
    assert all(h["number"] == 0 for h in d["board"]["hexes"].values() if not h["revealed"])


def test_marked_harbor_intersections():
    """E&P §10.7.3: the 14 marked intersections are the island's east-coast
    corners, each touching land and sea."""
    marked = BOARD.data["harbor_intersections"]
    assert len(marked) == len({V(m) for m in marked}) == 14
    for m in marked:
        cells = BOARD.grid.vertex_cells[V(m)]
        kinds = []
        for c in cells:
            try:
                kinds.append(int(BOARD.kind[BOARD.grid.hex_index(c)]))
            except KeyError:
                kinds.append(-2)  # frame
        assert any(0 <= k < 5 for k in kinds), m
        assert any(k == 5 or k == -2 for k in kinds), m


FIXED = {  # E&P §10.7.4, by colour: blue, red, white, orange
    0: ("(1,6).S", "(1,6)|(2,7)", "(7,8).N", "(7,8)|(6,9)", {"ore", "grain", "wool"}),
    1: ("(7,6).N", "(7,6)|(6,7)", "(1,8).S", "(1,8)|(2,9)", {"ore", "lumber", "brick"}),
    2: ("(4,3).SE", "(4,5)|(5,4)", "(4,7).S", "(4,7)|(5,8)", {"wool", "ore", "grain"}),
    3: ("(4,3).N", "(4,3)|(3,4)", "(3,6).SE", "(4,7)|(3,8)", {"wool", "brick"}),
}


def test_land_ho_fixed_start():
    """E&P §10.1, E&P §10.7.4, E&P §10: blue, red, white and orange start with the
    settlement, road, harbor settlement and settler ship of Example 2, the cards
    of the terrain at the settlement, 2 gold and 3 VP, at the seat that plays the
    colour."""
    g = ep_game()
    d = g.to_dict()
    for colour, (sv, rd, hv, sh, cards) in FIXED.items():
        seat = _seat_of(d, colour)
        assert d["buildings"][f"v{V(sv)}"] == {"owner": seat, "kind": "settlement"}
        assert d["buildings"][f"v{V(hv)}"] == {"owner": seat, "kind": "harbor_settlement"}
        assert d["roads"][f"e{E(rd)}"] == seat
        p = d["players"][seat]
        assert p["ships"][0]["path"] == f"e{E(sh)}"
        assert p["ships"][0]["cargo"] == {"settler": 1}
        assert {r for r, n in p["hand"].items() if n} == cards
        assert sum(p["hand"].values()) == len(cards)
        assert p["gold"] == 2
        assert g.public_vp(seat) == 3
    assert d["turn"]["phase"] == "pre_roll"


def _seat_of(d, colour):
    names = [p["colour"] for p in d["players"]]
    name = ("blue", "red", "white", "orange")[colour]
    return names.index(name) if name in names else None


def test_land_ho_three_and_two_players():
    """E&P §10.1, E&P §10.6: with 3 players the fourth colour is left out; with 2 the
    unused colours' buildings and roads stay as neutral obstacles, without ships."""
    d3 = ep_game(3).to_dict()
    (out,) = [c for c in FIXED if _seat_of(d3, c) is None]
    assert f"v{V(FIXED[out][0])}" not in d3["buildings"]
    assert len(d3["buildings"]) == 6
    d2 = ep_game(2).to_dict()
    unused = [c for c in FIXED if _seat_of(d2, c) is None]
    assert len(unused) == 2
    for colour in unused:
        sv, rd, hv, _, _ = FIXED[colour]
        assert d2["buildings"][f"v{V(sv)}"]["owner"] == "neutral"
        assert d2["buildings"][f"v{V(hv)}"] == {"owner": "neutral", "kind": "harbor_settlement"}
        assert d2["roads"][f"e{E(rd)}"] == "neutral"
    assert len(d2["players"]) == 2
    # Neutral buildings block the distance rule: a settlement next to one is illegal.
    g = Game.from_dict(d2)
    assert g.public_vp(0) == g.public_vp(1) == 3


def test_observation_hides_face_down_hexes():
    """E&P §12.7, E&P §2.2: what a face-down hex is, the token stacks' order and the
    opponents' hands never reach an observation."""
    g = ep_game(seed=11, seat_colours="fixed")  # seats 1 and 2 hold ore+brick, grain+ore
    obs = [g.observe(p) for p in range(4)]
    d = g.to_dict()
    kinds = [k for k in HEX_KIND_NAMES]
    rng = np.random.default_rng(0)
    for label in [h for h, x in d["board"]["hexes"].items() if not x["revealed"]]:
        d["board"]["hexes"][label]["kind"] = kinds[rng.integers(len(kinds))]
    for a in ("north", "south"):
        d["board"]["token_stacks"][a] = list(reversed(d["board"]["token_stacks"][a]))
    g2 = Game.from_dict(d)
    for p in range(4):
        o = g2.observe(p)
        assert (o == obs[p]).all()
    # Moving a card between two opponents of seat 0 changes nothing seat 0 sees
    # except nothing at all when counts stay equal.
    d = g.to_dict()
    h1, h2 = d["players"][1]["hand"], d["players"][2]["hand"]
    h1["ore"], h1["brick"] = h1["brick"], h1["ore"]
    h2["grain"], h2["ore"] = h2["ore"], h2["grain"]
    assert (Game.from_dict(d).observe(0) == obs[0]).all()
    view = g.variant.obs_layout.view(obs[0], "hex_kind")
    assert view[:, -1].sum() == 16  # the unknown column, one per face-down hex


def test_config_scenarios_and_options():
    """E&P §10, E&P §4.13: the scenario option selects the board and the VP target;
    scenarios not implemented yet and base-game options raise clear errors."""
    g = ep_game()
    assert g.config.scenario == "land_ho" and g.config.vp_to_win == 8
    assert g.config.domestic_trade
    from catan_env.games.catan.explorers_and_pirates.options import PLAYABLE as EP_PLAYABLE

    for s in SCENARIOS:
        if s not in EP_PLAYABLE:
            with pytest.raises(ConfigError, match="land_ho"):
                Game(variant=EP, scenario=s)
    with pytest.raises(ConfigError, match="not one of"):
        Game(variant=EP, scenario="atlantis")
    with pytest.raises(ConfigError, match="does not apply"):
        Game(variant=EP, friendly_robber=True)
    with pytest.raises(ConfigError, match="belongs to"):
        Game(scenario="land_ho")
    assert Game(variant=EP, vp_to_win=5).config.vp_to_win == 5


def test_snapshot_round_trip_and_errors():
    """E&P §12.7: a position survives to_dict / from_dict exactly; impossible
    positions are rejected with the broken rule."""
    import json

    from catan_env.snapshot import SnapshotError

    g = ep_game(seed=5)
    for _ in range(40):
        g.step(int(g.legal_actions()[-1]))
    d = json.loads(json.dumps(g.to_dict()))
    assert (Game.from_dict(d).state == g.state).all()
    bad = ep_blank()
    bad["bank"]["ore"] = 18  # a card vanished
    with pytest.raises(SnapshotError, match="not conserved"):
        Game.from_dict(bad)
    bad = ep_blank()
    bad["board"]["hexes"]["(1,6)"]["revealed"] = False
    with pytest.raises(SnapshotError, match="face down"):
        Game.from_dict(bad)
    bad = ep_blank()
    bad["players"][0]["ships"][0].update(path=f"e{E('(1,6)|(2,7)')}")
    with pytest.raises(SnapshotError, match="sea route"):
        Game.from_dict(bad)
    assert {r for r in RESOURCE_NAMES} == set(ep_blank()["bank"])


def test_piece_supplies():
    """E&P §1.1, E&P §1.2, E&P §1.3, E&P §1.8: per colour 5 settlements, 15 roads,
    4 harbor settlements, 3 ships, 2 settlers and (from scenario 2) 9 crews and a
    pirate ship; no cities; 19 cards of each resource; gold unlimited."""
    g = Game(variant=EP, scenario="pirate_lairs", seed=1)
    assert list(g.field("settlements_left")[:4]) == [5] * 4
    assert list(g.field("roads_left")[:4]) == [15] * 4
    assert list(g.field("harbor_settlements_left")[:4]) == [4] * 4
    assert list(g.field("settlers_left")[:4]) == [2] * 4
    assert list(g.field("crews_left")[:4]) == [9] * 4
    assert (g.field("ship_edge")[:4] == -1).all()  # 3 ships each, all in supply
    assert g.to_dict()["pirate"] is None  # one pirate ship each, none on the board yet
    assert list(g.field("bank")[:5]) == [19] * 5
    assert "build_city" not in " ".join(g.action_names)
    assert list(ep_game().field("crews_left")[:4]) == [0] * 4  # no crews in Land Ho!


def test_numbers_table():
    """E&P §11, E&P §4.6.1: the constants the engine uses."""
    from catan_env.games.catan.explorers_and_pirates import constants as C

    assert (C.BASE_MP, C.BOOST_MP, C.START_GOLD, C.GOLD_PRICE, C.GOLD_BUYS_PER_TURN) == (
        4, 2, 2, 2, 2,
    )  # fmt: skip
    assert (C.BANK_RATE, C.DISCOVERY_GOLD, C.CAPTURE_CREWS, C.CAPTURE_GOLD) == (3, 2, 3, 2)
    assert C.GOLD_FIELD_GOLD == 2 and C.CAPACITY == 2 and C.CARGO_SIZE == (2, 1, 2, 1)
    assert list(C.COST_CREW[:5]) == [0, 0, 1, 0, 1]
    assert list(C.COST_SETTLER[:5]) == list(C.COST_SETTLEMENT[:5]) == [1, 1, 1, 1, 0]
    assert list(C.TRACK_VP[0]) == [0, 1, 1, 2, 2, 2, 3, 3]
    assert list(C.TRACK_VP[2][:7]) == [0, 1, 1, 2, 2, 3, 3]
    from catan_env.games.catan.explorers_and_pirates.options import VP_TO_WIN as EP_VP_TO_WIN

    assert list(EP_VP_TO_WIN.values()) == [8, 12, 15, 15, 17]


def test_adjacency_and_sea_routes():
    """E&P §2.5, E&P §2.3, E&P §2.1: paths sharing an intersection are adjacent;
    frame sides are sea routes, land|land paths are not; an intersection touches
    at most 3 hexes."""
    g = BOARD.grid.geometry
    e = E("(2,9)|(2,11)")
    ends = set(g.edge_vertices[e])
    for f in g.edge_edges[e]:
        if f >= 0:
            assert ends & set(g.edge_vertices[f])
    frame_side = [x for x in range(BOARD.grid.num_edges) if g.edge_hexes[x][1] < 0]
    assert frame_side and all(g.edge_hexes[x][0] >= 0 for x in frame_side)
    d = ep_blank(phase="action")
    d["players"][0]["ships"][0]["path"] = f"e{frame_side[0]}"
    Game.from_dict(d)  # a ship may stand on a frame side
    assert (g.vertex_hexes >= -1).all() and g.vertex_hexes.shape[1] == 3


def test_interpretation_defaults():
    """E&P §14, E&P §13: the documented defaults: lair tokens {2,3,4,5,11,12}, the
    §10.7 layout from data files, the 14 marked harbor intersections, Land Ho!'s
    fixed start, gold fields not blocking compensation, optional steals."""
    for s in ("pirate_lairs", "fish_for_catan", "explorers_and_pirates"):
        assert sorted(load_frame(s).data["lair_tokens"]) == [2, 3, 4, 5, 11, 12]
    assert "lair_tokens" not in load_frame("land_ho").data
    assert all(len(load_frame(s).data["harbor_intersections"]) == 14 for s in SCENARIOS)
    assert "start_positions" in BOARD.data
    assert load_frame("fish_for_catan").data["council_anchors"] == ["N", "S"]


def test_trade_and_build_decisions():
    """E&P §12.4, E&P §12.5, E&P §12.1: the trade and build phase offers bank trade,
    gold sales and purchases, offers to players, every build, and the way on to the
    movement phase, whose decisions are the ship actions and the end of the turn."""
    g = ep_game(seed=2)
    fams = set(g.variant.actions.family_names)
    for f in (
        "maritime", "sell_for_gold", "buy_with_gold", "offer", "offer_give", "offer_give_gold",
        "propose", "build_road", "build_settlement", "build_harbor", "build_ship",
        "rebuild_ship", "settler_to_storage", "settler_to_ship", "crew_to_storage",
        "crew_to_ship", "drop_from_ship", "drop_from_storage", "start_movement",
        "select_ship", "boost", "sail", "stop_ship", "load", "unload", "swap_cargo",
        "found_settlement", "crew_to_lair", "pick_up_crew", "chase_pirate", "end_turn",
    ):  # fmt: skip
        assert f in fams, f


def test_determinize_refuses_ep():
    """E&P §12.7: search agents would see face-down hexes through a determinization
    that does not redeal them, so it refuses E&P clearly."""
    from catan_env.determinize import determinize

    with pytest.raises(ValueError, match="explorers_and_pirates"):
        determinize(ep_game(), 0, np.random.default_rng(0))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_walks_over_a_paths_neighbours_match_the_full_tests(scenario):
    """E&P §2.4, E&P §2.5: the legal-action loops walk only the hexes at a path's
    ends and the paths beside it; on every path of every scenario's board the walk
    visits, ascending, exactly the hexes ``edge_touches_hex`` accepts and the paths
    that share an end (the masks must not lose or add a move)."""
    from catan_env.games.catan.explorers_and_pirates.board import (
        edge_touches_hex,
        next_edge_beside,
        next_hex_at_ends,
    )
    from catan_env.games.catan.explorers_and_pirates.tables import (
        T_EDGE_VERTICES,
        T_NUM_EDGES,
        T_NUM_HEXES,
    )

    tb = ep_game(scenario=scenario).tables
    ne, nh = int(tb[T_NUM_EDGES]), int(tb[T_NUM_HEXES])
    ends = tb[T_EDGE_VERTICES : T_EDGE_VERTICES + 2 * ne].reshape(ne, 2)
    for e in range(ne):
        walked, h = [], next_hex_at_ends(tb, e, -1)
        while h >= 0:
            walked.append(h)
            h = next_hex_at_ends(tb, e, h)
        assert walked == [h for h in range(nh) if edge_touches_hex(tb, e, h)], e
        assert 1 <= len(walked) <= 4  # a path on the board's rim borders one hex
        walked, f = [], next_edge_beside(tb, e, -1)
        while f >= 0:
            walked.append(f)
            f = next_edge_beside(tb, e, f)
        beside = [f for f in range(ne) if f != e and set(ends[f]) & set(ends[e])]
        assert walked == beside, e
