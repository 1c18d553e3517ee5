"""catan_env side by side with catanatron and fastcatan, in one run, on one core.

Every engine plays 4-player games with uniformly random legal actions. Engines
split a game into different numbers of steps, so **full games per second** is
the common unit; steps per second are printed too.

Rule sets differ: catanatron has no player-to-player trade, so it is compared
with our engine with ``domestic_trade=False``; fastcatan has player trades, so
it is compared with our default rules.

Needs the ``bench`` extra (``pip install -e '.[bench]'``; fastcatan has wheels
for Python 3.12+ only and is skipped elsewhere). catanatron's gym env is the
separate ``catanatron-gym`` package, whose metadata pins an old gymnasium; it
works with ours, so install it with ``pip install --no-deps catanatron-gym==4.0.0``
to include that row. Nothing is installed by this script.

Usage:
    python benchmarks/vs_peers.py                 # table
    python benchmarks/vs_peers.py --json          # one JSON object with ratio_* keys
    python benchmarks/vs_peers.py --seconds 10
"""

from __future__ import annotations

import os

# One core, one thread everywhere: set before numba or OpenMP start.
os.environ["NUMBA_NUM_THREADS"] = "1"
os.environ["OMP_NUM_THREADS"] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402


def _pin_one_core() -> int | None:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return cpu
    except (AttributeError, OSError):
        return None


def _timed(run_once, seconds):
    """Call ``run_once()`` (returns (games, steps)) until ``seconds`` pass."""
    games = steps = 0
    start = time.perf_counter()
    while True:
        g, s = run_once()
        games += g
        steps += s
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {
                "games_per_second": games / elapsed,
                "steps_per_second": steps / elapsed,
                "steps_per_game": steps / max(games, 1),
                "games": games,
            }


# --- catanatron --------------------------------------------------------------


def bench_catanatron(seconds):
    try:
        from catanatron.game import Game
        from catanatron.models.player import Color, RandomPlayer
    except ImportError:
        return None
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    counter = iter(range(10**9))

    def one():
        g = Game([RandomPlayer(c) for c in colors], seed=next(counter))
        g.play()
        return 1, len(g.state.actions)

    return _timed(one, seconds)


def bench_catanatron_gym(seconds):
    try:
        import catanatron_gym  # noqa: F401
        import gymnasium
    except ImportError:
        return None
    env = gymnasium.make("catanatron_gym:catanatron-v1")
    rng = random.Random(0)
    _, info = env.reset(seed=0)
    state = {"info": info}

    def one():
        steps = 0
        while True:
            a = rng.choice(state["info"]["valid_actions"])
            _, _, term, trunc, state["info"] = env.step(a)
            steps += 1
            if term or trunc:
                _, state["info"] = env.reset()
                return 1, steps

    return _timed(one, seconds)


# --- fastcatan ---------------------------------------------------------------


def _fastcatan():
    try:
        import fastcatan
    except ImportError:
        return None
    return fastcatan


def bench_fastcatan_env(seconds):
    fc = _fastcatan()
    if fc is None:
        return None
    env = fc.Env()
    rng = random.Random(0)
    counter = iter(range(10**9))

    def one():
        env.reset(seed=next(counter))
        steps = 0
        while not env.done:
            env.step(rng.choice(env.legal_actions()))
            steps += 1
        return 1, steps

    return _timed(one, seconds)


def bench_fastcatan_batched(seconds, n=1024):
    """Complete path (masks -> numpy random choice -> step) and the simulator alone."""
    fc = _fastcatan()
    if fc is None:
        return None
    games = fc.BatchedEnv(n, 0)
    games.reset()
    masks = np.zeros((n, fc.MASK_WORDS), np.uint64)
    actions = np.zeros(n, np.uint32)
    dones = np.zeros(n, np.uint8)
    rng = np.random.default_rng(0)
    sim = 0.0
    steps = finished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t = time.perf_counter()
        games.write_masks(masks)
        sim += time.perf_counter() - t
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, : fc.NUM_ACTIONS]
        actions[:] = (rng.random(bits.shape) * bits).argmax(1)
        t = time.perf_counter()
        games.step_autoreset(actions, dones)
        sim += time.perf_counter() - t
        steps += n
        finished += int(dones.sum())
    total = time.perf_counter() - start
    return {
        "complete_games_per_second": finished / total,
        "complete_steps_per_second": steps / total,
        "simulator_games_per_second": finished / sim,
        "simulator_steps_per_second": steps / sim,
        "steps_per_game": steps / max(finished, 1),
    }


# --- catan_env ---------------------------------------------------------------


def bench_ours_kernel(seconds, domestic_trade):
    from agents import RandomAgent
    from catan_env import GameConfig
    from catan_env.simulate import simulate

    config = GameConfig(domestic_trade=domestic_trade)
    agents = [RandomAgent(i) for i in range(4)]
    simulate(2, agents, config, progress=False, threads=1)  # load the compiled kernel
    seed = iter(range(1, 10**6))

    def one():
        r = simulate(200, agents, config, seed=next(seed), progress=False, threads=1)
        return r.games, int(round(r.mean_decisions * r.games))

    return _timed(one, seconds)


def bench_ours_vector(seconds, domestic_trade, n=1024):
    from catan_env.vector import VectorCatan

    v = VectorCatan(n, seed=0, num_threads=1, domestic_trade=domestic_trade)
    for _ in range(20):
        v.step(v.random_actions())
    rng = np.random.default_rng(0)
    out = {}
    for label in ("jitted_choice", "numpy_choice"):
        steps = finished = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            if label == "jitted_choice":
                actions = v.random_actions()
            else:
                m = v.action_masks()
                actions = (rng.random(m.shape) * m).argmax(1)
            r = v.step(actions)
            steps += n
            finished += int((r.terminated | r.truncated).sum())
        total = time.perf_counter() - start
        out[f"{label}_games_per_second"] = finished / total
        out[f"{label}_steps_per_second"] = steps / total
    return out


