"""Engine speed of this checkout against another commit: the same games on both.

Usage:
    python benchmarks/compare.py --ref REF [--seconds S] [--rounds R]
        [--targets base,base_no_trade,cities_and_knights,explorers_and_pirates,ancients]
        [--json]

``REF`` is anything ``git`` resolves (a commit, a branch, ``HEAD~3``). The ref's
tree is extracted with ``git archive REF | tar -x`` into a temporary directory
(removed at the end). For each target the same fixed list of game seeds is then
played on this checkout and on the ref, alternating (this, ref, this, ref, ...
``R`` rounds), each measurement in a fresh subprocess with ``PYTHONPATH`` at the
tree measured and ``NUMBA_NUM_THREADS=1``: random jitted agents in the
one-core self-play kernel, timed without the compile. Before the rounds each
tree plays a few games once, which compiles its engine (the ref's always: it
gets its own numba cache in the temporary directory, so the two trees never
overwrite each other's cache entries) and, on this checkout, sizes the seed
list to about ``S`` seconds of games.

Each measurement reports games/s and the total number of decisions of its games.
The same seeds with the same rules must give the same games, so the two totals
must be equal; when they are not the games differ, the ratio is not a speed
comparison, and the table says ``games differ`` (``ratio_<target>`` is
``null`` in the JSON). A target the ref does not have (before Explorers &
Pirates or Ancients existed) is ``n/a at REF`` and has no ratio.

Targets:
    base                   4 random players, domestic trade on (``trade_protocol="cards"``)
    base_no_trade          4 random players, ``GameConfig(domestic_trade=False)``
    cities_and_knights     4 random players (``trade_protocol="cards"``)
    explorers_and_pirates  4 random players, scenario ``land_ho`` (``trade_protocol="cards"``)
    ancients               the Akragas scenario, 2 random sides
    base_pairs             4 random players, the default protocol (not by default)
    cities_and_knights_pairs  the same for C&K (not by default)

The targets with trade pin ``trade_protocol="cards"``: a tree older than the option
plays them without it, which is the same rule (its only protocol).

Timing (``--clock``): ``cpu``, the default, counts the child's thread CPU time
and takes each tree's best round (other work on a shared machine inflates wall
time, and CPU time less); ``wall`` takes the median of wall-clock rounds.

Output: a table of target, the games/s here and at the ref, the ratio
this/ref, the median of the rounds' paired ratios (``paired``: each round's two
measurements ran back to back, in an order that flips every round, so a machine
whose speed drifts shifts both) and whether the decisions are equal; with
``--json`` one object with ``ratio_<target>`` (this checkout's games/s over the
ref's) for each target both trees have, and per-target details (with
``paired_ratio_median``) under ``targets``.

Trees of different ages lay the package out differently. The code that plays a
target in a tree is :func:`load_target`, run inside the child process: it tries
the known layouts in order (``_LAYOUTS``) and uses the first one the tree has:

  * ``variants``: ``catan_env.variants.get_variant(name).play_games`` with
    ``GameConfig`` and ``variant.tables(config)`` (``STANDARD_TABLES`` where the
    variant has no ``tables``): today's layout, and 393212f's;
  * ``registry``: ``catan_env.core.registry.get(name)``, a ``GameSpec`` whose
    ``kernels`` module has ``play_games`` (the core/ + games/ layout, where
    ``variants`` also works);
  * ``kernels``: the kernels imported directly,
    ``catan_env.engine.selfplay.play_games``, ``engine.ck.kernels.ck_play_games``,
    ``engine.ep.kernels.ep_play_games``;
  * Ancients: the registry's ``ancients`` spec (``kernels.play_out_many`` over
    states from ``catan_env.games.ancients.setup.new_state``), then b405a0e's
    ``catan_env.ancients`` (``scenario.load_scenario``, ``setup.new_state`` and
    ``engine.agents.play_batch``).

For a new layout, add a function ``_catan_<name>(options, seeds)`` or
``_ancients_<name>(seeds)`` that returns a zero-argument callable playing the
games and returning their total decisions (set up everything else before
returning it: only the call is timed), raises ``ImportError`` /
``AttributeError`` when the tree does not have that layout and
:class:`Unavailable` when the tree has the layout but not the target; then list
it in ``_LAYOUTS``. Put newer layouts first.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

#: The Catan targets with trade pin the card-by-card protocol, the only one before
#: ``trade_protocol`` existed, so that trees on both sides of it play the same games;
#: the ``_pairs`` targets play today's default and have no ratio against older trees.
_CARDS = {"trade_protocol": "cards"}
TARGETS = {
    "base": {"variant": "base", **_CARDS},
    "base_no_trade": {"variant": "base", "domestic_trade": False},
    "cities_and_knights": {"variant": "cities_and_knights", **_CARDS},
    "explorers_and_pirates": {"variant": "explorers_and_pirates", "scenario": "land_ho", **_CARDS},
    "ancients": {"scenario": "akragas"},
    "base_pairs": {"variant": "base"},
    "cities_and_knights_pairs": {"variant": "cities_and_knights"},
}
#: Options newer than some trees, with the value that is those trees' only behaviour:
#: a tree without the option plays the target without it.
_LATER_OPTIONS = {"trade_protocol": "cards"}
DEFAULT_TARGETS = "base,base_no_trade,cities_and_knights,explorers_and_pirates,ancients"
FIRST_SEED = 1000
AGENT_SEED = 7
WARMUP_GAMES = {"base": 20, "base_no_trade": 50, "ancients": 20}  # others: 10
HEARTBEAT_SECONDS = 10
CHECKOUT = Path(__file__).resolve().parent.parent


class Unavailable(Exception):
    """The tree has the layout but not the target (a variant or game it lacks)."""


# --- the child: what runs inside the tree measured --------------------------


def _catan_variants(options, seeds):
    from catan_env.config import GameConfig
    from catan_env.variants import get_variant

    try:
        config = GameConfig(**options)
        variant = get_variant(config.variant)
    except (TypeError, ValueError) as e:  # an option or variant this tree lacks
        raise Unavailable(str(e)) from e
    if hasattr(variant, "tables"):
        tables = variant.tables(config)
    else:
        from catan_env.engine.tables import STANDARD_TABLES as tables
    return _catan_runner(
        variant.play_games, tables, config, seeds, len(getattr(variant, "stat_names", ()))
    )


def _catan_registry(options, seeds):
    from catan_env.config import GameConfig
    from catan_env.core import registry

    try:
        spec = registry.get(options["variant"])
    except (KeyError, ValueError) as e:
        raise Unavailable(str(e)) from e
    make = getattr(GameConfig, "make", GameConfig)
    config = make(**options)
    tables = spec.tables(config) if callable(getattr(spec, "tables", None)) else spec.tables
    stats = len(getattr(spec, "stat_names", getattr(spec.rules, "STAT_NAMES", ())))
    return _catan_runner(spec.kernels.play_games, tables, config, seeds, stats)


def _catan_kernels(options, seeds):
    from catan_env.engine.tables import STANDARD_TABLES

    from catan_env.config import GameConfig

    try:
        config = GameConfig(**options)
    except (TypeError, ValueError) as e:
        raise Unavailable(str(e)) from e
    if config.variant == "base":
        from catan_env.engine.selfplay import play_games as kernel

        stats = 0
    elif config.variant == "cities_and_knights":
        from catan_env.engine.ck.kernels import ck_play_games as kernel

        stats = 2
    else:
        raise Unavailable(f"no kernel for {config.variant!r} in this layout")
    return _catan_runner(kernel, STANDARD_TABLES, config, seeds, stats)


def _catan_runner(kernel, tables, config, seeds, num_stats):
    try:
        from catan_env.games.catan.common.constants import MAX_PLAYERS
    except ImportError:  # before the core/ + games/ layout
        from catan_env.constants import MAX_PLAYERS

    cfg, template = config.config_vector(), config.board_template()
    kinds = np.zeros(MAX_PLAYERS, np.int64)  # 0: the random agent in every layout so far
    n = len(seeds)

    def play():
        decisions = np.zeros(n, np.int64)
        kernel(tables, cfg, template, seeds, kinds, AGENT_SEED, np.zeros(n, np.int32),
               np.zeros(n, np.int32), decisions, np.zeros((n, MAX_PLAYERS), np.int32),
               np.zeros((n, num_stats), np.int32))  # fmt: skip
        return int(decisions.sum())

    return play


def _ancients_package(package, seeds):
    import importlib

    scenario = importlib.import_module(f"{package}.scenario")
    setup = importlib.import_module(f"{package}.setup")
    agents = importlib.import_module(f"{package}.engine.agents")
    record = importlib.import_module(f"{package}.record")
    sc = scenario.load_scenario(TARGETS["ancients"]["scenario"])
    options = setup.check_options({})
    states = np.stack([setup.new_state(sc, int(s), options) for s in seeds])
    agent_seeds = np.arange(len(seeds), dtype=np.int64) + FIRST_SEED * 1_000_003
    kinds = np.zeros(2, np.int64)  # random, random
    results = np.zeros((len(seeds), 5), np.int64)

    def play():
        # play_batch plays its rows in place: each call starts from fresh states
        agents.play_batch(states.copy(), kinds, agent_seeds, results, record.MAX_DECISIONS)
        return int(results[:, 2].sum())

    return play


def _ancients_registry(seeds):
    """The core/ + games/ layout: the generated kernels of the registry's Ancients."""
    from catan_env.core import registry
    from catan_env.games.ancients.scenario import load_scenario
    from catan_env.games.ancients.setup import check_options, new_state

    spec = registry.get("ancients")
    sc = load_scenario(TARGETS["ancients"]["scenario"])
    options = check_options({})
    start = np.stack([new_state(sc, int(s), options) for s in seeds])
    agent_seeds = np.arange(len(seeds), dtype=np.int64) + FIRST_SEED * 1_000_003
    kinds = np.zeros(2, np.int64)  # random, random
    n = len(seeds)
    no_tables = np.zeros(1, np.int32)

    def play():
        states = start.copy()
        spec.kernels.play_out_many(states, no_tables, kinds, agent_seeds,
                                   spec.rules.MAX_DECISIONS, np.zeros(n, np.int64))  # fmt: skip
        decisions = np.zeros(n, np.int64)
        per_seat, stats = np.zeros((n, 2), np.int64), np.zeros((n, 0), np.int64)
        spec.kernels.record_many(states, np.zeros(n, np.int64), np.zeros(n, np.int64), decisions,
                                 per_seat, stats)  # fmt: skip
        return int(decisions.sum())

    return play


