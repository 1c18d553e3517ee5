"""Batch simulation: play many games of any registered game with given agents.

When every seat's agent has a jitted policy the games run entirely inside the
game's numba kernels; otherwise a Python loop drives the game's ``Game`` and
asks each agent for its action. With ``ray_address`` the kernel's games run as
tasks on a Ray cluster (:mod:`catan_env.distributed`, imported only then), with
the same per-game results.

A batch is a ``config`` (the game's ``configure`` result: a
:class:`~catan_env.config.GameConfig` for Catan), per-game seeds and one agent
seed; what differs per game (its seeds, its kernel call, its agents, the words
of its reports) comes from its batch hooks
(:class:`~catan_env.core.spec.BatchHooks`, :func:`catan_env.hooks.get`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field

import numba
import numpy as np

from catan_env.core import registry

from . import hooks
from .config import ConfigError
from .core.notice import compile_notice


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
        threads: numba's threads here.
        mean_vp: each seat's mean final score (Catan's VP, Ancients' banners).
        stats: the variant's own figures, averaged per game (Cities & Knights:
            ``barbarian_attacks`` and ``barbarian_wins``).
        details: the game's facts of the batch (Ancients: scenario, sides),
            written into the JSON beside the figures.
        words: the game's words for the figures' (``{"vp": "banners"}``), in the JSON keys.
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
    threads: int = 1
    win_rates: list[float] = field(default_factory=list)
    mean_vp: list[float] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)
    details: dict = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict, repr=False)
    records: GameRecords | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        """The figures as plain JSON types (without ``records``), in the game's words."""
        skip = ("records", "details", "words")
        out = {k: v for k, v in asdict(self).items() if k not in skip}
        return {**in_words(out, self.words), **self.details}


def in_words(data, words: dict[str, str]):
    """``data`` with each ``_``-separated part of every dict key put in the game's words.

    ``in_words({"seat_wins": 1}, {"seat": "side"}) == {"side_wins": 1}``; lists
    and nested dicts are renamed too.
    """
    if not words:
        return data
    if isinstance(data, dict):
        return {_word_key(k, words): in_words(v, words) for k, v in data.items()}
    if isinstance(data, list):
        return [in_words(v, words) for v in data]
    return data


def _word_key(key: str, words: dict[str, str]) -> str:
    return "_".join(words.get(part, part) for part in key.split("_"))


def game_seeds(seed: int, n: int) -> np.ndarray:
    """Per-game seeds derived from one seed (game ``i`` always gets the same seed)."""
    words = np.random.SeedSequence(seed).generate_state(2 * n, dtype=np.uint32).astype(np.uint64)
    return ((words[0::2] << np.uint64(31)) ^ words[1::2]).astype(np.int64)


def kernel_agent_seed(agent_seed: int, game_seed: int) -> int:
    """The seed of the agents' generator in one ``play_games`` game (as the template's
    ``_play_one`` seeds it from the batch's agent seed and the game's seed)."""
    # int64 arithmetic wraps in the kernel; do the same here.
    v = (int(agent_seed) * 1000003 + int(game_seed)) % 2**64
    return v - 2**64 if v >= 2**63 else v


@dataclass
class GameRecords:
    """Per-game results of a batch, one row per game (what the kernels write).

    Attributes:
        winners: int32, the winning seat of each game, -1 when truncated.
        turns: int32, turns played.
        decisions: int64, decisions (actions) played.
        vps: int32 ``(games, MAX_SEATS)``, each seat's final score (Catan's total
            VP, Ancients' banners; 0 for seats beyond the number of players).
        stats: int32 ``(games, len(variant.stat_names))``, the variant's own
            counters (Cities & Knights: barbarian attacks and wins).
    """

    winners: np.ndarray
    turns: np.ndarray
    decisions: np.ndarray
    vps: np.ndarray
    stats: np.ndarray

    FIELDS = ("winners", "turns", "decisions", "vps", "stats")

    @classmethod
    def empty(cls, games: int, variant: str) -> GameRecords:
        """Zeroed records for ``games`` games of ``variant`` (a registry name)."""
        spec = registry.get(variant)
        return cls(
            winners=np.zeros(games, np.int32),
            turns=np.zeros(games, np.int32),
            decisions=np.zeros(games, np.int64),
            vps=np.zeros((games, spec.rules.MAX_SEATS), np.int32),
            stats=np.zeros((games, len(spec.stat_names)), np.int32),
        )

    def rows(self, where: slice) -> GameRecords:
        """The records of the games ``where`` as views (writing them writes these)."""
        return GameRecords(*(getattr(self, name)[where] for name in self.FIELDS))

    def put(self, where, part: GameRecords) -> None:
        """Write ``part`` into the rows ``where`` (an index, slice or index array)."""
        for name in self.FIELDS:
            getattr(self, name)[where] = getattr(part, name)


