"""How often each board family puts a 6 or 8 next to another 6 or 8.

Draws ``--boards`` boards of every family of
:mod:`catan_env.games.catan.board.families` (game seeds ``0..N-1``) and counts
the boards where two red tokens (6 or 8) are on adjacent hexes; for the
``catanatron`` family it also counts, as a cross-check, catanatron's own boards
(its ``BASE_MAP_TEMPLATE``, drawn with Python's ``random`` seeded 0) when
catanatron is installed.

Usage:
    python benchmarks/board_families.py [--boards 10000] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from catan_env import Game
from catan_env.games.catan.board import standard
from catan_env.games.catan.board.families import FAMILIES, family_options
from catan_env.games.catan.board.hexgrid import DIRECTIONS
from catan_env.games.catan.common import layout as L


def red_touch(numbers: np.ndarray) -> bool:
    """Is a 6 or 8 next to another 6 or 8 on this board (numbers in hex order)?"""
    for h, x in enumerate(numbers):
        if x in (6, 8):
            for g in standard.GEOMETRY.hex_neighbours[h]:
                if g >= 0 and numbers[g] in (6, 8):
                    return True
    return False


def family_rate(name: str, boards: int) -> float:
    touching = 0
    for seed in range(boards):
        s = Game(seed=seed, **family_options(name)).state
        touching += red_touch(s[L.HEX_NUMBER : L.HEX_NUMBER + standard.NUM_HEXES])
    return touching / boards


def catanatron_rate(boards: int) -> float | None:
    """The same count on catanatron's own draws, or None without catanatron."""
    try:
        import random

        from catanatron.models.map import BASE_MAP_TEMPLATE, CatanMap
    except ImportError:
        return None
    random.seed(0)
    touching = 0
    for _ in range(boards):
        m = CatanMap.from_template(BASE_MAP_TEMPLATE)
        red = {c for c, t in m.land_tiles.items() if t.number in (6, 8)}
        touching += any(
            (c[0] + dx, c[1] + dy, c[2] + dz) in red for c in red for dx, dy, dz in DIRECTIONS
        )
    return touching / boards


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--boards", type=int, default=10_000, help="boards per family (default 10000)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args()
    start = time.perf_counter()
    rates = {name: family_rate(name, args.boards) for name in FAMILIES}
    reference = catanatron_rate(args.boards)
    out = {
        "boards": args.boards,
        "adjacent_red_rate": rates,
        "catanatron_own_boards_rate": reference,
        "seconds": round(time.perf_counter() - start, 1),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"boards with a 6 or 8 next to another 6 or 8, of {args.boards:,} per family")
    for name, rate in rates.items():
        print(f"  {name:<16}{rate:8.2%}")
    if reference is not None:
        print(f"  {'(catanatron)':<16}{reference:8.2%}  catanatron's own draws")


if __name__ == "__main__":
    main()
