"""Cities & Knights scenario tests: costs, walls, improvements, metropolises, knights,
progress-card rules, the barbarian attack, the merchant, victory and hidden information
(C&K §3.10-§3.20).

Places are named by hex corners (``corner("R2b", "N")`` is v8); the corners used most:

    R2b  N v8   NE v13  SE v18  S v23  SW v17  NW v12
    R3a  N v16  NE v22        R3b  N v17  NE v23
    R3c  N v18  NE v24  (the desert, robber)   R3d  N v19  NE v25

A barbarian attack is a position with the ship at 6 whose next roll is red 6, yellow 6
and a ship face: production 12 only touches R2a (v7 v11 v12 v16 v17 v22), where the
attack tests place nothing.
"""

import numpy as np
import pytest
from ck_helpers import (
    barbarians,
    build,
    ck,
    ck_blank,
    family,
    game,
    give,
    hand,
    knight,
    legal,
    level,
    metropolis,
    next_roll,
    progress,
    reveal_vp,
    road,
    roads,
    section,
    stack_deck,
    wall,
)

from catan_env.games.catan.board import standard
from catan_env.games.catan.cities_and_knights.observe import OBS_LAYOUT
from catan_env.games.catan.common.constants import CARD_NAMES

_G = standard.GEOMETRY
VIEW = OBS_LAYOUT.view
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")


def edge(a: str, b: str) -> str:
    """The path between two adjacent corners."""
    va, vb = int(a[1:]), int(b[1:])
    for k in range(3):
        if _G.vertex_vertices[va, k] == vb:
            return f"e{_G.vertex_edges[va, k]}"
    raise AssertionError(f"{a} and {b} are not adjacent")


def chain(d: dict, seat: int, *corners: str) -> dict:
    """Roads of ``seat`` along consecutive corners."""
    return roads(d, [edge(a, b) for a, b in zip(corners, corners[1:], strict=False)], seat)


def cards(**kw: int) -> dict:
    """A full hand dict: the named counts, every other type 0."""
    return {r: kw.get(r, 0) for r in CARD_NAMES}


def names(kind: str, places) -> set[str]:
    return {f"{kind}({p})" for p in places}


def vps(g) -> list[int]:
    return [g.public_vp(p) for p in range(g.num_players)]


def attack(d: dict) -> dict:
    """The next roll moves the ship from 6 to 7: the barbarians attack."""
    barbarians(d, 6)
    return next_roll(d, 6, 6, "ship")


def settlement_cost(d: dict, seat: int) -> dict:
    return give(d, seat, lumber=1, brick=1, wool=1, grain=1)


# --- C&K §3.10 building costs ---------------------------------------------------------


def test_wall_knight_activation_and_promotion_costs():
    """C&K §3.10: a wall costs 2 brick, a knight 1 wool + 1 ore, activation 1 grain, promotion 1 wool + 1 ore; every card goes back to the bank."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18")
    give(d, 0, brick=2, wool=2, ore=2, grain=1, lumber=1)
    level(d, 0, "politics", 3)
    g = game(d)
    g.step("build_wall(v8)")
    assert hand(g, 0) == cards(lumber=1, wool=2, ore=2, grain=1)
    g.step("build_knight(v18)")
    assert hand(g, 0) == cards(lumber=1, wool=1, ore=1, grain=1)
    g.step("activate_knight(v18)")
    assert hand(g, 0) == cards(lumber=1, wool=1, ore=1)
    g.step("promote_knight(v18)")
    assert hand(g, 0) == cards(lumber=1)
    bank = g.to_dict()["bank"]
    assert bank == {r: (18 if r == "lumber" else 19 if r in RESOURCES else 12) for r in CARD_NAMES}
    assert section(g)["walls"] == ["v8"]
    k = section(g)["knights"]["v18"]
    assert (k["owner"], k["strength"], k["active"]) == (0, 2, True)


@pytest.mark.parametrize("missing", ["brick", "wool", "ore", "grain"])
def test_each_cost_short_by_one_card(missing):
    """C&K §3.10: an item is not buildable when one card of its cost is missing."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18")
    knight(d, "v13", 0)
    give(d, 0, brick=2, wool=1, ore=1, grain=1)
    give(d, 0, **{missing: -1})
    g = game(d)
    kinds = ("build_wall", "build_knight", "activate_knight", "promote_knight")
    assert {f: bool(family(g, f)) for f in kinds} == {
        "build_wall": missing != "brick",
        "build_knight": missing not in ("wool", "ore"),
        "activate_knight": missing != "grain",
        "promote_knight": missing not in ("wool", "ore"),
    }


@pytest.mark.parametrize(
    "track, current, commodity",
    [
        ("trade", 0, "cloth"),
        ("politics", 1, "coin"),
        ("science", 2, "paper"),
        ("trade", 3, "cloth"),
        ("politics", 4, "coin"),
    ],
)
def test_improvement_level_n_costs_n_of_the_track_commodity(track, current, commodity):
    """C&K §3.10, C&K §3.12: level n of trade/politics/science costs n cloth/coin/paper; other commodities never pay for it."""
    n = current + 1

    def position(count):
        d = ck_blank()
        build(d, "v8", 0, "city")
        build(d, "v10", 0, "city")
        level(d, 0, track, current)
        if current == 4:
            metropolis(d, track, 0, "v10")
        others = {c: 5 for c in ("paper", "cloth", "coin") if c != commodity}
        give(d, 0, **{commodity: count}, **others)
        return d

    assert f"improve({track})" not in legal(game(position(n - 1)))
    g = game(position(n))
    g.step(f"improve({track})")
    assert section(g)["improvements"][0][track] == n
    assert hand(g, 0)[commodity] == 0
    assert all(hand(g, 0)[c] == 5 for c in ("paper", "cloth", "coin") if c != commodity)
    assert g.to_dict()["bank"][commodity] == 12
    assert g.phase == ("place_metropolis" if n == 4 else "action")


# --- C&K §3.11 city walls -------------------------------------------------------------


def test_walls_only_under_own_cities_without_wall():
    """C&K §3.11: a wall goes under an own city without one; never a settlement, a tipped city or an opponent's city; a metropolis city may carry one [interpretation]."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    build(d, "v10", 0, "city")  # carries the trade metropolis
    level(d, 0, "trade", 4)
    metropolis(d, "trade", 0, "v10")
    build(d, "v1", 0, "settlement")
    build(d, "v28", 0, "tipped_city")
    build(d, "v30", 0, "city")
    wall(d, "v30")
    build(d, "v40", 1, "city")
    give(d, 0, brick=4)
    g = game(d)
    assert family(g, "build_wall") == names("build_wall", ["v8", "v10"])
    g.step("build_wall(v10)")
    assert sorted(section(g)["walls"]) == ["v10", "v30"]
    assert int(g.field("walls_left")[0]) == 1


def test_at_most_three_walls_per_player():
    """C&K §3.11: at most 3 walls per player on the board, even with a fourth city."""
    d = ck_blank()
    for v in ("v8", "v10", "v28", "v30"):
        build(d, v, 0, "city")
    wall(d, "v8")
    wall(d, "v10")
    give(d, 0, brick=4)
    g = game(d)
    assert family(g, "build_wall") == names("build_wall", ["v28", "v30"])
    g.step("build_wall(v28)")
    assert family(g, "build_wall") == set()
    assert int(g.field("walls_left")[0]) == 0


def test_each_wall_raises_the_hand_limit_by_two():
    """C&K §3.11, C&K §3.7: on a 7 the safe limit is 7 + 2 per wall: 13 cards with 3 walls and 9 with 1 are safe; 12 with 2 walls and 8 with none discard half."""
    d = ck_blank(phase="pre_roll")
    for v in ("v1", "v8", "v10"):
        build(d, v, 0, "city")
        wall(d, v)
    for v in ("v28", "v30"):
        build(d, v, 1, "city")
        wall(d, v)
    build(d, "v40", 2, "city")
    wall(d, "v40")
    give(d, 0, lumber=3, brick=3, wool=3, grain=2, ore=2)  # 13
    give(d, 1, lumber=4, brick=4, paper=4)  # 12
    give(d, 2, wool=5, coin=4)  # 9
    give(d, 3, grain=4, cloth=4)  # 8
    next_roll(d, 3, 4, "trade")
    g = game(d)
    g.step("roll")
    assert g.phase == "discard"
    assert [p["discards_owed"] for p in g.to_dict()["players"]] == [0, 6, 0, 4]


# --- C&K §3.12 city improvements ------------------------------------------------------


def test_restriction_a_no_improvement_without_a_city():
    """C&K §3.12, C&K §3.17: with only a settlement and a tipped city no track can be improved; one real city unlocks all three."""
    d = ck_blank()
    build(d, "v8", 0, "settlement")
    build(d, "v10", 0, "tipped_city")
    give(d, 0, paper=5, cloth=5, coin=5)
    assert family(game(d), "improve") == set()
    build(d, "v28", 0, "city")
    assert family(game(d), "improve") == names("improve", ["trade", "politics", "science"])


def test_restriction_b_levels_4_and_5_need_a_plain_city():
    """C&K §3.12: a player whose only city carries a metropolis may buy level 3 but not level 4 of another track; a plain city lifts the restriction."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    level(d, 0, "trade", 4)
    metropolis(d, "trade", 0, "v8")
    level(d, 0, "politics", 3)
    level(d, 0, "science", 2)
    give(d, 0, coin=4, paper=3)
    assert family(game(d), "improve") == {"improve(science)"}
    build(d, "v10", 0, "city")
    assert family(game(d), "improve") == {"improve(science)", "improve(politics)"}