def kernel_kinds(agents: Sequence, seats: int = 0) -> np.ndarray:
    """The jitted kinds of one agent per seat, padded with kind 0 to ``seats`` for the kernel."""
    kinds = [a.kernel_kind for a in agents]
    return np.array(kinds + [0] * (seats - len(kinds)), np.int64)


def check_kinds(variant, kinds) -> None:
    """Raise ``ConfigError`` if a jitted agent kind has no kernel in ``variant`` (a spec)."""
    for k in np.asarray(kinds):
        if not 0 <= int(k) < len(variant.agent_kinds):
            raise ConfigError(
                f"jitted agent kind {int(k)} has no {variant.title} kernel; "
                f"jitted agents for it: {', '.join(variant.agent_kinds)}"
            )


def load_engine(config, jitted: bool, threads: int | None = None, progress: bool = False) -> float:
    """Compile (or load from the cache) what a batch of games will run; return the seconds.

    Args:
        config: the game options (the game picks the kernels).
        jitted: load the game's batch kernels (otherwise the engine behind its ``Game``).
        threads: numba threads for the kernel, set here (default: leave as is).
        progress: tell the user on stderr when numba compiles (whatever the cache holds:
            :func:`~catan_env.core.notice.compile_notice`).
    """
    spec = hooks.of_config(config)
    t0 = time.perf_counter()
    if threads is not None:
        numba.set_num_threads(check_threads(threads))
    with compile_notice() if progress else nullcontext():
        if not jitted:
            spec.new_game(config, 0)
        else:
            # One game with random agents compiles every path the batch will take.
            kinds = np.zeros(spec.rules.MAX_SEATS, np.int64)
            play_jitted(config, kinds, spec.batch.simulate_seeds(0, 1), 0)
    return time.perf_counter() - t0


def check_threads(threads, flag: str = "threads") -> int:
    """``threads`` if numba can run that many here, else a ``ConfigError`` naming ``flag``
    and, when it sets the limit, the ``NUMBA_NUM_THREADS`` variable."""
    if isinstance(threads, bool) or not isinstance(threads, int | np.integer):
        raise ConfigError(f"{flag} must be an integer, got {threads!r}")
    most = numba.config.NUMBA_NUM_THREADS
    if not 1 <= threads <= most:
        why = (
            f"NUMBA_NUM_THREADS={os.environ['NUMBA_NUM_THREADS']} in the environment"
            if "NUMBA_NUM_THREADS" in os.environ
            else "this machine's cores"
        )
        raise ConfigError(f"{flag} {threads}: numba runs 1..{most} threads here ({why})")
    return int(threads)


def play_jitted(config, kinds: np.ndarray, seeds: np.ndarray, agent_seed: int, chunk: int = 200,
                bar=None) -> GameRecords:  # fmt: skip
    """Play one game per seed inside the game's numba kernels.

    Uses the parallel kernel when numba has more than one thread. Game ``i``'s
    result depends only on ``seeds[i]``, ``kinds`` and ``agent_seed``, not on
    the threads or the chunking.

    Args:
        config: the game options.
        kinds: the jitted agent kind of each seat (:func:`kernel_kinds`).
        seeds: one seed row per game (the game's ``simulate_seeds``, e.g. :func:`game_seeds`).
        agent_seed: seeds the agents' generator (with each game's seed).
        chunk: games per kernel call and thread between progress updates.
        bar: a tqdm progress bar to advance, or ``None``.
    """
    spec = hooks.of_config(config)
    check_kinds(spec, kinds)
    parallel = numba.get_num_threads() > 1
    out = GameRecords.empty(len(seeds), config.variant)
    step = chunk * numba.get_num_threads()
    for start in range(0, len(seeds), step):
        part = slice(start, min(len(seeds), start + step))
        spec.batch.play(config, kinds, seeds[part], agent_seed, out.rows(part), parallel)
        if bar is not None:
            bar.update(part.stop - part.start)
    return out


