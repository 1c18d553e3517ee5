"""Largest Army, victory points and winning (base §9.3, base §9.4, base §10, base §15.2 item 6)."""

import pytest
from helpers import blank, corner, draw_dev, game, give, roads, settle, side

from catan_env import IllegalActionError

CITY_SPOTS = [("R1a", "N"), ("R1c", "N"), ("R3a", "SW"), ("R3e", "SE")]


def _cities(d, seat, k):
    for lab, c in CITY_SPOTS[:k]:
        settle(d, corner(lab, c), seat, "city")


def _fresh_turn(g, seat):
    """The same position with ``seat`` starting its action phase (no card played yet)."""
    d = g.to_dict()
    d["turn"].update(active_player=seat, current_player=seat, phase="action", dev_card_played=False)
    return d


def test_largest_army_first_to_three():
    """base §9.3: the first player with 3 Knights played takes the card (2 VP)."""
    d = blank()
    draw_dev(d, 0, "knight", 3, played=2)
    g = game(d)
    g.step("play_knight")
    assert g.to_dict()["largest_army"] == 0 and g.public_vp(0) == 2


def test_largest_army_needs_strictly_more():
    """base §9.3: another player takes it only with strictly more Knights played."""
    d = blank(active=1)
    draw_dev(d, 0, "knight", 4, played=4)
    d["largest_army"] = 0
    draw_dev(d, 1, "knight", 6, played=3)
    g = game(d)
    g.step("play_knight")
    g.step("move_robber(R1a)")
    assert g.to_dict()["largest_army"] == 0  # 4 = 4: the holder keeps it
    g = game(_fresh_turn(g, 1))
    g.step("play_knight")
    assert g.to_dict()["largest_army"] == 1
    assert g.public_vp(0) == 0 and g.public_vp(1) == 2


def test_win_immediately_on_reaching_ten():
    """base §9.4: a build that brings the active player to 10 VP ends the game at once."""
    d = blank()
    _cities(d, 0, 4)  # 8 VP
    settle(d, corner("R5a", "S"), 0)  # 9 VP
    roads(d, [side("R5a", "SE"), side("R5b", "SW")], 0)
    give(d, 0, lumber=1, brick=1, wool=1, grain=1)
    g = game(d)
    g.step(f"build_settlement({corner('R5b', 'S')})")
    assert g.done and g.winner == 0 and g.phase == "game_over"
    assert g.legal_actions().size == 0
    with pytest.raises(IllegalActionError, match="game is over"):
        g.step("end_turn")


def test_hidden_vp_cards_count_for_the_win():
    """base §9.4, base §8.6: total VP includes hidden VP cards."""
    d = blank()
    for lab, c in CITY_SPOTS[1:]:
        settle(d, corner(lab, c), 0, "city")  # 6 VP
    settle(d, corner("R1a", "N"), 0)  # 7 public VP
    draw_dev(d, 0, "victory_point", 2)  # 9 total
    give(d, 0, grain=2, ore=3)
    g = game(d)
    assert g.public_vp(0) == 7 and g.total_vp(0) == 9 and not g.done
    g.step(f"build_city({corner('R1a', 'N')})")
    assert g.winner == 0 and g.public_vp(0) == 8


def test_ten_on_another_players_turn_waits_for_own_turn():
    """base §9.4, base §10 (reaching 10 VP on another player's turn), base §15.2 item 6.

    Seat 1 receives Longest Road when seat 2 breaks seat 0's road: 10 VP, but it
    wins only when its own turn starts, before it rolls.
    """
    d = blank(num_players=3, active=2)
    top3 = [corner("R3a", "NW")] + [
        corner(h, c) for h in ("R3a", "R3b", "R3c") for c in ("N", "NE")
    ]
    settle(d, top3[0], 0)
    roads(d, [side(h, s) for h in ("R3a", "R3b", "R3c") for s in ("NW", "NE")], 0)  # 6
    d["longest_road"] = 0
    settle(d, corner("R5a", "SW"), 1)
    roads(d, [side(h, s) for h in ("R5a", "R5b", "R5c") for s in ("SW", "SE")][:5], 1)
    for lab, c in (("R1a", "N"), ("R1c", "N"), ("R3e", "SE")):
        settle(d, corner(lab, c), 1, "city")  # seat 1: 6 + 1 = 7 public VP
    draw_dev(d, 1, "victory_point")  # 8 total
    settle(d, corner("R2b", "N"), 2)
    roads(d, [side("R2b", "NW"), side("R2b", "W")], 2)
    give(d, 2, lumber=1, brick=1, wool=1, grain=1)
    g = game(d)
    g.step(f"build_settlement({top3[3]})")  # breaks seat 0's road
    assert g.to_dict()["longest_road"] == 1 and g.total_vp(1) == 10
    assert not g.done
    g.step("end_turn")
    # Seat 0 plays its turn out.
    while g.active_player == 0:
        names = g.legal_action_names()
        g.step("end_turn" if "end_turn" in names else names[0])
    assert g.done and g.winner == 1 and g.phase == "game_over"
    assert g.dice != (0, 0) and g.turn == 2


def test_start_of_turn_check_needs_ten_still():
    """base §9.4: a player who dropped below 10 before their turn does not win."""
    d = blank(num_players=3, active=0)
    _cities(d, 1, 4)  # seat 1: 8 VP
    draw_dev(d, 1, "victory_point", 1)
    g = game(d)
    g.step("end_turn")
    assert not g.done and g.active_player == 1
