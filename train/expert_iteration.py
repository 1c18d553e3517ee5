"""Expert iteration: a learned value inside search, trained on the games it plays.

Each round (``python -m train.expert_iteration`` or ``catan-env train --algo exit``):

1. **Games.** Round 0 plays ``--bootstrap-games`` games of the game's jitted
   heuristic against itself, inside numba (thousands a minute). Later rounds
   play ``--games`` games in which each seat is, with probability
   ``--search-share``, the searcher of the current value and otherwise the
   heuristic, one process per core (``--jobs``). The searcher (``--searcher``)
   is :class:`~agents.mcts.MCTSAgent`'s sequential halving with heuristic
   playouts to the seat's next turn, whose horizon is scored by the value
   (``--leaf value``) or by the mean of the value and the heuristic's value
   (``--leaf mix``, the default), or the expectimax over determinizations of
   :class:`~agents.value_search.ValueSearchAgent` (``--searcher expectimax``,
   sampling ``softmax(value / --temperature)`` in self-play). Every game is
   drawn on a board family of ``--families``
   (:mod:`catan_env.games.catan.board.families`); ``--holdout`` is never
   trained on.
2. **Targets.** ``--keep`` positions of each game are kept with the game's
   winner (the value target, seen from every seat); each searched decision
   keeps the seat's observation, its legal actions and the search's scores of
   them (the expectimax's values; MCTS's choice as 1, the rest 0): the policy
   targets for ``learned``, written to ``round_NNN_policy.npz``.
3. **Value.** The value net is fitted again, from the current one, on the
   positions of the last ``--replay`` rounds (round 0's heuristic games stay in
   the buffer) (:func:`train.value_fit.fit_value`), with the loss on held-out
   games reported.
4. **Gate.** The new searcher plays ``--eval-games`` games against three
   heuristics, on every family (the held-out one included) and on the same
   deals every round; it is promoted when it wins at least as many as the
   current one did. Every round's figures go to ``rounds.csv`` and ``curve.png``.

The run lives in ``--out``: ``state.json`` (the round reached, the promoted
checkpoint, every round's figures), ``value_rNNN.npz`` per round,
``value_best.npz``, the position buffer ``positions.npz``. ``--resume`` goes on
from the last completed round; ``--hours`` stops at the end of the round that
passes the budget. General over games whose spec offers determinization and
jitted heuristic agents (base and Cities & Knights today).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import multiprocessing as mp
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

#: Columns of ``rounds.csv``.
CSV_FIELDS = (
    "round", "minutes", "games", "positions", "buffer", "train_loss", "holdout_loss",
    "holdout_accuracy", "promoted", "eval_family", "eval_games", "new_wins", "best_wins",
    "new_rate", "best_rate",
)  # fmt: skip


@dataclass
class Settings:
    """A run's settings (saved in ``state.json``; ``--resume`` reads them back)."""

    variant: str = "base"
    num_players: int = 4
    families: list[str] = field(default_factory=lambda: ["spiral", "random_tokens", "beginner"])
    holdout: str = "catanatron"
    trade: str = "both"
    bootstrap_games: int = 20_000
    games: int = 200
    keep: int = 24
    search_share: float = 0.25
    searcher: str = "mcts"
    leaf: str = "mix"
    temperature: float = 0.02
    search_seconds: float = 0.05
    depth: int = 2
    eval_games: int = 40
    eval_seconds: float = 0.05
    eval_trade: bool = False
    epochs: int = 3
    bootstrap_epochs: int = 4
    lr: float = 1e-3
    hidden: list[int] = field(default_factory=lambda: [256, 256])
    replay: int = 4
    rounds: int = 10
    hours: float = 12.0
    jobs: int = 0
    seed: int = 0


def log(msg: str) -> None:
    print(msg, flush=True)


def _config(settings: Settings, family: str, trade: bool):
    from catan_env.config import GameConfig
    from catan_env.games.catan.board.families import family_options

    return GameConfig.make(variant=settings.variant, num_players=settings.num_players,
                           domestic_trade=trade, **family_options(family))  # fmt: skip


def _trade_of(settings: Settings, seed: int) -> bool:
    if settings.trade == "both":
        return bool(seed % 2)
    return settings.trade == "on"


def _families_of(settings: Settings, seeds) -> list[str]:
    from catan_env.games.catan.board.families import draw_family

    return [draw_family(int(s), settings.families) for s in seeds]


# --- games ------------------------------------------------------------------------------------


