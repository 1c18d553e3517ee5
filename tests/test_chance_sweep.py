"""Explicit chance nodes for search: every chance action of random positions of every
game enumerates in bounded time, its probabilities sum to 1 and every successor is a
sound state; the E&P hero tie, whose re-roll has no bound, among them (E&P §7.4)."""

from __future__ import annotations

import multiprocessing
import traceback
from fractions import Fraction

import numpy as np
import pytest
from ep_helpers import EP, ep_blank, ship

from catan_env import Game
from catan_env.chance import _Enumeration
from catan_env.games.catan.board.ep_frame import load_frame
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.rng import rng_seed
from catan_env.games.catan.explorers_and_pirates import layout as EL

S2 = "pirate_lairs"
B2 = load_frame(S2)


def _run(queue, fn, args):
    try:
        queue.put(("ok", fn(*args)))
    except BaseException:  # noqa: BLE001 - reported to the parent as text
        queue.put(("error", traceback.format_exc()))


def within(seconds: float, fn, *args):
    """``fn(*args)`` in a forked process (the compiled engine comes along); fail if it
    takes longer than ``seconds``: a jitted loop that never returns cannot be
    interrupted from Python, only killed."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_run, args=(queue, fn, args))
    proc.start()
    proc.join(seconds)
    if proc.is_alive():
        proc.kill()
        proc.join()
        pytest.fail(f"{fn.__name__} did not return within {seconds} s")
    status, value = queue.get(timeout=10)
    if status == "error":
        pytest.fail(value)
    return value


# ---------------------------------------------------------------- the hero tie


def _captured(crews):
    d = ep_blank(4, "movement", scenario=S2)
    d["board"]["hexes"]["(2,13)"].update(kind="gold", revealed=True, number=0)
    d["lairs"]["(2,13)"] = {"state": "captured", "token": 4, "crews": list(crews)}
    d["captures_this_turn"] = ["(2,13)"]
    return Game.from_dict(d)


def _hero_shares(crews):
    """Each seat's chance of being the hero, as exact fractions, and the outcome count."""
    g = _captured(crews)
    outs = g.chance_outcomes("end_turn")
    shares = [Fraction(0)] * 4
    for o in outs:
        assert o.game.variant.check_state(o.game.state, g.tables) == 0
        left = o.game.to_dict()["lairs"]["(2,13)"]["crews"]
        (hero,) = [q for q in range(4) if left[q] < crews[q]]
        shares[hero] += o.fraction
    return shares, sum(o.fraction for o in outs), len(outs)


def test_hero_tie_of_three_one_crew_captors_enumerates():
    """E&P §7.4: three captors with one crew each: 1d6 + 1 each, ties re-rolled until one is highest; chance_outcomes("end_turn") returns (it used to loop for ever) and each is hero with probability 1/3."""
    shares, total, n = within(120, _hero_shares, (1, 1, 1, 0))
    assert total == 1
    assert shares == [Fraction(1, 3)] * 3 + [Fraction(0)]
    assert n > 3


def test_hero_with_unequal_crews_is_exact():
    """E&P §7.4: with crews 2 and 1 a tie of the totals goes to more crews, never to a re-roll: seat 1 needs a die 2 higher (10/36), seat 0 is hero otherwise (26/36)."""
    shares, total, _ = within(120, _hero_shares, (2, 1, 0, 0))
    assert total == 1 and shares[0] == Fraction(26, 36) and shares[1] == Fraction(10, 36)


def test_played_hero_tie_is_fair_and_a_real_outcome():
    """E&P §7.4: played normally (no forcing) the tie is re-rolled: the real successor matches an enumerated one once the re-roll history (shown dice, roll count) is set aside."""
    g = _captured((1, 1, 1, 0))
    outs = g.chance_outcomes("end_turn")
    hero_fields = [EL.HERO_ROLLS, *range(EL.HERO_DICE, EL.HERO_DICE + 4)]

    def key(s):
        s = s.copy()
        s[L.RNG : L.RNG + 2] = 0
        s[hero_fields] = 0
        return s.tobytes()

    keys = {key(o.game.state) for o in outs}
    heroes = [0, 0, 0]
    for seed in range(60):
        real = _captured((1, 1, 1, 0))
        rng_seed(real.state, seed)
        real.step("end_turn")
        assert key(real.state) in keys
        left = real.to_dict()["lairs"]["(2,13)"]["crews"]
        heroes[[q for q in range(3) if left[q] == 0][0]] += 1
    assert min(heroes) > 5


# ---------------------------------------------------------------- the sweep


_CHANCY_NAMES = ("roll", "steal", "buy_dev_card", "move_robber", "draw_from", "die",
                 "end_turn", "chase_pirate", "fishing_roll")  # fmt: skip


