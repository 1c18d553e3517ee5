"""Ancients combat: dice, hits, flags, retreats, battle back, evade, momentum, leaders.

Board coordinates are (row, column) as in CCA §2.1; the bottom army retreats toward
row 8, the top army toward row 0. Dice are forced with ``Game.force_dice``.
"""

import pytest
from ancients_helpers import BOTTOM, TOP, H, attack, blocks, leader, make, to_battle, unit

from catan_env.games.ancients import layout as L
from catan_env.games.ancients.phases import (
    PH_ADVANCE,
    PH_BATTLE_BACK,
    PH_BONUS,
    PH_EVADE_DEST,
    PH_EXTRA_HEX,
    PH_IGNORE,
    PH_LEADER_EVADE,
    PH_OVER,
    PH_PLAY,
    PH_REACT,
    PH_RETREAT,
)


def phase(g):
    return int(g.state[L.PHASE])


def duel(att="HI", dfd="MI", att_hex=(5, 5), dfd_hex=(4, 5), extra=(), leaders=(), **kw):
    g = make([("bottom", att, *att_hex), ("top", dfd, *dfd_hex), *extra], leaders=leaders, **kw)
    to_battle(g, att_hex)
    return g


def test_close_combat_scores_colour_and_swords_and_rolls_unit_dice():
    """CCA §3.9.2, CCA §3.9.3: heavy infantry rolls 5 dice; its colour symbol and swords hit a medium unit, other symbols miss."""
    g = duel()
    attack(g, (5, 5), (4, 5), ["medium", "swords", "heavy", "light", "helmet"])
    assert g.state[L.DICE_N] == 5
    assert blocks(g, 4, 5) == 2
    assert phase(g) == PH_BATTLE_BACK and g.current_side == TOP


def test_light_units_do_not_hit_with_swords():
    """CCA §3.9.2: light infantry do not score hits with swords."""
    g = duel(att="LI")
    attack(g, (5, 5), (4, 5), ["swords", "swords"])
    assert blocks(g, 4, 5) == 4


def test_auxilia_hit_with_swords_and_roll_three():
    """CCA §3.9.3: auxilia roll 3 dice and do hit with swords although light."""
    g = duel(att="AX")
    attack(g, (5, 5), (4, 5), ["swords", "light", "light"])
    assert g.state[L.DICE_N] == 3 and blocks(g, 4, 5) == 3


def test_helmet_hits_with_an_adjacent_friendly_leader():
    """CCA §3.9.2, CCA §3.12.1: a helmet hits when a friendly leader is attached or adjacent."""
    g = duel(leaders=[("bottom", 6, 5)])
    attack(g, (5, 5), (4, 5), ["helmet", "helmet", "light", "light", "light"])
    assert blocks(g, 4, 5) == 2
    g2 = duel()
    attack(g2, (5, 5), (4, 5), ["helmet", "helmet", "light", "light", "light"])
    assert blocks(g2, 4, 5) == 4


def test_battle_back_with_battle_back_dice_and_retreat_of_the_attacker():
    """CCA §3.9.6, CCA §3.11.1: the surviving defender may battle back; its flag makes the attacker retreat one hex toward its side, the attacker's owner choosing among the two rear hexes."""
    g = duel()
    attack(g, (5, 5), (4, 5), ["light"] * 5)
    g.force_dice(["heavy", "flag", "light", "light"])
    g.step("battle_back")
    assert g.state[L.DICE_N] == 4
    assert phase(g) == PH_RETREAT and g.current_side == BOTTOM
    assert set(g.legal_action_names()) == {"hex(r6c5)", "hex(r6c6)"}
    g.step("hex(r6c6)")
    assert unit(g, 6, 6) == "HI" and blocks(g, 6, 6) == 3 and unit(g, 5, 5) is None
    assert phase(g) == PH_PLAY and g.active_side == TOP  # nothing left to battle: turn over


def test_battle_back_is_optional():
    """CCA §3.9.6: the defender "may" battle back; declining ends the combat."""
    g = duel()
    attack(g, (5, 5), (4, 5), ["light"] * 5)
    g.step("no_battle_back")
    assert phase(g) == PH_PLAY and blocks(g, 5, 5) == 4


def test_auto_battle_back_option():
    """CCA §3.9.6 (option): with auto_battle_back the defender battles back without being asked."""
    g = duel(auto_battle_back=True)
    g.force_dice(["light"] * 5 + ["heavy", "light", "light", "light"])
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert blocks(g, 5, 5) == 3


