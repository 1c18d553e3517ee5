"""Explorers & Pirates, scenario Pirate Lairs: free set-up, crews, pirate ships,
tribute, chasing, mission tracks and the lairs (E&P §5, §6, §7, §10.2, §10.6)."""

from collections import Counter
from fractions import Fraction

import pytest
from ep_helpers import EP, build, ep_blank, give, ship

from catan_env import Game, IllegalActionError
from catan_env.games.catan.board.ep_frame import load_frame

S2 = "pirate_lairs"
B2 = load_frame(S2)


def H(label):  # noqa: N802
    return B2.hex_id(label)


def blank(phase="action", active=0, num_players=4):
    return ep_blank(num_players, phase, active, scenario=S2)


def lair(d, label, crews=(0, 0, 0, 0), state="lair", token=4):
    d["board"]["hexes"][label].update(kind="gold", revealed=True, number=0)
    d["lairs"][label] = {"state": state, "token": token, "crews": list(crews)}
    if state == "gold_field":
        d["board"]["hexes"][label]["number"] = token


def gold(g, seat):
    return g.to_dict()["players"][seat]["gold"]


def test_board_and_target():
    """E&P §10.2, E&P §7.7, E&P §10.7.1: the Pirate Lairs board has 58 hexes, 11
    face-down per area (3 gold fields each), the Example 10 island, and 12 VP win."""
    g = Game(variant=EP, scenario=S2, seed=4)
    assert g.config.vp_to_win == 12
    d = g.to_dict()
    north = Counter(h["kind"] for label, h in d["board"]["hexes"].items() if B2.area[H(label)] == 2)
    assert north["gold"] == 3 and sum(north.values()) == 11
    assert d["board"]["hexes"]["(1,6)"]["kind"] == "pasture"  # Example 10, not Example 2
    assert d["board"]["hexes"]["(7,6)"]["kind"] == "hills"
    assert sorted(d["lair_stack"]) == [2, 3, 4, 5, 11, 12]


def test_free_setup_order():
    """E&P §10.6, E&P §12.2: harbor settlements clockwise on the marked
    intersections, settlements counter-clockwise (with their cards), then road and
    settler ship clockwise from the starting player, who rolls first."""
    g = Game(variant=EP, scenario=S2, seed=2)
    start = g.to_dict()["turn"]["start_player"]
    seen = []
    while g.phase != "pre_roll":
        seen.append((g.phase, g.current_player))
        if g.phase == "setup_harbor":
            marked = {f"build_harbor(v{B2.vertex(m)})" for m in B2.data["harbor_intersections"]}
            assert set(g.legal_action_names()) <= marked
        g.step(int(g.legal_actions()[0]))
    order = [(start + i) % 4 for i in range(4)]
    assert seen[:4] == [("setup_harbor", p) for p in order]
    assert seen[4:8] == [("setup_settlement", p) for p in reversed(order)]
    expect = [x for p in order for x in (("setup_road", p), ("setup_ship", p))]
    assert seen[8:] == expect
    assert g.current_player == start
    d = g.to_dict()
    for p in range(4):
        assert d["players"][p]["ships"][0]["cargo"] == {"settler": 1}
        assert sum(d["players"][p]["hand"].values()) >= 1
        assert g.public_vp(p) == 3


def test_two_player_neutral_setup():
    """E&P §10.6: with 2 players, after the own harbor settlements each places a
    neutral harbor settlement, then a neutral settlement; neutral pieces get no
    road and no ship."""
    g = Game(variant=EP, scenario=S2, seed=3, num_players=2)
    start = g.to_dict()["turn"]["start_player"]
    other = 1 - start
    seen = []
    while g.phase != "pre_roll":
        seen.append((g.phase, g.current_player))
        g.step(int(g.legal_actions()[-1]))
    assert seen == [
        ("setup_harbor", start),
        ("setup_harbor", other),
        ("setup_neutral_harbor", start),
        ("setup_neutral_harbor", other),
        ("setup_neutral_settlement", start),
        ("setup_neutral_settlement", other),
        ("setup_settlement", other),
        ("setup_settlement", start),
        ("setup_road", start),
        ("setup_ship", start),
        ("setup_road", other),
        ("setup_ship", other),
    ]
    d = g.to_dict()
    kinds = Counter((b["owner"], b["kind"]) for b in d["buildings"].values())
    assert kinds[("neutral", "harbor_settlement")] == 2 and kinds[("neutral", "settlement")] == 2
    assert "neutral" not in d["roads"].values()


