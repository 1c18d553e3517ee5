"""The batched simulator and the parallel self-play kernel agree with the single-game engine."""

import numpy as np
import pytest

from catan_env import Game, GameConfig, IllegalActionError
from catan_env._generated.base_kernels import play_games, play_games_parallel
from catan_env.games.catan.common.tables import STANDARD_TABLES
from catan_env.vector import VectorCatan, episode_seed


def test_rows_replay_as_single_games_and_auto_reset():
    """Each row is the single-game engine: same seed and actions, same game; a finished
    row reports its final state and restarts with its next episode's seed."""
    n = 6
    v = VectorCatan(n, seed=3, domestic_trade=False, max_turns=60)
    games = [Game(seed=episode_seed(3, i, 0), domestic_trade=False, max_turns=60) for i in range(n)]
    finished = [0] * n
    for _ in range(20_000):
        masks = v.action_masks()
        for i in range(n):
            assert np.array_equal(masks[i], games[i].action_mask())
        actions = v.random_actions()
        out = v.step(actions)
        for i in range(n):
            games[i].step(int(actions[i]))
            if out.terminated[i] or out.truncated[i]:
                g = games[i]
                assert g.done and np.array_equal(out.final_states[i], g.state)
                assert out.terminated[i] == (g.winner is not None)
                if g.winner is not None:
                    expected = [1.0 if p == g.winner else -1.0 for p in range(4)]
                    assert list(out.rewards[i]) == expected
                finished[i] += 1
                assert v.episodes[i] == finished[i]
                games[i] = Game(
                    seed=episode_seed(3, i, finished[i]), domestic_trade=False, max_turns=60
                )
            else:
                assert not out.rewards[i].any()
            assert np.array_equal(v.states[i], games[i].state)
        if min(finished) >= 2:
            break
    assert min(finished) >= 2


def test_illegal_action_rejected_without_change():
    v = VectorCatan(4, seed=1)
    before = v.states.copy()
    actions = v.random_actions()
    actions[2] = 0  # roll during set-up
    with pytest.raises(IllegalActionError, match="row 2: action 0 'roll' is illegal now"):
        v.step(actions)
    assert np.array_equal(v.states, before)
    with pytest.raises(ValueError, match="must be 4 integer ids"):
        v.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="row 1: action id 999 is out of range"):
        v.step(np.array([0, 999, 0, 0]))
    with pytest.raises(ValueError, match="num_envs must be a positive integer"):
        VectorCatan(0)


def test_threads_do_not_change_results():
    results = []
    for threads in (1, 2):
        v = VectorCatan(32, seed=9, num_threads=threads)
        for _ in range(3000):
            v.step(v.random_actions())
        results.append((v.states.copy(), v.episodes.copy()))
    assert np.array_equal(results[0][0], results[1][0])
    assert np.array_equal(results[0][1], results[1][1])


def test_observe_batch_matches_game():
    v = VectorCatan(3, seed=5)
    for _ in range(50):
        v.step(v.random_actions())
    obs = v.observe()
    for i in range(3):
        g = Game._from_state(v.states[i].copy(), v.config)
        assert np.array_equal(obs[i], g.observe(g.current_player))


def test_parallel_kernel_matches_serial():
    c = GameConfig()
    seeds = np.arange(40, dtype=np.int64) * 7 + 1
    kinds = np.zeros(4, np.int64)
    outs = []
    for fn in (play_games, play_games_parallel):
        w = np.zeros(40, np.int32)
        t = np.zeros(40, np.int32)
        d = np.zeros(40, np.int64)
        vp = np.zeros((40, 4), np.int32)
        stats = np.zeros((40, 0), np.int32)
        fn(
            STANDARD_TABLES,
            c.config_vector(),
            c.board_template(),
            seeds,
            kinds,
            5,
            w,
            t,
            d,
            vp,
            stats,
        )
        outs.append((w, t, d, vp))
    for a, b in zip(*outs, strict=True):
        assert np.array_equal(a, b)
    assert (outs[0][0] >= 0).all()


def test_play_jitted_until_records_opponent_moves():
    """Jitted opponents play until the learning seat must act; their moves are
    recorded, so the record replays to the same state."""
    for variant in ("base", "cities_and_knights"):
        g = Game(variant=variant, seed=11)
        rng = np.zeros(2, np.int32)
        while not g.done:
            g.play_jitted_until(2, [0, 0, 0, 0], rng)
            if g.done:
                break
            assert g.current_player == 2
            g.step(int(g.legal_actions()[-1]))
        assert np.array_equal(Game.from_record(g.record()).state, g.state)
    with pytest.raises(ValueError, match="one entry per seat"):
        g.play_jitted_until(0, [0, 0], rng)
    with pytest.raises(ValueError, match="unknown jitted agent kind"):
        Game(seed=1).play_jitted_until(0, [0, 0, 0, 99], rng)
