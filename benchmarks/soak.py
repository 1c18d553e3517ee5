"""Soak: play many games per target with every invariant checked after every step.

Each game's jitted soak kernel (``kernels.soak``, generated from
``catan_env/core/kernels/template.py`` over the game's ``rules.check``) plays
its agents' legal actions and runs the game's whole invariant check after every
single step: cards, pieces and units conserved, limits held, scores, roads,
holders, phase and decider, a legal action in every running game (code
``SOAK_NO_LEGAL``) and the end of every game within the decision cap
(``SOAK_TOO_LONG``).

Targets (``TARGETS``): the base game, Cities & Knights, each Explorers & Pirates
scenario (``ep_<scenario>``) and two Ancients scenarios (Akragas and the example
scenario with special rules). Options rotate over a few presets per target
(player counts, boards, the optional rules) every other chunk, and so do the
seats: the Catan base game and C&K play uniformly random agents (they reach
their ends at random already), while the E&P and Ancients chunks mix random and
heuristic seats, so that games also end by missions and banners, not only by
the turn limit.

On a sample of games (``--sample-every``) a worker also drives the game's
Python ``Game`` with random actions and checks what the kernel cannot:

* mask/step agreement: ``legal_actions`` and ``action_mask`` name the same set;
  every legal action, applied to a copy, leads to a state that passes the
  invariants; a forbidden action is rejected and leaves the state
  byte-identical;
* replay identity: the record replays to the identical final state, the JSON
  snapshot round-trips and plays on identically, and the kernel replays the
  same seeds to the same final states.

**Resumable by seed ranges.** Game ``i`` of a target uses seed ``i``; the seeds
are played in chunks of ``--chunk`` (chunk ``k``: seeds ``k*chunk`` to
``(k+1)*chunk - 1``, its options and seats fixed by ``k``). The results file
(``--out``, ``benchmarks/results/soak.json``) keeps, per target, the seed ranges
done and the totals, and is rewritten as chunks finish; a later run with the
same file plays only the chunks missing below ``--games`` per target. So an
interrupted run loses at most the chunks in flight, and ``--games`` can grow
from one session to the next. ``--fresh`` starts the file again.

    python benchmarks/soak.py --games 1000000                   # every target
    nice -n 19 python benchmarks/soak.py --targets ep_land_ho,ancients_akragas \\
        --games 20000 --max-seconds 3600

The file: ``{"chunk": C, "targets": {NAME: {"games", "decisions", "violations",
"seconds", "seed_ranges", ...}}}`` (``seconds``: the workers' time on the
target's chunks).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing import get_context
from pathlib import Path

import numpy as np

EP_SCENARIOS = ("land_ho", "pirate_lairs", "fish_for_catan", "spices_for_catan",
                "explorers_and_pirates")  # fmt: skip
#: What can be soaked: a name -> (registry game, options every chunk of it uses).
TARGETS: dict[str, tuple[str, dict]] = {
    "base": ("base", {}),
    "cities_and_knights": ("cities_and_knights", {}),
    **{f"ep_{s}": ("explorers_and_pirates", {"scenario": s}) for s in EP_SCENARIOS},
    "ancients_akragas": ("ancients", {"scenario": "akragas"}),
    "ancients_example": ("ancients", {"scenario": "example_special_rules"}),
}

#: Option presets per target, rotated over chunks (the first is the standard game
#: and gets half of the chunks).
PRESETS: dict[str, list[dict]] = {
    "base": [
        {},
        {"num_players": 3},
        {"num_players": 2},
        {"board": "beginner", "friendly_robber": True},
        {"number_tokens": "random", "random_spiral_start": True, "strict_trade_build_order": True},
        {"domestic_trade": False, "skip_forced": True, "discard_limit": 5},
        {"max_turns": 40},
        {"trade_protocol": "cards"},
    ],
    "cities_and_knights": [
        {},
        {"num_players": 3},
        {"mean_barbarians": True, "knight_errant": True},
        {"easy_start": True, "number_tokens": "random"},
        {"domestic_trade": False, "skip_forced": True},
        {"max_turns": 40},
        {"trade_protocol": "cards"},
    ],
    **{f"ep_{s}": [{}, {"num_players": 3}, {"trade_protocol": "cards"}] for s in EP_SCENARIOS},
    "ancients_akragas": [{}],
    "ancients_example": [{}],
}

#: Whether a target's chunks mix heuristic seats in (see the module docstring).
MIXED_SEATS = {t: TARGETS[t][0] in ("explorers_and_pirates", "ancients") for t in TARGETS}

#: Decisions after which a game counts as endless (invariant code SOAK_TOO_LONG).
MAX_DECISIONS = 2_000_000
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "soak.json"
#: Seconds between two rewrites of the results file while chunks finish.
SAVE_EVERY = 20.0


def preset_for(target: str, chunk: int, mode: str) -> dict:
    """The options of chunk number ``chunk``: the standard game every other chunk."""
    presets = PRESETS[target]
    if mode == "default" or chunk % 2 == 0 or len(presets) == 1:
        return presets[0]
    return presets[1 + (chunk // 2) % (len(presets) - 1)]


def seats_for(target: str, chunk: int, seats: int, heuristic: int) -> list[int]:
    """The agent kind of each seat in chunk ``chunk``: all random, or (mixed targets)
    in turn one heuristic seat (each seat in turn), all heuristic, all random."""
    kinds = [0] * seats
    if not MIXED_SEATS[target]:
        return kinds
    form = chunk % (seats + 2)
    if form < seats:
        kinds[form] = heuristic
    elif form == seats:
        kinds = [heuristic] * seats
    return kinds


def _spec_and_config(target: str, options: dict):
    from catan_env import hooks

    game, fixed = TARGETS[target]
    spec = hooks.get(game)
    return spec, spec.configure(**fixed, **options)


def run_chunk(target: str, chunk: int, size: int, mode: str, sample: bool) -> dict:
    """Soak chunk ``chunk`` (seeds ``chunk*size`` on) of ``target``; the worker's entry point."""
    t0 = time.perf_counter()
    options = preset_for(target, chunk, mode)
    spec, config = _spec_and_config(target, options)
    R = spec.rules
    seats = int(config.num_players)
    heuristic = spec.agent_kinds.index("heuristic")
    kinds = np.zeros(R.MAX_SEATS, np.int64)
    kinds[:seats] = seats_for(target, chunk, seats, heuristic)
    seed0 = chunk * size
    seeds = np.arange(seed0, seed0 + size, dtype=np.int64)
    code = np.zeros(size, np.int32)
    winner = np.zeros(size, np.int32)
    decisions = np.zeros(size, np.int64)
    states = np.zeros((size, R.STATE_SIZE), np.int32)
    tables, cfg, template = spec.batch.kernel_inputs(config)
    args = (tables, cfg, template, seeds, kinds, seed0, MAX_DECISIONS)
    spec.kernels.soak(*args, code, winner, decisions, states)
    where = {"options": options, "seats": kinds[:seats].tolist()}
    out = {
        "target": target,
        "chunk": chunk,
        "games": size,
        "decisions": int(decisions.sum()),
        "max_decisions": int(decisions.max()),
        "truncated": int((winner < 0).sum()),
        "violations": [
            {"seed": int(seeds[i]), "code": int(code[i]), **where} for i in np.flatnonzero(code)
        ],
        "sampled": 0,
        "sample_failures": [],
    }
    if sample:
        k = min(size, 4)
        code2, winner2, dec2 = code[:k].copy(), winner[:k].copy(), decisions[:k].copy()
        states2 = np.zeros((k, R.STATE_SIZE), np.int32)
        spec.kernels.soak(*args[:3], seeds[:k], *args[4:], code2, winner2, dec2, states2)
        if not np.array_equal(states2, states[:k]) or not np.array_equal(dec2, decisions[:k]):
            failed = {"seed": seed0, "check": "kernel replay differs", **where}
            out["sample_failures"].append(failed)
        failure = check_game_api(target, seed0, options)
        out["sampled"] = 1
        if failure:
            out["sample_failures"].append({"seed": seed0, "check": failure, **where})
    out["seconds"] = time.perf_counter() - t0
    return out


