"""Soak: play many random games per variant with every invariant checked after every step.

Each variant's jitted soak kernel (``spec.soak``, generated from
``catan_env/core/kernels/template.py`` over the variant's ``rules.check``) plays
uniformly random legal actions and runs the variant's whole invariant check
after every single step: cards and pieces conserved, limits held, VP, roads, holders,
phase and decider, a legal action in every running game (code 15) and the end
of every game within the decision cap (code 16).

On a sample of games (``--sample-every``) a worker also drives :class:`Game`
from Python and checks what the kernel cannot:

* mask/step agreement: ``legal_actions`` and ``legal_mask`` name the same set;
  every legal action, applied to a copy, leads to a state that passes the
  invariants; a forbidden action is rejected and leaves the state
  byte-identical;
* replay identity: the record replays to the identical final state, the JSON
  snapshot round-trips, and the kernel replays the same seeds to the same
  final states.

Chunks of games run in worker processes on every core (``--workers``), the
variants interleaved so that a time limit (``--max-seconds``) stops both at
about the same number of games. Options rotate over a few presets per
variant (player counts, boards, the optional rules) so that they are soaked
too; ``--preset default`` plays only the standard 4-player game.

    python benchmarks/soak.py                          # 1,000,000 games per variant
    nice -n 19 python benchmarks/soak.py --games 20000 --max-seconds 3600 --json
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

import numpy as np

#: What can be soaked: a name -> (variant, options every chunk of it uses). The
#: default run soaks the first two; the E&P scenarios are named with ``--variants``.
TARGETS: dict[str, tuple[str, dict]] = {
    "base": ("base", {}),
    "cities_and_knights": ("cities_and_knights", {}),
    **{
        f"ep_{s}": ("explorers_and_pirates", {"scenario": s})
        for s in (
            "land_ho",
            "pirate_lairs",
            "fish_for_catan",
            "spices_for_catan",
            "explorers_and_pirates",
        )
    },
}
VARIANTS = ("base", "cities_and_knights")

#: Option presets per variant, rotated over chunks (the first is the standard game
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
    ],
    "cities_and_knights": [
        {},
        {"num_players": 3},
        {"mean_barbarians": True, "knight_errant": True},
        {"easy_start": True, "number_tokens": "random"},
        {"domestic_trade": False, "skip_forced": True},
        {"max_turns": 40},
    ],
    **{t: [{}, {"num_players": 3}] for t in TARGETS if t.startswith("ep_")},
}

#: Decisions after which a game counts as endless (invariant code 16).
MAX_DECISIONS = 2_000_000


def preset_for(variant: str, chunk: int, mode: str) -> dict:
    """The options of chunk number ``chunk``: the standard game every other chunk."""
    presets = PRESETS[variant]
    if mode == "default" or chunk % 2 == 0:
        return presets[0]
    return presets[1 + (chunk // 2) % (len(presets) - 1)]


def run_chunk(target: str, seed0: int, n_games: int, options: dict, sample: bool) -> dict:
    """Soak ``n_games`` games from seed ``seed0``; the worker-process entry point."""
    from catan_env import GameConfig
    from catan_env.variants import get_variant

    variant, fixed = TARGETS[target]
    options = {**fixed, **options}
    v = get_variant(variant)
    c = GameConfig.make(variant=variant, **options)
    code = np.zeros(n_games, np.int32)
    winner = np.zeros(n_games, np.int32)
    decisions = np.zeros(n_games, np.int64)
    states = np.zeros((n_games, v.state_size), np.int32)
    seeds = np.arange(seed0, seed0 + n_games, dtype=np.int64)
    random_seats = np.zeros(v.rules.MAX_SEATS, np.int64)
    args = (v.tables(c), c.config_vector(), c.board_template(), seeds, random_seats, seed0,
            MAX_DECISIONS)  # fmt: skip
    v.soak(*args, code, winner, decisions, states)
    out = {
        "variant": target,
        "games": n_games,
        "decisions": int(decisions.sum()),
        "max_decisions": int(decisions.max()),
        "truncated": int((winner < 0).sum()),
        "violations": [
            {"seed": int(seeds[i]), "code": int(code[i]), "options": options}
            for i in np.flatnonzero(code)
        ],
        "sampled": 0,
        "sample_failures": [],
    }
    if sample:
        k = min(n_games, 4)
        code2, winner2, dec2 = code[:k].copy(), winner[:k].copy(), decisions[:k].copy()
        states2 = np.zeros((k, v.state_size), np.int32)
        args2 = args[:3] + (seeds[:k],) + args[4:]
        v.soak(*args2, code2, winner2, dec2, states2)
        if not np.array_equal(states2, states[:k]) or not np.array_equal(dec2, decisions[:k]):
            out["sample_failures"].append(
                {"seed": int(seed0), "check": "kernel replay differs", "options": options}
            )
        failure = check_game_api(variant, int(seed0), options)
        out["sampled"] = 1
        if failure:
            out["sample_failures"].append(
                {"seed": int(seed0), "check": failure, "options": options}
            )
    return out


def check_game_api(variant: str, seed: int, options: dict) -> str | None:
    """Play one random game through :class:`Game` with the checks of the module docstring.

    Returns None if all hold, else a description of the first failure.
    """
    from catan_env import Game, IllegalActionError

    g = Game(variant=variant, seed=seed, **options)
    v = g.variant
    rng = np.random.default_rng(seed)
    scratch = np.zeros(v.num_actions, np.int32)
    legal_buf = np.zeros(v.num_actions, np.int32)
    decisions = 0
    mid, mid_at = None, 300
    while not g.done:
        mask = g.action_mask()
        count = v.legal_actions(g.state, g.tables, legal_buf)
        legal = np.flatnonzero(mask)
        if count == 0 or not np.array_equal(np.sort(legal_buf[:count]), legal):
            return f"legal_actions and legal_mask disagree at decision {decisions}"
        for a in legal:
            trial = g.state.copy()
            v.step(trial, g.tables, int(a), scratch)
            bad = v.check_state(trial, g.tables)
            if bad:
                name = v.actions.names[a]
                return f"legal {name} at decision {decisions} breaks invariant {bad}"
        forbidden = np.flatnonzero(~mask)
        if len(forbidden):
            a = int(forbidden[rng.integers(len(forbidden))])
            before = g.state.copy()
            try:
                g.step(a)
                return f"forbidden {v.actions.names[a]} accepted at decision {decisions}"
            except IllegalActionError:
                pass
            if not np.array_equal(before, g.state):
                return f"rejected {v.actions.names[a]} changed the state"
        g.step(int(legal[rng.integers(len(legal))]))
        decisions += 1
        if decisions == mid_at:
            mid = g.to_dict()
    if not np.array_equal(Game.from_record(g.record()).state, g.state):
        return "record does not replay to the identical state"
    snap = g.to_dict()
    if Game.from_dict(json.loads(json.dumps(snap))).to_dict() != snap:
        return "JSON snapshot does not round-trip"
    # A snapshot normalises bookkeeping that has no effect on play (e.g. where a
    # ring-buffered deck starts), so a mid-game snapshot is checked by playing
    # on from it: the same actions reach the same final position.
    if mid is not None:
        resumed = Game.from_dict(json.loads(json.dumps(mid)))
        for a in g.actions[mid_at:]:
            resumed.step(a)
        if resumed.to_dict() != snap:
            return f"play from the snapshot at decision {mid_at} diverges"
    return None


def soak(
    games: int,
    variants=VARIANTS,
    workers: int = 2,
    chunk: int = 50,
    sample_every: int = 20_000,
    seed: int = 0,
    max_seconds: float = 0.0,
    preset: str = "mix",
    progress: bool = True,
) -> dict:
    """Run the soak and return per-variant results (see the module docstring)."""
    from tqdm import tqdm

    t0 = time.perf_counter()
    # (variant, seed0, n, options, sample) in interleaved order, generated lazily.
    n_chunks = -(-games // chunk)

    def tasks():
        for k in range(n_chunks):
            n = min(chunk, games - k * chunk)
            sample = sample_every > 0 and k % max(1, sample_every // chunk) == 0
            for variant in variants:
                seed0 = seed + k * chunk
                yield variant, seed0, n, preset_for(variant, k, preset), sample

    results = {
        v: {
            "games": 0,
            "decisions": 0,
            "max_decisions": 0,
            "truncated": 0,
            "violations": 0,
            "violation_examples": [],
            "sampled_games": 0,
            "sample_failures": [],
            "codes": Counter(),
        }
        for v in variants
    }
    bar = tqdm(total=games * len(variants), unit="game", disable=not progress, smoothing=0.05)
    stopped_early = False
    ctx = get_context("spawn")  # no fork of a process with numba's threads
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        pending = set()
        it = tasks()
        exhausted = False
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
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                r = fut.result()
                agg = results[r["variant"]]
                agg["games"] += r["games"]
                agg["decisions"] += r["decisions"]
                agg["max_decisions"] = max(agg["max_decisions"], r["max_decisions"])
                agg["truncated"] += r["truncated"]
                agg["violations"] += len(r["violations"])
                agg["violation_examples"] += r["violations"][: 10 - len(agg["violation_examples"])]
                agg["codes"].update(x["code"] for x in r["violations"])
                agg["sampled_games"] += r["sampled"]
                agg["sample_failures"] += r["sample_failures"]
                for bad in r["violations"] + r["sample_failures"]:
                    # At once, so that a long run shows what to reproduce while it goes on.
                    bar.write(f"VIOLATION {r['variant']}: {json.dumps(bad)}", file=sys.stderr)
                bar.update(r["games"])
                bar.set_postfix(
                    violations=sum(
                        a["violations"] + len(a["sample_failures"]) for a in results.values()
                    )
                )
    bar.close()
    seconds = time.perf_counter() - t0
    from catan_env.variants import get_variant

    for name, agg in results.items():
        names = get_variant(TARGETS[name][0]).invariant_names
        agg["codes"] = {
            (names[c] if c < len(names) else str(c)): n for c, n in sorted(agg["codes"].items())
        }
    return {
        "games_requested_per_variant": games,
        "stopped_by_time_limit": stopped_early,
        "workers": workers,
        "seconds": round(seconds, 1),
        "variants": results,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=1_000_000, help="games per variant")
    p.add_argument(
        "--variants", default=",".join(VARIANTS), help=f"comma-separated of {', '.join(TARGETS)}"
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--chunk", type=int, default=50, help="games per kernel call")
    p.add_argument(
        "--sample-every", type=int, default=20_000, help="games per Python-checked game (0: none)"
    )
    p.add_argument("--seed", type=int, default=0, help="first game seed")
    p.add_argument("--max-seconds", type=float, default=0.0, help="stop starting chunks after this")
    p.add_argument("--preset", choices=("mix", "default"), default="mix")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-progress", action="store_true")
    a = p.parse_args(argv)
    variants = tuple(x for x in a.variants.split(",") if x)
    for v in variants:
        if v not in TARGETS:
            p.error(f"unknown variant {v!r} (one of {', '.join(TARGETS)})")
    out = soak(
        a.games,
        variants,
        a.workers,
        a.chunk,
        a.sample_every,
        a.seed,
        a.max_seconds,
        a.preset,
        progress=not a.no_progress,
    )
    bad = sum(v["violations"] + len(v["sample_failures"]) for v in out["variants"].values())
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{out['seconds']:.0f} s on {out['workers']} workers")
        for name, r in out["variants"].items():
            rate = r["games"] / out["seconds"] if out["seconds"] else 0
            print(
                f"{name:20s} games {r['games']:>10,}  decisions {r['decisions']:>14,}  "
                f"violations {r['violations']}  sample games {r['sampled_games']} "
                f"(failures {len(r['sample_failures'])})  truncated {r['truncated']:,}  "
                f"{rate:,.1f} games/s"
            )
            for ex in r["violation_examples"] + r["sample_failures"]:
                print("   ", ex)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
