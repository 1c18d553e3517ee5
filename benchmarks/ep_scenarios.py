"""Explorers & Pirates per scenario: speed, game length and who wins, by agent table.

Plays each scenario with the jitted self-play kernel on one thread for each
table of agents and prints a Markdown table: games/s, decisions and turns per
game, the share of games that ended with a winner (the rest hit ``max_turns``),
seat 0's win rate (the lone heuristic in "heuristic vs 3 random") and the win
rate of each colour (blue/red/white/orange: in Land Ho! the colour is the fixed
start, E&P §10.7.4; which seat plays which colour is drawn from the game's seed).

    python benchmarks/ep_scenarios.py                 # 100 games per row
    python benchmarks/ep_scenarios.py --games 20 --tables heuristic,random
    python benchmarks/ep_scenarios.py -o seat_colours=fixed   # colour c at seat c
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from catan_env import GameConfig  # noqa: E402
from catan_env.games.catan.base.agents import KIND_NAMES  # noqa: E402
from catan_env.games.catan.explorers_and_pirates.constants import (  # noqa: E402
    EP_COLOURS,
    SCENARIOS,
)
from catan_env.games.catan.explorers_and_pirates.setup import draw_colours  # noqa: E402
from catan_env.simulate import load_engine, play_jitted  # noqa: E402

TABLES = {
    "heuristic": ("heuristic",) * 4,
    "heuristic_vs_random": ("heuristic", "random", "random", "random"),
    "weighted": ("weighted",) * 4,
    "random": ("random",) * 4,
}


def colour_wins(config: GameConfig, seeds: np.ndarray, winners: np.ndarray) -> list[float]:
    """Share of the games won by each colour of ``EP_COLOURS``."""
    wins = np.zeros(len(EP_COLOURS))
    colours = np.zeros(4, np.int64)
    for s, w in zip(seeds, winners, strict=True):
        if w >= 0:
            draw_colours(np.int64(s), config.seat_colours == "fixed", colours)
            wins[colours[w]] += 1
    return list(wins / len(seeds))


def run(scenario: str, table: str, games: int, seed: int, max_turns: int, **options) -> dict:
    config = GameConfig.make(variant="explorers_and_pirates", scenario=scenario,
                             max_turns=max_turns, **options)  # fmt: skip
    kinds = np.array([KIND_NAMES.index(a) for a in TABLES[table]], np.int64)
    seeds = np.arange(seed, seed + games, dtype=np.int64)
    t0 = time.perf_counter()
    rec = play_jitted(config, kinds, seeds, agent_seed=seed)
    dt = time.perf_counter() - t0
    return {
        "colour_wins": colour_wins(config, seeds, rec.winners),
        "scenario": scenario,
        "table": table,
        "games": games,
        "games_per_second": games / dt,
        "decisions": float(rec.decisions.mean()),
        "turns": float(rec.turns.mean()),
        "finished": float((rec.winners >= 0).mean()),
        "seat0_wins": float((rec.winners == 0).mean()),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=100, help="games per row")
    p.add_argument("--scenarios", default=",".join(SCENARIOS))
    p.add_argument("--tables", default=",".join(TABLES), help=", ".join(TABLES))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-turns", type=int, default=1000)
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="an E&P option, e.g. seat_colours=fixed (repeatable)")  # fmt: skip
    a = p.parse_args(argv)
    options = {}
    for item in a.option:
        name, sep, value = item.partition("=")
        if not sep:
            p.error(f"-o needs NAME=VALUE, got {item!r}")
        options[name] = {"true": True, "false": False}.get(value.lower(), value)
    tables = [t for t in a.tables.split(",") if t]
    for t in tables:
        if t not in TABLES:
            p.error(f"unknown table {t!r} (one of {', '.join(TABLES)})")
    t0 = time.perf_counter()
    load_engine(GameConfig.make(variant="explorers_and_pirates"), True, threads=1)
    print(f"engine load/compile: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    print("| scenario | agents | games | games/s | decisions/game | turns/game "
          "| ended with a winner | seat 0 wins | wins by colour (b/r/w/o) |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for scenario in a.scenarios.split(","):
        for table in tables:
            r = run(scenario, table, a.games, a.seed, a.max_turns, **options)
            by_colour = " / ".join(f"{x:.0%}" for x in r["colour_wins"])
            print(f"| {scenario} | {table} | {r['games']} | {r['games_per_second']:.1f} "
                  f"| {r['decisions']:,.0f} | {r['turns']:.0f} | {r['finished']:.0%} "
                  f"| {r['seat0_wins']:.0%} | {by_colour} |", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
