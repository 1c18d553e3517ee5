"""Published baselines: every shipped agent against three copies of each other agent.

For every ordered pair of distinct agents ``A``, ``B`` one match is played:
``A`` in one seat, three copies of ``B`` in the others (4 players), the lineup
rotated so that ``A`` sits in each seat equally often
(:func:`catan_env.tournament.tournament`, lineup form). A match's figure is
``A``'s win rate with its Wilson 95% interval; the ladder rates every agent
with openskill's Plackett-Luce model over all the games of all the matches
(:func:`catan_env.ratings.plackett_luce_ratings`, each game's full ranking).

The agents (default: every shipped agent this install can play, see
:func:`shipped_agents`): ``random``, ``weighted``, ``heuristic``, ``mcts`` with
a small per-move budget, ``learned`` and ``learned-search`` (the trained
policy shipped for the variant, alone and inside that search), any other
checkpoint under ``agents/checkpoints/`` and catanatron's four bots. One that cannot play here
(catanatron not installed, a bot of the unpublished ``catanatron_experimental``,
a checkpoint of another variant) gets a row saying why instead of figures.

Games per match, the rule: ``--games`` (default 500) when all four seats play
in the numba kernel (the jitted agents); ``--slow-games`` (default 200) when a
seat plays in the Python loop (search, trained networks, catanatron's bots);
``--agent-games SPEC=N`` lowers it further for the matches ``SPEC`` plays in
(the smallest applies). Each count must be a multiple of 4, so that ``A``
holds each seat equally often.

The rules are catanatron's: the base game, 4 players, no domestic trade
(``--domestic-trade`` turns it on, which catanatron's bots refuse;
``--variant cities_and_knights`` plays that variant, with its own README block
and results file, where the C&K checkpoint plays and catanatron cannot). Every
match's figures and per-game rankings are written to ``--out`` as soon as it
ends; a rerun with the same settings reuses the matches already there (played
with the same agents, games and seed, and for an agent that plays a checkpoint
file, the same file by its digest: a retrained network replays its matches)
and plays the rest, so ``--max-minutes``
(start no match after that) can split the work across runs.

    python benchmarks/baselines.py --games 500 --slow-games 80 \\
        --agent-games mcts:0.05=12 --max-minutes 25 --write-readme
    python benchmarks/baselines.py --agents random,weighted,heuristic --games 200 --json
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import shlex
import sys
import time
import zlib
from contextlib import nullcontext
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agents import make_agent  # noqa: E402
from catan_env import hooks  # noqa: E402
from catan_env.config import GameConfig  # noqa: E402
from catan_env.core.notice import compile_notice  # noqa: E402
from catan_env.ratings import game_ranks, plackett_luce_ratings  # noqa: E402
from catan_env.simulate import load_engine  # noqa: E402
from catan_env.tournament import tournament  # noqa: E402
from catan_env.variants import VARIANT_NAMES  # noqa: E402

PLAYERS = 4
#: Our agents, in the table's order; MCTS with a small budget (seconds per searched move).
OURS = ("random", "weighted", "heuristic", "mcts:0.05", "learned", "learned-search")
README = ROOT / "README.md"
#: Bump when the saved matches stop being comparable (a new field is fine).
FORMAT = 1


def markers(variant: str = "base") -> tuple[str, str]:
    """The README markers around the block of ``variant`` (base: ``<!-- baselines:start -->``)."""
    name = "baselines" if variant == "base" else f"baselines:{variant}"
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def default_out(variant: str = "base") -> Path:
    """Where the results of ``variant`` are saved by default."""
    name = "baselines" if variant == "base" else f"baselines_{variant}"
    return ROOT / "benchmarks" / "results" / f"{name}.json"


def shipped_agents() -> list[str]:
    """Every shipped agent: ours (``learned`` plays the shipped checkpoint of the
    variant), any other checkpoint in ``agents/checkpoints/``, catanatron's.

    Without catanatron its bots are one entry, ``catanatron:random`` (which then
    reports what to install).
    """
    from agents.learned import SEARCH_PRIOR, SHIPPED

    played = {*SHIPPED.values(), *SEARCH_PRIOR.values()}
    checkpoints = sorted(p for p in (ROOT / "agents" / "checkpoints").glob("*.npz")
                         if p.name not in played)  # fmt: skip
    policies = [f"ppo:{_short_path(p)}" for p in checkpoints]
    try:
        from catan_env.oracle.bridge import BOTS
    except ImportError:
        BOTS = ("random",)
    return [*OURS, *policies, *(f"catanatron:{b}" for b in BOTS)]


def _short_path(path: Path) -> str:
    """``path`` relative to the current directory when it lies below it (the table's name)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def check_availability(specs: list[str], config, tolerate: bool, progress: bool = True
                       ) -> tuple[dict, dict]:  # fmt: skip
    """Which agents can play here: ``({spec: in_kernel}, {spec: why not})``.

    Each agent is built and asked for the first decision of a game of
    ``config``. With ``tolerate`` (the shipped agents) whatever it raises (a
    missing package, a checkpoint of another variant, a bot that plays only the
    base game) is its reason, in one line; without (agents the user named), and
    for a name no agent has, it is an error.

    Raises:
        ValueError: an agent that cannot play, named ``spec: why``.
    """
    playable, missing = {}, {}
    load_engine(config, False, progress=progress)
    game = hooks.of_config(config).new_game(config, 0)
    # A jitted agent's first decision in a variant compiles its policy: never silent.
    with compile_notice() if progress else nullcontext():
        for name in specs:
            if progress:
                print(f"checking {name}...", file=sys.stderr, flush=True)
            try:
                agent = make_agent(name, seed=0)
                agent.act(game)
            except (ValueError, ImportError) as exc:
                if not tolerate or str(exc).startswith("unknown agent"):
                    raise ValueError(f"{name}: {_one_line(exc)}") from None
                missing[name] = _one_line(exc)
                continue
            playable[name] = getattr(agent, "kernel_kind", None) is not None
    return playable, missing


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def checkpoint_digest(spec: str, variant: str) -> str | None:
    """A short digest of the checkpoint file ``spec`` plays, ``None`` for an agent of code
    alone: ``learned`` and ``learned-search`` (the variant's shipped file, and the
    search's own prior where it has one),
    ``learned:PATH`` and ``ppo:PATH``. It keys the saved matches, so a retrained
    network is not reported with the figures of the one it replaced."""
    from agents.learned import CHECKPOINTS, SEARCH_PRIOR, SHIPPED

    name, _, arg = spec.partition(":")
    if name == "ppo" or (name == "learned" and arg):
        path = Path(arg)
    elif name == "learned-search" and variant in SEARCH_PRIOR:
        path = CHECKPOINTS / SEARCH_PRIOR[variant]
    elif name in ("learned", "learned-search") and variant in SHIPPED:
        path = CHECKPOINTS / SHIPPED[variant]
    else:
        return None
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return None