def test_metropolis_holder_buys_level_5_of_its_track_without_a_plain_city():
    """C&K §3.12 [interpretation], C&K §3.13: the holder of a track's metropolis may buy that track's level 5 with no plain city; the metropolis stays put."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    level(d, 0, "trade", 4)
    metropolis(d, "trade", 0, "v8")
    give(d, 0, cloth=5)
    g = game(d)
    assert "improve(trade)" in legal(g)
    g.step("improve(trade)")
    assert g.phase == "action"
    assert section(g)["improvements"][0]["trade"] == 5
    assert section(g)["metropolises"]["trade"] == {"owner": 0, "city": "v8"}
    assert hand(g, 0)["cloth"] == 0
    assert g.public_vp(0) == 4


def test_level_5_of_a_track_without_its_metropolis_needs_a_plain_city():
    """C&K §3.12: the level-5 exception is only for the holder of that track's metropolis; a player at 4 whose only city carries another metropolis cannot buy 5."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    level(d, 0, "science", 4)
    metropolis(d, "science", 0, "v8")
    level(d, 0, "trade", 4)
    build(d, "v40", 1, "city")
    level(d, 1, "trade", 4)
    metropolis(d, "trade", 1, "v40")
    give(d, 0, cloth=5, paper=5)
    assert family(game(d), "improve") == {"improve(science)"}


def test_trading_house_trades_commodities_two_for_one():
    """C&K §3.12, C&K §3.9: trade level 3 trades any commodity 2:1 for any other card; resources keep their rate and level 2 gives nothing."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    level(d, 0, "trade", 3)
    give(d, 0, cloth=2, coin=2, paper=1, brick=3, wool=2)
    g = game(d)
    want = {f"maritime({a}->{b})" for a in ("cloth", "coin") for b in CARD_NAMES if b != a}
    assert family(g, "maritime") == want
    g.step("maritime(coin->ore)")
    assert hand(g, 0) == cards(cloth=2, paper=1, brick=3, wool=2, ore=1)
    level(d, 0, "trade", 2)
    assert family(game(d), "maritime") == set()


def test_aqueduct_gives_a_resource_when_production_gives_nothing():
    """C&K §3.12, C&K §3.6: science 3 takes a free resource of choice when a roll (on anybody's turn) gives them nothing; one who received something gets none."""
    d = ck_blank(phase="pre_roll", active=1)
    build(d, "v8", 0, "city")  # R1a 10, R1b 2, R2b 6: nothing on a 5
    level(d, 0, "science", 3)
    build(d, "v31", 1, "settlement")  # R4d pasture 5
    level(d, 1, "science", 3)
    build(d, "v28", 2, "city")
    level(d, 2, "science", 2)
    next_roll(d, 2, 3, "trade")
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("aqueduct", 0)
    assert family(g, "pick") == names("pick", RESOURCES)
    g.step("pick(ore)")
    assert hand(g, 0) == cards(ore=1)
    assert hand(g, 1) == cards(wool=1)
    assert hand(g, 2) == cards()
    assert (g.phase, g.current_player) == ("action", 1)


# --- C&K §3.13 metropolises -----------------------------------------------------------


def test_first_to_level_4_places_the_metropolis_on_a_plain_city_of_choice():
    """C&K §3.13: the first player to reach level 4 puts the metropolis on one of their plain cities (not one with another metropolis); that city is worth 4 VP."""
    d = ck_blank()
    for v in ("v8", "v10", "v28"):
        build(d, v, 0, "city")
    level(d, 0, "science", 4)
    metropolis(d, "science", 0, "v28")
    level(d, 0, "trade", 3)
    build(d, "v40", 1, "city")
    level(d, 1, "trade", 3)
    give(d, 0, cloth=4)
    g = game(d)
    assert g.public_vp(0) == 8
    g.step("improve(trade)")
    assert (g.phase, g.current_player) == ("place_metropolis", 0)
    assert legal(g) == names("place_metropolis", ["v8", "v10"])
    g.step("place_metropolis(v10)")
    assert section(g)["metropolises"]["trade"] == {"owner": 0, "city": "v10"}
    assert g.public_vp(0) == 10
    assert g.phase == "action"


def test_metropolis_city_produces_like_a_city():
    """C&K §3.13, C&K §3.6: a metropolis is still a city for production: on a 2 the metropolis on R1b (pasture) yields 1 wool + 1 cloth."""
    d = ck_blank(phase="pre_roll")
    build(d, "v8", 0, "city")
    level(d, 0, "politics", 4)
    metropolis(d, "politics", 0, "v8")
    next_roll(d, 1, 1, "trade")
    g = game(d)
    g.step("roll")
    assert hand(g, 0) == cards(wool=1, cloth=1)


def test_second_player_to_level_4_gets_no_metropolis():
    """C&K §3.13: reaching level 4 after another player already holds level 4 gives no metropolis."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    level(d, 0, "trade", 3)
    build(d, "v40", 1, "city")
    level(d, 1, "trade", 4)
    metropolis(d, "trade", 1, "v40")
    give(d, 0, cloth=4)
    g = game(d)
    g.step("improve(trade)")
    assert g.phase == "action"
    assert section(g)["improvements"][0]["trade"] == 4
    assert section(g)["metropolises"]["trade"] == {"owner": 1, "city": "v40"}
    assert vps(g) == [2, 4, 0, 0]


def test_level_5_takes_the_metropolis_from_a_holder_at_level_4():
    """C&K §3.13: the first to level 5 takes the metropolis from a holder still at 4 and places it on a plain city of their choice; the old city reverts to a plain city."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    build(d, "v10", 0, "city")
    level(d, 0, "trade", 4)
    build(d, "v40", 1, "city")
    level(d, 1, "trade", 4)
    metropolis(d, "trade", 1, "v40")
    give(d, 0, cloth=5)
    g = game(d)
    g.step("improve(trade)")
    assert (g.phase, g.current_player) == ("place_metropolis", 0)
    assert legal(g) == names("place_metropolis", ["v8", "v10"])
    g.step("place_metropolis(v8)")
    assert section(g)["metropolises"]["trade"] == {"owner": 0, "city": "v8"}
    assert g.to_dict()["buildings"]["v40"] == {"owner": 1, "kind": "city"}
    assert vps(g) == [6, 2, 0, 0]


def test_metropolis_is_permanent_at_level_5():
    """C&K §3.13: a holder at level 5 keeps the metropolis; a later player reaching 5 gets nothing extra."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    level(d, 0, "trade", 4)
    build(d, "v40", 1, "city")
    level(d, 1, "trade", 5)
    metropolis(d, "trade", 1, "v40")
    give(d, 0, cloth=5)
    g = game(d)
    g.step("improve(trade)")
    assert g.phase == "action"
    assert section(g)["improvements"][0]["trade"] == 5
    assert section(g)["metropolises"]["trade"] == {"owner": 1, "city": "v40"}
    assert vps(g) == [2, 4, 0, 0]


# --- C&K §3.14.1 building knights -----------------------------------------------------


def test_knight_placement_unoccupied_own_road_end_no_distance_rule():
    """C&K §3.14.1: a basic knight is placed inactive on an unoccupied intersection at an own road, ignoring the distance rule; only basic tokens can be built."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18")
    chain(d, 0, "v8", "v12", "v17")
    knight(d, "v13", 0)
    build(d, "v22", 1, "settlement")
    chain(d, 1, "v22", "v17")
    knight(d, "v17", 1)
    give(d, 0, wool=2, ore=2)
    g = game(d)
    # v12 is next to the city; v13 (own knight), v17 (opponent knight), v8 (city) are taken.
    assert family(g, "build_knight") == names("build_knight", ["v12", "v18"])
    g.step("build_knight(v18)")
    assert section(g)["knights"]["v18"] == {
        "owner": 0,
        "strength": 1,
        "active": False,
        "became_active": False,
        "acted": False,
        "promoted": False,
        "defends": False,
    }
    assert g.field("knights_left")[0].tolist() == [0, 2, 2]
    assert hand(g, 0) == cards(wool=1, ore=1)
    assert family(g, "build_knight") == set()  # both basic tokens are on the board


