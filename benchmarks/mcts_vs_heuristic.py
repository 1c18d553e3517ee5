"""MCTS against three jitted heuristics, seats rotated: win rate with a Wilson 95% interval.

Game ``k`` seats the MCTS agent in seat ``k % 4``; the three other seats are
the jitted heuristic, played inside numba between the agent's decisions
(``Game.play_jitted_until``) so that the search is almost all the time spent.

    python benchmarks/mcts_vs_heuristic.py --variant base --games 200 --json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.mcts import MCTSAgent  # noqa: E402
from catan_env import Game  # noqa: E402
from catan_env.games.catan.base.agents import KIND_HEURISTIC  # noqa: E402
from catan_env.games.catan.common.rng import seed_at  # noqa: E402
from catan_env.ratings import wilson_interval  # noqa: E402


def play(args) -> dict:
    agent = MCTSAgent(
        seed=args.seed,
        root=args.root,
        trades=args.trades,
        candidates=args.candidates,
        confidence=args.confidence,
        horizon=args.horizon,
        time_budget=args.time_budget if args.time_budget > 0 else None,
        playouts=args.playouts if args.playouts > 0 else None,
        rollout_decisions=args.rollout,
        c_puct=args.c_puct,
        prior_weight=args.prior,
        value_scale=args.scale,
    )
    players = args.players
    kinds = np.full(players, KIND_HEURISTIC, np.int64)
    rng = np.zeros(2, np.int32)
    wins = truncated = 0
    decisions = searched = iterations = 0
    search_seconds = wall_seconds = 0.0
    start = time.perf_counter()
    for k in range(args.start, args.start + args.games):
        seat = k % players
        g = Game(variant=args.variant, num_players=players, seed=args.seed * 100_003 + k)
        seed_at(rng, 0, args.seed * 7919 + k)
        while not g.done:
            if g.current_player != seat:
                g.play_jitted_until(seat, kinds, rng)
                continue
            t0 = time.perf_counter()
            g.step(agent.act(g))
            wall = time.perf_counter() - t0
            decisions += 1
            if agent.last_iterations:
                wall_seconds += wall
                searched += 1
                iterations += agent.last_iterations
                search_seconds += agent.last_seconds
        wins += g.winner == seat
        truncated += g.truncated
        if args.verbose:
            done = k + 1 - args.start
            print(
                f"game {done}: seat {seat} {'won' if g.winner == seat else 'lost'}; "
                f"{wins}/{done} = {wins / done:.3f}, {time.perf_counter() - start:.0f} s; "
                f"totals: decisions {decisions} searched {searched} "
                f"cpu {search_seconds:.1f} wall {wall_seconds:.1f} iterations {iterations}",
                file=sys.stderr,
            )
    low, high = wilson_interval(wins, args.games)
    elapsed = time.perf_counter() - start
    return {
        "variant": args.variant,
        "games": args.games,
        "start": args.start,
        "wins": wins,
        "win_rate": wins / args.games,
        "ci_low": low,
        "ci_high": high,
        "truncated": truncated,
        "decisions_per_game": decisions / args.games,
        "searched_decisions_per_game": searched / args.games,
        "cpu_seconds_per_searched_decision": search_seconds / max(searched, 1),
        "wall_seconds_per_searched_decision": wall_seconds / max(searched, 1),
        "iterations_per_search": iterations / max(searched, 1),
        "seconds": elapsed,
        "agent": repr(agent),
        "root": args.root,
        "candidates": args.candidates,
        "confidence": args.confidence,
        "horizon": args.horizon,
        "c_puct": args.c_puct,
        "prior": args.prior,
        "scale": args.scale,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="base")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=0, help="index of the first game (to split runs)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-budget", type=float, default=0.1, help="CPU seconds per move (0: none)")
    ap.add_argument("--playouts", type=int, default=0, help="iterations per move (0: none)")
    ap.add_argument("--rollout", type=int, default=40, help="rollout decisions (-1: to the end)")
    ap.add_argument("--c-puct", type=float, default=1.0)
    ap.add_argument("--prior", type=float, default=0.5)
    ap.add_argument("--scale", type=float, default=150.0)
    ap.add_argument("--root", default="halving", choices=("halving", "puct"))
    ap.add_argument("--trades", type=int, default=3, help="offers searched as one move")
    ap.add_argument("--candidates", type=int, default=4)
    ap.add_argument("--confidence", type=float, default=1.0)
    ap.add_argument("--horizon", type=int, default=1, help="score at the seat's n-th next turn")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    result = play(args)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:32} {value:.4f}" if isinstance(value, float) else f"{key:32} {value}")


if __name__ == "__main__":
    main()
