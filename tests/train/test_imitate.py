"""Behaviour cloning (train/imitate.py): demonstrations and a loadable cloned policy."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from agents import make_agent  # noqa: E402
from agents.policy_agent import load_policy  # noqa: E402
from catan_env import Game  # noqa: E402
from train.imitate import collect, main  # noqa: E402


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_demonstrations_are_the_teachers_legal_choices(variant):
    data = collect(variant, 3, "heuristic", [("random", 1.0)], 4, seed=1, progress=False)
    n = len(data["action"])
    assert n > 20
    assert data["obs"].shape[0] == data["mask"].shape[0] == data["outcome"].shape[0] == n
    # Every kept decision had a real choice, and the teacher's action was legal.
    assert (data["mask"].sum(1) > 1).all()
    assert data["mask"][np.arange(n), data["action"]].all()
    assert set(np.unique(data["outcome"])) <= {-1.0, 0.0, 1.0}


def test_a_search_agent_teaches_and_the_pool_must_be_jitted():
    """Any agent labels (here a search agent, which plays from Python); the other
    seats play inside numba, so they must be jitted."""
    data = collect("base", 1, "mcts:0.002", [("random", 1.0)], 4, seed=2, progress=False)
    n = len(data["action"])
    assert n > 20 and data["mask"][np.arange(n), data["action"]].all()
    with pytest.raises(ValueError, match="pool agents must be jitted"):
        collect("base", 1, "heuristic", [("mcts", 1.0)], 4, seed=0, progress=False)


def test_demonstrations_saved_in_pieces_fit_together(tmp_path):
    """--collect-only --save-data writes a piece; --data joins pieces and fits on them
    (the summary counts both pieces' games and decisions); a piece of another game
    is refused in one line."""
    pieces = []
    for seed in (1, 2):
        piece = tmp_path / f"d{seed}.npz"
        s = main(["--variant", "base", "--games", "2", "--seed", str(seed), "--collect-only",
                  "--save-data", str(piece), "--out", str(tmp_path / "none" / "bc.zip"),
                  "--no-progress"])  # fmt: skip
        assert piece.exists() and not (tmp_path / "none").exists()  # nothing fitted or written
        pieces.append(s["samples"])
    out = tmp_path / "fit" / "bc.zip"
    summary = main(["--variant", "base", "--data", str(tmp_path / "d1.npz"),
                    str(tmp_path / "d2.npz"), "--epochs", "1", "--eval-games", "0",
                    "--out", str(out)])  # fmt: skip
    assert summary["samples"] == sum(pieces) and summary["games"] == 4
    assert out.exists() and out.with_suffix(".npz").exists()
    # --skip-families leaves out the decisions labelled with those families, and only them.
    data = np.load(tmp_path / "d1.npz")
    ends = int(sum(Game(variant="base").variant.actions.family(int(a)) == "end_turn"
                   for a in data["action"]))  # fmt: skip
    assert 0 < ends < len(data["action"])
    less = main(["--variant", "base", "--data", str(tmp_path / "d1.npz"), "--epochs", "1",
                 "--eval-games", "0", "--skip-families", "end_turn", "--out", str(out)])  # fmt: skip
    assert less["skipped"] == ends and less["samples"] == pieces[0] - ends
    with pytest.raises(SystemExit, match="no action family end_turns in base; families: roll"):
        main(["--variant", "base", "--data", str(tmp_path / "d1.npz"),
              "--skip-families", "end_turns", "--out", str(out)])  # fmt: skip
    with pytest.raises(SystemExit, match="gathered for base with 4 players, not cities_and"):
        main(["--variant", "cities_and_knights", "--data", str(tmp_path / "d1.npz"),
              "--out", str(out)])  # fmt: skip
    with pytest.raises(SystemExit, match="not a demonstrations file"):
        main(["--variant", "base", "--data", str(tmp_path / "nothing.npz"), "--out", str(out)])
    with pytest.raises(SystemExit):  # argparse: --collect-only without a file to write
        main(["--variant", "base", "--collect-only"])


def test_cloned_policy_loads_and_plays_legally(tmp_path):
    out = tmp_path / "bc.zip"
    summary = main(
        ["--variant", "base", "--games", "3", "--epochs", "1", "--eval-games", "0"]
        + ["--out", str(out), "--no-progress"]
    )
    assert summary["samples"] > 0 and np.isfinite(summary["policy_loss"])
    for path in (out, out.with_suffix(".npz")):
        agent = make_agent(f"ppo:{path}")
        g = Game(variant="base", num_players=4, seed=3)
        others = [make_agent("random", seed=k) for k in range(4)]
        while not g.done:
            p = g.current_player
            g.step(agent.act(g) if p == 0 else others[p].act(g))
        assert g.done


def test_a_clone_resumes_under_the_batched_trainer(tmp_path):
    """The documented warm start: a clone saved with one env continues in train_ppo's
    LearnerVecEnv of several games (a resumed model is loaded onto the new env), with a
    rule option passed by -o."""
    from train.train_ppo import main as train

    bc = tmp_path / "bc.zip"
    main(["--variant", "base", "--games", "2", "--epochs", "1", "--eval-games", "0",
          "--net", "16,16", "--out", str(bc), "--no-progress"])  # fmt: skip
    out = tmp_path / "run"
    summary = train(["--resume", str(bc), "--out", str(out), "--steps", "512", "--minutes", "0",
                     "--n-envs", "4", "--n-steps", "128", "--batch-size", "128",
                     "--pool", "heuristic=1,self=1", "-o", "domestic_trade=false",
                     "--eval-every", "100000", "--final-eval-games", "4", "--no-progress"])  # fmt: skip
    assert summary["steps_this_run"] >= 512
    config = json.loads((out / "config.json").read_text())
    assert config["meta"]["options"] == {"domestic_trade": False}
    assert load_policy(out / "final.npz").head[0].shape == load_policy(bc).head[0].shape
    # The run's PPO settings replace the clone's (saved with the defaults, 64 and 1,024).
    from sb3_contrib import MaskablePPO

    resumed = MaskablePPO.load(out / "final.zip", device="cpu")
    assert (resumed.n_steps, resumed.batch_size) == (128, 128)


def test_bad_rule_options_are_refused_in_one_line(tmp_path):
    from train.train_ppo import main as train

    with pytest.raises(SystemExit, match="-o nonsense=1: unknown"):
        train(["--out", str(tmp_path), "-o", "nonsense=1", "--no-progress"])
    with pytest.raises(SystemExit, match="set num_players with its own flag"):
        train(["--out", str(tmp_path), "-o", "num_players=3", "--no-progress"])


def test_dagger_student_steers_the_games_and_labels_stay_legal():
    """With a student playing every decision the games go elsewhere than the teacher's
    own (the student steered them), and every label is still a legal choice."""
    from test_learner_env import random_net

    student = random_net("base")
    plain = collect("base", 2, "heuristic", [("random", 1.0)], 4, seed=4, progress=False)
    mixed = collect("base", 2, "heuristic", [("random", 1.0)], 4, seed=4, progress=False,
                    student=student, student_share=1.0)  # fmt: skip
    assert len(mixed["action"]) != len(plain["action"])
    assert mixed["mask"][np.arange(len(mixed["action"])), mixed["action"]].all()
    with pytest.raises(ValueError, match=r"student_share must be in \[0, 1\]"):
        collect("base", 1, "heuristic", [("random", 1.0)], 4, seed=0, progress=False,
                student=student, student_share=1.5)  # fmt: skip


def test_init_from_an_npz_actor_starts_the_actor_there(tmp_path):
    """--init NPZ: the actor's layers are the file's, the critic is fresh; with a zero
    learning rate the clone writes the same actor back."""
    from agents.policy_agent import PolicyNet

    rng = np.random.default_rng(0)
    actor = _random_actor(tmp_path, rng)
    first = load_policy(actor)
    out = tmp_path / "bc.zip"
    main(["--variant", "base", "--games", "2", "--epochs", "1", "--lr", "0", "--eval-games", "0",
          "--init", str(actor), "--out", str(out), "--no-progress"])  # fmt: skip
    again = load_policy(out.with_suffix(".npz"))
    assert isinstance(again, PolicyNet) and len(again.layers) == len(first.layers)
    for (w0, b0), (w1, b1) in zip([*first.layers, first.head], [*again.layers, again.head],
                                  strict=True):  # fmt: skip
        np.testing.assert_array_equal(w0, w1)
        np.testing.assert_array_equal(b0, b1)
    with pytest.raises(SystemExit, match="trained for base, not cities_and_knights"):
        main(["--variant", "cities_and_knights", "--games", "1", "--eval-games", "0",
              "--init", str(actor), "--out", str(out), "--no-progress"])  # fmt: skip


def test_critic_only_fits_the_value_and_leaves_the_actor_as_it_was(tmp_path):
    """--critic-only with a learning rate that moves the clone: the written actor is the
    --init one bit for bit, while the critic learned (its loss falls over the epochs)."""
    actor = _random_actor(tmp_path, np.random.default_rng(1))
    first = load_policy(actor)
    out = tmp_path / "critic.zip"
    summary = main(["--variant", "base", "--games", "6", "--epochs", "4", "--lr", "3e-3",
                    "--eval-games", "0", "--init", str(actor), "--student", str(actor),
                    "--student-share", "1", "--critic-only", "--out", str(out),
                    "--no-progress"])  # fmt: skip
    again = load_policy(out.with_suffix(".npz"))
    for (w0, b0), (w1, b1) in zip([*first.layers, first.head], [*again.layers, again.head],
                                  strict=True):  # fmt: skip
        np.testing.assert_array_equal(w0, w1)
        np.testing.assert_array_equal(b0, b1)
    # The same run without the flag moves the actor: the test above is not vacuous.
    moved = tmp_path / "both.zip"
    main(["--variant", "base", "--games", "6", "--epochs", "1", "--lr", "3e-3",
          "--eval-games", "0", "--init", str(actor), "--out", str(moved), "--no-progress"])  # fmt: skip
    assert not np.array_equal(load_policy(moved.with_suffix(".npz")).head[0], first.head[0])
    assert summary["value_loss"] < 1.0  # outcomes are +-1: a fresh critic starts near 1


def _random_actor(tmp_path, rng):
    from agents.policy_agent import FORMAT, PolicyNet
    from catan_env.core import registry

    spec = registry.get("base")
    sizes = [spec.obs_size, 24, 12]
    layers = [(rng.normal(size=(o, i)).astype(np.float32), rng.normal(size=o).astype(np.float32))
              for i, o in zip(sizes, sizes[1:], strict=False)]  # fmt: skip
    head = (rng.normal(size=(spec.num_actions, 12)).astype(np.float32),
            rng.normal(size=spec.num_actions).astype(np.float32))  # fmt: skip
    meta = {"format": FORMAT, "variant": "base", "num_players": 4, "activation": "relu",
            "obs_size": spec.obs_size, "num_actions": spec.num_actions}  # fmt: skip
    path = tmp_path / "actor.npz"
    PolicyNet(layers, head, meta).save(path)
    return path
