"""Ancients scenario special rules (CCA §5.1): victory hexes, exit hexes, hand-size
changes, extra fire, elite units; their schema errors; snapshots and observations.
Decisions beyond the rules file are documented in ``catan_env/ancients/special_rules.py``.
"""

import json

import numpy as np
import pytest
from ancients_helpers import BOTTOM, TOP, H, attack, make, soak_games, to_battle, unit
from ancients_helpers import order as _order

from catan_env.games.ancients import Game, Scenario
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.board import NUM_HEXES
from catan_env.games.ancients.game import check_state
from catan_env.games.ancients.invariants import PROBLEMS, check
from catan_env.games.ancients.observe import HEX_FEATURES, observe, view
from catan_env.games.ancients.phases import PH_BATTLE, PH_IGNORE, PH_OVER, PH_PLAY
from catan_env.games.ancients.render import render_text
from catan_env.games.ancients.scenario import ScenarioError, load_scenario
from catan_env.games.ancients.setup import check_options
from catan_env.games.ancients.special_rules import KINDS
from catan_env.games.ancients.units import NUM_CARD_TYPES

NCT = NUM_CARD_TYPES


def order(g: Game, *hexes) -> None:
    """Order units (helpers.order) with a card really taken from the active hand, so
    that cards stay conserved for the invariant checks."""
    _order(g, *hexes)
    s = g.state
    side = g.active_side
    c = int(np.flatnonzero(s[L.HAND + side * NCT : L.HAND + (side + 1) * NCT])[0])
    s[L.HAND + side * NCT + c] -= 1
    s[L.CARD_PLAYED] = c
    s[L.CARD_EFFECT] = c


def end_turn(g: Game) -> None:
    """``done`` until the turn passes (no-op if the last action ended it already)."""
    if g.state[L.PHASE] in (PH_PLAY, PH_OVER):
        return
    side = g.active_side
    while g.state[L.PHASE] != PH_OVER and not (
        g.state[L.PHASE] == PH_PLAY and g.active_side != side
    ):
        g.step("done")


def move(g: Game, frm, to) -> None:
    order(g, frm)
    g.step(f"pick_unit(r{frm[0]}c{frm[1]})")
    g.step(f"hex(r{to[0]}c{to[1]})")


def banners(g):
    return int(g.state[L.BANNERS]), int(g.state[L.BANNERS + 1])


VH_EITHER = {"kind": "victory_hexes", "side": "either", "mode": "temporary",
             "hexes": [{"r": 4, "c": 6, "banners": 2}]}  # fmt: skip


# ---------------------------------------------------------------- victory hexes


def test_temporary_victory_hex_counts_while_held_and_is_lost_when_vacated():
    """CCA §3.2, CCA §5.1: a temporary victory hex scores its banners at the end of the turn a unit of a side may score it stands there, keeps them while the unit stays, loses them at the end of the turn it is vacated; then the enemy may take it."""
    g = make([("bottom", "HI", 5, 6), ("bottom", "HI", 7, 1), ("top", "MI", 2, 6)],
             special_rules=[VH_EITHER])  # fmt: skip
    order(g, (5, 6), (7, 1))  # a second unit ordered keeps the turn open
    g.step("pick_unit(r5c6)")
    g.step("hex(r4c6)")
    assert banners(g) == (0, 0)  # not before the end of the turn
    end_turn(g)
    assert banners(g) == (2, 0)
    assert g.state[L.VH_HOLDER + H(4, 6)] == BOTTOM + 1
    assert g.state[L.HEX_BANNERS] == 2
    order(g)  # the top side does nothing: still held
    end_turn(g)
    assert banners(g) == (2, 0)
    move(g, (4, 6), (5, 6))  # vacated
    end_turn(g)
    assert banners(g) == (0, 0) and g.state[L.VH_HOLDER + H(4, 6)] == 0
    move(g, (2, 6), (3, 6))
    end_turn(g)
    assert banners(g) == (0, 0)
    order(g)
    end_turn(g)
    move(g, (3, 6), (4, 6))
    end_turn(g)
    assert banners(g) == (0, 2) and g.state[L.VH_HOLDER + H(4, 6)] == TOP + 1
    assert check(g.state) == 0 and check_state(g.state) is None


