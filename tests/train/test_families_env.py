"""Training on several board families at once (``train.families_env``, ``train_ppo --families``)."""

import numpy as np
import pytest

from catan_env.games.catan.board.families import family_options
from catan_env.games.catan.common import layout as L
from catan_env.vector import LearnerVecEnv
from train.families_env import FamilyVecEnv


def _env(families=("spiral", "catanatron"), rows=(3, 2)):
    envs = [LearnerVecEnv("base", num_envs=n, opponents="random", seed=11 + k,
                          **family_options(f))
            for k, (f, n) in enumerate(zip(families, rows, strict=True))]  # fmt: skip
    return FamilyVecEnv(envs, list(families)), envs


def test_rows_are_the_families_envs_rows():
    """Each row plays its family's boards: the token mode in the state is the family's,
    and stepping the joined env steps every family's env with its own actions."""
    env, parts = _env()
    obs = env.reset()
    assert obs.shape == (5, parts[0].obs_size) and env.num_envs == 5
    np.testing.assert_array_equal(env.row_family, [0, 0, 0, 1, 1])
    modes = [int(s[L.OPT_TOKEN_MODE]) for e in parts for s in e.states]
    assert modes[:3] != modes[3:] and len(set(modes[:3])) == 1 and len(set(modes[3:])) == 1
    masks = env.action_masks()
    assert masks.shape == (5, parts[0].num_actions)
    np.testing.assert_array_equal(env.env_method("action_masks"), masks)
    rng = np.random.default_rng(0)
    dones = 0
    for _ in range(20_000):
        if dones >= 2:
            break
        m = env.action_masks()
        a = np.array([rng.choice(np.flatnonzero(row)) for row in m])
        obs, rew, done, infos = env.step(a)
        assert obs.shape[0] == 5 and rew.shape == (5,) and done.shape == (5,)
        for i in np.flatnonzero(done):
            assert infos[i]["family"] == ("spiral" if i < 3 else "catanatron")
            dones += 1
    assert dones >= 2


def test_families_env_refuses_mismatched_envs_and_wrong_actions():
    env, parts = _env()
    env.reset()
    with pytest.raises(ValueError, match="actions must be 5 ids"):
        env.step(np.zeros(4, np.int64))
    with pytest.raises(ValueError, match="one family name per env"):
        FamilyVecEnv(parts, ["spiral"])
    ck = LearnerVecEnv("cities_and_knights", num_envs=1, opponents="random")
    with pytest.raises(ValueError, match="same spaces"):
        FamilyVecEnv([parts[0], ck], ["spiral", "spiral"])


def test_train_ppo_trains_on_families(tmp_path):
    from train.train_ppo import main

    summary = main(["--out", str(tmp_path / "run"), "--families", "spiral,random_tokens",
                    "--minutes", "0", "--steps", "512", "--n-envs", "4", "--n-steps", "64",
                    "--batch-size", "128", "--eval-games", "0", "--final-eval-games", "0",
                    "--no-progress", "--pool", "random=1"])  # fmt: skip
    assert summary["steps"] >= 512
    with pytest.raises(SystemExit, match="--families: unknown board family 'hexes'"):
        main(["--out", str(tmp_path / "bad"), "--families", "spiral,hexes"])
    with pytest.raises(SystemExit, match="drop --env gym"):
        main(["--out", str(tmp_path / "bad2"), "--families", "spiral", "--env", "gym"])


def test_train_refuses_a_non_empty_out_without_overwrite(tmp_path):
    """An earlier run's model is never replaced silently (catan-env train --out DIR)."""
    from train.train_ppo import main

    (tmp_path / "final.zip").write_bytes(b"an earlier run")
    with pytest.raises(SystemExit, match="is not empty: pass --overwrite"):
        main(["--out", str(tmp_path), "--minutes", "0", "--steps", "64", "--no-progress"])
    assert (tmp_path / "final.zip").read_bytes() == b"an earlier run"
    (tmp_path / "file").write_text("x")
    with pytest.raises(SystemExit, match="is a file, not a folder"):
        main(["--out", str(tmp_path / "file"), "--no-progress"])