def bench_ours_aec(seconds, domestic_trade):
    import catan_env

    env = catan_env.env(domestic_trade=domestic_trade)
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def one():
        env.reset()
        steps = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
            steps += 1
        return 1, steps

    return _timed(one, seconds)


def _ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    cpu = _pin_one_core()
    sec = args.seconds
    r = {
        "machine": {
            "python": platform.python_version(),
            "cpu": cpu,
            "processor": platform.processor() or platform.machine(),
        },
        "catanatron": bench_catanatron(sec),
        "catanatron_gym": bench_catanatron_gym(sec),
        "fastcatan_env": bench_fastcatan_env(sec),
        "fastcatan_batched": bench_fastcatan_batched(sec),
        "ours_kernel_no_trade": bench_ours_kernel(sec, False),
        "ours_kernel": bench_ours_kernel(sec, True),
        "ours_vector": bench_ours_vector(sec, True),
        "ours_vector_no_trade": bench_ours_vector(sec, False),
        "ours_aec": bench_ours_aec(sec, True),
        "ours_aec_no_trade": bench_ours_aec(sec, False),
    }

    def g(key, field="games_per_second"):
        d = r.get(key)
        return None if d is None else d.get(field)

    fc_complete = max(
        [
            x
            for x in (g("fastcatan_env"), g("fastcatan_batched", "complete_games_per_second"))
            if x is not None
        ],
        default=None,
    )
    r["ratio_games_vs_catanatron"] = _ratio(g("ours_kernel_no_trade"), g("catanatron"))
    r["ratio_steps_vs_catanatron"] = _ratio(
        g("ours_kernel_no_trade", "steps_per_second"), g("catanatron", "steps_per_second")
    )
    r["ratio_games_vs_fastcatan_complete"] = _ratio(g("ours_kernel"), fc_complete)
    r["ratio_games_vs_fastcatan_simulator"] = _ratio(
        g("ours_kernel"), g("fastcatan_batched", "simulator_games_per_second")
    )
    r["ratio_steps_vs_fastcatan_simulator"] = _ratio(
        g("ours_vector", "jitted_choice_steps_per_second"),
        g("fastcatan_batched", "simulator_steps_per_second"),
    )
    r["ratio_aec_steps_vs_catanatron_gym"] = _ratio(
        g("ours_aec_no_trade", "steps_per_second"), g("catanatron_gym", "steps_per_second")
    )
    r["ratio_aec_steps_vs_fastcatan_env"] = _ratio(
        g("ours_aec", "steps_per_second"), g("fastcatan_env", "steps_per_second")
    )
    r["ratio_aec_games_vs_fastcatan_env"] = _ratio(g("ours_aec"), g("fastcatan_env"))
    if args.json:
        print(json.dumps(r))
        return 0
    _print_table(r)
    return 0


def _print_table(r):
    def fmt(x, digits=0):
        return "-" if x is None else f"{x:,.{digits}f}"

    rows = [
        (
            "catanatron Game.play (no player trade)",
            r["catanatron"],
            "games_per_second",
            "steps_per_second",
        ),
        (
            "catan_env kernel, domestic_trade=False",
            r["ours_kernel_no_trade"],
            "games_per_second",
            "steps_per_second",
        ),
        ("fastcatan Env, Python loop", r["fastcatan_env"], "games_per_second", "steps_per_second"),
        (
            "fastcatan BatchedEnv, complete path",
            r["fastcatan_batched"],
            "complete_games_per_second",
            "complete_steps_per_second",
        ),
        (
            "fastcatan BatchedEnv, simulator alone",
            r["fastcatan_batched"],
            "simulator_games_per_second",
            "simulator_steps_per_second",
        ),
        (
            "catan_env kernel (domestic trade)",
            r["ours_kernel"],
            "games_per_second",
            "steps_per_second",
        ),
        (
            "catan_env VectorCatan, jitted choice",
            r["ours_vector"],
            "jitted_choice_games_per_second",
            "jitted_choice_steps_per_second",
        ),
        (
            "catan_env VectorCatan, numpy choice",
            r["ours_vector"],
            "numpy_choice_games_per_second",
            "numpy_choice_steps_per_second",
        ),
        ("catanatron gym env (1v1)", r["catanatron_gym"], "games_per_second", "steps_per_second"),
        (
            "catan_env AEC env, domestic_trade=False",
            r["ours_aec_no_trade"],
            "games_per_second",
            "steps_per_second",
        ),
        (
            "catan_env AEC env (domestic trade)",
            r["ours_aec"],
            "games_per_second",
            "steps_per_second",
        ),
    ]
    print(f"one core, Python {r['machine']['python']}; 4 random players unless noted")
    print(f"{'engine':<42}{'games/s':>12}{'steps/s':>14}{'steps/game':>12}")
    for name, d, gk, sk in rows:
        if d is None:
            print(f"{name:<42}{'not installed':>12}")
            continue
        spg = d.get("steps_per_game")
        print(f"{name:<42}{fmt(d.get(gk), 1):>12}{fmt(d.get(sk)):>14}{fmt(spg):>12}")
    print()
    for k, v in r.items():
        if k.startswith("ratio_"):
            print(f"{k:<42}{fmt(v, 2):>12}")


if __name__ == "__main__":
    sys.exit(main())
