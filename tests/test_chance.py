"""Explicit chance nodes: ``Game.chance_outcomes`` (dice, event die, steals, deck draws)."""

from fractions import Fraction

import ck_helpers as ckh
import numpy as np
import pytest
from helpers import blank, corner, draw_dev, game, give, set_hand, settle

from catan_env import Game, IllegalActionError
from catan_env.chance import _Enumeration
from catan_env.games.catan.cities_and_knights.layout import EVENT_FACE, VP_CARDS
from catan_env.games.catan.common import layout as L

CK = "cities_and_knights"


def _total(outcomes):
    return sum(o.fraction for o in outcomes)


def test_base_roll_eleven_totals():
    """base §5.1, base §5.3: the roll is the sum of two dice; totals 2..12 with (6 - |t - 7|)/36."""
    g = game(blank(phase="pre_roll"))
    before = g.state.copy()
    outs = g.chance_outcomes("roll")
    assert len(outs) == 11
    got = {sum(o.game.dice): o.fraction for o in outs}
    assert got == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    assert np.isclose(sum(o.probability for o in outs), 1.0)
    assert {o.label for o in outs} == {f"roll {t}" for t in range(2, 13)}
    assert np.array_equal(g.state, before) and g.actions == []
    assert all(o.game.actions == [g.action_names.index("roll")] for o in outs)


def test_steal_two_brick_one_ore():
    """base §5.4 step 3: the stolen card is uniform over the victim's cards; equal cards merge."""
    d = blank(phase="move_robber")
    settle(d, corner("R2b", "S"), 1)
    set_hand(d, 1, brick=2, ore=1)
    g = game(d)
    g.step("move_robber(R2b)")
    outs = g.chance_outcomes("steal(+1)")
    assert [(o.fraction, o.label) for o in outs] == [
        (Fraction(2, 3), "steal brick from seat 1"),
        (Fraction(1, 3), "steal ore from seat 1"),
    ]
    assert outs[0].game.to_dict()["players"][0]["hand"]["brick"] == 1
    assert outs[1].game.to_dict()["players"][0]["hand"]["ore"] == 1
    for o in outs:
        assert o.game.phase == "action" and o.game.variant.check_state(o.game.state, g.tables) == 0


def test_dev_card_buy_by_kind():
    """base §7.6, base §1.4: the card drawn is a uniformly random card of the deck left, by kind."""
    d = blank()
    give(d, 0, wool=1, grain=1, ore=1)
    draw_dev(d, 1, "knight", 4)
    draw_dev(d, 2, "monopoly", 2)  # none left: no outcome draws it
    g = game(d)
    outs = g.chance_outcomes("buy_dev_card")
    left = {"knight": 10, "victory_point": 5, "road_building": 2, "year_of_plenty": 2}
    got = {o.label: o.fraction for o in outs}
    assert got == {f"seat 0 draws {k}": Fraction(c, 19) for k, c in left.items()}
    for o in outs:
        card = o.label.split()[-1]
        assert o.game.to_dict()["players"][0]["dev_cards"][card] == 1
        assert o.game.variant.check_state(o.game.state, g.tables) == 0


def test_deterministic_action_one_outcome():
    """base §7.2: building a road has no chance: one outcome, probability 1, equal to stepping."""
    d = blank()
    settle(d, corner("R2b", "S"), 0)
    give(d, 0, lumber=1, brick=1)
    g = game(d)
    a = sorted(a for a in g.legal_action_names() if a.startswith("build_road"))[0]
    (out,) = g.chance_outcomes(a)
    assert out.fraction == 1 and out.probability == 1.0
    g.step(a)
    assert np.array_equal(out.game.state, g.state)


def test_illegal_action_raises_and_changes_nothing():
    g = game(blank(phase="pre_roll"))
    before = g.state.copy()
    with pytest.raises(IllegalActionError):
        g.chance_outcomes("end_turn")
    assert np.array_equal(g.state, before)


def test_ck_roll_dice_and_event():
    """C&K §3.4, §3.5: red, yellow and the event die; the three ship faces are one outcome (1/2)."""
    g = ckh.game(ckh.ck_blank(phase="pre_roll"))
    outs = g.chance_outcomes("roll")
    assert len(outs) == 36 * 4
    assert np.isclose(sum(o.probability for o in outs), 1.0)
    ship = [o for o in outs if o.game.state[EVENT_FACE] == 0]
    assert len(ship) == 36 and all(o.fraction == Fraction(1, 72) for o in ship)
    gates = [o for o in outs if o.game.state[EVENT_FACE] > 0]
    assert all(o.fraction == Fraction(1, 216) for o in gates)
    assert "roll 7 (red 3, yellow 4), event ship" in {o.label for o in ship}


