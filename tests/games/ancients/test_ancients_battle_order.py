"""Ancients: a unit battles once per turn, the casualty check before the flags, the
hill caps option.

Board coordinates are (row, column) as in CCA §2.1; the bottom army retreats toward
row 8, the top army toward row 0. Dice are forced with ``Game.force_dice``.
"""

import pytest
from ancients_helpers import (
    TOP,
    H,
    attack,
    blocks,
    give_card,
    leader,
    make,
    to_battle,
    unit,
)

from catan_env.games.ancients import layout as L
from catan_env.games.ancients.phases import (
    PH_BATTLE,
    PH_BATTLE_BACK,
    PH_IGNORE,
    PH_LEADER_EVADE,
    PH_PLAY,
    PH_REACT,
    PH_RETREAT,
)


def phase(g):
    return int(g.state[L.PHASE])


def names(g):
    return set(g.legal_action_names())


# ---------------------------------------------------------------- one battle per turn


def _pushed_back_setup(att="HI"):
    """The reproduction of the issue: bottom ``att`` on r5c5 against top MI on r4c5,
    another top MI on r7c5 behind it; a second ordered bottom unit on r5c9 keeps the
    battle step open (it can still attack r4c9)."""
    g = make(
        [
            ("bottom", att, 5, 5),
            ("bottom", "MI", 5, 9),
            ("top", "MI", 4, 5),
            ("top", "MI", 7, 5),
            ("top", "MI", 4, 9),
        ]
    )
    to_battle(g, (5, 5), (5, 9))
    return g


def test_attacker_pushed_back_by_battle_back_does_not_battle_again():
    """CCA §3.9, CCA §3.9.6: a unit battles once per turn; an attacker that a battle back's flag pushes back has battled and is not offered again from its new hex."""
    g = _pushed_back_setup()
    attack(g, (5, 5), (4, 5), ["light"] * 5)
    assert phase(g) == PH_BATTLE_BACK
    g.force_dice(["light", "flag", "light", "light"])
    g.step("battle_back")
    assert phase(g) == PH_RETREAT
    g.step("hex(r6c5)")  # next to the top unit on r7c5
    assert unit(g, 6, 5) == "HI" and phase(g) == PH_BATTLE
    assert g.state[L.UNIT_FLAGS + H(6, 5)] & L.UF_BATTLED
    assert "pick_unit(r6c5)" not in names(g)
    assert "pick_unit(r5c9)" in names(g)


def test_light_bow_pushed_back_two_hexes_does_not_battle_again():
    """CCA §3.9, CCA §3.11.1: a light bow unit battled back with a flag retreats 2 hexes; it has battled and is not offered again, though it now stands next to an enemy."""
    g = _pushed_back_setup(att="LB")
    attack(g, (5, 5), (4, 5), ["light", "light"])
    g.force_dice(["light", "flag", "light", "light"])
    g.step("battle_back")
    g.step("hex(r6c5)")  # the second hex is forced: r7c5 is held, r7c4 is free
    assert unit(g, 7, 4) == "LB" and phase(g) == PH_BATTLE
    assert g.state[L.UNIT_FLAGS + H(7, 4)] & L.UF_BATTLED
    assert {n for n in names(g) if n.startswith("pick_unit")} == {"pick_unit(r5c9)"}


def test_attacker_pushed_back_by_first_strike_does_not_battle_again():
    """CCA §3.9, CCA §4.4 First Strike: a First Strike flag that makes the attacker retreat ends its battle for the turn; it is not offered again."""
    g = _pushed_back_setup()
    give_card(g, TOP, "First Strike")
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert phase(g) == PH_REACT
    g.force_dice(["flag", "light", "light", "light"])
    g.step("first_strike")
    g.step("hex(r6c5)")
    assert unit(g, 6, 5) == "HI" and blocks(g, 4, 5) == 4
    assert phase(g) == PH_BATTLE
    assert "pick_unit(r6c5)" not in names(g) and "pick_unit(r5c9)" in names(g)


def test_pushed_back_attacker_alone_ends_the_battle_step():
    """CCA §3.9: with no other ordered unit left to battle, the pushed-back attacker's retreat ends the turn."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "MI", 7, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["light"] * 5)
    g.force_dice(["light", "flag", "light", "light"])
    g.step("battle_back")
    g.step("hex(r6c5)")
    assert phase(g) == PH_PLAY and g.active_side == TOP


# ---------------------------------------------------------------- casualty check, then flags


def test_leader_killed_in_the_check_lets_no_flag_be_ignored():
    """CCA §3.9.1 (step 5), CCA §3.15, CCA §3.12.2, CCA §3.11.2: the leader casualty check follows the hits and comes before the flags; a leader it kills no longer lets his unit ignore a flag, so the unit retreats and does not battle back."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], leaders=[("top", 4, 5)])
    to_battle(g, (5, 5))
    # 5 dice: 1 hit (medium) and 1 flag; then the 2-dice check: two helmets
    attack(g, (5, 5), (4, 5), ["medium", "flag", "light", "light", "light", "helmet", "helmet"])
    assert not leader(g, 4, 5) and g.banners == (1, 0)
    # no leader, no support: nothing to ignore, the flag moves it
    assert phase(g) == PH_RETREAT and g.current_side == TOP


