"""Batch self-play on a Ray cluster: the same per-game results as one machine, no game lost.

A two-CPU Ray cluster is started on this machine for the module (about 10 s);
the games are base-game tables of the jitted heuristic against random agents.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from agents import make_agent
from catan_env import GameConfig
from catan_env.simulate import game_seeds, kernel_kinds, play_jitted, simulate
from catan_env.tournament import tournament

ray = pytest.importorskip("ray")

FIELDS = ("winners", "turns", "decisions", "vps", "stats")
LINEUP = ["heuristic", "random", "random", "random"]


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    yield
    ray.shutdown()


def assert_same_games(a, b):
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)


def test_nothing_imports_ray_without_the_flag():
    code = (
        "import catan_env.cli, catan_env.simulate, catan_env.tournament, sys; "
        "import catan_env.games.ancients.batch, catan_env.games.ancients.record; "
        "import catan_env.hooks; catan_env.hooks.get('ancients'); catan_env.hooks.get('base'); "
        "assert 'ray' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_simulate_on_ray_equals_one_machine(cluster):
    config = GameConfig()
    agents = [make_agent(a, seed=i) for i, a in enumerate(LINEUP)]
    here = simulate(300, agents, config, seed=5, progress=False, threads=1)
    there = simulate(300, agents, config, seed=5, progress=False, ray_address="", task_games=40)
    assert "Ray" in there.engine
    assert_same_games(there.records, here.records)
    assert there.wins == here.wins and there.mean_turns == here.mean_turns


@pytest.mark.parametrize("max_retries", [3, 0], ids=["ray-retries", "resubmitted"])
def test_a_dead_worker_loses_no_game(cluster, tmp_path, max_retries):
    """Chunk 2's first attempt kills its worker process; Ray retries it, or (with no
    retries left) the driver submits it again; every game is counted exactly once."""
    from catan_env import distributed

    config = GameConfig()
    kinds = kernel_kinds([make_agent(a) for a in LINEUP])
    seeds = game_seeds(9, 200)
    marker = tmp_path / "crashed"
    (got,) = distributed.play_jitted_distributed(
        config, [(kinds, seeds)], 9, task_games=50, max_retries=max_retries,
        crash_once=(2, str(marker)),
    )  # fmt: skip
    assert marker.exists()  # the worker did die
    assert_same_games(got, play_jitted(config, kinds, seeds, 9))


def test_tournament_on_ray_equals_one_machine(cluster):
    pool = ["heuristic", "weighted", "random"]
    here = tournament(pool, 120, seed=3, pool=True, progress=False, threads=1)
    there = tournament(pool, 120, seed=3, pool=True, progress=False, ray_address="", task_games=16)
    assert_same_games(there.records, here.records)
    assert there.table().splitlines()[:-1] == here.table().splitlines()[:-1]  # all but the time


# --- Command & Colors: Ancients -----------------------------------------------------


def test_ancients_simulate_on_ray_equals_one_machine(cluster):
    from catan_env.games.ancients.batch import make_agent
    from catan_env.games.ancients.options import configure

    config, agents = configure("akragas"), [make_agent("heuristic"), make_agent("random")]
    here = simulate(30, agents, config, seed=4, progress=False, threads=1)
    there = simulate(30, agents, config, seed=4, progress=False, ray_address="", task_games=8)
    assert "Ray" in there.engine
    assert_same_games(there.records, here.records)
    assert there.wins == here.wins and there.mean_vp == here.mean_vp
    assert there.to_dict()["mean_banners"] == here.mean_vp


def test_ancients_tournament_on_ray_equals_one_machine(cluster):
    from catan_env.games.ancients.options import configure

    config = configure("akragas")
    here = tournament(["heuristic", "random"], 24, config, seed=1, progress=False)
    there = tournament(["heuristic", "random"], 24, config, seed=1, progress=False,
                       ray_address="", task_games=5)  # fmt: skip
    assert_same_games(there.records, here.records)
    assert there.table().splitlines()[:-1] == here.table().splitlines()[:-1]  # all but the time


def test_ancients_cli_ray_flag(cluster, capsys):
    from catan_env.cli import main

    argv = ["simulate", "--game", "ancients", "--games", "6", "--agents", "heuristic,random",
            "--ray", "--task-games", "3", "--json", "-q"]  # fmt: skip
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and "Ray" in out["engine"] and sum(out["wins"]) + out["truncated"] == 6
