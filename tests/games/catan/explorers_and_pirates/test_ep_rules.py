"""Explorers & Pirates core rules (E&P §4), one scenario test per rule, set up with
``from_dict`` on the Land Ho! board (coordinates of E&P §2.6)."""

import pytest
from ep_helpers import BOARD, E, V, build, ep_blank, give, set_hex, ship

from catan_env import Game, IllegalActionError
from catan_env.games.catan.explorers_and_pirates.constants import COST_HARBOR, COST_SHIP

EV = BOARD.grid.geometry.edge_vertices


def end_of(path: str, vertex: str) -> int:
    """Which end (0 or 1) of ``path`` is ``vertex``."""
    return list(EV[E(path)]).index(V(vertex))


def roll(g: Game, total: int) -> Game:
    """The position after rolling ``total`` (an explicit chance outcome)."""
    return next(o.game for o in g.chance_outcomes("roll") if sum(o.game.dice) == total)


def hand(g: Game, seat: int) -> dict:
    return g.to_dict()["players"][seat]["hand"]


def gold(g: Game, seat: int) -> int:
    return g.to_dict()["players"][seat]["gold"]


def test_turn_phases():
    """E&P §4.2, E&P §12.1: roll, then trade and build, then the movement phase;
    ending the movement phase passes the turn clockwise."""
    d = ep_blank(phase="pre_roll")
    g = Game.from_dict(d)
    assert g.legal_action_names() == ["roll"]
    g = roll(g, 8)
    assert g.phase == "action" and "start_movement" in g.legal_action_names()
    assert not any(n.startswith("sail") or n == "end_turn" for n in g.legal_action_names())
    g.step("start_movement")
    assert g.phase == "movement"
    with pytest.raises(IllegalActionError, match="phase action"):
        g.step("maritime(ore->wool)")
    g.step("end_turn")
    assert (g.active_player, g.phase) == (1, "pre_roll")


def test_production_harbor_one_card_and_gold_compensation():
    """E&P §4.3, E&P §4.6.3: a harbor settlement earns 1 card per hex (not 2), and
    every seat that receives no card takes 1 gold; a 7 pays no compensation."""
    d = ep_blank(phase="pre_roll")
    build(d, 0, "(7,8).N", "harbor_settlement")  # forest 5, hills 6
    build(d, 1, "(1,6).S")  # mountains 11, fields 3, pasture 8
    g = roll(Game.from_dict(d), 5)
    assert hand(g, 0)["lumber"] == 1 and sum(hand(g, 0).values()) == 1
    assert [gold(g, p) for p in range(4)] == [0, 1, 1, 1]
    g = roll(Game.from_dict(d), 8)
    assert hand(g, 1)["wool"] == 1
    assert [gold(g, p) for p in range(4)] == [1, 0, 1, 1]
    g = roll(Game.from_dict(d), 7)
    assert [gold(g, p) for p in range(4)] == [0, 0, 0, 0]


def test_seven_discards_only():
    """E&P §4.4, E&P §4.1, E&P §12.6: in Land Ho! a 7 makes every seat with more than
    7 cards discard half, out of turn; there is no robber."""
    d = ep_blank(phase="pre_roll")
    give(d, 2, ore=5, wool=4)
    g = roll(Game.from_dict(d), 7)
    assert (g.phase, g.current_player) == ("discard", 2)
    for _ in range(4):
        g.step("discard(ore)", player=2)
    assert (g.phase, g.current_player) == ("action", 0)
    assert sum(hand(g, 2).values()) == 5
    assert not any("robber" in n for n in g.action_names)


