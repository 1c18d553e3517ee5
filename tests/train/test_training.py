"""train/train_ppo.py end to end (a tiny run) and the trained-policy agent."""

from __future__ import annotations

import json
import zipfile

import numpy as np
import pytest

from agents import PolicyAgent, make_agent
from agents.policy_agent import META_MEMBER, load_policy
from catan_env import GameConfig
from catan_env.simulate import game_seeds, play_python
from train.train_ppo import OpponentPool, parse_pool

VARIANTS = ["base", "cities_and_knights"]


def test_parse_pool():
    assert parse_pool("random=0.7, heuristic=0.2,self") == [
        ("random", 0.7),
        ("heuristic", 0.2),
        ("self", 1.0),
    ]
    assert parse_pool("ppo:dir/a=b.npz=0.5") == [("ppo:dir/a=b.npz", 0.5)]
    for bad, match in [
        ("random=x", "bad pool weight"),
        ("random=-1", ">= 0"),
        ("random=0", "positive weight"),
        ("nobody=1", "unknown agent"),
    ]:
        with pytest.raises(ValueError, match=match):
            parse_pool(bad)


def test_pool_self_is_random_until_a_snapshot_exists(tmp_path):
    pool = OpponentPool(parse_pool("self=1"), 3, str(tmp_path / "snapshots"))
    assert pool(np.random.default_rng(0)) == ["random"] * 3
    pool = OpponentPool(parse_pool("heuristic=1,self=0"), 3, None)
    assert pool(np.random.default_rng(0)) == ["heuristic"] * 3


@pytest.fixture(scope="module", params=VARIANTS)
def tiny_run(request, tmp_path_factory):
    """A run of a couple of thousand steps with a tiny network; its output folder."""
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    from train.train_ppo import main

    out = tmp_path_factory.mktemp(f"run_{request.param}")
    summary = main(
        [
            "--variant", request.param, "--out", str(out), "--steps", "1024",
            "--minutes", "0", "--n-envs", "2", "--n-steps", "256", "--batch-size", "128",
            "--n-epochs", "1", "--shared", "16", "--net", "8", "--max-turns", "40",
            "--pool", "random=1,heuristic=1,self=1", "--snapshot-every", "256",
            "--eval-every", "512", "--eval-games", "2", "--final-eval-games", "2",
            "--no-progress",
        ]
    )  # fmt: skip
    return request.param, out, summary


def test_tiny_training_run_writes_its_outputs(tiny_run):
    variant, out, summary = tiny_run
    assert summary["steps"] >= 1024
    for name in ("final.zip", "final.npz", "best.zip", "best.npz", "eval.csv",
                 "learning_curve.png", "config.json", "summary.json"):  # fmt: skip
        assert (out / name).is_file(), name
    assert sorted((out / "snapshots").glob("*.npz"))  # self-play snapshots joined the pool
    rows = (out / "eval.csv").read_text().splitlines()
    assert rows[0].startswith("steps,") and len(rows) >= 2
    with zipfile.ZipFile(out / "final.zip") as z:
        assert json.loads(z.read(META_MEMBER))["variant"] == variant
    assert 0.0 <= summary["final_vs_random"]["win_rate"] <= 1.0
    assert summary["overlap"] is True  # the default algorithm
    # The actor exported: the layer shared with the critic, then its own.
    assert [w.shape[0] for w, _ in load_policy(out / "final.npz").layers] == [16, 8]


@pytest.mark.parametrize("flags, message", [
    (["--shared", "12,x"], "--shared and --net take widths like 128,64"),
    (["--net", "0"], "layer widths must be positive"),
])  # fmt: skip
def test_bad_layer_widths_are_named(tmp_path, flags, message):
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    from train.train_ppo import main

    with pytest.raises(SystemExit, match=message):
        main(["--out", str(tmp_path), "--steps", "64", "--minutes", "0", *flags, "--no-progress"])


