"""Batch simulation: play many games with given agents and summarise them.

When every seat's agent has a jitted policy the games run entirely inside the
numba self-play kernel; otherwise a Python loop drives :class:`~catan_env.Game`
and asks each agent for its action. With ``ray_address`` the kernel's games
run as tasks on a Ray cluster (:mod:`catan_env.distributed`, imported only
then), with the same per-game results.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field

import numba
import numpy as np

from catan_env.games.catan.common.constants import MAX_PLAYERS

from .config import GameConfig
from .core import CACHE_DIR
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
        records: what each game produced; kept in memory, not written to JSON.
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
    records: GameRecords | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        """The figures as plain JSON types (without ``records``)."""
        return {k: v for k, v in asdict(self).items() if k != "records"}


def game_seeds(seed: int, n: int) -> np.ndarray:
    """Per-game seeds derived from one seed (game ``i`` always gets the same seed)."""
    words = np.random.SeedSequence(seed).generate_state(2 * n, dtype=np.uint32).astype(np.uint64)
    return ((words[0::2] << np.uint64(31)) ^ words[1::2]).astype(np.int64)


def _cache_is_cold(variant: str) -> bool:
    # numba keeps one subdirectory per source directory under the cache root.
    kernel = get_variant(variant).play_games.__name__
    return not any(CACHE_DIR.rglob(f"*.{kernel}*.nbi"))


@dataclass
class GameRecords:
    """Per-game results of a batch, one row per game (what the kernels write).

    Attributes:
        winners: int32, the winning seat of each game, -1 when truncated.
        turns: int32, turns played.
        decisions: int64, decisions (actions) played.
        vps: int32 ``(games, MAX_PLAYERS)``, each seat's final total VP (0 for
            seats beyond the number of players).
        stats: int32 ``(games, len(variant.stat_names))``, the variant's own
            counters (Cities & Knights: barbarian attacks and wins).
    """

    winners: np.ndarray
    turns: np.ndarray
    decisions: np.ndarray
    vps: np.ndarray
    stats: np.ndarray

    @classmethod
    def empty(cls, games: int, variant: str) -> GameRecords:
        """Zeroed records for ``games`` games of ``variant``."""
        return cls(
            winners=np.zeros(games, np.int32),
            turns=np.zeros(games, np.int32),
            decisions=np.zeros(games, np.int64),
            vps=np.zeros((games, MAX_PLAYERS), np.int32),
            stats=np.zeros((games, len(get_variant(variant).stat_names)), np.int32),
        )

    def put(self, where, part: GameRecords) -> None:
        """Write ``part`` into the rows ``where`` (an index, slice or index array)."""
        for name in ("winners", "turns", "decisions", "vps", "stats"):
            getattr(self, name)[where] = getattr(part, name)


def kernel_kinds(agents: Sequence) -> np.ndarray:
    """The jitted kinds of one agent per seat, padded to ``MAX_PLAYERS`` for the kernel."""
    return np.array([a.kernel_kind for a in agents] + [0] * (MAX_PLAYERS - len(agents)), np.int64)


def check_kinds(variant, kinds) -> None:
    """Raise ``ConfigError`` if a jitted agent kind has no kernel in ``variant``."""
    from catan_env.games.catan.base.agents import KIND_NAMES

    from .config import ConfigError

    for k in np.asarray(kinds):
        if KIND_NAMES[int(k)] not in variant.agent_kinds:
            raise ConfigError(
                f"the {KIND_NAMES[int(k)]!r} agent has no {variant.title} kernel yet; "
                f"jitted agents for it: {', '.join(variant.agent_kinds)}"
            )


def load_engine(
    config: GameConfig, jitted: bool, threads: int | None = None, progress: bool = False
) -> float:
    """Compile (or load from the cache) what a batch of games will run; return the seconds.

    Args:
        config: the game options (the variant picks the kernels).
        jitted: load the self-play kernel (otherwise the engine behind :class:`Game`).
        threads: numba threads for the kernel, set here (default: leave as is).
        progress: tell the user on stderr when a cold cache means a long compile.
    """
    t0 = time.perf_counter()
    if not jitted:
        Game(variant=config.variant, num_players=config.num_players, seed=0)
        return time.perf_counter() - t0
    if threads is not None:
        numba.set_num_threads(threads)
    if progress and _cache_is_cold(config.variant):
        print(
            "compiling the engine with numba (first run on this machine, ~1 min)...",
            file=sys.stderr,
            flush=True,
        )
    # One game with random agents compiles every path the batch will take.
    play_jitted(config, np.zeros(MAX_PLAYERS, np.int64), game_seeds(0, 1), 0)
    return time.perf_counter() - t0


def play_jitted(
    config: GameConfig,
    kinds: np.ndarray,
    seeds: np.ndarray,
    agent_seed: int,
    chunk: int = 200,
    bar=None,
) -> GameRecords:
    """Play one game per seed inside the numba self-play kernel.

    Uses the parallel kernel when numba has more than one thread. Game ``i``'s
    result depends only on ``seeds[i]``, ``kinds`` and ``agent_seed``, not on
    the threads or the chunking.

    Args:
        config: the game options.
        kinds: the jitted agent kind of each seat (:func:`kernel_kinds`).
        seeds: one game seed per game.
        agent_seed: seeds the agents' generator (with each game's seed).
        chunk: games per kernel call and thread between progress updates.
        bar: a tqdm progress bar to advance, or ``None``.
    """
    variant = get_variant(config.variant)
    check_kinds(variant, kinds)
    kernel = variant.play_games_parallel if numba.get_num_threads() > 1 else variant.play_games
    cfg, tmpl = config.config_vector(), config.board_template()
    tables = variant.tables(config)
    out = GameRecords.empty(len(seeds), config.variant)
    step = chunk * numba.get_num_threads()
    for start in range(0, len(seeds), step):
        part = slice(start, min(len(seeds), start + step))
        kernel(tables, cfg, tmpl, seeds[part], kinds, agent_seed, out.winners[part],
               out.turns[part], out.decisions[part], out.vps[part], out.stats[part])  # fmt: skip
        if bar is not None:
            bar.update(part.stop - part.start)
    return out


def play_python(
    config: GameConfig,
    agents: Sequence,
    seeds: np.ndarray,
    bar=None,
    on_game: Callable[[int, Game], None] | None = None,
) -> GameRecords:
    """Play one game per seed with a Python loop asking ``agents[seat].act(game)``.

    Args:
        config: the game options.
        agents: one agent per seat.
        seeds: one game seed per game.
        bar: a tqdm progress bar to advance, or ``None``.
        on_game: called as ``on_game(i, game)`` with each finished game.
    """
    n = config.num_players
    variant = get_variant(config.variant)
    options = {k: v for k, v in config.to_dict().items() if k not in ("variant", "num_players")}
    out = GameRecords.empty(len(seeds), config.variant)
    for i, game_seed in enumerate(seeds):
        g = Game(variant=config.variant, num_players=n, seed=int(game_seed), **options)
        while not g.done:
            g.step(agents[g.current_player].act(g))
        out.winners[i] = -1 if g.winner is None else g.winner
        out.turns[i] = g.turn
        out.decisions[i] = len(g.actions)
        out.vps[i, :n] = [g.total_vp(p) for p in range(n)]
        out.stats[i] = [variant.layout.get(g.state, name) for name in variant.stat_names]
        if on_game is not None:
            on_game(i, g)
        if bar is not None:
            bar.update(1)
    return out


def simulate(
    games: int,
    agents: Sequence,
    config: GameConfig,
    seed: int = 0,
    progress: bool = True,
    chunk: int = 200,
    threads: int | None = None,
    on_game: Callable[[int, Game], None] | None = None,
    on_game_limit: int | None = None,
    ray_address: str | None = None,
    task_games: int = 250,
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
        on_game: called as ``on_game(i, game)`` with each finished :class:`Game`
            (its actions kept, so ``game.record()`` replays it), in order.
            The jitted kernel keeps no actions, so its games are played again
            one decision at a time for this, after the timed batch
            (:func:`catan_env.replay.record_jitted_game`: the same games).
        on_game_limit: pass only the first N games to ``on_game`` (default all).
        ray_address: play on a Ray cluster: the head's ``"host:port"``, ``"auto"``,
            ``"local"``, or ``""`` for Ray's default (see
            :func:`catan_env.distributed.connect`); ``None`` plays here. Every
            agent needs a jitted policy.
        task_games: games per Ray task.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    n = config.num_players
    if len(agents) != n:
        raise ValueError(f"{n} players need {n} agents, got {len(agents)}")
    seeds = game_seeds(seed, games)
    variant = get_variant(config.variant)
    jitted = all(getattr(a, "kernel_kind", None) is not None for a in agents)
    cluster = None
    if ray_address is not None:
        if not jitted:
            slow = dict.fromkeys(a.name for a in agents if getattr(a, "kernel_kind", None) is None)
            raise ValueError(
                f"a Ray cluster plays the jitted kernel; no jitted policy: {', '.join(slow)}"
            )
        from . import distributed as cluster

        cpus = cluster.connect(ray_address)
        if progress:
            print(f"Ray cluster: {cpus} CPUs; loading the engine on every node...", file=sys.stderr)
        compile_seconds = cluster.load_engine_everywhere(config)
    else:
        compile_seconds = load_engine(config, jitted, threads, progress)
    bar = _progress(games, progress)
    t1 = time.perf_counter()
    limit = games if on_game_limit is None else min(games, on_game_limit)
    if cluster is not None:
        jobs = [(kernel_kinds(agents), seeds)]
        (records,) = cluster.play_jitted_distributed(config, jobs, seed, bar, task_games)
        engine = f"jitted kernel on a Ray cluster, {cpus} CPUs"
    elif jitted:
        records = play_jitted(config, kernel_kinds(agents), seeds, seed, chunk, bar)
        engine = f"jitted kernel, {numba.get_num_threads()} thread(s)"
    else:

        def keep(i: int, g: Game) -> None:
            if i < limit:
                on_game(i, g)

        records = play_python(config, agents, seeds, bar, keep if on_game else None)
        engine = "python loop"
    seconds = time.perf_counter() - t1
    bar.close()
    if jitted and on_game is not None:
        from .replay import record_jitted_game

        kinds = [a.kernel_kind for a in agents]
        for i in range(limit):
            on_game(i, record_jitted_game(config, kinds, seeds[i], seed))
    winners, decisions, stats = records.winners, records.decisions, records.stats
    wins = [int((winners == p).sum()) for p in range(n)]
    return SimulationResult(
        variant=config.variant,
        num_players=n,
        agents=[a.name for a in agents],
        seed=seed,
        games=games,
        wins=wins,
        truncated=int((winners < 0).sum()),
        mean_turns=float(records.turns.mean()),
        mean_decisions=float(decisions.mean()),
        seconds=seconds,
        compile_seconds=compile_seconds,
        games_per_second=games / seconds if seconds > 0 else float("inf"),
        decisions_per_second=float(decisions.sum()) / seconds if seconds > 0 else float("inf"),
        engine=engine,
        win_rates=[w / games for w in wins],
        stats={name: float(stats[:, j].mean()) for j, name in enumerate(variant.stat_names)},
        records=records,
    )


def _progress(total: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, unit="game", disable=not enabled, file=sys.stderr, leave=False)
