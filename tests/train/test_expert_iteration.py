"""Expert iteration (``train.expert_iteration``): a tiny run completes rounds, checkpoints and resumes."""

import csv
import json

import numpy as np
import pytest

from agents.value_net import load_value
from catan_env import hooks
from catan_env.config import GameConfig
from train import expert_iteration as X
from train.value_data import Positions, jitted_games
from train.value_fit import fit_value

TINY = [
    "--bootstrap-games", "12", "--games", "2", "--keep", "6", "--eval-games", "4",
    "--search-seconds", "0.002", "--eval-seconds", "0.002", "--epochs", "1",
    "--bootstrap-epochs", "1", "--hidden", "16", "--jobs", "1", "--seed", "3",
]  # fmt: skip


@pytest.mark.parametrize("searcher", ["mcts", "expectimax"])
def test_a_tiny_run_completes_a_round_checkpoints_and_resumes(tmp_path, searcher):
    out = tmp_path / "run"
    r = X.main(["--out", str(out), "--rounds", "1", "--searcher", searcher, *TINY])
    assert r.round == 1
    state = json.loads((out / "state.json").read_text())
    assert state["round"] == 1 and state["best"].endswith("value_best.npz")
    assert load_value(out / "value_r000.npz").meta["round"] == 0
    with pytest.raises(SystemExit, match="is not empty: pass --resume"):
        X.main(["--out", str(out), "--rounds", "1", *TINY])
    # Resume: round 1 plays self-play games with the searcher and keeps its policy targets.
    r = X.main(["--out", str(out), "--resume", "--rounds", "2"])
    assert r.round == 2 and len(r.history) == 2
    assert r.settings.bootstrap_games == 12  # the saved settings, not the defaults
    assert r.settings.searcher == searcher
    targets = np.load(out / "round_001_policy.npz")
    assert len(targets["offsets"]) == len(targets["obs"]) + 1
    assert targets["legal"].shape == targets["values"].shape
    assert ((targets["values"] >= 0) & (targets["values"] <= 1)).all()
    if searcher == "mcts":  # the choice: one legal action per decision
        per = np.add.reduceat(targets["values"], targets["offsets"][:-1])
        assert (per == 1).all()
    rows = list(csv.DictReader(open(out / "rounds.csv")))
    assert {row["round"] for row in rows} == {"0", "1"}
    # Every family is evaluated, the held-out one included.
    assert "catanatron" in {row["eval_family"] for row in rows}
    assert (out / "curve.png").stat().st_size > 0
    buffer = Positions.load(out / "positions.npz")
    assert set(np.unique(buffer.round)) == {0, 1}


def test_resume_needs_a_run(tmp_path):
    with pytest.raises(SystemExit, match="no run to resume"):
        X.main(["--out", str(tmp_path / "none"), "--resume"])


def test_holdout_must_stay_out_of_training(tmp_path):
    with pytest.raises(SystemExit):
        X.main(["--out", str(tmp_path / "x"), "--families", "spiral,catanatron"])


def test_value_fit_learns_who_wins():
    """Fitted on heuristic games, the value names the eventual winner more often than
    chance, and its loss is below the uniform guess's, on held-out games."""
    spec = hooks.get("base")
    n = 800
    configs = [GameConfig.make(variant="base", domestic_trade=False) for _ in range(n)]
    rng = np.random.default_rng(0)
    positions, stats = jitted_games(spec, configs, list(range(n)), [2, 2, 2, 2], 8, rng)
    assert stats["games"] == n and len(positions) == n * 8
    assert sum(stats["wins"]) + stats["no_winner"] == n
    from agents.value_net import ValueNet

    net = ValueNet.random("base", 4, spec.obs_size, (64,), seed=0)
    _, fig = fit_value(net, positions, spec, spec.tables(configs[0]), epochs=4, holdout=0.2,
                       log=lambda m: None)  # fmt: skip
    assert fig["holdout_accuracy"] > 0.3  # chance is 0.25
    assert fig["holdout_loss"] < np.log(4) - 0.01


def test_catan_env_train_algo_exit_runs_the_expert_iteration_trainer(tmp_path, monkeypatch):
    from catan_env import cli

    seen = {}
    monkeypatch.setattr(X, "main", lambda argv: seen.setdefault("argv", argv))
    assert cli.main(["train", "--algo", "exit", "--out", str(tmp_path), "--rounds", "1"]) == 0
    assert seen["argv"] == ["--out", str(tmp_path), "--rounds", "1"]
    assert cli._train_algo(["--algo=ppo", "--minutes", "1"]) == ("ppo", ["--minutes", "1"])
    assert cli._train_algo(["--minutes", "1"]) == ("ppo", ["--minutes", "1"])
    with pytest.raises(ValueError, match="--algo 'dqn': choose one of ppo, exit"):
        cli._train_algo(["--algo", "dqn"])
