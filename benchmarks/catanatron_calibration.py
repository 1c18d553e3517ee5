"""catanatron's bots through our engine (the bridge's calibration): win rate, Wilson 95% interval.

Game ``k`` seats the measured bot (``--bot``) in seat ``k % players``; the
other seats are ``--opponent`` (default: the same bot, so the expected rate is
``1 / players``). Base game, domestic trade off (catanatron has none), every
decision through :mod:`catan_env.oracle.bridge`. A line per game goes to stderr.

    python benchmarks/catanatron_calibration.py --bot alphabeta --games 40 --json
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
    """Play ``args.games`` games, the measured bot rotating through the seats."""
    players = args.players
    opponent = args.opponent or args.bot
    wins = truncated = turns = decisions = 0
    seat_wins = [0] * players
    start = time.perf_counter()
    for k in range(args.start, args.start + args.games):
        seat = k % players
        names = [args.bot if p == seat else opponent for p in range(players)]
        agents = [make_agent(f"catanatron:{n}", seed=args.seed * 100_003 + k * 8 + p)
                  for p, n in enumerate(names)]  # fmt: skip
        g = Game(num_players=players, seed=args.seed * 7919 + k, domestic_trade=False)
        while not g.done:
            g.step(agents[g.current_player].act(g))
        wins += g.winner == seat
        truncated += g.truncated
        turns += g.turn
        decisions += len(g.actions)
        if g.winner is not None:
            seat_wins[g.winner] += 1
        done = k + 1 - args.start
        print(
            f"game {done}/{args.games}: {args.bot} in seat {seat} "
            f"{'won' if g.winner == seat else 'lost'} ({g.turn} turns); "
            f"{wins}/{done} = {wins / done:.3f}, {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
    low, high = wilson_interval(wins, args.games)
    seconds = time.perf_counter() - start
    return {
        "bot": f"catanatron:{args.bot}",
        "opponents": f"catanatron:{opponent}",
        "players": players,
        "games": args.games,
        "start": args.start,
        "seed": args.seed,
        "wins": wins,
        "win_rate": wins / args.games,
        "ci_low": low,
        "ci_high": high,
        "expected_if_equal": 1 / players if opponent == args.bot else None,
        "wins_by_seat": seat_wins,
        "truncated": truncated,
        "mean_turns": turns / args.games,
        "mean_decisions": decisions / args.games,
        "seconds": seconds,
        "seconds_per_game": seconds / args.games,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="alphabeta", choices=BOTS)
    ap.add_argument("--opponent", default=None, choices=BOTS, help="default: --bot")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--start", type=int, default=0, help="index of the first game (to split runs)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--seed", type=int, default=1)
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
        f"{r['seconds_per_game']:.0f} s a game"
    )


if __name__ == "__main__":
    main()
