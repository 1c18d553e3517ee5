"""benchmarks/soak.py: random games with every invariant after every step (base §10, C&K §2.5).

CI runs a short soak through the script itself (worker process, both variants,
the Python-checked sample game with mask/step agreement and replay identity).
``pytest -m soak`` runs the long one: ``CATAN_ENV_SOAK_GAMES`` games per variant
(default 1,000,000) on every core.
"""

import json
import os
import sys
from pathlib import Path

import pytest

# Imported by name (not from a file spec) so that worker processes can unpickle its functions.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import soak  # noqa: E402


def _check(out):
    for name, r in out["variants"].items():
        assert r["violations"] == 0, (name, r["violation_examples"])
        assert r["sample_failures"] == [], (name, r["sample_failures"])


def test_short_soak_through_the_script(capsys):
    """base §10, C&K §2.5: a few games per variant, one of each checked through Game."""
    code = soak.main(
        ["--games", "4", "--workers", "1", "--chunk", "2", "--sample-every", "4"]
        + ["--preset", "default", "--json", "--no-progress"]
    )
    out = json.loads(capsys.readouterr().out)
    _check(out)
    assert code == 0
    for r in out["variants"].values():
        assert r["games"] == 4 and r["sampled_games"] == 1 and r["decisions"] > 400


def test_option_presets_are_valid():
    """Every preset the soak rotates through is a valid configuration."""
    from catan_env import GameConfig

    assert set(soak.PRESETS) == set(soak.TARGETS)
    for target, presets in soak.PRESETS.items():
        variant, fixed = soak.TARGETS[target]
        for options in presets:
            GameConfig.make(variant=variant, **fixed, **options)
        seen = {str(soak.preset_for(target, k, "mix")) for k in range(4 * len(presets))}
        assert len(seen) == len(presets)


@pytest.mark.soak
def test_long_soak():
    """The long soak (not in CI): ``CATAN_ENV_SOAK_GAMES`` games per variant, zero violations."""
    games = int(os.environ.get("CATAN_ENV_SOAK_GAMES", "1000000"))
    _check(soak.soak(games, workers=os.cpu_count() or 1, progress=True))
