"""train/masked_policy.py: the lighter masked categorical against sb3-contrib's."""

import numpy as np
import pytest

th = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.distributions import MaskableCategoricalDistribution  # noqa: E402

from train.masked_policy import FastMaskableCategoricalDistribution, FastMaskablePolicy  # noqa: E402


def _batch(rows=64, actions=50, seed=0):
    g = th.Generator().manual_seed(seed)
    logits = th.randn(rows, actions, generator=g) * 3
    masks = th.rand(rows, actions, generator=g) < 0.3
    masks[:, 7] = True  # every row has a legal action
    masks[0] = False
    masks[0, 3] = True  # and one row has exactly one
    return logits, masks


def test_log_prob_entropy_and_mode_equal_sb3_contribs():
    logits, masks = _batch()
    ref = MaskableCategoricalDistribution(logits.shape[1]).proba_distribution(logits)
    ref.apply_masking(masks)
    new = FastMaskableCategoricalDistribution(logits.shape[1]).proba_distribution(logits)
    new.apply_masking(masks)
    actions = th.tensor([int(np.flatnonzero(m)[i % m.sum()]) for i, m in enumerate(masks.numpy())])
    assert th.allclose(new.log_prob(actions), ref.log_prob(actions), atol=1e-5)
    assert th.allclose(new.entropy(), ref.entropy(), atol=1e-5)
    assert th.equal(new.mode(), ref.mode())
    assert new.entropy()[0].item() == pytest.approx(0.0, abs=1e-6)
    # Without a mask it is the plain categorical.
    new.apply_masking(None)
    ref.apply_masking(None)
    assert th.allclose(new.entropy(), ref.entropy(), atol=1e-5)


def test_samples_are_legal_and_follow_the_probabilities():
    logits, masks = _batch(rows=4, actions=12, seed=1)
    dist = FastMaskableCategoricalDistribution(12).proba_distribution(logits)
    dist.apply_masking(masks)
    th.manual_seed(0)
    draws = th.stack([dist.sample() for _ in range(4000)])  # (4000, 4)
    assert bool(masks.gather(1, draws.T).all())  # never a masked action
    probs = th.softmax(logits.masked_fill(~masks, -1e8), dim=-1)
    for row in range(4):
        freq = th.bincount(draws[:, row], minlength=12).float() / len(draws)
        assert th.allclose(freq, probs[row], atol=0.03), row


def test_policy_trains_saves_and_loads_with_legal_predictions(tmp_path):
    from sb3_contrib import MaskablePPO

    from catan_env.vector import LearnerVecEnv

    env = LearnerVecEnv("base", num_envs=4, opponents="random", seed=0, num_players=4)
    model = MaskablePPO(FastMaskablePolicy, env, n_steps=32, batch_size=64, n_epochs=1,
                        policy_kwargs={"net_arch": [32]}, seed=0, device="cpu")  # fmt: skip
    model.learn(total_timesteps=128)
    model.save(tmp_path / "m.zip")
    loaded = MaskablePPO.load(tmp_path / "m.zip", env=env, device="cpu")
    assert isinstance(loaded.policy, FastMaskablePolicy)
    obs = env.reset()
    for _ in range(20):
        masks = env.action_masks()
        actions, _ = loaded.predict(obs, action_masks=masks)
        assert masks[np.arange(len(actions)), actions].all()
        obs, _, _, _ = env.step(actions)
