"""Elephants (CCA §3.9.7, CCA §3.9.8, CCA §6.3)."""

from ancients_helpers import attack, blocks, make, to_battle, unit

from catan_env.games.ancients import layout as L


def duel(att, dfd, extra=(), leaders=()):
    g = make([("bottom", att, 5, 5), ("top", dfd, 4, 5), *extra], leaders=leaders)
    to_battle(g, (5, 5))
    return g


def test_elephant_rolls_what_its_opponent_would_roll():
    """CCA §3.9.7, CCA §6.3: an elephant rolls the dice of the unit it fights: 5 against heavy infantry, 3 against warriors or elephants, 2 against light infantry."""
    for target, dice in (("HI", 5), ("WA", 3), ("EL", 3), ("LI", 2), ("MI", 4)):
        g = duel("EL", target)
        g.force_dice(["light"] * dice)
        g.step("pick_unit(r5c5)")
        g.step("hex(r4c5)")
        if g.phase == "defender: stand, evade or strike first":
            g.step("stand")
        assert g.state[L.FORCED_POS] == dice, target


def test_elephant_against_a_lone_leader_rolls_one_die():
    """CCA §3.9.7, CCA §3.12.4: an elephant rolls 1 die against a lone leader."""
    g = make([("bottom", "EL", 5, 5), ("top", "MI", 1, 1)], leaders=[("top", 4, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["helmet"])
    assert g.state[L.FORCED_POS] == 1 and g.banners == (1, 0)


def test_elephant_swords_hit_and_are_rolled_again():
    """CCA §3.9.7: each sword an elephant rolls is a hit and that die is rolled again until no sword shows."""
    g = duel("EL", "MI")
    attack(g, (5, 5), (4, 5), ["swords", "light", "light", "light", "swords", "medium"])
    assert g.state[L.FORCED_POS] == 6
    assert blocks(g, 4, 5) == 1  # 2 swords + 1 medium


def test_elephant_against_elephant_ignores_swords_without_rerolls():
    """CCA §3.9.7, CCA §3.9.8: an elephant ignores all sword hits; ignored swords are not rolled again."""
    g = duel("EL", "EL")
    attack(g, (5, 5), (4, 5), ["swords", "swords", "heavy"])
    assert g.state[L.FORCED_POS] == 3 and blocks(g, 4, 5) == 1


def test_sword_hits_against_elephants_are_ignored():
    """CCA §3.9.7, CCA §3.9.8: an elephant ignores all sword hits against it."""
    g = duel("HI", "EL")
    attack(g, (5, 5), (4, 5), ["swords"] * 5)
    assert blocks(g, 4, 5) == 2


def test_elephant_ignores_a_red_hit_and_a_flag_from_cavalry():
    """CCA §3.9.7, CCA §3.11.2: in close combat with cavalry an elephant ignores 1 red-square hit and may ignore 1 flag."""
    g = duel("HC", "EL")
    attack(g, (5, 5), (4, 5), ["heavy", "heavy", "flag", "light"])
    assert blocks(g, 4, 5) == 1
    assert g.phase == "ignore flags" and "ignore_flags(1)" in g.legal_action_names()


def test_cavalry_retreats_one_more_hex_per_elephant_flag():
    """CCA §3.9.7, CCA §3.11.1: cavalry forced back by an elephant's flag retreats its distance + 1 per flag (heavy cavalry: 3)."""
    g = make([("bottom", "EL", 5, 5), ("top", "HC", 4, 5)])
    to_battle(g, (5, 5))
    g.force_dice(["flag", "light", "light", "light"])
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    g.step("stand")  # heavy cavalry may evade elephants (CCA §3.11.4)
    assert g.state[L.RETREAT_LEFT] == 3


def test_elephant_gets_no_helmet_hits_from_leaders():
    """CCA §3.9.7, CCA §3.12.1: helmets never hit for an elephant, even with an attached leader."""
    g = make([("bottom", "EL", 5, 5), ("top", "MI", 4, 5)], leaders=[("bottom", 5, 5)])
    to_battle(g, (5, 5))
    attack(g, (5, 5), (4, 5), ["helmet"] * 4)
    assert blocks(g, 4, 5) == 4


def test_rampage_before_retreat_hits_every_adjacent_unit():
    """CCA §3.9.7: before retreating, an elephant rampages: 2 dice against every adjacent unit, friend or foe; only the target's colour hits."""
    g = duel("HI", "EL", extra=[("top", "MI", 4, 4)])
    g.force_dice(
        ["flag", "light", "light", "light", "light"] + ["medium", "medium"] + ["heavy", "flag"]
    )
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert blocks(g, 4, 4) == 2  # friendly medium infantry hit twice
    assert blocks(g, 5, 5) == 3  # the attacker: one red hit, the flag does nothing
    assert g.phase == "retreat"
    g.step("hex(r3c5)")
    assert unit(g, 3, 5) == "EL"


def test_blocked_elephant_damages_the_blocking_units():
    """CCA §3.9.7: an elephant whose retreat hexes hold units loses nothing; each blocking unit loses 1 block per hex it could not retreat."""
    g = duel("HI", "EL", extra=[("top", "MI", 3, 4), ("top", "MI", 3, 5)])
    g.force_dice(["flag", "light", "light", "light", "light"] + ["light", "light"] * 3)
    g.step("pick_unit(r5c5)")
    g.step("hex(r4c5)")
    assert blocks(g, 4, 5) == 2
    assert blocks(g, 3, 4) == 3 and blocks(g, 3, 5) == 3


def test_rampage_rolls_at_adjacent_lone_leaders():
    """CCA §3.9.7 [CNC only], option rampage_hits_lone_leaders: a rampage rolls 2 dice at an adjacent lone leader; a helmet kills him, otherwise he must evade; with the option off he is left alone."""
    for on in (True, False):
        g = make([("bottom", "HI", 5, 5), ("top", "EL", 4, 5)], leaders=[("bottom", 4, 4)],
                 rampage_hits_lone_leaders=on)  # fmt: skip
        to_battle(g, (5, 5))
        g.force_dice(
            ["flag", "light", "light", "light", "light"] + ["helmet", "light"] + ["light", "light"]
        )
        g.step("pick_unit(r5c5)")
        g.step("hex(r4c5)")
        from ancients_helpers import leader

        assert leader(g, 4, 4) != on
        assert g.banners == ((0, 1) if on else (0, 0))
