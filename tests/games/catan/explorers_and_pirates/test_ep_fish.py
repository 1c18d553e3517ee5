"""Explorers & Pirates, scenario Fish for Catan: the Council of Catan, shoals, the
fishing roll, catching and delivering fish, pirates and fish (E&P §8, §10.3)."""

from collections import Counter

import pytest
from ep_helpers import EP, build, ep_blank, ship

from catan_env import Game, IllegalActionError
from catan_env.games.catan.board.ep_frame import load_frame

S3 = "fish_for_catan"
B3 = load_frame(S3)


def H(label):  # noqa: N802
    return B3.hex_id(label)


def blank(phase="movement", active=0):
    d = ep_blank(4, phase, active, scenario=S3)
    return d


def shoal(d, label, face, fish=False, revealed=True):
    d["board"]["hexes"][label].update(kind="fish_shoal", revealed=revealed, number=0)
    d["fish"]["faces"][label] = face
    if fish:
        d["fish"]["on_shoals"].append(label)


def test_board():
    """E&P §10.3, E&P §8.2: 58 hexes; north 6 terrain + 3 gold fields + 2 of the 3
    green shoals, south 6 terrain + 2 of the 3 orange gold fields + 3 shoals, no
    standard sea; the island terrain is shuffled (numbers fixed); 15 VP; 6 fish."""
    g = Game(variant=EP, scenario=S3, seed=5)
    assert g.config.vp_to_win == 15
    d = g.to_dict()
    area = {2: Counter(), 3: Counter()}
    for label, h in d["board"]["hexes"].items():
        a = B3.area[H(label)]
        if a >= 2:
            area[a][h["kind"]] += 1
    assert area[2]["gold"] == 3 and area[2]["fish_shoal"] == 2 and area[2]["sea"] == 0
    assert area[3]["gold"] == 2 and area[3]["fish_shoal"] == 3 and sum(area[3].values()) == 11
    faces = d["fish"]["faces"]
    north = sorted(f for lab, f in faces.items() if B3.area[H(lab)] == 2)
    south = sorted(f for lab, f in faces.items() if B3.area[H(lab)] == 3)
    assert set(north) < {1, 2, 3} and len(north) == 2 and south == [4, 5, 6]
    assert g.field("fish_supply") == 6
    islands = {
        tuple(Game(variant=EP, scenario=S3, seed=s).to_dict()["board"]["hexes"]["(1,6)"].values())
        for s in range(10)
    }
    assert len(islands) > 1 and all(x[2] == 11 for x in islands)


def test_council_hex():
    """E&P §8.1, E&P §10.7.2: the Council (4,9) is sea with anchors at its N and S
    corners; its island-side corners are buildable, its sea-only ones not; no
    pirate may stand on it."""
    d = blank(phase="action")
    assert d["board"]["hexes"]["(4,9)"]["kind"] == "council"
    build(d, 0, "(4,9).NW")  # island side: coastal, may become a harbor
    d["players"][0]["hand"].update(grain=2, ore=2)
    d["bank"].update(grain=17, ore=17)
    g = Game.from_dict(d)
    g.step(f"build_harbor(v{B3.vertex('(4,9).NW')})")
    from catan_env.games.catan.explorers_and_pirates import board as B
    from catan_env.games.catan.explorers_and_pirates.tables import T_ANCHORS

    for corner in ("N", "NE", "SE", "S"):
        assert not B.vertex_on_land(g.state, g.tables, B3.vertex(f"(4,9).{corner}"), 0)
    assert list(g.tables[T_ANCHORS : T_ANCHORS + 2]) == [
        B3.vertex("(4,9).N"),
        B3.vertex("(4,9).S"),
    ]
    d = blank(phase="place_pirate")
    assert f"place_pirate(h{H('(4,9)')})" not in Game.from_dict(d).legal_action_names()


def test_discovering_a_shoal():
    """E&P §8.2, E&P §4.9, E&P §12.7: a revealed shoal pays 2 gold; its die face is
    unknown until then."""
    d = blank()
    shoal(d, "(2,13)", 2, revealed=False)
    ship(d, 0, 0, "(1,10)|(2,11)", mp=4)
    g = Game.from_dict(d)
    hidden = g.observe(1)
    d["fish"]["faces"]["(2,13)"] = 3
    assert (Game.from_dict(d).observe(1) == hidden).all()
    g.step("select_ship(s0)")
    g.step(f"sail(e{B3.edge('(1,12)|(2,11)')})")
    assert g.to_dict()["players"][0]["gold"] == 2
    view = g.variant.obs_layout.view(g.observe(1), "fish_face")
    assert view[H("(2,13)")].argmax() == 1


