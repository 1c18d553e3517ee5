"""Trained policies inside the kernels: an MLP actor as flat arrays and its jitted choice.

A *policy table* holds any number of actors (the ``.npz`` actors training
exports, :class:`agents.policy_agent.PolicyNet`) in two arrays the kernels
take as they are:

* ``params``: float32, every actor's weights and biases one after another;
* ``meta``: int64, one row per actor (:data:`META_WIDTH` words): the number of
  layers (hidden layers plus the action head), the activation
  (:data:`ACTIVATIONS`), whether it plays its most likely legal action (1) or
  samples the masked softmax (0), then per layer the offset of its weights,
  its input and output widths and the offset of its bias.

Hidden weights are stored transposed, ``(in, out)``: the forward pass adds one
input's row per *non-zero* input, and observations are mostly zeros (one-hot
board features), as are ReLU outputs. The head keeps ``(out, in)``: only the
rows of legal actions are computed.

A seat's agent *kind* ``POLICY_KIND + k`` plays actor ``k`` of the table (the
kinds below ``POLICY_KIND`` are a game's own jitted agents). Nothing here knows
a game: the kernels hand in the observation and the legal ids.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .rng import next32_at

#: Kinds from here on are actors of the policy table (``POLICY_KIND + index``).
POLICY_KIND = 1 << 20
#: The most layers (hidden + head) one actor may have.
MAX_LAYERS = 8
#: Words of one ``meta`` row.
META_WIDTH = 3 + 4 * MAX_LAYERS
#: Activation codes of ``meta[:, 1]``.
ACTIVATIONS = ("tanh", "relu")
_TANH = 0


def empty_table() -> tuple[np.ndarray, np.ndarray]:
    """A table with no actor (kernels that take one but play none)."""
    return np.zeros(1, np.float32), np.zeros((1, META_WIDTH), np.int64)


def chain_error(layers) -> str | None:
    """Why ``layers`` (``(weight, bias)`` pairs, weight ``(out, in)``, the head last) do not
    make one network, in a few words; ``None`` when each layer takes what the one
    before it gives."""
    wanted = None
    for j, (w, b) in enumerate(layers):
        w_shape, b_shape = np.shape(w), np.shape(b)
        if len(w_shape) != 2 or b_shape != (w_shape[0],):
            return f"layer {j} has weights {w_shape} and bias {b_shape}, not (out, in) and (out,)"
        if wanted is not None and w_shape[1] != wanted:
            return f"layer {j} takes {w_shape[1]} inputs but the layer before it gives {wanted}"
        wanted = w_shape[0]
    return None


def size_error(net, obs_size: int, num_actions: int) -> str | None:
    """Why ``net`` (``layers`` and ``head`` as :class:`~agents.policy_agent.PolicyNet`)
    cannot play where observations have ``obs_size`` floats and actions ``num_actions``
    ids, in a few words; ``None`` when it can.

    The kernels read ``obs_size`` inputs through the first layer and the head's
    row of each legal id, unchecked: a net of other sizes reads and writes out of
    bounds, so whoever knows the game's sizes asks this before packing.
    """
    layers = [*net.layers, net.head]
    why = chain_error(layers)
    if why is not None:
        return why
    n_in = int(np.shape(layers[0][0])[1])
    if n_in != obs_size:
        return f"its first layer takes {n_in} inputs, not the observation size {obs_size}"
    rows = int(np.shape(net.head[0])[0])
    if rows != num_actions:
        return f"its action head has {rows} rows, not one per action ({num_actions})"
    return None


def pack(nets, deterministic) -> tuple[np.ndarray, np.ndarray]:
    """The policy table of ``nets`` (each with ``layers``, ``head`` and ``meta`` as
    :class:`~agents.policy_agent.PolicyNet`); ``deterministic[k]`` says whether
    actor ``k`` plays its most likely legal action (else it samples).

    The sizes are not checked against a game's (this module knows none): callers
    check them with :func:`size_error` first.

    Raises:
        ValueError: no actor, too many layers, layers that do not chain, or an
            unknown activation.
    """
    if not nets:
        raise ValueError("a policy table needs at least one actor")
    chunks = []
    meta = np.zeros((len(nets), META_WIDTH), np.int64)
    off = 0
    for k, net in enumerate(nets):
        act = net.meta.get("activation")
        if act not in ACTIVATIONS:
            raise ValueError(f"actor {k}: unknown activation {act!r}; known: {ACTIVATIONS}")
        layers = list(net.layers) + [net.head]
        if len(layers) > MAX_LAYERS:
            raise ValueError(f"actor {k} has {len(layers)} layers; at most {MAX_LAYERS} fit")
        why = chain_error(layers)
        if why is not None:
            raise ValueError(f"actor {k}: {why}")
        meta[k, 0] = len(layers)
        meta[k, 1] = ACTIVATIONS.index(act)
        meta[k, 2] = 1 if deterministic[k] else 0
        for j, (w, b) in enumerate(layers):
            w = np.asarray(w, np.float32)
            b = np.asarray(b, np.float32)
            n_out, n_in = w.shape
            head = j == len(layers) - 1
            stored = w if head else np.ascontiguousarray(w.T)
            row = 3 + 4 * j
            meta[k, row : row + 4] = (off, n_in, n_out, off + w.size)
            chunks += [stored.ravel(), b.ravel()]
            off += w.size + b.size
    return np.concatenate(chunks).astype(np.float32), meta


def scratch_size(meta: np.ndarray) -> int:
    """Float32 words of the ``act`` scratch :func:`policy_choose` needs for every actor
    of a table: two hidden activations plus one logit per action."""
    widest = 1
    actions = 1
    for k in range(meta.shape[0]):
        n = int(meta[k, 0])
        for j in range(n):
            n_out = int(meta[k, 3 + 4 * j + 2])
            if j < n - 1:
                widest = max(widest, n_out)
            else:
                actions = max(actions, n_out)
    return 2 * widest + actions


@njit(cache=True)
def _hidden(params, w_off, n_in, n_out, b_off, x, y, activation):
    """``y = act(x @ W.T + b)`` with ``W.T`` stored ``(n_in, n_out)`` at ``w_off``."""
    for o in range(n_out):
        y[o] = params[b_off + o]
    for i in range(n_in):
        xi = x[i]
        if xi != 0.0:
            row = w_off + i * n_out
            for o in range(n_out):
                y[o] += xi * params[row + o]
    for o in range(n_out):
        if activation == _TANH:
            y[o] = np.tanh(y[o])
        elif y[o] < 0.0:
            y[o] = 0.0


@njit(cache=True)
def policy_logits(params, meta, k, obs, legal, count, act):
    """Actor ``k``'s logits of the legal actions ``legal[:count]`` into ``act``;
    returns where they start (logit ``j`` is that of ``legal[j]``)."""
    n = meta[k, 0]
    half = 0
    for j in range(n - 1):
        half = max(half, meta[k, 3 + 4 * j + 2])
    # Hidden layer j writes buffer j % 2 and reads the other one (the first reads obs).
    buf_a = act[:half]
    buf_b = act[half : 2 * half]
    for j in range(n - 1):
        r = 3 + 4 * j
        w_off, n_in, n_out, b_off = meta[k, r], meta[k, r + 1], meta[k, r + 2], meta[k, r + 3]
        if j == 0:
            _hidden(params, w_off, n_in, n_out, b_off, obs, buf_a, meta[k, 1])
        elif j % 2 == 1:
            _hidden(params, w_off, n_in, n_out, b_off, buf_a, buf_b, meta[k, 1])
        else:
            _hidden(params, w_off, n_in, n_out, b_off, buf_b, buf_a, meta[k, 1])
    r = 3 + 4 * (n - 1)
    w_off, n_in, b_off = meta[k, r], meta[k, r + 1], meta[k, r + 3]
    out = 2 * half
    for j in range(count):
        row = w_off + legal[j] * n_in
        z = params[b_off + legal[j]]
        if n == 1:
            for i in range(n_in):
                z += obs[i] * params[row + i]
        elif n % 2 == 0:  # the last hidden layer (n - 2) wrote buf_a
            for i in range(n_in):
                z += buf_a[i] * params[row + i]
        else:
            for i in range(n_in):
                z += buf_b[i] * params[row + i]
        act[out + j] = z
    return out


@njit(cache=True)
def policy_choose(params, meta, k, obs, legal, count, act, rng, at):
    """The action actor ``k`` plays among ``legal[:count]`` from observation ``obs``.

    Deterministic actors play the legal action of highest logit (the first of
    equals, in ascending id order, as ``argmax`` does); the others sample the
    softmax of the legal logits with the generator at ``rng[at:]``.
    """
    out = policy_logits(params, meta, k, obs, legal, count, act)
    best = 0
    for j in range(1, count):
        if act[out + j] > act[out + best]:
            best = j
    if meta[k, 2] == 1:
        return legal[best]
    top = act[out + best]
    total = 0.0
    for j in range(count):
        total += np.exp(np.float64(act[out + j] - top))
    u = (next32_at(rng, at) + 0.5) / 4294967296.0 * total
    acc = 0.0
    for j in range(count):
        acc += np.exp(np.float64(act[out + j] - top))
        if u < acc:
            return legal[j]
    return legal[count - 1]