def play_python(
    config,
    agents: Sequence,
    seeds: np.ndarray,
    bar=None,
    on_game: Callable[[int, object], None] | None = None,
) -> GameRecords:
    """Play one game per seed with a Python loop asking ``agents[seat].act(game)``.

    Args:
        config: the game options.
        agents: one agent per seat.
        seeds: one seed row per game.
        bar: a tqdm progress bar to advance, or ``None``.
        on_game: called as ``on_game(i, game)`` with each finished game.
    """
    spec = hooks.of_config(config)
    out = GameRecords.empty(len(seeds), config.variant)
    for i, row in enumerate(seeds):
        g = spec.new_game(config, spec.batch.seeds_of(row, 0)[0])
        while not g.done:
            g.step(agents[g.current_player].act(g))
        # The figures the kernels write for a game, from the same state.
        spec.rules.record(g.state, i, out.winners, out.turns, out.decisions, out.vps, out.stats)
        if on_game is not None:
            on_game(i, g)
        if bar is not None:
            bar.update(1)
    return out


def simulate(
    games: int,
    agents: Sequence,
    config,
    seed: int = 0,
    progress: bool = True,
    chunk: int = 200,
    threads: int | None = None,
    on_game: Callable[[int, object], None] | None = None,
    on_game_limit: int | None = None,
    ray_address: str | None = None,
    task_games: int = 250,
) -> SimulationResult:
    """Play ``games`` games and return their figures.

    Args:
        games: number of games.
        agents: one agent per seat: an agent object (:class:`agents.Agent`, or
            one of the game's ``make_agent``) or a name for the game's
            ``make_agent`` (``"heuristic"``, ``"ppo:model.zip"``), as
            :func:`~catan_env.tournament.tournament` takes them. The agent named
            for seat ``i`` is seeded ``seed * 1000 + i``.
        config: the game options (the game's ``configure`` result, e.g. a
            :class:`~catan_env.config.GameConfig`).
        seed: fixes every game and every agent's choices.
        progress: show a progress bar on stderr.
        chunk: games per kernel call between progress updates (per thread).
        threads: numba threads for the jitted kernel (default: all cores).
        on_game: called as ``on_game(i, game)`` with each finished game
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
    if isinstance(games, bool) or not isinstance(games, int | np.integer) or games < 1:
        raise ValueError(f"games must be an integer, at least 1, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= seed < 2**31:
        raise ValueError(f"seed must be an integer in 0..2**31-1, got {seed!r}")
    spec = hooks.of_config(config)
    n = config.num_players
    if isinstance(agents, str) or len(agents) != n:
        raise ValueError(f"{n} players need a list of {n} agents, got {agents!r}")
    labels = [a.strip() if isinstance(a, str) else getattr(a, "name", type(a).__name__)
              for a in agents]  # fmt: skip
    agents = [
        spec.batch.make_agent(a.strip(), seed * 1000 + i) if isinstance(a, str) else a
        for i, a in enumerate(agents)
    ]
    seeds = spec.batch.simulate_seeds(seed, games)
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
    kinds = kernel_kinds(agents, spec.rules.MAX_SEATS) if jitted else None
    if cluster is not None:
        (records,) = cluster.play_jitted_distributed(
            config, [(kinds, seeds)], seed, bar, task_games
        )
        engine = f"jitted kernel on a Ray cluster, {cpus} CPUs"
    elif jitted:
        records = play_jitted(config, kinds, seeds, seed, chunk, bar)
        engine = f"jitted kernel, {numba.get_num_threads()} thread(s)"
    else:

        def keep(i: int, g) -> None:
            if i < limit:
                on_game(i, g)

        records = play_python(config, agents, seeds, bar, keep if on_game else None)
        engine = "python loop"
    seconds = time.perf_counter() - t1
    bar.close()
    if jitted and on_game is not None:
        from .replay import record_jitted_game

        for i in range(limit):
            on_game(i, record_jitted_game(config, kinds[:n], seeds[i], seed))
    winners, decisions, stats = records.winners, records.decisions, records.stats
    wins = [int((winners == p).sum()) for p in range(n)]
    return SimulationResult(
        variant=config.variant,
        num_players=n,
        agents=labels,
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
        threads=numba.get_num_threads(),
        win_rates=[w / games for w in wins],
        mean_vp=[float(v) for v in records.vps[:, :n].mean(axis=0)],
        stats={name: float(stats[:, j].mean()) for j, name in enumerate(spec.stat_names)},
        details=spec.batch.details(config),
        words=spec.batch.WORDS,
        records=records,
    )


def _progress(total: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, unit="game", disable=not enabled, file=sys.stderr, leave=False)