def test_bank_and_gold_trade():
    """E&P §4.5: 3 of a kind for any other resource or for 1 gold; 2 gold buy a
    resource, at most twice per turn."""
    d = ep_blank()
    give(d, 0, ore=6)
    d["players"][0]["gold"] = 6
    g = Game.from_dict(d)
    assert "maritime(ore->wool)" in g.legal_action_names()
    assert "maritime(ore->ore)" not in g.action_names
    g.step("maritime(ore->wool)")
    g.step("sell_for_gold(ore)")
    assert hand(g, 0)["ore"] == 0 and hand(g, 0)["wool"] == 1 and gold(g, 0) == 7
    g.step("buy_with_gold(brick)")
    g.step("buy_with_gold(grain)")
    assert gold(g, 0) == 3
    with pytest.raises(IllegalActionError, match="at most 2"):
        g.step("buy_with_gold(brick)")


def test_roads_and_settlements():
    """E&P §4.6.1, E&P §4.6.2, E&P §3: a road costs brick + lumber and connects to the
    owner's pieces; a settlement needs the owner's road and the distance rule."""
    d = ep_blank()
    build(d, 0, "(1,6).S")
    give(d, 0, brick=3, lumber=3, wool=1, grain=1)
    g = Game.from_dict(d)
    g.step(f"build_road(e{E('(1,6)|(2,7)')})")
    with pytest.raises(IllegalActionError, match="does not connect"):
        g.step(f"build_road(e{E('(6,5)|(6,7)')})")
    with pytest.raises(IllegalActionError, match="distance rule"):
        g.step(f"build_settlement(v{V('(1,6).SE')})")
    g.step(f"build_road(e{E('(1,6)|(1,8)')})")
    g.step(f"build_settlement(v{V('(1,6).NE')})")
    assert g.public_vp(0) == 2


def test_harbor_settlement_upgrade():
    """E&P §4.6.3, E&P §4.13: a coastal settlement becomes a harbor settlement for
    2 grain + 2 ore, worth 2 VP; the settlement goes back to the supply; an
    inland one cannot."""
    assert list(COST_HARBOR[:5]) == [0, 0, 0, 2, 2]
    d = ep_blank()
    build(d, 0, "(1,6).S")  # inland
    build(d, 0, "(1,8).S")  # touches the sea hex (2,9)
    give(d, 0, grain=4, ore=4)
    g = Game.from_dict(d)
    with pytest.raises(IllegalActionError, match="coast"):
        g.step(f"build_harbor(v{V('(1,6).S')})")
    g.step(f"build_harbor(v{V('(1,8).S')})")
    assert g.public_vp(0) == 3
    assert g.field("settlements_left")[0] == 4
    assert g.field("harbor_settlements_left")[0] == 3


def test_ship_building_and_stacking():
    """E&P §4.6.4, E&P §2.3: a ship (lumber + wool) goes on a sea route at the
    owner's harbor settlement with fewer than 2 ships; a land path is no sea route."""
    assert list(COST_SHIP[:5]) == [1, 0, 1, 0, 0]
    d = ep_blank()
    build(d, 0, "(1,8).S", "harbor_settlement")
    ship(d, 1, 0, "(2,7)|(2,9)")
    ship(d, 2, 0, "(2,7)|(2,9)")
    give(d, 0, lumber=2, wool=2)
    g = Game.from_dict(d)
    legal = {n for n in g.legal_action_names() if n.startswith("build_ship")}
    assert legal == {f"build_ship(e{E('(1,8)|(2,9)')})"}
    with pytest.raises(IllegalActionError, match="not a sea route"):
        g.step(f"build_ship(e{E('(1,8)|(2,7)')})")
    with pytest.raises(IllegalActionError, match="2 ships"):
        g.step(f"build_ship(e{E('(2,7)|(2,9)')})")
    g.step(f"build_ship(e{E('(1,8)|(2,9)')})")
    assert g.to_dict()["players"][0]["ships"][0]["path"] == f"e{E('(1,8)|(2,9)')}"


