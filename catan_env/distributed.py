"""Batch self-play on a Ray cluster: games split into chunks, each chunk a Ray task.

``catan-env simulate --ray [ADDRESS]`` and ``catan-env tournament --ray
[ADDRESS]``, for any game (or ``ray_address=`` in
:func:`~catan_env.simulate.simulate` and :func:`~catan_env.tournament.tournament`)
come here; nothing else in the package imports Ray, which is the optional extra
``catan_env[distributed]``.

How a run goes:

1. :func:`connect` joins the cluster (``ray.init(address)``; no address:
   ``RAY_ADDRESS``, else the latest cluster started on this machine, else a
   new one-machine cluster), unless this process is already connected.
2. :func:`load_engine_everywhere` loads (or, on a cold cache, compiles) the
   self-play kernel once per node, so the CPUs of a node don't all compile
   the same code at once and the compile time is reported apart from the
   games.
3. :func:`play_jitted_distributed` cuts the games into chunks of
   ``task_games`` and runs each chunk as a one-CPU task calling
   :func:`~catan_env.simulate.play_jitted` on a worker. Game ``i`` is played
   from its own seed row (the game's ``simulate_seeds`` or
   ``tournament_seeds``), so which worker plays
   it, and how the games are chunked, changes nothing: the per-game results
   equal a single-machine run's. Each result is written into the rows of its
   chunk, so a chunk that runs twice is counted once.

Failures: a task whose worker process or node dies is retried by Ray
(``max_retries``); if it still fails, or raises, the chunk is submitted again,
up to ``resubmits`` times, before the run stops with an error naming the chunk.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Sequence

import numba
import numpy as np

try:
    import ray
except ModuleNotFoundError as exc:
    raise ModuleNotFoundError(
        "catan_env.distributed needs Ray: pip install 'catan_env[distributed]'", name="ray"
    ) from exc
from ray.exceptions import RayError
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from .simulate import GameRecords, load_engine, play_jitted

DEFAULT_TASK_GAMES = 250
"""Games per task: a second or less of work, so progress is smooth and a lost task costs little."""

DEFAULT_MAX_RETRIES = 3
DEFAULT_RESUBMITS = 3


def connect(address: str | None = None) -> int:
    """Join the Ray cluster at ``address`` unless already connected; return its CPUs.

    Args:
        address: ``"host:port"`` of the head node, ``"auto"`` (a running cluster,
            else an error), ``"local"`` (a new cluster on this machine), or
            ``None`` / ``""`` for Ray's default (``RAY_ADDRESS``, else the latest
            cluster started here, else a new one here).
    """
    if not ray.is_initialized():
        ray.init(address=address or None, logging_level="WARNING")
    return int(ray.cluster_resources().get("CPU", 0))


@ray.remote(num_cpus=1)
def _load(config) -> float:
    return load_engine(config, True, threads=1)


def load_engine_everywhere(config) -> float:
    """Load (or compile) the self-play kernel on every node with CPUs; return the wall seconds.

    Only a warm-up: a node that fails here still gets tasks, which then load
    the engine themselves.
    """
    return _on_every_node(_load, config)


def _on_every_node(remote_fn, *args) -> float:
    """Run ``remote_fn(*args)`` once on every node with CPUs and wait; return the wall
    seconds. A node whose call fails is ignored (its tasks load what they need)."""
    t0 = time.perf_counter()
    nodes = [n["NodeID"] for n in ray.nodes() if n["Alive"] and n["Resources"].get("CPU", 0) > 0]
    refs = [
        remote_fn.options(
            scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=True)
        ).remote(*args)
        for node in nodes
    ]
    for ref in refs:
        try:
            ray.get(ref)
        except RayError:
            pass
    return time.perf_counter() - t0


@ray.remote(num_cpus=1)
def _play_chunk(
    config,
    kinds: np.ndarray,
    seeds: np.ndarray,
    agent_seed: int,
    crash_marker: str | None = None,
) -> GameRecords:
    """One chunk of games on a worker, in the serial kernel (Ray gives the task one CPU)."""
    if crash_marker is not None and not os.path.exists(crash_marker):
        # Test hook: the first attempt kills its own worker process; the retry finds the marker.
        with open(crash_marker, "w"):
            pass
        os._exit(1)
    numba.set_num_threads(1)
    # Ray hands numpy arguments over read-only, which numba compiles as another
    # type: writable copies keep to the kernel the warm-up loaded.
    kinds, seeds = np.array(kinds), np.array(seeds)
    return play_jitted(config, kinds, seeds, agent_seed, chunk=len(seeds))


def play_jitted_distributed(
    config,
    jobs: Sequence[tuple[np.ndarray, np.ndarray]],
    agent_seed: int,
    bar=None,
    task_games: int = DEFAULT_TASK_GAMES,
    max_retries: int = DEFAULT_MAX_RETRIES,
    resubmits: int = DEFAULT_RESUBMITS,
    crash_once: tuple[int, str] | None = None,
) -> list[GameRecords]:
    """Play every job's games as Ray tasks; the records of each job, in game order.

    Call :func:`connect` first. The result for job ``j`` equals
    ``play_jitted(config, *jobs[j], agent_seed)`` on one machine.

    Args:
        config: the game options (the game's ``configure`` result).
        jobs: ``(kinds, seeds)`` pairs: the jitted agent kind of each seat
            (:func:`~catan_env.simulate.kernel_kinds`) and one seed row per game.
        agent_seed: seeds the agents' generator (with each game's seed).
        bar: a tqdm progress bar, advanced as chunks finish, or ``None``.
        task_games: games per task.
        max_retries: Ray's retries of a task whose worker died.
        resubmits: further submissions of a chunk whose task failed anyway.
        crash_once: for the tests, ``(chunk index, marker path)``: while the
            marker file does not exist, that chunk's task creates it and kills
            its own worker process.

    Raises:
        RuntimeError: a chunk failed ``resubmits + 1`` times (the last error
            is its cause).
    """
    if task_games < 1:
        raise ValueError(f"task_games must be at least 1, got {task_games}")
    chunks = [
        (j, start, min(start + task_games, len(seeds)))
        for j, (_, seeds) in enumerate(jobs)
        for start in range(0, len(seeds), task_games)
    ]
    results = [GameRecords.empty(len(seeds), config.variant) for _, seeds in jobs]
    kinds_refs = [ray.put(np.asarray(kinds, np.int64)) for kinds, _ in jobs]
    task = _play_chunk.options(max_retries=max_retries)

    def submit(c: int):
        j, a, b = chunks[c]
        marker = crash_once[1] if crash_once is not None and crash_once[0] == c else None
        return task.remote(config, kinds_refs[j], jobs[j][1][a:b], agent_seed, marker)

    def done(c: int, part) -> None:
        j, a, b = chunks[c]
        results[j].put(slice(a, b), part)

    _run_chunks(chunks, submit, done, bar, resubmits)
    return results


def _run_chunks(chunks: Sequence[tuple[int, int, int]], submit, done, bar, resubmits: int) -> None:
    """Run every chunk ``(job, first game, end)`` as a task: ``submit(c)`` starts chunk
    ``c``'s task, ``done(c, part)`` takes its result (once per chunk).

    A failed task is submitted again, up to ``resubmits`` times per chunk.
    """
    # Submit a few tasks per CPU at a time: enough to keep every CPU busy
    # without queueing millions of games' tasks in the scheduler at once.
    window = max(4, 2 * int(ray.cluster_resources().get("CPU", 1)))
    waiting = deque(range(len(chunks)))
    failures = [0] * len(chunks)
    running: dict = {}  # ObjectRef -> chunk index
    while waiting or running:
        while waiting and len(running) < window:
            c = waiting.popleft()
            running[submit(c)] = c
        (ref,), _ = ray.wait(list(running), num_returns=1)
        c = running.pop(ref)
        j, a, b = chunks[c]
        try:
            part = ray.get(ref)
        except RayError as exc:
            failures[c] += 1
            if failures[c] > resubmits:
                raise RuntimeError(
                    f"chunk {c} (games {a}..{b - 1} of job {j}) failed {failures[c]} times"
                ) from exc
            waiting.appendleft(c)
            continue
        done(c, part)
        if bar is not None:
            bar.update(b - a)
