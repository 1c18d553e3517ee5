"""Ancients constants and the action space (CCA §0, CCA §1, CCA §6, CCA §7)."""

import numpy as np
from ancients_helpers import BOTTOM, H, attack, blocks, give_card, make, to_battle

from catan_env.games.ancients import Game
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.actions import ACTION_NAMES, FAMILIES, family_of
from catan_env.games.ancients.phases import NUM_ACTIONS, PH_BATTLE, PH_MOVE, PH_PLAY
from catan_env.games.ancients.pieces import roll
from catan_env.games.ancients.setup import DEFAULT_OPTIONS
from catan_env.games.ancients.units import (
    HEAVY,
    LIGHT,
    MEDIUM,
    UNIT_BLOCKS,
    UNIT_CLASS,
    UNIT_CODES,
    UNIT_MOVE,
    UNIT_RANGE,
    UNIT_RETREAT,
)


def test_open_points_are_options():
    """CCA §0.1: every [verify] or [interpretation] point the engine meets and the rules file leaves open is an option, with the file's ruling (or the engine's stated choice) as default."""
    for name in ("lone_leader_support", "momentum_after_lone_leader", "auto_battle_back",
                 "first_strike_vs_bonus", "mounted_charge_all_heavy", "inspired_fallback_in_section"):  # fmt: skip
        assert name in DEFAULT_OPTIONS


def test_action_names_use_the_glossary_terms():
    """CCA §0.2: actions carry the English engine terms of the glossary (evade, battle back, first strike, ...)."""
    for term in ("evade", "battle_back", "first_strike", "leader_off_board", "ignore_flags(1)"):
        assert term in ACTION_NAMES
    assert len(ACTION_NAMES) == NUM_ACTIONS == len(set(ACTION_NAMES))
    assert sum(size for _, _, size in FAMILIES) == NUM_ACTIONS
    assert family_of(ACTION_NAMES.index("hex(r4c5)")) == ("hex", H(4, 5))


def test_more_than_seven_dice_can_be_rolled():
    """CCA §1.1, CCA §1.5: there are 7 physical dice, but the engine simply rolls N dice, each face 1/6."""
    s = Game("akragas", seed=1).state.copy()
    counts = np.zeros(6)
    for _ in range(2000):
        counts += roll(s, 10)
    assert counts.sum() == 20000 and s[L.DICE_N] == 10
    assert (abs(counts / 20000 - 1 / 6) < 0.02).all()


def test_no_cap_on_unit_counts():
    """CCA §1.3: the engine does not cap unit counts; scenarios decide (e.g. 9 heavy infantry for one side)."""
    g = make([("bottom", "HI", 7, c) for c in range(9)])
    assert sum(1 for u in g.units() if u["type"] == "HI") == 9


