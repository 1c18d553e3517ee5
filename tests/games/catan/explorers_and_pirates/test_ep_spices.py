"""Explorers & Pirates, scenarios Spices for Catan and the full game: villages,
spice sacks, village advantages (E&P §9, §10.4, §10.5)."""

from collections import Counter
from fractions import Fraction

import pytest
from ep_helpers import EP, ep_blank, give, ship

from catan_env import Game, IllegalActionError
from catan_env.games.catan.board.ep_frame import load_frame

S4 = "spices_for_catan"
B4 = load_frame(S4)


def H(label):  # noqa: N802
    return B4.hex_id(label)


def blank(phase="movement", active=0, scenario=S4):
    return ep_blank(4, phase, active, scenario=scenario)


def village(d, label, advantage, sacks=4, crews=(0, 0, 0, 0), face=0, revealed=True):
    d["board"]["hexes"][label].update(kind="spice", revealed=revealed, number=0)
    d["spices"]["villages"][label] = {
        "advantage": advantage,
        "face": face,
        "sacks": sacks if revealed else 0,
        "crews": list(crews),
    }


def areas(scenario, seed=3):
    b = load_frame(scenario)
    d = Game(variant=EP, scenario=scenario, seed=seed).to_dict()
    out = {2: Counter(), 3: Counter()}
    for label, h in d["board"]["hexes"].items():
        a = b.area[b.hex_id(label)]
        if a >= 2:
            out[a][h["kind"]] += 1
    return d, out


def test_spices_board():
    """E&P §10.4, E&P §1.5: 65 hexes; each area 6 terrain, 1 sea, 3 shoals and 3
    villages (one of each advantage, the north Pirate Bonus on 5, the south on 4);
    no lairs; the Fish and Spices tracks; 15 VP."""
    d, area = areas(S4)
    assert B4.num_hexes == 65
    for a in (2, 3):
        assert area[a] == {"fish_shoal": 3, "spice": 3, "sea": 1, **_terrain(a)}
    vs = d["spices"]["villages"]
    assert Counter(v["advantage"] for v in vs.values()) == {
        "swift_voyage": 2,
        "pirate_bonus": 2,
        "fast_gold": 2,
    }
    faces = {
        B4.area[H(lab)]: v["face"] for lab, v in vs.items() if v["advantage"] == "pirate_bonus"
    }
    assert faces == {2: 5, 3: 4}
    g = Game(variant=EP, scenario=S4, seed=3)
    assert g.config.vp_to_win == 15 and g.field("spice_supply") == 24


def _terrain(area):
    green = {"forest": 1, "hills": 1, "pasture": 1, "fields": 1, "mountains": 2}
    orange = {"forest": 1, "hills": 1, "pasture": 1, "fields": 2, "mountains": 1}
    return green if area == 2 else orange


def test_full_game_board():
    """E&P §10.5: 72 hexes; each area 6 terrain, 1 sea, 3 gold fields, 3 shoals, 3
    villages; the orange sea hex face up in the channel; all three tracks; 17 VP."""
    d, area = areas("explorers_and_pirates")
    for a in (2, 3):
        assert area[a] == {"fish_shoal": 3, "spice": 3, "gold": 3, "sea": 1, **_terrain(a)}
    assert d["board"]["hexes"]["(4,23)"] == {"kind": "sea", "revealed": True, "number": 0}
    g = Game(variant=EP, scenario="explorers_and_pirates", seed=1)
    assert g.config.vp_to_win == 17
    from catan_env.games.catan.explorers_and_pirates.tables import T_TRACKS

    assert list(g.tables[T_TRACKS : T_TRACKS + 3]) == [1, 1, 1]


def test_discovering_a_village():
    """E&P §9.1, E&P §4.9: a revealed spice hex pays 2 gold and gets one sack per
    player."""
    d = blank()
    village(d, "(2,13)", "fast_gold", revealed=False)
    ship(d, 0, 0, "(1,10)|(2,11)", mp=4)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{B4.edge('(1,12)|(2,11)')})")
    after = g.to_dict()
    assert after["spices"]["villages"]["(2,13)"]["sacks"] == 4
    assert after["players"][0]["gold"] == 2 and g.field("spice_supply") == 20


