"""Ancients tournaments: every pair of agents plays from both sides, in the
jitted kernel; win rates with Wilson 95% intervals.

``catan-env tournament --game ancients --agents heuristic,random --games 1000``:
for each ordered pair (A bottom, B top) of distinct agents, ``games`` games
are split evenly over the pairings, so every agent plays each side equally
often against each opponent.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field

import numpy as np

from catan_env.ratings import wilson_interval

from .agents import AGENT_NAMES
from .scenario import load_scenario
from .setup import check_options
from .simulate import play_games


@dataclass
class AncientsAgentResult:
    name: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    side_games: list[int] = field(default_factory=list)
    side_wins: list[int] = field(default_factory=list)


@dataclass
class AncientsTournament:
    scenario: str
    sides: list[str]
    seed: int
    games: int
    truncated: int
    seconds: float
    agents: list[AncientsAgentResult]
    results: np.ndarray | None = field(default=None, repr=False, compare=False)
    """Per game, pairing after pairing: (winner side or -1, turns, decisions, banners)."""

    def to_dict(self) -> dict:
        out = asdict(self)
        out.pop("results")
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def table(self) -> str:
        lines = [
            f"{self.games} games of ancients ({self.scenario}), every pairing from both sides, "
            f"seed {self.seed}, {self.seconds:.1f} s",
            f"{'agent':<12}{'games':>7}{'wins':>7}{'win rate':>10}  {'95% interval':<15}"
            f"{self.sides[0]:>12}{self.sides[1]:>14}",
        ]
        for a in sorted(self.agents, key=lambda r: -r.win_rate):
            per_side = [
                f"{w}/{g}" if g else "-" for w, g in zip(a.side_wins, a.side_games, strict=True)
            ]
            lines.append(
                f"{a.name:<12}{a.games:>7}{a.wins:>7}{a.win_rate:>10.1%}  "
                f"{a.ci_low:.3f}-{a.ci_high:.3f}    {per_side[0]:>12}{per_side[1]:>14}"
            )
        if self.truncated:
            lines.append(f"truncated by the turn limit: {self.truncated}")
        return "\n".join(lines)


def tournament(
    agents,
    games: int,
    scenario: str = "akragas",
    seed: int = 0,
    ray_address: str | None = None,
    task_games: int = 250,
    **options,
):
    """Play ``games`` games split over every ordered pair of distinct agents.

    ``ray_address`` plays them as tasks on a Ray cluster
    (:func:`catan_env.distributed.play_ancients_distributed`), with the same
    per-game results; ``task_games`` is the games per task.
    """
    names = list(dict.fromkeys(agents))
    if len(names) < 2:
        raise ValueError("an ancients tournament needs at least 2 different agents")
    for a in names:
        if a not in AGENT_NAMES:
            raise ValueError(f"unknown agent {a!r} for ancients (known: {', '.join(AGENT_NAMES)})")
    pairs = [(i, j) for i in range(len(names)) for j in range(len(names)) if i != j]
    if games < len(pairs):
        raise ValueError(f"--games must be at least {len(pairs)} (one per pairing)")
    sc = load_scenario(scenario)
    opts = check_options(options)
    per = games // len(pairs)
    stats = {n: [[0, 0], [0, 0]] for n in names}  # [side] -> [games, wins]
    truncated = 0
    jobs = []
    for k, (i, j) in enumerate(pairs):
        seeds = seed * 1_000_003 + k * per + np.arange(per, dtype=np.int64)
        kinds = np.array([AGENT_NAMES.index(names[i]), AGENT_NAMES.index(names[j])], np.int64)
        jobs.append((kinds, seeds, seeds))
    if ray_address is not None:
        from catan_env import distributed as cluster

        cluster.connect(ray_address)
        cluster.load_ancients_everywhere()
        t0 = time.perf_counter()
        per_pair = cluster.play_ancients_distributed(sc.source, opts, jobs, task_games=task_games)
    else:
        t0 = time.perf_counter()
        per_pair = [play_games(sc, opts, *job) for job in jobs]
    for (i, j), results in zip(pairs, per_pair, strict=True):
        for side, n in ((0, names[i]), (1, names[j])):
            stats[n][side][0] += per
            stats[n][side][1] += int((results[:, 0] == side).sum())
        truncated += int((results[:, 0] < 0).sum())
    seconds = time.perf_counter() - t0
    out = []
    for n in names:
        g = stats[n][0][0] + stats[n][1][0]
        w = stats[n][0][1] + stats[n][1][1]
        lo, hi = wilson_interval(w, g)
        out.append(AncientsAgentResult(n, g, w, w / g, lo, hi, [stats[n][0][0], stats[n][1][0]],
                                       [stats[n][0][1], stats[n][1][1]]))  # fmt: skip
    return AncientsTournament(sc.id, list(sc.side_names), seed, per * len(pairs), truncated,
                              seconds, out, np.concatenate(per_pair))  # fmt: skip


def tournament_command(args) -> int:
    from .cli import _option, ray_kwargs

    ray = ray_kwargs(args)
    names = [a.strip() for a in args.agents.split(",")]
    options = dict(_option(o) for o in getattr(args, "option", []) or [])
    scenario = args.scenario or "akragas"
    result = tournament(names, args.games, scenario, seed=args.seed, **ray, **options)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result.to_dict(), f, indent=1)
    print(result.to_json() if args.json else result.table())
    return 0
