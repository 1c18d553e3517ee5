"""Batched Ancients games with jitted agents: ``catan-env simulate --game ancients``."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

import numba
import numpy as np

from catan_env._generated import ancients_kernels as K

from .agents import AGENT_NAMES
from .record import MAX_DECISIONS
from .scenario import load_scenario
from .setup import check_options, new_state

_NO_TABLES = np.zeros(1, np.int32)  # Ancients has no static tables


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
    engine: str = "jitted kernel"
    results: np.ndarray | None = field(default=None, repr=False, compare=False)
    """Per game, in game order: (winner side or -1, turns, decisions, banners bottom, top)."""

    def to_dict(self) -> dict:
        out = asdict(self)
        out.pop("results")
        return out


def game_seeds(seed: int, games: int) -> tuple[np.ndarray, np.ndarray]:
    """The seeds of a batch's games: (each game's state seed, each game's agent seed)."""
    i = np.arange(games, dtype=np.int64)
    return seed + i, i + seed * 1_000_003


def play_games(sc, options: dict, kinds, game_seeds, agent_seeds) -> np.ndarray:
    """Play one game per seed pair in the kernel; rows of (winner side or -1,
    turns, decisions, banners bottom, banners top). ``options``: full (``check_options``)."""
    n = len(game_seeds)
    states = np.stack([new_state(sc, int(s), options) for s in game_seeds])
    played = np.zeros(n, np.int64)
    K.play_out_many(states, _NO_TABLES, np.asarray(kinds, np.int64),
                    np.asarray(agent_seeds, np.int64), MAX_DECISIONS, played)  # fmt: skip
    winner, turns, decisions = (np.zeros(n, np.int64) for _ in range(3))
    banners = np.zeros((n, 2), np.int64)
    K.record_many(states, winner, turns, decisions, banners, np.zeros((n, 0), np.int64))
    return np.column_stack([winner, turns, decisions, banners])


def load_kernel() -> float:
    """Load (or, on a cold cache, compile) the kernel: one short game; returns seconds."""
    t0 = time.perf_counter()
    sc = load_scenario("akragas")
    play_games(sc, check_options({}), [0, 0], [0], [0])
    return time.perf_counter() - t0


def simulate(
    games: int,
    agents: tuple[str, str] = ("heuristic", "random"),
    scenario: str = "akragas",
    seed: int = 0,
    threads: int | None = None,
    on_game: Callable | None = None,
    on_game_limit: int | None = None,
    ray_address: str | None = None,
    task_games: int = 250,
    **options,
) -> AncientsResult:
    """Play ``games`` games of ``scenario``; ``agents`` are (bottom side, top side).

    Args:
        on_game: called as ``on_game(i, game)`` with each finished :class:`Game`
            (its actions kept, so ``game.record()`` replays it), in order. The
            kernel keeps no actions, so these games are played again one decision
            at a time after the timed batch
            (:func:`catan_env.games.ancients.record.record_jitted_game`: the same games).
        on_game_limit: pass only the first N games to ``on_game`` (default all).
        ray_address: play on a Ray cluster (see :func:`catan_env.distributed.connect`);
            ``None`` plays here. The per-game results are the same.
        task_games: games per Ray task.
    """
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
    kinds_arr = np.array(kinds, np.int64)
    gseeds, aseeds = game_seeds(seed, games)
    if ray_address is not None:
        from catan_env import distributed as cluster

        cpus = cluster.connect(ray_address)
        compile_s = cluster.load_ancients_everywhere()
        t0 = time.perf_counter()
        (results,) = cluster.play_ancients_distributed(
            sc.source, opts, [(kinds_arr, gseeds, aseeds)], task_games=task_games
        )
        engine = f"jitted kernel on a Ray cluster, {cpus} CPUs"
    else:
        if threads:
            numba.set_num_threads(threads)
        t0 = time.perf_counter()
        play_games(sc, opts, kinds_arr, gseeds[:1], aseeds[:1])
        compile_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        results = play_games(sc, opts, kinds_arr, gseeds, aseeds)
        engine = f"jitted kernel, {numba.get_num_threads()} thread(s)"
    secs = time.perf_counter() - t0
    if on_game is not None:
        from .record import record_jitted_game

        limit = games if on_game_limit is None else min(games, on_game_limit)
        for i in range(limit):
            on_game(i, record_jitted_game(sc, opts, kinds_arr, gseeds[i], aseeds[i]))
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
        engine=engine,
        results=results,
    )