def check_game_api(target: str, seed: int, options: dict) -> str | None:
    """Play one random game of ``target`` through its ``Game`` with the checks of
    the module docstring; None if all hold, else the first failure in words."""
    from catan_env.explain import IllegalActionError
    from catan_env.replay import replay

    spec, config = _spec_and_config(target, options)
    R = spec.rules
    g = spec.new_game(config, seed)
    rng = np.random.default_rng(seed)
    scratch = np.zeros(R.SCRATCH_SIZE, np.int32)
    legal_buf = np.zeros(R.LEGAL_SIZE, np.int32)
    memo = np.zeros(max(R.MEMO_SIZE, 1), np.int32)
    names = g.action_names
    decisions = 0
    mid, mid_at = None, 300
    while not g.done:
        mask = g.action_mask()
        count = R.legal_actions(g.state, g.tables, legal_buf)
        legal = np.flatnonzero(mask)
        if count == 0 or not np.array_equal(np.sort(legal_buf[:count]), legal):
            return f"legal_actions and action_mask disagree at decision {decisions}"
        for a in legal:
            trial = g.state.copy()
            R.step(trial, g.tables, int(a), scratch)
            bad = R.check(trial, g.tables, memo, True)
            if bad:
                return f"legal {names[a]} at decision {decisions} breaks invariant {bad}"
        forbidden = np.flatnonzero(~mask)
        if len(forbidden):
            a = int(forbidden[rng.integers(len(forbidden))])
            before = g.state.copy()
            try:
                g.step(a)
                return f"forbidden {names[a]} accepted at decision {decisions}"
            except IllegalActionError:
                pass
            if not np.array_equal(before, g.state):
                return f"rejected {names[a]} changed the state"
        g.step(int(legal[rng.integers(len(legal))]))
        decisions += 1
        if decisions == mid_at:
            mid = g.to_dict()
    if not np.array_equal(replay(g.record()).state, g.state):
        return "record does not replay to the identical state"
    snap = g.to_dict()
    cls = type(g)
    if cls.from_dict(json.loads(json.dumps(snap))).to_dict() != snap:
        return "JSON snapshot does not round-trip"
    # A snapshot normalises bookkeeping that has no effect on play (e.g. where a
    # ring-buffered deck starts), so a mid-game snapshot is checked by playing
    # on from it: the same actions reach the same final position.
    if mid is not None:
        resumed = cls.from_dict(json.loads(json.dumps(mid)))
        for a in g.actions[mid_at:]:
            resumed.step(a)
        if resumed.to_dict() != snap:
            return f"play from the snapshot at decision {mid_at} diverges"
    return None