def test_ship_not_built_touching_unexplored():
    """E&P §4.6.4, E&P §4.12: a new ship's route may not touch an unexplored hex."""
    d = ep_blank()
    set_hex(d, "(2,13)", "hills", number=5)
    d["board"]["tokens_drawn"]["north"] = 1
    build(d, 0, "(2,13).NW", "harbor_settlement")  # (2,11) sea, (1,12) sea, (2,13) hills
    give(d, 0, lumber=1, wool=1)
    g = Game.from_dict(d)
    legal = {n for n in g.legal_action_names() if n.startswith("build_ship")}
    assert legal == {f"build_ship(e{E('(1,12)|(2,11)')})"}  # the other two touch (1,14), (3,12)
    with pytest.raises(IllegalActionError, match="unexplored"):
        g.step(f"build_ship(e{E('(1,12)|(2,13)')})")


def test_rebuilding_a_ship():
    """E&P §4.6.4: with all 3 ships out, one may be taken off (its cargo lost, the
    settler back to the supply) and built again at full cost."""
    d = ep_blank()
    build(d, 0, "(1,8).S", "harbor_settlement")
    ship(d, 0, 0, "(2,9)|(2,11)", {"settler": 1})
    ship(d, 0, 1, "(1,10)|(2,11)")
    ship(d, 0, 2, "(1,10)|(1,12)")
    give(d, 0, lumber=1, wool=1)
    g = Game.from_dict(d)
    assert g.field("settlers_left")[0] == 1
    assert not any(n.startswith("build_ship") for n in g.legal_action_names())
    g.step("rebuild_ship(s0)")
    assert g.phase == "place_ship" and g.field("settlers_left")[0] == 2
    assert sum(hand(g, 0).values()) == 0
    g.step(f"build_ship(e{E('(2,7)|(2,9)')})")
    assert g.phase == "action"
    assert g.to_dict()["players"][0]["ships"][0] == {
        "path": f"e{E('(2,7)|(2,9)')}",
        "cargo": {},
        "mp": 4,
        "moved": False,
        "finished": False,
        "boosted": False,
        "tribute_paid": False,
        "chased": False,
    }


def test_settlers_and_cargo_capacity():
    """E&P §4.6.5, E&P §4.7: a settler (a settlement's cost) goes into an empty
    storage or into the empty hold of a ship at the harbor; a large piece fills
    the space; thrown-away settlers return to the supply."""
    d = ep_blank()
    build(d, 0, "(1,8).S", "harbor_settlement")
    ship(d, 0, 0, "(2,7)|(2,9)")
    give(d, 0, brick=3, lumber=3, wool=3, grain=3)
    g = Game.from_dict(d)
    g.step(f"settler_to_storage(v{V('(1,8).S')})")
    g.step("settler_to_ship(s0)")
    assert g.field("settlers_left")[0] == 0
    d2 = g.to_dict()
    assert d2["buildings"][f"v{V('(1,8).S')}"]["storage"] == {"settler": 1}
    assert d2["players"][0]["ships"][0]["cargo"] == {"settler": 1}
    g.step(f"drop_from_storage(v{V('(1,8).S')},settler)")
    assert g.field("settlers_left")[0] == 1
    g.step(f"settler_to_storage(v{V('(1,8).S')})")
    with pytest.raises(IllegalActionError, match="settler left"):
        g.step("settler_to_ship(s0)")


def test_movement_points_and_boost():
    """E&P §4.8: a ship has 4 movement points, one per step to an adjacent sea
    route; 1 wool buys +2 once per ship per turn; one ship moves at a time."""
    d = ep_blank(phase="movement")
    ship(d, 0, 0, "(2,9)|(2,11)", mp=4)
    ship(d, 0, 1, "(5,8)|(5,10)", mp=4)
    give(d, 0, wool=2)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    with pytest.raises(IllegalActionError, match="one ship at a time"):
        g.step("select_ship(s1)")
    a, b = E("(1,10)|(2,11)"), E("(2,9)|(2,11)")
    for e in (a, b, a, b):
        g.step(f"sail(e{e})")
    with pytest.raises(IllegalActionError, match="no movement points"):
        g.step(f"sail(e{a})")
    g.step("boost")
    with pytest.raises(IllegalActionError, match="already bought"):
        g.step("boost")
    g.step(f"sail(e{a})")
    g.step("stop_ship")
    assert "select_ship(s0)" not in g.legal_action_names()
    g.step("select_ship(s1)")
    assert g.to_dict()["players"][0]["ships"][0]["mp"] == 0


