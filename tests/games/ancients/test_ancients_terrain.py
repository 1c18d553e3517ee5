"""Ancients terrain of CCA §3.13: fordable river, fortified camp, marsh, town.

Board coordinates are (row, column) as in CCA §2.1; the bottom army retreats toward
row 8, the top army toward row 0. Dice are forced with ``Game.force_dice``; a
marsh check, like every die, takes the next forced face.
"""

import pytest
from ancients_helpers import BOTTOM, TOP, H, attack, blocks, leader, make, order, to_battle, unit

from catan_env.games.ancients import Scenario, ScenarioError
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.phases import (
    PH_ADVANCE,
    PH_BATTLE,
    PH_BATTLE_BACK,
    PH_IGNORE,
    PH_LEADER_EVADE,
    PH_MOVE,
    PH_PLAY,
    PH_RETREAT,
)
from catan_env.games.ancients.render import render_text
from catan_env.games.ancients.units import TERRAIN_CODES


def phase(g):
    return int(g.state[L.PHASE])


def dice_rolled(g):
    return int(g.state[L.DICE_N])


def row(r, kind):
    """Every hex of row ``r`` of one terrain (a wall no move can go around)."""
    return [(kind, r, c) for c in range(13 if r % 2 == 0 else 12)]


def moves(g, frm):
    g.step(f"pick_unit(r{frm[0]}c{frm[1]})")
    return set(g.legal_action_names())


# ---------------------------------------------------------------- must stop


@pytest.mark.parametrize("kind", ["fordable_river", "marsh"])
def test_ford_and_marsh_stop_every_unit_and_lone_leader(kind):
    """CCA §3.13, CCA §3.6.1: a unit or lone leader entering a ford or a marsh must stop there; light cavalry (4 hexes) cannot cross a row of them, a lone leader neither."""
    g = make([("bottom", "LC", 7, 5), ("top", "HI", 0, 0)], terrain=row(6, kind))
    order(g, (7, 5))
    names = moves(g, (7, 5))
    assert "hex(r6c5)" in names and "hex(r6c2)" in names
    assert not any(n.startswith("hex(r5") for n in names)
    g2 = make([("top", "HI", 0, 0)], leaders=[("bottom", 7, 5)], terrain=row(6, kind))
    order(g2, leaders=[(7, 5)])
    g2.step("pick_leader(r7c5)")
    names = set(g2.legal_action_names())
    assert "hex(r6c5)" in names and not any(n.startswith("hex(r5") for n in names)


def test_town_and_camp_do_not_stop_movement():
    """CCA §3.13: a fortified camp has no movement restriction; a town plays as clear, so light cavalry crosses a row of either."""
    for kind in ("fortified_camp", "town"):
        g = make([("bottom", "LC", 7, 5), ("top", "HI", 0, 0)], terrain=row(6, kind))
        order(g, (7, 5))
        assert "hex(r4c5)" in moves(g, (7, 5)), kind


# ---------------------------------------------------------------- fordable river


def test_unit_may_battle_the_turn_it_enters_a_ford_with_at_most_two_dice():
    """CCA §3.13 [interpretation], CCA §3.9.4: a unit that entered a ford may battle the same turn; close combat out of the ford rolls at most 2 dice."""
    g = make([("bottom", "HI", 6, 5), ("top", "MI", 4, 5)], terrain=[("fordable_river", 5, 5)])
    order(g, (6, 5))
    g.step("pick_unit(r6c5)")
    g.step("hex(r5c5)")  # nothing else to move: the battle step starts
    assert phase(g) == PH_BATTLE and "pick_unit(r5c5)" in g.legal_action_names()
    attack(g, (5, 5), (4, 5), ["medium", "medium"])
    assert dice_rolled(g) == 2 and blocks(g, 4, 5) == 2