# --- the results file --------------------------------------------------------------------


def _empty() -> dict:
    return {"games": 0, "decisions": 0, "violations": 0, "seconds": 0.0, "seed_ranges": [],
            "max_decisions": 0, "truncated": 0, "violation_examples": [], "sampled_games": 0,
            "sample_failures": [], "codes": {}}  # fmt: skip


def _add_range(ranges: list, start: int, end: int) -> list:
    """``ranges`` (sorted, disjoint ``[start, end)`` pairs) with ``[start, end)`` merged in."""
    out = []
    for a, b in sorted([*map(tuple, ranges), (start, end)]):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out


def _covered(ranges: list, start: int, end: int) -> bool:
    return any(a <= start and end <= b for a, b in ranges)


def new_results(chunk: int, mode: str) -> dict:
    """An empty results file's contents."""
    return {"chunk": chunk, "preset": mode, "max_decisions": MAX_DECISIONS, "targets": {}}


def load_results(path: Path, chunk: int, mode: str, fresh: bool) -> dict:
    """The results file at ``path`` to resume, or a new one (``fresh``, or none there).

    Raises:
        SystemExit: the file was written with another chunk size or preset mode
            (its seed ranges would not line up with this run's chunks).
    """
    if fresh or not path.exists():
        return new_results(chunk, mode)
    data = json.loads(path.read_text())
    for key, value in (("chunk", chunk), ("preset", mode)):
        if data.get(key) != value:
            raise SystemExit(
                f"{path} was written with --{key} {data.get(key)}, not {value}: "
                f"run with --{key} {data.get(key)}, or --fresh to start again"
            )
    return data