def _ancients_engine(seeds):
    """b405a0e's layout: catan_env.ancients with its engine/agents.play_batch."""
    return _ancients_package("catan_env.ancients", seeds)


_LAYOUTS = {
    "catan": (_catan_variants, _catan_registry, _catan_kernels),
    "ancients": (_ancients_registry, _ancients_engine),
}


def _options_of_tree(options):
    """``options`` without those the imported tree's ``GameConfig`` lacks, where their
    value is the tree's only behaviour (``_LATER_OPTIONS``)."""
    from dataclasses import fields

    from catan_env.config import GameConfig

    known = {f.name for f in fields(GameConfig)}
    return {
        k: v
        for k, v in options.items()
        if k in known or not (k in _LATER_OPTIONS and _LATER_OPTIONS[k] == v)
    }


def load_target(target, seeds):
    """A callable that plays ``seeds`` of ``target`` in the imported tree and
    returns the total decisions, and the layout's name (see the module docstring)."""
    game = "ancients" if target == "ancients" else "catan"
    tried = []
    for layout in _LAYOUTS[game]:
        try:
            if game == "ancients":
                return layout(seeds), layout.__name__
            return layout(_options_of_tree(TARGETS[target]), seeds), layout.__name__
        except (ImportError, AttributeError) as e:
            tried.append(f"{layout.__name__}: {type(e).__name__}: {e}")
    raise Unavailable("no known layout; tried " + "; ".join(tried))


