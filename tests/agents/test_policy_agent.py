"""agents.policy_agent: a plain stable-baselines3 ``model.save()`` zip plays as ``ppo:model.zip``.

The zip has no catan_policy.json: the layers come from the tensors' shapes, the
game from the sizes, the activation from the readable JSON of ``data``; nothing
is unpickled (the ``data`` member's cloudpickled entries stay closed).
"""

from __future__ import annotations

import json
import pickle
import zipfile

import numpy as np
import pytest

from agents import PolicyAgent, make_agent
from agents.policy_agent import load_policy

torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")
sb3 = pytest.importorskip("stable_baselines3", reason="the train extra is not installed")


def _saved(tmp_path, variant: str, **policy_kwargs):
    from catan_env.gym_env import CatanEnv

    torch.set_num_threads(1)
    model = sb3.PPO("MlpPolicy", CatanEnv(variant=variant), n_steps=32, batch_size=32,
                    policy_kwargs=policy_kwargs, device="cpu", seed=0)  # fmt: skip
    # A fresh action head is nearly zero (orthogonal init, gain 0.01): spread the weights so
    # the logits differ by whole units and a wrong layer or activation shows.
    with torch.no_grad():
        for w in model.policy.parameters():
            w.normal_(0.0, 0.3, generator=torch.Generator().manual_seed(w.numel()))
    path = tmp_path / "model.zip"
    model.save(path)
    return model, path


def _log_probs(model, obs):
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs[None]))
    return dist.distribution.logits.numpy()[0]  # torch keeps them normalised


def _normalised(z):
    z = z - z.max()
    return z - np.log(np.exp(z).sum())


@pytest.mark.parametrize(
    "variant, kwargs, activation, hidden",
    [
        ("base", {}, "tanh", [64, 64]),  # stable-baselines3's defaults: two 64 Tanh layers
        ("cities_and_knights", {"net_arch": [32, 16, 8], "activation_fn": "ReLU"}, "relu",
         [32, 16, 8]),
        # The trainer's layers shared by the actor and the critic come first.
        ("base", {"shared": [32], "net_arch": [16], "activation_fn": "ReLU"}, "relu", [32, 16]),
    ],
)  # fmt: skip
def test_a_plain_sb3_save_plays_as_ppo_zip(tmp_path, variant, kwargs, activation, hidden):
    from catan_env import Game

    if "activation_fn" in kwargs:
        kwargs = {**kwargs, "activation_fn": getattr(torch.nn, kwargs["activation_fn"])}
    if "shared" in kwargs:
        pytest.importorskip("sb3_contrib")
        from train.masked_policy import SharedLayers

        kwargs = dict(kwargs)
        kwargs["features_extractor_kwargs"] = {"layers": kwargs.pop("shared"),
                                               "activation": activation}  # fmt: skip
        kwargs["features_extractor_class"] = SharedLayers
    model, path = _saved(tmp_path, variant, **kwargs)
    with zipfile.ZipFile(path) as z:
        assert "catan_policy.json" not in z.namelist()  # nothing of ours in it
    agent = make_agent(f"ppo:{path}", seed=0)
    assert isinstance(agent, PolicyAgent)
    net = agent.net
    assert net.meta["variant"] == variant and net.meta["activation"] == activation
    assert [w.shape[0] for w, _ in net.layers] == hidden
    game = Game(variant=variant, seed=5)
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs = game.observe(game.current_player)
        np.testing.assert_allclose(_normalised(net.logits(obs[None])[0]), _log_probs(model, obs),
                                   rtol=1e-4, atol=1e-5)  # fmt: skip
        game.step(agent.act(game))  # legal, or Game.step would raise
        if rng.random() < 0.5 and not game.done:
            game.step(int(rng.choice(game.legal_actions())))


def test_a_plain_save_never_unpickles_its_data(tmp_path):
    """The readable JSON of ``data`` is read; its ``:serialized:`` entries (cloudpickle)
    are not, even when they hold an object whose unpickling would run code."""
    _, path = _saved(tmp_path, "base")
    marker = tmp_path / "pwned"

    class Payload:
        def __reduce__(self):
            return (type(marker).touch, (marker,))

    import base64

    with zipfile.ZipFile(path) as z:
        members = {n: z.read(n) for n in z.namelist()}
    data = json.loads(members["data"])
    data["policy_kwargs"][":serialized:"] = base64.b64encode(pickle.dumps(Payload())).decode()
    members["data"] = json.dumps(data).encode()
    with zipfile.ZipFile(path, "w") as z:
        for name, content in members.items():
            z.writestr(name, content)
    assert load_policy(path).meta["activation"] == "tanh"
    assert not marker.exists()


def test_a_network_of_no_games_sizes_is_refused(tmp_path):
    import gymnasium

    model = sb3.PPO("MlpPolicy", gymnasium.make("CartPole-v1"), n_steps=32, batch_size=32,
                    device="cpu")  # fmt: skip
    model.save(tmp_path / "cartpole.zip")
    with pytest.raises(ValueError, match=r"maps 4 observations to 2 actions, the sizes of no "):
        load_policy(tmp_path / "cartpole.zip")


def test_a_learned_extractor_other_than_shared_layers_is_refused(tmp_path):
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

    class Other(BaseFeaturesExtractor):
        def __init__(self, space):
            super().__init__(space, 8)
            self.proj = torch.nn.Linear(space.shape[0], 8)

        def forward(self, x):
            return self.proj(x)

    _, path = _saved(tmp_path, "base", features_extractor_class=Other)
    with pytest.raises(ValueError, match=r"learned features extractor \(features_extractor.proj"):
        load_policy(path)


def test_an_unknown_activation_is_named(tmp_path):
    _, path = _saved(tmp_path, "base", activation_fn=torch.nn.GELU)
    with pytest.raises(ValueError, match="activation .*GELU.* is not one this agent plays"):
        load_policy(path)


def test_a_checkpoint_from_before_the_offer_pairs_plays_as_trained(tmp_path):
    """base §6.3: a C&K actor trained on 1,016 actions, before the pairs that open an
    offer were appended (as the C&K network shipped before 2026-12-05 was); loaded, it
    covers the whole space with the same logits for the ids it knows and never prefers
    a pair while one of those is legal."""
    from agents.policy_agent import PolicyNet
    from catan_env import Game
    from catan_env.core import registry

    shipped = load_policy("agents/checkpoints/ppo_ck.npz")
    w, b = shipped.head
    old = PolicyNet(shipped.layers, (w[:1016], b[:1016]), {**shipped.meta, "num_actions": 1016})
    old.save(tmp_path / "old.npz")
    net = load_policy(tmp_path / "old.npz")
    spec = registry.get("cities_and_knights")
    assert net.meta["trained_num_actions"] == 1016 and net.meta["num_actions"] == spec.num_actions
    assert np.array_equal(net.head[0][:1016], w[:1016])
    obs = np.random.default_rng(0).random((6, spec.obs_size), dtype=np.float32)
    z = net.logits(obs)
    assert z.shape == (6, spec.num_actions)
    assert (z[:, 1016:] <= -1e3).all()
    g = Game(variant="cities_and_knights", seed=3, trade_protocol="cards")
    for _ in range(400):
        if g.done:
            break
        mask = g.action_mask()
        a = int(net.choose(g.observe(g.current_player)[None], mask[None], None, True)[0])
        assert mask[a] and a < 1016
        g.step(a)