def test_close_combat_into_a_ford_and_battle_back_out_of_it_roll_at_most_two():
    """CCA §3.13, CCA §3.9.6: attacking a unit in a ford rolls at most 2 dice, and its battle back out of the ford also at most 2."""
    g = make([("bottom", "HI", 5, 5), ("top", "HI", 4, 5)], terrain=[("fordable_river", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["light", "light"])
    assert dice_rolled(g) == 2 and phase(g) == PH_BATTLE_BACK
    g.force_dice(["heavy", "heavy"])
    g.step("battle_back")
    assert dice_rolled(g) == 2 and blocks(g, 5, 5) == 2


def test_a_unit_in_a_ford_fires_one_die_and_a_ford_does_not_block_sight():
    """CCA §3.13, CCA §3.8.4, CCA §3.8.5: an unmoved unit in a ford fires with at most 1 die; a ford between firer and target leaves the line of sight open."""
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)], terrain=[("fordable_river", 6, 5)])
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["medium"])
    assert dice_rolled(g) == 1 and blocks(g, 4, 5) == 3
    # the forest of test_forest_caps_fire_at_one_die_and_blocks_sight, as a ford
    g2 = make([("bottom", "LB", 6, 4), ("top", "MI", 3, 5)], terrain=[("fordable_river", 5, 4)])
    to_battle(g2, (6, 4))
    attack(g2, (6, 4), (3, 5), ["medium", "medium"])
    assert dice_rolled(g2) == 2 and blocks(g2, 3, 5) == 2


def test_momentum_advance_out_of_a_ford_only_if_the_unit_did_not_move():
    """CCA §3.10 [CNC only], CCA §3.13: a unit in a ford that moved this turn may not momentum advance out of it; an unmoved one may."""
    for moved in (0, 1):
        g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "HI", 3, 4)],
                 terrain=[("fordable_river", 5, 5)])  # fmt: skip
        to_battle(g, (5, 5), moved={(5, 5): moved})
        attack(g, (5, 5), (4, 5), ["flag", "light"])
        assert unit(g, 3, 5) == "MI"  # the one free rear hex
        assert (phase(g) == PH_ADVANCE) == (moved == 0), moved


# ---------------------------------------------------------------- fortified camp


def test_foot_unit_in_a_camp_ignores_one_sword_and_one_flag():
    """CCA §3.13 [p.14], CCA §3.9.8, CCA §3.11.2: a foot unit on a fortified camp ignores 1 sword hit and may ignore 1 flag."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], terrain=[("fortified_camp", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["swords", "swords", "flag", "light", "light"])
    assert dice_rolled(g) == 5  # no cap in a camp
    assert blocks(g, 4, 5) == 3  # 2 swords, 1 ignored
    assert phase(g) == PH_IGNORE and g.current_side == TOP
    assert set(g.legal_action_names()) == {"ignore_flags(0)", "ignore_flags(1)"}
    g.step("ignore_flags(1)")
    assert unit(g, 4, 5) == "MI" and phase(g) == PH_BATTLE_BACK


def test_mounted_unit_in_a_camp_gets_neither_ignore():
    """CCA §3.13 [p.14], CCA §3.9.8: only foot units in a camp ignore a sword and a flag; medium cavalry there (attacked by medium cavalry, so it may not evade) takes every sword and retreats on the flag."""
    g = make([("bottom", "MC", 5, 5), ("top", "MC", 4, 5)], terrain=[("fortified_camp", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["swords", "swords", "flag"])
    assert blocks(g, 4, 5) == 1
    assert phase(g) == PH_RETREAT and g.current_side == TOP  # no flag to ignore


def test_camp_flag_is_ignorable_against_fire_too():
    """CCA §3.11.2, CCA §3.13: the camp's flag ignore is not limited to close combat, so a foot unit in a camp fired at may ignore the flag."""
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)], terrain=[("fortified_camp", 4, 5)])
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["flag", "light"])
    assert phase(g) == PH_IGNORE and g.current_side == TOP