def test_flag_retreat_then_momentum_advance_and_no_battle_back():
    """CCA §3.9.1, CCA §3.10, CCA §3.11.1: a flag makes the defender retreat 1 hex (medium infantry); the hex is vacated, so the attacker may advance and there is no battle back."""
    g = duel()
    attack(g, (5, 5), (4, 5), ["flag", "light", "light", "light", "light"])
    assert phase(g) == PH_RETREAT and g.current_side == TOP
    g.step("hex(r3c5)")
    assert unit(g, 3, 5) == "MI"
    assert phase(g) == PH_ADVANCE and g.current_side == BOTTOM
    g.step("hex(r4c5)")
    assert unit(g, 4, 5) == "HI"
    # heavy infantry without a leader may not bonus combat: the turn ends
    assert phase(g) == PH_PLAY


def test_blocked_retreat_costs_one_block_per_hex():
    """CCA §3.11.1, CCA §3.11.4: light infantry on its baseline cannot evade (no hex toward its side); one flag there costs 2 blocks (2 hexes per flag)."""
    g = duel(dfd="LI", att_hex=(1, 5), dfd_hex=(0, 5))
    g.step("pick_unit(r1c5)")
    g.force_dice(["flag", "medium", "medium", "medium", "medium"])
    g.step("hex(r0c5)")
    assert blocks(g, 0, 5) == 2
    assert phase(g) == PH_BATTLE_BACK


def test_blocked_retreat_partial():
    """CCA §3.11.1: one flag on light infantry at the baseline costs 2 blocks."""
    g = duel(dfd="MI", att_hex=(1, 5), dfd_hex=(0, 5))
    attack(g, (1, 5), (0, 5), ["flag", "light", "light", "light", "light"])
    assert blocks(g, 0, 5) == 3
    # a unit that could not retreat is still in its hex and may battle back (CCA §3.9.6)
    assert phase(g) == PH_BATTLE_BACK


def test_support_lets_the_owner_ignore_a_flag():
    """CCA §3.11.2, CCA §3.14: a unit with two adjacent friendly units may ignore one flag; the owner chooses how many."""
    g = duel(extra=[("top", "MI", 4, 4), ("top", "MI", 4, 6)])
    attack(g, (5, 5), (4, 5), ["flag", "flag", "light", "light", "light"])
    assert phase(g) == PH_IGNORE and g.current_side == TOP
    assert set(g.legal_action_names()) == {"ignore_flags(0)", "ignore_flags(1)"}
    g.step("ignore_flags(1)")
    assert phase(g) == PH_RETREAT  # the second flag still moves it


def test_attached_leader_and_support_stack():
    """CCA §3.11.2, CCA §3.12.3: an attached leader adds one more ignorable flag."""
    g = duel(extra=[("top", "MI", 4, 4), ("top", "MI", 4, 6)], leaders=[("top", 4, 5)])
    attack(g, (5, 5), (4, 5), ["flag", "flag", "flag", "light", "light"])
    assert "ignore_flags(2)" in g.legal_action_names()
    assert "ignore_flags(3)" not in g.legal_action_names()


def test_full_strength_warriors_roll_an_extra_die_and_ignore_a_flag():
    """CCA §3.9.3: warriors at full strength roll 4 dice and may ignore 1 flag; after a loss, 3 dice."""
    g = duel(att="WA")
    attack(g, (5, 5), (4, 5), ["light"] * 4)
    assert g.state[L.DICE_N] == 4
    g2 = make([("bottom", "WA", 5, 5, 3), ("top", "MI", 4, 5)])
    to_battle(g2, (5, 5))
    attack(g2, (5, 5), (4, 5), ["light"] * 3)
    assert g2.state[L.DICE_N] == 3
    g3 = duel(att="HI", dfd="WA")
    attack(g3, (5, 5), (4, 5), ["flag", "light", "light", "light", "light"])
    assert phase(g3) == PH_IGNORE


def test_heavy_chariot_ignores_one_sword():
    """CCA §3.9.8: a heavy chariot ignores 1 sword hit."""
    g = duel(att="MC", dfd="HCH")
    attack(g, (5, 5), (4, 5), ["swords", "swords", "light"])
    assert blocks(g, 4, 5) == 1


def test_camel_ignores_a_symbol_hit_from_cavalry():
    """CCA §3.9.8: a camel ignores 1 symbol hit when attacked by cavalry."""
    g = duel(att="MC", dfd="CA")
    attack(g, (5, 5), (4, 5), ["medium", "medium", "light"])
    assert blocks(g, 4, 5) == 2