def _positions(variant, scenario, games, seed, per_game=4):
    """Positions along random games where some action with chance is legal, a few
    per game at random moments."""
    rng = np.random.default_rng(seed)
    extra = {"scenario": scenario} if scenario else {}
    for _ in range(games):
        g = Game(variant=variant, seed=int(rng.integers(2**31)), **extra)
        stops = sorted(int(x) for x in rng.integers(5, 900, size=per_game))
        last = -1
        for stop in stops:
            while not g.done and (len(g.actions) < stop or not _chancy(g)):
                g.step(int(rng.choice(g.legal_actions())))
                if len(g.actions) > stop + 400:
                    break
            if g.done:
                break
            if _chancy(g) and len(g.actions) != last:  # two stops can meet one position
                last = len(g.actions)
                yield g.copy()


def _chancy(g):
    """A dice roll, a steal or a draw is legal (end_turn only draws at a capture)."""
    return any(n.startswith(_CHANCY_NAMES[:-3] + _CHANCY_NAMES[-2:])
               for n in g.legal_action_names())  # fmt: skip


def _strip(s):
    """Without the generator words and, in E&P, the hero re-roll history (shown dice,
    roll count), which the enumeration keeps as one representative."""
    s = s.copy()
    s[L.RNG : L.RNG + 2] = 0
    if s.shape[0] == EL.EP_STATE_SIZE:
        s[EL.HERO_ROLLS] = 0
        s[EL.HERO_DICE : EL.HERO_DICE + 4] = 0
    return s


def _sweep(variant, scenario, games, seed):
    """Every legal action of each position: outcomes sum to 1, each positive, each a
    sound state with clear chance fields, the real step among them."""
    checked = random = positions = 0
    for g in _positions(variant, scenario, games, seed):
        positions += 1
        for a, name in zip(g.legal_actions(), g.legal_action_names(), strict=True):
            if not name.startswith(_CHANCY_NAMES) and checked % 5:
                checked += 1
                continue  # a sample of the actions without chance, all of those with it
            outs = g.chance_outcomes(a)
            assert sum(o.fraction for o in outs) == 1, name
            assert all(o.fraction > 0 for o in outs), name
            for o in outs:
                s = o.game.state
                assert not s[L.CHANCE_START : L.CHANCE_STOP].any(), name
                assert o.game.variant.check_state(s, g.tables) == 0, name
            real = g.copy()
            real.step(a)
            enum = _Enumeration(g, a)
            keys = {enum.merge_key(_strip(o.game.state)) for o in outs}
            assert enum.merge_key(_strip(real.state)) in keys, name
            checked += 1
            random += len(outs) > 1
    return positions, checked, random


@pytest.mark.parametrize(
    "variant,scenario",
    [("base", None), ("cities_and_knights", None)]
    + [
        (EP, s)
        for s in (
            "land_ho",
            "pirate_lairs",
            "fish_for_catan",
            "spices_for_catan",
            "explorers_and_pirates",
        )
    ],  # fmt: skip
)
def test_every_chance_action_enumerates_soundly(variant, scenario):
    """E&P §7.4, E&P §12.7, base §5.1, C&K §3.2: over random positions of each game every chance action's outcomes come back within the time limit, with probabilities summing exactly to 1, and each successor passes the state checker."""
    # A Cities & Knights roll once seats hold cities has up to ~100,000 outcomes (three
    # dice, then the progress cards each seat draws), ~13 s to enumerate and check:
    # CI sweeps 4 of its games, the slow run below 20.
    games = 4 if variant == "cities_and_knights" else 20
    _check_sweep(within(600, _sweep, variant, scenario, games, 21), games)


def _check_sweep(counts, games):
    positions, checked, random = counts
    assert positions >= 2 * games and checked >= positions and random >= 2 * games


@pytest.mark.slow
def test_cities_and_knights_chance_sweep_in_full():
    """C&K §3.2, C&K §3.4: the sweep above over 20 Cities & Knights games (~10 minutes)."""
    _check_sweep(within(1800, _sweep, "cities_and_knights", None, 20, 21), 20)


def test_tie_rule_used_in_sweep_positions_too():
    """E&P §7.4, E&P §7.3: a position reached by play, a ship landing the third crew of three one-crew captors, enumerates its end of turn."""

    def play():
        d = ep_blank(4, "movement", scenario=S2)
        d["board"]["hexes"]["(2,13)"].update(kind="gold", revealed=True, number=0)
        d["lairs"]["(2,13)"] = {"state": "lair", "token": 4, "crews": [0, 1, 1, 0]}
        ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 1}, mp=4)
        g = Game.from_dict(d)
        g.step(f"crew_to_lair(s0,h{B2.hex_id('(2,13)')})")
        return sum(o.fraction for o in g.chance_outcomes("end_turn"))

    assert within(120, play) == 1