def test_fishing_roll():
    """E&P §8.3, E&P §12.5: once per turn, with no ship mid-move, roll 1 die: a fish
    appears on the revealed shoal with that face, unless one lies there or a
    pirate stands there; face-down shoals get none."""
    d = blank()
    shoal(d, "(2,13)", 2)
    shoal(d, "(3,12)", 3, fish=True)
    shoal(d, "(1,14)", 4)
    d["pirate"] = {"hex": "(1,14)", "owner": 1}
    shoal(d, "(1,16)", 5, revealed=False)
    g = Game.from_dict(d)
    outcomes = {
        o.game.to_dict()["fish"]["fishing_die"]: o.game for o in g.chance_outcomes("fishing_roll")
    }
    assert sorted(outcomes[2].to_dict()["fish"]["on_shoals"]) == ["(2,13)", "(3,12)"]
    for die in (3, 4, 5, 1):
        assert outcomes[die].to_dict()["fish"]["on_shoals"] == ["(3,12)"]
    assert outcomes[2].field("fish_supply") == 4
    assert "fishing_roll" not in outcomes[1].legal_action_names()
    ship(d, 0, 0, "(5,8)|(5,10)", mp=4)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    with pytest.raises(IllegalActionError, match="mid-move"):
        g.step("fishing_roll")


def test_catching_and_delivering():
    """E&P §8.4, E&P §4.7, E&P §6.2: an empty ship at a shoal's corner catches its
    fish, which fills the hold; at a Council anchor it is delivered: back to the
    supply, +1 on the Fish track, no movement point spent."""
    d = blank()
    shoal(d, "(2,13)", 2, fish=True)
    ship(d, 0, 0, "(1,12)|(2,11)", mp=4)
    ship(d, 0, 1, "(3,8)|(3,10)", {"fish": 1}, mp=4)
    g = Game.from_dict(d)
    assert g.field("fish_supply") == 4
    g.step(f"catch_fish(s0,h{H('(2,13)')})")
    assert g.to_dict()["players"][0]["ships"][0]["cargo"] == {"fish": 1}
    g.step("deliver(s1,fish)")
    assert g.field("fish_supply") == 5
    after = g.to_dict()
    assert after["missions"]["positions"][0][1] == 1 and after["missions"]["vp_cards"][1] == 0
    assert after["players"][0]["ships"][1]["mp"] == 4
    assert g.public_vp(0) == 1 + 1
    with pytest.raises(IllegalActionError, match="Council anchor"):
        g.step("deliver(s0,fish)")


def test_pirate_and_fish():
    """E&P §8.5, E&P §5.2: a pirate placed on a shoal sends its fish back to the
    supply; fish in holds are safe."""
    d = blank(phase="place_pirate")
    shoal(d, "(2,13)", 2, fish=True)
    ship(d, 1, 0, "(1,12)|(2,11)", {"fish": 1})
    g = Game.from_dict(d)
    g.step(f"place_pirate(h{H('(2,13)')})")
    after = g.to_dict()
    assert after["fish"]["on_shoals"] == [] and g.field("fish_supply") == 5
    assert after["players"][1]["ships"][0]["cargo"] == {"fish": 1}


def test_fish_relay_and_throw_away():
    """E&P §8.4, E&P §4.7, E&P §4.11: a fish may wait in a harbor's storage; a
    thrown-away fish returns to the supply."""
    d = blank()
    build(d, 0, "(3,8).NW", "harbor_settlement")  # (2,7) pasture corner by (3,8)
    ship(d, 0, 0, "(2,7)|(3,8)", {"fish": 1}, mp=4)
    g = Game.from_dict(d)
    g.step("unload(s0,fish)")
    assert g.to_dict()["buildings"][f"v{B3.vertex('(3,8).NW')}"]["storage"] == {"fish": 1}
    g.step(f"drop_from_storage(v{B3.vertex('(3,8).NW')},fish)")
    assert g.field("fish_supply") == 6
