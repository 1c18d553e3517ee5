"""benchmarks/catanatron_calibration.py: slow matches, game by game, resumed from their file.

Fast agents (ours, and catanatron's weighted-random bot, which needs the
oracle extra) stand in for the slow ones: what is tested is the seat
rotation, the figures and the resume.
"""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import catanatron_calibration as cal  # noqa: E402


def _run(capsys, *argv):
    cal.main([*argv, "--json"])
    return json.loads(capsys.readouterr().out)


def test_a_match_resumes_from_its_file(tmp_path, capsys):
    pytest.importorskip("catanatron", reason="the oracle extra (catanatron) is not installed")
    out = tmp_path / "match.json"
    match = ["--agent", "random", "--opponent", "weighted", "--seed", "3", "--out", str(out)]
    first = _run(capsys, *match, "--games", "3")
    # --agent is a spec as given (ours); catanatron's names in --opponent mean its bots.
    assert first["bot"] == "random" and first["opponents"] == "catanatron:weighted"
    assert [r["game"] for r in first["games_played"]] == [0, 1, 2]
    assert [r["seat"] for r in first["games_played"]] == [0, 1, 2]
    assert first["expected_if_equal"] is None
    assert json.loads(out.read_text()) == first

    # Five games asked: the three held are kept, only games 3 and 4 are played.
    again = _run(capsys, *match, "--games", "5")
    rows = again["games_played"]
    assert [r["game"] for r in rows] == [0, 1, 2, 3, 4]
    assert rows[:3] == first["games_played"]
    assert [r["seat"] for r in rows] == [0, 1, 2, 3, 0]
    assert again["wins"] == sum(r["winner"] == r["seat"] for r in rows)
    assert sum(again["wins_by_seat"]) == 5 - again["truncated"]

    # The same games from scratch give the same results: the resume changed nothing.
    fresh = _run(capsys, *match[:-2], "--games", "5")
    assert [(r["winner"], r["turns"]) for r in fresh["games_played"]] == [
        (r["winner"], r["turns"]) for r in rows
    ]


def test_another_match_in_the_file_and_a_bad_agent_are_refused(tmp_path, capsys):
    out = tmp_path / "match.json"
    _run(
        capsys, "--agent", "weighted", "--opponent", "heuristic", "--games", "1", "--out", str(out)
    )
    with pytest.raises(SystemExit, match="holds another match"):
        cal.main(
            ["--agent", "random", "--opponent", "heuristic", "--games", "1", "--out", str(out)]
        )
    with pytest.raises(SystemExit, match="agent 'nobody'"):
        cal.main(["--agent", "nobody", "--opponent", "heuristic", "--games", "1"])


def test_runs_over_disjoint_ranges_merge_into_the_whole_match(tmp_path, capsys):
    match = ["--agent", "random", "--opponent", "heuristic", "--seed", "5"]
    a, b, whole = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "whole.json"
    _run(capsys, *match, "--games", "2", "--out", str(a))
    _run(capsys, *match, "--games", "3", "--start", "2", "--out", str(b))
    joined = _run(capsys, "--merge", str(b), str(a), "--out", str(whole))
    assert json.loads(whole.read_text()) == joined
    # The same games as one run of five: the split changed no game.
    one = _run(capsys, *match, "--games", "5")
    same = ("game", "seat", "winner", "turns", "decisions")
    assert [[r[k] for k in same] for r in joined["games_played"]] == [
        [r[k] for k in same] for r in one["games_played"]
    ]
    for key in ("bot", "opponents", "players", "seed", "games", "wins", "wins_by_seat"):
        assert joined[key] == one[key], key
    parts = [json.loads(p.read_text()) for p in (a, b)]
    assert joined["cpu_seconds"] == pytest.approx(sum(p["cpu_seconds"] for p in parts))

    # A game in two files, or files of two matches, are refused.
    with pytest.raises(SystemExit, match="game 0 is in both"):
        cal.main(["--merge", str(a), str(a)])
    other = tmp_path / "other.json"
    _run(capsys, "--agent", "random", "--opponent", "heuristic", "--seed", "6", "--games", "1",
         "--start", "7", "--out", str(other))  # fmt: skip
    with pytest.raises(SystemExit, match="different matches"):
        cal.main(["--merge", str(a), str(other)])
    with pytest.raises(SystemExit, match="--merge .*missing.json"):
        cal.main(["--merge", str(tmp_path / "missing.json")])