def test_elephant_sword_ignored_by_the_camp_is_not_rerolled():
    """CCA §3.9.7, CCA §3.13: against a foot unit in a camp the first sword an elephant rolls is neither a hit nor re-rolled; further swords hit and are re-rolled."""
    g = make([("bottom", "EL", 5, 5), ("top", "MI", 4, 5)], terrain=[("fortified_camp", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["swords", "swords", "light", "light", "light"])
    assert int(g.state[L.FORCED_POS]) == 5  # 4 dice and one re-roll
    assert blocks(g, 4, 5) == 3


def test_camp_dice_penalty_option():
    """CCA §3.13 [CNC only, verify], option camp_dice_penalty (default off): on, a unit battling from a camp rolls 1 die fewer, in close combat, battle back and fire."""
    from catan_env.games.ancients.setup import DEFAULT_OPTIONS

    assert DEFAULT_OPTIONS["camp_dice_penalty"] is False
    for on, want in ((False, 5), (True, 4)):
        g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)],
                 terrain=[("fortified_camp", 5, 5)], camp_dice_penalty=on)  # fmt: skip
        to_battle(g, (5, 5))
        attack(g, (5, 5), (4, 5), ["light"] * want)
        assert dice_rolled(g) == want
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)],
             terrain=[("fortified_camp", 4, 5)], camp_dice_penalty=True)  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["light"] * 5)
    g.force_dice(["light"] * 3)
    g.step("battle_back")
    assert dice_rolled(g) == 3  # medium infantry battles back with 4 - 1
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)],
             terrain=[("fortified_camp", 6, 5)], camp_dice_penalty=True)  # fmt: skip
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["medium"])
    assert dice_rolled(g) == 1 and blocks(g, 4, 5) == 3


def test_camp_blocks_line_of_sight_option():
    """CCA §3.13 [CNC only, verify], CCA §3.8.5, option camp_blocks_los (default on, the rules file's table): a camp between firer and target blocks the line of sight; off, it is open."""
    for on in (True, False):
        g = make([("bottom", "LB", 6, 4), ("top", "MI", 3, 5)],
                 terrain=[("fortified_camp", 5, 4)], camp_blocks_los=on)  # fmt: skip
        to_battle(g, (6, 4))
        assert (g.legal_action_names() == ["done"]) == on
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)], terrain=[("fortified_camp", 4, 5)])
    to_battle(g, (6, 5))
    assert "pick_unit(r6c5)" in g.legal_action_names()  # the target's own camp never blocks


# ---------------------------------------------------------------- marsh


def test_unit_entering_a_marsh_loses_a_block_on_its_own_symbol():
    """CCA §3.13: a unit entering a marsh rolls 1 die and loses 1 block if it shows the unit's own class symbol; any other face costs nothing."""
    for face, left in (("medium", 3), ("heavy", 4), ("swords", 4)):
        g = make([("bottom", "MI", 6, 5), ("top", "HI", 0, 0)], terrain=[("marsh", 5, 5)])
        order(g, (6, 5))
        g.force_dice([face])
        g.step("pick_unit(r6c5)")
        g.step("hex(r5c5)")
        assert blocks(g, 5, 5) == left, face
        assert int(g.state[L.FORCED_POS]) == 1


def test_marsh_check_can_eliminate_a_unit():
    """CCA §3.13, CCA §3.2: a one-block unit that fails its marsh check is eliminated and the enemy gains a banner."""
    g = make([("bottom", "LC", 6, 5, 1), ("top", "HI", 0, 0)], terrain=[("marsh", 5, 5)])
    order(g, (6, 5))
    g.force_dice(["light"])
    g.step("pick_unit(r6c5)")
    g.step("hex(r5c5)")
    assert unit(g, 5, 5) is None and g.banners == (0, 1)


