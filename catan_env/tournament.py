"""Tournaments: many games with seats rotated, win rates with confidence, ratings.

For any registered game: the game's batch hooks (:func:`catan_env.hooks.get`)
give its agents, its seeds and its words (Ancients calls seats sides). Three forms:

- a **lineup** names one agent per seat (``heuristic, random, random, random``);
  game ``k`` seats the lineup rotated by ``k``, so over every block of
  ``players`` games each entry sits in each seat once;
- a **pool** of N >= 2 distinct agents fills each table from the pool: every
  cycle of N games takes a fresh seeded shuffle of the pool and seats
  ``order[(k + j) % N]`` in seat ``j`` of game ``k``. Each agent plays
  ``players`` games per cycle, once in every seat, and the shuffles mix the
  opponents (with N < players an agent holds several seats of a game);
- **pairings** of N >= ``players`` distinct agents: every ordered seating of
  ``players`` distinct agents plays an equal share of the games, one seating
  after another (two agents at Ancients: A bottom and B top, then B bottom and
  A top); the games beyond a whole number per seating are not played.

Only complete blocks (lineup: ``players`` games, pool: N games) are exactly
balanced; with a remainder the first games of one more block are played,
which gives some seats one game more (``TournamentResult.balanced`` says so).
A game's default form is its ``TOURNAMENT_FORM`` (Catan: lineup, Ancients: pairings).

Games whose seats all have a jitted policy run in the numba self-play kernel,
grouped by the kinds at the table; the others run the Python loop, in game
order. In the Python loop the jitted seats still play the kernel's policy with
the kernel's generator (seeded the same way per game), so a game's result does
not depend on which path played it. Agents without a jitted policy (search,
trained networks) are built once and keep their own generator across their
games, which are played in game order: the same seed gives the same results.

With ``ray_address`` the kernel's games run as tasks on a Ray cluster
(:mod:`catan_env.distributed`, imported only then), with the same per-game
results; the Python loop's games still run here, in game order.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields

import numpy as np

from . import hooks
from .config import GameConfig
from .ratings import beats_seat_share, game_ranks, plackett_luce_ratings, wilson_interval
from .simulate import (
    GameRecords,
    check_threads,
    in_words,
    kernel_kinds,
    load_engine,
    play_jitted,
    play_python,
)

#: The tournament forms (see the module docstring).
FORMS = ("lineup", "pool", "pairings")


@dataclass
class AgentResult:
    """One agent's figures; ``games`` and ``wins`` count seats (three copies: three seats a game).

    Attributes:
        name: the agent's spec (``"heuristic"``, ``"ppo:model.zip"``).
        games, wins: seats played and games won from them.
        win_rate, ci_low, ci_high: wins / games and its Wilson 95% interval.
        beats_seat_share: the interval lies above ``1 / players``.
        mean_vp: final victory points (the game's score: Ancients' banners) per seat played.
        mu, sigma, ordinal: the Plackett-Luce rating (ordinal = mu - 3 sigma).
        seat_games, seat_wins: the same counts per seat.
    """

    name: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    beats_seat_share: bool
    mean_vp: float
    mu: float
    sigma: float
    ordinal: float
    seat_games: list[int]
    seat_wins: list[int]


@dataclass
class TournamentResult:
    """The outcome of :func:`tournament`.

    Attributes:
        form: ``"lineup"``, ``"pool"`` or ``"pairings"``.
        entrants: the agents as given (a lineup: one per seat of the first game).
        games, truncated: games played and those ended by the turn limit.
        balanced: every agent sat in every seat equally often.
        seat_wins: wins per seat over all agents (the seat advantage).
        agents: one :class:`AgentResult` per distinct agent, best rating first.
        seconds: wall time of the games; ``compile_seconds``: engine load/compile.
        jitted_games, python_games: games played by each path.
        title: the game in the table's first line (``"base, 4 players"``).
        details: the game's facts of the tournament (Ancients: scenario, sides),
            written into the JSON beside the figures.
        seatings, records: per game, the entrant index of each seat and what
            the game produced; kept in memory, not written to JSON.

    The JSON keys and the table are in the game's words (``side_games`` for Ancients).
    """

    variant: str
    num_players: int
    form: str
    entrants: list[str]
    seed: int
    games: int
    truncated: int
    balanced: bool
    seat_wins: list[int]
    agents: list[AgentResult]
    seconds: float
    compile_seconds: float
    jitted_games: int
    python_games: int
    options: dict = field(default_factory=dict)
    title: str = ""
    details: dict = field(default_factory=dict)
    seatings: np.ndarray | None = field(default=None, repr=False, compare=False)
    records: GameRecords | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        """The figures as plain JSON types (without ``seatings`` and ``records``)."""
        skip = ("seatings", "records", "details")
        data = {k: v for k, v in asdict(self).items() if k not in skip}
        return {**in_words(data, self._words()), **self.details}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict) -> TournamentResult:
        """Rebuild from :meth:`to_dict` output (per-game arrays are not restored)."""
        words = hooks.get(data["variant"]).batch.WORDS
        data = in_words(dict(data), {mine: ours for ours, mine in words.items()})
        known = {f.name for f in fields(cls)}
        data["details"] = {k: data.pop(k) for k in list(data) if k not in known}
        data["agents"] = [AgentResult(**a) for a in data["agents"]]
        return cls(**data)

    def _words(self) -> dict[str, str]:
        return hooks.get(self.variant).batch.WORDS

    def table(self) -> str:
        """A readable summary: one row per agent, best rating first."""
        words = self._words()
        seat, vp = words.get("seat", "seat"), words.get("vp", "VP")
        lines = [
            f"{self.games} games of {self.title or self.variant}, {self.form} of "
            f"{len(self.entrants)}, seed {self.seed}"
        ]
        wide = max(9, len(vp) + 6)  # the mean-score column fits the game's word for it
        # Names are never cut (a model path tells two checkpoints apart only at its end).
        name_wide = max(20, 1 + max(len(a.name) for a in self.agents))
        head = f"{'agent':<{name_wide}}{seat + 's':>7}{'wins':>7}{'win %':>8}{'95% CI':>15}"
        lines.append(head + f"{'mean ' + vp:>{wide}}{'mu':>8}{'sigma':>7}{'rating':>8}")
        for a in self.agents:
            ci = f"{a.ci_low:.1%}-{a.ci_high:.1%}"
            mark = "*" if a.beats_seat_share else " "
            lines.append(
                f"{a.name:<{name_wide}}{a.games:>7}{a.wins:>7}{a.win_rate:>7.1%}{mark}{ci:>15}"
                f"{a.mean_vp:>{wide}.2f}{a.mu:>8.2f}{a.sigma:>7.2f}{a.ordinal:>8.2f}"
            )
        share = 1 / self.num_players
        lines.append(
            f"* interval above the {share:.0%} {seat} share; rating = mu - 3 sigma (openskill "
            "Plackett-Luce on each game's ranking)"
        )
        rates = ", ".join(f"{w / self.games:.1%}" for w in self.seat_wins)
        lines.append(f"win rate by {seat}: {rates}")
        if self.truncated:
            lines.append(f"truncated by the turn limit: {self.truncated} (ranked by {vp})")
        if not self.balanced:
            block = self.num_players if self.form == "lineup" else len(self.entrants)
            lines.append(f"note: {self.games} games is not a multiple of {block}; seats unbalanced")
        lines.append(
            f"{self.seconds:.1f} s ({self.jitted_games} games in the jitted kernel, "
            f"{self.python_games} in the Python loop; engine load/compile "
            f"{self.compile_seconds:.1f} s)"
        )
        return "\n".join(lines)


def schedule(num_entrants: int, num_players: int, games: int, seed: int, shuffle: bool):
    """The entrant index of every seat of every game, ``(games, num_players)``.

    Game ``k`` of a block of ``num_entrants`` games seats ``order[(k + j) %
    num_entrants]`` in seat ``j``; ``order`` is the identity for a lineup and
    a fresh seeded shuffle per block for a pool.
    """
    rng = np.random.default_rng([seed, 0x7017])  # independent of the game seeds
    k = np.arange(num_entrants)[:, None] + np.arange(num_players)[None, :]
    rows = []
    for _ in range(-(-games // num_entrants)):
        order = rng.permutation(num_entrants) if shuffle else np.arange(num_entrants)
        rows.append(order[k % num_entrants])
    return np.concatenate(rows)[:games].astype(np.int64)


def pairings(num_entrants: int, num_players: int, games: int) -> np.ndarray:
    """The entrant index of every seat of every game of the pairings form.

    Every ordered choice of ``num_players`` distinct entrants, in lexicographic
    order, seats ``games // count`` games in a row; ``(games // count * count,
    num_players)``.
    """
    order = list(itertools.permutations(range(num_entrants), num_players))
    per = games // len(order)
    rows = np.repeat(np.array(order, np.int64).reshape(len(order), num_players), per, axis=0)
    return rows.astype(np.int64)


class KernelSeat:
    """Plays a jitted policy through a game's ``Game`` with a shared generator.

    In the kernel all jitted seats draw from one generator; seats built on the
    same ``rng`` array do the same in the Python loop.
    """

    def __init__(self, kind: int, rng: np.ndarray):
        self.kernel_kind = kind
        self.rng = rng
        self._buffers: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def act(self, game) -> int:
        v = game.variant
        if v.name not in self._buffers:
            self._buffers[v.name] = (
                np.zeros(v.rules.LEGAL_SIZE, np.int32),
                np.zeros(v.agent_work_size, np.int32),
            )
        legal, work = self._buffers[v.name]
        return int(
            v.choose_action(self.kernel_kind, game.state, game.tables, self.rng, legal, work)
        )


def tournament(
    agents: Sequence,
    games: int,
    config=None,
    seed: int = 0,
    pool: bool = False,
    progress: bool = True,
    threads: int | None = None,
    chunk: int = 200,
    python_only: bool = False,
    ray_address: str | None = None,
    task_games: int = 250,
    form: str | None = None,
) -> TournamentResult:
    """Play a tournament and return win rates, intervals and ratings per agent.

    Args:
        agents: agent specs for the game's ``make_agent`` (Catan:
            :func:`agents.make_agent`: ``"heuristic"``, ``"ppo:model.zip"``) or
            agent objects; a lineup has one per seat, a pool N >= 2 distinct
            ones, pairings N >= players distinct ones.
        games: games to play (pairings: the whole number per seating of them).
        config: the game options (a ``configure`` result; default: 4-player base game).
        seed: fixes the games, the seating and the agents.
        pool: fill each table from the pool (``form="pool"``).
        progress: show a progress bar on stderr.
        threads: numba threads for the jitted kernel (default: all cores).
        chunk: games per kernel call and thread between progress updates.
        python_only: play every game in the Python loop (same results, slower).
        ray_address: play the kernel's games on a Ray cluster: the head's
            ``"host:port"``, ``"auto"``, ``"local"``, or ``""`` for Ray's default
            (see :func:`catan_env.distributed.connect`); ``None`` plays here.
        task_games: games per Ray task.
        form: ``"lineup"``, ``"pool"`` or ``"pairings"`` (default: the game's own).
    """
    config = config or GameConfig()
    spec = hooks.of_config(config)
    form = "pool" if pool else form or spec.batch.TOURNAMENT_FORM
    if form not in FORMS:
        raise ValueError(f"unknown tournament form {form!r}; forms are {', '.join(FORMS)}")
    n = config.num_players
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if not 0 <= seed < 2**31:
        raise ValueError(f"seed must be in 0..2**31-1, got {seed}")
    if threads is not None:
        check_threads(threads)
    entrants = _build(agents, seed, spec.batch.make_agent)
    names = [_label(a, e) for a, e in zip(agents, entrants, strict=True)]
    if form == "lineup":
        if len(entrants) != n:
            raise ValueError(f"a lineup for {n} players needs {n} agents, got {len(entrants)}")
        seatings = schedule(len(entrants), n, games, seed, shuffle=False)
    else:
        least = 2 if form == "pool" else n
        if len(entrants) < least:
            raise ValueError(
                f"a {form} tournament needs at least {least} agents, got {len(entrants)}"
            )
        if len(set(names)) != len(names):
            raise ValueError(f"{form} agents must be distinct, got {', '.join(names)}")
        if form == "pool":
            seatings = schedule(len(entrants), n, games, seed, shuffle=True)
        else:
            seatings = pairings(len(entrants), n, games)
            if not len(seatings):
                count = len(list(itertools.permutations(range(len(entrants)), n)))
                raise ValueError(f"games must be at least {count} (one per pairing), got {games}")
    games = len(seatings)
    seeds = spec.batch.tournament_seeds(seed, games)
    kinds = [getattr(a, "kernel_kind", None) for a in entrants]
    in_kernel = np.array(
        [not python_only and all(kinds[e] is not None for e in s) for s in seatings]
    )

    compile_seconds = 0.0
    cluster = None
    if in_kernel.any() and ray_address is not None:
        from . import distributed as cluster

        cpus = cluster.connect(ray_address)
        if progress:
            print(f"Ray cluster: {cpus} CPUs; loading the engine on every node...", file=sys.stderr)
        compile_seconds += cluster.load_engine_everywhere(config)
    elif in_kernel.any():
        compile_seconds += load_engine(config, True, threads, progress)
    if not in_kernel.all():
        compile_seconds += load_engine(config, False)
    records = GameRecords.empty(games, config.variant)
    bar = _progress(games, progress)
    t0 = time.perf_counter()
    groups = _kernel_groups(entrants, seatings, in_kernel, spec.rules.MAX_SEATS)
    if cluster is not None:
        jobs = [(kinds, seeds[idx]) for kinds, idx in groups]
        parts = cluster.play_jitted_distributed(config, jobs, seed, bar, task_games)
        for (_, idx), part in zip(groups, parts, strict=True):
            records.put(idx, part)
    else:
        for kinds, idx in groups:
            records.put(idx, play_jitted(config, kinds, seeds[idx], seed, chunk, bar))
    _play_python_games(config, entrants, seatings, seeds, seed, ~in_kernel, records, bar)
    seconds = time.perf_counter() - t0
    bar.close()
    return _summarise(config, names, form, seed, seatings, records, in_kernel, seconds,
                      compile_seconds)  # fmt: skip


def _progress(total: int, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, unit="game", disable=not enabled, file=sys.stderr, leave=False)


def _build(agents: Sequence, seed: int, make_agent) -> list:
    built = []
    for i, a in enumerate(agents):
        if isinstance(a, str):
            # Each entrant its own seed, fixed by the tournament seed.
            a = make_agent(
                a.strip(), seed=int(np.random.SeedSequence([seed, i]).generate_state(1)[0])
            )
        built.append(a)
    return built


def _label(given, agent) -> str:
    return (
        given.strip()
        if isinstance(given, str)
        else str(getattr(agent, "name", type(agent).__name__))
    )


def _kernel_groups(entrants, seatings, mask, seats: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """The games of ``mask`` grouped by the kinds at the table: ``(kernel kinds, game indices)``."""
    groups: dict[tuple, list[int]] = {}
    for i in np.flatnonzero(mask):
        key = tuple(entrants[e].kernel_kind for e in seatings[i])
        groups.setdefault(key, []).append(int(i))
    out = []
    for key in sorted(groups):
        idx = np.array(groups[key])
        at_table = [entrants[seatings[idx[0], j]] for j in range(len(key))]
        out.append((kernel_kinds(at_table, seats), idx))
    return out


def _play_python_games(config, entrants, seatings, seeds, agent_seed, mask, records, bar):
    """Every game of ``mask`` in the Python loop, in game order."""
    spec = hooks.of_config(config)
    rng = np.zeros(spec.rules.RNG_WORDS, np.int32)
    kernel_seats: dict[int, KernelSeat] = {}
    for i in np.flatnonzero(mask):
        seats = []
        for e in seatings[i]:
            kind = getattr(entrants[e], "kernel_kind", None)
            if kind is None:
                seats.append(entrants[e])
            else:
                if kind not in kernel_seats:
                    kernel_seats[kind] = KernelSeat(kind, rng)
                seats.append(kernel_seats[kind])
        spec.rules.seed_agents(rng, spec.batch.seeds_of(seeds[i], agent_seed)[1])
        records.put(slice(i, i + 1), play_python(config, seats, seeds[i : i + 1], bar))


def _summarise(config, names, form, seed, seatings, records, in_kernel, seconds,
               compile_seconds) -> TournamentResult:  # fmt: skip
    spec = hooks.of_config(config)
    n = config.num_players
    games = len(seatings)
    labels = list(dict.fromkeys(names))  # distinct, in order of first appearance
    label_of = np.array([labels.index(x) for x in names])
    seat_label = label_of[seatings]  # (games, n) distinct-agent index of each seat
    won = np.zeros(seat_label.shape, bool)
    played = records.winners >= 0
    won[played, records.winners[played]] = True
    vps = records.vps[:, :n]
    ranks = np.array([game_ranks(int(w), v) for w, v in zip(records.winners, vps, strict=True)])
    ratings = plackett_luce_ratings(labels, seat_label, ranks)
    results = []
    for k, name in enumerate(labels):
        mine = seat_label == k
        g, w = int(mine.sum()), int(won[mine].sum())
        lo, hi = wilson_interval(w, g)
        r = ratings[name]
        results.append(
            AgentResult(
                name=name,
                games=g,
                wins=w,
                win_rate=w / g if g else 0.0,
                ci_low=lo,
                ci_high=hi,
                beats_seat_share=beats_seat_share(w, g, n),
                mean_vp=float(vps[mine].mean()) if g else 0.0,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                seat_games=mine.sum(axis=0).tolist(),
                seat_wins=(mine & won).sum(axis=0).tolist(),
            )
        )
    results.sort(key=lambda a: -a.ordinal)
    # A pairings tournament plays whole blocks only.
    block = {"lineup": n, "pool": len(names)}.get(form, games)
    options = {k: v for k, v in config.to_dict().items() if k not in ("variant", "num_players")}
    return TournamentResult(
        variant=config.variant,
        num_players=n,
        form=form,
        entrants=names,
        seed=seed,
        games=games,
        truncated=int((~played).sum()),
        balanced=games % block == 0,
        seat_wins=won.sum(axis=0).tolist(),
        agents=results,
        seconds=seconds,
        compile_seconds=compile_seconds,
        jitted_games=int(in_kernel.sum()),
        python_games=int((~in_kernel).sum()),
        options=options,
        title=spec.batch.title(config),
        details=spec.batch.details(config),
        seatings=seatings,
        records=records,
    )
