"""The single-agent Gymnasium wrapper (catan_env.gym_env)."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import catan_env
from agents import RandomAgent
from catan_env.explain import IllegalActionError
from catan_env.gym_env import CatanEnv

IDS = ["catan_env/Base-v0", "catan_env/CitiesAndKnights-v0", "catan_env/ExplorersAndPirates-v0"]
VARIANTS = ["base", "cities_and_knights", "explorers_and_pirates"]


def _play_random(env, seed: int, rng_seed: int = 0, limit: int | None = None):
    """Random legal actions from ``reset(seed)`` to the end (or ``limit`` steps).

    Returns the observations, the rewards, and the last step's flags and info.
    """
    rng = np.random.default_rng(rng_seed)
    obs, info = env.reset(seed=seed)
    observations, rewards = [obs], []
    for _ in range(limit or 100_000):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        observations.append(obs)
        rewards.append(reward)
        if terminated or truncated:
            break
    else:
        assert limit, "the episode did not end"
    return observations, rewards, terminated, truncated, info


@pytest.mark.parametrize("env_id", IDS)
def test_check_env_passes_with_the_defaults(env_id):
    """Gymnasium's checker passes on ``gymnasium.make(id)`` as a user makes it, warnings
    as errors. Its step-determinism check plays an action sampled *before* a seeded reset,
    usually illegal in the new game: the default mode makes that a deterministic loss."""
    env = gymnasium.make(env_id)
    assert env.unwrapped.illegal_action == "lose"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("env_id", IDS)
def test_check_env_raise_mode_up_to_the_step_determinism_check(env_id):
    from gymnasium.utils import env_checker

    env = gymnasium.make(env_id, illegal_action="raise").unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_reset_seed_determinism(env)
        env_checker.check_reset_return_type(env)
        env_checker.env_reset_passive_checker(env)
        env_checker.env_step_passive_checker(env, env.action_space.sample())


@pytest.mark.parametrize("env_id", IDS)
def test_make_vec_sync(env_id):
    venv = gymnasium.make_vec(env_id, num_envs=2, vectorization_mode="sync")
    obs, info = venv.reset(seed=0)
    assert obs.shape == (2, *venv.single_observation_space.shape)
    assert obs.dtype == np.float32
    for _ in range(20):
        # Each sub-env's mask rides in info; pick a legal action per env.
        actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        obs, reward, terminated, truncated, info = venv.step(actions)
        assert obs.shape[0] == 2 and reward.shape == (2,)
    venv.close()


@pytest.mark.parametrize("variant", VARIANTS)
def test_action_masks_match_the_games_legal_actions(variant):
    env = CatanEnv(variant=variant, opponents="random")
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(200):
        mask = env.action_masks()
        assert mask.dtype == np.bool_
        assert env.game.current_player == env.seat
        assert np.array_equal(np.flatnonzero(mask), env.game.legal_actions())
        assert np.array_equal(info["action_mask"].astype(bool), mask)
        np.testing.assert_array_equal(obs, env.game.observe(env.seat))
        assert env.action_space.sample() in set(np.flatnonzero(mask))
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            assert not env.action_masks().any()
            break


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_episode_ends_with_plus_or_minus_one(variant):
    env = CatanEnv(variant=variant, opponents="random")
    observations, rewards, terminated, truncated, info = _play_random(env, seed=3)
    assert all(r == 0.0 for r in rewards[:-1])  # no shaping by default
    if terminated:
        assert rewards[-1] == (1.0 if info["winner"] == env.seat else -1.0)
    else:
        assert truncated and rewards[-1] == 0.0 and info["winner"] == -1
    assert env.game.done
    assert all(o.dtype == np.float32 and env.observation_space.contains(o) for o in observations)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_actions_same_observations(variant):
    a = _play_random(CatanEnv(variant=variant, opponents="random"), seed=11, limit=300)
    b = _play_random(CatanEnv(variant=variant, opponents="random"), seed=11, limit=300)
    assert len(a[0]) == len(b[0])
    for x, y in zip(a[0], b[0], strict=True):
        np.testing.assert_array_equal(x, y)
    assert a[1] == b[1]
    env = CatanEnv(variant=variant, opponents="random")
    first, _ = env.reset(seed=5)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    again, _ = env.reset(seed=5)
    np.testing.assert_array_equal(first, again)


def test_illegal_action_raises_and_changes_nothing():
    env = CatanEnv(variant="base", opponents="random", illegal_action="raise")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    state = env.game.state.copy()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert np.array_equal(env.game.state, state)
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # still playable


def test_illegal_action_loses_by_default():
    env = CatanEnv(variant="cities_and_knights", opponents="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    state = env.game.state.copy()
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert "illegal" in info["illegal_reason"] and np.array_equal(env.game.state, state)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(env.game.action_mask())[0]))


@pytest.mark.parametrize("mode", ["lose", "raise"])
def test_what_is_not_an_action_id_raises_in_every_mode(mode):
    env = CatanEnv(illegal_action=mode)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="out of range"):
        env.step(env.action_space.n)
    with pytest.raises(TypeError, match="integer id"):
        env.step(1.0)


def test_numpy_integers_and_one_value_arrays_are_actions():
    """stable-baselines3's ``predict`` returns a 0-d array for one observation."""
    for make in (np.int16, np.uint64, np.array, lambda a: np.array([a], np.int32)):
        env = CatanEnv(opponents="random", illegal_action="raise")
        env.reset(seed=2)
        a, before = int(np.flatnonzero(env.action_masks())[0]), len(env.game.actions)
        env.step(make(a))
        assert env.game.actions[before] == a and type(env.game.actions[before]) is int
    with pytest.raises(TypeError, match="not ndarray of shape \\(2,\\)"):
        env.step(np.array([a, a]))


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"variant": "seafarers"}, ValueError, "variant"),
        ({"num_players": 9}, Exception, "num_players"),
        ({"seat": 4}, ValueError, "seat"),
        ({"seat": True}, ValueError, "seat"),
        ({"opponents": "nobody"}, ValueError, "unknown agent"),
        ({"opponents": ["random"]}, ValueError, "one spec per other seat"),
        ({"opponents": 3}, TypeError, "opponents"),
        ({"vp_reward": float("nan")}, ValueError, "vp_reward"),
        ({"knight_reward": 0.1}, ValueError, "cities_and_knights"),
        ({"illegal_action": "ignore"}, ValueError, "illegal_action"),
        ({"render_mode": "svg"}, ValueError, "render_mode"),
        ({"no_such_rule": 1}, Exception, "no_such_rule"),
    ],
)
def test_bad_arguments_give_clear_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        CatanEnv(**kwargs)


