"""The engine plays the same games it played when the digests were stored.

``benchmarks/results/identical_games.json`` holds the digests of the final
states of 1,000 games per target (every game and variant, random and heuristic
seats): the base game's (both seatings) and C&K's random ones as b405a0e (main
before the redesign) played them, the others as e349a68 played them, after the
rules and heuristic changes that altered them on purpose
(``benchmarks/identical_games.py`` says which), and the ``*_pairs`` targets' games
of the default trade protocol. This replays the first games of each and compares;
``python benchmarks/identical_games.py --check ... --games 1000`` replays all.
"""

import io
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
import identical_games  # noqa: E402

STORED = json.loads((ROOT / "benchmarks/results/identical_games.json").read_text())
GAMES = 4


@pytest.mark.parametrize("target", list(identical_games.TARGETS))
def test_same_seeds_same_final_states(target):
    fresh = identical_games.compute([target], GAMES, log=io.StringIO())
    assert identical_games.compare(STORED["digests"], fresh) == []


def test_a_changed_game_is_named():
    key = "base/random"
    changed = {key: ["0" * 16] + STORED["digests"][key][1:3]}
    assert identical_games.compare(STORED["digests"], changed) == [
        f"{key}: game 0 (seed {identical_games.SEED0}) ends in another state"
    ]