def test_evade_only_own_symbol_hits_and_no_momentum():
    """CCA §3.11.4: light cavalry evades close combat; only its own symbol hits, it moves 2 hexes toward its side, and the attacker may not advance."""
    g = duel(dfd="LC")
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert phase(g) == PH_REACT and g.current_side == TOP
    assert set(g.legal_action_names()) == {"stand", "evade"}
    g.force_dice(["light", "swords", "flag", "helmet", "medium"])
    g.step("evade")
    assert blocks(g, 4, 5) == 2
    assert phase(g) == PH_EVADE_DEST
    dests = g.legal_action_names()
    assert dests and all(n.startswith("hex(r2") for n in dests)
    g.step(dests[0])
    assert unit(g, 4, 5) is None
    assert phase(g) == PH_PLAY  # no momentum advance after an evade


def test_medium_cavalry_evades_foot_but_not_light_cavalry():
    """CCA §3.11.4: medium cavalry may evade foot and heavy mounted units, not light cavalry."""
    g = duel(att="HI", dfd="MC")
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert phase(g) == PH_REACT
    g2 = duel(att="LC", dfd="MC")
    g2.force_dice(["light", "light"])
    g2.step("pick_unit(r5c5)")
    g2.step("hex(r4c5)")
    assert phase(g2) != PH_REACT


def test_war_machine_evades_off_the_board_without_banner():
    """CCA §3.11.4, CCA §3.2: an evading war machine is removed, no banner."""
    g = duel(dfd="WM")
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    g.force_dice(["light"] * 5)
    g.step("evade")
    assert unit(g, 4, 5) is None and g.banners == (0, 0)


def test_elimination_gives_a_banner_and_victory_is_immediate():
    """CCA §3.2, CCA §1.6: the last block removed gives a banner; reaching the target ends the game at once."""
    g = duel(banners=1, dfd="MI")
    g.state[L.UNIT_BLOCKS + H(4, 5)] = 1
    attack(g, (5, 5), (4, 5), ["medium", "light", "light", "light", "light"])
    assert g.done and g.winner == BOTTOM and phase(g) == PH_OVER


def test_cavalry_momentum_extra_hex_and_bonus_combat():
    """CCA §3.10: cavalry that wins a close combat may advance, move one extra hex and make one bonus close combat."""
    g = duel(att="MC", dfd="LI", extra=[("top", "MI", 3, 4)])
    g.state[L.UNIT_BLOCKS + H(4, 5)] = 1
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    g.force_dice(["light", "heavy", "heavy"])
    g.step("stand")
    assert unit(g, 4, 5) is None and phase(g) == PH_ADVANCE
    g.step("hex(r4c5)")
    assert phase(g) == PH_EXTRA_HEX
    g.step("done")
    assert phase(g) == PH_BONUS and "hex(r3c4)" in g.legal_action_names()
    g.force_dice(["medium", "medium", "medium"])
    g.step("hex(r3c4)")
    assert blocks(g, 3, 4) == 1
    assert phase(g) == PH_BATTLE_BACK  # a bonus combat may be battled back


def test_cavalry_advancing_into_a_stop_hex_gets_no_extra_hex():
    """CCA §3.10, CCA §3.13: an advance into a "stop" hex ends there: cavalry that
    advances into a forest gets no extra hex (and, being mounted, no bonus combat)."""
    g = duel(att="MC", dfd="LI", extra=[("top", "MI", 3, 4)], terrain=[("forest", 4, 5)])
    g.state[L.UNIT_BLOCKS + H(4, 5)] = 1
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    g.force_dice(["light", "heavy"])  # into a forest: at most 2 dice
    g.step("stand")
    assert unit(g, 4, 5) is None and phase(g) == PH_ADVANCE
    g.step("hex(r4c5)")
    assert unit(g, 4, 5) is not None
    assert phase(g) not in (PH_EXTRA_HEX, PH_BONUS)


def test_foot_with_leader_may_bonus_combat():
    """CCA §3.10: a foot unit with an attached leader may bonus combat after advancing; without one it may not."""
    g = duel(dfd="MI", extra=[("top", "MI", 3, 4)], leaders=[("bottom", 5, 5)])
    g.state[L.UNIT_BLOCKS + H(4, 5)] = 1
    attack(g, (5, 5), (4, 5), ["medium", "light", "light", "light", "light"])
    g.step("hex(r4c5)")
    assert leader(g, 4, 5)  # the leader goes along
    assert phase(g) == PH_BONUS