def test_permanent_victory_hex_is_kept_and_counts_only_for_its_side():
    """CCA §3.2, CCA §5.1: a permanent victory hex is gained once, at the end of the first turn a unit of its side holds it, and kept after the unit leaves; a unit of the other side on it scores nothing."""
    rules = [{"kind": "victory_hexes", "side": "bottom", "mode": "permanent",
              "hexes": [{"r": 4, "c": 6}]}]  # fmt: skip
    g = make([("bottom", "HI", 5, 6), ("top", "MI", 3, 6)], special_rules=rules)
    move(g, (5, 6), (4, 6))
    end_turn(g)
    assert banners(g) == (1, 0)
    order(g)
    end_turn(g)
    move(g, (4, 6), (5, 6))
    end_turn(g)
    assert banners(g) == (1, 0)  # kept
    move(g, (3, 6), (4, 6))  # the top side may not score it
    end_turn(g)
    assert banners(g) == (1, 0) and g.state[L.VH_HOLDER + H(4, 6)] == BOTTOM + 1
    assert check(g.state) == 0


def test_lone_leader_does_not_hold_a_victory_hex():
    """CCA §5.1: a victory hex is held by a unit; a lone leader standing there scores nothing."""
    g = make([("top", "MI", 1, 1)], leaders=[("bottom", 4, 6)], special_rules=[VH_EITHER])
    order(g)
    end_turn(g)
    assert banners(g) == (0, 0)


def test_victory_hex_banner_wins_at_the_end_of_the_turn():
    """CCA §3.2: victory is immediate: the banner of a victory hex that reaches the target ends the game at that end-of-turn check."""
    g = make([("bottom", "HI", 5, 6), ("top", "MI", 1, 1)], banners=2, special_rules=[VH_EITHER])
    move(g, (5, 6), (4, 6))
    end_turn(g)
    assert g.done and g.winner == BOTTOM and g.state[L.PHASE] == PH_OVER
    assert check(g.state) == 0


def test_observation_shows_victory_hexes_and_who_holds_them():
    """CCA §5.1: victory hexes, their holder and the banners held for them are public."""
    g = make([("bottom", "HI", 5, 6), ("top", "MI", 1, 1)], special_rules=[VH_EITHER])
    move(g, (5, 6), (4, 6))
    end_turn(g)
    k = HEX_FEATURES.index("held by me")
    for side in (BOTTOM, TOP):
        obs = observe(g.state, side)
        board = view(obs, "board")
        assert board[H(4, 6), HEX_FEATURES.index("victory banners")] == pytest.approx(2 / 3)
        assert board[H(4, 6), k] == (side == BOTTOM)
        assert board[H(4, 6), k + 1] == (side == TOP)
        held = view(obs, "special")[0 if side == BOTTOM else 1]
        assert held == pytest.approx(2 / 5)


# ---------------------------------------------------------------- exit hexes

EXIT = {"kind": "exit_hexes", "side": "bottom", "banners": 2,
        "hexes": [{"r": 0, "c": 0}, {"r": 0, "c": 1}]}  # fmt: skip


def test_unit_leaves_the_board_by_an_exit_hex_and_scores():
    """CCA §5.1: a unit allowed to leave the board moves off from a listed edge hex within its move (one hex to step off); it is removed, its side scores the exit banners, the enemy none."""
    g = make([("bottom", "LC", 2, 1), ("top", "MI", 4, 8)], special_rules=[EXIT])
    order(g, (2, 1))
    g.step("pick_unit(r2c1)")
    assert "unit_off_board" in g.legal_action_names()
    blocks_lost = int(g.state[L.BLOCKS_LOST])
    g.step("unit_off_board")
    assert unit(g, 2, 1) is None
    assert banners(g) == (2, 0)
    assert g.state[L.EXITED_UNITS] == 1 and g.state[L.EXIT_BANNERS] == 2
    assert g.state[L.BLOCKS_LOST] == blocks_lost + 3
    assert g.state[L.LOST_UNITS] == 0
    assert check(g.state) == 0 and check_state(g.state) is None
    assert view(observe(g.state, BOTTOM), "special")[2] == pytest.approx(2 / 5)