def child(target, games, tree):
    """Play ``games`` seeds of ``target`` once untimed (compile or cache load), then
    timed; print one JSON line."""
    import catan_env

    where = Path(catan_env.__file__).resolve()
    if Path(tree).resolve() not in where.parents:
        raise SystemExit(f"imported catan_env from {where}, not from {tree}")
    seeds = np.arange(FIRST_SEED, FIRST_SEED + games, dtype=np.int64)
    try:
        load_target(target, seeds[:1])[0]()  # compiles on a cold cache
        play, layout = load_target(target, seeds)
    except Unavailable as e:
        print(json.dumps({"unavailable": str(e)}))
        return
    t0, c0 = time.perf_counter(), time.thread_time()
    decisions = play()
    seconds, cpu = time.perf_counter() - t0, time.thread_time() - c0
    print(json.dumps({"games": games, "seconds": seconds, "cpu_seconds": cpu,
                      "games_per_second": games / seconds, "games_per_cpu_second": games / cpu,
                      "decisions": decisions, "layout": layout}))  # fmt: skip


# --- the parent ----------------------------------------------------------------


def _say(message):
    print(message, file=sys.stderr, flush=True)


def _measure(tree, cache_dir, target, games, label):
    """Run one child on ``tree``; its JSON result. Says on stderr while it runs long."""
    env = dict(os.environ, PYTHONPATH=str(tree), NUMBA_NUM_THREADS="1")
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", target,
           "--games", str(games), "--tree", str(tree)]  # fmt: skip
    t0 = time.perf_counter()
    with subprocess.Popen(cmd, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as proc:  # fmt: skip
        while True:
            try:
                out, err = proc.communicate(timeout=HEARTBEAT_SECONDS)
                break
            except subprocess.TimeoutExpired:
                _say(f"  ... {label}: {time.perf_counter() - t0:.0f} s")
    if proc.returncode != 0:
        raise SystemExit(f"{label} failed (exit {proc.returncode}):\n{err.strip()}")
    return json.loads(out.strip().splitlines()[-1])


def _git(*args):
    return subprocess.run(["git", *args], cwd=CHECKOUT, check=True, capture_output=True,
                          text=True).stdout.strip()  # fmt: skip


def _extract(ref, into):
    archive = subprocess.Popen(["git", "archive", ref], cwd=CHECKOUT, stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(into)], stdin=archive.stdout, check=True)
    archive.stdout.close()
    if archive.wait() != 0:
        raise SystemExit(f"git archive {ref} failed")