def test_ranged_combat_two_dice_unmoved_one_moved_no_battle_back():
    """CCA §3.8.4, CCA §3.8.2: ranged fire rolls 2 dice if unmoved, 1 if moved; the target may not battle back or evade."""
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)])
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["medium", "swords"])
    assert g.state[L.DICE_N] == 2 and blocks(g, 4, 5) == 3
    assert phase(g) == PH_PLAY
    g2 = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)])
    to_battle(g2, (6, 5), moved={(6, 5): 1})
    attack(g2, (6, 5), (4, 5), ["medium"])
    assert g2.state[L.DICE_N] == 1


def test_ranged_range_and_adjacent_enemy_forbids_fire():
    """CCA §3.8.2, CCA §3.8.3: light infantry range 2; a unit next to an enemy unit may not fire at all."""
    g = make([("bottom", "LI", 7, 5), ("top", "MI", 4, 5)])
    to_battle(g, (7, 5))
    assert g.legal_action_names() == ["done"]  # out of range: nothing to battle
    g2 = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5), ("top", "LI", 5, 5)])
    to_battle(g2, (6, 5))
    g2.step("pick_unit(r6c5)")
    assert g2.legal_action_names() == ["hex(r5c5)"]


def test_line_of_sight_blocked_by_a_unit_between():
    """CCA §3.8.5: any unit between firer and target blocks line of sight."""
    g = make([("bottom", "LB", 6, 4), ("top", "MI", 3, 5), ("top", "LI", 4, 5)])
    to_battle(g, (6, 4))
    g.step("pick_unit(r6c4)")
    assert "hex(r3c5)" not in g.legal_action_names()


def test_lone_leader_attacked_helmet_kills_else_evades():
    """CCA §3.12.4, CCA §3.11.3: against a lone leader only helmets hit; a survivor must evade (flags do nothing)."""
    g = duel(dfd="MI", dfd_hex=(2, 2), leaders=[("top", 4, 5)])
    attack(g, (5, 5), (4, 5), ["helmet", "flag", "light", "light", "light"])
    assert not leader(g, 4, 5) and g.banners == (1, 0)
    g2 = duel(dfd="MI", dfd_hex=(2, 2), leaders=[("top", 4, 5)])
    attack(g2, (5, 5), (4, 5), ["flag", "flag", "light", "light", "light"])
    assert phase(g2) == PH_LEADER_EVADE and g2.current_side == TOP
    names = g2.legal_action_names()
    assert "hex(r3c5)" in names and all(n.startswith("hex(r") for n in names)
    g2.step("hex(r3c5)")
    assert leader(g2, 3, 5) and g2.banners == (0, 0)
    # CCA §3.12.4 [verify], option default (CNC): no momentum advance after a lone leader
    assert phase(g2) == PH_PLAY


def test_momentum_after_lone_leader_option():
    """CCA §3.12.4, CCA §8 (option momentum_after_lone_leader): the older draft's ruling allows the advance."""
    g = duel(dfd="MI", dfd_hex=(2, 2), leaders=[("top", 4, 5)], momentum_after_lone_leader=True)
    attack(g, (5, 5), (4, 5), ["flag", "flag", "light", "light", "light"])
    g.step("hex(r3c5)")
    assert phase(g) == PH_ADVANCE


def test_leader_casualty_check_two_helmets_kill():
    """CCA §3.12.2: a unit that survives a loss rolls 2 dice for its leader; two helmets kill him (banner)."""
    g = duel(leaders=[("top", 4, 5)])
    g.force_dice(["medium", "light", "light", "light", "light", "helmet", "helmet"])
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert blocks(g, 4, 5) == 3 and not leader(g, 4, 5) and g.banners == (1, 0)
    g2 = duel(leaders=[("top", 4, 5)])
    g2.force_dice(["medium", "light", "light", "light", "light", "helmet", "flag"])
    g2.step("pick_unit(r5c5)")
    g2.step("hex(r4c5)")
    assert leader(g2, 4, 5)