def test_marsh_loss_makes_the_leader_casualty_check():
    """CCA §3.12.2, CCA §3.13: a unit with a leader that loses a block entering a marsh makes the casualty check: 2 helmets kill the leader."""
    for faces, alive in (
        (["medium", "helmet", "helmet"], False),
        (["medium", "helmet", "light"], True),
    ):
        g = make([("bottom", "MI", 6, 5), ("top", "HI", 0, 0)], leaders=[("bottom", 6, 5)],
                 terrain=[("marsh", 5, 5)])  # fmt: skip
        order(g, (6, 5), leaders=[(6, 5)])
        g.force_dice(faces)
        g.step("pick_unit(r6c5)")
        g.step("hex(r5c5)")
        assert blocks(g, 5, 5) == 3 and leader(g, 5, 5) == alive
        assert g.banners == (0, 0 if alive else 1)


def test_unit_killed_in_a_marsh_leaves_its_leader_to_check_and_evade():
    """CCA §3.12.2, CCA §3.12.5, CCA §3.13: a unit eliminated by the marsh leaves its leader alone: 1 die, a helmet kills him, else he evades, and then the movement step goes on."""
    g = make([("bottom", "MI", 6, 5, 1), ("bottom", "HI", 7, 8), ("top", "HI", 0, 0)],
             leaders=[("bottom", 6, 5)], terrain=[("marsh", 5, 5)])  # fmt: skip
    order(g, (6, 5), (7, 8), leaders=[(6, 5)])
    g.force_dice(["medium", "light"])
    g.step("pick_unit(r6c5)")
    g.step("hex(r5c5)")
    assert unit(g, 5, 5) is None and g.banners == (0, 1)
    assert phase(g) == PH_LEADER_EVADE and g.current_side == BOTTOM
    g.step("hex(r7c5)")
    assert leader(g, 7, 5) and phase(g) == PH_MOVE
    assert "pick_unit(r7c8)" in g.legal_action_names()
    g2 = make([("bottom", "MI", 6, 5, 1), ("top", "HI", 0, 0)],
              leaders=[("bottom", 6, 5)], terrain=[("marsh", 5, 5)])  # fmt: skip
    order(g2, (6, 5), leaders=[(6, 5)])
    g2.force_dice(["medium", "helmet"])
    g2.step("pick_unit(r6c5)")
    g2.step("hex(r5c5)")
    assert not leader(g2, 5, 5) and g2.banners == (0, 2)


def test_lone_leader_entering_a_marsh_is_killed_on_a_helmet():
    """CCA §3.13: a lone leader entering a marsh rolls 1 die; a helmet kills him (a banner to the enemy)."""
    for face, alive in (("helmet", False), ("light", True)):
        g = make([("top", "HI", 0, 0)], leaders=[("bottom", 7, 5)], terrain=[("marsh", 6, 5)])
        order(g, leaders=[(7, 5)])
        g.force_dice([face])
        g.step("pick_leader(r7c5)")
        g.step("hex(r6c5)")
        assert leader(g, 6, 5) == alive and g.banners == (0, 0 if alive else 1)


def test_a_unit_or_leader_leaves_a_marsh_by_one_hex_only():
    """CCA §3.13: a unit in a marsh may leave it by 1 hex only (light cavalry, 4 hexes elsewhere); a lone leader too."""
    g = make([("bottom", "LC", 5, 5), ("top", "HI", 0, 0)], terrain=[("marsh", 5, 5)])
    order(g, (5, 5))
    far = {n for n in moves(g, (5, 5)) if n.startswith("hex")}
    near = ((5, 5), (5, 4), (5, 6), (4, 5), (4, 6), (6, 5), (6, 6))  # staying, or 1 hex
    assert far == {f"hex(r{r}c{c})" for r, c in near}
    g2 = make([("top", "HI", 0, 0)], leaders=[("bottom", 5, 5)], terrain=[("marsh", 5, 5)])
    order(g2, leaders=[(5, 5)])
    g2.step("pick_leader(r5c5)")
    assert len([n for n in g2.legal_action_names() if n.startswith("hex")]) == 7


