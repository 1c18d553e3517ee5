"""This checkout's heuristic against the heuristic of another git revision, in one process.

The old heuristic's module is read from ``git show REV:PATH``, its relative
imports are made absolute (so it runs on this checkout's engine: the rules
must not have changed between the two revisions) and it is imported from a
temporary directory. Then ``--games`` games are played with one seat of the
new heuristic and the others old, the new seat rotating over the seats (the
Ancients: one side each, alternating); ``--mirror`` seats one old heuristic
among new ones instead (where the new heuristics trade with each other, say).
Prints the lone seat's wins and, for comparison, the share a seat wins when
all seats are equal (1 / seats).

Usage:
    python benchmarks/vs_old_heuristic.py --game ck --rev main --games 20 [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

#: game -> (module path of its heuristic, function name, variant / scenario)
HEURISTICS = {
    "base": ("catan_env/games/catan/base/heuristic.py", "heuristic_action", "base"),
    "ck": (
        "catan_env/games/catan/cities_and_knights/heuristic.py",
        "ck_heuristic_action",
        "cities_and_knights",
    ),
    "ep": (
        "catan_env/games/catan/explorers_and_pirates/heuristic.py",
        "ep_heuristic_action",
        "explorers_and_pirates",
    ),
    "ancients": ("catan_env/games/ancients/agents.py", "heuristic_action", "akragas"),
}


def _absolute_imports(source: str, path: str) -> str:
    """``from .x import`` / ``from ..x import`` made absolute for the module at ``path``."""
    package = path[: -len(".py")].replace("/", ".").rsplit(".", 1)[0]

    def fix(m):
        dots, rest = len(m.group(1)), m.group(2)
        base = package.rsplit(".", dots - 1)[0] if dots > 1 else package
        return f"from {base}{'.' + rest if rest else ''} import"

    return re.sub(r"^from (\.+)([\w.]*) import", fix, source, flags=re.M)


def load_old(game: str, rev: str, into: Path):
    """The old revision's heuristic function of ``game`` (and its module)."""
    path, func, _ = HEURISTICS[game]
    try:
        source = subprocess.run(
            ["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
    except subprocess.CalledProcessError as e:
        raise SystemExit(f"--rev {rev}: git show failed: {e.stderr.strip()}") from e
    name = f"_old_{game}_heuristic"
    file = into / f"{name}.py"
    file.write_text(_absolute_imports(source, path))
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return getattr(module, func), module


def _play_catan(game_name: str, old, games: int, seed: int, mirror: bool = False) -> dict:
    from agents.jitted import HeuristicAgent
    from catan_env import Game

    variant = HEURISTICS[game_name][2]
    wins = 0
    ended = 0
    for g in range(games):
        game = Game(variant, seed=seed + g)
        n = game.num_players
        new_seat = g % n
        new = HeuristicAgent(seed=seed + g)
        rng = np.zeros(2, np.int32)
        from catan_env.games.catan.common.rng import seed_at

        seed_at(rng, 0, seed + g + 1)
        work = np.zeros(game.variant.agent_work_size, np.int32)
        while not game.done and not game.truncated:
            p = game.current_player
            if (p == new_seat) != mirror:
                a = new.act(game)
            else:
                legal = game.legal_actions().astype(np.int32)
                a = int(old(game.state, game.tables, legal, len(legal), rng, 0, work))
            game.step(a)
        if game.winner is not None:
            ended += 1
            wins += int(game.winner == new_seat)
    return {"games": games, "ended": ended, "lone_seat_wins": wins, "seats": n}


def _play_ancients(old, games: int, seed: int) -> dict:
    from catan_env.core.rng import seed_at
    from catan_env.games.ancients import layout as L
    from catan_env.games.ancients.agents import heuristic_action
    from catan_env.games.ancients.game import Game

    wins = 0
    ended = 0
    for g in range(games):
        game = Game(HEURISTICS["ancients"][2], seed=seed + g)
        new_side = g % 2
        rng = np.zeros(4, np.int32)
        seed_at(rng, 0, seed + 2 * g + 1)
        seed_at(rng, 2, seed + 2 * g + 2)
        while not game.done and not game.truncated:
            side = int(game.state[L.CURRENT])
            f = heuristic_action if side == new_side else old
            game.step(int(f(game.state, game.action_mask(), rng, 2 * side)))
        if game.winner is not None:
            ended += 1
            wins += int(game.winner == new_side)
    return {"games": games, "ended": ended, "lone_seat_wins": wins, "seats": 2}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True, choices=sorted(HEURISTICS))
    p.add_argument("--rev", default="main", help="git revision of the old heuristic")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--mirror", action="store_true", help="one old seat among new ones")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.games < 1:
        p.error(f"--games must be >= 1, got {a.games}")
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        old, _ = load_old(a.game, a.rev, Path(d))
        if a.game == "ancients":
            if a.mirror:
                p.error("--mirror: the Ancients have two sides, one of each already")
            out = _play_ancients(old, a.games, a.seed)
        else:
            out = _play_catan(a.game, old, a.games, a.seed, a.mirror)
    out["lone_seat"] = "old" if a.mirror else "new"
    out["lone_seat_win_rate"] = round(out["lone_seat_wins"] / a.games, 3)
    out["equal_share"] = round(1 / out["seats"], 3)
    out.update(game=a.game, rev=a.rev, seconds=round(time.perf_counter() - t0, 1))
    print(json.dumps(out) if a.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