def test_two_ships_per_route():
    """E&P §4.8: a ship may pass a route holding 2 ships but not end its movement
    there (nor step onto it with its last movement point)."""
    full = "(1,10)|(2,11)"
    d = ep_blank(phase="movement")
    ship(d, 0, 0, "(2,9)|(2,11)", mp=4)
    ship(d, 1, 0, full)
    ship(d, 2, 0, full)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{E(full)})")
    assert "stop_ship" not in g.legal_action_names() and "end_turn" not in g.legal_action_names()
    g.step(f"sail(e{E('(1,10)|(1,12)')})")
    g.step("stop_ship")
    d = ep_blank(phase="movement")
    ship(d, 0, 0, "(2,9)|(2,11)", mp=1)
    ship(d, 1, 0, full)
    ship(d, 2, 0, full)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    with pytest.raises(IllegalActionError, match="2 ships"):
        g.step(f"sail(e{E(full)})")


def test_exploration_terrain():
    """E&P §4.9, E&P §2.4: a step whose end touches a face-down hex reveals it; a
    terrain hex takes the top token of its area's stack and pays 1 resource; the
    ship's movement ends."""
    d = ep_blank(phase="movement")
    set_hex(d, "(2,13)", "hills", revealed=False)
    d["board"]["token_stacks"]["north"] = [9, 3, 4, 5, 6, 10]
    ship(d, 0, 0, "(1,10)|(2,11)", mp=4)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{E('(1,12)|(2,11)')})")
    after = g.to_dict()
    assert after["board"]["hexes"]["(2,13)"] == {"kind": "hills", "revealed": True, "number": 9}
    assert after["board"]["tokens_drawn"]["north"] == 1
    assert hand(g, 0)["brick"] == 1
    s = after["players"][0]["ships"][0]
    assert s["finished"] and s["mp"] == 0 and after["turn"]["moving_ship"] is None
    assert not any(n.startswith("sail") for n in g.legal_action_names())


def test_exploration_sea_pays_gold():
    """E&P §4.9: revealing any hex that is not terrain (here sea) pays 2 gold."""
    d = ep_blank(phase="movement")
    set_hex(d, "(2,13)", "sea", revealed=False)
    ship(d, 0, 0, "(1,10)|(2,11)", mp=4)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{E('(1,12)|(2,11)')})")
    assert gold(g, 0) == 2 and sum(hand(g, 0).values()) == 0
    assert g.to_dict()["board"]["tokens_drawn"]["north"] == 0


def test_founding_with_a_settler_ship():
    """E&P §4.10: a settler ship founds a settlement at one of its ends, with no
    road and no cost; ship and settler return to the supply; the distance rule
    applies and no corner of an unexplored hex may be used (E&P §4.12)."""
    d = ep_blank(phase="movement")
    set_hex(d, "(2,13)", "hills", number=5)
    d["board"]["tokens_drawn"]["north"] = 1
    ship(d, 0, 0, "(1,12)|(2,13)", {"settler": 1}, mp=4)
    g = Game.from_dict(d)
    bad = end_of("(1,12)|(2,13)", "(2,13).N")  # touches the face-down (1,14)
    good = 1 - bad
    with pytest.raises(IllegalActionError, match="unexplored"):
        g.step(f"found_settlement(s0,end{bad})")
    g.step(f"found_settlement(s0,end{good})")
    after = g.to_dict()
    assert after["buildings"][f"v{V('(2,13).NW')}"] == {"owner": 0, "kind": "settlement"}
    assert after["players"][0]["ships"][0]["path"] is None
    assert g.field("settlers_left")[0] == 2 and g.public_vp(0) == 1


