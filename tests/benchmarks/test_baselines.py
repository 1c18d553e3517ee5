"""benchmarks/baselines.py: the matches, the game-count rule, the ladder, the README block."""

import itertools
import json
import sys
import types
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import baselines  # noqa: E402

from catan_env.config import GameConfig  # noqa: E402
from catan_env.ratings import wilson_interval  # noqa: E402


def _run(tmp_path, capsys, *extra):
    out = tmp_path / "baselines.json"
    baselines.main(["--agents", "random,weighted", "--games", "8", "--out", str(out),
                    "--quiet", "--json", *extra])  # fmt: skip
    return json.loads(capsys.readouterr().out), json.loads(out.read_text())


def test_wilson_interval_of_the_matches_known_values():
    # The helper the matches use; values from the Wilson formula at z = 1.96.
    lo, hi = wilson_interval(3, 8)
    assert lo == pytest.approx(0.1368, abs=1e-4) and hi == pytest.approx(0.6943, abs=1e-4)
    lo, hi = wilson_interval(0, 40)
    assert lo == 0.0 and hi == pytest.approx(1.96**2 / (40 + 1.96**2), abs=1e-12)


def test_two_agents_play_both_matches_seats_rotated(tmp_path, capsys):
    printed, saved = _run(tmp_path, capsys)
    pairs = [(m["agent"], m["opponent"]) for m in printed["matches"]]
    assert pairs == [("random", "weighted"), ("weighted", "random")]
    for m, full in zip(printed["matches"], saved["matches"], strict=True):
        assert m["games"] == 8 and "ranks" not in m  # the printed object leaves out the games
        assert sorted(full["agent_seat"]) == [0, 0, 1, 1, 2, 2, 3, 3]  # each seat twice
        assert (m["ci_low"], m["ci_high"]) == wilson_interval(m["wins"], 8)
        assert sum(m["seat_wins"]) == m["wins"]
        # No game hit the turn limit, so the agent ranks first in exactly the games it won.
        assert m["truncated"] == 0
        firsts = sum(r[s] == 1 for s, r in zip(full["agent_seat"], full["ranks"], strict=True))
        assert firsts == m["wins"]
    ladder = {r["agent"]: r for r in printed["ladder"]}
    assert set(ladder) == {"random", "weighted"}
    assert ladder["random"]["seats"] == 8 + 3 * 8  # one seat of its match, three of the other
    assert printed["unavailable"] == {}


def test_a_rerun_reuses_the_saved_matches(tmp_path, capsys, monkeypatch):
    first, _ = _run(tmp_path, capsys)

    def refuse(*args, **kwargs):
        raise AssertionError("a saved match was played again")

    monkeypatch.setattr(baselines, "play_match", refuse)
    again, _ = _run(tmp_path, capsys)
    assert again["matches"] == first["matches"]
    with pytest.raises(AssertionError, match="played again"):
        _run(tmp_path, capsys, "--seed", "1")  # other settings: nothing to reuse


def test_a_retrained_checkpoint_replays_its_matches(tmp_path, capsys, monkeypatch):
    """Saved matches are keyed by the digest of the checkpoint an agent plays: the same
    file is reused, a rewritten one (a retrained network under the same name) plays again."""
    import numpy as np

    from agents.policy_agent import FORMAT, PolicyNet
    from catan_env.core import registry

    spec = registry.get("base")
    path = tmp_path / "net.npz"

    def write(seed):
        rng = np.random.default_rng(seed)
        layer = (rng.normal(size=(8, spec.obs_size)).astype(np.float32),
                 rng.normal(size=8).astype(np.float32))  # fmt: skip
        head = (rng.normal(size=(spec.num_actions, 8)).astype(np.float32),
                rng.normal(size=spec.num_actions).astype(np.float32))  # fmt: skip
        meta = {"format": FORMAT, "variant": "base", "num_players": 4, "activation": "relu",
                "obs_size": spec.obs_size, "num_actions": spec.num_actions}  # fmt: skip
        PolicyNet([layer], head, meta).save(path)

    write(0)
    agents = f"random,ppo:{path}"
    argv = ("--agents", agents, "--slow-games", "4")
    first, saved = _run(tmp_path, capsys, *argv)
    digest = baselines.checkpoint_digest(f"ppo:{path}", "base")
    assert digest is not None and baselines.checkpoint_digest("random", "base") is None
    assert [(m["agent_digest"], m["opponent_digest"]) for m in saved["matches"]] == [
        (None, digest), (digest, None)]  # fmt: skip
    played = []
    real = baselines.play_match
    monkeypatch.setattr(baselines, "play_match", lambda a, b, *r: played.append((a, b))
                        or real(a, b, *r))  # fmt: skip
    _run(tmp_path, capsys, *argv)
    assert played == []  # the same file: both matches reused
    write(1)
    _run(tmp_path, capsys, *argv)
    assert sorted(played) == sorted([("random", f"ppo:{path}"), (f"ppo:{path}", "random")])


