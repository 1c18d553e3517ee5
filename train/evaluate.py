"""Win rates of a trained checkpoint against 3 random and 3 heuristic players.

    python -m train.evaluate agents/checkpoints/ppo_ck.npz --games 200

The policy plays its most likely legal action at a seat drawn per game; the
opponents play inside numba. The same evaluation the trainer runs every
``--eval-every`` steps, with more games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.policy_agent import load_policy
from train.train_ppo import evaluate


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(prog="python -m train.evaluate", description=__doc__.split("\n")[0])
    p.add_argument("checkpoint", help="a .npz or a trainer's .zip")
    p.add_argument("--games", type=int, default=200, help="games per opponent")
    p.add_argument("--opponents", default="random,heuristic", help="agents to play against")
    p.add_argument("--seed", type=int, default=12345)
    args = p.parse_args(argv)
    net = load_policy(args.checkpoint)
    out = {"checkpoint": args.checkpoint, "variant": net.variant}
    for opp in args.opponents.split(","):
        t0 = time.perf_counter()
        r = evaluate(net, net.variant, opp.strip(), args.games, seed=args.seed,
                     num_players=net.meta.get("num_players", 4))  # fmt: skip
        r["seconds"] = round(time.perf_counter() - t0, 1)
        out[f"vs_3_{opp.strip()}"] = r
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
