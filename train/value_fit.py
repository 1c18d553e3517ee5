"""Fit a :class:`~agents.value_net.ValueNet` to positions labelled with who won.

The loss is the cross-entropy between the net's seat softmax (observer first)
and the winner's place after the observer; a game that ended without a winner
asks for the uniform distribution over its seats. Every position is seen from
every seat, one seat drawn per position per epoch, so the net learns the value
of positions where another seat is to move (the search asks from its own seat
whoever is to move). torch runs on one thread (the other core plays games).
"""

from __future__ import annotations

import time

import numpy as np

from agents.value_net import HEAD_SEATS, ValueNet

from .value_data import Positions


def _torch_net(net: ValueNet):
    import torch
    from torch import nn

    mods = []
    for w, b in net.layers:
        lin = nn.Linear(w.shape[1], w.shape[0])
        lin.weight.data = torch.from_numpy(w.copy())
        lin.bias.data = torch.from_numpy(b.copy())
        mods += [lin, nn.ReLU() if net.meta["activation"] == "relu" else nn.Tanh()]
    head = nn.Linear(net.head[0].shape[1], HEAD_SEATS)
    head.weight.data = torch.from_numpy(net.head[0].copy())
    head.bias.data = torch.from_numpy(net.head[1].copy())
    mods.append(head)
    return nn.Sequential(*mods)


def _to_value(model, meta) -> ValueNet:
    lins = [m for m in model if hasattr(m, "weight")]
    layers = [(m.weight.detach().numpy().copy(), m.bias.detach().numpy().copy()) for m in lins]
    return ValueNet(layers[:-1], layers[-1], meta)


def fit_value(
    net: ValueNet,
    positions: Positions,
    spec,
    tables,
    *,
    epochs: int = 3,
    batch: int = 512,
    lr: float = 1e-3,
    weight_decay: float = 1e-5,
    holdout: float = 0.05,
    seed: int = 0,
    log=print,
) -> tuple[ValueNet, dict]:
    """Train ``net`` (a copy is returned) on ``positions``; the last ``holdout`` of them
    (whole games: a game's positions are stored together) are kept out to report the
    held-out loss and accuracy.

    Returns:
        ``(net, figures)``: figures has ``train_loss``, ``holdout_loss``,
        ``holdout_accuracy`` (the most likely seat is the winner), ``holdout_brier``,
        ``positions``, ``seconds``.
    """
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    n = len(positions)
    if n == 0:
        raise ValueError("no positions to train the value on")
    # The last positions are held out: a game's positions are stored together, so this
    # holds out whole games (positions of one game share its board and its winner, and a
    # split by position would measure memory, not judgement).
    n_hold = int(n * holdout) if n >= 20 else 0
    hold, train = np.arange(n - n_hold, n), np.arange(n - n_hold)
    model = _torch_net(net)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    t0 = time.perf_counter()
    last = time.perf_counter()
    losses = []
    for epoch in range(epochs):
        rng.shuffle(train)
        model.train()
        total, count = 0.0, 0
        for start in range(0, len(train), batch):
            rows = train[start : start + batch]
            seats = positions.seats[rows].astype(np.int64)
            observers = (rng.integers(0, 1 << 30, len(rows)) % seats).astype(np.int32)
            obs, target = positions.batch(spec, tables, rows, observers)
            loss = _loss(model, obs, target, seats)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(rows)
            count += len(rows)
            if time.perf_counter() - last > 10:
                last = time.perf_counter()
                log(f"  value epoch {epoch + 1}/{epochs}: {count:,}/{len(train):,} positions, "
                    f"loss {total / count:.4f}")  # fmt: skip
        losses.append(total / max(count, 1))
    figures = {"train_loss": round(losses[-1], 4), "positions": int(n)}
    if n_hold:
        figures.update(_holdout(model, positions, spec, tables, hold))
    figures["seconds"] = round(time.perf_counter() - t0, 1)
    return _to_value(model, net.meta), figures


def _loss(model, obs, target, seats):
    import torch

    logits = model(torch.from_numpy(obs))
    # Seats past the game's count get no probability.
    cols = torch.arange(HEAD_SEATS)[None, :]
    absent = cols >= torch.from_numpy(seats)[:, None]
    logits = logits.masked_fill(absent, -1e9)
    logp = torch.log_softmax(logits, dim=1)
    t = torch.from_numpy(target)
    won = t >= 0
    per = torch.zeros(len(target))
    if won.any():
        per[won] = -logp[won, t[won]]
    if (~won).any():
        uniform = (~absent[~won]).float()
        uniform = uniform / uniform.sum(dim=1, keepdim=True)
        per[~won] = -(uniform * logp[~won].clamp(min=-1e4)).sum(dim=1)
    return per.mean()


def _holdout(model, positions, spec, tables, rows) -> dict:
    import torch

    model.eval()
    seats = positions.seats[rows].astype(np.int64)
    total = correct = brier = 0.0
    count = 0
    with torch.no_grad():
        for start in range(0, len(rows), 2048):
            r = rows[start : start + 2048]
            s = seats[start : start + 2048]
            for q in range(HEAD_SEATS):
                take = s > q
                if not take.any():
                    continue
                rr = r[take]
                obs, target = positions.batch(spec, tables, rr, np.full(len(rr), q, np.int32))
                total += float(_loss(model, obs, target, s[take])) * len(rr)
                logits = model(torch.from_numpy(obs)).numpy()
                p = np.exp(logits - logits.max(axis=1, keepdims=True))
                p[np.arange(HEAD_SEATS)[None, :] >= s[take][:, None]] = 0.0
                p /= p.sum(axis=1, keepdims=True)
                won = target >= 0
                correct += float((p[won].argmax(axis=1) == target[won]).sum())
                brier += float(((p[won, 0] - (target[won] == 0)) ** 2).sum())
                count += len(rr)
    won_count = max(count, 1)
    return {
        "holdout_loss": round(total / won_count, 4),
        "holdout_accuracy": round(correct / won_count, 4),
        "holdout_brier": round(brier / won_count, 4),
    }
