"""Same seeds, same games: digests of final states, to compare two versions of the engine.

Plays a fixed list of seeds per target (every game and variant, random and
heuristic seats) through the jitted kernels and hashes each game's final state
array. ``--write FILE`` stores the digests; ``--check FILE`` replays the same
games on this checkout and fails (exit 1) naming the first game whose final
state differs. A refactoring that must not change any game (the engine
reorganisation, a speed fix) is checked with::

    python benchmarks/identical_games.py --check benchmarks/results/identical_games.json \
        --games 1000

The stored file holds 1,000 games per target and seating. base and
base_no_trade (random and heuristic seats) and cities_and_knights' random
seats are the digests b405a0e wrote (main before the redesign; commit
7bce6b7). The other targets' games were changed on purpose since then: every
E&P and Ancients state gained fields and rules (issue 21: seat colours, new
options, the fresh-discovery ship, cnc_hill_caps), and the heuristics of
cities_and_knights, E&P and Ancients now use knights, domestic trade and the
whole Ancients rulebook (issue 17.3; the Ancients heuristic seats had played
random). Their digests are the games e349a68 played, the commit after those
changes. The redesign since kept every game: this checkout replays all 20,000
(2026-12-02). Since then two changes altered games on purpose: the E&P capture
resolution checks the win once, after every marker's step (9189538; the heuristic
seats of ep_pirate_lairs from game 757, ep_fish_for_catan from 253 and
ep_explorers_and_pirates from 400 were rewritten), and offers open by a pair by
default (``trade_protocol="pairs"``): the Catan targets above pin
``trade_protocol="cards"``, whose games are unchanged, and the ``*_pairs`` targets
hold the default protocol's games as that commit played them.
``tests/core/test_identical_games.py`` checks its first games on every run.

Usage:
    python benchmarks/identical_games.py --write FILE [--games N]
    python benchmarks/identical_games.py --check FILE [--games N] [--targets a,b]
    python benchmarks/identical_games.py --update FILE --games 200 --targets a,b \
        --seatings heuristic
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

import numpy as np

#: The protocol the stored Catan games composed offers with (before trade_protocol).
_CARDS = {"trade_protocol": "cards"}
_EP_SCENARIOS = ("land_ho", "pirate_lairs", "fish_for_catan", "spices_for_catan",
                 "explorers_and_pirates")  # fmt: skip
#: name -> (game, options). ``game`` is a Catan variant or ``ancients:<scenario>``.
#: The first targets are the stored games of the card-by-card protocol; the
#: ``_pairs`` targets are the default protocol's (trade_protocol="pairs").
TARGETS = {
    "base": ("base", _CARDS),
    "base_no_trade": ("base", {"domestic_trade": False}),
    "cities_and_knights": ("cities_and_knights", _CARDS),
    **{f"ep_{s}": ("explorers_and_pirates", {"scenario": s, **_CARDS}) for s in _EP_SCENARIOS},
    "ancients_akragas": ("ancients:akragas", {}),
    "ancients_example": ("ancients:example_special_rules", {}),
    "base_pairs": ("base", {}),
    "cities_and_knights_pairs": ("cities_and_knights", {}),
    **{f"ep_{s}_pairs": ("explorers_and_pirates", {"scenario": s}) for s in _EP_SCENARIOS},
}
#: Seat kinds per target: (label, jitted agent kind). 0 random, 2 heuristic.
SEATINGS = (("random", 0), ("heuristic", 2))
#: Game ``i`` of a target uses game seed ``SEED0 + i`` and agent seed ``AGENT0 + i``.
SEED0, AGENT0 = 20_000, 7


def _final_states_catan(variant: str, options: dict, kind: int, n: int) -> np.ndarray:
    from catan_env import GameConfig
    from catan_env.variants import get_variant

    spec = get_variant(variant)
    config = GameConfig(variant=variant, **options)
    tb, cfg, tmpl = spec.tables(config), config.config_vector(), config.board_template()
    states = np.zeros((n, spec.state_size), np.int32)
    for i in range(n):
        spec.reset(states[i], tb, SEED0 + i, cfg, tmpl)
    kinds = np.full(4, kind, np.int64)
    agent_seeds = np.arange(AGENT0, AGENT0 + n, dtype=np.int64)
    played = np.zeros(n, np.int64)
    spec.play_out_many(states, tb, kinds, agent_seeds, 0, played)
    return states


def _final_states_ancients(scenario: str, kind: int, n: int) -> np.ndarray:
    from catan_env._generated import ancients_kernels as K
    from catan_env.games.ancients.scenario import load_scenario
    from catan_env.games.ancients.setup import check_options, new_state

    def play(states, kinds, agent_seeds, max_decisions):
        played = np.zeros(len(states), np.int64)
        K.play_out_many(states, np.zeros(1, np.int32), kinds, agent_seeds, max_decisions, played)

    sc = load_scenario(scenario)
    opts = check_options({})
    states = np.stack([new_state(sc, SEED0 + i, opts) for i in range(n)])
    agent_seeds = np.arange(AGENT0, AGENT0 + n, dtype=np.int64)
    # Ancients numbers its agent kinds on its own (random 0, heuristic 1): a
    # Catan kind number would pick another agent.
    from catan_env.games.ancients.agents import HEURISTIC, RANDOM

    kind = {SEATINGS[0][1]: RANDOM, SEATINGS[1][1]: HEURISTIC}[kind]
    play(states, np.full(2, kind, np.int64), agent_seeds, 100_000)
    return states


def final_states(target: str, kind: int, n: int) -> np.ndarray:
    """The final state of each of the first ``n`` games of ``target`` with seats of ``kind``."""
    game, options = TARGETS[target]
    if game.startswith("ancients:"):
        return _final_states_ancients(game.split(":", 1)[1], kind, n)
    return _final_states_catan(game, options, kind, n)


def digests(states: np.ndarray) -> list[str]:
    """A short SHA-256 digest of each row (each game's final state)."""
    return [hashlib.sha256(np.ascontiguousarray(r).tobytes()).hexdigest()[:16] for r in states]


def compute(targets, n: int, log=sys.stderr, seatings=None) -> dict:
    """Digests of ``n`` games per target and seating (``seatings``: labels, default all)."""
    out = {}
    for t in targets:
        for label, kind in SEATINGS:
            if seatings is not None and label not in seatings:
                continue
            t0 = time.perf_counter()
            print(f"  {t} / {label}: {n} games ...", end="", file=log, flush=True)
            out[f"{t}/{label}"] = digests(final_states(t, kind, n))
            print(f" {time.perf_counter() - t0:.1f} s", file=log, flush=True)
    return out


def compare(stored: dict, fresh: dict) -> list[str]:
    """One line per target whose digests differ, naming the first different game."""
    problems = []
    for key, got in fresh.items():
        want = stored[key][: len(got)]
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            if a != b:
                problems.append(f"{key}: game {i} (seed {SEED0 + i}) ends in another state")
                break
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="FILE")
    g.add_argument("--check", metavar="FILE")
    g.add_argument(
        "--update",
        metavar="FILE",
        help="recompute only --targets x --seatings in FILE, keeping its other digests "
        "(for an intentional change of some games)",
    )
    p.add_argument(
        "--seatings",
        default=",".join(label for label, _ in SEATINGS),
        help="with --update: the seatings to recompute (random, heuristic)",
    )
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--targets", default=",".join(TARGETS))
    a = p.parse_args(argv)
    targets = [t for t in a.targets.split(",") if t]
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        p.error(f"--targets: unknown {', '.join(unknown)}; known: {', '.join(TARGETS)}")
    if a.games < 1:
        p.error(f"--games must be at least 1, got {a.games}")
    seatings = [s for s in a.seatings.split(",") if s]
    known = [label for label, _ in SEATINGS]
    if any(s not in known for s in seatings):
        p.error(f"--seatings: unknown in {a.seatings!r}; known: {', '.join(known)}")
    print("playing (the first run compiles the kernels) ...", file=sys.stderr)
    if a.update:
        with open(a.update) as f:
            stored = json.load(f)
        if a.games != stored["games"]:
            p.error(f"--update needs --games {stored['games']}, the count {a.update} holds")
        fresh = compute(targets, a.games, seatings=seatings)
        stored["digests"].update(fresh)
        with open(a.update, "w") as f:
            json.dump(stored, f, indent=0)
        print(f"updated {', '.join(fresh)} ({a.games} games each) in {a.update}")
        return 0
    fresh = compute(targets, a.games)
    if a.write:
        with open(a.write, "w") as f:
            json.dump({"games": a.games, "seed0": SEED0, "digests": fresh}, f, indent=0)
        print(f"wrote {len(fresh)} digest lists of {a.games} games to {a.write}")
        return 0
    with open(a.check) as f:
        stored = json.load(f)
    if a.games > stored["games"]:
        p.error(f"--games {a.games} exceeds the {stored['games']} games stored in {a.check}")
    problems = compare(stored["digests"], fresh)
    for line in problems:
        print("DIFFERENT", line)
    total = len(fresh) * a.games
    print(f"{total} games compared, {len(problems)} targets differ")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