def _match_key(m: dict) -> tuple:
    return (m["agent"], m["opponent"], m["games"], m["seed"], m.get("agent_digest"),
            m.get("opponent_digest"))  # fmt: skip


def match_games(a: str, b: str, in_kernel: dict, games: int, slow_games: int,
                agent_games: dict) -> int:  # fmt: skip
    """Games of ``a`` vs three ``b`` by the rule of the module docstring."""
    n = games if in_kernel[a] and in_kernel[b] else slow_games
    caps = [agent_games[x] for x in (a, b) if x in agent_games]
    return min([n, *caps])


def match_seed(seed: int, a: str, b: str) -> int:
    """The match's tournament seed: fixed by ``seed`` and the two names alone, so adding an
    agent leaves the other matches as they were."""
    words = [seed, zlib.crc32(a.encode()), zlib.crc32(b.encode())]
    return int(np.random.SeedSequence(words).generate_state(1)[0] % 2**31)


def play_match(a: str, b: str, games: int, config, seed: int, progress: bool = True) -> dict:
    """``a`` against three ``b``, seats rotated: ``a``'s figures and every game's ranking."""
    result = tournament([a, b, b, b], games, config, seed=seed, progress=progress)
    records, seatings = result.records, result.seatings
    mine = next(x for x in result.agents if x.name == a)
    ranks = [game_ranks(int(w), v) for w, v in zip(records.winners, records.vps[:, :PLAYERS],
                                                     strict=True)]  # fmt: skip
    return {
        "agent": a,
        "opponent": b,
        "games": result.games,
        "seed": seed,
        "wins": mine.wins,
        "win_rate": mine.win_rate,
        "ci_low": mine.ci_low,
        "ci_high": mine.ci_high,
        "mean_vp": mine.mean_vp,
        "seat_wins": mine.seat_wins,
        "truncated": result.truncated,
        "seconds": result.seconds,
        # Per game: the agent's seat and every seat's rank (for the ladder over all matches).
        "agent_seat": [int(np.flatnonzero(s == 0)[0]) for s in seatings],
        "ranks": ranks,
    }