def _searcher(settings: Settings, seed: int, value_path, budget: float, temperature: float):
    """The searcher of ``settings.searcher`` over the value at ``value_path``."""
    from agents.mcts import MCTSAgent
    from agents.value_search import ValueSearchAgent

    if settings.searcher == "mcts":
        return MCTSAgent(seed=seed, time_budget=budget, leaf=settings.leaf, value=value_path)
    return ValueSearchAgent(seed=seed, time_budget=budget, value=value_path,
                            depth=settings.depth, temperature=temperature)  # fmt: skip


def _play(task) -> dict:
    """One game in a worker: each seat a searcher or the heuristic; returns what it keeps."""
    settings, seed, family, trade, searcher_seats, value_path, budget, temperature, keep = task
    from agents import make_agent
    from agents.value_search import ValueSearchAgent
    from catan_env.game import Game

    config = _config(settings, family, trade)
    game = Game(settings.variant, settings.num_players, seed=int(seed),
                **{k: v for k, v in config.to_dict().items()
                   if k not in ("variant", "num_players")})  # fmt: skip
    agents = [
        _searcher(settings, int(seed) * 7 + q, value_path, budget, temperature)
        if q in searcher_seats
        else make_agent("heuristic", seed=int(seed) * 7 + q)
        for q in range(settings.num_players)
    ]
    states, policy_obs, policy_legal, policy_values, policy_seat = [], [], [], [], []
    t0 = time.process_time()
    while not game.done:
        seat = game.current_player
        states.append(game.state.copy())
        agent = agents[seat]
        searched = seat in searcher_seats and len(game.legal_actions()) > 1
        if searched and isinstance(agent, ValueSearchAgent):
            actions, values = agent.search(game)
            if temperature > 0:
                z = (values - values.max()) / temperature
                p = np.exp(z)
                a = int(actions[agent.rng.choice(len(actions), p=p / p.sum())])
            else:
                a = int(actions[int(np.argmax(values))])
        else:
            a = agent.act(game)
            if searched:
                actions = np.asarray(game.legal_actions(), np.int32)
                values = (actions == a).astype(np.float32)
        if searched and keep:
            policy_obs.append(game.observe(seat).astype(np.float16))
            policy_legal.append(actions.astype(np.int16))
            policy_values.append(np.asarray(values, np.float32))
            policy_seat.append(seat)
        game.step(a)
    winner = -1 if game.winner is None else int(game.winner)
    out = {"seed": int(seed), "family": family, "trade": trade, "winner": winner,
           "searchers": sorted(searcher_seats), "decisions": len(states),
           "cpu": time.process_time() - t0}  # fmt: skip
    if keep:
        rng = np.random.default_rng(seed)
        pick = np.sort(rng.choice(len(states), size=min(keep, len(states)), replace=False))
        out["states"] = np.stack([states[i] for i in pick])
        out["policy"] = (policy_obs, policy_legal, policy_values, policy_seat)
    return out


def _pool(jobs: int):
    ctx = mp.get_context("spawn")
    return ctx.Pool(jobs, initializer=_worker_init)


def _worker_init() -> None:
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")


def _run_tasks(tasks, jobs: int, what: str) -> list[dict]:
    results = []
    t0 = last = time.perf_counter()
    if jobs <= 1:
        it = map(_play, tasks)
        pool = None
    else:
        pool = _pool(jobs)
        it = pool.imap_unordered(_play, tasks)
    try:
        for r in it:
            results.append(r)
            if time.perf_counter() - last > 10 or len(results) == len(tasks):
                last = time.perf_counter()
                log(f"  {what}: {len(results)}/{len(tasks)} games, "
                    f"{time.perf_counter() - t0:.0f} s")  # fmt: skip
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return results


def evaluate(settings: Settings, value_path, seeds, families, jobs: int) -> dict:
    """The searcher of ``value_path`` against three heuristics, game ``i`` at seat
    ``i % seats`` on board family ``families[i]``; wins per family."""
    tasks = [
        (settings, int(s), fam, settings.eval_trade, {i % settings.num_players}, str(value_path),
         settings.eval_seconds, 0.0, 0)
        for i, (s, fam) in enumerate(zip(seeds, families, strict=True))
    ]  # fmt: skip
    results = _run_tasks(tasks, jobs, f"evaluating {Path(value_path).name}")
    by = {}
    for r in results:
        fam = by.setdefault(r["family"], {"games": 0, "wins": 0})
        fam["games"] += 1
        fam["wins"] += int(r["winner"] in r["searchers"])
    return by


# --- the run ----------------------------------------------------------------------------------


