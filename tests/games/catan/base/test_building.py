"""Building: costs, roads, settlements, cities, supply, development cards (base §7)."""

import pytest
from helpers import (
    bank,
    blank,
    corner,
    draw_dev,
    family,
    game,
    give,
    hand,
    road,
    road_network,
    roads,
    set_hand,
    settle,
    side,
)

from catan_env import IllegalActionError


def _names(kind, places):
    return {f"{kind}({p})" for p in places}


def test_costs_are_paid_to_the_bank():
    """base §7.1: road L+B, settlement L+B+W+G, city 3O+2G; cards return to the bank."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    roads(d, [side("R2b", "NW"), side("R2b", "W")], 0)
    give(d, 0, lumber=2, brick=2, wool=2, grain=3, ore=4)
    g = game(d)
    g.step(f"build_road({side('R1a', 'SW')})")
    assert hand(g, 0) == {"lumber": 1, "brick": 1, "wool": 2, "grain": 3, "ore": 4}
    g.step(f"build_settlement({corner('R2b', 'SW')})")
    assert hand(g, 0) == {"lumber": 0, "brick": 0, "wool": 1, "grain": 2, "ore": 4}
    g.step(f"build_city({corner('R2b', 'N')})")
    assert hand(g, 0) == {"lumber": 0, "brick": 0, "wool": 1, "grain": 0, "ore": 1}
    assert bank(g) == {"lumber": 19, "brick": 19, "wool": 18, "grain": 19, "ore": 18}
    assert g.public_vp(0) == 3  # city 2 + settlement 1


def test_road_touches_own_building_or_road():
    """base §7.2: a new road touches an own building or an open end of an own road."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    road(d, side("R2b", "NW"), 0)  # from R2b's N corner to its NW corner
    give(d, 0, lumber=5, brick=5)
    g = game(d)
    assert family(g, "build_road") == _names(
        "build_road",
        [
            side("R2b", "NE"),
            side("R1a", "E"),  # at the settlement
            side("R2b", "W"),
            side("R1a", "SW"),
        ],  # at the road's open end
    )


def test_road_cannot_continue_from_opponent_building():
    """base §7.2: a road may reach an opponent's building but never continue from it."""
    d = blank()
    settle(d, corner("R2b", "S"), 0)
    roads(d, [side("R2b", "SW"), side("R2b", "W")], 0)  # S -> SW -> NW corner of R2b
    settle(d, corner("R2b", "NW"), 1)  # opponent on the road's far end
    give(d, 0, lumber=5, brick=5)
    g = game(d)
    assert family(g, "build_road") == _names(
        "build_road", [side("R2a", "SE"), side("R2b", "SE"), side("R3b", "E")]
    )
    with pytest.raises(IllegalActionError, match="does not touch"):
        g.step(f"build_road({side('R2b', 'NW')})")


def test_coastal_roads_allowed():
    """base §7.2: roads along the coast are allowed."""
    d = blank()
    settle(d, corner("R1a", "N"), 0)
    give(d, 0, lumber=1, brick=1)
    g = game(d)
    g.step(f"build_road({side('R1a', 'NW')})")
    assert g.to_dict()["roads"][side("R1a", "NW")] == 0


