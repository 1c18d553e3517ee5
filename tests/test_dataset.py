"""Datasets of decisions (``catan-env simulate --dataset``): what is saved is what the game shows.

For every game of the registry a small dataset is written by the jitted
recorder, then each game is replayed through its ``Game`` from the saved seed
with the saved actions: at every decision the deciding seat, its observation and
its legal mask must be the saved ones, the game must end where the saved game
ended, and the saved returns must be the outcome. The games must also be those
``simulate`` plays with the same seed (same winners and lengths).
"""

from __future__ import annotations

import dataclasses
import json
import re

import numpy as np
import pytest

from catan_env import dataset, hooks
from catan_env.cli import main
from catan_env.core import registry
from catan_env.dataset import DatasetError, load, write
from catan_env.simulate import simulate

# Short games: heuristic tables end fastest (E&P's Land Ho! by default).
CASES = {
    "base": ["heuristic"] * 4,
    "cities_and_knights": ["heuristic"] * 4,
    "explorers_and_pirates": ["heuristic"] * 4,
    "ancients": ["heuristic", "random"],
}


def _setup(name, seed=0):
    spec = hooks.get(name)
    config = spec.configure()
    agents = [spec.batch.make_agent(a, seed + i) for i, a in enumerate(CASES[name])]
    return spec, config, agents


def _replay_and_compare(spec, config, ds):
    """Replay every saved game through the game's ``Game``; return the winners seen."""
    winners = []
    for ep in ds.episodes():
        game_seed = spec.batch.seeds_of(ep["seed"] if len(ep["seed"]) > 1 else ep["seed"][0],
                                        ds.meta["seed"])[0]  # fmt: skip
        game = spec.new_game(config, game_seed)
        for k in range(len(ep["action"])):
            seat = int(ep["seat"][k])
            assert game.current_player == seat
            assert np.array_equal(game.observe(seat), ep["obs"][k]), f"obs differs at step {k}"
            assert np.array_equal(game.action_mask().astype(bool), ep["mask"][k])
            assert ep["mask"][k][ep["action"][k]]  # the action taken was legal
            assert ep["step"][k] == k
            game.step(int(ep["action"][k]))
        assert game.done
        w = -1 if game.winner is None else int(game.winner)
        assert int(ep["winner"]) == w
        expected = np.zeros(config.num_players, np.float32)
        if w >= 0:
            expected[:] = -1.0
            expected[w] = 1.0
        assert np.array_equal(ep["returns"], expected)
        assert np.array_equal(ep["final_return"], expected[ep["seat"]])
        winners.append(w)
    return winners


@pytest.mark.parametrize("name", list(CASES))
def test_saved_decisions_are_what_the_game_shows(name, tmp_path):
    spec, config, agents = _setup(name)
    games = 2
    # A small chunk: several chunks, and buffers that grow within a game.
    meta = write(tmp_path / "ds", config, agents, games, seed=3, chunk_rows=50, progress=False)
    ds = load(tmp_path / "ds")
    assert meta["game"] == name and ds.meta["games"] == games and ds.meta["compressed"]
    assert ds.meta["engine"] == "jitted kernel"
    assert ds.meta["observed_by"] == "jitted"
    assert len(ds) == sum(c["rows"] for c in ds.meta["chunks"])
    assert ds.num_chunks == games  # each game longer than a chunk: one game per chunk
    winners = _replay_and_compare(spec, config, ds)
    # The same games as simulate's with that seed.
    sim = simulate(games, agents, config, seed=3, progress=False)
    assert winners == [int(w) for w in sim.records.winners]
    lengths = [int(c["game_decisions"].sum()) for c in ds]
    assert lengths == [int(d) for d in sim.records.decisions]


def test_python_loop_agents_are_recorded_too(tmp_path):
    spec, config, agents = _setup("base")

    class NotJitted:
        """The heuristic's choices, but without a kernel kind: the Python loop plays it."""

        name, kernel_kind = "slow heuristic", None

        def __init__(self, agent):
            self.agent = agent

        def act(self, game):
            return self.agent.act(game)

    slow = [NotJitted(a) for a in agents]
    write(tmp_path / "ds", config, slow, 1, seed=1, chunk_rows=10_000, progress=False)
    ds = load(tmp_path / "ds")
    assert ds.meta["engine"] == "python loop" and ds.meta["agents"] == ["slow heuristic"] * 4
    _replay_and_compare(spec, config, ds)