def save_results(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    tmp.replace(path)  # never a half-written file, even if the run is killed


def _merge(agg: dict, r: dict, names) -> None:
    agg["games"] += r["games"]
    agg["decisions"] += r["decisions"]
    agg["seconds"] = round(agg["seconds"] + r["seconds"], 3)
    agg["max_decisions"] = max(agg["max_decisions"], r["max_decisions"])
    agg["truncated"] += r["truncated"]
    agg["violations"] += len(r["violations"])
    agg["violation_examples"] += r["violations"][: 10 - len(agg["violation_examples"])]
    codes = Counter(agg["codes"])
    for c in (x["code"] for x in r["violations"]):
        codes[names[c] if c < len(names) else str(c)] += 1
    agg["codes"] = dict(sorted(codes.items()))
    agg["sampled_games"] += r["sampled"]
    agg["sample_failures"] += r["sample_failures"]
    start = r["chunk"] * r["games"]
    agg["seed_ranges"] = _add_range(agg["seed_ranges"], start, start + r["games"])


def soak(
    games: int,
    targets=tuple(TARGETS),
    workers: int = 2,
    chunk: int = 50,
    sample_every: int = 20_000,
    max_seconds: float = 0.0,
    preset: str = "mix",
    progress: bool = True,
    out: Path | None = DEFAULT_OUT,
    fresh: bool = False,
) -> dict:
    """Soak ``games`` games of each of ``targets`` (counting those the results file
    ``out`` already holds, None: no file) and return the results (the file's
    contents; see the module docstring)."""
    from tqdm import tqdm

    from catan_env import hooks

    t0 = time.perf_counter()
    data = load_results(out, chunk, preset, fresh) if out else new_results(chunk, preset)
    for t in targets:
        data["targets"].setdefault(t, _empty())
    todo = {}
    for t in targets:
        done = data["targets"][t]["seed_ranges"]
        todo[t] = [k for k in range(-(-games // chunk))
                   if not _covered(done, k * chunk, (k + 1) * chunk)]  # fmt: skip

    def tasks():
        # Targets interleaved, so that a time limit stops them at about the same count.
        for i in range(max(map(len, todo.values()), default=0)):
            for t in targets:
                if i < len(todo[t]):
                    k = todo[t][i]
                    sample = sample_every > 0 and k % max(1, sample_every // chunk) == 0
                    yield t, k, chunk, preset, sample

    names = {t: hooks.get(TARGETS[t][0]).invariant_names for t in targets}
    total = sum(len(v) for v in todo.values()) * chunk
    bar = tqdm(total=total, unit="game", disable=not progress, smoothing=0.05)
    stopped_early, saved_at = False, time.perf_counter()
    ctx = get_context("spawn")  # no fork of a process with numba's threads
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        pending, it, exhausted = set(), tasks(), False
        while True:
            while not exhausted and len(pending) < 2 * workers:
                if max_seconds and time.perf_counter() - t0 > max_seconds:
                    exhausted = stopped_early = True
                    break
                task = next(it, None)
                if task is None:
                    exhausted = True
                    break
                pending.add(pool.submit(run_chunk, *task))
            if not pending:
                break
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                r = fut.result()
                _merge(data["targets"][r["target"]], r, names[r["target"]])
                for bad in r["violations"] + r["sample_failures"]:
                    # At once, so that a long run shows what to reproduce while it goes on.
                    bar.write(f"VIOLATION {r['target']}: {json.dumps(bad)}", file=sys.stderr)
                bar.update(r["games"])
                bar.set_postfix(violations=sum(
                    a["violations"] + len(a["sample_failures"]) for a in data["targets"].values()
                ))  # fmt: skip
            if out and time.perf_counter() - saved_at > SAVE_EVERY:
                save_results(out, data)
                saved_at = time.perf_counter()
    bar.close()
    data["last_run"] = {"games_requested_per_target": games, "workers": workers,
                        "stopped_by_time_limit": stopped_early,
                        "seconds": round(time.perf_counter() - t0, 1)}  # fmt: skip
    if out:
        save_results(out, data)
    return data


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=1_000_000,
                   help="games per target, counting those the results file holds")  # fmt: skip
    p.add_argument("--targets", default=",".join(TARGETS),
                   help=f"comma-separated of {', '.join(TARGETS)}")  # fmt: skip
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--chunk", type=int, default=50, help="games per kernel call")
    p.add_argument("--sample-every", type=int, default=20_000,
                   help="games per Python-checked game (0: none)")  # fmt: skip
    p.add_argument("--max-seconds", type=float, default=0.0, help="stop starting chunks after this")
    p.add_argument("--preset", choices=("mix", "default"), default="mix")
    p.add_argument("--out", default=str(DEFAULT_OUT),
                   help="the results file, resumed when it exists ('-': none)")  # fmt: skip
    p.add_argument("--fresh", action="store_true", help="start the results file again")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-progress", action="store_true")
    a = p.parse_args(argv)
    targets = tuple(x for x in a.targets.split(",") if x)
    for t in targets:
        if t not in TARGETS:
            p.error(f"unknown target {t!r} (one of {', '.join(TARGETS)})")
    for name in ("games", "workers", "chunk"):
        if getattr(a, name) < 1:
            p.error(f"--{name} must be at least 1, got {getattr(a, name)}")
    out = soak(a.games, targets, a.workers, a.chunk, a.sample_every, a.max_seconds, a.preset,
               progress=not a.no_progress, out=None if a.out == "-" else Path(a.out),
               fresh=a.fresh)  # fmt: skip
    results = {t: out["targets"][t] for t in targets}
    bad = sum(r["violations"] + len(r["sample_failures"]) for r in results.values())
    if a.json:
        print(json.dumps({**out, "targets": results}, indent=1))
    else:
        print(f"{out['last_run']['seconds']:.0f} s on {a.workers} workers")
        for name, r in results.items():
            rate = r["games"] / r["seconds"] if r["seconds"] else 0
            print(f"{name:22s} games {r['games']:>10,}  decisions {r['decisions']:>15,}  "
                  f"violations {r['violations']}  sample games {r['sampled_games']} "
                  f"(failures {len(r['sample_failures'])})  truncated {r['truncated']:,}  "
                  f"{rate:,.1f} games/worker-s")  # fmt: skip
            for ex in r["violation_examples"] + r["sample_failures"]:
                print("   ", ex)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
