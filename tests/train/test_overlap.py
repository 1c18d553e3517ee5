"""train/overlap.py: MaskablePPO with the update beside the next rollout."""

import numpy as np
import pytest

th = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.callbacks import BaseCallback  # noqa: E402

from train.masked_policy import FastMaskablePolicy  # noqa: E402
from train.overlap import OverlappedMaskablePPO  # noqa: E402

N_ENVS, N_STEPS = 4, 32
ROLLOUT = N_ENVS * N_STEPS


def _model(cls, seed=0):
    from catan_env.vector import LearnerVecEnv

    env = LearnerVecEnv("base", num_envs=N_ENVS, opponents="random", seed=seed, num_players=4)
    return cls(FastMaskablePolicy, env, n_steps=N_STEPS, batch_size=64, n_epochs=2,
               policy_kwargs={"net_arch": [32]}, seed=seed, device="cpu", verbose=0)  # fmt: skip


def _weights(policy) -> np.ndarray:
    return th.cat([p.detach().flatten() for p in policy.parameters()]).numpy().copy()


class _Watch(BaseCallback):
    """The acting policy's weights at every step, by rollout."""

    def __init__(self):
        super().__init__()
        self.rollouts: list[list[np.ndarray]] = []

    def _on_rollout_start(self) -> None:
        self.rollouts.append([])

    def _on_step(self) -> bool:
        self.rollouts[-1].append(_weights(self.model.policy))
        return True


def test_first_update_equals_sequential_maskableppos():
    # Rollout 1 is sampled by the initial policy in both, so the first update is
    # the same computation, from the same generators.
    seq = _model(MaskablePPO)
    seq.learn(ROLLOUT)
    ov = _model(OverlappedMaskablePPO)
    ov.learn(ROLLOUT)
    assert ov._n_updates == seq._n_updates == 2
    assert np.array_equal(_weights(ov.policy), _weights(seq.policy))


def test_every_rollout_is_trained_on_and_the_acting_policy_lags_one_update():
    model = _model(OverlappedMaskablePPO)
    watch = _Watch()
    model.learn(4 * ROLLOUT, callback=watch)
    assert model.num_timesteps == 4 * ROLLOUT
    assert model._n_updates == 4 * model.n_epochs  # the last rollout too
    per_rollout = [r[0] for r in watch.rollouts]
    for r in watch.rollouts:  # never a weight change in the middle of a rollout
        assert all(np.array_equal(w, r[0]) for w in r)
    # Rollouts 1 and 2 are both sampled by the initial policy (2 is collected
    # while the update on 1 runs); from then on, each by the policy one update older.
    assert np.array_equal(per_rollout[0], per_rollout[1])
    assert not np.array_equal(per_rollout[1], per_rollout[2])
    assert not np.array_equal(per_rollout[2], per_rollout[3])
    # After learn the acting policy holds the last update's weights.
    assert np.array_equal(_weights(model.policy), _weights(model._learner))


def test_runs_are_reproducible_for_a_seed():
    a = _model(OverlappedMaskablePPO)
    a.learn(3 * ROLLOUT)
    b = _model(OverlappedMaskablePPO)
    b.learn(3 * ROLLOUT)
    assert np.array_equal(_weights(a.policy), _weights(b.policy))


def test_a_stopping_callback_ends_learn_after_the_update_under_way():
    class StopInRollout3(BaseCallback):
        def _on_step(self) -> bool:
            return self.model.num_timesteps < 2 * ROLLOUT + N_ENVS * 3

    model = _model(OverlappedMaskablePPO)
    model.learn(10 * ROLLOUT, callback=StopInRollout3())
    # Rollouts 1 and 2 were trained on; the cut-off third was discarded.
    assert model._n_updates == 2 * model.n_epochs
    assert np.array_equal(_weights(model.policy), _weights(model._learner))


def test_an_error_in_the_update_reaches_the_caller():
    model = _model(OverlappedMaskablePPO)

    def broken():
        raise RuntimeError("update failed")

    model._learner.evaluate_actions = lambda *a, **k: broken()
    with pytest.raises(RuntimeError, match="update failed"):
        model.learn(2 * ROLLOUT)


def test_saves_are_maskableppo_files_and_resume(tmp_path):
    model = _model(OverlappedMaskablePPO)
    model.learn(2 * ROLLOUT)
    path = tmp_path / "m.zip"
    model.save(path)
    plain = MaskablePPO.load(path, device="cpu")
    assert np.array_equal(_weights(plain.policy), _weights(model.policy))
    # Resuming syncs the learner from the loaded weights and optimizer state.
    again = OverlappedMaskablePPO.load(path, env=model.env, device="cpu")
    assert not np.array_equal(_weights(again._learner), _weights(again.policy))
    again.learn(ROLLOUT, reset_num_timesteps=False)
    assert again.num_timesteps == 3 * ROLLOUT
    assert again._n_updates == model._n_updates + again.n_epochs