def test_ck_gate_draws_by_kind():
    """C&K §3.5.2: at science level 3 a red 1-4 with the science gate draws the top card of the
    science deck, any of its 18 cards equally likely (Printer: 1 card)."""
    d = ckh.ck_blank(phase="pre_roll")
    ckh.level(d, 0, "science", 3)
    g = ckh.game(d)
    outs = g.chance_outcomes("roll")
    assert _total(outs) == 1
    # 36 ship, 36 + 36 other gates, science: red 5-6 (12) + red 1-4 (24) x 10 card kinds
    assert len(outs) == 36 * 3 + 12 + 24 * 10
    printer = sum(o.fraction for o in outs if o.game.state[VP_CARDS] == 1)
    assert printer == Fraction(1, 6) * Fraction(4, 6) * Fraction(1, 18)
    assert any(o.label.endswith("seat 0 draws a victory point card") for o in outs)


def test_ck_easy_start_reroll_is_renormalised():
    """C&K §7 (easy start): no event die, a 7 is rolled again: 30 pairs, 1/30 each."""
    d = ckh.ck_blank(phase="pre_roll", easy_start=True)
    d["turn"]["number"] = 0
    g = ckh.game(d)
    outs = g.chance_outcomes("roll")
    assert len(outs) == 30
    assert all(o.fraction == Fraction(1, 30) for o in outs)
    assert all(sum(o.game.dice) != 7 for o in outs)


_CHANCY = ("roll", "steal", "buy_dev_card", "move_robber", "draw_from", "die")


def _chancy(g):
    return [a for a, n in zip(g.legal_actions(), g.legal_action_names(), strict=True)
            if n.startswith(_CHANCY)]  # fmt: skip


def _random_positions(variant, games, rng):
    """Positions along random games where an action with chance is legal."""
    for i in range(games):
        g = Game(variant=variant, seed=int(rng.integers(2**31)))
        stop = int(rng.integers(20, 800))
        while not g.done and (len(g.actions) < stop or not _chancy(g)):
            g.step(int(rng.choice(g.legal_actions())))
        if not g.done:
            yield i, g


def _strip_rng(state):
    s = state.copy()
    s[L.RNG : L.RNG + 2] = 0
    return s


@pytest.mark.parametrize("variant", ["base", CK])
def test_real_step_is_an_outcome_and_merging_is_exact(variant):
    """Every action's real successor is one of its outcomes (up to the generator words, and the
    order of equal dice faces in the base game); merging equal mid-step states changes nothing."""
    rng = np.random.default_rng(5)
    random_actions = 0
    for _, g in _random_positions(variant, 25, rng):
        legal = g.legal_actions()
        picks = {int(rng.choice(legal)), int(rng.choice(_chancy(g)))}
        for a in picks:
            outs = g.chance_outcomes(a)
            assert np.isclose(sum(o.probability for o in outs), 1.0)
            assert all(o.probability > 0 for o in outs)
            real = g.copy()
            real.step(a)
            keys = [_Enumeration(g, a).merge_key(_strip_rng(o.game.state)) for o in outs]
            assert _Enumeration(g, a).merge_key(_strip_rng(real.state)) in keys
            if len(outs) > 1:
                random_actions += 1
                full = _Enumeration(g, a, merge_prefixes=False).run()
                merged = _Enumeration(g, a).run()
                assert {k: f for k, (f, _) in full.items()} == {
                    k: f for k, (f, _) in merged.items()
                }
            for o in outs:
                assert o.game.variant.check_state(o.game.state, g.tables) == 0
    assert random_actions >= 10


def test_ck_alchemist_rolls_only_the_event_die():
    """C&K §3.4, §4.1.1: after Alchemist sets the production dice, only the event die is rolled."""
    d = ckh.ck_blank(phase="pre_roll")
    ckh.progress(d, 0, "alchemist")
    g = ckh.game(d)
    g.step("play(alchemist)")
    g.step("die(3)")
    outs = g.chance_outcomes("die(4)")
    assert [o.fraction for o in outs] == [Fraction(1, 2)] + [Fraction(1, 6)] * 3
    assert all(o.game.dice == (3, 4) for o in outs)
    assert {o.label.split("event ")[1] for o in outs} == {"ship", "trade", "politics", "science"}
