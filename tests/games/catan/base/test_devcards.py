"""Development cards (base §8, base §10, base §14.2, base §14.5)."""

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
    legal_names,
    next_roll,
    road,
    road_network,
    set_hand,
    settle,
    side,
)

from catan_env import IllegalActionError


def _cards(g, seat):
    return g.to_dict()["players"][seat]["dev_cards"]


def _played(g, seat):
    return g.to_dict()["players"][seat]["dev_cards_played"]


def test_one_card_per_turn():
    """base §8.1, base §10 (two Knights in hand): at most one Knight or progress card per turn."""
    d = blank()
    draw_dev(d, 0, "knight", 2)
    draw_dev(d, 0, "monopoly")
    g = game(d)
    g.step("play_monopoly")
    g.step("pick(ore)")
    assert "play_knight" not in legal_names(g)
    with pytest.raises(IllegalActionError, match="already played this turn"):
        g.step("play_knight")
    g.step("end_turn")
    assert g.to_dict()["turn"]["dev_card_played"] is False


def test_card_bought_this_turn_cannot_be_played():
    """base §8.1, base §10 (card bought this turn): not playable until the next turn, unless an older copy."""
    d = blank()
    draw_dev(d, 0, "knight", new=1)
    g = game(d)
    with pytest.raises(IllegalActionError, match="bought this turn"):
        g.step("play_knight")
    draw_dev(d, 0, "knight")  # an older copy
    g = game(d)
    g.step("play_knight")
    assert _cards(g, 0)["knight"] == 1 and _played(g, 0)["knight"] == 1


def test_no_card_while_a_decision_is_pending():
    """base §8.1, base §15.2 item 4: no card during the 7 procedure or an open trade."""
    d = next_roll(blank(phase="pre_roll"), 7)
    draw_dev(d, 0, "knight")
    set_hand(d, 0, wool=9)
    g = game(d)
    g.step("roll")
    assert g.phase == "discard" and "play_knight" not in legal_names(g)
    d = blank()
    draw_dev(d, 0, "knight")
    give(d, 0, wool=1)
    g = game(d)
    g.step("offer(wool->ore)")
    assert "play_knight" not in legal_names(g)


def test_knight_before_roll_then_seven():
    """base §8.2, base §10 (Knight before the roll, then a 7): robber moves twice, steals independent."""
    d = blank(phase="pre_roll")
    draw_dev(d, 0, "knight")
    settle(d, corner("R2b", "S"), 1)
    settle(d, corner("R4c", "S"), 2)
    give(d, 1, ore=1)
    give(d, 2, wool=1)
    g = game(d)
    g.step("play_knight")
    assert g.phase == "move_robber"
    assert "move_robber(R3c)" not in legal_names(g)  # it must leave its hex
    g.step("move_robber(R2b)")
    g.step("steal(+1)")
    assert g.phase == "pre_roll" and hand(g, 0)["ore"] == 1
    assert _played(g, 0)["knight"] == 1
    g = game(next_roll(g.to_dict(), 7))  # the steal used the RNG: fix the roll again
    g.step("roll")
    assert g.phase == "move_robber"
    g.step("move_robber(R4c)")
    g.step("steal(+2)")
    assert hand(g, 0)["wool"] == 1
    assert g.phase == "action"


def test_knight_in_action_phase_no_discards():
    """base §8.2: move the robber and steal; nobody discards even with big hands."""
    d = blank()
    draw_dev(d, 0, "knight")
    set_hand(d, 1, lumber=12)
    settle(d, corner("R2b", "S"), 1)
    g = game(d)
    g.step("play_knight")
    g.step("move_robber(R2b)")
    g.step("steal(+1)")
    assert hand(g, 1)["lumber"] == 11 and g.phase == "action"


def test_road_building_two_roads_second_on_first():
    """base §8.3, base §14.5: two free roads, the second may build on the first."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    draw_dev(d, 0, "road_building")
    g = game(d)
    g.step("play_road_building")
    assert g.phase == "road_building" and "stop" not in legal_names(g)
    with pytest.raises(IllegalActionError, match="first free road is mandatory"):
        g.step("stop")
    g.step(f"build_road({side('R2b', 'NW')})")
    assert f"build_road({side('R2b', 'W')})" in family(g, "build_road")  # builds on the first
    g.step(f"build_road({side('R2b', 'W')})")
    assert g.phase == "action"
    assert g.field("roads_left")[0] == 13 and bank(g)["lumber"] == 19


def test_road_building_stop_after_one():
    """base §8.3: after the first road the player may stop."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    draw_dev(d, 0, "road_building")
    g = game(d)
    g.step("play_road_building")
    g.step(f"build_road({side('R2b', 'NW')})")
    g.step("stop")
    assert g.phase == "action" and g.field("roads_left")[0] == 14


