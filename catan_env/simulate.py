"""Batch simulation: play many games with given agents and summarise them.

When every seat's agent has a jitted policy the games run entirely inside the
numba self-play kernel; otherwise a Python loop drives :class:`~catan_env.Game`
and asks each agent for its action.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numba
import numpy as np

from .config import GameConfig
from .constants import MAX_PLAYERS
from .engine import CACHE_DIR
from .engine.tables import STANDARD_TABLES
from .game import Game
from .variants import get_variant


@dataclass
class SimulationResult:
    """Figures of one batch of games.

    Attributes:
        games: games played.
        wins: wins per seat.
        truncated: games ended by the turn limit.
        mean_turns, mean_decisions: average length.
        seconds: wall time of the games (compilation excluded).
        compile_seconds: time spent compiling or loading the engine.
        games_per_second, decisions_per_second: throughput.
        engine: ``"jitted kernel, N thread(s)"`` or ``"python loop"``.
        stats: the variant's own figures, averaged per game (Cities & Knights:
            ``barbarian_attacks`` and ``barbarian_wins``).
    """

    variant: str
    num_players: int
    agents: list[str]
    seed: int
    games: int
    wins: list[int]
    truncated: int
    mean_turns: float
    mean_decisions: float
    seconds: float
    compile_seconds: float
    games_per_second: float
    decisions_per_second: float
    engine: str
    win_rates: list[float] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


def game_seeds(seed: int, n: int) -> np.ndarray:
    """Per-game seeds derived from one seed (game ``i`` always gets the same seed)."""
    words = np.random.SeedSequence(seed).generate_state(2 * n, dtype=np.uint32).astype(np.uint64)
    return ((words[0::2] << np.uint64(31)) ^ words[1::2]).astype(np.int64)


def _cache_is_cold() -> bool:
    return not any(CACHE_DIR.glob("*play_games*.nbi"))


def simulate(
    games: int,
    agents: Sequence,
    config: GameConfig,
    seed: int = 0,
    progress: bool = True,
    chunk: int = 200,
    threads: int | None = None,
) -> SimulationResult:
    """Play ``games`` games and return their figures.

    Args:
        games: number of games.
        agents: one agent per seat (objects of :class:`agents.Agent`).
        config: the game options.
        seed: fixes every game and every agent's choices.
        progress: show a progress bar on stderr.
        chunk: games per kernel call between progress updates (per thread).
        threads: numba threads for the jitted kernel (default: all cores).
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    n = config.num_players
    if len(agents) != n:
        raise ValueError(f"{n} players need {n} agents, got {len(agents)}")
    seeds = game_seeds(seed, games)
    winners = np.zeros(games, np.int32)
    turns = np.zeros(games, np.int32)
    decisions = np.zeros(games, np.int64)
    vps = np.zeros((games, MAX_PLAYERS), np.int32)
    variant = get_variant(config.variant)
    stats = np.zeros((games, len(variant.stat_names)), np.int32)
    jitted = all(getattr(a, "kernel_kind", None) is not None for a in agents)
    t0 = time.perf_counter()
    if jitted:
        kinds = np.array([a.kernel_kind for a in agents] + [0] * (MAX_PLAYERS - n), np.int64)
        if threads is not None:
            numba.set_num_threads(threads)
        parallel = numba.get_num_threads() > 1
        kernel = variant.play_games_parallel if parallel else variant.play_games
        cfg, tmpl = config.config_vector(), config.board_template()
        if progress and _cache_is_cold():
            print(
                "compiling the engine with numba (first run on this machine, ~1 min)...",
                file=sys.stderr,
                flush=True,
            )
        # Compile (or load from cache) on one game, timed separately.
        kernel(STANDARD_TABLES, cfg, tmpl, seeds[:1], kinds, seed,
               winners[:1], turns[:1], decisions[:1], vps[:1], stats[:1])  # fmt: skip
        compile_seconds = time.perf_counter() - t0
        bar = _progress(games, progress)
        t1 = time.perf_counter()
        step = chunk * numba.get_num_threads()
        for start in range(0, games, step):
            part = slice(start, min(games, start + step))
            kernel(STANDARD_TABLES, cfg, tmpl, seeds[part], kinds, seed,
                   winners[part], turns[part], decisions[part], vps[part], stats[part])  # fmt: skip
            bar.update(part.stop - part.start)
        engine = f"jitted kernel, {numba.get_num_threads()} thread(s)"
    else:
        Game(variant=config.variant, num_players=n, seed=0)  # compile/load the engine
        compile_seconds = time.perf_counter() - t0
        bar = _progress(games, progress)
        t1 = time.perf_counter()
        options = {k: v for k, v in config.to_dict().items() if k not in ("variant", "num_players")}
        for i in range(games):
            g = Game(variant=config.variant, num_players=n, seed=int(seeds[i]), **options)
            while not g.done:
                g.step(agents[g.current_player].act(g))
            winners[i] = -1 if g.winner is None else g.winner
            turns[i] = g.turn
            decisions[i] = len(g.actions)
            vps[i, :n] = [g.total_vp(p) for p in range(n)]
            stats[i] = [variant.layout.get(g.state, name) for name in variant.stat_names]
            bar.update(1)
        engine = "python loop"
    seconds = time.perf_counter() - t1
    bar.close()
    wins = [int((winners == p).sum()) for p in range(n)]
    return SimulationResult(
        variant=config.variant,
        num_players=n,
        agents=[a.name for a in agents],
        seed=seed,
        games=games,
        wins=wins,
        truncated=int((winners < 0).sum()),
        mean_turns=float(turns.mean()),
        mean_decisions=float(decisions.mean()),
        seconds=seconds,
        compile_seconds=compile_seconds,
        games_per_second=games / seconds if seconds > 0 else float("inf"),
        decisions_per_second=float(decisions.sum()) / seconds if seconds > 0 else float("inf"),
        engine=engine,
        win_rates=[w / games for w in wins],
        stats={name: float(stats[:, j].mean()) for j, name in enumerate(variant.stat_names)},
    )


def _progress(total: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, unit="game", disable=not enabled, file=sys.stderr, leave=False)