def test_leader_surviving_the_check_still_lets_a_flag_be_ignored():
    """CCA §3.12.2, CCA §3.11.2, CCA §3.9.6: a leader who survives the check still lets his unit ignore one flag; it holds and may battle back."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], leaders=[("top", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["medium", "flag", "light", "light", "light", "helmet", "light"])
    assert leader(g, 4, 5)
    assert phase(g) == PH_IGNORE and names(g) == {"ignore_flags(0)", "ignore_flags(1)"}
    g.step("ignore_flags(1)")
    assert phase(g) == PH_BATTLE_BACK and blocks(g, 4, 5) == 3


def test_flags_only_then_failed_retreat_makes_the_one_check():
    """CCA §3.12.2, CCA §3.11.1: a unit that takes only flags makes no check until its failed retreat costs blocks; then the roll's one check is made."""
    g = make([("bottom", "HI", 1, 5), ("top", "MI", 0, 5)], leaders=[("top", 0, 5)])
    to_battle(g, (1, 5))
    attack(g, (1, 5), (0, 5), ["flag", "flag", "light", "light", "light"])
    assert phase(g) == PH_IGNORE  # the leader lets one flag go
    g.force_dice(["helmet", "helmet"])
    g.step("ignore_flags(0)")  # on its baseline: 2 blocks lost, then the check
    assert blocks(g, 0, 5) == 2 and not leader(g, 0, 5) and g.banners == (1, 0)


def test_one_check_per_roll_even_with_retreat_losses():
    """CCA §3.12.2: a roll whose hits already made the check makes no second one for its failed retreat."""
    g = make([("bottom", "HI", 1, 5), ("top", "MI", 0, 5)], leaders=[("top", 0, 5)])
    to_battle(g, (1, 5))
    # 1 hit and 2 flags; the check (helmet, light) spares him; he lets 1 flag go
    attack(g, (1, 5), (0, 5), ["medium", "flag", "flag", "light", "light", "helmet", "light"])
    g.force_dice(["helmet", "helmet"])  # would kill him if a second check were made
    g.step("ignore_flags(1)")  # one flag on the baseline: 1 block lost
    assert blocks(g, 0, 5) == 2 and leader(g, 0, 5) and g.banners == (0, 0)


def _baseline_unit_with_two_flags():
    """Top MI of 2 blocks with its leader on its baseline (r0c5): 1 hit leaves 1
    block and 2 flags could cost it that block, so the check waits for the retreat."""
    g = make([("bottom", "HI", 1, 5), ("top", "MI", 0, 5, 2)], leaders=[("top", 0, 5)])
    to_battle(g, (1, 5))
    attack(g, (1, 5), (0, 5), ["medium", "flag", "flag", "light", "light"])
    # no check yet: the leader is still there and lets 1 flag go
    assert leader(g, 0, 5) and phase(g) == PH_IGNORE
    assert names(g) == {"ignore_flags(0)", "ignore_flags(1)"}
    return g


def test_unit_eliminated_by_its_failed_retreat_leader_one_die_check_helmet_kills():
    """CCA §3.12.2, CCA §3.11.1: one leader casualty check per combat roll: a unit that loses blocks to the roll and is then eliminated by its failed retreat makes the 1-die check of an eliminated unit (no 2-dice check): a helmet kills the leader, 1 banner."""
    g = _baseline_unit_with_two_flags()
    g.force_dice(["helmet", "helmet"])  # a 2-dice check would also kill him
    g.step("ignore_flags(1)")  # the last block goes on the baseline
    assert unit(g, 0, 5) is None and not leader(g, 0, 5)
    assert g.banners == (2, 0)  # the unit and the leader
    assert g.state[L.FORCED_POS] == 1  # one die, the 1-die check


def test_unit_eliminated_by_its_failed_retreat_leader_one_die_check_else_evades():
    """CCA §3.12.2, CCA §3.12.5, CCA §3.11.1: the 1-die check of a unit eliminated by its failed retreat after losing blocks to the roll: no helmet, and the leader, alone, must evade; no 2-dice check is rolled."""
    g = _baseline_unit_with_two_flags()
    g.force_dice(["light", "helmet", "helmet"])
    g.step("ignore_flags(1)")
    assert unit(g, 0, 5) is None and g.banners == (1, 0)
    assert leader(g, 0, 5) and phase(g) == PH_LEADER_EVADE
    assert g.state[L.FORCED_POS] == 1  # one die for him, no second check