class Run:
    """A run's folder and state (``state.json``)."""

    def __init__(self, out: Path, settings: Settings, resume: bool):
        self.out = out
        self.state_file = out / "state.json"
        if resume:
            if not self.state_file.exists():
                raise SystemExit(f"--resume: no run to resume in {out} (no state.json)")
            saved = json.loads(self.state_file.read_text())
            self.settings = Settings(**saved["settings"])
            self.round = saved["round"]
            self.best = saved["best"]
            self.history = saved["history"]
            self.elapsed = saved.get("elapsed", 0.0)
        else:
            if out.exists() and any(out.iterdir()):
                raise SystemExit(f"{out} is not empty: pass --resume to go on, or another --out")
            out.mkdir(parents=True, exist_ok=True)
            self.settings = settings
            self.round = 0
            self.best = None
            self.history = []
            self.elapsed = 0.0

    def save(self) -> None:
        data = {"settings": asdict(self.settings), "round": self.round, "best": self.best,
                "history": self.history, "elapsed": self.elapsed}  # fmt: skip
        tmp = self.state_file.with_suffix(".part")
        tmp.write_text(json.dumps(data, indent=1))
        os.replace(tmp, self.state_file)


def run(settings: Settings, out: Path, resume: bool = False, jobs: int | None = None,
        rounds: int | None = None, hours: float | None = None) -> Run:  # fmt: skip
    """Run (or resume) expert iteration until ``settings.rounds`` or ``settings.hours``
    (``rounds`` and ``hours``, when given, replace a resumed run's saved ones)."""
    from agents.value_net import ValueNet
    from catan_env import hooks

    from .value_data import Positions, jitted_games
    from .value_fit import fit_value

    r = Run(out, settings, resume)
    s = r.settings
    if rounds is not None:
        s.rounds = rounds
    if hours is not None:
        s.hours = hours
    jobs = jobs or s.jobs or os.cpu_count() or 1
    spec = hooks.get(s.variant)
    tables = spec.tables(_config(s, s.families[0], False))
    buffer_file = out / "positions.npz"
    if buffer_file.exists():
        buffer = Positions.load(buffer_file)
    else:
        buffer = Positions.empty(spec.state_size)
    eval_seeds = [_seed(s, -1, i) for i in range(s.eval_games)]
    eval_families = [f for f in (*s.families, s.holdout) if f]
    started = time.perf_counter() - r.elapsed * 60
    while r.round < s.rounds and (time.perf_counter() - started) / 3600 < s.hours:
        t_round = time.perf_counter()
        k = r.round
        log(f"round {k}: games")
        rng = np.random.default_rng(s.seed * 1000 + k)
        if k == 0:
            seeds = [_seed(s, 0, i) for i in range(s.bootstrap_games)]
            fams = _families_of(s, seeds)
            configs = [_config(s, f, _trade_of(s, sd)) for f, sd in zip(fams, seeds, strict=True)]
            kinds = [spec.agent_kinds.index("heuristic")] * s.num_players
            fresh, stats = jitted_games(spec, configs, seeds, kinds, s.keep, rng, round_=0)
            games = stats["games"]
            log(f"  {games:,} heuristic games, {stats['decisions']:,} decisions, "
                f"{len(fresh):,} positions")  # fmt: skip
        else:
            seeds = [_seed(s, k, i) for i in range(s.games)]
            fams = _families_of(s, seeds)
            tasks = []
            for sd, fam in zip(seeds, fams, strict=True):
                who = {q for q in range(s.num_players) if rng.random() < s.search_share}
                if not who:
                    who = {int(rng.integers(s.num_players))}
                tasks.append((s, sd, fam, _trade_of(s, sd), who, r.best, s.search_seconds,
                              s.temperature, s.keep))  # fmt: skip
            results = _run_tasks(tasks, jobs, "self-play")
            games = len(results)
            fresh = Positions(
                np.concatenate([g["states"] for g in results]),
                np.concatenate([np.full(len(g["states"]), g["winner"], np.int32) for g in results]),
                np.full(sum(len(g["states"]) for g in results), s.num_players, np.int8),
                np.full(sum(len(g["states"]) for g in results), k, np.int32),
            )
            _save_policy_targets(out / f"round_{k:03d}_policy.npz", results)
        buffer = buffer.extend(fresh)
        # Round 0's heuristic positions stay in every window: they anchor the value.
        train_on = buffer.where((buffer.round == 0) | (buffer.round > k - s.replay))
        log(f"round {k}: fitting the value on {len(train_on):,} positions")
        if r.best is None:
            start_net = ValueNet.random(s.variant, s.num_players, spec.obs_size,
                                        tuple(s.hidden), seed=s.seed)  # fmt: skip
        else:
            from agents.value_net import load_value

            start_net = load_value(r.best)
        net, fig = fit_value(start_net, train_on, spec, tables,
                             epochs=s.bootstrap_epochs if k == 0 else s.epochs, lr=s.lr,
                             seed=s.seed + k, log=log)  # fmt: skip
        log(f"  value: {fig}")
        path = out / f"value_r{k:03d}.npz"
        net.meta.update({"round": k, "fit": fig})
        net.save(path)
        log(f"round {k}: evaluating against three heuristics ({s.eval_games} games)")
        new_eval = evaluate(s, path, eval_seeds, _cycle(eval_families, s.eval_games), jobs)
        if r.best is None:
            best_eval = {f: {"games": 0, "wins": 0} for f in new_eval}
            promoted = True
        else:
            best_eval = r.history[-1]["best_eval"] if r.history else {}
            promoted = _total(new_eval) >= _total(best_eval)
        if promoted:
            r.best = str(out / "value_best.npz")
            net.save(r.best)
            best_eval = new_eval
        minutes = (time.perf_counter() - t_round) / 60
        r.history.append({"round": k, "games": games, "positions": len(fresh),
                          "buffer": len(train_on), "fit": fig, "new_eval": new_eval,
                          "best_eval": best_eval, "promoted": promoted,
                          "minutes": round(minutes, 2)})  # fmt: skip
        r.round = k + 1
        r.elapsed = (time.perf_counter() - started) / 60
        buffer.save(buffer_file)
        r.save()
        write_figures(r)
        log(f"round {k}: done in {minutes:.1f} min; new {_rate(new_eval):.1%}, "
            f"promoted={promoted}")  # fmt: skip
    return r


