"""Compile the engine ahead of use: numba's cache filled for the games asked for.

numba compiles each jitted function the first time a process calls it and keeps
the result in its cache (:mod:`catan_env.core.cache`), so the first program that
touches a game waits for it (about a minute per game on a 2-core machine).
:func:`warm` takes that wait up front: it plays a few games of one game through
the paths most programs take (the self-play kernels with random and heuristic
seats on one and on two threads, the Python game with its masks and
observations, the batched learner env), and :func:`warm_many` runs one process
per game, ``jobs`` at a time, so that the games compile side by side on a
machine's cores and each function is compiled once, not once per process that
happens to need it at the same moment. ``catan-env compile`` is the command.

A warm cache changes only how soon a program starts: every path compiles on its
own when the cache is cold.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from .core import registry


def warm(name: str) -> float:
    """Compile (or load from the cache) game ``name``'s common paths; returns seconds.

    Raises:
        ValueError: an unknown game.
    """
    from . import hooks
    from .learner_env import LearnerVecEnv
    from .simulate import simulate

    start = time.perf_counter()
    spec = hooks.get(registry.resolve(name))
    config = spec.configure()
    seats = config.num_players
    for agents, threads in ((["random"] * seats, 1), (["heuristic"] * seats, 2)):
        simulate(2, agents, config, progress=False, threads=threads)
    game = spec.new_game(config, 0)
    rng = np.random.default_rng(0)
    obs = np.zeros(spec.obs_size, np.float32)
    for _ in range(200):
        if game.done:
            break
        spec.rules.observe_into(game.state, game.tables, game.current_player, obs)
        game.step(int(rng.choice(np.flatnonzero(game.action_mask()))))
    env = LearnerVecEnv(game=spec.name, num_envs=2, opponents="heuristic", seed=0)
    env.reset()
    for _ in range(20):
        masks = env.action_masks()
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
    env.close()
    return time.perf_counter() - start


def warm_many(
    names: Sequence[str] | None = None, jobs: int = 2, stream=sys.stderr
) -> dict[str, float]:
    """:func:`warm` each game of ``names`` (default: every game) in its own process,
    ``jobs`` processes at a time, the slowest-to-compile games first; prints a line
    per game as it finishes, and which are still compiling every 30 s, on
    ``stream`` (None: nothing). Returns seconds per game.

    Raises:
        ValueError: an unknown game or ``jobs`` below 1.
        RuntimeError: a game's process failed (its last output line is quoted).
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a positive integer, got {jobs!r}")
    games = [registry.resolve(n) for n in (names or registry.names())]
    # The longest to compile first, so that the short ones fill in beside them.
    order = sorted(dict.fromkeys(games), key=lambda n: -_WEIGHT.get(n, 1))
    if stream is not None:
        print(f"compiling {', '.join(order)} ({jobs} at a time)...", file=stream, flush=True)
    seconds: dict[str, float] = {}
    # Each child writes to a file, not a pipe: a pipe nobody reads until the child
    # exits would stop a child that prints more than its buffer (numba warnings).
    running: list[tuple[str, subprocess.Popen, Any]] = []
    pending = list(order)
    start = last_word = time.monotonic()
    while pending or running:
        if stream is not None and time.monotonic() - last_word >= _EVERY:
            last_word = time.monotonic()
            names_now = ", ".join(n for n, _, _ in running)
            print(
                f"  ... still compiling {names_now} ({last_word - start:.0f} s)",
                file=stream,
                flush=True,
            )
        while pending and len(running) < jobs:
            name = pending.pop(0)
            cmd = [sys.executable, "-m", "catan_env.warmup", name]
            log = tempfile.TemporaryFile("w+")
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, text=True)
            running.append((name, proc, log))
        for item in list(running):
            name, proc, log = item
            if proc.poll() is None:
                continue
            running.remove(item)
            log.seek(0)
            out = log.read().strip().splitlines()
            log.close()
            if proc.returncode != 0:
                for _, other, other_log in running:
                    other.kill()
                    other_log.close()
                last = out[-1] if out else f"exit code {proc.returncode}"
                raise RuntimeError(f"compiling {name} failed: {last}")
            seconds[name] = float(out[-1])
            if stream is not None:
                print(f"  {name}: {seconds[name]:.1f} s", file=stream, flush=True)
        time.sleep(0.05)
    return seconds


#: Seconds between "still compiling" lines.
_EVERY = 30.0

#: Cold compile seconds of :func:`warm` on a 2-core machine, two games at once
#: (2026-12-03), for the order of :func:`warm_many`: longest first, so that two jobs
#: pair C&K with the base game and E&P with Ancients (379 s, not 428).
_WEIGHT = {"cities_and_knights": 265, "explorers_and_pirates": 196, "ancients": 163, "base": 114}


if __name__ == "__main__":
    # One game per process (warm_many): its seconds on the last line.
    print(f"{warm(sys.argv[1]):.3f}")
