"""Turn structure and production (base §5.1, base §5.3, base §5.5, base §5.6, base §14.2, base §14.4)."""

import pytest
from helpers import (
    blank,
    corner,
    draw_dev,
    game,
    give,
    hand,
    legal_names,
    next_roll,
    road,
    settle,
    side,
)

from catan_env import IllegalActionError


def test_pre_roll_choices():
    """base §5.1 step 1-2, base §14.2: before the roll only rolling or playing a card."""
    d = blank(phase="pre_roll")
    give(d, 0, lumber=5, brick=5, wool=5, grain=5, ore=5)
    draw_dev(d, 0, "knight")
    g = game(d)
    assert legal_names(g) == {"roll", "play_knight"}
    with pytest.raises(IllegalActionError, match="roll the dice first"):
        g.step("end_turn")
    with pytest.raises(IllegalActionError, match="roll the dice first"):
        g.step("buy_dev_card")


def test_roll_leads_to_action_phase():
    """base §5.1 steps 2-4, base §5.5: after a non-7 roll the action phase opens; end turn is legal."""
    d = next_roll(blank(phase="pre_roll"), 8)
    g = game(d)
    g.step("roll")
    assert sum(g.dice) == 8 and g.phase == "action"
    assert "end_turn" in legal_names(g) and "roll" not in legal_names(g)
    with pytest.raises(IllegalActionError, match="already rolled"):
        g.step("roll")


def test_action_phase_menu():
    """base §5.5, base §14.4: trades, builds, purchases and card play in any order."""
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    road(d, side("R2b", "NW"), 0)
    give(d, 0, lumber=4, brick=2, wool=2, grain=4, ore=4)
    g = game(d)
    fams = {n.split("(")[0] for n in legal_names(g)}
    assert {
        "end_turn",
        "build_road",
        "build_city",
        "buy_dev_card",
        "maritime",
        "offer",
    } <= fams
    g.step("buy_dev_card")
    g.step("maritime(lumber->brick)")
    assert g.phase == "action"


def test_end_turn_clears_turn_state():
    """base §5.6: ending the turn clears card-played, bought-this-turn and offers; next seat."""
    d = blank(active=3)
    draw_dev(d, 3, "knight", new=1)
    d["turn"]["dev_card_played"] = True
    d["turn"]["proposals"] = 2
    g = game(d)
    g.step("end_turn")
    s = g.to_dict()
    assert g.active_player == 0 and g.phase == "pre_roll" and g.turn == 1
    assert s["players"][3]["dev_cards_bought_this_turn"]["knight"] == 0
    assert s["turn"]["dev_card_played"] is False and s["turn"]["proposals"] == 0


def test_production_settlements_and_cities():
    """base §5.3: settlement 1, city 2 per producing hex; all players paid."""
    d = blank(phase="pre_roll")
    settle(d, corner("R2b", "N"), 0)  # hills 6
    settle(d, corner("R2b", "S"), 1, "city")  # hills 6 (and forest 11, desert)
    settle(d, corner("R5b", "S"), 2)  # fields 6
    settle(d, corner("R3e", "N"), 3)  # mountains 8: does not produce on a 6
    g = game(next_roll(d, 6))
    g.step("roll")
    assert hand(g, 0)["brick"] == 1
    assert hand(g, 1)["brick"] == 2 and hand(g, 1)["lumber"] == 0
    assert hand(g, 2)["grain"] == 1
    assert sum(hand(g, 3).values()) == 0
    assert g.to_dict()["bank"]["brick"] == 16


def test_production_two_hexes_and_robber():
    """base §5.3: a corner of two producing hexes earns from both; the robber's hex produces nothing."""
    d = blank(phase="pre_roll")
    d["board"]["hexes"]["R2c"]["number"] = 6  # pasture 6 beside hills 6
    v = corner("R2b", "NE")  # touches R2b, R2c and R1b
    settle(d, v, 0)
    g = game(next_roll(d, 6))
    g.step("roll")
    assert hand(g, 0)["brick"] == 1 and hand(g, 0)["wool"] == 1
    d["board"]["robber"] = "R2c"
    g = game(next_roll(d, 6))
    g.step("roll")
    assert hand(g, 0)["brick"] == 1 and hand(g, 0)["wool"] == 0


def test_bank_shortage_nobody_gets_short_type():
    """base §5.3: bank holds 3 grain, A and B are owed 2 each -> nobody gets grain; other types paid."""
    d = blank(phase="pre_roll")
    give(d, 3, grain=16)  # bank keeps 3 grain
    settle(d, corner("R3a", "N"), 0, "city")  # fields 9
    settle(d, corner("R3a", "S"), 1, "city")  # fields 9
    settle(d, corner("R1c", "N"), 2)  # forest 9
    g = game(next_roll(d, 9))
    g.step("roll")
    assert hand(g, 0)["grain"] == 0 and hand(g, 1)["grain"] == 0
    assert hand(g, 2)["lumber"] == 1
    assert g.to_dict()["bank"]["grain"] == 3


def test_bank_shortage_single_player_takes_rest():
    """base §5.3: if only one player is owed the short type, they take what the bank has."""
    d = blank(phase="pre_roll")
    give(d, 3, grain=16)
    settle(d, corner("R3a", "N"), 0, "city")  # fields 9
    settle(d, corner("R3a", "S"), 0, "city")  # fields 9: seat 0 is owed 4 grain
    settle(d, corner("R2a", "N"), 1)  # fields 12: nothing on a 9
    g = game(next_roll(d, 9))
    g.step("roll")
    assert hand(g, 0)["grain"] == 3  # owed 4, bank had 3
    assert g.to_dict()["bank"]["grain"] == 0