def _seed(s: Settings, round_: int, i: int) -> int:
    """Game ``i`` of round ``round_`` (-1: the evaluation deals): every round, the
    evaluation and every run seed draw from separate ranges, so no deal repeats."""
    return (s.seed << 40) + ((round_ + 1) << 24) + i


def _cycle(families, n):
    return [families[i % len(families)] for i in range(n)]


def _total(ev) -> int:
    return sum(v["wins"] for v in ev.values())


def _rate(ev) -> float:
    games = sum(v["games"] for v in ev.values())
    return _total(ev) / games if games else math.nan


def _save_policy_targets(path: Path, results) -> None:
    obs, legal, values, seats, offsets = [], [], [], [], [0]
    for g in results:
        o, lg, v, st = g["policy"]
        for a, b, c, d in zip(o, lg, v, st, strict=True):
            obs.append(a)
            legal.append(b)
            values.append(c)
            seats.append(d)
            offsets.append(offsets[-1] + len(b))
    if not obs:
        return
    np.savez_compressed(path, obs=np.stack(obs), legal=np.concatenate(legal),
                        values=np.concatenate(values), seat=np.array(seats, np.int8),
                        offsets=np.array(offsets, np.int64))  # fmt: skip


def write_figures(r: Run) -> None:
    """``rounds.csv`` (a row per round and family) and ``curve.png`` (win rates by round)."""
    rows = []
    for h in r.history:
        for fam, ev in h["new_eval"].items():
            best = h["best_eval"].get(fam, {"games": 0, "wins": 0})
            rows.append({
                "round": h["round"], "minutes": h["minutes"], "games": h["games"],
                "positions": h["positions"], "buffer": h["buffer"],
                "train_loss": h["fit"].get("train_loss"),
                "holdout_loss": h["fit"].get("holdout_loss"),
                "holdout_accuracy": h["fit"].get("holdout_accuracy"),
                "promoted": h["promoted"], "eval_family": fam, "eval_games": ev["games"],
                "new_wins": ev["wins"], "best_wins": best["wins"],
                "new_rate": round(ev["wins"] / max(ev["games"], 1), 4),
                "best_rate": round(best["wins"] / max(best["games"], 1), 4),
            })  # fmt: skip
    with open(r.out / "rounds.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        w.writerows(rows)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    fams = sorted({row["eval_family"] for row in rows})
    for fam in fams:
        pts = [(row["round"], row["new_rate"]) for row in rows if row["eval_family"] == fam]
        label = f"{fam} (held out)" if fam == r.settings.holdout else fam
        ax.plot(*zip(*pts, strict=True), marker="o", label=label)
    ax.set_xticks(sorted({row["round"] for row in rows}))
    ax.axhline(1 / r.settings.num_players, color="grey", lw=0.8, ls="--", label="chance")
    ax.set_xlabel("round")
    ax.set_ylabel("searcher's wins vs 3 heuristics")
    ax.set_title(f"expert iteration, {r.settings.variant}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(r.out / "curve.png", dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> Run:
    d = Settings()
    p = argparse.ArgumentParser(prog="python -m train.expert_iteration",
                                description=__doc__.split("\n")[0])  # fmt: skip
    p.add_argument("--out", required=True, help="the run's folder")
    p.add_argument("--resume", action="store_true", help="go on from the run in --out")
    p.add_argument("--variant", default=d.variant)
    p.add_argument("--players", type=int, default=d.num_players)
    p.add_argument("--families", default=",".join(d.families),
                   help="board families trained on (comma-separated)")  # fmt: skip
    p.add_argument("--holdout", default=d.holdout, help="a family never trained on")
    p.add_argument("--trade", choices=("both", "on", "off"), default=d.trade,
                   help="domestic trade in training games")  # fmt: skip
    p.add_argument("--bootstrap-games", type=int, default=d.bootstrap_games,
                   help="round 0's heuristic games")  # fmt: skip
    p.add_argument("--games", type=int, default=d.games, help="self-play games a later round")
    p.add_argument("--keep", type=int, default=d.keep, help="positions kept per game")
    p.add_argument(
        "--search-share",
        type=float,
        default=d.search_share,
        help="chance that a seat of a self-play game is the searcher",
    )
    p.add_argument("--searcher", choices=("mcts", "expectimax"), default=d.searcher)
    p.add_argument("--leaf", choices=("value", "mix"), default=d.leaf,
                   help="mcts: the horizon scored by the value, or by its mean with the "
                   "heuristic's")  # fmt: skip
    p.add_argument("--temperature", type=float, default=d.temperature)
    p.add_argument("--search-seconds", type=float, default=d.search_seconds,
                   help="the searcher's CPU seconds a decision in self-play")  # fmt: skip
    p.add_argument("--depth", type=int, default=d.depth, choices=(1, 2))
    p.add_argument("--eval-games", type=int, default=d.eval_games)
    p.add_argument("--eval-seconds", type=float, default=d.eval_seconds)
    p.add_argument("--epochs", type=int, default=d.epochs)
    p.add_argument("--bootstrap-epochs", type=int, default=d.bootstrap_epochs)
    p.add_argument("--lr", type=float, default=d.lr)
    p.add_argument("--hidden", default=",".join(map(str, d.hidden)))
    p.add_argument("--replay", type=int, default=d.replay, help="rounds in the replay window")
    p.add_argument(
        "--rounds",
        type=int,
        default=None,
        help=f"rounds in all (default {d.rounds}; with --resume, the saved number)",
    )
    p.add_argument(
        "--hours",
        type=float,
        default=None,
        help=f"stop after the round that passes this many hours (default {d.hours})",
    )
    p.add_argument("--jobs", type=int, default=0, help="processes (default: cores)")
    p.add_argument("--seed", type=int, default=d.seed)
    a = p.parse_args(argv)
    families = [f.strip() for f in a.families.split(",") if f.strip()]
    from catan_env.games.catan.board.families import family_options

    try:
        for f in (*families, a.holdout):
            family_options(f)
    except ValueError as exc:
        p.error(str(exc))
    if a.holdout in families:
        p.error(f"--holdout {a.holdout} is also in --families")
    for name in ("bootstrap_games", "games", "keep", "eval_games", "epochs", "rounds"):
        if (getattr(a, name) or 0) < 0:
            p.error(f"--{name.replace('_', '-')} must be >= 0")
    if (
        (a.hours is not None and not a.hours > 0)
        or not a.search_seconds > 0
        or not a.eval_seconds > 0
    ):
        p.error("--hours, --search-seconds and --eval-seconds must be positive")
    settings = Settings(
        variant=a.variant, num_players=a.players, families=families, holdout=a.holdout,
        trade=a.trade, bootstrap_games=a.bootstrap_games, games=a.games, keep=a.keep,
        search_share=a.search_share, searcher=a.searcher, leaf=a.leaf,
        temperature=a.temperature,
        search_seconds=a.search_seconds, depth=a.depth, eval_games=a.eval_games,
        eval_seconds=a.eval_seconds, epochs=a.epochs, bootstrap_epochs=a.bootstrap_epochs,
        lr=a.lr, hidden=[int(x) for x in a.hidden.split(",")], replay=a.replay,
        rounds=d.rounds if a.rounds is None else a.rounds,
        hours=d.hours if a.hours is None else a.hours, jobs=a.jobs, seed=a.seed,
    )  # fmt: skip
    return run(
        settings,
        Path(a.out),
        resume=a.resume,
        jobs=a.jobs or None,
        rounds=a.rounds if a.resume else None,
        hours=a.hours if a.resume else None,
    )


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