def test_war_machine_may_not_enter_a_marsh():
    """CCA §3.13: a heavy war machine may not enter a marsh."""
    g = make([("bottom", "WM", 6, 5), ("top", "HI", 0, 0)], terrain=[("marsh", 5, 5)])
    order(g, (6, 5))
    names = moves(g, (6, 5))
    assert "hex(r5c4)" in names and "hex(r5c5)" not in names


def test_marsh_caps_close_combat_at_two_and_fire_out_of_it_at_one():
    """CCA §3.13, CCA §3.9.4: close combat into or out of a marsh rolls at most 2 dice; a unit firing from a marsh at most 1."""
    for hexes in ((4, 5), (5, 5)):
        g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], terrain=[("marsh", *hexes)])
        to_battle(g, (5, 5))
        attack(g, (5, 5), (4, 5), ["light", "light"])
        assert dice_rolled(g) == 2, hexes
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)], terrain=[("marsh", 6, 5)])
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["medium"])
    assert dice_rolled(g) == 1 and blocks(g, 4, 5) == 3


def test_retreat_into_a_marsh_rolls_the_marsh_check():
    """CCA §3.13 (CNC reading), CCA §3.11.1: a unit retreating into a marsh rolls the marsh check on entering it."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "HI", 3, 4)],
             terrain=[("marsh", 3, 5)])  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["flag", "light", "light", "light", "light", "medium"])
    assert unit(g, 3, 5) == "MI" and blocks(g, 3, 5) == 3
    assert phase(g) == PH_ADVANCE


def test_marsh_loss_on_retreat_shares_the_rolls_single_leader_check():
    """CCA §3.12.2, CCA §3.13, CCA §3.15: a block lost to the attack and one lost to the marsh on the retreat are one combat sequence: its one 2-dice leader check follows the hits (before the flags), and the marsh loss makes no second check."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "HI", 3, 4)],
             leaders=[("top", 4, 5)], terrain=[("marsh", 3, 5)])  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["medium", "flag", "light", "light", "light", "helmet", "light"])
    assert phase(g) == PH_IGNORE and leader(g, 4, 5)  # he survived the check
    g.force_dice(["medium", "helmet", "helmet"])
    g.step("ignore_flags(0)")
    assert unit(g, 3, 5) == "MI" and blocks(g, 3, 5) == 2
    assert leader(g, 3, 5) and g.banners == (0, 0)
    assert int(g.state[L.FORCED_POS]) == 1  # the marsh die only: no second check


def test_momentum_advance_into_a_marsh_rolls_the_marsh_check():
    """CCA §3.10, CCA §3.13: a momentum advance into a marsh is entering it: the marsh check is rolled."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "HI", 3, 4)],
             terrain=[("marsh", 4, 5)])  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["flag", "light"])
    assert phase(g) == PH_ADVANCE
    g.force_dice(["heavy"])
    g.step("hex(r4c5)")
    assert unit(g, 4, 5) == "HI" and blocks(g, 4, 5) == 3
    assert phase(g) == PH_PLAY  # heavy infantry without a leader has no bonus combat


def test_cavalry_killed_by_the_marsh_on_its_advance_ends_the_combat():
    """CCA §3.10, CCA §3.13: cavalry eliminated by the marsh check of its momentum advance gets no extra hex and no bonus combat; the enemy gains a banner."""
    g = make([("bottom", "MC", 5, 5, 1), ("top", "MI", 4, 5), ("top", "HI", 3, 4)],
             terrain=[("marsh", 4, 5)])  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["flag", "light"])
    assert phase(g) == PH_ADVANCE
    g.force_dice(["medium"])
    g.step("hex(r4c5)")
    assert unit(g, 4, 5) is None and g.banners == (0, 1)
    assert phase(g) == PH_PLAY and g.active_side == TOP


# ---------------------------------------------------------------- town and limits


def test_town_plays_as_clear():
    """CCA §3.13 [interpretation]: a town has no rules of its own (scenario special rules, not played yet), so it plays as clear: full dice, open sight, no ignores."""
    g = make(
        [("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], terrain=[("town", 4, 5), ("town", 5, 5)]
    )
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["swords", "flag", "light", "light", "light"])
    assert dice_rolled(g) == 5 and blocks(g, 4, 5) == 3
    assert phase(g) == PH_RETREAT  # no flag to ignore
    g2 = make([("bottom", "LB", 6, 4), ("top", "MI", 3, 5)], terrain=[("town", 5, 4)])
    to_battle(g2, (6, 4))
    attack(g2, (6, 4), (3, 5), ["medium", "medium"])
    assert dice_rolled(g2) == 2 and blocks(g2, 3, 5) == 2


def test_lowest_limit_of_both_hexes_and_camp_penalty_after_caps():
    """CCA §3.13 (general dice rule), CCA §3.9.4: where both hexes limit the dice the lowest holds (foot downhill 3, into a ford 2); the camp's die less comes after the caps."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)],
             terrain=[("hill", 5, 5), ("fordable_river", 4, 5)])  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["light", "light"])
    assert dice_rolled(g) == 2
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)],
             terrain=[("fortified_camp", 5, 5), ("marsh", 4, 5)], camp_dice_penalty=True)  # fmt: skip
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["light"])
    assert dice_rolled(g) == 1


