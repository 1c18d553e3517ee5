"""benchmarks/soak.py: games with every invariant after every step (base §10, CCA §1.3, CCA §3.2).

CI runs a short soak through the script itself (a worker process, the base game
and an Ancients scenario, the Python-checked sample game with mask/step
agreement and replay identity) and resumes it from its results file.
``pytest -m soak`` runs the long one: ``CATAN_ENV_SOAK_GAMES`` games per target
(default 1,000,000) on every core, into a file of its own.
"""

import json
import os
import sys
from pathlib import Path

import pytest

# Imported by name (not from a file spec) so that worker processes can unpickle its functions.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import soak  # noqa: E402


def _check(results):
    for name, r in results["targets"].items():
        assert r["violations"] == 0, (name, r["violation_examples"])
        assert r["sample_failures"] == [], (name, r["sample_failures"])


def _run(capsys, out, games, sample_every):
    code = soak.main(["--targets", "base,ancients_akragas", "--games", str(games),
                      "--workers", "1", "--chunk", "2", "--sample-every", str(sample_every),
                      "--out", str(out), "--json", "--no-progress"])  # fmt: skip
    return code, json.loads(capsys.readouterr().out)


def test_short_soak_through_the_script_and_its_resume(tmp_path, capsys):
    """base §10, CCA §1.3, CCA §3.2: a few games per target, one of each checked through its
    Game; a second run with more games plays only the missing seeds."""
    out = tmp_path / "soak.json"
    code, first = _run(capsys, out, 4, 4)
    _check(first)
    assert code == 0
    for r in first["targets"].values():
        assert r["games"] == 4 and r["seed_ranges"] == [[0, 4]] and r["sampled_games"] == 1
        assert r["decisions"] > 100 and r["seconds"] > 0
    assert json.loads(out.read_text()) == first  # the file is what was printed
    code, second = _run(capsys, out, 6, 0)
    assert code == 0
    for name, r in second["targets"].items():
        # One more chunk (seeds 4, 5): the first four games are not played again.
        assert r["games"] == 6 and r["seed_ranges"] == [[0, 6]], name
        assert r["decisions"] > first["targets"][name]["decisions"]
    code, third = _run(capsys, out, 6, 0)
    assert third["targets"] == second["targets"]  # nothing left to play


def test_a_results_file_of_another_chunk_size_is_refused(tmp_path):
    out = tmp_path / "soak.json"
    out.write_text(json.dumps(soak.new_results(50, "mix")))
    with pytest.raises(SystemExit, match="--chunk 50, not 2"):
        soak.load_results(out, 2, "mix", fresh=False)
    assert soak.load_results(out, 2, "mix", fresh=True)["chunk"] == 2


def test_seed_ranges_merge():
    assert soak._add_range([[0, 4], [8, 10]], 4, 8) == [[0, 10]]
    assert soak._add_range([[2, 4]], 6, 8) == [[2, 4], [6, 8]]
    assert soak._covered([[0, 10]], 4, 6) and not soak._covered([[0, 5]], 4, 6)


def test_option_presets_and_seats():
    """Every preset the soak rotates through is a valid configuration, and the
    mixed targets put a heuristic at each seat in turn, at all seats and at none."""
    from catan_env import hooks

    assert set(soak.PRESETS) == set(soak.TARGETS) == set(soak.MIXED_SEATS)
    for target, presets in soak.PRESETS.items():
        game, fixed = soak.TARGETS[target]
        spec = hooks.get(game)
        for options in presets:
            spec.configure(**fixed, **options)
        seen = {str(soak.preset_for(target, k, "mix")) for k in range(4 * len(presets))}
        assert len(seen) == len(presets)
    assert soak.MIXED_SEATS["ep_land_ho"] and soak.MIXED_SEATS["ancients_akragas"]
    assert not soak.MIXED_SEATS["base"]
    forms = {tuple(soak.seats_for("ancients_akragas", k, 2, 1)) for k in range(8)}
    assert forms == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert {tuple(soak.seats_for("base", k, 4, 2)) for k in range(8)} == {(0, 0, 0, 0)}


@pytest.mark.soak
def test_long_soak(tmp_path):
    """The long soak (not in CI): ``CATAN_ENV_SOAK_GAMES`` games per target, zero violations."""
    games = int(os.environ.get("CATAN_ENV_SOAK_GAMES", "1000000"))
    _check(soak.soak(games, workers=os.cpu_count() or 1, out=tmp_path / "soak.json"))