def test_exit_needs_a_hex_of_movement_to_spare_and_is_only_for_its_side():
    """CCA §5.1: stepping off the board costs a hex of movement: heavy infantry (move 1) next to an exit hex may not leave this turn, one standing on it may; the other side's units may not use the exit."""
    g = make([("bottom", "HI", 1, 1), ("bottom", "HI", 0, 1), ("top", "MI", 0, 0)],
             special_rules=[EXIT])  # fmt: skip
    order(g, (1, 1), (0, 1))
    g.step("pick_unit(r1c1)")
    assert "unit_off_board" not in g.legal_action_names()
    g.step("hex(r1c1)")  # stay
    g.step("pick_unit(r0c1)")
    assert "unit_off_board" in g.legal_action_names()
    g = make([("top", "LC", 1, 1), ("bottom", "MI", 6, 6)], first="top", special_rules=[EXIT])
    order(g, (1, 1))
    g.step("pick_unit(r1c1)")
    assert "unit_off_board" not in g.legal_action_names()


def test_exit_with_attached_leader_removes_him_without_a_banner():
    """CCA §3.2, CCA §5.1: a leader attached to a unit leaving the board leaves with it: gone, no banner to the enemy."""
    g = make([("bottom", "LC", 1, 1), ("top", "MI", 5, 8)], leaders=[("bottom", 1, 1)],
             special_rules=[EXIT])  # fmt: skip
    order(g, (1, 1))
    g.step("pick_unit(r1c1)")
    g.step("unit_off_board")
    assert banners(g) == (2, 0)
    assert g.state[L.GONE_LEADERS] == 1 and g.state[L.LOST_LEADERS] == 0
    assert check(g.state) == 0


def test_exit_banners_can_win_the_game():
    """CCA §3.2: the exit banner that reaches the target wins at once."""
    g = make([("bottom", "LC", 1, 1), ("top", "MI", 5, 8)], banners=2, special_rules=[EXIT])
    order(g, (1, 1))
    g.step("pick_unit(r1c1)")
    g.step("unit_off_board")
    assert g.done and g.winner == BOTTOM


# ---------------------------------------------------------------- hand size


def test_hand_size_changes_after_a_given_turn():
    """CCA §5.1, CCA §3.16: after turn T the side's Command (hand size) rises by the change and it draws up to it at once."""
    rules = [{"kind": "hand_size_change", "side": "bottom", "change": 1,
              "trigger": "after_turn", "turn": 2}]  # fmt: skip
    g = make([("bottom", "HI", 7, 6), ("top", "MI", 1, 1)], special_rules=rules)
    order(g)
    end_turn(g)
    assert g.state[L.COMMAND] == 5
    order(g)
    end_turn(g)
    assert g.state[L.TURN] == 2 and g.state[L.COMMAND] == 6
    assert sum(g.hand(BOTTOM).values()) == 6
    assert g.state[L.HS_STATE] == 2  # applied once only
    order(g)
    end_turn(g)
    assert g.state[L.COMMAND] == 6


def test_hand_size_falls_when_a_named_leader_is_eliminated():
    """CCA §5.1, CCA §3.16: when the named leader is killed his side's Command falls at the end of that turn; it keeps its cards but draws none while it holds as many as its Command."""
    rules = [{"kind": "hand_size_change", "side": "top", "change": -2,
              "trigger": "leader_eliminated", "leader": "L0"}]  # fmt: skip
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 1, 1)], leaders=[("top", 4, 5)],
             special_rules=rules)  # fmt: skip
    order(g, (5, 5))
    g.state[L.PHASE] = PH_BATTLE
    g._mask_valid = False
    attack(g, (5, 5), (4, 5), ["helmet", "light", "light", "light", "light"])
    assert g.state[L.LOST_LEADERS + TOP] == 1
    end_turn(g)  # nothing else to do: the turn has ended
    assert g.state[L.TURN] == 1 and g.state[L.COMMAND + TOP] == 3
    assert sum(g.hand(TOP).values()) == 5  # no discard
    assert check(g.state) == 0