def test_loader_round_trip(tmp_path):
    spec, config, agents = _setup("base")
    write(tmp_path / "ds", config, agents, 3, seed=0, chunk_rows=400, compress=False,
          progress=False)  # fmt: skip
    ds = load(tmp_path / "ds")
    assert not ds.meta["compressed"] and ds.meta["num_actions"] == spec.num_actions
    chunks = list(ds)
    whole = ds.arrays()
    for name in dataset.ROW_FIELDS:
        assert np.array_equal(whole[name], np.concatenate([c[name] for c in chunks]))
    assert whole["obs"].dtype == np.float32 and whole["obs"].shape == (len(ds), spec.obs_size)
    assert whole["mask"].dtype == np.bool_ and whole["mask"].shape == (len(ds), spec.num_actions)
    assert list(np.unique(whole["game"])) == [0, 1, 2]
    episodes = list(ds.episodes())
    assert [int(e["index"]) for e in episodes] == [0, 1, 2]
    assert sum(len(e["action"]) for e in episodes) == len(ds)
    # Names and views come with it, so a row can be read without the package.
    names = ds.meta["action_names"]
    assert len(names) == spec.num_actions and names[int(whole["action"][0])].startswith("build_")
    off, shape = ds.meta["observation_views"][next(iter(spec.obs_layout.fields))]
    assert off == 0 and isinstance(shape, list)
    with pytest.raises(DatasetError, match="no row field 'nope'"):
        ds.arrays("nope")


def test_refusals(tmp_path, monkeypatch):
    spec, config, agents = _setup("base")
    target = tmp_path / "ds"
    target.mkdir()
    (target / "notes.txt").write_text("mine")
    with pytest.raises(DatasetError, match="is not empty"):
        write(target, config, agents, 1, progress=False)
    write(target, config, agents, 2, chunk_rows=50, overwrite=True, progress=False)
    assert len(list(target.glob("chunk_*.npz"))) == 2
    # Overwriting removes the earlier dataset's chunks, and only those.
    write(target, config, agents, 1, overwrite=True, progress=False)
    assert sorted(p.name for p in target.iterdir()) == ["chunk_00000.npz", "meta.json", "notes.txt"]
    with pytest.raises(DatasetError, match="is a file"):
        write(target / "notes.txt", config, agents, 1, progress=False)
    with pytest.raises(DatasetError, match="4 players need 4 agents"):
        write(tmp_path / "other", config, agents[:2], 1, progress=False)
    # A game without an observation is refused by name.
    blind = dataclasses.replace(spec, observe_into=None)
    monkeypatch.setattr(hooks, "of_config", lambda config: blind)
    with pytest.raises(DatasetError, match=re.escape(f"{spec.title} has no observation")):
        write(tmp_path / "blind", config, agents, 1, progress=False)


def test_loader_refusals(tmp_path):
    spec, config, agents = _setup("base")
    with pytest.raises(DatasetError, match="no dataset folder"):
        load(tmp_path / "none")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DatasetError, match="has no meta.json: not a dataset, or its writer"):
        load(tmp_path / "empty")
    write(tmp_path / "ds", config, agents, 1, progress=False)
    meta_file = tmp_path / "ds" / "meta.json"
    meta = json.loads(meta_file.read_text())
    meta_file.write_text(json.dumps({**meta, "version": 99}))
    with pytest.raises(DatasetError, match="dataset version 99"):
        load(tmp_path / "ds")
    meta_file.write_text(json.dumps(meta))
    (tmp_path / "ds" / "chunk_00000.npz").write_bytes(b"garbage")
    with pytest.raises(DatasetError, match="chunk_00000.npz is not a dataset chunk"):
        list(load(tmp_path / "ds"))
    (tmp_path / "ds" / "chunk_00000.npz").unlink()
    with pytest.raises(DatasetError, match="chunk_00000.npz is missing"):
        list(load(tmp_path / "ds"))


def test_cli_dataset(tmp_path, capsys):
    out_dir = tmp_path / "data"
    argv = ["simulate", "--games", "2", "--agents", "heuristic", "--dataset", str(out_dir),
            "--dataset-chunk-rows", "100", "--quiet"]  # fmt: skip
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    ds = load(out_dir)
    assert result["dataset"]["rows"] == len(ds) and result["dataset"]["games"] == 2
    assert len(ds) == round(result["mean_decisions"] * 2)  # the games simulate reported
    # A second run into the same folder is refused before any game, unless --overwrite.
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not empty" in err and "--overwrite" in err
    assert main([*argv, "--overwrite"]) == 0
    assert "wrote a dataset of" in capsys.readouterr().out
    assert main([*argv, "--overwrite", "--ray", "auto"]) == 2
    assert "leave out --ray" in capsys.readouterr().err
    assert main([*argv[:-3], "--dataset-chunk-rows", "0", "--overwrite"]) == 2
    assert "--dataset-chunk-rows must be at least 1" in capsys.readouterr().err


def test_every_registered_game_is_covered():
    # A game added to the registry must be added to CASES (or refused with a reason).
    assert set(CASES) == set(registry.names())
