"""Suite-wide setup: the engine compiled once, games side by side, before the workers start.

With a cold numba cache, two xdist workers that reach the same game at the same
moment both compile it, each on half the machine. The controller process
therefore runs ``catan_env.warmup.warm_many`` first (one process per game, as
many at once as there are workers) when the whole suite runs; the workers then
load what it cached. Nothing depends on it: every test compiles what it needs
when the cache lacks it. ``CATAN_ENV_TEST_WARMUP=0`` turns it off.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

_TESTS = Path(__file__).resolve().parent


def _whole_suite(config) -> bool:
    args = [a for a in config.args if not a.startswith("-")]
    return all(Path(a).resolve() in (_TESTS, _TESTS.parent) for a in args)


def pytest_configure(config):
    if hasattr(config, "workerinput") or os.environ.get("CATAN_ENV_TEST_WARMUP") == "0":
        return  # a worker, or turned off
    workers = config.getoption("numprocesses", None)
    if workers in (None, 0) or not _whole_suite(config):
        return
    from catan_env.warmup import warm_many

    jobs = (os.cpu_count() or 1) if workers in ("auto", "logical") else int(workers)
    start = time.perf_counter()
    warm_many(jobs=max(1, jobs), stream=sys.stderr)
    print(f"engine compiled or loaded in {time.perf_counter() - start:.0f} s", file=sys.stderr)
