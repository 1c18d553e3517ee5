"""Trained policies as agents: ``make_agent("ppo:path/to/model.zip")``.

A :class:`PolicyAgent` plays the actor network of a MaskablePPO model
(sb3-contrib) trained by ``train/train_ppo.py``, or of any stable-baselines3
PPO / MaskablePPO MLP policy trained on a catan_env Gymnasium env: it observes
the seat that must decide, masks the illegal actions and plays the most likely
legal action (or samples one with ``deterministic=False``).

Inference runs in numpy, so playing needs neither torch nor stable-baselines3
once the weights are read. Three checkpoint forms load, told apart by what the
archive holds (not by the file's name):

- ``.npz``, written by :func:`export_policy`: the actor's arrays and a JSON
  header, read with ``allow_pickle=False`` (no code can run on loading). The
  shipped checkpoints are of this form (the actor alone is small).
- ``.zip``, a MaskablePPO save from the trainer: only its ``policy.pth``
  member is read, with ``torch.load(weights_only=True)``, and the trainer's
  ``catan_policy.json`` member tells the variant and activation.
- ``.zip``, a plain stable-baselines3 ``model.save()`` of a PPO or MaskablePPO
  MLP policy (no ``catan_policy.json``): ``policy.pth`` is read the same way;
  the layers come from its tensors' shapes, the game from the sizes of the
  first layer and the action head (each registered game has its own), and the
  activation from the ``policy_kwargs`` that stable-baselines3 writes as
  readable JSON text into the ``data`` member (Tanh, its default, when none was
  given). The number of players is not recorded, so the agent plays any.

In neither zip form is the ``data`` member unpickled (its ``:serialized:``
entries are cloudpickled objects); load a zip with ``MaskablePPO.load`` only if
you trust its source. A file that is none of these is refused with a
:class:`ValueError` that says it is not a policy checkpoint, and why.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import zipfile
import zlib
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


#: Where the trainer's shared layers (``train.masked_policy.SharedLayers``) keep
#: their parameters in a policy's state dict; the actor reads them first.
SHARED_PREFIX = "features_extractor.net."


def actor_layers(state: dict[str, Any]) -> tuple[list, tuple]:
    """The actor's hidden ``(weight, bias)`` layers, in order, and its action head, from an
    SB3 ``ActorCriticPolicy`` state dict (tensors or arrays): the layers the actor
    shares with the critic (``SharedLayers``), if any, then its own.

    Raises:
        KeyError: a layer's weight or bias, or the action head, is missing.
        ValueError: a layer index that is not a number.
    """

    def arr(x):
        return x.detach().cpu().numpy() if hasattr(x, "detach") else np.asarray(x)

    layers = []
    for prefix in (SHARED_PREFIX, "mlp_extractor.policy_net."):
        idx = sorted({int(k[len(prefix) :].split(".")[0]) for k in state if k.startswith(prefix)})
        layers += [(arr(state[f"{prefix}{i}.weight"]), arr(state[f"{prefix}{i}.bias"]))
                   for i in idx]  # fmt: skip
    return layers, (arr(state["action_net.weight"]), arr(state["action_net.bias"]))


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
        from catan_env.core.policy import chain_error

        why = chain_error([*self.layers, self.head])
        if why is not None:
            raise ValueError(f"the checkpoint's {why}")
        if self.head[0].shape[0] != meta["num_actions"]:
            raise ValueError("the checkpoint's action head does not match its num_actions")
        n_in = self.layers[0][0].shape[1] if self.layers else self.head[0].shape[1]
        if n_in != meta["obs_size"]:
            raise ValueError("the checkpoint's first layer does not match its obs_size")

    @classmethod
    def from_state_dict(cls, state: dict[str, Any], meta: dict[str, Any]) -> PolicyNet:
        """From an SB3 ``ActorCriticPolicy`` state dict (tensors or arrays)."""
        return cls(*actor_layers(state), meta)

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


class NotACheckpointError(ValueError):
    """A file that is not a policy checkpoint; the message says why, in one line."""

    def __init__(self, path: str, why: str):
        super().__init__(f"{path!r} is not a policy checkpoint: {why}")


def load_policy(path: str | os.PathLike) -> PolicyNet:
    """Read a checkpoint (see the module docstring for the forms) without unpickling.

    Raises:
        FileNotFoundError: no such file.
        NotACheckpointError: a ``ValueError``: not a checkpoint this project reads (why).
    """
    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"no policy checkpoint at {path!r}")
    if os.path.isdir(path):
        raise NotACheckpointError(path, "it is a folder")
    if not zipfile.is_zipfile(path):
        raise NotACheckpointError(
            path, "it is not a zip archive (an .npz of export_policy or a stable-baselines3 .zip)"
        )
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
            if "policy.pth" in names:
                return _load_zip(path, z, names)
            if "meta.npy" in names:
                return _load_npz(path)
    except (zipfile.BadZipFile, EOFError, zlib.error) as exc:
        raise NotACheckpointError(path, f"the archive is damaged ({exc})") from None
    raise NotACheckpointError(
        path,
        "the archive holds neither 'meta.npy' (an .npz of export_policy) nor 'policy.pth' "
        "(a stable-baselines3 save)",
    )


def _load_npz(path: str) -> PolicyNet:
    try:
        with np.load(path, allow_pickle=False) as f:
            if "meta" not in f.files:
                raise NotACheckpointError(path, "no 'meta' entry")
            meta = json.loads(str(f["meta"]))
            n = sum(1 for k in f.files if k.startswith("hidden_") and k.endswith("_weight"))
            want = [f"hidden_{i}_{part}" for i in range(n) for part in ("weight", "bias")]
            missing = [k for k in (*want, "head_weight", "head_bias") if k not in f.files]
            if missing:
                raise NotACheckpointError(path, f"no {missing[0]!r} entry")
            layers = [(f[f"hidden_{i}_weight"], f[f"hidden_{i}_bias"]) for i in range(n)]
            head = (f["head_weight"], f["head_bias"])
    except json.JSONDecodeError:
        raise NotACheckpointError(path, "its 'meta' entry is not JSON") from None
    except NotACheckpointError:
        raise
    except ValueError as exc:
        # numpy's own words would advise allow_pickle=True: the opposite of what to do.
        why = (
            "an entry holds pickled Python objects, which are never loaded"
            if "pickle" in str(exc)
            else f"an entry does not read as an array ({exc})"
        )
        raise NotACheckpointError(path, why) from None
    return _net(path, layers, head, meta)


def _load_zip(path: str, z: zipfile.ZipFile, names: set[str]) -> PolicyNet:
    try:
        import torch  # the .zip forms need torch; the .npz form does not
    except ImportError:
        raise ValueError(
            f"{path!r}: reading a .zip checkpoint needs torch (pip install 'catan_env[train]'); "
            "an .npz checkpoint (agents.policy_agent.export_policy) does not"
        ) from None
    try:
        state = torch.load(io.BytesIO(z.read("policy.pth")), map_location="cpu", weights_only=True)
    except pickle.UnpicklingError:
        raise NotACheckpointError(
            path, "its policy.pth holds Python objects besides tensors, which are never unpickled"
        ) from None
    except (RuntimeError, EOFError, OSError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        why = f"its policy.pth does not read as torch tensors ({first})"
        raise NotACheckpointError(path, why) from None
    if not isinstance(state, dict):
        raise NotACheckpointError(path, "its policy.pth is not a state dict of tensors")
    if META_MEMBER in names:
        try:
            meta = json.loads(z.read(META_MEMBER))
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise NotACheckpointError(path, f"its {META_MEMBER} is not JSON") from None
    else:
        meta = _meta_of_plain_save(path, z, names, state)
    return _net(path, *_actor_arrays(path, state), meta)


def _actor_arrays(path: str, state: dict):
    """The actor's ``(weight, bias)`` layers and head from an SB3 policy state dict."""
    if "action_net.weight" not in state or "action_net.bias" not in state:
        raise NotACheckpointError(
            path,
            "its policy.pth has no action_net: not an actor-critic policy with a discrete head",
        )
    # SB3 lists a shared extractor under three names; the trainer's own dense
    # layers play, any other learned extractor does not.
    extra = [
        k
        for k in state
        if k.startswith(("features_extractor.", "pi_features_extractor.", "vf_features_extractor."))
        and not k.split(".", 1)[1].startswith(SHARED_PREFIX.split(".", 1)[1])
    ]
    if extra:
        raise NotACheckpointError(
            path,
            f"its policy has a learned features extractor ({extra[0]}); only MLP policies play",
        )
    try:
        return actor_layers(state)
    except (KeyError, ValueError, AttributeError, TypeError) as exc:
        raise NotACheckpointError(path, f"its actor's layers do not read ({exc})") from None