def ladder(matches: list[dict], names: list[str]) -> list[dict]:
    """openskill Plackett-Luce ratings over every game of ``matches``, best first."""
    index = {n: i for i, n in enumerate(names)}
    seats, ranks = [], []
    for m in matches:
        for seat, r in zip(m["agent_seat"], m["ranks"], strict=True):
            row = [index[m["opponent"]]] * PLAYERS
            row[seat] = index[m["agent"]]
            seats.append(row)
            ranks.append(r)
    if not seats:
        return []
    ratings = plackett_luce_ratings(names, np.array(seats, np.int64), np.array(ranks))
    rows = []
    for n in names:
        played = sum(m["games"] * (1 if m["agent"] == n else PLAYERS - 1)
                     for m in matches if n in (m["agent"], m["opponent"]))  # fmt: skip
        if played:
            r = ratings[n]
            rows.append({"agent": n, "mu": r.mu, "sigma": r.sigma, "rating": r.ordinal,
                         "seats": played})  # fmt: skip
    return sorted(rows, key=lambda x: -x["rating"])


def markdown(report: dict) -> str:
    """The README block: the match matrix, the unavailable agents, the ladder, how it was made."""
    names = [n for n in report["agents"] if n not in report["unavailable"]]
    found = {(m["agent"], m["opponent"]): m for m in report["matches"]}
    lines = [
        f"Each cell: the row's agent in one seat against three of the column's "
        f"({report['title']}, seats rotated), its win rate, the Wilson 95% interval and "
        "the games played. A seat's share when all four are equal is 25%.",
        "",
        "| one seat ↓ vs three → | " + " | ".join(f"`{n}`" for n in names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for a in names:
        cells = []
        for b in names:
            m = found.get((a, b))
            if a == b:
                cells.append("—")
            elif m is None:
                cells.append("not played")
            else:
                cells.append(f"{m['win_rate']:.1%} ({m['ci_low']:.1%}-{m['ci_high']:.1%}), "
                             f"{m['games']}")  # fmt: skip
        lines.append(f"| `{a}` | " + " | ".join(cells) + " |")
    for a, why in report["unavailable"].items():
        why = why.replace("|", "\\|")  # a table cell
        lines.append(f"| `{a}` | unavailable here: {why} |" + " |" * (len(names) - 1))
    lines += [
        "",
        "Ladder: openskill Plackett-Luce over every game above (each game's full "
        "ranking; rating = mu - 3 sigma).",
        "",
        "| rank | agent | rating | mu | sigma | seats played |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for k, r in enumerate(report["ladder"], 1):
        lines.append(f"| {k} | `{r['agent']}` | {r['rating']:.2f} | {r['mu']:.2f} | "
                     f"{r['sigma']:.2f} | {r['seats']:,} |")  # fmt: skip
    counts = sorted({m["games"] for m in report["matches"]}, reverse=True)
    lines += [
        "",
        f"Games per match: {report['rule']}; played: "
        + ", ".join(
            f"{sum(m['games'] == c for m in report['matches'])} matches of {c}" for c in counts
        )  # fmt: skip
        + f". {report['minutes']:.0f} minutes of games, measured {report['date']} on "
        f"{report['machine']} (seed {report['seed']}):",
        "",
        f"    {report['command']}",
    ]
    return "\n".join(lines)


def write_block(path: Path, block: str, variant: str = "base") -> None:
    """Replace the text between the markers of ``variant`` (:func:`markers`) in ``path``.

    Raises:
        ValueError: the file lacks the marker pair (or has them out of order).
    """
    first, last = markers(variant)
    text = path.read_text()
    start, end = text.find(first), text.find(last)
    if start < 0 or end < start:
        raise ValueError(f"{path} has no {first} ... {last} marker pair to replace")
    path.write_text(text[: start + len(first)] + "\n" + block + "\n" + text[end:])


def _agent_games(values: list[str]) -> dict[str, int]:
    out = {}
    for v in values:
        spec, sep, n = v.rpartition("=")
        if not sep or not spec or not n.isdigit():
            raise ValueError(f"--agent-games takes SPEC=N (like mcts:0.05=12), got {v!r}")
        out[spec] = int(n)
    return out


def _check_count(flag: str, n: int) -> None:
    if n < 1 or n % PLAYERS:
        raise ValueError(f"{flag} must be a positive multiple of {PLAYERS} (the agent holds each "
                         f"seat equally often), got {n}")  # fmt: skip


def _load(path: Path, settings: dict) -> list[dict]:
    """The matches saved at ``path`` under the same settings (none if it differs or is absent)."""
    if not path.exists():
        return []
    try:
        saved = json.loads(path.read_text())
    except json.JSONDecodeError:
        return []
    if {k: saved.get(k) for k in settings} != settings:
        return []
    return saved.get("matches", [])


def _save(path: Path, report: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(report, indent=None, separators=(",", ":")) + "\n")
    os.replace(tmp, path)  # a run stopped mid-write keeps the last whole file


def run(args, argv: list[str]) -> dict:
    """Play the matches not yet saved and return the report (see :func:`markdown`)."""
    config = GameConfig(
        variant=args.variant, num_players=PLAYERS, domestic_trade=args.domestic_trade
    )
    specs = [s.strip() for s in args.agents.split(",")] if args.agents else shipped_agents()
    if len(set(specs)) != len(specs) or len(specs) < 2 or not all(specs):
        raise ValueError(f"--agents needs at least two distinct agents, got {args.agents!r}")
    if args.max_minutes < 0 or args.seed < 0:
        raise ValueError(f"--max-minutes and --seed must not be negative, got "
                         f"{args.max_minutes} and {args.seed}")  # fmt: skip
    for flag, n in (("--games", args.games), ("--slow-games", args.slow_games)):
        _check_count(flag, n)
    caps = _agent_games(args.agent_games)
    for spec, n in caps.items():
        if spec not in specs:
            raise ValueError(f"--agent-games names {spec!r}, which is not among the agents")
        _check_count(f"--agent-games {spec}", n)
    in_kernel, unavailable = check_availability(specs, config, not args.agents, args.progress)
    settings = {"format": FORMAT, "variant": config.variant, "players": PLAYERS,
                "domestic_trade": config.domestic_trade, "seed": args.seed}  # fmt: skip
    out = Path(args.out or default_out(args.variant))
    saved = {} if args.fresh else {_match_key(m): m for m in _load(out, settings)}
    playable = [s for s in specs if s in in_kernel]
    pairs = [(a, b) for a in playable for b in playable if a != b]
    report = {
        **settings,
        "title": f"{hooks.of_config(config).batch.title(config)}"
        + ("" if config.domestic_trade else ", no domestic trade"),
        "agents": specs,
        "unavailable": unavailable,
        "rule": f"{args.games} when every seat plays in the numba kernel, {args.slow_games} "
        "when one plays in the Python loop"
        + "".join(f", {n} where `{s}` plays" for s, n in caps.items()),
        "date": datetime.date.today().isoformat(),
        "machine": f"{os.cpu_count()} cores",
        "command": "python benchmarks/baselines.py " + shlex.join(argv),
        "matches": [],
        "pending": [],
        "ladder": [],
        "minutes": 0.0,
    }
    digests = {s: checkpoint_digest(s, config.variant) for s in playable}
    keys = []
    for a, b in pairs:
        games = match_games(a, b, in_kernel, args.games, args.slow_games, caps)
        keys.append((a, b, games, match_seed(args.seed, a, b), digests[a], digests[b]))
    start = time.perf_counter()
    for k, key in enumerate(keys, 1):
        a, b, games, seed = key[:4]
        if key in saved:
            report["matches"].append(saved[key])
            continue
        elapsed = (time.perf_counter() - start) / 60
        if args.max_minutes and elapsed >= args.max_minutes:
            report["pending"].append({"agent": a, "opponent": b, "games": games})
            continue
        if args.progress:
            print(f"[{k}/{len(pairs)}, {elapsed:.1f} min] {a} vs 3 {b}: {games} games...",
                  file=sys.stderr, flush=True)  # fmt: skip
        m = play_match(a, b, games, config, seed, args.progress)
        m["agent_digest"], m["opponent_digest"] = digests[a], digests[b]
        if args.progress:
            print(f"    {m['wins']}/{m['games']} = {m['win_rate']:.1%} "
                  f"({m['ci_low']:.1%}-{m['ci_high']:.1%}) in {m['seconds']:.0f} s",
                  file=sys.stderr, flush=True)  # fmt: skip
        report["matches"].append(m)
        report["minutes"] = sum(x["seconds"] for x in report["matches"]) / 60
        # The saved matches not reached yet stay in the file, should this run be stopped.
        later = [saved[x] for x in keys[k:] if x in saved]
        _save(out, {**report, "matches": report["matches"] + later})
    report["minutes"] = sum(x["seconds"] for x in report["matches"]) / 60
    report["ladder"] = ladder(report["matches"], playable)
    _save(out, report)
    if report["pending"] and args.progress:
        print(f"--max-minutes reached: {len(report['pending'])} matches not played; "
              "rerun the same command to play them", file=sys.stderr)  # fmt: skip
    return report


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", default=None, help="comma-separated specs (default: every "
                    "shipped agent)")  # fmt: skip
    ap.add_argument("--games", type=int, default=500, help="games per match in the kernel")
    ap.add_argument("--slow-games", type=int, default=200,
                    help="games per match with an agent in the Python loop")  # fmt: skip
    ap.add_argument(
        "--agent-games",
        action="append",
        default=[],
        metavar="SPEC=N",
        help="at most N games per match for the matches SPEC plays (repeatable)",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-minutes", type=float, default=0,
                    help="start no match after this many minutes (0: no cap)")  # fmt: skip
    ap.add_argument(
        "--domestic-trade",
        action="store_true",
        help="allow player trade (catanatron's bots then cannot play)",
    )
    ap.add_argument("--variant", default="base", choices=VARIANT_NAMES)
    ap.add_argument(
        "--out",
        default=None,
        help="JSON results, rewritten per match (default: "
        "benchmarks/results/baselines.json, baselines_VARIANT.json for others)",
    )
    ap.add_argument("--fresh", action="store_true", help="replay the matches saved in --out")
    ap.add_argument(
        "--write-readme",
        nargs="?",
        const=str(README),
        default=None,
        metavar="PATH",
        help="replace the block between the variant's markers (base: {} ... {})".format(*markers()),
    )
    ap.add_argument("--json", action="store_true", help="print the report as one JSON object")
    ap.add_argument("--quiet", dest="progress", action="store_false", help="no progress output")
    args = ap.parse_args(argv)
    try:
        report = run(args, argv)
        block = markdown(report)
        if args.write_readme:
            write_block(Path(args.write_readme), block, args.variant)
    except ValueError as exc:
        ap.error(_one_line(exc))
    if args.json:
        print(json.dumps({k: v for k, v in report.items() if k != "matches"}
                         | {"matches": [_figures(m) for m in report["matches"]]}))  # fmt: skip
    else:
        print(block)


def _figures(match: dict) -> dict:
    """A match without its per-game lists."""
    return {k: v for k, v in match.items() if k not in ("agent_seat", "ranks")}


if __name__ == "__main__":
    main()