def test_leader_of_eliminated_unit_one_die_then_evade():
    """CCA §3.12.2, CCA §3.12.5: when the unit dies the leader rolls 1 die (helmet kills), else he must evade 1-3 hexes toward his side or off his baseline."""
    g = duel(dfd_hex=(1, 5), att_hex=(2, 5), leaders=[("top", 1, 5)])
    g.state[L.UNIT_BLOCKS + H(1, 5)] = 1
    attack(g, (2, 5), (1, 5), ["medium", "light", "light", "light", "light", "flag"])
    assert g.banners == (1, 0) and phase(g) == PH_LEADER_EVADE
    names = g.legal_action_names()
    assert "leader_off_board" in names
    g.step("leader_off_board")
    assert g.banners == (1, 0)  # leaving by his own baseline gives no banner (CCA §3.2)
    assert g.state[L.GONE_LEADERS + TOP] == 1
    g2 = duel(leaders=[("top", 4, 5)])
    g2.state[L.UNIT_BLOCKS + H(4, 5)] = 1
    attack(g2, (5, 5), (4, 5), ["medium", "light", "light", "light", "light", "helmet"])
    assert g2.banners == (2, 0) and not leader(g2, 4, 5)


def test_terrain_caps_close_combat_dice():
    """CCA §3.9.4, CCA §3.13: forest and broken ground cap close combat at 2 dice; attacking uphill caps at 2."""
    for t in ("forest", "broken_ground", "hill"):
        g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], terrain=[(t, 4, 5)])
        to_battle(g, (5, 5))
        attack(g, (5, 5), (4, 5), ["light"] * 5)
        assert g.state[L.DICE_N] == 2, t


def test_forest_caps_fire_at_one_die_and_blocks_sight():
    """CCA §3.13, CCA §3.8.5: fire at a unit in a forest rolls at most 1 die; a forest between blocks line of sight."""
    g = make([("bottom", "LB", 6, 5), ("top", "MI", 4, 5)], terrain=[("forest", 4, 5)])
    to_battle(g, (6, 5))
    attack(g, (6, 5), (4, 5), ["light"])
    assert g.state[L.DICE_N] == 1
    g2 = make([("bottom", "LB", 6, 4), ("top", "MI", 3, 5)], terrain=[("forest", 5, 4)])
    to_battle(g2, (6, 4))
    assert g2.legal_action_names() == ["done"]


@pytest.mark.parametrize(
    "code,dice",
    [
        ("LI", 2),
        ("AX", 3),
        ("MI", 4),
        ("HI", 5),
        ("LC", 2),
        ("MC", 3),
        ("HC", 4),
        ("HCH", 4),
        ("WM", 2),
    ],
)
def test_close_combat_dice_per_unit(code, dice):
    """CCA §3.9.3, CCA §6.2: close combat dice per unit type."""
    g = duel(att=code)
    g.force_dice(["light"] * dice)
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert g.state[L.DICE_N] == dice


def _escape_setup():
    g = make(
        [
            ("bottom", "HI", 3, 5),
            ("bottom", "MI", 1, 4),
            ("bottom", "LI", 1, 5),
            ("top", "MI", 0, 10),
        ],
        leaders=[("top", 2, 5)],
    )
    to_battle(g, (3, 5))
    attack(g, (3, 5), (2, 5), ["light"] * 5)
    return g


def test_leader_escape_through_enemy_units():
    """CCA §3.12.6: a leader who must evade but whose every path is blocked by enemy units may escape through them; each unit passed rolls its close-combat dice at him and any helmet kills him; the safest path is taken."""
    g = _escape_setup()
    assert g.phase == "leader evade"
    names = set(g.legal_action_names())
    assert {"hex(r0c4)", "hex(r0c5)", "hex(r0c6)", "leader_off_board"} <= names
    g.force_dice(["light", "flag"])  # through the light infantry: 2 dice
    g.step("hex(r0c5)")
    assert leader(g, 0, 5) and g.banners == (0, 0)
    g2 = _escape_setup()
    g2.force_dice(["helmet", "light"])
    g2.step("hex(r0c5)")
    assert not leader(g2, 0, 5) and g2.banners == (1, 0)


def test_forced_retreat_steps_are_asked_when_skip_forced_is_off():
    """CCA §3.11.1, §7.5 (option skip_forced): with skip_forced off, even a retreat step with one legal hex is asked of the owner."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "HI", 3, 4)], skip_forced=False)
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["flag", "light", "light", "light", "light"])
    assert phase(g) == PH_RETREAT and g.legal_action_names() == ["hex(r3c5)"]
    g2 = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "HI", 3, 4)])
    to_battle(g2, (5, 5))
    attack(g2, (5, 5), (4, 5), ["flag", "light", "light", "light", "light"])
    assert unit(g2, 3, 5) == "MI"