def _meta_of_plain_save(path: str, z: zipfile.ZipFile, names: set[str], state: dict) -> dict:
    """The header of a plain stable-baselines3 save: sizes from the tensors, the game from
    the sizes, the activation from ``data``'s readable ``policy_kwargs``."""
    from catan_env.core import registry

    layers, head = _actor_arrays(path, state)
    obs_size = int((layers[0][0] if layers else head[0]).shape[1])
    num_actions = int(head[0].shape[0])
    sizes = {n: (registry.get(n).obs_size, registry.get(n).num_actions) for n in registry.names()}
    games = [
        n
        for n, (o, a) in sizes.items()
        if o == obs_size and num_actions in (a, _ids_before_pairs(registry.get(n)))
    ]
    if not games:
        known = ", ".join(f"{n} {o} -> {a}" for n, (o, a) in sizes.items())
        raise NotACheckpointError(
            path,
            f"its network maps {obs_size} observations to {num_actions} actions, the sizes "
            f"of no catan_env game ({known})",
        )
    kwargs: dict = {}
    if "data" in names:
        try:
            kwargs = json.loads(z.read("data")).get("policy_kwargs") or {}
        except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
            why = "its 'data' member is not stable-baselines3's JSON"
            raise NotACheckpointError(path, why) from None
    given = str(kwargs.get("activation_fn", "<class 'torch.nn.modules.activation.Tanh'>"))
    activation = next((a for a in _ACTIVATIONS if f".{a}'" in given.lower()), None)
    if activation is None:
        raise NotACheckpointError(
            path, f"its activation {given} is not one this agent plays ({', '.join(_ACTIVATIONS)})"
        )
    return {
        "format": FORMAT,
        "variant": games[0],
        "activation": activation,
        "obs_size": obs_size,
        "num_actions": num_actions,
        "source": "stable-baselines3",
    }