def test_founding_needs_the_distance_rule():
    """E&P §4.10, E&P §3: founding obeys the distance rule."""
    d = ep_blank(phase="movement")
    build(d, 1, "(1,8).S")
    ship(d, 0, 0, "(1,8)|(2,9)", {"settler": 1}, mp=4)
    g = Game.from_dict(d)
    for end in (0, 1):
        with pytest.raises(IllegalActionError, match="distance rule"):
            g.step(f"found_settlement(s0,end{end})")


def test_roads_near_unexplored_hexes():
    """E&P §4.12, E&P §4.6.2: no road on a side of an unexplored hex; a road may end
    at a corner of one and does not reveal it."""
    d = ep_blank()
    set_hex(d, "(2,13)", "hills", number=5)
    d["board"]["tokens_drawn"]["north"] = 1
    build(d, 0, "(2,13).NW")
    give(d, 0, brick=2, lumber=2)
    g = Game.from_dict(d)
    g.step(f"build_road(e{E('(1,12)|(2,13)')})")  # ends at (2,13).N, next to (1,14)
    assert not g.to_dict()["board"]["hexes"]["(1,14)"]["revealed"]
    with pytest.raises(IllegalActionError, match="unexplored"):
        g.step(f"build_road(e{E('(1,14)|(2,13)')})")


def test_cargo_transfer_at_own_harbor():
    """E&P §4.11, E&P §4.10: during the movement phase an empty ship at the owner's
    harbor settlement loads its settler, and may unload or swap; no MP is spent."""
    d = ep_blank(phase="movement")
    build(d, 0, "(1,8).S", "harbor_settlement", storage={"settler": 1})
    ship(d, 0, 0, "(2,7)|(2,9)", mp=4)
    ship(d, 0, 1, "(1,8)|(2,9)", {"settler": 1}, mp=4)
    g = Game.from_dict(d)
    assert "swap_cargo(s1)" not in g.legal_action_names()  # same cargo both sides
    g.step("load(s0,settler)")
    assert g.to_dict()["players"][0]["ships"][0]["cargo"] == {"settler": 1}
    with pytest.raises(IllegalActionError, match="holds no settler"):
        g.step("load(s0,settler)")
    g.step("unload(s1,settler)")
    assert g.to_dict()["players"][0]["ships"][0]["mp"] == 4


def test_win_on_own_turn():
    """E&P §4.13, E&P §10.1: 8 VP on one's own turn wins Land Ho!; settlements
    count 1 and harbor settlements 2."""
    d = ep_blank(phase="movement")
    for v in ("(1,6).S", "(3,4).N", "(5,4).S"):
        build(d, 0, v, "harbor_settlement")
    set_hex(d, "(2,13)", "hills", number=5)
    d["board"]["tokens_drawn"]["north"] = 1
    ship(d, 0, 0, "(1,12)|(2,13)", {"settler": 1}, mp=4)
    g = Game.from_dict(d)
    assert g.public_vp(0) == 6
    g.step(f"found_settlement(s0,end{end_of('(1,12)|(2,13)', '(2,13).NW')})")
    assert g.public_vp(0) == 7 and not g.done
    d = g.to_dict()
    give(d, 0, grain=2, ore=2)
    d["turn"]["phase"] = "action"
    g = Game.from_dict(d)
    g.step(f"build_harbor(v{V('(2,13).NW')})")
    assert g.done and g.winner == 0 and g.public_vp(0) == 8