# ---------------------------------------------------------------- extra fire

FIRE = {"kind": "extra_fire", "side": "bottom", "types": ["MI"], "range": 2, "dice": 2}


def test_scenario_lets_medium_infantry_fire():
    """CCA §3.8.1, CCA §5.1: medium units fire only if a scenario rule says so; then at its range and dice (one die fewer after moving)."""
    units = [("bottom", "MI", 6, 5), ("top", "HI", 4, 5)]
    g = make(units)
    to_battle(g, (6, 5))
    assert "pick_unit(r6c5)" not in g.legal_action_names()
    g = make(units, special_rules=[FIRE])
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["heavy", "heavy"])
    assert g.state[L.DICE_N] == 2
    assert int(g.state[L.UNIT_BLOCKS + H(4, 5)]) == 2
    g = make(units, special_rules=[FIRE])
    to_battle(g, (6, 5), moved={(6, 5): 1})
    attack(g, (6, 5), (4, 5), ["heavy"])
    assert g.state[L.DICE_N] == 1


def test_extra_fire_is_for_the_named_side_only():
    """CCA §5.1: the rule names a side: the other side's units of that type still may not fire."""
    g = make([("top", "MI", 2, 5), ("bottom", "HI", 4, 5)], first="top", special_rules=[FIRE])
    to_battle(g, (2, 5))
    assert "pick_unit(r2c5)" not in g.legal_action_names()


# ---------------------------------------------------------------- elite


def test_elite_unit_ignores_one_more_flag_and_keeps_it_when_it_moves():
    """CCA §3.11.2, CCA §5.1: an elite unit (by hex at set-up) may ignore one more flag than the same unit otherwise; the mark moves with the unit."""
    units = [("bottom", "HI", 5, 5), ("top", "MI", 4, 5)]
    rule = {"kind": "elite", "hexes": [{"r": 4, "c": 5}]}
    g = make(units)
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["flag", "flag", "light", "light", "light"])
    assert g.state[L.PHASE] != PH_IGNORE  # nothing to ignore: straight to the retreat
    g = make(units, special_rules=[rule])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["flag", "flag", "light", "light", "light"])
    assert g.state[L.PHASE] == PH_IGNORE
    names = g.legal_action_names()
    assert "ignore_flags(1)" in names and "ignore_flags(2)" not in names
    g = make(units, special_rules=[rule], first="top")
    move(g, (4, 5), (3, 5))
    assert g.state[L.UNIT_ELITE + H(3, 5)] == 1 and g.state[L.UNIT_ELITE + H(4, 5)] == 0


# ---------------------------------------------------------------- schema errors