def test_colour_classes():
    """CCA §1.4: the die face of a unit's colour class hits it: light (green circle) includes auxilia; medium includes warriors; heavy includes war machines and chariots."""
    cls = dict(zip(UNIT_CODES, UNIT_CLASS, strict=True))
    assert cls["LI"] == cls["AX"] == cls["LC"] == cls["LCH"] == LIGHT
    assert cls["MI"] == cls["WA"] == cls["MC"] == cls["CA"] == MEDIUM
    assert cls["HI"] == cls["WM"] == cls["HCH"] == cls["EL"] == cls["HC"] == HEAVY
    g = make([("bottom", "HI", 5, 5), ("top", "AX", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["light", "medium", "heavy", "flag", "helmet"])
    assert blocks(g, 4, 5) == 3  # only the light face hit the auxilia
    assert g.phase == "retreat"  # and the flag moves it


def test_who_may_fire():
    """CCA §3.8.1, CCA §3.8.3: only missile units fire: green-circle units (range 2 or 3) and the war machine (range 6); medium and heavy units and the barbarian chariot never."""
    rng = dict(zip(UNIT_CODES, UNIT_RANGE, strict=True))
    assert rng["LI"] == rng["AX"] == rng["LC"] == 2
    assert rng["LB"] == rng["LS"] == rng["LBC"] == 3
    assert rng["WM"] == 6
    assert rng["LCH"] == rng["MI"] == rng["HI"] == rng["MC"] == rng["HC"] == 0
    g = make([("bottom", "MI", 6, 5), ("top", "MI", 4, 5)])
    to_battle(g, (6, 5))
    assert g.legal_action_names() == ["done"]


def test_global_numbers():
    """CCA §6.1, CCA §6.2: 113 hexes, 60 cards, 1 card drawn per turn, leader moves 3, unit evade 2; blocks, moves and retreats per unit as tabled."""
    from catan_env.games.ancients.board import NUM_HEXES
    from catan_env.games.ancients.units import CARD_COUNT, EVADE_DISTANCE, LEADER_MOVE

    assert NUM_HEXES == 113 and CARD_COUNT.sum() == 60 and LEADER_MOVE == 3 and EVADE_DISTANCE == 2
    table = {c: (UNIT_BLOCKS[i], UNIT_MOVE[i], UNIT_RETREAT[i]) for i, c in enumerate(UNIT_CODES)}
    assert table["AX"] == (4, 2, 1) and table["WA"] == (4, 1, 2) and table["LC"] == (3, 4, 4)
    assert table["HCH"] == (2, 2, 2) and table["EL"] == (2, 2, 1) and table["WM"] == (2, 1, 1)


def test_order_phase_actions():
    """CCA §7.2: the order step offers 'order_unit', 'order_leader' and 'done'."""
    g = make([("bottom", "HI", 7, 5)], leaders=[("bottom", 7, 5)])
    give_card(g, BOTTOM, "Order Two Units Center")
    g.step("play(order_two_units_center)")
    assert set(g.legal_action_names()) == {"order_unit(r7c5)", "order_leader(r7c5)", "done"}


def test_movement_phase_actions():
    """CCA §7.3: the movement step offers a piece to move (or done), then a destination hex; staying is its own hex."""
    g = make([("bottom", "HI", 7, 5), ("top", "HI", 0, 0)])
    give_card(g, BOTTOM, "Order Two Units Center")
    g.step("play(order_two_units_center)")
    g.step("order_unit(r7c5)")
    assert int(g.state[L.PHASE]) == PH_MOVE
    assert set(g.legal_action_names()) == {"pick_unit(r7c5)", "done"}
    g.step("pick_unit(r7c5)")
    assert "hex(r7c5)" in g.legal_action_names()


def test_battle_phase_actions():
    """CCA §7.4: the battle step offers a unit that can battle (or done), then its target; the kind of combat follows from the target's distance."""
    g = make(
        [("bottom", "LB", 6, 5), ("bottom", "HI", 5, 7), ("top", "MI", 4, 5), ("top", "MI", 4, 7)]
    )
    to_battle(g, (6, 5), (5, 7))
    assert int(g.state[L.PHASE]) == PH_BATTLE
    assert set(g.legal_action_names()) == {"pick_unit(r6c5)", "pick_unit(r5c7)", "done"}


def test_end_of_turn_is_automatic():
    """CCA §7.6, CCA §3.3: ending the battle step draws automatically and passes the turn."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)])
    to_battle(g, (5, 5))
    g.step("done")
    assert int(g.state[L.PHASE]) == PH_PLAY and g.active_side == 1


def test_engine_order_one_leader_check_per_roll_after_retreat_losses():
    """CCA §3.15, CCA §3.12.2: hits, then flags, then the retreat; the leader casualty check comes once per roll, and a unit eliminated by failed-retreat losses gives its leader the 1-die check."""
    g = make([("bottom", "HI", 1, 5), ("top", "MI", 0, 5, 2)], leaders=[("top", 0, 5)])
    to_battle(g, (1, 5))
    # one medium hit (2 -> 1 block), one flag it cannot take on its baseline: eliminated;
    # the leader then rolls 1 die (light: he survives and must evade)
    attack(g, (1, 5), (0, 5), ["medium", "flag", "flag", "light", "light", "light"])
    if g.phase == "ignore flags":
        g.step("ignore_flags(1)")
    assert g.state[L.UNIT_TYPE + H(0, 5)] == 0
    assert g.phase == "leader evade"
    assert g.state[L.FORCED_POS] == 6  # 5 attack dice + exactly one check die
