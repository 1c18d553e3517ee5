"""train/train_ray.py end to end: a tiny MaskablePPO run with two Ray self-play workers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_pool_draws_snapshots_once_there_are_some():
    pytest.importorskip("ray", reason="the distributed extra is not installed")
    from train.train_ray import SnapshotPool, parse_pool

    assert parse_pool("random=0.6, heuristic,self=0.2") == [
        ("random", 0.6), ("heuristic", 1.0), ("self", 0.2)
    ]  # fmt: skip
    with pytest.raises(ValueError, match="weight"):
        parse_pool("random=x")
    pool = SnapshotPool(parse_pool("self=1"), 3, recent=2)
    assert pool(np.random.default_rng(0)) == ["random"] * 3  # no snapshot yet
    pool.snapshots.extend(["a", "b", "c"])  # the oldest drops out
    assert set(pool(np.random.default_rng(0))) <= {"b", "c"}


@pytest.mark.slow
def test_train_ray_tiny_run(tmp_path):
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    pytest.importorskip("ray", reason="the distributed extra is not installed")
    # Its own process: the run starts (and ends) its own one-machine Ray cluster.
    out = subprocess.run(
        [sys.executable, "-m", "train.train_ray", "--workers", "2", "--envs-per-worker", "2",
         "--steps", "1024", "--n-steps", "256", "--snapshot-every", "512", "--net", "32,32",
         "--max-turns", "60", "--pool", "random=1,heuristic=1,self=1", "--eval-games", "2",
         "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    assert "steps     1024" in out.stdout
    assert (tmp_path / "final.zip").exists() and (tmp_path / "final.npz").exists()


def test_vec_env_calls_and_sets_attributes_on_the_remote_envs():
    """RayVecEnv forwards ``env_method`` and ``set_attr`` to the env they address."""
    pytest.importorskip("stable_baselines3", reason="the train extra is not installed")
    ray = pytest.importorskip("ray", reason="the distributed extra is not installed")
    from catan_env.gym_env import CatanEnv
    from train.train_ray import EnvWorker, _vec_env_class

    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    try:
        kwargs = {"variant": "base", "num_players": 4, "max_turns": 60}
        workers = [EnvWorker.remote(2, kwargs, [("random", 1.0)], 2, s) for s in (1, 2)]
        probe = CatanEnv(**kwargs)
        venv = _vec_env_class()(workers, 2, probe.observation_space, probe.action_space)
        venv.reset()
        venv.set_attr("illegal_action", "raise", indices=[1, 2])
        got = venv.env_method("__getattribute__", "illegal_action")
        assert got == ["lose", "raise", "raise", "lose"]  # "lose" is the envs' default
        masks = venv.env_method("action_masks", indices=3)
        assert len(masks) == 1 and masks[0].any()
    finally:
        ray.shutdown()