def test_road_building_with_one_road_left():
    """base §8.3, base §10 (Road Building with 1 road left): one road, then the card ends."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    settle(d, corner("R4c", "S"), 0)
    road_network(d, corner("R4c", "S"), 14, 0)  # 14 roads already built
    d["longest_road"] = 0
    draw_dev(d, 0, "road_building")
    g = game(d)
    g.step("play_road_building")
    g.step(f"build_road({side('R2b', 'NW')})")
    assert g.phase == "action" and g.field("roads_left")[0] == 0


def test_road_building_needs_a_legal_path():
    """base §8.3, base §15.2 item 2: playable only with a road in supply and a legal path."""
    d = blank()
    draw_dev(d, 0, "road_building")
    g = game(d)  # seat 0 has no building: no legal path
    assert "play_road_building" not in legal_names(g)
    with pytest.raises(IllegalActionError, match="legal path"):
        g.step("play_road_building")


def test_year_of_plenty():
    """base §8.4, base §14.5: two picks of any types the bank holds; usable the same turn."""
    d = blank()
    draw_dev(d, 0, "year_of_plenty")
    give(d, 3, brick=19)  # the bank has no brick
    g = game(d)
    g.step("play_year_of_plenty")
    assert family(g, "pick") == {f"pick({r})" for r in ("lumber", "wool", "grain", "ore")}
    g.step("pick(ore)")
    g.step("pick(ore)")
    assert hand(g, 0)["ore"] == 2 and g.phase == "action"
    assert _played(g, 0)["year_of_plenty"] == 1 and _cards(g, 0)["year_of_plenty"] == 0


def test_year_of_plenty_bank_runs_out():
    """base §8.4, base §15.2 item 3: second pick forfeited if the bank empties; unplayable on an empty bank."""
    d = blank()
    draw_dev(d, 0, "year_of_plenty")
    for seat, r in enumerate(("lumber", "brick", "wool", "grain")):
        give(d, 1 + seat % 3, **{r: 19})
    give(d, 1, ore=18)  # the bank holds a single ore
    g = game(d)
    g.step("play_year_of_plenty")
    g.step("pick(ore)")
    assert g.phase == "action" and hand(g, 0)["ore"] == 1
    d2 = blank()
    draw_dev(d2, 0, "year_of_plenty")
    for r in ("lumber", "brick", "wool", "grain", "ore"):
        give(d2, 1, **{r: 19})
    g2 = game(d2)
    with pytest.raises(IllegalActionError, match="bank is empty"):
        g2.step("play_year_of_plenty")


def test_monopoly():
    """base §8.5, base §10 (Monopoly on a type nobody holds): all cards of the type; no effect if none."""
    d = blank()
    draw_dev(d, 0, "monopoly", 1)
    give(d, 1, wool=3, ore=1)
    give(d, 2, wool=2)
    give(d, 0, wool=1)
    g = game(d)
    g.step("play_monopoly")
    assert len(family(g, "pick")) == 5
    g.step("pick(wool)")
    assert hand(g, 0)["wool"] == 6 and hand(g, 1) == {
        "lumber": 0,
        "brick": 0,
        "wool": 0,
        "grain": 0,
        "ore": 1,
    }
    assert hand(g, 2)["wool"] == 0
    d = blank()
    draw_dev(d, 0, "monopoly")
    g = game(d)
    g.step("play_monopoly")
    g.step("pick(brick)")
    assert g.phase == "action" and _played(g, 0)["monopoly"] == 1


def test_victory_point_cards_hidden_and_counted():
    """base §8.6: VP cards count at once, stay hidden (not public VP), are never played."""
    d = blank()
    draw_dev(d, 0, "victory_point", 2, new=1)
    settle(d, corner("R2b", "N"), 0)
    g = game(d)
    assert g.public_vp(0) == 1 and g.total_vp(0) == 3
    assert not any(n.startswith("play_victory") for n in g.action_names)


def test_buying_the_winning_vp_card():
    """base §8.6, base §10 (winning by buying a VP card): the win is immediate."""
    d = blank()
    for lab, c in (("R1a", "N"), ("R1c", "N"), ("R3a", "SW"), ("R3e", "SE")):
        settle(d, corner(lab, c), 0, "city")
    settle(d, corner("R5a", "S"), 0)  # 9 VP
    deck = d["dev_deck"]["order"]
    j = deck.index("victory_point")
    deck[0], deck[j] = deck[j], deck[0]
    give(d, 0, wool=1, grain=1, ore=1)
    g = game(d)
    g.step("buy_dev_card")
    assert g.done and g.winner == 0


def test_knight_gives_largest_army_and_win_before_robber():
    """base §9.3, base §10 (winning by playing a Knight): Largest Army on play; a win ends before the robber."""
    d = blank()
    for lab, c in (("R1a", "N"), ("R1c", "N"), ("R3a", "SW"), ("R3e", "SE")):
        settle(d, corner(lab, c), 0, "city")  # 8 VP
    draw_dev(d, 0, "knight", 3, played=2)
    road(d, side("R1a", "NW"), 0)
    g = game(d)
    g.step("play_knight")
    assert g.to_dict()["largest_army"] == 0
    assert g.done and g.winner == 0 and g.to_dict()["board"]["robber"] == "R3c"