def test_knight_blocks_its_intersection_but_not_the_distance_rule():
    """C&K §3.14.1: nobody, the owner included, may settle on a knight's intersection; a knight does not stop settlements next to it."""

    def spots(*knights):
        d = ck_blank()
        build(d, "v8", 0, "settlement")
        chain(d, 0, "v8", "v13", "v18", "v23")
        settlement_cost(d, 0)
        for v, owner in knights:
            knight(d, v, owner)
        return family(game(d), "build_settlement")

    assert spots() == names("build_settlement", ["v18", "v23"])
    assert spots(("v18", 0)) == {"build_settlement(v23)"}
    assert spots(("v23", 1)) == {"build_settlement(v18)"}


def test_no_opponent_road_from_a_knight_intersection():
    """C&K §3.14.1, C&K §2.7: an opponent may build a road up to a knight but not on from it; the knight's owner may."""
    d = ck_blank()
    build(d, "v8", 0, "settlement")
    road(d, edge("v8", "v13"), 0)
    build(d, "v18", 1, "settlement")
    road(d, edge("v18", "v13"), 1)
    knight(d, "v13", 1)
    give(d, 0, lumber=1, brick=1)
    give(d, 1, lumber=1, brick=1)
    g = game(d)
    assert family(g, "build_road") == {
        f"build_road({edge('v8', 'v4')})",
        f"build_road({edge('v8', 'v12')})",
    }
    d["turn"].update(active_player=1, current_player=1)
    assert family(game(d), "build_road") == {
        f"build_road({edge('v18', 'v23')})",
        f"build_road({edge('v18', 'v24')})",
        f"build_road({edge('v13', 'v9')})",
    }


def test_knight_breaks_an_opponents_longest_road():
    """C&K §3.14.1, C&K §2.8: a knight built inside an opponent's 5-road chain cuts it to 3 and the Longest Road card is set aside."""
    d = ck_blank()
    build(d, "v16", 1, "settlement")
    chain(d, 1, "v16", "v22", "v17", "v23", "v18", "v24")
    d["longest_road"] = 1
    build(d, "v12", 0, "city")
    road(d, edge("v12", "v17"), 0)
    give(d, 0, wool=1, ore=1)
    g = game(d)
    assert int(g.field("road_length")[1]) == 5
    assert vps(g) == [2, 3, 0, 0]
    g.step("build_knight(v17)")
    assert int(g.field("road_length")[1]) == 3
    assert g.to_dict()["longest_road"] is None
    assert vps(g) == [2, 1, 0, 0]


# --- C&K §3.14.2 activation -----------------------------------------------------------


def test_knight_activated_this_turn_cannot_act():
    """C&K §3.14.2: activation costs 1 grain, works on the turn the knight was built, and a knight activated this turn cannot act until a later turn."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18", "v23", "v29")
    knight(d, "v13", 0)
    knight(d, "v18", 0, strength=2, active=True)  # active since an earlier turn
    give(d, 0, grain=2, wool=1, ore=1)
    g = game(d)
    assert family(g, "select_knight") == {"select_knight(v18)"}
    assert family(g, "activate_knight") == {"activate_knight(v13)"}
    g.step("activate_knight(v13)")
    k = section(g)["knights"]["v13"]
    assert (k["active"], k["became_active"]) == (True, True)
    assert family(g, "select_knight") == {"select_knight(v18)"}
    g.step("build_knight(v29)")
    g.step("activate_knight(v29)")
    assert section(g)["knights"]["v29"]["active"] is True
    assert family(g, "select_knight") == {"select_knight(v18)"}
    assert hand(g, 0) == cards()
    g.step("end_turn")
    k = section(g)["knights"]["v13"]
    assert (k["active"], k["became_active"]) == (True, False)


def test_knight_that_acted_may_be_reactivated_but_not_act_again():
    """C&K §3.14.2: activation costs 1 grain whatever the strength; a knight that already acted this turn may be activated again (to defend) but may not act again this turn."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18", "v23")
    knight(d, "v18", 0, strength=3, acted=True)
    give(d, 0, grain=1)
    g = game(d)
    assert family(g, "activate_knight") == {"activate_knight(v18)"}
    g.step("activate_knight(v18)")  # a mighty knight costs 1 grain like any other
    assert hand(g, 0) == cards()
    assert section(g)["knights"]["v18"]["active"] is True
    assert family(g, "select_knight") == set()


# --- C&K §3.14.3 promotion ------------------------------------------------------------


def test_promotion_keeps_status_and_happens_once_per_turn():
    """C&K §3.14.3: basic -> strong for 1 wool + 1 ore keeps the knight active and in place; the same knight cannot be promoted again this turn."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18")
    knight(d, "v13", 0, active=True)
    level(d, 0, "politics", 3)
    give(d, 0, wool=2, ore=2)
    g = game(d)
    g.step("promote_knight(v13)")
    k = section(g)["knights"]["v13"]
    assert (k["owner"], k["strength"], k["active"], k["promoted"]) == (0, 2, True, True)
    assert g.field("knights_left")[0].tolist() == [2, 1, 2]
    assert hand(g, 0) == cards(wool=1, ore=1)
    assert family(g, "promote_knight") == set()
    assert "select_knight(v13)" in legal(g)


@pytest.mark.parametrize("politics", [2, 3])
def test_strong_to_mighty_needs_the_fortress(politics):
    """C&K §3.14.3, C&K §3.12: strong -> mighty only with politics level 3 (Fortress); a mighty knight is never promoted."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18")
    knight(d, "v13", 0, strength=2)
    knight(d, "v18", 0, strength=3)
    level(d, 0, "politics", politics)
    give(d, 0, wool=1, ore=1)
    g = game(d)
    assert family(g, "promote_knight") == ({"promote_knight(v13)"} if politics >= 3 else set())


def test_promotion_needs_a_token_of_the_next_strength():
    """C&K §3.14.3, C&K §1.3: with both strong tokens on the board a basic knight cannot be promoted; the strong ones can (with the Fortress)."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18", "v23")
    knight(d, "v13", 0, strength=2)
    knight(d, "v18", 0, strength=2)
    knight(d, "v23", 0, strength=1)
    level(d, 0, "politics", 3)
    give(d, 0, wool=2, ore=2)
    g = game(d)
    assert family(g, "promote_knight") == names("promote_knight", ["v13", "v18"])
    g.step("promote_knight(v13)")
    assert family(g, "promote_knight") == names("promote_knight", ["v18", "v23"])
    g.step("promote_knight(v23)")
    assert section(g)["knights"]["v23"]["strength"] == 2
    assert g.field("knights_left")[0].tolist() == [2, 0, 1]


def test_smith_and_paid_promotions_share_the_once_per_turn_limit():
    """C&K §3.14.3: each knight is promoted at most once per turn, Smith and paid promotions combined."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18")
    knight(d, "v13", 0)
    knight(d, "v18", 0)
    progress(d, 0, "smith")
    give(d, 0, wool=2, ore=2)
    g = game(d)
    g.step("play(smith)")
    assert legal(g) == names("promote_knight", ["v13", "v18"])
    g.step("promote_knight(v13)")
    assert legal(g) == {"promote_knight(v18)", "stop"}
    g.step("stop")
    assert section(g)["knights"]["v13"]["strength"] == 2
    assert family(g, "promote_knight") == {"promote_knight(v18)"}
    g.step("promote_knight(v18)")
    assert family(g, "promote_knight") == set()
    assert hand(g, 0) == cards(wool=1, ore=1)


