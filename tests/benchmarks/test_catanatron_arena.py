"""benchmarks/catanatron_arena.py: a match in catanatron's loop, a line a game, resumed.

Our fast ``random`` agent against catanatron's ``RandomPlayer`` (PyPI catanatron)
stands in for the slow matches: what is tested is the seat rotation, the file,
the summary and the resume.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "catanatron_arena.py"


def _run(*argv) -> dict:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *argv, "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(done.stdout), done.stderr


def test_two_games_then_resume_plays_nothing_new(tmp_path):
    pytest.importorskip("catanatron", reason="the oracle extra (catanatron) is not installed")
    out = tmp_path / "match.jsonl"
    match = ["--agent", "random", "--opponents", "random", "--games", "2", "--jobs", "1"]
    first, log = _run(*match, "--out", str(out))
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1]
    assert sorted((r["seed"], r["seat"]) for r in rows) == [(1, 0), (2, 1)]
    assert first["games"] == 2 and first["wins"] == sum(r["won"] for r in rows)
    assert 0.0 <= first["ci_low"] <= first["win_rate"] <= first["ci_high"] <= 1.0
    assert "game 0 (seed 1, seat 0)" in log
    summary = json.loads(out.with_name("match.summary.json").read_text())
    assert summary["games"] == 2 and "--games 2" in summary["command"]

    again, log = _run(*match, "--out", str(out))
    assert "0 to play" in log
    assert out.read_text().count("\n") == 2  # nothing new played
    again.pop("command", None)
    first.pop("command", None)
    assert again == first

    # The same seeds in a new process play the same games.
    other = tmp_path / "other.jsonl"
    _run(*match, "--out", str(other))
    replay = [json.loads(line) for line in other.read_text().splitlines()]
    for r in rows + replay:
        r.pop("seconds")
    assert sorted(replay, key=str) == sorted(rows, key=str)