def test_befriending_a_village():
    """E&P §9.2, E&P §4.11: a ship with a crew at a village's corner leaves 1 crew
    there for good and loads 1 sack; once per player per village; then that
    player, and only that player, may build there."""
    d = blank()
    village(d, "(2,13)", "fast_gold")
    ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 2}, mp=4)
    ship(d, 1, 0, "(2,11)|(3,12)", {"settler": 1})
    g = Game.from_dict(d)
    name = f"befriend_village(s0,h{H('(2,13)')})"
    g.step(name)
    after = g.to_dict()
    assert after["players"][0]["ships"][0]["cargo"] == {"crew": 1, "spice": 1}
    assert after["spices"]["villages"]["(2,13)"]["crews"] == [1, 0, 0, 0]
    assert g.field("crews_left")[0] == 7  # 9 - 1 on the ship - 1 on the village
    with pytest.raises(IllegalActionError, match="already befriended"):
        g.step(name)
    v = B4.vertex("(2,13).NW")
    assert g.is_legal(f"found_settlement(s0,end{0})") is False  # no settler
    d2 = g.to_dict()
    d2["players"][0]["ships"][0]["cargo"] = {"settler": 1}
    d2["players"][1]["ships"][0]["cargo"] = {"settler": 1}
    g2 = Game.from_dict(d2)
    ev = list(B4.grid.geometry.edge_vertices[B4.edge("(1,12)|(2,11)")])
    g2.step(f"found_settlement(s0,end{ev.index(v)})")
    assert g2.to_dict()["buildings"][f"v{v}"]["owner"] == 0
    d3 = blank(active=1)
    village(d3, "(2,13)", "fast_gold", crews=(1, 0, 0, 0))
    ship(d3, 1, 0, "(1,12)|(2,11)", {"settler": 1}, mp=4)
    g3 = Game.from_dict(d3)
    with pytest.raises(IllegalActionError, match="spice hex"):
        g3.step(f"found_settlement(s0,end{ev.index(v)})")


def test_delivering_spice():
    """E&P §9.3, E&P §6.2: sacks handed in at a Council anchor leave the game and
    move the Spices marker, one space per sack, with no movement point spent."""
    d = blank()
    ship(d, 0, 0, "(3,8)|(3,10)", {"spice": 2}, mp=4)
    d["spices"]["delivered"] = 0
    g = Game.from_dict(d)
    assert g.field("spice_supply") == 22
    g.step("deliver(s0,spice)")
    g.step("deliver(s0,spice)")
    after = g.to_dict()
    assert after["spices"]["delivered"] == 2 and g.field("spice_supply") == 22
    assert after["missions"]["positions"][0][2] == 2
    assert g.public_vp(0) == 1 + 1  # track space 2 and the VP card


def test_swift_voyage():
    """E&P §9.4, E&P §4.8: Swift Voyage gives every ship +1 movement point, at once
    for ships still able to move, and 5 per turn from then on."""
    d = blank()
    village(d, "(2,13)", "swift_voyage")
    ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 1}, mp=4)
    ship(d, 0, 1, "(5,8)|(5,10)", mp=4)
    ship(d, 0, 2, "(6,9)|(6,11)", mp=0, finished=True, moved=True)
    g = Game.from_dict(d)
    g.step(f"befriend_village(s0,h{H('(2,13)')})")
    mp = [s["mp"] for s in g.to_dict()["players"][0]["ships"]]
    assert mp == [5, 5, 0]
    for seat in range(4):
        g.step("end_turn")
        if seat < 3:
            g = next(o.game for o in g.chance_outcomes("roll") if sum(o.game.dice) == 8)
            g.step("start_movement")
    assert [s["mp"] for s in g.to_dict()["players"][0]["ships"]] == [5, 5, 5]


def test_pirate_bonus():
    """E&P §9.4, E&P §5.4: a Pirate Bonus village's friend chases on its face as well
    as on a 6."""
    d = blank()
    village(d, "(2,13)", "pirate_bonus", crews=(1, 0, 0, 0), face=5, sacks=3)
    d["pirate"] = {"hex": "(2,11)", "owner": 1}
    ship(d, 0, 0, "(2,9)|(2,11)", mp=4)
    g = Game.from_dict(d)
    win = sum(
        o.fraction for o in g.chance_outcomes("chase_pirate(s0)") if o.game.phase == "place_pirate"
    )
    assert win == Fraction(2, 6)


def test_fast_gold():
    """E&P §9.4, E&P §4.5: with a Fast Gold village, once per trade/build phase, sell
    any 1 card for 1 gold, besides the 2 gold purchases."""
    d = blank(phase="action")
    village(d, "(2,13)", "fast_gold", crews=(1, 0, 0, 0), sacks=3)
    give(d, 0, ore=2)
    d["players"][0]["gold"] = 4
    g = Game.from_dict(d)
    g.step("fast_gold(ore)")
    assert g.to_dict()["players"][0]["gold"] == 5
    with pytest.raises(IllegalActionError, match="Fast Gold"):
        g.step("fast_gold(ore)")
    g.step("buy_with_gold(wool)")
    g.step("buy_with_gold(wool)")
    assert g.to_dict()["players"][0]["gold"] == 1
    d["turn"].update(active_player=1, current_player=1)
    give(d, 1, ore=1)
    assert "fast_gold(ore)" not in Game.from_dict(d).legal_action_names()