def test_promotion_keeps_the_per_turn_flags():
    """C&K §3.14.3 [interpretation]: a knight built, activated and promoted this turn is the same knight: it still became active this turn and cannot act; an acted knight stays acted."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    chain(d, 0, "v8", "v13", "v18", "v23")
    knight(d, "v23", 0, acted=True)
    give(d, 0, wool=3, ore=3, grain=2)
    g = game(d)
    g.step("build_knight(v13)")
    g.step("activate_knight(v13)")
    g.step("promote_knight(v13)")  # promoted on the turn it was built
    k = section(g)["knights"]["v13"]
    assert (k["strength"], k["active"], k["became_active"], k["promoted"]) == (2, True, True, True)
    g.step("promote_knight(v23)")
    g.step("activate_knight(v23)")
    k = section(g)["knights"]["v23"]
    assert (k["strength"], k["active"], k["acted"], k["promoted"]) == (2, True, True, True)
    assert family(g, "select_knight") == set()


# --- C&K §3.14.4-§3.14.5 knight actions and moves -------------------------------------


def _path_position(blocker=None):
    """Seat 0: settlement v22, roads v22-v17, v17-v12, v17-v23-v18-v24 (no trail over 4);
    an active knight on v17 and an inactive own knight on v23."""
    d = ck_blank()
    build(d, "v22", 0, "settlement")
    chain(d, 0, "v22", "v17", "v12")
    chain(d, 0, "v17", "v23", "v18", "v24")
    knight(d, "v17", 0, active=True)
    knight(d, "v23", 0)
    if blocker == "own_settlement":
        build(d, "v18", 0, "settlement")
    elif blocker == "opponent_settlement":
        build(d, "v18", 1, "settlement")
    elif blocker == "opponent_knight":
        build(d, "v13", 1, "settlement")
        road(d, edge("v13", "v18"), 1)
        knight(d, "v18", 1)
    return d


@pytest.mark.parametrize(
    "blocker, targets",
    [
        (None, ["v12", "v18", "v24"]),
        ("own_settlement", ["v12", "v24"]),
        ("opponent_settlement", ["v12"]),
        ("opponent_knight", ["v12"]),
    ],
)
def test_knight_paths_pass_own_pieces_not_opponents(blocker, targets):
    """C&K §3.14.4 [interpretation], C&K §3.14.5: a knight moves along its owner's roads to any unoccupied intersection, passing own pieces but never another player's piece."""
    g = game(_path_position(blocker))
    assert family(g, "select_knight") == {"select_knight(v17)"}  # v23 is inactive
    g.step("select_knight(v17)")
    assert (g.phase, legal(g)) == ("knight_action", names("knight_to", targets))


def test_moved_knight_becomes_inactive_and_cannot_act_again():
    """C&K §3.14.4, C&K §3.14.5: after a move the knight is inactive, the old intersection is free and the knight cannot act again this turn."""
    d = _path_position()
    give(d, 0, grain=1)
    g = game(d)
    g.step("select_knight(v17)")
    g.step("knight_to(v24)")
    kn = section(g)["knights"]
    assert set(kn) == {"v23", "v24"}
    assert (kn["v24"]["active"], kn["v24"]["acted"]) == (False, True)
    assert g.phase == "action"
    g.step("activate_knight(v24)")
    assert family(g, "select_knight") == set()


def test_knight_moving_away_restores_an_opponents_longest_road():
    """C&K §3.14.5, C&K §3.14.1, C&K §2.8: when the knight leaves the middle of seat 1's 5-road chain the chain counts 5 again and seat 1 takes Longest Road."""
    d = ck_blank()
    build(d, "v16", 1, "settlement")
    chain(d, 1, "v16", "v22", "v17", "v23", "v18", "v24")
    build(d, "v12", 0, "city")
    chain(d, 0, "v17", "v12", "v8")
    knight(d, "v17", 0, active=True)
    g = game(d)
    assert int(g.field("road_length")[1]) == 3
    g.step("select_knight(v17)")
    assert legal(g) == {"knight_to(v8)"}
    g.step("knight_to(v8)")
    assert int(g.field("road_length")[1]) == 5
    assert g.to_dict()["longest_road"] == 1
    assert vps(g) == [2, 3, 0, 0]


def test_own_knight_must_move_away_before_settling_its_intersection():
    """C&K §3.14.5 [interpretation]: a settlement on an own knight's intersection needs the knight moved off first by a normal knight action; an inactive knight cannot clear it."""
    d = ck_blank()
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23")
    knight(d, "v17", 0)
    settlement_cost(d, 0)
    give(d, 0, grain=1)
    g = game(d)
    assert family(g, "build_settlement") == {"build_settlement(v23)"}
    assert family(g, "select_knight") == set()
    g.step("activate_knight(v17)")  # activated this turn: still cannot move
    assert family(g, "select_knight") == set()
    knight(d, "v17", 0, active=True)
    g = game(d)
    g.step("select_knight(v17)")
    assert legal(g) == names("knight_to", ["v22", "v23"])
    g.step("knight_to(v23)")
    assert family(g, "build_settlement") == {"build_settlement(v17)"}
    g.step("build_settlement(v17)")
    assert g.to_dict()["buildings"]["v17"] == {"owner": 0, "kind": "settlement"}


# --- C&K §3.14.6 displacement ---------------------------------------------------------


def _displace_position(mover, victim_owner, victim_strength):
    d = ck_blank()
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23")
    road(d, edge("v22", "v28"), 0)
    knight(d, "v22", 0, strength=mover, active=True)
    build(d, "v7", 1, "settlement")
    chain(d, 1, "v7", "v12", "v17")
    road(d, edge("v12", "v8"), 1)
    knight(d, "v17", victim_owner, strength=victim_strength, active=True)
    return d


@pytest.mark.parametrize(
    "mover, victim_owner, victim_strength, targets",
    [
        (1, 1, 1, ["v28"]),  # a basic knight never displaces
        (2, 1, 2, ["v28"]),  # equal strength: no
        (2, 1, 1, ["v17", "v28"]),
        (3, 1, 2, ["v17", "v28"]),
        (3, 0, 1, ["v23", "v28"]),  # own knight: passed, never displaced
    ],
)
def test_displace_only_strictly_weaker_opponent_knights(
    mover, victim_owner, victim_strength, targets
):
    """C&K §3.14.6: a knight may displace only an opponent's knight of strictly lower strength."""
    g = game(_displace_position(mover, victim_owner, victim_strength))
    g.step("select_knight(v22)")
    assert legal(g) == names("knight_to", targets)


def test_displaced_knight_owner_relocates_it_along_own_roads():
    """C&K §3.14.6: the displaced knight's owner moves it to an unoccupied intersection reachable along their roads, keeping its status; the displacer takes the spot and becomes inactive."""
    g = game(_displace_position(2, 1, 1))
    g.step("select_knight(v22)")
    g.step("knight_to(v17)")
    assert (g.phase, g.current_player) == ("relocate_knight", 1)
    assert legal(g) == names("knight_to", ["v8", "v12"])
    g.step("knight_to(v8)", player=1)
    kn = section(g)["knights"]
    assert set(kn) == {"v17", "v8"}
    assert (kn["v17"]["owner"], kn["v17"]["strength"], kn["v17"]["active"]) == (0, 2, False)
    assert kn["v17"]["acted"] is True
    assert (kn["v8"]["owner"], kn["v8"]["strength"], kn["v8"]["active"]) == (1, 1, True)
    assert (g.phase, g.current_player) == ("action", 0)


def test_relocation_path_cannot_pass_another_players_piece():
    """C&K §3.14.6, C&K §3.14.4: the displaced knight travels along its owner's roads under the path rule: a third player's knight on v12 cuts it off, so it returns to supply."""
    d = _displace_position(2, 1, 1)
    knight(d, "v12", 2, strength=1)
    g = game(d)
    g.step("select_knight(v22)")
    g.step("knight_to(v17)")
    assert (g.phase, g.current_player) == ("action", 0)
    assert set(section(g)["knights"]) == {"v17", "v12"}
    assert section(g)["knights"]["v17"]["owner"] == 0
    assert g.field("knights_left")[1].tolist() == [2, 2, 2]


def test_displaced_knight_with_nowhere_to_go_returns_to_supply():
    """C&K §3.14.6, C&K §3.14.1: with no reachable unoccupied intersection the displaced knight leaves the board for its owner's supply."""
    d = ck_blank()
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17")
    knight(d, "v22", 0, strength=3, active=True)
    build(d, "v12", 1, "settlement")
    road(d, edge("v12", "v17"), 1)
    knight(d, "v17", 1, strength=2)
    g = game(d)
    g.step("select_knight(v22)")
    g.step("knight_to(v17)")
    assert (g.phase, g.current_player) == ("action", 0)
    assert set(section(g)["knights"]) == {"v17"}
    assert section(g)["knights"]["v17"]["owner"] == 0
    assert g.field("knights_left")[1].tolist() == [2, 2, 2]


