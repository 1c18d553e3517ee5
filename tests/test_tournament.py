"""Tournaments: intervals, seat rotation, reproducibility, both play paths, JSON and CLI.

Strength itself is measured, not asserted (README baselines); what is asserted
here is a match whose outcome is certain by the rules: a player who never
builds after the setup keeps 2 VP and cannot win.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from agents.base import _REGISTRY, make_agent, register
from catan_env import GameConfig
from catan_env.cli import main
from catan_env.ratings import beats_seat_share, game_ranks, wilson_interval
from catan_env.tournament import TournamentResult, pairings, schedule, tournament


class PassiveAgent:
    """Plays the lowest legal action id: rolls and ends its turn, never builds after setup.

    Rolling (0) and ending the turn (1) come before every build and purchase,
    so after its two setup settlements it holds 2 VP for good. It has no
    jitted policy, so its games run in the Python loop.
    """

    name = "passive"
    kernel_kind = None

    def act(self, game) -> int:
        return int(game.legal_actions()[0])


# --- statistics -------------------------------------------------------------------------


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(3.8416 / 13.8416, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(10 / 13.8416, abs=1e-4) and hi == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="wins <= n"):
        wilson_interval(5, 4)


def test_beats_seat_share():
    assert beats_seat_share(40, 100, 4)  # interval ~(0.31, 0.50)
    assert not beats_seat_share(30, 100, 4)  # interval ~(0.22, 0.40) holds 0.25
    assert not beats_seat_share(1, 1, 2)


def test_game_ranks_winner_first_then_vp():
    # The winner is seat 2; seats 1 and 3 tie and share a rank (competition ranking: 1, 2, 2, 4).
    assert game_ranks(2, np.array([3, 5, 10, 5])) == [4, 2, 1, 2]
    # Truncated: by VP only.
    assert game_ranks(-1, np.array([3, 5, 4, 5])) == [4, 1, 3, 1]


# --- seating ----------------------------------------------------------------------------


def _seat_counts(seatings: np.ndarray, entrants: int) -> np.ndarray:
    """``counts[e, seat]``: games entrant ``e`` sat in ``seat``."""
    counts = np.zeros((entrants, seatings.shape[1]), int)
    for row in seatings:
        for seat, e in enumerate(row):
            counts[e, seat] += 1
    return counts


def test_lineup_rotation_puts_everyone_in_every_seat():
    s = schedule(4, 4, 12, seed=0, shuffle=False)
    assert (_seat_counts(s, 4) == 3).all()
    assert all(sorted(row) == [0, 1, 2, 3] for row in s)


@pytest.mark.parametrize("entrants, players", [(6, 4), (4, 4), (3, 3), (2, 4), (3, 4)])
def test_pool_cycles_are_balanced(entrants, players):
    s = schedule(entrants, players, 5 * entrants, seed=3, shuffle=True)
    assert (_seat_counts(s, entrants) == 5).all()
    if entrants >= players:
        assert all(len(set(row)) == players for row in s)
    if entrants > 2:  # two agents make only two tables
        # Different blocks use different shuffles, so tables change.
        assert len({tuple(row) for row in s}) > entrants


def test_pairings_seat_every_ordered_choice_equally_often():
    s = pairings(3, 2, 13)  # 6 ordered pairs of 3 agents, 2 games each; 1 game left out
    assert s.shape == (12, 2)
    assert s[:4].tolist() == [[0, 1], [0, 1], [0, 2], [0, 2]]
    pairs = [tuple(row) for row in s]
    assert {p: pairs.count(p) for p in pairs} == {(a, b): 2 for a in range(3) for b in range(3)
                                                   if a != b}  # fmt: skip
    assert (_seat_counts(s, 3) == 4).all()
    assert pairings(2, 2, 1).shape == (0, 2)


def test_tournament_seats_agents_equally_and_reports_it():
    r = tournament(["heuristic", "random", "random", "random"], 8, seed=1, progress=False)
    heuristic = next(a for a in r.agents if a.name == "heuristic")
    rand = next(a for a in r.agents if a.name == "random")
    assert heuristic.seat_games == [2, 2, 2, 2] and rand.seat_games == [6, 6, 6, 6]
    assert heuristic.games + rand.games == 4 * 8
    assert r.balanced and r.jitted_games == 8 and r.python_games == 0
    assert sum(a.wins for a in r.agents) + r.truncated == 8
    assert not tournament(["random"] * 4, 5, seed=1, progress=False).balanced


# --- outcomes ---------------------------------------------------------------------------


def test_rigged_match_heuristic_beats_players_who_never_build():
    r = tournament(["heuristic", PassiveAgent(), PassiveAgent(), PassiveAgent()], 4, progress=False)
    assert r.python_games == 4
    finished = r.records.winners >= 0
    assert finished.any()
    heuristic = r.seatings == 0
    # Every finished game was won by the heuristic's seat.
    assert (heuristic[finished, r.records.winners[finished]]).all()
    passive_vps = r.records.vps[:, :4][~heuristic]
    assert (passive_vps == 2).all()
    by_name = {a.name: a for a in r.agents}
    assert by_name["passive"].wins == 0
    assert by_name["heuristic"].wins == int(finished.sum())
    assert by_name["heuristic"].ordinal > by_name["passive"].ordinal
    assert r.agents[0].name == "heuristic"  # best rating first


def test_same_seed_same_results():
    lineup = ["heuristic", "weighted", "random", "random"]
    a = tournament(lineup, 12, seed=7, progress=False)
    b = tournament(lineup, 12, seed=7, progress=False)
    c = tournament(lineup, 12, seed=8, progress=False)
    for name in ("winners", "turns", "decisions", "vps"):
        assert np.array_equal(getattr(a.records, name), getattr(b.records, name))
    a.seconds = b.seconds = a.compile_seconds = b.compile_seconds = 0.0
    assert a.to_dict() == b.to_dict()
    assert not np.array_equal(a.records.decisions, c.records.decisions)


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_kernel_and_python_loop_play_the_same_games(variant):
    """The Python loop seats the jitted policies on the kernel's generator, game by game."""
    config = GameConfig(variant=variant)
    lineup = ["heuristic", "weighted", "random", "heuristic"]
    fast = tournament(lineup, 4, config, seed=3, progress=False)
    slow = tournament(lineup, 4, config, seed=3, progress=False, python_only=True)
    assert fast.jitted_games == 4 and slow.python_games == 4
    for name in ("winners", "turns", "decisions", "vps", "stats"):
        assert np.array_equal(getattr(fast.records, name), getattr(slow.records, name)), name


