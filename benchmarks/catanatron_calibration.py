"""catanatron's bots through our engine (the bridge's calibration): win rate, Wilson 95% interval.

Game ``k`` seats the measured bot (``--bot``) in seat ``k % players``; the
other seats are ``--opponent`` (default: the same bot, so the expected rate is
``1 / players``). Base game, domestic trade off (catanatron has none), every
decision through :mod:`catan_env.oracle.bridge`. A line per game goes to stderr.

    python benchmarks/catanatron_calibration.py --bot alphabeta --games 40 --json
    python benchmarks/catanatron_calibration.py --bot value --games 400 --minutes 20 \\
        --out benchmarks/results/catanatron_value.json
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


def play(args) -> dict:
    """Play up to ``args.games`` games (fewer if ``args.minutes`` run out), the measured bot
    rotating through the seats; with ``args.out`` the figures so far are written after each game."""
    players = args.players
    opponent = args.opponent or args.bot
    rows = []
    start, cpu = time.perf_counter(), time.process_time()
    for k in range(args.start, args.start + args.games):
        if args.minutes and time.perf_counter() - start > 60 * args.minutes:
            break
        seat = k % players
        names = [args.bot if p == seat else opponent for p in range(players)]
        agents = [make_agent(f"catanatron:{n}", seed=args.seed * 100_003 + k * 8 + p)
                  for p, n in enumerate(names)]  # fmt: skip
        g = Game(num_players=players, seed=args.seed * 7919 + k, domestic_trade=False)
        while not g.done:
            g.step(agents[g.current_player].act(g))
        rows.append({"game": k, "seat": seat, "winner": g.winner, "turns": g.turn,
                     "decisions": len(g.actions)})  # fmt: skip
        r = summary(rows, args, opponent, time.perf_counter() - start, time.process_time() - cpu)
        print(
            f"game {len(rows)}/{args.games}: {args.bot} in seat {seat} "
            f"{'won' if g.winner == seat else 'lost'} ({g.turn} turns); "
            f"{r['wins']}/{r['games']} = {r['win_rate']:.3f}, {r['seconds']:.0f} s",
            file=sys.stderr,
        )
        if args.out:
            Path(args.out).write_text(json.dumps(r, indent=1) + "\n")
    return r


def summary(rows: list, args, opponent: str, seconds: float, cpu_seconds: float) -> dict:
    """The figures of the games ``rows``: the measured bot's wins, Wilson 95% interval."""
    n = len(rows)
    wins = sum(r["winner"] == r["seat"] for r in rows)
    low, high = wilson_interval(wins, n)
    return {
        "bot": f"catanatron:{args.bot}",
        "opponents": f"catanatron:{opponent}",
        "players": args.players,
        "games": n,
        "start": args.start,
        "seed": args.seed,
        "wins": wins,
        "win_rate": wins / n,
        "ci_low": low,
        "ci_high": high,
        "expected_if_equal": 1 / args.players if opponent == args.bot else None,
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
    ap.add_argument("--opponent", default=None, choices=BOTS, help="default: --bot")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--start", type=int, default=0, help="index of the first game (to split runs)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0, help="start no game after this (0: none)")
    ap.add_argument("--out", default=None, help="JSON file rewritten after every game")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error(f"--games must be at least 1, got {args.games}")
    r = play(args)
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
