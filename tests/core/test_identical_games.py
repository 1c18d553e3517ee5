"""The engine plays the same games it played when the digests were stored.

``benchmarks/results/identical_games.json`` holds the digests of the final
states of 200 games per target (every game and variant, random and heuristic
seats) as commit 1f2ac6c played them, after the issue-21 rules changes (base, base_no_trade and cities_and_knights
match the earlier digests of commit b405a0e; E&P and Ancients differ from
them); the heuristic digests of C&K, E&P and the Ancients were recomputed for
issue 17.3's heuristic changes. This replays the first games of each and compares;
``python benchmarks/identical_games.py --check ... --games 200`` replays all 200.
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