def test_pool_mixes_paths_with_the_same_results():
    """Tables without the Python agent go to the kernel; results match an all-Python run."""
    pool = ["heuristic", "weighted", "random", PassiveAgent()]
    config = GameConfig(num_players=3)
    mixed = tournament(pool, 8, config, seed=2, pool=True, progress=False)
    assert mixed.jitted_games > 0 and mixed.python_games > 0
    slow = tournament(pool, 8, config, seed=2, pool=True, progress=False, python_only=True)
    assert np.array_equal(mixed.seatings, slow.seatings)
    for name in ("winners", "turns", "decisions", "vps"):
        assert np.array_equal(getattr(mixed.records, name), getattr(slow.records, name)), name
    assert {a.games for a in mixed.agents} == {6}  # 8 games x 3 seats / 4 agents


def test_bad_tournaments_raise():
    with pytest.raises(ValueError, match="needs 4 agents"):
        tournament(["heuristic", "random"], 4, progress=False)
    with pytest.raises(ValueError, match="unknown tournament form 'swiss'"):
        tournament(["heuristic", "random"], 4, progress=False, form="swiss")
    with pytest.raises(ValueError, match="at least 24 \\(one per pairing\\)"):
        tournament(["heuristic", "random", "weighted", PassiveAgent()], 4, progress=False,
                   form="pairings")  # fmt: skip
    with pytest.raises(ValueError, match="distinct"):
        tournament(["random", "random"], 4, pool=True, progress=False)
    with pytest.raises(ValueError, match="unknown agent"):
        tournament(["nope", "random", "random", "random"], 4, progress=False)


