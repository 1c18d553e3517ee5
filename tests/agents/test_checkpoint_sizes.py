"""A checkpoint whose sizes are not its game's is refused in Python, before a kernel runs.

The kernels read the observation through a net's first layer and the head's row
of each legal id without bounds checks: a head of 1 or 100 rows, an input 10
wide or hidden layers that do not chain would read and write out of bounds.
``learned:PATH``, ``ppo:PATH`` and the learner env's opponents refuse them with a
one-line ``ValueError`` naming the size and the expected one.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest
from test_learner_env import random_net

from agents import PolicyAgent, make_agent
from agents.learned import LearnedAgent
from agents.policy_agent import PolicyNet, load_policy
from catan_env import Game
from catan_env.learner_env import LearnerVecEnv


def _sized(head_rows=None, obs_size=None) -> PolicyNet:
    """A base actor whose header agrees with its arrays, of other sizes than the game's."""
    net = random_net("base", hidden=(8,))
    (w, b), (hw, hb) = net.layers[0], net.head
    if obs_size is not None:
        w = w[:, :obs_size]
    if head_rows is not None:
        hw, hb = hw[:head_rows], hb[:head_rows]
    meta = {**net.meta, "obs_size": w.shape[1], "num_actions": hw.shape[0]}
    return PolicyNet([(w, b)], (hw, hb), meta)


def _unchained(path) -> None:
    """An ``.npz`` whose second hidden layer takes 5 inputs where the first gives 8."""
    net = random_net("base", hidden=(8, 4))
    (w0, b0), (w1, b1) = net.layers
    arrays = {
        "meta": np.array(json.dumps(net.meta)),
        "hidden_0_weight": w0, "hidden_0_bias": b0,
        "hidden_1_weight": np.zeros((4, 5), np.float32), "hidden_1_bias": b1,
        "head_weight": net.head[0], "head_bias": net.head[1],
    }  # fmt: skip
    np.savez(path, **arrays)


WRONG = {
    "head 1": (lambda p: _sized(head_rows=1).save(p), "action head has 1 rows.*280"),
    "head 100": (lambda p: _sized(head_rows=100).save(p), "action head has 100 rows.*280"),
    "input 10": (lambda p: _sized(obs_size=10).save(p), "takes 10 inputs.*1276"),
    "unchained": (_unchained, "layer 1 .*5 inputs.*gives 8"),
}


@pytest.mark.parametrize("case", sorted(WRONG))
@pytest.mark.parametrize("spec", ["learned", "ppo"])
def test_a_checkpoint_of_the_wrong_sizes_is_refused_in_one_line(tmp_path, case, spec):
    write, why = WRONG[case]
    path = tmp_path / "wrong.npz"
    write(path)
    g = Game(seed=1)
    before = g.state.copy()
    with pytest.raises(ValueError, match=why) as err:
        make_agent(f"{spec}:{path}").act(g)
    assert "\n" not in str(err.value)
    assert np.array_equal(g.state, before)


@pytest.mark.parametrize("case", ["head 1", "head 100", "input 10"])
def test_a_loaded_net_of_the_wrong_sizes_is_refused_at_the_game(case):
    """A net built in memory (never loaded) is checked against the game it is asked to play."""
    net = _sized(**{"head 1": {"head_rows": 1}, "head 100": {"head_rows": 100},
                    "input 10": {"obs_size": 10}}[case])  # fmt: skip
    g = Game(seed=1)
    before = g.state.copy()
    for agent in (lambda: LearnedAgent(net), lambda: PolicyAgent(net)):
        with pytest.raises(ValueError, match="does not fit base") as err:
            agent().act(g)
        assert "\n" not in str(err.value)
    assert np.array_equal(g.state, before)


def test_the_learner_envs_opponents_check_the_arrays_not_only_the_header():
    """An actor whose header names the game's sizes but whose head has 100 rows."""
    good = random_net("base", hidden=(8,))
    liar = SimpleNamespace(
        layers=good.layers, head=(good.head[0][:100], good.head[1][:100]), meta=dict(good.meta)
    )
    with pytest.raises(ValueError, match="action head has 100 rows.*280") as err:
        LearnerVecEnv("base", num_envs=1, opponents=liar, seed=0)
    assert "\n" not in str(err.value)
    env = LearnerVecEnv("base", num_envs=1, opponents=good, seed=0)
    with pytest.raises(ValueError, match="action head has 100 rows"):
        env.set_policy(0, liar)


def test_an_older_head_is_still_grown_and_plays(tmp_path):
    """A C&K head of the 1,016 ids before the offer pairs still loads (grown) and plays
    as ``learned:PATH`` and ``ppo:PATH``."""
    shipped = load_policy("agents/checkpoints/ppo_ck.npz")
    w, b = shipped.head
    old = PolicyNet(shipped.layers, (w[:1016], b[:1016]), {**shipped.meta, "num_actions": 1016})
    old.save(tmp_path / "old.npz")
    g = Game(variant="cities_and_knights", seed=3)
    a = make_agent(f"learned:{tmp_path / 'old.npz'}").act(g)
    assert a == make_agent(f"ppo:{tmp_path / 'old.npz'}").act(g)
    assert g.action_mask()[a]
