"""Games per second of ``simulate`` on a local Ray cluster of 1, 2, ... CPUs, beside one process.

    python benchmarks/ray_scaling.py --games 8000 --variant cities_and_knights
    python benchmarks/ray_scaling.py --games 20000 --cpus 1 2 --json

For each CPU count a fresh one-machine Ray cluster (``ray.init(num_cpus=N)``)
plays the same games (the same seed), which must give the same per-game
results as the single-process run; the engine load on the workers is not
timed (``compile_seconds``). The single-process figures are the numba kernel
with 1 and N threads, for the cost of Ray itself. Needs
``pip install 'catan_env[distributed]'``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import ray

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents import make_agent  # noqa: E402
from catan_env import GameConfig  # noqa: E402
from catan_env.simulate import simulate  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=8000)
    p.add_argument("--variant", default="cities_and_knights")
    p.add_argument("--agents", default="heuristic,random,random,random")
    p.add_argument("--cpus", type=int, nargs="+", default=[1, 2])
    p.add_argument("--task-games", type=int, default=250)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()

    names = args.agents.split(",")
    config = GameConfig.make(variant=args.variant, num_players=len(names))
    agents = [make_agent(n, seed=i) for i, n in enumerate(names)]
    rows = []

    def run(label: str, **kw):
        r = simulate(args.games, agents, config, seed=args.seed, progress=False, **kw)
        rows.append({"run": label, "games_per_second": r.games_per_second,
                     "seconds": r.seconds, "load_seconds": r.compile_seconds})  # fmt: skip
        if not args.json:
            print(f"{label:<28}{r.games_per_second:>10,.1f} games/s  {r.seconds:6.1f} s  "
                  f"(load {r.compile_seconds:.1f} s)", flush=True)  # fmt: skip
        return r.records

    reference = run("one process, 1 thread", threads=1)
    for cpus in args.cpus:
        ray.init(num_cpus=cpus, include_dashboard=False, logging_level="WARNING")
        got = run(f"Ray, {cpus} CPU(s)", ray_address="", task_games=args.task_games)
        ray.shutdown()
        for name in ("winners", "turns", "decisions", "vps", "stats"):
            assert np.array_equal(getattr(got, name), getattr(reference, name)), name
    if max(args.cpus) > 1:
        run(f"one process, {max(args.cpus)} threads", threads=max(args.cpus))
    if args.json:
        print(json.dumps({"games": args.games, "variant": args.variant, "agents": names,
                          "runs": rows}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