# --- C&K §3.14.7 chasing the robber ---------------------------------------------------


@pytest.mark.parametrize(
    "at, first_attack_done, moves, chase",
    [
        ("v23", False, ["v17", "v22"], False),  # next to the robber, before the first attack
        ("v23", True, ["v17", "v22"], True),
        ("v17", True, ["v22", "v23"], False),  # after the attack, but not next to the robber
    ],
)
def test_chase_robber_needs_the_first_attack_and_an_adjacent_robber(
    at, first_attack_done, moves, chase
):
    """C&K §3.14.7, C&K §3.7: a knight may chase the robber only once the barbarians have attacked and only from an intersection touching the robber's hex (R3c)."""
    d = ck_blank()
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23")
    knight(d, at, 0, active=True)
    barbarians(d, 0, first_attack_done)
    g = game(d)
    g.step(f"select_knight({at})")
    assert legal(g) == names("knight_to", moves) | ({"chase_robber"} if chase else set())


def test_no_knight_action_before_the_roll():
    """C&K §3.14.4, C&K §3.2: knight actions, activation and promotion belong to the action phase; before the roll only rolling is legal."""
    d = ck_blank(phase="pre_roll")
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23")
    knight(d, "v23", 0, active=True)
    knight(d, "v17", 0)
    barbarians(d, 0, True)
    give(d, 0, wool=2, ore=2, grain=2, brick=2)
    assert legal(game(d)) == {"roll"}


def test_chase_robber_to_a_numbered_hex_and_steal():
    """C&K §3.14.7: the robber goes to any numbered hex other than its own (never the desert); the player steals from an adjacent opponent with cards; the knight becomes inactive."""
    d = ck_blank()
    d["board"]["robber"] = "R3b"
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23")
    knight(d, "v23", 0, active=True)  # touches R3b
    barbarians(d, 0, True)
    build(d, "v34", 1, "city")  # R3b, R4a, R4b
    give(d, 1, ore=1)
    build(d, "v43", 2, "settlement")  # R4a, R5a; no cards
    g = game(d)
    g.step("select_knight(v23)")
    g.step("chase_robber")
    numbered = [h for h in standard.HEX_LABELS if h not in ("R3b", "R3c")]
    assert legal(g) == names("move_robber", numbered)
    g.step("move_robber(R4a)")
    assert legal(g) == {"steal(+1)"}
    g.step("steal(+1)")
    assert g.to_dict()["board"]["robber"] == "R4a"
    assert hand(g, 0) == cards(ore=1)
    assert hand(g, 1) == cards()
    k = section(g)["knights"]["v23"]
    assert (k["active"], k["acted"]) == (False, True)
    assert g.phase == "action"


def test_chase_robber_to_a_hex_without_victims_steals_nothing():
    """C&K §3.14.7: with no opponent (holding cards) next to the new hex nothing is stolen and the turn goes on."""
    d = ck_blank()
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23")
    knight(d, "v23", 0, active=True)
    barbarians(d, 0, True)
    build(d, "v34", 1, "city")
    give(d, 1, ore=1)
    g = game(d)
    g.step("select_knight(v23)")
    g.step("chase_robber")
    g.step("move_robber(R1c)")
    assert (g.phase, g.current_player) == ("action", 0)
    assert g.to_dict()["board"]["robber"] == "R1c"
    assert hand(g, 1) == cards(ore=1)
    assert section(g)["knights"]["v23"]["active"] is False


# --- C&K §3.15 progress cards ---------------------------------------------------------


def test_progress_cards_are_never_bought():
    """C&K §3.15.1: progress cards come only from draws, the Defender tie and the Spy; there is no action to buy one."""
    d = ck_blank()
    build(d, "v8", 0, "city")
    give(d, 0, wool=5, grain=5, ore=5, paper=5, cloth=5, coin=5)
    g = game(d)
    families = {a.split("(")[0] for a in g.action_names}
    assert not {f for f in families if f.startswith("buy")}
    assert not {a for a in legal(g) if a.startswith("play")}


def test_fifth_card_off_turn_goes_under_its_own_deck():
    """C&K §3.15.2, C&K §3.15.1: a player receiving a 5th card on another's turn puts one of the 5 under its own colour's deck at once; then the roll goes on."""
    d = ck_blank(phase="pre_roll")
    level(d, 1, "politics", 1)
    for c in ("alchemist", "crane", "merchant", "wedding"):
        progress(d, 1, c)
    stack_deck(d, "politics", ["spy"])
    next_roll(d, 1, 3, "politics")
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("progress_overflow", 1)
    assert legal(g) == names("put_under", ["alchemist", "crane", "merchant", "wedding", "spy"])
    g.step("put_under(merchant)", player=1)
    assert section(g)["progress_cards"][1] == {"alchemist": 1, "crane": 1, "wedding": 1, "spy": 1}
    deck = section(g)["progress_decks"]["trade"]
    assert (len(deck), deck[-1]) == (18, "merchant")
    assert (g.phase, g.current_player) == ("action", 0)


def test_active_player_over_four_may_only_play_or_put_back():
    """C&K §3.15.2 [interpretation], C&K §3.15.4: the active player over 4 cards after the roll may only play a legal card or put one under its deck; a played card goes under its deck."""
    d = ck_blank(phase="pre_roll")
    build(d, "v8", 0, "city")
    level(d, 0, "science", 1)
    for c in ("warlord", "wedding", "bishop", "engineer"):
        progress(d, 0, c)
    stack_deck(d, "science", ["irrigation"])
    give(d, 0, brick=2, lumber=1)
    next_roll(d, 1, 2, "science")
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("action", 0)
    playable = ["warlord", "wedding", "engineer", "irrigation"]  # Bishop: robber still locked
    assert legal(g) == names("play", playable) | names("put_under", playable + ["bishop"])
    g.step("play(warlord)")
    assert section(g)["progress_decks"]["politics"][-1] == "warlord"
    assert sum(section(g)["progress_cards"][0].values()) == 4
    assert {"end_turn", "build_wall(v8)"} <= legal(g)
    assert "play(bishop)" not in legal(g)


def test_vp_card_is_revealed_at_once_and_not_held():
    """C&K §3.15.3: a Printer drawn on another player's turn is revealed at once for 1 VP; it never counts toward the limit of 4, so no card goes back."""
    d = ck_blank(phase="pre_roll")
    build(d, "v40", 1, "city")
    level(d, 1, "science", 1)
    for c in ("alchemist", "crane", "merchant", "wedding"):
        progress(d, 1, c)
    stack_deck(d, "science", ["printer"])
    next_roll(d, 1, 2, "science")
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("action", 0)
    assert section(g)["vp_cards"] == [0, 1, 0, 0]
    assert sum(section(g)["progress_cards"][1].values()) == 4
    assert "printer" not in section(g)["progress_decks"]["science"]
    assert vps(g) == [0, 3, 0, 0]


def test_cards_are_played_after_the_roll_even_the_one_just_drawn():
    """C&K §3.15.4: before the roll only Alchemist may be played; after it any card, including one drawn this turn, which then goes under its deck."""
    d = ck_blank(phase="pre_roll")
    build(d, "v8", 0, "city")  # touches R1a (mountains)
    level(d, 0, "science", 1)
    progress(d, 0, "warlord")
    progress(d, 0, "alchemist")
    stack_deck(d, "science", ["mining"])
    next_roll(d, 1, 2, "science")  # production 3: nothing at v8
    g = game(d)
    assert legal(g) == {"roll", "play(alchemist)"}
    g.step("roll")
    assert section(g)["progress_cards"][0] == {"warlord": 1, "alchemist": 1, "mining": 1}
    plays = {a for a in legal(g) if a.startswith("play(")}
    assert plays == {"play(warlord)", "play(mining)"}
    g.step("play(mining)")
    assert hand(g, 0) == cards(ore=2)
    assert section(g)["progress_decks"]["science"][-1] == "mining"
    assert section(g)["progress_cards"][0] == {"warlord": 1, "alchemist": 1}


# --- C&K §3.16 the barbarian attack ---------------------------------------------------