def test_bad_actions_give_clear_errors():
    env = CatanEnv()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="out of range"):
        env.step(10_000)
    with pytest.raises(TypeError, match="integer"):
        env.step("end_turn")
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"x": 1})


@pytest.mark.parametrize(
    "variant, weights",
    [
        ("base", {"vp_reward": 0.2}),
        (
            "cities_and_knights",
            {"vp_reward": 0.1, "improvement_reward": 0.05, "knight_reward": 0.03},
        ),
    ],
)
def test_reward_shaping_sums_to_weight_times_change(variant, weights):
    env = CatanEnv(variant=variant, opponents="random", seat=0, **weights)
    env.reset(seed=2)
    start = env._measure()
    _, rewards, terminated, _, info = _play_random(env, seed=2)
    outcome = 0.0
    if terminated:
        outcome = 1.0 if info["winner"] == env.seat else -1.0
    final = env._measure()
    assert final != start  # something was gained over a whole game
    assert sum(rewards) == pytest.approx(final - start + outcome, abs=1e-9)


def test_opponents_as_list_sampler_and_objects():
    env = CatanEnv(variant="base", opponents=["random", RandomAgent(seed=1), "weighted"], seat=2)
    env.reset(seed=0)
    # opponents[k] sits k + 1 seats after the learner (seat 2).
    assert env.agents[2] is None  # the learner
    assert env.agents[3].name == "random" and env.agents[1].name == "weighted"
    assert isinstance(env.agents[0], RandomAgent)
    assert env._kinds is not None  # all jitted: the opponents play inside numba

    calls = []

    def sampler(rng):
        calls.append(rng)
        return ["heuristic"] * 3

    env = CatanEnv(variant="cities_and_knights", opponents=sampler)
    env.reset(seed=0)
    env.reset()
    assert len(calls) == 2
    assert all(a is None or a.name == "heuristic" for a in env.agents)

    bad = CatanEnv(variant="base", opponents=lambda rng: ["random"])
    with pytest.raises(ValueError, match="one spec per other seat"):
        bad.reset(seed=0)


class _FirstLegal:
    """A Python agent with no jitted policy: the env must call act() for it."""

    name = "first"
    kernel_kind = None

    def __init__(self):
        self.calls = 0

    def act(self, game):
        self.calls += 1
        return int(game.legal_actions()[0])


@pytest.mark.parametrize("variant", VARIANTS)
def test_python_opponents_play_through_act(variant):
    first = _FirstLegal()
    env = CatanEnv(variant=variant, opponents=[first, "random", "random"], seat=0, max_turns=30)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        assert env.game.current_player == 0
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if terminated or truncated:
            break
    assert first.calls > 0
    assert env.game.done


def test_a_cheating_python_opponent_is_reported():
    class Illegal(_FirstLegal):
        def act(self, game):
            return int(np.flatnonzero(~game.action_mask())[0])

    env = CatanEnv(variant="base", opponents=Illegal(), seat=3)
    with pytest.raises(RuntimeError, match="illegal action"):
        env.reset(seed=0)


def test_render_ansi():
    env = gymnasium.make("catan_env/Base-v0", render_mode="ansi")
    env.reset(seed=0)
    assert isinstance(env.render(), str)
    assert catan_env.__version__