def test_crews():
    """E&P §5.1, E&P §4.7: a crew costs ore + wool and goes into a harbor's storage
    or the hold of a ship at it; two fit in one space."""
    d = blank()
    build(d, 0, "(1,8).S", "harbor_settlement")
    ship(d, 0, 0, "(2,7)|(2,9)")
    give(d, 0, ore=4, wool=4)
    g = Game.from_dict(d)
    v = B2.vertex("(1,8).S")
    g.step(f"crew_to_storage(v{v})")
    g.step(f"crew_to_storage(v{v})")
    assert f"crew_to_storage(v{v})" not in g.legal_action_names()  # full
    g.step("crew_to_ship(s0)")
    g.step("crew_to_ship(s0)")
    assert g.field("crews_left")[0] == 5
    assert g.to_dict()["players"][0]["ships"][0]["cargo"] == {"crew": 2}


def test_seven_places_pirate_and_steals_gold():
    """E&P §5.2, E&P §4.4, E&P §12.3: after a 7 the roller places the pirate on
    face-up sea away from the island and the frame; the victim, with a ship on a
    side of that hex and no cards, loses 1 gold; an own pirate must move."""
    d = blank(phase="pre_roll")
    ship(d, 1, 0, "(2,9)|(2,11)")
    d["players"][1]["gold"] = 1
    g = Game.from_dict(d)
    g = next(o.game for o in g.chance_outcomes("roll") if sum(o.game.dice) == 7)
    assert g.phase == "place_pirate"
    legal = set(g.legal_action_names())
    for label in ("(2,9)", "(4,9)", "(4,21)", "(2,13)"):  # by the island, D1, frame, face down
        assert f"place_pirate(h{H(label)})" not in legal
    for label in ("(2,11)", "(4,11)", "(1,12)"):
        assert f"place_pirate(h{H(label)})" in legal
    g.step(f"place_pirate(h{H('(2,11)')})")
    assert g.phase == "pirate_steal" and "no_steal" in g.legal_action_names()
    g.step("steal(+1)")
    assert (gold(g, 0), gold(g, 1)) == (1, 0) and g.phase == "action"
    d = g.to_dict()
    d["turn"]["phase"] = "place_pirate"
    g = Game.from_dict(d)
    with pytest.raises(IllegalActionError):
        g.step(f"place_pirate(h{H('(2,11)')})")


def test_tribute():
    """E&P §5.3: a ship moving on or off a side of an opponent's pirate hex pays 1
    gold once for that movement; without gold it cannot; the owner never pays."""
    d = blank(phase="movement")
    d["pirate"] = {"hex": "(2,11)", "owner": 1}
    ship(d, 0, 0, "(2,9)|(2,11)", mp=4)
    d["players"][0]["gold"] = 1
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{B2.edge('(1,10)|(2,9)')})")
    assert gold(g, 0) == 0
    g.step(f"sail(e{B2.edge('(2,9)|(2,11)')})")  # back on: already paid
    assert gold(g, 0) == 0
    d["players"][0]["gold"] = 0
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    assert not any(n.startswith("sail") for n in g.legal_action_names())
    d["pirate"]["owner"] = 0
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    assert any(n.startswith("sail") for n in g.legal_action_names())


