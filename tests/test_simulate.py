"""catan_env.simulate: agents by name as tournament() takes them, and clear errors."""

from __future__ import annotations

import numba
import pytest

from agents import make_agent
from catan_env import GameConfig
from catan_env.config import ConfigError
from catan_env.simulate import check_threads, simulate


def test_agents_by_name_play_as_the_agents_they_name():
    """``simulate(10, ["random"] * 4, GameConfig())`` used to fail with 'str' has no 'act';
    the agent named for seat ``i`` is seeded ``seed * 1000 + i`` (as the CLI seeds them)."""
    names = ["random", "heuristic", "weighted", "random"]
    by_name = simulate(6, names, GameConfig(), seed=3, progress=False, threads=1)
    built = [make_agent(n, seed=3 * 1000 + i) for i, n in enumerate(names)]
    by_object = simulate(6, built, GameConfig(), seed=3, progress=False, threads=1)
    assert by_name.agents == names and by_name.wins == by_object.wins
    assert by_name.mean_decisions == by_object.mean_decisions


def test_python_loop_agents_by_name():
    r = simulate(2, ["random"] * 4, GameConfig(max_turns=20), progress=False)
    assert r.games == 2 and r.engine.startswith("jitted")
    r = simulate(1, ["mcts:0.01", "random"], GameConfig(num_players=2, max_turns=3), progress=False)
    assert r.engine == "python loop" and r.agents == ["mcts:0.01", "random"]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"agents": "random"}, ValueError, "4 players need a list of 4 agents"),
        ({"agents": ["random"] * 3}, ValueError, "4 players need a list of 4 agents"),
        ({"agents": ["nobody"] * 4}, ValueError, "unknown agent 'nobody'"),
        ({"seed": -1}, ValueError, r"seed must be an integer in 0..2\*\*31-1, got -1"),
        ({"games": 0}, ValueError, "games must be an integer, at least 1, got 0"),
        ({"threads": 0}, ConfigError, "threads 0: numba runs 1.."),
    ],
)
def test_bad_arguments_are_named(kwargs, error, match):
    args = {"games": 1, "agents": ["random"] * 4, **kwargs}
    with pytest.raises(error, match=match):
        simulate(args.pop("games"), args.pop("agents"), GameConfig(), progress=False, **args)


def test_check_threads_names_the_variable_that_limits_them(monkeypatch):
    most = numba.config.NUMBA_NUM_THREADS
    assert check_threads(most) == most
    monkeypatch.delenv("NUMBA_NUM_THREADS", raising=False)
    with pytest.raises(ConfigError, match=r"this machine's cores"):
        check_threads(most + 1)
    monkeypatch.setenv("NUMBA_NUM_THREADS", str(most))
    with pytest.raises(ConfigError, match=rf"--threads {most + 1}: .*NUMBA_NUM_THREADS={most}"):
        check_threads(most + 1, "--threads")
    with pytest.raises(ConfigError, match="must be an integer"):
        check_threads(1.5)