def test_settlement_needs_empty_distance_and_own_road():
    """base §7.3: empty, distance rule, at an own road; other roads there do not matter."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    roads(d, [side("R2b", "NW"), side("R2b", "W"), side("R1a", "SW")], 0)
    settle(d, corner("R2a", "SW"), 1)
    roads(d, [side("R2a", "W"), side("R2a", "NW")], 1)  # seat 1's road also ends at R2a N
    give(d, 0, lumber=2, brick=2, wool=2, grain=2)
    g = game(d)
    assert family(g, "build_settlement") == _names(
        "build_settlement", [corner("R2b", "SW"), corner("R2a", "N")]
    )
    with pytest.raises(IllegalActionError, match="distance rule"):
        g.step(f"build_settlement({corner('R2b', 'NW')})")
    with pytest.raises(IllegalActionError, match="no road of seat 0"):
        g.step(f"build_settlement({corner('R4c', 'S')})")


def test_city_upgrade_returns_settlement_and_keeps_harbor():
    """base §7.4: a city replaces an own settlement, which returns to supply; it keeps the harbor."""
    d = blank()
    settle(d, corner("R1a", "N"), 0)  # on the generic harbor H1
    settle(d, corner("R4c", "S"), 1)
    give(d, 0, grain=2, ore=3)
    g = game(d)
    assert family(g, "build_city") == {f"build_city({corner('R1a', 'N')})"}
    with pytest.raises(IllegalActionError, match="no settlement of seat 0"):
        g.step(f"build_city({corner('R4c', 'S')})")
    g.step(f"build_city({corner('R1a', 'N')})")
    assert g.field("settlements_left")[0] == 5 and g.field("cities_left")[0] == 3
    assert list(g.field("trade_rate")[0][:5]) == [3, 3, 3, 3, 3]
    assert g.to_dict()["buildings"][corner("R1a", "N")]["kind"] == "city"


def test_no_buildings_left_in_supply():
    """base §7.5: 5 settlements and 4 cities on the board -> neither can be built."""
    d = blank()
    spots = [
        ("R1a", "N"),
        ("R1c", "N"),
        ("R3a", "SW"),
        ("R3e", "SE"),
        ("R5a", "S"),
        ("R5c", "S"),
        ("R2c", "S"),
        ("R4b", "N"),
        ("R4d", "S"),
    ]
    for i, (lab, c) in enumerate(spots):
        settle(d, corner(lab, c), 0, "city" if i < 4 else "settlement")
    road(d, side("R5c", "SE"), 0)
    give(d, 0, lumber=5, brick=5, wool=5, grain=5, ore=5)
    g = game(d)
    assert g.field("cities_left")[0] == 0 and g.field("settlements_left")[0] == 0
    assert family(g, "build_city") == set() and family(g, "build_settlement") == set()
    with pytest.raises(IllegalActionError, match="no cities left"):
        g.step(f"build_city({corner('R4d', 'S')})")
    with pytest.raises(IllegalActionError, match="no settlements left"):
        g.step(f"build_settlement({corner('R5c', 'SE')})")


def test_no_roads_left_in_supply():
    """base §7.5: 15 roads on the board -> no road, and Road Building cannot be played."""
    d = blank()
    start = corner("R3c", "N")
    settle(d, start, 0)
    road_network(d, start, 15, 0)
    d["longest_road"] = 0
    draw_dev(d, 0, "road_building")
    give(d, 0, lumber=1, brick=1)
    g = game(d)
    assert g.field("roads_left")[0] == 0
    assert family(g, "build_road") == set()
    assert "play_road_building" not in family(g, "play_road_building")
    with pytest.raises(IllegalActionError, match="no roads left"):
        g.step(f"build_road({side('R1a', 'NW')})")


def test_buy_development_card():
    """base §7.6: pay O+W+G and take the top card of the deck; impossible when it is empty."""
    d = blank()
    give(d, 0, wool=2, grain=2, ore=2)
    top = d["dev_deck"]["order"][0]
    g = game(d)
    g.step("buy_dev_card")
    s = g.to_dict()
    assert s["players"][0]["dev_cards"][top] == 1
    assert s["players"][0]["dev_cards_bought_this_turn"][top] == 1
    assert s["dev_deck"]["next"] == 1
    assert hand(g, 0) == {"lumber": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 1}
    d["dev_deck"]["next"] = 25
    for c in d["dev_deck"]["order"]:
        d["players"][1]["dev_cards"][c] += 1
    g = game(d)
    with pytest.raises(IllegalActionError, match="deck is empty"):
        g.step("buy_dev_card")
    set_hand(d, 0)
    d["dev_deck"]["next"] = 0
    for c in d["players"][1]["dev_cards"]:
        d["players"][1]["dev_cards"][c] = 0
    g = game(d)
    with pytest.raises(IllegalActionError, match="costs 1 wool"):
        g.step("buy_dev_card")
