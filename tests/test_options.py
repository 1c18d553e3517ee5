"""Options and variants (base §1.1, base §11.5, base §11.7, base §10 'game does not progress', base §15.1)."""

import numpy as np
import pytest
from helpers import blank, corner, draw_dev, game, give, hand, next_roll, set_hand, settle

from catan_env import ConfigError, Game
from catan_env.games.catan.common import layout as L


def test_player_counts():
    """base §1.1, base §11.5: 3 or 4 players; 2 as the plain two-player option; 5-6 out of scope."""
    for n in (2, 3, 4):
        g = Game(num_players=n, seed=1)
        assert g.num_players == n
    with pytest.raises(ConfigError, match="num_players=5 is out of range"):
        Game(num_players=5)
    with pytest.raises(ConfigError, match="beginner"):
        Game(num_players=2, board="beginner")


def test_two_player_game_plays_to_the_end():
    """base §11.5: all rules with 2 players; relative seats +2/+3 never appear."""
    g = Game(num_players=2, seed=3)
    rng = np.random.default_rng(0)
    while not g.done:
        names = g.legal_action_names()
        assert not any(n.endswith(("(+2)", "(+3)")) for n in names)
        g.step(names[rng.integers(len(names))])
    assert g.winner in (0, 1) or g.truncated


def test_vp_to_win_and_discard_limit_tunables():
    """base §11.5: vp_to_win and discard_limit are options."""
    d = blank(vp_to_win=3)
    settle(d, corner("R2b", "N"), 0)
    settle(d, corner("R4c", "S"), 0)
    d["buildings"][corner("R4c", "S")]["kind"] = "city"
    g = game(d)
    g.step("end_turn")
    assert not g.done  # seat 1 has nothing
    d = blank(vp_to_win=3, active=3)
    settle(d, corner("R2b", "N"), 0, "city")
    settle(d, corner("R4c", "S"), 0)
    g = game(d)
    g.step("end_turn")
    assert g.winner == 0  # 3 VP at the start of its turn
    d = next_roll(blank(phase="pre_roll", discard_limit=9), 7)
    set_hand(d, 1, ore=9)
    set_hand(d, 2, ore=10)
    g = game(d)
    g.step("roll")
    assert g.current_player == 2 and g.to_dict()["players"][2]["discards_owed"] == 5
    assert g.to_dict()["players"][1]["discards_owed"] == 0


def test_turn_limit_truncates():
    """base §10 (the game does not progress): max_turns ends the episode as a truncation."""
    g = Game(seed=5, max_turns=3, board="beginner")
    while not g.done:
        names = g.legal_action_names()
        g.step("end_turn" if "end_turn" in names else names[0])
    assert g.truncated and g.winner is None and g.turn == 3
    assert g.legal_actions().size == 0


def test_skip_forced_applies_single_options():
    """base §11.7: with skip_forced a decision with one legal option applies itself."""
    d = blank(skip_forced=True)
    settle(d, corner("R2b", "S"), 1)
    give(d, 1, ore=1)
    d["turn"]["phase"] = "move_robber"
    g = game(d)
    g.step("move_robber(R2b)")  # only one victim: the steal happens by itself
    assert hand(g, 0)["ore"] == 1 and g.phase == "action"
    d["options"]["skip_forced"] = False
    g = game(d)
    g.step("move_robber(R2b)")
    assert g.phase == "steal"


def test_skip_forced_changes_no_rule():
    """base §11.7: same seed, same choices -> the same games with the option on or off."""
    for seed in range(3):
        a = Game(seed=seed, skip_forced=True, domestic_trade=False)
        b = Game(seed=seed, skip_forced=False, domestic_trade=False)
        rng = np.random.default_rng(seed)
        while not a.done:
            names = a.legal_action_names()
            name = names[rng.integers(len(names))]
            a.step(name)
            b.step(name)
            while not b.done and len(b.legal_actions()) == 1:
                b.step(int(b.legal_actions()[0]))
            # Everything but the option itself and the decision counter agrees.
            assert (
                a.state[L.CONFIG_SIZE : L.DECISIONS] == b.state[L.CONFIG_SIZE : L.DECISIONS]
            ).all()
        assert a.winner == b.winner


def test_edition_choices():
    """base §15.1: combined trade/build phase by default; 5e shortage rule; Knight named knight."""
    g = Game(seed=0)
    assert g.config.strict_trade_build_order is False
    assert "play_knight" in g.action_names
    d = next_roll(blank(phase="pre_roll"), 9)
    give(d, 3, grain=17)  # bank keeps 2 grain
    settle(d, corner("R3a", "N"), 0, "city")  # owed 2 alone
    g = game(d)
    g.step("roll")
    assert hand(g, 0)["grain"] == 2


def test_consistency_with_cities_and_knights_base():
    """base §15.3: the base points shared with C&K §2 (spiral from R3e, 54/72 geometry,
    no type on both sides of a trade, random tokens keep 6/8 apart) hold by default."""
    from catan_env.games.catan.board import standard

    assert standard.CORNER_LABELS[0] == "R3e" and Game(seed=0).config.random_spiral_start is False
    assert (standard.NUM_VERTICES, standard.NUM_EDGES) == (54, 72)
    d = blank()
    give(d, 0, ore=1, wool=1)
    g = game(d)
    g.step("offer(ore->grain)")
    assert "offer_want(ore)" not in g.legal_action_names()
    assert "offer(ore->ore)" not in g.action_names


def test_turn_limit_ends_before_the_next_turn_starts():
    """base §10 (the game does not progress), base §9.4 — engine decision: when the limit
    is reached at an end of turn, the game is truncated before the next turn begins, so a
    player holding 10 VP from another player's turn does not win at that start of turn."""
    d = blank(max_turns=5)
    d["turn"]["number"] = 4
    for lab, c in (("R1a", "N"), ("R1c", "N"), ("R3a", "SW"), ("R3e", "SE")):
        settle(d, corner(lab, c), 1, "city")
    draw_dev(d, 1, "victory_point", 2)
    g = game(d)
    assert g.total_vp(1) == 10
    g.step("end_turn")
    assert g.done and g.truncated and g.winner is None
    d["options"]["max_turns"] = 6
    g = game(d)
    g.step("end_turn")
    assert g.winner == 1  # one turn more allowed: seat 1 wins as its turn starts
