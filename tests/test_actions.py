"""The action space, the decisions it encodes and the numbers table (base §13, base §14)."""

import pytest
from helpers import blank, corner, draw_dev, game, give, legal_names, next_roll, set_hand, settle

from catan_env import actions
from catan_env.actions import ACTION_NAMES, NUM_ACTIONS, action_id, action_info, action_name
from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.common.constants import (
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_COUNTS,
    TERRAIN_COUNTS,
    TOKEN_VALUES,
)


def test_family_sizes():
    """base §14.7: one fixed Discrete space of 280 ids in the suggested families; the
    pairs that open an offer come last, so ids 0..259 are those of records written
    before them."""
    sizes = {name: size for name, _, size in A.FAMILIES}
    assert NUM_ACTIONS == 280 and A.TRADE_OPEN == 260
    assert sizes == {
        "roll": 1,
        "end_turn": 1,
        "build_settlement": 54,
        "build_road": 72,
        "build_city": 54,
        "buy_dev_card": 1,
        "play_knight": 1,
        "play_road_building": 1,
        "play_year_of_plenty": 1,
        "play_monopoly": 1,
        "move_robber": 19,
        "steal": 3,
        "discard": 5,
        "pick": 5,
        "stop": 1,
        "maritime": 20,
        "offer_give": 5,
        "offer_want": 5,
        "propose": 4,
        "cancel_trade": 1,
        "accept": 1,
        "decline": 1,
        "confirm_trade": 3,
        "offer": 20,
    }


def test_names_round_trip():
    """base §14.7: every id has a unique readable name that parses back."""
    assert len(set(ACTION_NAMES)) == NUM_ACTIONS
    for a in range(NUM_ACTIONS):
        assert action_id(action_name(a)) == a
    assert action_name(A.MOVE_ROBBER + 9) == "move_robber(R3c)"
    assert action_info(action_id("maritime(wool->ore)")).arg == (2, 4)
    assert action_info(action_id("offer(wool->ore)")).arg == (2, 4)
    assert action_id("offer(lumber->brick)") == A.TRADE_OPEN
    assert action_id("  roll ") == A.ROLL
    with pytest.raises(ValueError, match="unknown action name 'build_road\\(e99\\)'.*e0"):
        action_id("build_road(e99)")
    assert actions.family_of(A.STEAL) == "steal"


def test_decisions_before_roll_and_for_a_seven():
    """base §14.2, base §14.3, base §14.6: roll or card before the roll; out-of-turn discards."""
    d = next_roll(blank(phase="pre_roll"), 7)
    draw_dev(d, 0, "year_of_plenty")
    set_hand(d, 2, ore=8)
    g = game(d)
    assert legal_names(g) == {"roll", "play_year_of_plenty"}
    g.step("roll")
    assert g.current_player == 2 and g.active_player == 0  # the discarder decides out of turn
    assert legal_names(g) == {"discard(ore)"}


def test_sub_decisions_and_no_decision_cases():
    """base §14.5, base §14.6: card sub-steps belong to the player; victims and Monopoly victims never decide."""
    d = blank()
    draw_dev(d, 0, "monopoly")
    give(d, 1, wool=2)
    settle(d, corner("R2b", "S"), 1)
    g = game(d)
    g.step("play_monopoly")
    assert g.current_player == 0 and g.phase == "monopoly"
    g.step("pick(wool)")
    assert g.current_player == 0 and g.phase == "action"


def test_action_phase_decisions():
    """base §14.4, base §10 (no legal action except ending the turn): end turn is always legal."""
    g = game(blank(domestic_trade=False))
    assert legal_names(g) == {"end_turn"}
    d = blank()
    give(d, 0, lumber=1)
    g = game(d)
    g.step("offer(lumber->ore)")
    assert "end_turn" not in legal_names(g)  # not while an offer is open


def test_set_up_decisions():
    """base §14.1: set-up asks only for settlements and roads."""
    from catan_env import Game

    g = Game(seed=0)
    assert {n.split("(")[0] for n in g.legal_action_names()} == {"build_settlement"}


def test_numbers_table():
    """base §13: constants of the numbers table."""
    assert sum(TERRAIN_COUNTS.values()) == 19
    assert sorted(TOKEN_VALUES) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    pips = {s: 6 - abs(7 - s) for s in range(2, 13)}
    assert sum(pips[t] for t in TOKEN_VALUES) == 58
    assert sum(DEV_COUNTS) == 25 and DEV_COUNTS == (14, 5, 2, 2, 2)
    # Cost vectors span resources then commodities; base costs use resources only.
    assert list(COST_ROAD) == [1, 1, 0, 0, 0, 0, 0, 0]
    assert list(COST_SETTLEMENT) == [1, 1, 1, 1, 0, 0, 0, 0]
    assert list(COST_CITY) == [0, 0, 0, 2, 3, 0, 0, 0]
    assert list(COST_DEV_CARD) == [0, 0, 1, 1, 1, 0, 0, 0]