def test_max_minutes_leaves_matches_pending_and_a_rerun_plays_only_those(
    tmp_path, capsys, monkeypatch
):
    # A clock that moves a minute at each look: the first match starts before the
    # 1.5-minute cap, the others after it.
    ticks = itertools.count()
    clock = types.SimpleNamespace(perf_counter=lambda: 60.0 * next(ticks))
    monkeypatch.setattr(baselines, "time", clock)
    capped, _ = _run(tmp_path, capsys, "--agents", "random,weighted,heuristic",
                     "--max-minutes", "1.5")  # fmt: skip
    monkeypatch.undo()
    assert [(m["agent"], m["opponent"]) for m in capped["matches"]] == [("random", "weighted")]
    assert len(capped["pending"]) == 5
    assert "not played" in baselines.markdown(capped)
    played = []
    real = baselines.play_match
    monkeypatch.setattr(baselines, "play_match", lambda a, b, *r: played.append((a, b))
                        or real(a, b, *r))  # fmt: skip
    done, saved = _run(tmp_path, capsys, "--agents", "random,weighted,heuristic")
    assert len(played) == 5 and ("random", "weighted") not in played
    assert done["pending"] == [] and len(saved["matches"]) == 6
    assert done["matches"][0] == capped["matches"][0]  # reused as it was


def test_games_per_match_rule():
    in_kernel = {"random": True, "heuristic": True, "mcts:0.05": False, "catanatron:random": False}
    caps = {"mcts:0.05": 12}
    assert baselines.match_games("random", "heuristic", in_kernel, 500, 200, caps) == 500
    assert baselines.match_games("random", "catanatron:random", in_kernel, 500, 200, caps) == 200
    assert baselines.match_games("catanatron:random", "mcts:0.05", in_kernel, 500, 200, caps) == 12
    # A match's seed depends on the two names, not on the other agents or the order of play.
    assert baselines.match_seed(0, "a", "b") != baselines.match_seed(0, "b", "a")
    assert baselines.match_seed(0, "a", "b") == baselines.match_seed(0, "a", "b")


def test_an_agent_that_cannot_play_here_gets_a_reason_not_a_crash():
    checkpoint = Path(baselines.ROOT) / "agents" / "checkpoints" / "ppo_ck.npz"
    spec = f"ppo:{checkpoint}"
    playable, missing = baselines.check_availability(["random", spec], GameConfig(), True, False)
    assert playable == {"random": True}
    assert "trained for cities_and_knights" in missing[spec]
    with pytest.raises(ValueError, match="trained for cities_and_knights"):
        baselines.check_availability([spec], GameConfig(), False, False)  # named by the user


def _report():
    match = {"agent": "a", "opponent": "b", "games": 8, "wins": 3, "win_rate": 0.375,
             "ci_low": 0.1368, "ci_high": 0.6943}  # fmt: skip
    ladder = [{"agent": "a", "rating": 1.0, "mu": 25.0, "sigma": 8.0, "seats": 32}]
    report = {"agents": ["a", "b", "c"], "unavailable": {"c": "needs x | y"},
              "matches": [match], "ladder": ladder, "title": "base", "rule": "8 games",
              "minutes": 1.0, "date": "2026-12-02", "machine": "2 cores", "seed": 0,
              "command": "python x"}  # fmt: skip
    return report


