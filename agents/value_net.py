"""A learned value: each seat's probability of winning, from one seat's observation.

:class:`ValueNet` is an MLP over the observation the deciding seat gets
(``Game.observe(seat)``) whose head has one logit per seat, in the
observation's own seat order: logit 0 is the observer, logit ``j`` the seat
``j`` places after it. The softmax of the first ``num_players`` logits is the
estimate of who wins. :class:`~agents.value_search.ValueSearchAgent` scores the
positions its search reaches with it, inside numba: the head is stored like a
policy's action head, so the kernels' policy-table forward pass
(:mod:`catan_env.core.policy`) computes the value with the seats as the "legal
actions" (:func:`ValueNet.table`).

Checkpoints are ``.npz`` files of arrays plus a JSON header (no pickle), the
same layout as the policy checkpoints of :mod:`agents.policy_agent` with
``"kind": "value"`` in the header; a policy checkpoint is refused as a value
and the other way round.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

#: The header's ``format`` of a value checkpoint.
FORMAT = 1
#: Seats the head always has (the most any game seats); games with fewer read the first ones.
HEAD_SEATS = 4


class ValueNet:
    """An MLP value, in numpy.

    Args:
        layers: ``(weight, bias)`` of each hidden layer, weight shaped ``(out, in)``.
        head: ``(weight, bias)`` of the seat logits, ``HEAD_SEATS`` rows.
        meta: the header: ``variant``, ``num_players``, ``obs_size``, ``activation``
            (``"relu"`` or ``"tanh"``); anything else is kept (training figures).

    Raises:
        ValueError: the shapes do not chain, or the head is not one logit per seat.
    """

    def __init__(self, layers, head, meta: dict[str, Any]):
        if meta.get("activation") not in ("relu", "tanh"):
            raise ValueError(f"unknown activation {meta.get('activation')!r} in the value net")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.head = (np.asarray(head[0], np.float32), np.asarray(head[1], np.float32))
        self.meta = {"format": FORMAT, "kind": "value", **meta}
        self.variant: str = meta["variant"]
        n_in = int(meta["obs_size"])
        for k, (w, b) in enumerate([*self.layers, self.head]):
            wanted = self.layers[k - 1][0].shape[0] if k else n_in
            if w.ndim != 2 or b.shape != (w.shape[0],) or w.shape[1] != wanted:
                raise ValueError(f"the value net's layer {k} does not follow the one before it")
        if self.head[0].shape[0] != HEAD_SEATS:
            raise ValueError(
                f"the value net's head has {self.head[0].shape[0]} rows, not one per seat "
                f"({HEAD_SEATS})"
            )

    @property
    def obs_size(self) -> int:
        return int(self.meta["obs_size"])

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """Seat logits for a batch of observations, shape ``(batch, HEAD_SEATS)``."""
        x = np.asarray(obs, np.float32)
        relu = self.meta["activation"] == "relu"
        for w, b in self.layers:
            x = x @ w.T + b
            x = np.maximum(x, 0.0) if relu else np.tanh(x)
        return x @ self.head[0].T + self.head[1]

    def win_probabilities(self, obs: np.ndarray, num_players: int) -> np.ndarray:
        """Each seat's probability of winning (observer first), shape ``(batch, num_players)``."""
        z = self.logits(obs)[:, :num_players].astype(np.float64)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True)

    def table(self) -> tuple[np.ndarray, np.ndarray]:
        """This net as a one-actor policy table (:func:`catan_env.core.policy.pack`)."""
        from catan_env.core import policy as P

        return P.pack([self], [True])

    def save(self, path: str | os.PathLike) -> None:
        """Write the ``.npz`` checkpoint (arrays and a JSON header)."""
        arrays = {"meta": np.array(json.dumps(self.meta))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"hidden_{i}_weight"], arrays[f"hidden_{i}_bias"] = w, b
        arrays["head_weight"], arrays["head_bias"] = self.head
        tmp = f"{os.fspath(path)}.part.npz"
        np.savez(tmp, **arrays)
        os.replace(tmp, path)

    @classmethod
    def random(cls, variant: str, num_players: int, obs_size: int, hidden=(256, 256), seed=0):
        """An untrained net (He-initialised), for tests and the first round of training."""
        rng = np.random.default_rng(seed)
        sizes = [obs_size, *hidden]
        layers = [
            (rng.normal(0, np.sqrt(2 / n_in), (n_out, n_in)), np.zeros(n_out))
            for n_in, n_out in zip(sizes, sizes[1:], strict=False)
        ]
        head = (rng.normal(0, 0.01, (HEAD_SEATS, sizes[-1])), np.zeros(HEAD_SEATS))
        meta = {"variant": variant, "num_players": num_players, "obs_size": obs_size,
                "activation": "relu"}  # fmt: skip
        return cls(layers, head, meta)


def load_value(path: str | os.PathLike) -> ValueNet:
    """Read a value checkpoint written by :meth:`ValueNet.save`.

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a value checkpoint (one line saying why).
    """
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no value checkpoint at {path!r}")
    try:
        with np.load(path, allow_pickle=False) as f:
            if "meta" not in f.files:
                raise ValueError(f"{path!r} is not a value checkpoint: no 'meta' entry")
            meta = json.loads(str(f["meta"]))
            if meta.get("kind") != "value":
                raise ValueError(
                    f"{path!r} is not a value checkpoint (its header's kind is "
                    f"{meta.get('kind', 'policy')!r})"
                )
            if meta.get("format") != FORMAT:
                raise ValueError(f"{path!r}: unsupported value format {meta.get('format')!r}")
            n = sum(1 for k in f.files if k.startswith("hidden_") and k.endswith("_weight"))
            layers = [(f[f"hidden_{i}_weight"], f[f"hidden_{i}_bias"]) for i in range(n)]
            head = (f["head_weight"], f["head_bias"])
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path!r} is not a value checkpoint ({type(exc).__name__})") from None
    return ValueNet(layers, head, meta)