def test_barbarians_win_weakest_player_loses_a_city_and_its_wall():
    """C&K §3.16, C&K §3.14.8: B = 4 cities > D = 1 + 2 (inactive mighty knight ignored); of the players with cities the one with no active knight loses the city they choose, wall included; all knights become inactive."""
    d = ck_blank(phase="pre_roll")
    build(d, "v0", 0, "city")
    build(d, "v2", 0, "city")
    knight(d, "v4", 0, strength=1, active=True)
    build(d, "v28", 1, "city")
    wall(d, "v28")
    knight(d, "v33", 1, strength=3)
    build(d, "v30", 2, "city")
    knight(d, "v36", 2, strength=2, active=True)
    build(d, "v40", 3, "settlement")
    attack(d)
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("pillage", 1)
    assert section(g)["pending"]["pillage"] == [0, 1, 0, 0]
    assert legal(g) == {"lose_city(v28)"}
    g.step("lose_city(v28)", player=1)
    assert g.to_dict()["buildings"]["v28"] == {"owner": 1, "kind": "settlement"}
    assert section(g)["walls"] == []
    assert int(g.field("walls_left")[1]) == 3
    assert vps(g) == [4, 1, 2, 1]
    assert not any(k["active"] for k in section(g)["knights"].values())
    assert section(g)["barbarians"]["position"] == 0
    assert section(g)["barbarians"]["first_attack_done"] is True
    assert (section(g)["barbarians"]["attacks"], section(g)["barbarians"]["barbarian_wins"]) == (
        1,
        1,
    )
    assert section(g)["defender"] == [0, 0, 0, 0]
    assert (g.phase, g.current_player) == ("action", 0)


def test_barbarians_win_tied_weakest_each_lose_a_city_in_turn_order():
    """C&K §3.16: B = 4 > D = 3; seats 0 and 1 tie at no knights and each lose a city of their choice, in turn order from the active player (seat 1 first, then seat 0); a player without cities is ignored."""
    d = ck_blank(phase="pre_roll", active=1)
    build(d, "v0", 0, "city")
    build(d, "v2", 0, "city")
    build(d, "v28", 1, "city")
    build(d, "v30", 2, "city")
    knight(d, "v36", 2, strength=1, active=True)
    build(d, "v40", 3, "settlement")
    knight(d, "v44", 3, strength=2, active=True)
    attack(d)
    g = game(d)
    g.step("roll")
    assert section(g)["pending"]["pillage"] == [1, 1, 0, 0]
    assert (g.phase, g.current_player) == ("pillage", 1)
    assert legal(g) == {"lose_city(v28)"}
    g.step("lose_city(v28)", player=1)
    assert (g.phase, g.current_player) == ("pillage", 0)
    assert legal(g) == {"lose_city(v0)", "lose_city(v2)"}
    g.step("lose_city(v2)", player=0)
    b = g.to_dict()["buildings"]
    assert (b["v0"]["kind"], b["v2"]["kind"], b["v28"]["kind"], b["v30"]["kind"]) == (
        "city",
        "settlement",
        "settlement",
        "city",
    )
    assert vps(g) == [3, 1, 2, 1]
    assert (g.phase, g.current_player) == ("action", 1)


def test_worked_example_metropolis_owner_and_cityless_player_are_immune():
    """C&K §3.16.1, C&K §3.16, C&K §3.13: Vasilis and Eleni (2 cities each), Nikos (1 metropolis), Laura (settlements): B = 5 > D = 3; Vasilis and Eleni lose a city each, Nikos and Laura nothing."""
    d = ck_blank(phase="pre_roll")
    build(d, "v0", 0, "city")
    build(d, "v2", 0, "city")
    knight(d, "v4", 0, strength=1, active=True)
    build(d, "v28", 1, "city")
    build(d, "v30", 1, "city")
    knight(d, "v35", 1, strength=1, active=True)
    build(d, "v40", 2, "city")
    level(d, 2, "trade", 4)
    metropolis(d, "trade", 2, "v40")
    build(d, "v42", 3, "settlement")
    build(d, "v47", 3, "settlement")
    knight(d, "v43", 3, strength=1, active=True)
    attack(d)
    g = game(d)
    g.step("roll")
    assert section(g)["pending"]["pillage"] == [1, 1, 0, 0]
    g.step("lose_city(v0)", player=0)
    g.step("lose_city(v30)", player=1)
    b = g.to_dict()["buildings"]
    assert b["v40"] == {"owner": 2, "kind": "city"}
    assert section(g)["metropolises"]["trade"] == {"owner": 2, "city": "v40"}
    assert vps(g) == [3, 3, 4, 2]
    assert g.phase == "action"


def test_metropolis_counts_for_barbarian_strength():
    """C&K §3.16, C&K §3.13: a metropolis is immune but counts: B = 2 (city + metropolis) > D = 1, so the owner loses the plain city (without the metropolis B would be 1 and Catan would win)."""
    d = ck_blank(phase="pre_roll")
    build(d, "v0", 0, "city")
    build(d, "v28", 0, "city")
    level(d, 0, "science", 4)
    metropolis(d, "science", 0, "v28")
    build(d, "v40", 1, "settlement")
    knight(d, "v44", 1, strength=1, active=True)
    attack(d)
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("pillage", 0)
    assert legal(g) == {"lose_city(v0)"}
    g.step("lose_city(v0)")
    assert vps(g) == [5, 1, 0, 0]
    assert section(g)["defender"] == [0, 0, 0, 0]


def test_barbarians_win_with_nobody_vulnerable():
    """C&K §3.16, C&K §3.17: B = 1 (a metropolis) > D = 0, but nobody owns a plain city: nobody loses anything; the roll then goes on to production."""
    d = ck_blank(phase="pre_roll")
    build(d, "v28", 0, "city")
    level(d, 0, "politics", 4)
    metropolis(d, "politics", 0, "v28")
    build(d, "v11", 1, "settlement")  # on R2a (fields 12)
    attack(d)
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("action", 0)
    assert g.to_dict()["buildings"]["v28"] == {"owner": 0, "kind": "city"}
    assert vps(g) == [4, 1, 0, 0]
    assert hand(g, 1) == cards(grain=1)  # production of the 12 follows the attack
    assert section(g)["barbarians"] == {
        "position": 0,
        "first_attack_done": True,
        "event": "ship",
        "attacks": 1,
        "barbarian_wins": 1,
    }


def test_catan_wins_ties_and_single_best_defender_scores():
    """C&K §3.16, C&K §3.14.8: B = 3 = D (1 + 2; the inactive mighty knight does not count): Catan wins the tie; the single strongest defender gets a Defender VP, a 7th one too; every knight becomes inactive."""
    d = ck_blank(phase="pre_roll")
    build(d, "v0", 0, "city")
    knight(d, "v4", 0, strength=1, active=True)
    build(d, "v28", 1, "city")
    knight(d, "v33", 1, strength=2, active=True)
    build(d, "v30", 2, "city")
    knight(d, "v36", 2, strength=3)
    ck(d)["defender"] = [0, 6, 0, 0]  # all 6 cards already won: awards go on
    attack(d)
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("action", 0)
    assert section(g)["defender"] == [0, 7, 0, 0]
    assert (section(g)["barbarians"]["attacks"], section(g)["barbarians"]["barbarian_wins"]) == (
        1,
        0,
    )
    assert vps(g) == [2, 9, 2, 0]
    assert all(b["kind"] == "city" for b in g.to_dict()["buildings"].values())
    assert not any(k["active"] for k in section(g)["knights"].values())


def test_catan_wins_tied_defenders_each_draw_from_a_deck_of_choice():
    """C&K §3.16, C&K §3.15.3, C&K §3.17: seats 1 and 3 tie at K = 2: no Defender; each, in turn order from the active player (seat 2: seat 3 first), draws the top card of any deck (no level needed, no city needed); a VP card drawn is kept."""
    d = ck_blank(phase="pre_roll", active=2)
    build(d, "v0", 0, "city")
    knight(d, "v4", 0, strength=1, active=True)
    build(d, "v28", 1, "city")
    knight(d, "v33", 1, strength=2, active=True)
    build(d, "v30", 2, "city")
    build(d, "v40", 3, "settlement")
    knight(d, "v44", 3, strength=2, active=True)
    stack_deck(d, "trade", ["merchant_fleet"])
    stack_deck(d, "science", ["printer"])
    attack(d)
    g = game(d)
    g.step("roll")
    assert section(g)["pending"]["tie_draw"] == [0, 1, 0, 1]
    assert (g.phase, g.current_player) == ("defender_tie_deck", 3)
    assert legal(g) == names("draw_from", ["trade", "politics", "science"])
    g.step("draw_from(science)", player=3)
    assert (g.phase, g.current_player) == ("defender_tie_deck", 1)
    g.step("draw_from(trade)", player=1)
    assert section(g)["progress_cards"][1] == {"merchant_fleet": 1}
    assert section(g)["progress_cards"][3] == {}
    assert section(g)["vp_cards"] == [0, 0, 0, 1]
    assert section(g)["defender"] == [0, 0, 0, 0]
    assert vps(g) == [2, 2, 2, 2]
    assert (g.phase, g.current_player) == ("action", 2)


