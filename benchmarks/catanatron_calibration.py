"""catanatron's bots through our engine: the bridge's calibration, and slow matches against them.

Game ``k`` seats the measured agent in seat ``k % players`` and ``--opponent``
in the other seats; prints its win rate with a Wilson 95% interval. The measured
agent is catanatron's ``--bot`` (with its default opponent, the same bot, the
expected rate is ``1 / players``: the calibration), or any agent spec given by
``--agent`` (e.g. ``learned-search`` against ``--opponent alphabeta``). Base
game, domestic trade off (catanatron has none), every catanatron decision
through :mod:`catan_env.oracle.bridge`. A line per game goes to stderr.

**Resumable.** With ``--out`` the file is rewritten after every game, and a run
given a file of the same match (agent, opponent, players, seed) plays only the
games of ``--start`` .. ``--start + --games - 1`` it does not hold: a match of
AlphaBeta games, about two minutes each, can be split over sessions. Runs of
one match over disjoint ``--start`` ranges (one process per core) are joined by
``--merge``:

    python benchmarks/catanatron_calibration.py --merge a.json b.json --out match.json

    python benchmarks/catanatron_calibration.py --bot alphabeta --games 40 --json
    python benchmarks/catanatron_calibration.py --bot value --games 400 --minutes 20 \\
        --out benchmarks/results/catanatron_value.json
    python benchmarks/catanatron_calibration.py --agent learned-search --opponent alphabeta \\
        --games 200 --minutes 110 --out benchmarks/results/learned/base_search_vs_alphabeta.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents import make_agent  # noqa: E402
from catan_env import Game  # noqa: E402
from catan_env.oracle.bridge import BOTS  # noqa: E402
from catan_env.ratings import wilson_interval  # noqa: E402

#: Seconds between two progress lines within one slow game.
HEARTBEAT = 20.0


def _spec(name: str) -> str:
    """An agent spec: catanatron's bots by their short names (so ``--opponent random``
    is catanatron's), any other spec as given."""
    return f"catanatron:{name}" if name in BOTS else name


def _resumed(args, measured: str, opponent: str) -> tuple[list, float, float]:
    """The rows, seconds and CPU seconds a previous run of this match left in ``args.out``."""
    if not args.out or not Path(args.out).exists():
        return [], 0.0, 0.0
    old = json.loads(Path(args.out).read_text())
    same = (old.get("bot"), old.get("opponents"), old.get("players"), old.get("seed"))
    if same != (measured, opponent, args.players, args.seed):
        sys.exit(f"error: {args.out} holds another match {same}; give another --out")
    return old["games_played"], old["seconds"], old["cpu_seconds"]


def merge(paths: list[str], out: str | None) -> dict:
    """Join the files of one match played over disjoint game ranges: the games of all,
    their seconds and CPU seconds summed; written to ``out`` if given."""
    parts = []
    for path in paths:
        try:
            parts.append(json.loads(Path(path).read_text()))
        except (OSError, ValueError) as e:
            sys.exit(f"error: --merge {path}: {e}")
    keys = {(p.get("bot"), p.get("opponents"), p.get("players"), p.get("seed")) for p in parts}
    if len(keys) != 1:
        sys.exit(f"error: --merge files hold different matches {sorted(keys, key=str)}")
    rows, seen = [], {}
    for path, p in zip(paths, parts, strict=True):
        for row in p["games_played"]:
            if row["game"] in seen:
                sys.exit(f"error: game {row['game']} is in both {seen[row['game']]} and {path}")
            seen[row["game"]] = path
            rows.append(row)
    measured, opponent, players, seed = keys.pop()
    args = argparse.Namespace(players=players, seed=seed)
    r = summary(rows, args, measured, opponent, sum(p["seconds"] for p in parts),
                sum(p["cpu_seconds"] for p in parts))  # fmt: skip
    if out:
        Path(out).write_text(json.dumps(r, indent=1) + "\n")
    return r


