"""benchmarks/compare.py: the figures it draws from its measurements.

The children are replaced by scripted measurements, so that what is checked is
the arithmetic (best-round ratio, paired median, games that differ) and the
order of the rounds, not the machine's speed.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import compare  # noqa: E402


def _scripted(monkeypatch, figures, decisions=None):
    """Replace the children: each call pops the next figure of its side."""
    order = []
    left = {side: list(v) for side, v in figures.items()}

    def fake(tree, cache, target, games, label):
        side = "ref" if cache is not None else "this"
        order.append(side)
        if len(order) <= 2:  # the warm-up runs that size the rounds
            return {"games_per_second": 100.0, "layout": "scripted"}
        value = left[side].pop(0)
        return {"games_per_second": value, "games_per_cpu_second": value, "layout": "scripted",
                "decisions": (decisions or {}).get(side, 5)}  # fmt: skip

    monkeypatch.setattr(compare, "_measure", fake)
    return order


def test_best_round_ratio_and_paired_median(monkeypatch):
    order = _scripted(monkeypatch, {"this": [90.0, 120.0, 100.0], "ref": [100.0, 100.0, 125.0]})
    r = compare._compare_target("base", "REF", Path("t"), Path("c"), 1.0, 3, "cpu")
    assert r["status"] == "ok"
    assert r["ratio"] == pytest.approx(120.0 / 125.0)  # best of each side
    assert r["paired_ratio_median"] == pytest.approx(0.9)  # median of 0.9, 1.2, 0.8
    # Warm-ups, then rounds whose order flips: this-ref, ref-this, this-ref.
    assert order == ["this", "ref", "this", "ref", "ref", "this", "this", "ref"]
    assert "0.960" in compare._table({"ref": "REF", "ref_commit": "a" * 40,
                                      "this_commit": "b" * 40, "clock": "cpu", "rounds": 3,
                                      "targets": {"base": r}})  # fmt: skip


def test_games_that_differ_give_no_ratio(monkeypatch):
    _scripted(monkeypatch, {"this": [100.0], "ref": [100.0]}, {"this": 5, "ref": 6})
    r = compare._compare_target("base", "REF", Path("t"), Path("c"), 1.0, 1, "cpu")
    assert r["status"] == "games differ"
    assert r["ratio"] is None and r["paired_ratio_median"] is None
    assert r["speed_ratio_unverified"] == pytest.approx(1.0)
