"""Engine throughput: decisions/s and games/s for 4 random players on one core.

Measures, in one run:
  * cold compile: a fresh process with an empty numba cache imports the engine
    and plays one game (what a first-time user waits for);
  * warm load: the same in a fresh process once the cache is filled;
  * the jitted self-play kernel (mask -> random choice -> step inside numba);
  * the Python ``Game`` loop and the PettingZoo AEC loop (per-step Python cost).

Usage:
    python benchmarks/throughput.py            # table
    python benchmarks/throughput.py --json     # one JSON object
    python benchmarks/throughput.py --games 2000 --no-cold
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

_ONE_GAME = (
    "import time; t=time.perf_counter(); "
    "from catan_env import GameConfig; from catan_env.simulate import simulate; "
    "from agents import RandomAgent; "
    "simulate(1, [RandomAgent(i) for i in range(4)], GameConfig(), progress=False); "
    "print(time.perf_counter()-t)"
)


def _fresh_process_seconds(cache_dir: str | None) -> float:
    env = dict(os.environ)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    out = subprocess.run(
        [sys.executable, "-c", _ONE_GAME], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def measure(games: int, python_games: int, cold: bool, domestic_trade: bool) -> dict:
    from agents import RandomAgent
    from catan_env import GameConfig, env
    from catan_env.engine.layout import STATE_DTYPE, STATE_SIZE
    from catan_env.simulate import simulate

    result: dict = {"games": games, "domestic_trade": domestic_trade}
    if cold:
        with tempfile.TemporaryDirectory() as tmp:
            result["cold_compile_seconds"] = _fresh_process_seconds(tmp)
            result["warm_load_seconds"] = _fresh_process_seconds(tmp)
    config = GameConfig(domestic_trade=domestic_trade)
    agents = [RandomAgent(i) for i in range(4)]
    r = simulate(games, agents, config, seed=1, progress=False)
    result.update(
        kernel_games_per_second=r.games_per_second,
        kernel_decisions_per_second=r.decisions_per_second,
        mean_decisions_per_game=r.mean_decisions,
        mean_turns_per_game=r.mean_turns,
    )

    class _PyRandom(RandomAgent):
        kernel_kind = None

    r = simulate(python_games, [_PyRandom(i) for i in range(4)], config, seed=2, progress=False)
    result["game_loop_decisions_per_second"] = r.decisions_per_second

    e = env(domestic_trade=domestic_trade)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, t = 0, time.perf_counter()
    for _ in range(python_games):
        e.reset()
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(legal.size)]))
            steps += 1
    result["aec_steps_per_second"] = steps / (time.perf_counter() - t)
    result["state_bytes"] = STATE_SIZE * STATE_DTYPE().itemsize
    return result


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--games", type=int, default=2000, help="games for the jitted kernel")
    p.add_argument("--python-games", type=int, default=5, help="games for the Python loops")
    p.add_argument("--no-cold", action="store_true", help="skip the cold-compile measurement")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")
    rows = [
        measure(args.games, args.python_games, not args.no_cold and trade, trade)
        for trade in (True, False)
    ]
    if args.json:
        print(json.dumps({"with_domestic_trade": rows[0], "without_domestic_trade": rows[1]}))
        return 0
    keys = [k for k in rows[0] if k not in ("games", "domestic_trade")]
    print(f"{'4 random players, one core':<34}{'domestic trade':>16}{'no domestic trade':>20}")
    for k in keys:
        cells = []
        for row in rows:
            x = row.get(k)
            if x is None:
                cells.append("")
            elif isinstance(x, float) and x < 100:
                cells.append(f"{x:,.2f}")
            else:
                cells.append(f"{x:,.0f}")
        print(f"{k:<34}{cells[0]:>16}{cells[1]:>20}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
