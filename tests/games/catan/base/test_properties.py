"""Invariants over many random games (base §10 'cards conservation', base §7.5, base §9, base §12).

The jitted soak plays random games and checks every invariant of
:mod:`catan_env.games.catan.base.invariants` after every single step; the Python part
drives :class:`Game` to check rejection of forbidden actions and replays.
"""

import numpy as np
import pytest

from catan_env import Game, GameConfig, IllegalActionError
from catan_env._generated.base_kernels import soak
from catan_env.games.catan.base.invariants import INVARIANT_NAMES
from catan_env.games.catan.common.layout import STATE_SIZE
from catan_env.games.catan.common.tables import STANDARD_TABLES

CI_GAMES = 1000


def _soak(n_games, seed0=0, **options):
    c = GameConfig.make(**options)
    code = np.zeros(n_games, np.int32)
    winner = np.zeros(n_games, np.int32)
    decisions = np.zeros(n_games, np.int64)
    states = np.zeros((n_games, STATE_SIZE), np.int32)
    seeds = np.arange(seed0, seed0 + n_games, dtype=np.int64)
    soak(
        STANDARD_TABLES,
        c.config_vector(),
        c.board_template(),
        seeds,
        np.zeros(4, np.int64),  # four random seats
        seed0,
        1_000_000,
        code,
        winner,
        decisions,
        states,
    )
    return code, winner, decisions, states


def _assert_clean(code):
    bad = {INVARIANT_NAMES[c]: int((code == c).sum()) for c in np.unique(code) if c}
    assert not bad, f"invariants broken: {bad}"


def test_invariants_over_random_four_player_games():
    """base §10, base §7.5, base §9.2, base §9.3: cards and pieces conserved, limits held, every game ends.

    1,000 random 4-player games, every invariant checked after every step.
    """
    code, winner, decisions, states = _soak(CI_GAMES)
    _assert_clean(code)
    # Every game ended (the soak fails code 16 otherwise); random games rarely
    # stall until the 1,000-turn limit truncates them.
    assert (winner >= 0).mean() > 0.98
    assert decisions.min() > 100


@pytest.mark.parametrize(
    "options",
    [
        dict(num_players=3),
        dict(num_players=2),
        dict(board="beginner", friendly_robber=True),
        dict(number_tokens="random", random_spiral_start=True, strict_trade_build_order=True),
        dict(domestic_trade=False, skip_forced=True, discard_limit=5),
        dict(max_turns=30),
    ],
)
def test_invariants_with_options(options):
    """base §11: the invariants hold under every option."""
    code, winner, decisions, states = _soak(100, seed0=10_000, **options)
    _assert_clean(code)
    if options.get("max_turns"):
        assert (winner < 0).any()


def test_same_seed_same_final_state():
    """DESIGN: reproducible; the same seeds replay to identical final states."""
    a = _soak(50, seed0=77)
    b = _soak(50, seed0=77)
    assert np.array_equal(a[3], b[3])
    c = _soak(50, seed0=78)
    assert not np.array_equal(a[3], c[3])


def test_game_api_rejects_forbidden_and_replays():
    """Mask/step agreement through Game: sampled forbidden ids are rejected with the
    state unchanged; the record replays to the identical final state."""
    rng = np.random.default_rng(0)
    rejected = 0
    for seed in range(8):
        g = Game(seed=seed)
        while not g.done:
            mask = g.action_mask()
            forbidden = np.flatnonzero(~mask)
            for a in rng.choice(forbidden, size=2, replace=False):
                before = g.state.copy()
                with pytest.raises(IllegalActionError):
                    g.step(int(a))
                assert np.array_equal(before, g.state)
                rejected += 1
            legal = np.flatnonzero(mask)
            g.step(int(legal[rng.integers(len(legal))]))
        replay = Game.from_record(g.record())
        assert np.array_equal(replay.state, g.state)
        assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
    assert rejected > 1000


@pytest.mark.slow
def test_soak_many_games():
    """Long soak (not in CI): 20,000 games per player count."""
    for n in (2, 3, 4):
        code, winner, decisions, states = _soak(20_000, seed0=1_000_000 * n, num_players=n)
        _assert_clean(code)


def test_frontiers_match_the_placement_rules():
    """base §7.2, base §7.3: the fast candidate sets equal road_ok / settlement_ok everywhere."""
    from catan_env.games.catan.base.masks import road_frontier, settlement_frontier
    from catan_env.games.catan.common.building import road_ok, settlement_ok

    tb = STANDARD_TABLES
    rng = np.random.default_rng(1)
    checked = 0
    for seed in range(4):
        g = Game(seed=seed, domestic_trade=False)
        while not g.done:
            if rng.random() < 0.2:
                for p in range(4):
                    lo, hi = road_frontier(g.state, tb, p)
                    bits = (int(hi) << 64) | int(lo)
                    roads = {e for e in range(72) if bits >> e & 1}
                    assert roads == {e for e in range(72) if road_ok(g.state, tb, p, e)}
                    sbits = int(settlement_frontier(g.state, tb, p))
                    spots = {v for v in range(54) if sbits >> v & 1}
                    assert spots == {v for v in range(54) if settlement_ok(g.state, tb, p, v)}
                    checked += 1
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
    assert checked > 200