def test_no_reward_when_nobody_has_an_active_knight():
    """C&K §3.16 [interpretation]: no cities and no active knights (B = D = 0): Catan wins but nobody gets a Defender VP or a card."""
    d = ck_blank(phase="pre_roll")
    build(d, "v0", 0, "settlement")
    build(d, "v28", 1, "settlement")
    knight(d, "v33", 1, strength=3)
    attack(d)
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("action", 0)
    assert section(g)["defender"] == [0, 0, 0, 0]
    assert section(g)["progress_cards"] == [{}, {}, {}, {}]
    assert section(g)["barbarians"]["first_attack_done"] is True


def test_defender_tie_draws_only_from_non_empty_decks():
    """C&K §3.16 [interpretation], C&K §3.15.2: a tied defender may choose only a deck that still holds cards; a card put back by an earlier tied player refills that deck for the next."""
    d = ck_blank(phase="pre_roll")
    hands = {
        0: ["bishop", "bishop", "deserter", "deserter", "diplomat"],  # the active player may hold 5
        1: ["diplomat", "intrigue", "intrigue", "saboteur"],
        2: ["saboteur", "spy", "spy", "spy"],
        3: ["warlord", "warlord", "wedding", "wedding"],
    }
    for seat, cs in hands.items():
        for c in cs:
            progress(d, seat, c)
    reveal_vp(d, 3, "constitution")
    assert ck(d)["progress_decks"]["politics"] == []
    build(d, "v28", 1, "city")
    knight(d, "v33", 1, strength=1, active=True)
    build(d, "v40", 2, "settlement")
    knight(d, "v44", 2, strength=1, active=True)
    attack(d)
    stack_deck(d, "trade", ["merchant"])
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("defender_tie_deck", 1)
    assert legal(g) == names("draw_from", ["trade", "science"])
    g.step("draw_from(trade)", player=1)  # a 5th card off turn: one goes back
    assert (g.phase, g.current_player) == ("progress_overflow", 1)
    g.step("put_under(diplomat)", player=1)
    assert section(g)["progress_decks"]["politics"] == ["diplomat"]
    assert section(g)["progress_cards"][1] == {"intrigue": 2, "saboteur": 1, "merchant": 1}
    assert (g.phase, g.current_player) == ("defender_tie_deck", 2)
    assert legal(g) == names("draw_from", ["trade", "politics", "science"])


def test_pillage_without_a_settlement_in_supply_tips_the_city():
    """C&K §3.16.2: with all 5 settlements on the board the pillaged city is tipped on its side (1 VP), its wall returns to supply and the city piece stays on the board."""
    d = ck_blank(phase="pre_roll")
    for v in ("v0", "v2", "v9", "v20", "v33"):
        build(d, v, 0, "settlement")
    build(d, "v30", 0, "city")
    wall(d, "v30")
    build(d, "v40", 1, "city")
    knight(d, "v44", 1, strength=1, active=True)
    attack(d)
    g = game(d)
    assert g.public_vp(0) == 7
    g.step("roll")
    assert (g.phase, g.current_player) == ("pillage", 0)
    g.step("lose_city(v30)")
    assert g.to_dict()["buildings"]["v30"] == {"owner": 0, "kind": "tipped_city"}
    assert g.public_vp(0) == 6
    assert int(g.field("walls_left")[0]) == 3
    assert int(g.field("settlements_left")[0]) == 0
    assert int(g.field("cities_left")[0]) == 3


def test_tipped_city_is_a_settlement_until_upgraded_without_a_city_piece():
    """C&K §3.16.2, C&K §3.11: a tipped city takes no wall and is upgraded with the normal city cost though no city piece is in supply; it is then a 2-VP city."""
    d = ck_blank()
    build(d, "v8", 0, "tipped_city")
    for v in ("v28", "v30", "v40"):
        build(d, v, 0, "city")
    give(d, 0, brick=2, ore=3, grain=2)
    g = game(d)
    assert int(g.field("cities_left")[0]) == 0
    assert g.public_vp(0) == 7
    assert family(g, "build_wall") == names("build_wall", ["v28", "v30", "v40"])
    assert family(g, "build_city") == {"build_city(v8)"}
    g.step("build_city(v8)")
    assert g.to_dict()["buildings"]["v8"] == {"owner": 0, "kind": "city"}
    assert g.public_vp(0) == 8
    assert int(g.field("cities_left")[0]) == 0
    assert hand(g, 0) == cards(brick=2)


def test_tipped_city_produces_as_a_settlement():
    """C&K §3.16.2, C&K §3.6: on a 6 the tipped city on R2b (hills) gets 1 brick; the city on R5b (fields) gets 2 grain."""
    d = ck_blank(phase="pre_roll")
    build(d, "v8", 0, "tipped_city")
    build(d, "v40", 0, "city")
    next_roll(d, 3, 3, "trade")
    g = game(d)
    g.step("roll")
    assert hand(g, 0) == cards(brick=1, grain=2)


def test_tipped_city_does_not_count_for_the_barbarians():
    """C&K §3.16.2, C&K §3.16: B counts the plain city only (1 = D): Catan wins and the lone knight owner is Defender; counting the tipped city would have made the barbarians win."""
    d = ck_blank(phase="pre_roll")
    build(d, "v8", 0, "tipped_city")
    build(d, "v28", 0, "city")
    build(d, "v40", 1, "settlement")
    knight(d, "v44", 1, strength=1, active=True)
    attack(d)
    g = game(d)
    g.step("roll")
    assert (g.phase, g.current_player) == ("action", 0)
    assert section(g)["defender"] == [0, 1, 0, 0]
    assert g.to_dict()["buildings"]["v28"] == {"owner": 0, "kind": "city"}


# --- C&K §3.17 a player without cities ------------------------------------------------


def test_player_losing_last_city_keeps_levels_and_cards():
    """C&K §3.17, C&K §3.12: a player whose last city is pillaged keeps levels and progress cards but can no longer improve."""
    d = ck_blank(phase="pre_roll")
    build(d, "v28", 1, "city")
    level(d, 1, "science", 2)
    level(d, 1, "politics", 1)
    progress(d, 1, "smith")
    give(d, 1, paper=6, coin=6)
    build(d, "v40", 2, "settlement")
    knight(d, "v44", 2, strength=1, active=False)
    build(d, "v0", 0, "settlement")
    attack(d)
    g = game(d)
    g.step("roll")
    g.step("lose_city(v28)", player=1)
    assert section(g)["improvements"][1] == {"trade": 0, "politics": 1, "science": 2}
    assert section(g)["progress_cards"][1] == {"smith": 1}
    d2 = g.to_dict()
    d2["turn"].update(active_player=1, current_player=1)
    assert family(game(d2), "improve") == set()


def test_player_without_cities_still_draws_progress_cards():
    """C&K §3.17, C&K §3.15.1: a player with only settlements still draws on a gate roll their level allows."""
    d = ck_blank(phase="pre_roll")
    build(d, "v40", 1, "settlement")
    level(d, 1, "science", 2)
    stack_deck(d, "science", ["crane"])
    next_roll(d, 3, 1, "science")
    g = game(d)
    g.step("roll")
    assert section(g)["progress_cards"][1] == {"crane": 1}


# --- C&K §3.18 the merchant -----------------------------------------------------------


def test_merchant_gives_a_vp_and_two_for_one_on_its_hex_resource():
    """C&K §3.18: the merchant goes on a land hex next to an own building, even the desert [interpretation]; its controller gets 1 VP and trades that hex's resource 2:1 (not commodities), robber or not."""
    d = ck_blank()
    d["board"]["robber"] = "R1b"
    build(d, "v8", 0, "settlement")  # R1a, R1b (pasture), R2b
    build(d, "v23", 0, "settlement")  # R2b, R3b, R3c (desert)
    progress(d, 0, "merchant")
    give(d, 0, wool=2, cloth=2, brick=2)
    g = game(d)
    g.step("play(merchant)")
    assert legal(g) == names("place_merchant", ["R1a", "R1b", "R2b", "R3b", "R3c"])
    g.step("place_merchant(R1b)")
    assert section(g)["merchant"] == {"hex": "R1b", "owner": 0}
    assert g.public_vp(0) == 3
    assert family(g, "maritime") == {f"maritime(wool->{b})" for b in CARD_NAMES if b != "wool"}
    g.step("maritime(wool->ore)")
    assert hand(g, 0) == cards(cloth=2, brick=2, ore=1)


