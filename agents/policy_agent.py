"""Trained policies as agents: ``make_agent("ppo:path/to/model.zip")``.

A :class:`PolicyAgent` plays the actor network of a MaskablePPO model
(sb3-contrib) trained by ``train/train_ppo.py``: it observes the seat that
must decide, masks the illegal actions and plays the most likely legal action
(or samples one with ``deterministic=False``).

Inference runs in numpy, so playing needs neither torch nor stable-baselines3
once the weights are read. Two checkpoint forms load:

- ``.npz``, written by :func:`export_policy`: the actor's arrays and a JSON
  header, read with ``allow_pickle=False`` (no code can run on loading). The
  shipped checkpoints are of this form (the actor alone is small).
- ``.zip``, a MaskablePPO save from the trainer: only its ``policy.pth``
  member is read, with ``torch.load(weights_only=True)``, and the trainer's
  ``catan_policy.json`` member tells the variant and activation. The zip's
  ``data`` member (cloudpickled objects) is never unpickled here; load the
  zip with ``MaskablePPO.load`` only if you trust its source.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from typing import Any

import numpy as np

from .base import register

#: Name of the JSON member the trainer adds to its MaskablePPO zips.
META_MEMBER = "catan_policy.json"
FORMAT = 1
_ACTIVATIONS = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0.0),
}


class PolicyNet:
    """The actor of a MaskablePPO MLP policy, in numpy.

    Args:
        layers: ``(weight, bias)`` of each hidden layer, weight shaped ``(out, in)``.
        head: ``(weight, bias)`` of the action logits.
        meta: the checkpoint header: ``variant``, ``num_players``,
            ``activation`` (``"tanh"`` or ``"relu"``), ``obs_size``, ``num_actions``.
    """

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], head, meta: dict[str, Any]):
        if meta.get("activation") not in _ACTIVATIONS:
            raise ValueError(f"unknown activation {meta.get('activation')!r} in the checkpoint")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.head = (np.asarray(head[0], np.float32), np.asarray(head[1], np.float32))
        self.meta = dict(meta)
        self.variant: str = meta["variant"]
        self._act = _ACTIVATIONS[meta["activation"]]
        if self.head[0].shape[0] != meta["num_actions"]:
            raise ValueError("the checkpoint's action head does not match its num_actions")
        n_in = self.layers[0][0].shape[1] if self.layers else self.head[0].shape[1]
        if n_in != meta["obs_size"]:
            raise ValueError("the checkpoint's first layer does not match its obs_size")

    @classmethod
    def from_state_dict(cls, state: dict[str, Any], meta: dict[str, Any]) -> PolicyNet:
        """From an SB3 ``ActorCriticPolicy`` state dict (tensors or arrays)."""

        def arr(x):
            return x.detach().cpu().numpy() if hasattr(x, "detach") else np.asarray(x)

        prefix = "mlp_extractor.policy_net."
        idx = sorted({int(k[len(prefix) :].split(".")[0]) for k in state if k.startswith(prefix)})
        layers = [(arr(state[f"{prefix}{i}.weight"]), arr(state[f"{prefix}{i}.bias"])) for i in idx]
        head = (arr(state["action_net.weight"]), arr(state["action_net.bias"]))
        return cls(layers, head, meta)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Action logits for a batch of observations, shape ``(batch, num_actions)``."""
        x = np.asarray(obs, np.float32)
        for w, b in self.layers:
            x = self._act(x @ w.T + b)
        return x @ self.head[0].T + self.head[1]

    def choose(
        self,
        obs: np.ndarray,
        masks: np.ndarray,
        rng: np.random.Generator | None = None,
        deterministic: bool = True,
    ) -> np.ndarray:
        """One legal action per row: the most likely, or sampled from the masked softmax.

        Args:
            obs: observations, shape ``(batch, obs_size)``.
            masks: legal-action masks, shape ``(batch, num_actions)``; each row has a legal action.
            rng: the generator for sampling (needed when not deterministic).
            deterministic: play the most likely legal action.
        """
        z = self.logits(obs)
        z = np.where(np.asarray(masks, bool), z, -np.inf)
        if deterministic:
            return z.argmax(axis=1)
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z)
        cum = np.cumsum(p, axis=1)
        u = rng.random(len(z))[:, None] * cum[:, -1:]
        # Masked actions add nothing to the cumulative sum, so they are never picked.
        return np.minimum((cum <= u).sum(axis=1), z.shape[1] - 1)

    def save(self, path: str | os.PathLike) -> None:
        """Write the ``.npz`` form (arrays plus a JSON header; loads without pickle)."""
        arrays = {"meta": np.array(json.dumps(self.meta))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"hidden_{i}_weight"], arrays[f"hidden_{i}_bias"] = w, b
        arrays["head_weight"], arrays["head_bias"] = self.head
        np.savez_compressed(path, **arrays)