def test_check_waiting_for_a_retreat_that_succeeds_is_the_two_dice_check():
    """CCA §3.12.2, CCA §3.11.1: a unit that loses blocks and whose flags could still eliminate it makes the roll's one check after the retreat; when it survives the retreat that is the 2-dice check (two helmets kill the leader)."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5, 2)], leaders=[("top", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["medium", "flag", "light", "light", "light"])
    assert blocks(g, 4, 5) == 1 and leader(g, 4, 5) and phase(g) == PH_IGNORE
    g.force_dice(["helmet", "helmet", "helmet"])
    g.step("ignore_flags(0)")
    assert phase(g) == PH_RETREAT and g.state[L.FORCED_POS] == 0  # not rolled yet
    g.step("hex(r3c5)")
    assert unit(g, 3, 5) == "MI" and blocks(g, 3, 5) == 1
    assert not leader(g, 3, 5) and g.banners == (1, 0)
    assert g.state[L.FORCED_POS] == 2  # the 2-dice check, once


def test_check_waiting_for_the_flags_all_ignored_is_the_two_dice_check():
    """CCA §3.12.2, CCA §3.11.2: when the owner ignores every flag there is no retreat; the roll's one check is the 2-dice check, made at once, and the unit battles back."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5, 2)], leaders=[("top", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["medium", "flag", "light", "light", "light"])
    g.force_dice(["helmet", "light", "helmet"])
    g.step("ignore_flags(1)")
    assert blocks(g, 4, 5) == 1 and leader(g, 4, 5) and g.banners == (0, 0)
    assert g.state[L.FORCED_POS] == 2 and phase(g) == PH_BATTLE_BACK


def test_blocks_lost_without_flags_make_the_two_dice_check_after_the_hits():
    """CCA §3.12.2, CCA §3.9.1 (step 5): a unit that loses blocks to a roll with no flag makes the 2-dice check right after the blocks are removed."""
    g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5, 2)], leaders=[("top", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["medium", "light", "light", "light", "light", "helmet", "helmet"])
    assert blocks(g, 4, 5) == 1 and not leader(g, 4, 5) and g.banners == (1, 0)
    assert g.state[L.FORCED_POS] == 7  # 5 attack dice and the 2-dice check
    assert phase(g) == PH_BATTLE_BACK


# ---------------------------------------------------------------- hill caps


@pytest.mark.parametrize(
    "att,terrain,default,cnc",
    [
        ("HI", [("hill", 5, 5), ("hill", 4, 5)], 5, 3),  # foot, hill to hill
        ("HC", [("hill", 5, 5)], 4, 2),  # mounted, downhill
        ("HC", [("hill", 5, 5), ("hill", 4, 5)], 4, 2),  # mounted, hill to hill
        ("HI", [("hill", 5, 5)], 3, 3),  # foot downhill: verified, always 3
        ("HC", [("hill", 4, 5)], 2, 2),  # uphill: verified, always 2
    ],
)
def test_hill_caps_default_and_cnc_option(att, terrain, default, cnc):
    """CCA §3.13, CCA §6.1, CCA §8 (option cnc_hill_caps): by default only the verified hill caps hold (uphill 2, foot downhill 3), so hill to hill and mounted downhill roll their full dice; the option adds CNC's caps (mounted on a hill 2, foot hill to hill 3)."""
    for option, want in ((False, default), (True, cnc)):
        g = make([("bottom", att, 5, 5), ("top", "MI", 4, 5)], terrain=terrain,
                 cnc_hill_caps=option)  # fmt: skip
        to_battle(g, (5, 5))
        attack(g, (5, 5), (4, 5), ["light"] * 8)
        assert g.state[L.DICE_N] == want, (att, terrain, option)


def test_hill_caps_option_also_caps_battle_back_from_a_hill():
    """CCA §3.13, CCA §3.9.6 (option cnc_hill_caps): the defender's battle back uses its own hex's caps too: heavy infantry battling back hill to hill rolls 3 with the option, 5 without."""
    for option, want in ((False, 5), (True, 3)):
        g = make([("bottom", "MI", 5, 5), ("top", "HI", 4, 5)],
                 terrain=[("hill", 5, 5), ("hill", 4, 5)], cnc_hill_caps=option)  # fmt: skip
        to_battle(g, (5, 5))
        attack(g, (5, 5), (4, 5), ["light"] * 4)
        g.force_dice(["light"] * 5)
        g.step("battle_back")
        assert g.state[L.DICE_N] == want


def test_hill_caps_option_is_checked():
    """CCA §3.13: the option takes true or false only, with a one-line error."""
    with pytest.raises(ValueError, match="cnc_hill_caps must be true or false"):
        make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5)], cnc_hill_caps="yes")