def test_chasing_a_pirate():
    """E&P §5.4, E&P §12.5: an unmoved ship at a corner of an opponent's pirate hex
    may try once: on a 6 the pirate goes home and the chaser places its own (then
    may steal); otherwise nothing happens and the ship may still move."""
    d = blank(phase="movement")
    d["pirate"] = {"hex": "(2,11)", "owner": 1}
    ship(d, 0, 0, "(2,9)|(2,11)", mp=4)
    g = Game.from_dict(d)
    outcomes = g.chance_outcomes("chase_pirate(s0)")
    win = [o for o in outcomes if o.game.phase == "place_pirate"]
    assert sum(o.fraction for o in win) == Fraction(1, 6)
    lose = [o for o in outcomes if o.game.phase == "movement"][0].game
    assert "chase_pirate(s0)" not in lose.legal_action_names()
    after = win[0].game
    assert after.to_dict()["pirate"] is None
    after.step(f"place_pirate(h{H('(4,13)')})")
    assert after.phase == "movement" and after.to_dict()["pirate"]["owner"] == 0
    d["players"][0]["ships"][0]["moved"] = True
    assert "chase_pirate(s0)" not in Game.from_dict(d).legal_action_names()


def test_discovering_a_lair():
    """E&P §7.2, E&P §7.1, E&P §12.7: a revealed gold field pays 2 gold and gets the
    top lair token face down: no number, no building on it, nothing in any
    observation about the token."""
    d = blank(phase="movement")
    d["board"]["hexes"]["(2,13)"].update(kind="gold", revealed=False, number=0)
    d["lair_stack"] = [11, 2, 3, 4, 5, 12]
    ship(d, 0, 0, "(1,10)|(2,11)", mp=4)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{B2.edge('(1,12)|(2,11)')})")
    after = g.to_dict()
    assert after["lairs"]["(2,13)"] == {"state": "lair", "token": 11, "crews": [0, 0, 0, 0]}
    assert after["board"]["hexes"]["(2,13)"]["number"] == 0 and gold(g, 0) == 2
    after["lairs"]["(2,13)"]["token"] = 2
    assert (Game.from_dict(after).observe(1) == g.observe(1)).all()


def test_capture_and_hero():
    """E&P §7.3, E&P §7.4, E&P §6.2: the third crew captures the lair and each
    participant takes 2 gold at once; at the end of the movement phase both
    advance on the track, the hero (1d6 + own crews, ties to more crews) advances
    again and loses a crew, and the token is flipped."""
    d = blank(phase="movement")
    lair(d, "(2,13)", crews=(0, 1, 0, 0), token=4)
    ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 2}, mp=4)
    g = Game.from_dict(d)
    name = f"crew_to_lair(s0,h{H('(2,13)')})"
    g.step(name)
    g.step(name)
    assert g.to_dict()["lairs"]["(2,13)"]["state"] == "captured"
    assert (gold(g, 0), gold(g, 1)) == (2, 2)
    outcomes = g.chance_outcomes("end_turn")
    blue_hero = sum(
        o.fraction for o in outcomes if o.game.to_dict()["missions"]["positions"][1][0] == 2
    )
    assert blue_hero == Fraction(10, 36)  # blue needs a die 2 higher than red
    red = next(o.game for o in outcomes if o.game.to_dict()["missions"]["positions"][0][0] == 2)
    after = red.to_dict()
    assert after["lairs"]["(2,13)"] == {"state": "gold_field", "token": 4, "crews": [1, 1, 0, 0]}
    assert after["board"]["hexes"]["(2,13)"]["number"] == 4
    assert after["missions"]["vp_cards"][0] == 0
    assert red.public_vp(0) == 1 + 1 and red.public_vp(1) == 1  # track VP + VP card