def load_policy(path: str | os.PathLike) -> PolicyNet:
    """Read a checkpoint (``.npz`` or the trainer's MaskablePPO ``.zip``) without unpickling.

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a checkpoint of this project.
    """
    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no policy checkpoint at {path!r}")
    if zipfile.is_zipfile(path) and not path.endswith(".npz"):
        return _load_zip(path)
    with np.load(path, allow_pickle=False) as f:
        if "meta" not in f.files:
            raise ValueError(f"{path!r} is not a policy checkpoint (no 'meta' entry)")
        meta = json.loads(str(f["meta"]))
        n = sum(1 for k in f.files if k.startswith("hidden_") and k.endswith("_weight"))
        layers = [(f[f"hidden_{i}_weight"], f[f"hidden_{i}_bias"]) for i in range(n)]
        head = (f["head_weight"], f["head_bias"])
    _check_meta(meta, path)
    return PolicyNet(layers, head, meta)


def _load_zip(path: str) -> PolicyNet:
    import torch  # the .zip form needs torch; the .npz form does not

    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        if META_MEMBER not in names or "policy.pth" not in names:
            raise ValueError(
                f"{path!r} is not a checkpoint written by train/train_ppo.py (needs "
                f"{META_MEMBER} and policy.pth); load it with MaskablePPO.load if you trust it"
            )
        meta = json.loads(z.read(META_MEMBER))
        state = torch.load(io.BytesIO(z.read("policy.pth")), map_location="cpu", weights_only=True)
    _check_meta(meta, path)
    return PolicyNet.from_state_dict(state, meta)


def _check_meta(meta: dict, path: str) -> None:
    if meta.get("format") != FORMAT:
        raise ValueError(f"{path!r}: unsupported checkpoint format {meta.get('format')!r}")


def export_policy(model, path: str | os.PathLike, meta: dict[str, Any]) -> PolicyNet:
    """Write the actor of a MaskablePPO ``model`` as an ``.npz`` checkpoint and return it."""
    net = PolicyNet.from_state_dict(model.policy.state_dict(), {"format": FORMAT, **meta})
    net.save(path)
    return net


class PolicyAgent:
    """Plays a trained policy (see the module docstring for checkpoint forms).

    Args:
        path: the checkpoint (``.npz`` or the trainer's ``.zip``), or a loaded :class:`PolicyNet`.
        seed: seeds the generator used when sampling.
        deterministic: play the most likely legal action (default) or sample.
    """

    name = "ppo"
    #: No jitted counterpart: each decision calls ``act``.
    kernel_kind = None

    def __init__(
        self,
        path: str | os.PathLike | PolicyNet,
        seed: int | None = None,
        deterministic: bool = True,
    ):
        self.net = path if isinstance(path, PolicyNet) else load_policy(path)
        self.path = None if isinstance(path, PolicyNet) else os.fspath(path)
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        if game.variant.name != self.net.variant or game.num_players != self.net.meta.get(
            "num_players", game.num_players
        ):
            raise ValueError(
                f"this policy was trained for {self.net.variant} with "
                f"{self.net.meta.get('num_players')} players, not {game.variant.name} with "
                f"{game.num_players}"
            )
        obs = game.observe(game.current_player)[None]
        mask = game.action_mask()[None]
        return int(self.net.choose(obs, mask, self.rng, self.deterministic)[0])

    def __repr__(self) -> str:
        return f"PolicyAgent({self.path!r})"


register("ppo", PolicyAgent)
