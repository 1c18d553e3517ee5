"""Batched Ancients games with jitted agents: ``catan-env simulate --game ancients``."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numba
import numpy as np

from .engine.agents import AGENT_NAMES, play_batch
from .scenario import load_scenario
from .setup import check_options, new_state


@dataclass
class AncientsResult:
    """Figures of one batch: wins per side, truncated games, mean length, speed."""

    scenario: str
    sides: list[str]
    agents: list[str]
    seed: int
    games: int
    wins: list[int]
    truncated: int
    mean_turns: float
    mean_decisions: float
    mean_banners: list[float]
    seconds: float
    compile_seconds: float
    games_per_second: float
    threads: int

    def to_dict(self) -> dict:
        return asdict(self)


def simulate(
    games: int,
    agents: tuple[str, str] = ("heuristic", "random"),
    scenario: str = "akragas",
    seed: int = 0,
    threads: int | None = None,
    **options,
) -> AncientsResult:
    """Play ``games`` games of ``scenario``; ``agents`` are (bottom side, top side)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    kinds = []
    for a in agents:
        if a not in AGENT_NAMES:
            raise ValueError(f"unknown agent {a!r} for ancients (known: {', '.join(AGENT_NAMES)})")
        kinds.append(AGENT_NAMES.index(a))
    if len(kinds) != 2:
        raise ValueError(f"ancients has two sides: give 2 agents, got {len(kinds)}")
    sc = load_scenario(scenario)
    opts = check_options(options)
    if threads:
        numba.set_num_threads(threads)
    kinds_arr = np.array(kinds, np.int64)
    t0 = time.perf_counter()
    warm = np.stack([new_state(sc, seed, opts)])
    play_batch(warm, kinds_arr, np.array([seed], np.int64), np.zeros((1, 5), np.int64), 100000)
    compile_s = time.perf_counter() - t0
    states = np.stack([new_state(sc, seed + i, opts) for i in range(games)])
    results = np.zeros((games, 5), np.int64)
    t0 = time.perf_counter()
    play_batch(states, kinds_arr, np.arange(games, dtype=np.int64) + seed * 1_000_003, results,
               100000)  # fmt: skip
    secs = time.perf_counter() - t0
    wins = [int((results[:, 0] == s).sum()) for s in range(2)]
    return AncientsResult(
        scenario=sc.id,
        sides=list(sc.side_names),
        agents=list(agents),
        seed=seed,
        games=games,
        wins=wins,
        truncated=int((results[:, 0] < 0).sum()),
        mean_turns=float(results[:, 1].mean()),
        mean_decisions=float(results[:, 2].mean()),
        mean_banners=[float(results[:, 3].mean()), float(results[:, 4].mean())],
        seconds=secs,
        compile_seconds=compile_s,
        games_per_second=games / secs if secs > 0 else float("inf"),
        threads=numba.get_num_threads(),
    )