def play(args) -> dict:
    """Play up to ``args.games`` games (fewer if ``args.minutes`` run out), the measured agent
    rotating through the seats; with ``args.out`` the figures so far are written after each
    game, and the games that file already holds are not played again."""
    players = args.players
    measured = args.agent or _spec(args.bot)
    opponent = _spec(args.opponent) if args.opponent else measured
    for spec in {measured, opponent}:
        try:
            make_agent(spec, seed=0)
        except (ValueError, KeyError, ImportError) as e:
            sys.exit(f"error: agent {spec!r}: {e}")
    rows, seconds0, cpu0 = _resumed(args, measured, opponent)
    done = {r["game"] for r in rows}
    todo = [k for k in range(args.start, args.start + args.games) if k not in done]
    if done:
        print(f"resuming {args.out}: {len(done)} games held, {len(todo)} to play", file=sys.stderr)
    r = summary(rows, args, measured, opponent, seconds0, cpu0) if rows else None
    start, cpu = time.perf_counter(), time.process_time()
    for i, k in enumerate(todo):
        if args.minutes and time.perf_counter() - start > 60 * args.minutes:
            break
        seat = k % players
        names = [measured if p == seat else opponent for p in range(players)]
        agents = [make_agent(n, seed=args.seed * 100_003 + k * 8 + p) for p, n in enumerate(names)]
        g = Game(num_players=players, seed=args.seed * 7919 + k, domestic_trade=False)
        began = heard = time.perf_counter()
        while not g.done:
            g.step(agents[g.current_player].act(g))
            if time.perf_counter() - heard > HEARTBEAT:
                heard = time.perf_counter()
                print(f"  game {k}: turn {g.turn}, {len(g.actions)} decisions, "
                      f"{heard - began:.0f} s", file=sys.stderr)  # fmt: skip
        rows.append({"game": k, "seat": seat, "winner": g.winner, "turns": g.turn,
                     "decisions": len(g.actions),
                     "seconds": round(time.perf_counter() - began, 2)})  # fmt: skip
        r = summary(rows, args, measured, opponent, seconds0 + time.perf_counter() - start,
                    cpu0 + time.process_time() - cpu)  # fmt: skip
        print(
            f"game {i + 1}/{len(todo)}: {measured} in seat {seat} "
            f"{'won' if g.winner == seat else 'lost'} ({g.turn} turns, "
            f"{rows[-1]['seconds']:.0f} s); {r['wins']}/{r['games']} = {r['win_rate']:.3f}",
            file=sys.stderr,
        )
        if args.out:
            tmp = Path(str(args.out) + ".tmp")
            tmp.write_text(json.dumps(r, indent=1) + "\n")
            tmp.replace(args.out)  # atomic: a run killed mid-write keeps the last game's file
    if r is None:
        sys.exit("error: no game was played (--minutes ran out before the first)")
    return r


def summary(rows: list, args, measured: str, opponent: str, seconds: float,
            cpu_seconds: float) -> dict:  # fmt: skip
    """The figures of the games ``rows``: the measured agent's wins, Wilson 95% interval."""
    rows = sorted(rows, key=lambda r: r["game"])
    n = len(rows)
    wins = sum(r["winner"] == r["seat"] for r in rows)
    low, high = wilson_interval(wins, n)
    return {
        "bot": measured,
        "opponents": opponent,
        "players": args.players,
        "games": n,
        "start": min(r["game"] for r in rows),
        "seed": args.seed,
        "wins": wins,
        "win_rate": wins / n,
        "ci_low": low,
        "ci_high": high,
        "expected_if_equal": 1 / args.players if opponent == measured else None,
        "wins_by_seat": [sum(r["winner"] == p for r in rows) for p in range(args.players)],
        "truncated": sum(r["winner"] is None for r in rows),
        "mean_turns": sum(r["turns"] for r in rows) / n,
        "mean_decisions": sum(r["decisions"] for r in rows) / n,
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "cpu_seconds_per_game": cpu_seconds / n,
        "games_played": rows,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="alphabeta", choices=BOTS)
    ap.add_argument(
        "--agent",
        default=None,
        help="measure this agent spec instead of --bot (e.g. learned-search)",
    )
    ap.add_argument("--opponent", default=None,
                    help=f"a catanatron bot ({', '.join(BOTS)}) or any agent spec "
                    "(default: the measured agent)")  # fmt: skip
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--start", type=int, default=0, help="index of the first game (to split runs)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0, help="start no game after this (0: none)")
    ap.add_argument("--out", default=None, help="JSON file rewritten after every game")
    ap.add_argument("--merge", nargs="+", metavar="FILE", default=None,
                    help="join these --out files of one match (disjoint --start ranges) "
                    "into --out instead of playing")  # fmt: skip
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error(f"--games must be at least 1, got {args.games}")
    r = merge(args.merge, args.out) if args.merge else play(args)
    print(
        json.dumps(r)
        if args.json
        else f"{r['bot']} vs {args.players - 1} {r['opponents']}: {r['wins']}/{r['games']} = "
        f"{r['win_rate']:.1%} (95% CI {r['ci_low']:.1%}-{r['ci_high']:.1%}); wins by seat "
        f"{r['wins_by_seat']}, {r['truncated']} truncated, {r['mean_turns']:.0f} turns and "
        f"{r['cpu_seconds_per_game']:.0f} CPU s a game"
    )


if __name__ == "__main__":
    main()
