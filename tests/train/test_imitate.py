"""Behaviour cloning (train/imitate.py): demonstrations and a loadable cloned policy."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from agents import make_agent  # noqa: E402
from catan_env import Game  # noqa: E402
from train.imitate import collect, main  # noqa: E402


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_demonstrations_are_the_teachers_legal_choices(variant):
    data = collect(variant, 3, "heuristic", [("random", 1.0)], 4, seed=1, progress=False)
    n = len(data["action"])
    assert n > 20
    assert data["obs"].shape[0] == data["mask"].shape[0] == data["outcome"].shape[0] == n
    # Every kept decision had a real choice, and the teacher's action was legal.
    assert (data["mask"].sum(1) > 1).all()
    assert data["mask"][np.arange(n), data["action"]].all()
    assert set(np.unique(data["outcome"])) <= {-1.0, 0.0, 1.0}


def test_teacher_and_pool_must_be_jitted():
    with pytest.raises(ValueError, match="teacher must be a jitted agent"):
        collect("base", 1, "mcts", [("random", 1.0)], 4, seed=0, progress=False)
    with pytest.raises(ValueError, match="pool agents must be jitted"):
        collect("base", 1, "heuristic", [("mcts", 1.0)], 4, seed=0, progress=False)


def test_cloned_policy_loads_and_plays_legally(tmp_path):
    out = tmp_path / "bc.zip"
    summary = main(
        ["--variant", "base", "--games", "3", "--epochs", "1", "--eval-games", "0"]
        + ["--out", str(out), "--no-progress"]
    )
    assert summary["samples"] > 0 and np.isfinite(summary["policy_loss"])
    for path in (out, out.with_suffix(".npz")):
        agent = make_agent(f"ppo:{path}")
        g = Game(variant="base", num_players=4, seed=3)
        others = [make_agent("random", seed=k) for k in range(4)]
        while not g.done:
            p = g.current_player
            g.step(agent.act(g) if p == 0 else others[p].act(g))
        assert g.done