def _scenario(rules):
    d = json.loads(json.dumps(load_scenario("akragas").source))
    d["special_rules"] = rules
    return d


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"kind": "victory_hexes"}, "special_rules: must be a list"),
        ([{"kind": "fog"}], "special_rules[0].kind: must be one of"),
        ([VH_EITHER, {**VH_EITHER, "hexes": [{"r": 4, "c": 7}, {"r": 99, "c": 1}]}],
         "special_rules[1].hexes[1]: (99, 1) is not a hex"),
        ([{**VH_EITHER, "hexes": [{"r": 8, "c": 13}]}],
         "special_rules[0].hexes[0]: (8, 13) is not a hex"),
        ([VH_EITHER, VH_EITHER], "special_rules[1].hexes[0]: already a victory hex"),
        ([{**VH_EITHER, "mode": "forever"}], "special_rules[0].mode: must be one of"),
        ([{**VH_EITHER, "hexes": [{"r": 4, "c": 6, "banners": 0}]}],
         "special_rules[0].hexes[0].banners: must be 1..3"),
        ([{**VH_EITHER, "color": 1}], "special_rules[0].color: unknown field"),
        ([{**EXIT, "hexes": [{"r": 4, "c": 6}]}],
         "special_rules[0].hexes[0]: (4, 6) is not on the board's edge"),
        ([{"kind": "hand_size_change", "side": "top", "change": 0, "trigger": "after_turn",
           "turn": 3}], "special_rules[0].change: must not be 0"),
        ([{"kind": "hand_size_change", "side": "top", "change": 1,
           "trigger": "leader_eliminated", "leader": "Hannibal"}],
         "special_rules[0].leader: 'Hannibal' is not a leader"),
        ([{**FIRE, "types": ["LB"]}], "special_rules[0].types[0]: LB (light bow infantry) fires"),
        ([{**FIRE, "range": 9}], "special_rules[0].range: must be 2..6"),
        ([{"kind": "elite", "hexes": [{"r": 4, "c": 6}]}],
         "special_rules[0].hexes[0]: no unit on (4, 6)"),
    ],
)  # fmt: skip
def test_bad_special_rules_raise_naming_the_field(rules, message):
    """CCA §5.1: a malformed special rule raises an error naming the field; nothing is built."""
    with pytest.raises(ScenarioError) as e:
        Scenario.from_dict(_scenario(rules))
    assert message in str(e.value)


def test_every_kind_has_an_entry_in_the_example_scenario():
    """CCA §5.1: the example scenario uses every special-rule kind and loads by id."""
    sc = load_scenario("example_special_rules")
    assert {r["kind"] for r in sc.special_rules} == set(KINDS)
    g = Game("example_special_rules", seed=3)
    assert g.state[L.VH_BANNERS + H(4, 6)] == 1
    assert g.state[L.UNIT_ELITE + H(7, 5)] == 1
    board = render_text(g).splitlines()[:-1]  # the text board marks both (last line: score)
    vh = g.state[L.VH_BANNERS : L.VH_BANNERS + NUM_HEXES]
    elite = g.state[L.UNIT_ELITE : L.UNIT_ELITE + NUM_HEXES]
    assert sum(line.count("$") for line in board) == int((vh > 0).sum()) > 0
    assert sum(line.count("+") for line in board) == int((elite > 0).sum()) > 0


def test_snapshot_round_trips_special_rule_fields():
    """CCA §5.1: to_dict/from_dict keep the victory hexes, holders, exits, hand rules, fire tables and elite marks."""
    g = make([("bottom", "HI", 5, 6), ("top", "MI", 2, 6)], special_rules=[VH_EITHER])
    move(g, (5, 6), (4, 6))
    end_turn(g)
    g2 = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert (g2.state == g.state).all()
    ex = Game("example_special_rules", seed=5)
    rng = np.random.default_rng(0)
    for _ in range(200):
        if ex.done:
            break
        ex.step(int(rng.choice(ex.legal_actions())))
    ex2 = Game.from_dict(json.loads(json.dumps(ex.to_dict())))
    assert (ex2.state == ex.state).all()


@pytest.mark.parametrize("kinds", [(0, 0), (1, 0), (0, 1)])
def test_example_scenario_random_games_keep_invariants_and_end(kinds):
    """CCA §3.2, CCA §5.1: 300 games of the example scenario (random and heuristic agents) keep every invariant (banners = losses + victory hexes + exits) and end with a winner."""
    sc = load_scenario("example_special_rules")
    opts = check_options({})
    n = 300
    code, decisions, states = soak_games(sc, opts, kinds, 500 * kinds[0] + np.arange(n))
    bad = np.flatnonzero(code)
    assert not len(bad), (
        f"game {bad[0]}: code {code[bad[0]]} after {decisions[bad[0]]} decisions {PROBLEMS[min(code[bad[0]], 7)]}"
    )
    assert (states[:, L.PHASE] == PH_OVER).all()
    assert (states[:, L.WINNER] > 0).mean() >= 0.95
    # the special rules were played: some hex or exit banners were scored
    assert states[:, L.HEX_BANNERS : L.HEX_BANNERS + 2].sum() > 0