def _net(path: str, layers, head, meta) -> PolicyNet:
    if not isinstance(meta, dict):
        raise NotACheckpointError(path, "its header is not a JSON object")
    _check_meta(meta, path)
    missing = [k for k in ("variant", "activation", "obs_size", "num_actions") if k not in meta]
    if missing:
        raise NotACheckpointError(path, f"its header has no {missing[0]!r}")
    try:
        net = _grown(PolicyNet(layers, head, meta))
    except ValueError as exc:
        raise NotACheckpointError(path, str(exc)) from None
    why = fit_error(net)
    if why is not None:
        raise ValueError(f"{path!r}: {why}")
    return net


def fit_error(net: PolicyNet, spec=None) -> str | None:
    """Why ``net`` cannot play the game ``spec`` (a registry spec; by default that of
    the variant it was trained for, if registered), in one line; ``None`` when it can.

    The kernels read the observation through the first layer and the head's row of
    each legal id without bounds checks, so a net of other sizes is refused here,
    in Python, before any kernel runs.
    """
    from catan_env.core import policy as P
    from catan_env.core import registry

    if spec is None:
        if net.variant not in registry.names():
            return None
        spec = registry.get(net.variant)
    why = P.size_error(net, int(spec.rules.OBS_SIZE), int(spec.rules.NUM_ACTIONS))
    return None if why is None else f"this policy does not fit {spec.name}: {why}"


#: Logit of an action the checkpoint was trained without: never chosen while any
#: action it knows is legal.
UNKNOWN_ACTION_LOGIT = -1.0e4


def _ids_before_pairs(spec) -> int:
    """How many action ids a Catan game had before the pairs that open an offer
    (``offer(x->y)``, appended last); the whole space for other games."""
    first = [a.id for a in spec.actions.infos if a.family == "offer"]
    return first[0] if first else spec.num_actions


def _grown(net: PolicyNet) -> PolicyNet:
    """A checkpoint trained before the game's space gained the offer pairs, fitted to
    the space: the ids it knows are unchanged (the pairs come last) and the new ones
    get weight 0 and :data:`UNKNOWN_ACTION_LOGIT`, so it plays as it was trained
    (it opens no offer where only pairs open one)."""
    from catan_env.core import registry

    if net.variant not in registry.names():
        return net
    spec = registry.get(net.variant)
    have = net.head[0].shape[0]
    if have == spec.num_actions or have != _ids_before_pairs(spec):
        return net
    extra = spec.num_actions - have
    w, b = net.head
    head = (
        np.concatenate([w, np.zeros((extra, w.shape[1]), np.float32)]),
        np.concatenate([b, np.full(extra, UNKNOWN_ACTION_LOGIT, np.float32)]),
    )
    meta = {**net.meta, "num_actions": spec.num_actions, "trained_num_actions": have}
    return PolicyNet(net.layers, head, meta)


def _check_meta(meta: dict, path: str) -> None:
    if meta.get("format") != FORMAT:
        raise NotACheckpointError(path, f"unsupported checkpoint format {meta.get('format')!r}")


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

    Raises:
        ValueError: the checkpoint's sizes are not those of the game it was trained for
            (:func:`fit_error`).
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
        why = fit_error(self.net)
        if why is not None:
            raise ValueError(why)
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
        why = fit_error(self.net, game.variant)
        if why is not None:
            raise ValueError(why)
        obs = game.observe(game.current_player)[None]
        mask = game.action_mask()[None]
        return int(self.net.choose(obs, mask, self.rng, self.deterministic)[0])

    def __repr__(self) -> str:
        return f"PolicyAgent({self.path!r})"


register("ppo", PolicyAgent)