def test_markdown_table_and_readme_block(tmp_path):
    START, END = baselines.markers()
    assert (START, END) == ("<!-- baselines:start -->", "<!-- baselines:end -->")
    text = baselines.markdown(_report())
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert rows[0] == "| `a` | — | 37.5% (13.7%-69.4%), 8 |"
    assert rows[1] == "| `b` | not played | — |"
    assert rows[2] == "| `c` | unavailable here: needs x \\| y | |"  # its own row, escaped
    assert rows[2].replace("\\|", "").count("|") == rows[0].count("|")  # as many cells
    assert "| 1 | `a` | 1.00 | 25.00 | 8.00 | 32 |" in text.splitlines()  # the ladder
    assert "1 matches of 8. 1 minutes of games, measured 2026-12-02 on 2 cores" in text
    assert text.endswith("\n    python x")  # the command, as a code block
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{START}\nold table\n{END}\nafter\n")
    baselines.write_block(readme, text)
    new = readme.read_text()
    assert "old table" not in new and text in new
    assert new.startswith("intro\n") and new.endswith(f"{END}\nafter\n")
    baselines.write_block(readme, "second")  # the markers stay: it can be written again
    assert readme.read_text() == f"intro\n{START}\nsecond\n{END}\nafter\n"
    # Another variant's block has markers of its own, which this file lacks.
    with pytest.raises(ValueError, match="no <!-- baselines:cities_and_knights:start -->"):
        baselines.write_block(readme, "C&K table", "cities_and_knights")
    readme.write_text("no markers\n")
    with pytest.raises(ValueError, match="no <!-- baselines:start -->"):
        baselines.write_block(readme, text)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--agents", "random,nosuchagent"], "unknown agent 'nosuchagent'"),
        (["--agents", "random,random"], "at least two distinct agents"),
        (["--agents", "random,weighted", "--games", "0"], "--games must be a positive multiple"),
        (["--agents", "random,weighted", "--slow-games", "6"], "--slow-games must be a positive"),
        (["--agents", "random,weighted", "--agent-games", "random"], "takes SPEC=N"),
        (["--agents", "random,weighted", "--agent-games", "mcts=4"], "not among the agents"),
        (["--agents", "random,mcts:fast"], "mcts:SECONDS takes the search time"),
        (["--agents", "random,weighted", "--max-minutes", "-1"], "must not be negative"),
    ],
)
def test_bad_input_is_refused_in_one_line(tmp_path, capsys, argv, message):
    out = tmp_path / "b.json"
    with pytest.raises(SystemExit) as exc:
        baselines.main([*argv, "--out", str(out), "--quiet"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1] and "Traceback" not in "".join(err)
    assert not out.exists()  # nothing played, nothing written


def test_each_trained_agent_is_keyed_by_the_file_it_plays():
    """``learned`` by the shipped network, ``learned-search`` by its own prior where
    one ships (the base game), by the shipped network where none does (C&K); the
    search's prior is not listed again as a ``ppo:PATH`` agent."""
    import hashlib

    from agents.learned import CHECKPOINTS, SEARCH_PRIOR, SHIPPED

    def digest(name):
        return hashlib.sha256((CHECKPOINTS / name).read_bytes()).hexdigest()[:16]

    assert baselines.checkpoint_digest("learned", "base") == digest(SHIPPED["base"])
    assert baselines.checkpoint_digest("learned-search", "base") == digest(SEARCH_PRIOR["base"])
    assert digest(SEARCH_PRIOR["base"]) != digest(SHIPPED["base"])
    ck = "cities_and_knights"
    assert baselines.checkpoint_digest("learned-search", ck) == digest(SHIPPED[ck])
    listed = baselines.shipped_agents()
    assert not any(SEARCH_PRIOR["base"] in a or SHIPPED["base"] in a for a in listed)