def test_merchant_on_the_desert_scores_but_trades_nothing():
    """C&K §3.18 [interpretation]: the merchant on the desert still gives 1 VP but no 2:1 trade."""
    d = ck_blank()
    build(d, "v23", 0, "settlement")
    ck(d)["merchant"] = {"hex": "R3c", "owner": 0}
    give(d, 0, lumber=2, brick=2, wool=2, grain=2, ore=2)
    g = game(d)
    assert g.public_vp(0) == 2
    assert family(g, "maritime") == set()


def test_another_merchant_card_takes_the_merchant_and_its_vp():
    """C&K §3.18: whoever plays a Merchant takes control, moves it next to their own building and takes the VP."""
    d = ck_blank(active=1)
    build(d, "v8", 0, "settlement")
    ck(d)["merchant"] = {"hex": "R1b", "owner": 0}
    build(d, "v40", 1, "settlement")  # R4b, R4c, R5b
    progress(d, 1, "merchant")
    g = game(d)
    assert vps(g) == [2, 1, 0, 0]
    g.step("play(merchant)")
    assert legal(g) == names("place_merchant", ["R4b", "R4c", "R5b"])
    g.step("place_merchant(R5b)")
    assert section(g)["merchant"] == {"hex": "R5b", "owner": 1}
    assert vps(g) == [1, 2, 0, 0]


# --- C&K §3.19 victory points ---------------------------------------------------------


def test_every_vp_source_counts_and_13_on_own_turn_wins():
    """C&K §3.19: settlement 1 + city 2 + metropolis city 4 + Longest Road 2 + merchant 1 + Defender 1 + Printer 1 = 12; a settlement for the 13th VP wins at once."""
    d = ck_blank()
    build(d, "v16", 0, "settlement")
    chain(d, 0, "v16", "v22", "v17", "v23", "v18", "v24")
    d["longest_road"] = 0
    build(d, "v40", 0, "city")
    build(d, "v10", 0, "city")
    level(d, 0, "trade", 4)
    metropolis(d, "trade", 0, "v10")
    ck(d)["merchant"] = {"hex": "R3a", "owner": 0}
    ck(d)["defender"] = [1, 0, 0, 0]
    reveal_vp(d, 0, "printer")
    settlement_cost(d, 0)
    g = game(d)
    assert g.public_vp(0) == 12 and not g.done
    g.step("build_settlement(v24)")
    assert g.public_vp(0) == 13
    assert (g.done, g.winner, g.phase) == (True, 0, "game_over")


def test_active_player_reaching_13_during_the_roll_wins_at_once():
    """C&K §3.19, C&K §3.16: a Defender VP taking the active player to 13 ends the game as soon as the attack is resolved."""
    d = ck_blank(phase="pre_roll")
    for v in ("v0", "v2", "v28", "v30"):
        build(d, v, 0, "city")
    ck(d)["defender"] = [4, 0, 0, 0]
    knight(d, "v33", 0, strength=3, active=True)
    build(d, "v40", 1, "settlement")
    knight(d, "v44", 1, strength=1, active=True)
    attack(d)
    g = game(d)
    g.step("roll")
    assert section(g)["defender"] == [5, 0, 0, 0]
    assert (g.done, g.winner, g.public_vp(0)) == (True, 0, 13)


def test_thirteen_vp_on_another_turn_wins_only_at_own_turn():
    """C&K §3.19, C&K §3.16: a Defender VP taking seat 1 to 13 during seat 0's roll does not end the game; seat 1 wins when its own turn starts."""
    d = ck_blank(phase="pre_roll")
    for v in ("v0", "v2", "v28", "v30"):
        build(d, v, 1, "city")
    ck(d)["defender"] = [0, 4, 0, 0]
    knight(d, "v33", 1, strength=3, active=True)
    build(d, "v40", 0, "settlement")
    knight(d, "v44", 0, strength=1, active=True)
    attack(d)
    g = game(d)
    assert g.public_vp(1) == 12
    g.step("roll")
    assert g.public_vp(1) == 13
    assert (g.done, g.phase, g.current_player) == (False, "action", 0)
    g.step("end_turn")
    assert (g.done, g.winner) == (True, 1)


# --- C&K §3.20 public and hidden information ------------------------------------------


def _hidden_variant(swap: bool) -> dict:
    d = ck_blank()
    build(d, "v8", 1, "city")
    build(d, "v40", 2, "city")
    a, b = (1, 2) if not swap else (2, 1)
    give(d, a, ore=2, cloth=1)
    give(d, b, wool=2, paper=1)
    progress(d, a, "spy")
    progress(d, a, "crane")
    progress(d, b, "warlord")
    progress(d, b, "merchant")
    return d


def test_observation_hides_other_players_progress_cards_and_hand_composition():
    """C&K §3.20: swapping the hands and progress cards of seats 1 and 2 (same sizes) leaves the observations of seats 0 and 3 unchanged, and deck order and RNG are hidden from everyone; card counts are public and each seat sees its own cards."""
    g1, g2 = game(_hidden_variant(False)), game(_hidden_variant(True))
    for seat in (0, 3):
        assert np.array_equal(g1.observe(seat), g2.observe(seat))
    d3 = _hidden_variant(False)
    stack_deck(d3, "science", ["road_building", "smith"])  # deck order: hidden from all
    d3["rng"] = [12345, 67890]
    g3 = game(d3)
    for seat in range(4):
        assert np.array_equal(g1.observe(seat), g3.observe(seat))
    o1 = g1.observe(1)
    assert not np.array_equal(o1, g2.observe(1))
    kinds = list(g1.to_dict()["cities_and_knights"]["progress_cards"][1])
    assert sorted(kinds) == ["crane", "spy"]
    from catan_env.games.catan.cities_and_knights.constants import CARD_KIND_NAMES

    own = VIEW(o1, "own_progress_cards") * 4
    assert {CARD_KIND_NAMES[k] for k in np.flatnonzero(own)} == {"spy", "crane"}
    o0 = g1.observe(0)
    assert np.allclose(VIEW(o0, "hand_size")[1:3] * 40, [3, 3])
    assert np.allclose(VIEW(o0, "progress_count")[1:3] * 5, [2, 2])


def test_observation_shows_public_c_and_k_state():
    """C&K §3.20: knights (strength, state), walls, metropolises, levels, the merchant, Defender awards, revealed VP cards and VP totals are public, by seat relative to the observer."""
    d = ck_blank()
    build(d, "v8", 1, "city")
    wall(d, "v8")
    level(d, 1, "science", 4)
    metropolis(d, "science", 1, "v8")
    chain(d, 1, "v8", "v13")
    knight(d, "v13", 1, strength=2, active=True)
    ck(d)["defender"] = [0, 2, 0, 0]
    reveal_vp(d, 1, "constitution")
    ck(d)["merchant"] = {"hex": "R1b", "owner": 1}
    g = game(d)
    o = g.observe(3)  # seat 1 is relative seat 2 for seat 3
    assert VIEW(o, "merchant").tolist() == [float(h == "R1b") for h in standard.HEX_LABELS]
    assert VIEW(o, "merchant_owner").tolist() == [0, 0, 1, 0]
    assert VIEW(o, "knight")[13, 2].tolist() == [0, 1, 0]
    assert VIEW(o, "knight_active")[13] == 1
    assert VIEW(o, "wall")[8] == 1
    assert VIEW(o, "metropolis")[8].tolist() == [0, 0, 1]
    assert np.allclose(VIEW(o, "improvement_level")[2] * 5, [0, 0, 4])
    assert np.isclose(VIEW(o, "defender")[2] * 6, 2)
    assert np.isclose(VIEW(o, "vp_cards")[2] * 2, 1)
    assert np.isclose(VIEW(o, "public_vp")[2] * 22, 8)


def test_observation_shows_the_harbors_and_nothing_false():
    """C&K §3.20: harbors are public: each harbor's type is one-hot in the harbor view; with no knight selected and no trade pending those views are empty."""
    from catan_env.games.catan.common.constants import HARBOR_NAMES

    d = ck_blank()
    g = game(d)
    o = g.observe(0)
    want = np.zeros((9, len(HARBOR_NAMES)), np.float32)
    for i, h in enumerate(d["board"]["harbors"]):
        want[i, HARBOR_NAMES.index(h)] = 1
    assert VIEW(o, "harbor_type").tolist() == want.tolist()
    assert VIEW(o, "knight_selected").sum() == 0
    assert VIEW(o, "trade_answer").sum() == 0
