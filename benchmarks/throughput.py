"""Engine throughput: decisions/s and games/s for 4 random players.

Measures, in one run, for each rule set (the base game with domestic trade, the
base game with ``domestic_trade=False``, Cities & Knights and Explorers &
Pirates' first scenario, Land Ho!):
  * the jitted self-play kernel on one core (legal actions -> random choice ->
    step, all inside numba): decisions/s and full games/s;
  * the batched simulator (``VectorCatan``, 1024 games) with 1 and 2 threads;
  * the Python ``Game`` loop and the PettingZoo AEC loop (per-step Python cost);
and once:
  * cold compile: a fresh process with an empty numba cache imports the engine
    and plays one game (what a first-time user waits for), per variant;
  * warm import: ``import catan_env`` in a fresh process with a filled cache;
  * bytes per state, per variant;
  * for Cities & Knights, how often the barbarians won their attacks;
  * ``ep_over_base_decision_cost``: what a decision of random agents costs in
    the E&P kernel over what it costs in the base game's (the kernels'
    decisions/s, base over E&P, both from this run).

Usage:
    python benchmarks/throughput.py            # table
    python benchmarks/throughput.py --json     # one JSON object
    python benchmarks/throughput.py --seconds 2 --no-cold
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
    "from catan_env import Game, GameConfig, env; from catan_env.simulate import simulate; "
    "from agents import RandomAgent; "
    "simulate(1, [RandomAgent(i) for i in range(4)], GameConfig(variant={variant!r}), "
    "progress=False, threads=1); "
    "g = Game(variant={variant!r}, seed=0); g.step(int(g.legal_actions()[0])); g.observe(0); "
    "e = env(variant={variant!r}); e.reset(seed=0); e.last(); "
    "print(time.perf_counter()-t)"
)
VARIANTS = (
    ("base", {}),
    ("base_no_domestic_trade", {"domestic_trade": False}),
    ("cities_and_knights", {"variant": "cities_and_knights"}),
    ("explorers_and_pirates", {"variant": "explorers_and_pirates", "scenario": "land_ho"}),
)
_IMPORT = "import time; t=time.perf_counter(); import catan_env; print(time.perf_counter()-t)"


def _fresh_process_seconds(code: str, cache_dir: str | None) -> float:
    env = dict(os.environ)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def _kernel(config, seconds):
    from agents import RandomAgent
    from catan_env.simulate import simulate

    agents = [RandomAgent(i) for i in range(4)]
    simulate(2, agents, config, progress=False, threads=1)
    games = decisions = 0
    stats: dict[str, float] = {}
    start = time.perf_counter()
    seed, batch = 1, 4
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        r = simulate(batch, agents, config, seed=seed, progress=False, threads=1)
        games += r.games
        decisions += r.mean_decisions * r.games
        for name, mean in r.stats.items():
            stats[name] = stats.get(name, 0.0) + mean * r.games
        seed += batch
        # Batches grow while short (a call's overhead is then negligible) but stay
        # well inside the time asked for (an E&P game lasts ~0.1 s, a base game ~1 ms).
        if time.perf_counter() - t0 < seconds / 20:
            batch *= 2
    elapsed = time.perf_counter() - start
    means = {f"mean_{name}_per_game": total / games for name, total in stats.items()}
    return games / elapsed, decisions / elapsed, decisions / games, means


def _vector(config, seconds, threads, n=1024):
    from catan_env.vector import VectorCatan

    options = {k: v for k, v in config.to_dict().items() if k != "num_players"}
    v = VectorCatan(n, seed=0, num_threads=threads, **options)
    for _ in range(20):
        v.step(v.random_actions())
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        v.step(v.random_actions())
        steps += n
    return steps / (time.perf_counter() - start)


def _game_loop(config, seconds):
    from catan_env import Game

    options = {k: v for k, v in config.to_dict().items() if k != "num_players"}
    rng = np.random.default_rng(0)
    warm = Game(seed=0, **options)  # load the compiled entry points before timing
    for _ in range(50):
        warm.step(int(warm.legal_actions()[0]))
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        g = Game(seed=seed, **options)
        seed += 1
        while not g.done and time.perf_counter() - start < seconds:
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(legal.size)]))
            steps += 1
    return steps / (time.perf_counter() - start)


def _aec(config, seconds):
    import catan_env

    options = {k: v for k, v in config.to_dict().items() if k != "num_players"}
    env = catan_env.env(**options)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(50):  # load the compiled entry points before timing
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset()
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(legal.size)]))
            steps += 1
            if time.perf_counter() - start >= seconds:
                break
    return steps / (time.perf_counter() - start)


def measure(seconds: float, cold: bool) -> dict:
    from catan_env import GameConfig
    from catan_env.games.catan.common.layout import STATE_DTYPE
    from catan_env.variants import get_variant

    out: dict = {}
    if cold:
        # One cache for both variants: the C&K figure is what it adds to a
        # cache the base game already filled, "all" is both from empty.
        with tempfile.TemporaryDirectory() as tmp:
            base = _fresh_process_seconds(_ONE_GAME.format(variant="base"), tmp)
            ck = _fresh_process_seconds(_ONE_GAME.format(variant="cities_and_knights"), tmp)
            out["cold_compile_seconds_base"] = base
            out["cold_compile_seconds_cities_and_knights_after_base"] = ck
            out["cold_compile_seconds_all"] = base + ck
            out["warm_import_seconds"] = _fresh_process_seconds(_IMPORT, tmp)
            out["warm_first_game_seconds"] = _fresh_process_seconds(
                _ONE_GAME.format(variant="base"), tmp
            )
    for label, options in VARIANTS:
        config = GameConfig.make(**options)
        variant = get_variant(config.variant)
        games, decisions, per_game, stats = _kernel(config, seconds)
        out[label] = {
            "bytes_per_state": variant.state_size * STATE_DTYPE().itemsize,
            "kernel_games_per_second": games,
            "kernel_decisions_per_second": decisions,
            "decisions_per_game": per_game,
            "vector_decisions_per_second_1_thread": _vector(config, seconds, 1),
            "vector_decisions_per_second_2_threads": _vector(config, seconds, 2),
            "game_loop_decisions_per_second": _game_loop(config, seconds),
            "aec_steps_per_second": _aec(config, seconds),
            **stats,
        }
    out["ep_over_base_decision_cost"] = (
        out["base"]["kernel_decisions_per_second"]
        / out["explorers_and_pirates"]["kernel_decisions_per_second"]
    )
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--seconds", type=float, default=4.0, help="time per measurement")
    p.add_argument("--no-cold", action="store_true", help="skip the fresh-process measurements")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    r = measure(args.seconds, not args.no_cold)
    if args.json:
        print(json.dumps(r))
        return 0
    for k, value in r.items():
        if not isinstance(value, dict):
            print(f"{k:<52}{value:>10,.2f}")
    labels = [label for label, _ in VARIANTS]
    widths = (14, 16, 14, 14)
    print(f"\n{'4 random players':<40}{'base':>14}{'no dom. trade':>16}{'C&K':>14}{'E&P':>14}")
    keys = dict.fromkeys(k for label in labels for k in r[label])
    for k in keys:
        cells = []
        for label, width in zip(labels, widths, strict=True):
            value = r[label].get(k)
            text = "-" if value is None else f"{value:,.2f}" if value < 100 else f"{value:,.0f}"
            cells.append(f"{text:>{width}}")
        print(f"{k:<40}{''.join(cells)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