# ---------------------------------------------------------------- scenario format


def _scenario(terrain):
    return {
        "id": "t",
        "name": "t",
        "bottom_side": "a",
        "top_side": "b",
        "terrain": terrain,
        "units": [{"side": "bottom", "type": "HI", "r": 7, "c": 5}],
        "war_council": {
            "bottom": {"command_cards": 5},
            "top": {"command_cards": 5},
            "first": "bottom",
            "banners_to_win": 5,
        },
    }


def test_every_terrain_of_the_rules_loads_and_renders_with_its_own_symbol():
    """CCA §3.13, CCA §5.1: every terrain name loads (a ford also as a river with "ford": true) and the text board shows each with a distinct symbol."""
    assert set(TERRAIN_CODES) == {"clear", "forest", "hill", "broken_ground", "river", "lake",
                                  "fordable_river", "fortified_camp", "marsh", "town"}  # fmt: skip
    terrain = [{"type": t, "r": 4, "c": i} for i, t in enumerate(TERRAIN_CODES)]
    sc = Scenario.from_dict(_scenario(terrain))
    assert [int(sc.terrain[H(4, i)]) for i in range(len(TERRAIN_CODES))] == list(
        range(len(TERRAIN_CODES))
    )
    ford = Scenario.from_dict(_scenario([{"type": "river", "ford": True, "r": 4, "c": 0}]))
    assert TERRAIN_CODES[int(ford.terrain[H(4, 0)])] == "fordable_river"
    from catan_env.games.ancients import Game

    line = render_text(Game(sc, seed=0)).splitlines()[4].split()
    assert line[: len(TERRAIN_CODES)] == [".", "f", "h", "b", "~", "w", "=", "#", "m", "t"]


@pytest.mark.parametrize(
    "terrain,field",
    [
        ([{"type": "swamp", "r": 4, "c": 4}], "terrain[0].type"),
        ([{"type": 3, "r": 4, "c": 4}], "terrain[0].type"),
        ([{"r": 4, "c": 4}], "terrain[0].type"),
        ([{"type": "marsh", "r": 4}], "terrain[0].c"),
        ([{"type": "river", "ford": "yes", "r": 4, "c": 4}], "terrain[0].ford"),
        ([{"type": "forest", "ford": True, "r": 4, "c": 4}], "terrain[0].ford"),
        ([{"type": "marsh", "r": 4, "c": 4}, {"type": "town", "r": 4, "c": 4}], "terrain[1].r/c"),
        ({"type": "marsh"}, "terrain"),
    ],
)
def test_bad_terrain_entries_name_the_field(terrain, field):
    """CCA §5.1: an unknown terrain name or a malformed terrain entry raises an error naming the field."""
    with pytest.raises(ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        Scenario.from_dict(_scenario(terrain))