def test_checkpoint_plays_a_complete_game_legally(tiny_run):
    variant, out, _ = tiny_run
    config = GameConfig(variant=variant, num_players=4, max_turns=200)
    for path in (out / "final.zip", out / "final.npz"):
        agent = make_agent(f"ppo:{path}", seed=0)
        assert isinstance(agent, PolicyAgent) and agent.kernel_kind is None
        # Game.step rejects illegal actions, so a finished game means every move was legal.
        records = play_python(config, [agent] + [make_agent("random", seed=s) for s in (1, 2, 3)],
                              game_seeds(0, 1))  # fmt: skip
        assert records.decisions[0] > 0


def test_zip_and_npz_agree_with_maskable_ppo(tiny_run):
    from sb3_contrib import MaskablePPO

    from catan_env import Game

    variant, out, _ = tiny_run
    model = MaskablePPO.load(out / "final.zip", device="cpu")
    nets = [load_policy(out / "final.zip"), load_policy(out / "final.npz")]
    game = Game(variant=variant, num_players=4, seed=3)
    rng = np.random.default_rng(0)
    for _ in range(60):
        obs, mask = game.observe(game.current_player), game.action_mask()
        want = int(model.predict(obs, action_masks=mask, deterministic=True)[0])
        assert [int(n.choose(obs[None], mask[None])[0]) for n in nets] == [want, want]
        game.step(int(rng.choice(game.legal_actions())))


def test_policy_agent_errors(tmp_path, tiny_run):
    variant, out, _ = tiny_run
    with pytest.raises(FileNotFoundError):
        PolicyAgent(tmp_path / "missing.npz")
    np.savez(tmp_path / "junk.npz", x=np.zeros(3))
    with pytest.raises(ValueError, match="not a policy checkpoint"):
        PolicyAgent(tmp_path / "junk.npz")
    with zipfile.ZipFile(tmp_path / "other.zip", "w") as z:
        z.writestr("data", "{}")
    with pytest.raises(ValueError, match="not a policy checkpoint: the archive holds neither"):
        PolicyAgent(tmp_path / "other.zip")
    with pytest.raises(ValueError, match="needs an argument"):
        make_agent("ppo")
    from catan_env import Game

    other = "base" if variant != "base" else "cities_and_knights"
    agent = PolicyAgent(out / "final.npz")
    with pytest.raises(ValueError, match="trained for"):
        agent.act(Game(variant=other, num_players=4, seed=0))


def test_sampling_agent_plays_legal_actions(tiny_run):
    from catan_env import Game

    variant, out, _ = tiny_run
    agent = PolicyAgent(out / "final.npz", seed=1, deterministic=False)
    game = Game(variant=variant, num_players=4, seed=0)
    for _ in range(100):
        game.step(agent.act(game))  # raises if illegal


def test_evaluate_command(tiny_run):
    from train.evaluate import main

    variant, out, _ = tiny_run
    result = main([str(out / "final.npz"), "--games", "1", "--opponents", "random"])
    assert result["variant"] == variant
    assert result["vs_3_random"]["games"] == 1


def test_shipped_checkpoint_plays_cities_and_knights():
    """agents/checkpoints/ppo_ck.npz loads with numpy alone and plays legal moves."""
    from pathlib import Path

    from catan_env import Game

    path = Path(__file__).resolve().parents[2] / "agents" / "checkpoints" / "ppo_ck.npz"
    agent = make_agent(f"ppo:{path}", seed=0)
    assert agent.net.variant == "cities_and_knights"
    game = Game(variant="cities_and_knights", num_players=4, seed=0)
    for _ in range(300):
        if game.done:
            break
        game.step(agent.act(game))  # raises if illegal


def test_catan_env_train_passes_every_argument_to_the_trainer(capsys):
    pytest.importorskip("sb3_contrib", reason="the train extra is not installed")
    from catan_env.cli import main as cli_main

    with pytest.raises(SystemExit) as exc:
        cli_main(["train", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "--minutes" in out and "--env {batched,gym}" in out