def compare(ref, seconds, rounds, targets, clock="cpu"):
    """Measure ``targets`` on this checkout and on ``ref``; the JSON-ready result."""
    ref_commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}")
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    result = {
        "ref": ref,
        "ref_commit": ref_commit,
        "this_commit": _git("rev-parse", "HEAD") + ("+changes" if dirty else ""),
        "seconds": seconds,
        "rounds": rounds,
        "clock": clock,
        "targets": {},
    }
    tmp = Path(tempfile.mkdtemp(prefix="catan_compare_"))
    try:
        ref_tree, ref_cache = tmp / "tree", tmp / "numba_cache"
        ref_tree.mkdir()
        _say(f"extracting {ref} ({ref_commit[:10]}) into {ref_tree}...")
        _extract(ref_commit, ref_tree)
        for target in targets:
            result["targets"][target] = _compare_target(
                target, ref, ref_tree, ref_cache, seconds, rounds, clock
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for target, r in result["targets"].items():
        if r["status"] in ("ok", "games differ"):
            result[f"ratio_{target}"] = r["ratio"]
    return result


def _compare_target(target, ref, ref_tree, ref_cache, seconds, rounds, clock):
    warm = WARMUP_GAMES.get(target, 10)
    _say(f"[{target}] loading this checkout's engine (compiles on a cold cache)...")
    here = _measure(CHECKOUT, None, target, warm, f"{target}, this checkout")
    if "unavailable" in here:
        _say(f"[{target}] n/a in this checkout: {here['unavailable']}")
        return {"status": "n/a here", "reason": here["unavailable"], "ratio": None}
    games = max(warm, int(round(seconds * here["games_per_second"])))
    _say(f"[{target}] compiling {ref} (first run)...")
    there = _measure(ref_tree, ref_cache, target, warm, f"{target}, compiling {ref}")
    if "unavailable" in there:
        _say(f"[{target}] n/a at {ref}: {there['unavailable']}")
        return {"status": f"n/a at {ref}", "reason": there["unavailable"], "ratio": None,
                "this": {"layout": here["layout"]}}  # fmt: skip
    # CPU: the child's thread CPU time, best round (the least disturbed by other
    # work on a shared machine); wall: the median of wall-clock rounds.
    key, unit = (
        ("games_per_cpu_second", "games/cpu-s")
        if clock == "cpu"
        else ("games_per_second", "games/s")
    )
    pick = max if clock == "cpu" else statistics.median
    runs = {"this": [], "ref": []}
    sides = (("this", CHECKOUT, None), ("ref", ref_tree, ref_cache))
    for r in range(rounds):
        # The order flips every round, so that a drift of the machine's speed
        # within a round favours neither tree.
        for side, tree, cache in sides if r % 2 == 0 else sides[::-1]:
            name = "this checkout" if side == "this" else ref
            label = f"{target}, round {r + 1}/{rounds}, {name}"
            m = _measure(tree, cache, target, games, label)
            runs[side].append(m)
            _say(f"[{target}] round {r + 1}/{rounds} {side:>4}: {m[key]:9.1f} "
                 f"{unit}, {m['decisions']} decisions")  # fmt: skip
    decisions = {side: sorted({m["decisions"] for m in ms}) for side, ms in runs.items()}
    equal = len(decisions["this"]) == 1 and decisions["this"] == decisions["ref"]
    figures = {s: pick(m[key] for m in ms) for s, ms in runs.items()}
    speed_ratio = figures["this"] / figures["ref"]
    # Each round's two measurements ran back to back, so their ratio sees nearly the
    # same machine; the median of those ratios is the check on the headline figure.
    paired = statistics.median(
        a[key] / b[key] for a, b in zip(runs["this"], runs["ref"], strict=True)
    )
    if not equal:
        _say(f"[{target}] WARNING: THE GAMES DIFFER: total decisions {decisions['this']} here, "
             f"{decisions['ref']} at {ref} for the same {games} seeds; the ratio is not a speed "
             "comparison")  # fmt: skip
    return {
        "status": "ok" if equal else "games differ",
        "games": games,
        "first_seed": FIRST_SEED,
        "decisions_equal": equal,
        "ratio": speed_ratio if equal else None,
        "speed_ratio_unverified": None if equal else speed_ratio,
        "paired_ratio_median": paired if equal else None,
        "this": {"games_per_second": [m["games_per_second"] for m in runs["this"]],
                 "games_per_cpu_second": [m["games_per_cpu_second"] for m in runs["this"]],
                 "figure": figures["this"], "decisions": decisions["this"],
                 "layout": runs["this"][0]["layout"]},
        "ref": {"games_per_second": [m["games_per_second"] for m in runs["ref"]],
                "figure": figures["ref"], "decisions": decisions["ref"],
                "layout": runs["ref"][0]["layout"]},
    }  # fmt: skip


_CLOCKS = {"cpu": "best games per thread-CPU second", "wall": "median wall-clock games/s"}


def _table(result):
    ref = result["ref"]
    lines = [
        f"this checkout {result['this_commit'][:12]} vs {ref} ({result['ref_commit'][:12]}), "
        f"one thread, {_CLOCKS[result['clock']]} of {result['rounds']} rounds",
        f"{'target':<24}{'this games/s':>14}{'ref games/s':>14}{'this/ref':>14}{'paired':>9}"
        "  decisions",
    ]
    for target, r in result["targets"].items():
        if r["status"].startswith("n/a"):
            lines.append(f"{target:<24}{'':>14}{'':>14}{r['status']:>14}")
            continue
        ratio = f"{r['ratio']:.3f}" if r["decisions_equal"] else "games differ"
        paired = f"{r['paired_ratio_median']:.3f}" if r["decisions_equal"] else "-"
        same = "equal" if r["decisions_equal"] else "DIFFER"
        lines.append(f"{target:<24}{r['this']['figure']:>14,.1f}{r['ref']['figure']:>14,.1f}"
                     f"{ratio:>14}{paired:>9}  {same} ({r['games']} games)")  # fmt: skip
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ref", help="the commit to compare against (anything git resolves)")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds of games per measurement")
    p.add_argument("--rounds", type=int, default=3, help="measurements per tree and target")
    p.add_argument(
        "--targets",
        default=DEFAULT_TARGETS,
        help=f"comma-separated targets (default {DEFAULT_TARGETS}; all: {', '.join(TARGETS)})",
    )
    p.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu (default): the best round's games per thread-CPU second, robust on "
        "a shared machine; wall: the median round's wall-clock games/s",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--child", help=argparse.SUPPRESS)
    p.add_argument("--games", type=int, help=argparse.SUPPRESS)
    p.add_argument("--tree", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        child(args.child, args.games, args.tree)
        return
    if not args.ref:
        p.error("--ref is required")
    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        p.error(f"unknown targets {', '.join(unknown)}; targets are {', '.join(TARGETS)}")
    if args.rounds < 1 or args.seconds <= 0:
        p.error("--rounds must be at least 1 and --seconds positive")
    result = compare(args.ref, args.seconds, args.rounds, targets, args.clock)
    print(json.dumps(result, indent=2) if args.json else _table(result))


if __name__ == "__main__":
    main()