def test_trade_with_players_including_gold():
    """E&P §4.5, E&P §3: the active player trades with other players, gold coins
    like cards on either side; the addressee answers out of turn; no gifts."""
    d = ep_blank()
    give(d, 0, ore=2)
    give(d, 1, wool=1)
    d["players"][0]["gold"] = 3
    g = Game.from_dict(d)
    # An offer opens with a pair, gold being the sixth good (trade_protocol="pairs").
    opens = {n for n in g.legal_action_names() if n.startswith("offer(")}
    assert "offer(gold->wool)" in opens and "offer(ore->gold)" in opens
    assert not any(n.startswith(("offer(wool", "offer(gold->gold")) for n in opens)
    g.step("offer(ore->wool)")
    g.step("offer_give_gold")
    assert g.phase == "trade_compose"
    g.step("propose(+1)")
    assert (g.phase, g.current_player) == ("trade_respond", 1)
    g.step("accept", player=1)
    g.step("confirm_trade(+1)")
    assert hand(g, 0)["wool"] == 1 and hand(g, 1)["ore"] == 1
    assert (gold(g, 0), gold(g, 1)) == (2, 1)
    g.step("offer(ore->gold)")
    g.step("offer_want_gold")
    g.step("propose(+2)")
    with pytest.raises(IllegalActionError, match="cannot pay"):
        g.step("accept", player=2)
    g.step("decline", player=2)
    assert g.phase == "action" and g.to_dict()["trade"]["want"]["gold"] == 0


def test_trade_card_by_card_with_gold_and_no_gifts():
    """E&P §4.5, E&P §3: card by card (trade_protocol="cards") gold is added like a card,
    and an offer with one side empty cannot be proposed (no gifts)."""
    d = ep_blank()
    d["options"]["trade_protocol"] = "cards"
    give(d, 0, ore=2)
    d["players"][0]["gold"] = 3
    g = Game.from_dict(d)
    assert not any(n.startswith("offer(") for n in g.legal_action_names())
    g.step("offer_give(ore)")
    g.step("offer_give_gold")
    assert not any(n.startswith("propose") for n in g.legal_action_names())  # no gifts
    g.step("offer_want(wool)")
    assert g.to_dict()["trade"]["give"]["gold"] == 1 and "propose(all)" in g.legal_action_names()
    assert g.to_dict()["trade"]["want"]["wool"] == 1


def test_no_step_into_a_full_route_without_a_way_out():
    """E&P §4.8 [interpretation]: a ship may pass through a route holding 2 other
    ships but not end there, so a step onto one is legal only if the ship can still
    reach a route where it may end its move; otherwise it would be stuck with no
    legal action (a soak found such a game)."""
    from catan_env.games.catan.board.ep_frame import load_frame

    b = load_frame("pirate_lairs")
    d = ep_blank(phase="movement", scenario="pirate_lairs")
    for seat, k, path in ((1, 0, "(4,3)|(5,2)"), (3, 0, "(4,3)|(5,2)"), (1, 1, "(5,2)|(5,4)"),
                          (1, 2, "(5,2)|(5,4)"), (3, 1, "(4,1)|(4,3)"), (3, 2, "(4,1)|(4,3)")):  # fmt: skip
        ship(d, seat, k, path)
    full, beyond = b.edge("(4,3)|(5,2)"), b.edge("(5,2)|(5,4)")
    for mp, legal in ((3, False), (4, True)):
        ship(d, 0, 0, "(5,4)|(6,3)", mp=mp)
        g = Game.from_dict(d)
        g.step("select_ship(s0)")
        g.step(f"sail(e{beyond})")  # full too, but the way back stays open
        assert (f"sail(e{full})" in g.legal_action_names()) is legal
        assert f"sail(e{b.edge('(5,4)|(6,3)')})" in g.legal_action_names()
        if legal:  # 2 MP left there: on through (4,1)|(4,3) to the free (3,2)|(4,3)
            g.step(f"sail(e{full})")
            g.step(f"sail(e{b.edge('(4,1)|(4,3)')})")
            g.step(f"sail(e{b.edge('(3,2)|(4,3)')})")
            assert (
                "stop_ship" in g.legal_action_names() or g.to_dict()["turn"]["moving_ship"] is None
            )