def test_json_round_trip():
    r = tournament(["weighted", "random", "random"], 6, GameConfig(num_players=3), progress=False)
    back = TournamentResult.from_dict(json.loads(r.to_json()))
    assert back == r
    assert back.agents[0].name == r.agents[0].name and back.seatings is None


# --- agent specs and the command line ---------------------------------------------------


def test_make_agent_passes_the_argument_after_the_colon():
    class Loaded(PassiveAgent):
        def __init__(self, path, seed=None):
            self.path, self.seed = path, seed

    register("_test_loaded", Loaded)
    try:
        agent = make_agent("_test_loaded:models/a:b.zip", seed=4)
        assert agent.path == "models/a:b.zip" and agent.seed == 4
        with pytest.raises(ValueError, match="needs an argument"):
            make_agent("_test_loaded")
        with pytest.raises(ValueError, match="takes no argument"):
            make_agent("random:x")
    finally:
        del _REGISTRY["_test_loaded"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--agents", "heuristic,nope,random,random"], "unknown agent 'nope'"),
        (["--agents", "heuristic,random", "--players", "4"], "needs 4 agents, got 2"),
        (["--agents", "heuristic", "--pool"], "at least 2 agents"),
        (["--agents", "random,random,random", "--games", "0"], "at least 1"),
    ],
)
def test_cli_errors_are_one_line(argv, message, capsys):
    assert main(["tournament", "-q", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and err.startswith("catan-env: error:")


def test_cli_table_json_and_out(tmp_path, capsys):
    out = tmp_path / "r.json"
    argv = ["tournament", "-q", "--agents", "weighted,random,random", "-n", "6", "--out", str(out)]
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "weighted" in table and "95% CI" in table
    assert main([*argv, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["games"] == 6 and {a["name"] for a in printed["agents"]} == {
        "weighted",
        "random",
    }
    assert json.loads(out.read_text())["agents"] == printed["agents"]


def test_the_table_never_cuts_an_agent_name():
    """A checkpoint path was cut to 19 characters (``ppo:agents/checkpoi``)."""
    long = make_agent("weighted", seed=0)
    long.name = "weighted_with_a_name_longer_than_nineteen_characters"
    r = tournament([long, "random", "random", "random"], 4, seed=0, progress=False)
    rows = r.table().splitlines()
    header = next(line for line in rows if line.startswith("agent"))
    row = next(line for line in rows if line.startswith(long.name + " "))
    assert row.index("%") == header.index("win %") + 3  # the columns still line up
    assert next(line for line in rows if line.startswith("random ")).index("%") == row.index("%")


@pytest.mark.parametrize("game", ["catan", "ancients"])
def test_every_games_table_has_ratings_and_percentages(game, capsys):
    """Ancients' table is Catan's: win % with intervals, mu, sigma and the rating."""
    agents = "heuristic,random" if game == "ancients" else "heuristic,random,random,random"
    argv = ["tournament", "-q", "--game", game, "--agents", agents, "--games", "4"]
    assert main(argv) == 0
    table = capsys.readouterr().out
    header = next(line for line in table.splitlines() if line.startswith("agent"))
    assert header.split()[-3:] == ["mu", "sigma", "rating"]
    assert "win %" in header and "95% CI" in header
    heuristic = next(line for line in table.splitlines() if line.startswith("heuristic "))
    assert re.search(r"\d+\.\d%\*? +\d+\.\d%-\d+\.\d%", heuristic), heuristic


def test_an_agent_argument_after_the_colon_reaches_the_agent(capsys):
    """``--agents mcts:0.5,...`` failed: the argument landed on MCTSAgent's ``seed``."""
    argv = ["tournament", "-q", "--agents", "mcts:0.01,random,random,random", "--games", "1",
            "-o", "max_turns=2", "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert {a["name"] for a in result["agents"]} == {"mcts:0.01", "random"}
    assert result["python_games"] == 1