def test_mission_track_stacking():
    """E&P §6.1, E&P §6.2: markers stack in arrival order; the VP card stays with
    the first to arrive at the furthest space until someone gets strictly further;
    a lone captor is the hero without a roll."""
    d = blank(phase="movement", active=2)
    d["missions"]["positions"] = [[0, 0, 0], [2, 0, 0], [2, 0, 0], [0, 0, 0]]
    d["missions"]["stamps"] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 0, 0]]
    d["missions"]["clock"] = 2
    d["missions"]["vp_cards"] = [1, None, None]
    lair(d, "(2,13)", crews=(0, 0, 3, 0), state="captured", token=5)
    d["captures_this_turn"] = ["(2,13)"]
    g = Game.from_dict(d)
    assert g.public_vp(1) == 2 and g.public_vp(2) == 1
    outcomes = g.chance_outcomes("end_turn")
    assert len(outcomes) == 1  # no hero roll
    after = outcomes[0].game
    m = after.to_dict()["missions"]
    assert m["positions"][2][0] == 4 and m["vp_cards"][0] == 2
    assert after.public_vp(2) == 2 + 1 and after.public_vp(1) == 1


def test_gold_field_production_and_pick_up():
    """E&P §7.5, E&P §7.6, E&P §4.3: a gold field pays 2 gold per building on its
    number (no resource card, so compensation too); roads and settlements may be
    built there; crews left there board a later ship."""
    d = blank(phase="pre_roll")
    lair(d, "(2,13)", crews=(1, 0, 0, 0), state="gold_field", token=4)
    build(d, 0, "(2,13).NW")
    g = Game.from_dict(d)
    g = next(o.game for o in g.chance_outcomes("roll") if sum(o.game.dice) == 4)
    assert [gold(g, p) for p in range(4)] == [3, 1, 1, 1]
    d["turn"]["phase"] = "movement"
    ship(d, 0, 0, "(1,12)|(2,11)", mp=4)
    g = Game.from_dict(d)
    g.step(f"pick_up_crew(s0,h{H('(2,13)')})")
    assert g.to_dict()["players"][0]["ships"][0]["cargo"] == {"crew": 1}


def test_at_most_three_crews_per_lair():
    """E&P §7.3: a lair holds at most 3 crews; crews cannot be taken back before
    the capture."""
    d = blank(phase="movement")
    lair(d, "(2,13)", crews=(0, 1, 1, 0))
    ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 2}, mp=4)
    g = Game.from_dict(d)
    name = f"crew_to_lair(s0,h{H('(2,13)')})"
    g.step(name)
    assert name not in g.legal_action_names()
    assert not any(n.startswith("pick_up_crew") for n in g.legal_action_names())


def test_a_win_counts_the_totals_after_the_whole_capture_resolution():
    """E&P §4.13, E&P §7.4, E&P §6.2: the active player's win is checked once the
    captures are resolved, not between two markers' steps: the VP card may change
    hands within the resolution, and a total reached only before it does wins
    nothing. Seat 2 (active, VP card holder) steps first and holds the target for a
    moment; when seat 0's hero step takes the card, seat 2 ends below the target."""
    d = blank(phase="movement", active=2)
    d["options"]["vp_to_win"] = 4
    d["missions"]["positions"] = [[5, 0, 0], [0, 0, 0], [5, 0, 0], [0, 0, 0]]
    d["missions"]["stamps"] = [[2, 0, 0], [0, 0, 0], [1, 0, 0], [0, 0, 0]]
    d["missions"]["clock"] = 2
    d["missions"]["vp_cards"] = [2, None, None]
    lair(d, "(2,13)", crews=(2, 0, 1, 0), state="captured", token=5)
    d["captures_this_turn"] = ["(2,13)"]
    g = Game.from_dict(d)
    assert g.total_vp(2) == 3 and g.total_vp(0) == 2  # track 2 (+1 card for seat 2)
    heroes = set()
    for o in g.chance_outcomes("end_turn"):
        m = o.game.to_dict()["missions"]
        hero = 2 if m["positions"][2][0] == 7 else 0
        heroes.add(hero)
        if hero == 2:  # seat 2 keeps the card and ends on the target
            assert o.game.winner == 2 and o.game.total_vp(2) == 4
        else:  # seat 0 gets strictly further and takes the card
            assert m["vp_cards"][0] == 0 and o.game.total_vp(2) == 3
            assert o.game.winner is None and not o.game.done
    assert heroes == {0, 2}
