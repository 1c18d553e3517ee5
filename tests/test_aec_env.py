"""PettingZoo AEC environment: API conformance, determinism, rewards."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import catan_env
from catan_env.actions import NUM_ACTIONS
from catan_env.games.catan.base.observe import OBS_SIZE


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_api_test(num_players):
    api_test(catan_env.env(num_players=num_players), num_cycles=1000)


def test_seed_test():
    seed_test(lambda: catan_env.env(), num_cycles=500)
    seed_test(lambda: catan_env.env(num_players=3, board="beginner"), num_cycles=500)


def _play(env, seed):
    env.reset(seed=seed)
    rewards = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        rewards[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,) and mask.any()
        assert obs["observation"].shape == (OBS_SIZE,)
        env.step(int(np.flatnonzero(mask)[steps % mask.sum()]))
        steps += 1
    return rewards, info


def test_full_game_rewards():
    """Winner +1, every other seat -1; all agents finish."""
    env = catan_env.env()
    rewards, info = _play(env, 3)
    winner = info["winner"]
    assert winner is not None
    assert rewards[f"player_{winner}"] == 1.0
    assert sorted(rewards.values()) == [-1.0, -1.0, -1.0, 1.0]
    assert env.agents == []


def test_truncation_gives_zero():
    env = catan_env.env(max_turns=2)
    rewards, info = _play(env, 1)
    assert info["winner"] is None and set(rewards.values()) == {0.0}


def test_agent_selection_follows_the_decider():
    """Out-of-turn decisions (trade answers) go to the seat that must decide."""
    env = catan_env.raw_env()
    env.reset(seed=0)
    assert env.agent_selection == f"player_{env.game.current_player}"
    others = [a for a in env.agents if a != env.agent_selection]
    for a in others:
        assert not env.observe(a)["action_mask"].any()


def test_same_seed_same_game():
    a, b = catan_env.raw_env(), catan_env.raw_env()
    a.reset(seed=11)
    b.reset(seed=11)
    assert np.array_equal(a.game.state, b.game.state)
    b.reset(seed=12)
    assert not np.array_equal(a.game.state, b.game.state)


def test_render_ansi():
    env = catan_env.raw_env(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "seat 0" in text and "[" in text and "turn 0" in text


@pytest.mark.parametrize("variant", ["base", "ancients"])
def test_numpy_integer_and_0d_array_actions(variant):
    """stable-baselines3's ``predict`` returns a 0-d array: the env takes it like an int."""
    env = catan_env.env(variant=variant)
    env.reset(seed=4)
    for make in (np.int64, np.uint16, np.array, lambda a: np.array([a], np.int16)):
        obs, *_ = env.last()
        a = int(np.flatnonzero(obs["action_mask"])[0])
        env.step(make(a))
        assert env.unwrapped.game.actions[-1] == a
    obs, *_ = env.last()
    with pytest.raises(TypeError, match="integer id or a name"):
        env.step(np.array([1, 2]))
    with pytest.raises(TypeError, match="integer id or a name"):
        env.step(np.float64(1))


@pytest.mark.parametrize("variant", ["base", "ancients"])
def test_an_unknown_agent_is_named(variant):
    env = catan_env.raw_env(variant=variant)
    agents = ", ".join(env.possible_agents)
    for call in (env.action_space, env.observation_space):
        with pytest.raises(KeyError) as caught:
            call("player_9")
        assert str(caught.value) == f"unknown agent 'player_9'; this env's agents are {agents}"
    env.reset(seed=0)
    with pytest.raises(ValueError, match="unknown agent 'player_9'"):
        env.observe("player_9")


@pytest.mark.parametrize("variant", ["base", "ancients"])
def test_render_modes_list_every_mode_accepted(variant, monkeypatch):
    """``metadata["render_modes"]`` is what ``render_mode=`` accepts, "human" included."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    env = catan_env.raw_env(variant=variant)
    assert env.metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    assert catan_env.raw_env.metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    with pytest.raises(RuntimeError, match="needs a display"):  # accepted, but no window here
        catan_env.raw_env(variant=variant, render_mode="human")
    with pytest.raises(ValueError, match="is not one of \\['ansi', 'rgb_array', 'human'\\]"):
        catan_env.raw_env(variant=variant, render_mode="svg")
