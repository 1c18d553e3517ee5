"""Training throughput: the learner's batched env alone, and MaskablePPO end to end.

Measures, in one run, per game (learner against heuristic opponents; Catan
with 4 players, Ancients' two sides):

* ``learner_env_steps_per_s``: :class:`catan_env.vector.LearnerVecEnv` alone,
  one numba thread, 256 games, uniformly random legal learner actions
  (``random_actions()``, jitted; counted), heuristic opponents inside numba,
  the observations copied out at every step as for a learner;
* ``learner_env_steps_per_s_random_opponents``: the same with random opponents
  (the env's own cost, without the heuristic's lookahead);
* ``ppo_steps_per_s``: MaskablePPO learning on that env as the trainer runs
  it (rollouts and updates, one torch thread each):
  :class:`train.overlap.OverlappedMaskablePPO`, whose update on one rollout
  runs on the second core while the next is collected, with the trainer's
  policy class (:class:`train.masked_policy.FastMaskablePolicy`), learner
  steps per second;
* ``ppo_steps_per_s_sequential``: the same policy under sb3-contrib's own
  MaskablePPO, rollout and update in turn (what the overlap gains);
* ``ppo_steps_per_s_shared_layer``: the trainer's path with ``--shared 128``
  (the actor and the critic share their first layer, then one layer each);
* ``ppo_steps_per_s_sb3_policy``: sb3-contrib's MaskablePPO with its own
  ``MlpPolicy`` (separate actor and critic networks) on that env: against the
  gym path, the same learner on the two envs;
* ``ppo_steps_per_s_gym_path``: the same PPO settings on the path as it was
  before the learner env, sb3-contrib's ``MlpPolicy`` over a ``DummyVecEnv``
  of :class:`catan_env.gym_env.CatanEnv` (one Python env per game, a per-env
  mask call), ``None`` for a game without a Gymnasium env;
* ``ratio_ppo_vs_gym_path``: the two PPO figures' ratio.

Each figure also comes per CPU second of the benchmark's process (``*_cpu``):
on a shared machine the wall-clock figures fall with the load, the CPU-time
ones much less (the learner env runs on one thread, so its ``_cpu`` figure is
its speed on one core; the trainer's PPO runs its update on a second core).

The top level of ``--json`` holds the base game's figures, ``games`` every
game's, ``settings`` the PPO settings and ``load`` the machine's load
averages before and after (the machine may be shared: compare runs at
similar load). Compiling happens before any timing.

Usage:
    python benchmarks/train_throughput.py --json
    python benchmarks/train_throughput.py --games base --seconds 10
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = {
    "base": {"num_players": 4},
    "cities_and_knights": {"num_players": 4},
    "explorers_and_pirates": {"num_players": 4},
    "ancients": {},
}


def _trainer_defaults() -> dict:
    """The PPO settings of every path: the trainer's defaults (separate actor and
    critic networks). ``shared`` is the trainer's ``--shared 128`` option (one
    layer shared, then ``shared_net`` each), measured as its own figure."""
    from train.train_ppo import build_parser

    d = build_parser().parse_args([])
    return {"n_envs": d.n_envs, "n_steps": d.n_steps, "batch_size": d.batch_size,
            "n_epochs": d.n_epochs, "net": tuple(int(x) for x in d.net.split(",")),
            "shared": (128,), "shared_net": (128,)}  # fmt: skip


PPO = _trainer_defaults()


def env_alone(game: str, options: dict, seconds: float, num_envs: int = 256,
              opponents: str = "heuristic") -> float:  # fmt: skip
    """Learner steps/s of the batched env with random learner actions, one thread."""
    import numba

    from catan_env.vector import LearnerVecEnv

    numba.set_num_threads(1)
    env = LearnerVecEnv(game, num_envs=num_envs, opponents=opponents, seed=0, **options)
    env.reset()
    env.step(env.random_actions())  # compiled before timing
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        env.step(env.random_actions())
        steps += num_envs
    return steps / (time.perf_counter() - t0), steps / (time.process_time() - c0)


def _model(venv, policy="MlpPolicy", overlap: bool = False, shared: bool = False, seed: int = 0):
    import torch
    from sb3_contrib import MaskablePPO

    from train.masked_policy import SharedLayers
    from train.overlap import OverlappedMaskablePPO

    net = list(PPO["shared_net" if shared else "net"])
    kwargs = {"net_arch": {"pi": net, "vf": net}, "activation_fn": torch.nn.ReLU}
    if shared:
        kwargs["features_extractor_class"] = SharedLayers
        kwargs["features_extractor_kwargs"] = {"layers": list(PPO["shared"])}
    return (OverlappedMaskablePPO if overlap else MaskablePPO)(
        policy,
        venv,
        n_steps=PPO["n_steps"] * PPO["n_envs"] // venv.num_envs,
        batch_size=PPO["batch_size"],
        n_epochs=PPO["n_epochs"],
        policy_kwargs=kwargs,
        seed=seed,
        device="cpu",
        verbose=0,
    )


def ppo_rate(venv, seconds: float, policy="MlpPolicy", overlap: bool = False,
             shared: bool = False):  # fmt: skip
    """Learner steps/s of MaskablePPO learning on ``venv`` (whole rollouts and
    updates): per wall-clock second and per CPU second of this process.

    One ``learn`` call, stopped by a callback after ``seconds``; the steps are
    those of the rollouts trained on (a rollout cut short by the stop is not
    counted, in either algorithm)."""
    from stable_baselines3.common.callbacks import BaseCallback

    class Stop(BaseCallback):
        def __init__(self, deadline):
            super().__init__()
            self.deadline = deadline

        def _on_step(self) -> bool:
            return time.perf_counter() < self.deadline

    model = _model(venv, policy, overlap, shared)
    rollout = model.n_steps * venv.num_envs
    model.learn(total_timesteps=rollout)  # the first rollout compiles and warms up
    updates = model._n_updates
    t0, c0 = time.perf_counter(), time.process_time()
    model.learn(10**12, callback=Stop(t0 + seconds), reset_num_timesteps=False)
    done = (model._n_updates - updates) // model.n_epochs * rollout
    return done / (time.perf_counter() - t0), done / (time.process_time() - c0)


def ppo_new(game: str, options: dict, seconds: float, threads: int, trainer_policy: bool = True,
            overlap: bool = True, shared: bool = False) -> tuple[float, float]:  # fmt: skip
    """MaskablePPO on the learner env: as the trainer runs it (overlapped, with
    :class:`train.masked_policy.FastMaskablePolicy`), with the overlap or the
    policy class left out, or with ``--shared 128``."""
    import numba

    from catan_env.vector import LearnerVecEnv
    from train.masked_policy import FastMaskablePolicy

    numba.set_num_threads(threads)
    env = LearnerVecEnv(game, num_envs=PPO["n_envs"], opponents="heuristic", seed=0, **options)
    policy = FastMaskablePolicy if trainer_policy else "MlpPolicy"
    return ppo_rate(env, seconds, policy, overlap, shared)


def ppo_gym(game: str, options: dict, seconds: float) -> tuple[float, float] | None:
    from stable_baselines3.common.vec_env import DummyVecEnv

    from catan_env.gym_env import CatanEnv
    from catan_env.variants import VARIANT_NAMES

    if game not in VARIANT_NAMES:
        return None  # no single-agent Gymnasium env for this game

    def make(rank):
        def thunk():
            env = CatanEnv(variant=game, opponents="heuristic", **options)
            env.reset(seed=rank)
            return env

        return thunk

    return ppo_rate(DummyVecEnv([make(i) for i in range(8)]), seconds)


def measure(game: str, seconds: float, threads: int, gym: bool) -> dict:
    """One game's figures: per wall-clock second, and per CPU second (``*_cpu``)."""
    options = GAMES[game]
    row = {}
    for key, (wall, cpu) in (
        ("learner_env_steps_per_s", env_alone(game, options, seconds)),
        ("learner_env_steps_per_s_random_opponents",
         env_alone(game, options, seconds, opponents="random")),
        ("ppo_steps_per_s", ppo_new(game, options, seconds, threads)),
        ("ppo_steps_per_s_sequential",
         ppo_new(game, options, seconds, threads, overlap=False)),
        ("ppo_steps_per_s_shared_layer",
         ppo_new(game, options, seconds, threads, shared=True)),
        ("ppo_steps_per_s_sb3_policy",
         ppo_new(game, options, seconds, threads, False, overlap=False)),
    ):  # fmt: skip
        row[key], row[key + "_cpu"] = round(wall, 1), round(cpu, 1)
    g = ppo_gym(game, options, seconds) if gym else None
    row["ppo_steps_per_s_gym_path"] = None if g is None else round(g[0], 1)
    row["ppo_steps_per_s_gym_path_cpu"] = None if g is None else round(g[1], 1)
    row["ratio_ppo_vs_gym_path"] = None if g is None else round(row["ppo_steps_per_s"] / g[0], 2)
    return row


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    p.add_argument("--seconds", type=float, default=15.0, help="timed seconds per figure")
    p.add_argument("--threads", type=int, default=1, help="numba threads during PPO")
    p.add_argument("--no-gym", action="store_true", help="skip today's gym-env path")
    a = p.parse_args(argv)
    import torch

    torch.set_num_threads(1)
    games = [g.strip() for g in a.games.split(",") if g.strip()]
    for g in games:
        if g not in GAMES:
            raise SystemExit(f"unknown game {g!r}; games: {', '.join(GAMES)}")
    load_before = os.getloadavg()
    rows = {}
    for g in games:
        rows[g] = measure(g, a.seconds, a.threads, not a.no_gym)
        if not a.json:
            print(f"{g}: {rows[g]}", flush=True)
    out = {
        **(rows.get("base") or {}),
        "games": rows,
        "settings": {
            **PPO,
            "net": list(PPO["net"]),
            "seconds": a.seconds,
            "numba_threads_ppo": a.threads,
            "torch_threads": 1,
            "trainer": "OverlappedMaskablePPO + FastMaskablePolicy",
            "opponents": "heuristic",
            "cpus": os.cpu_count(),
        },  # fmt: skip
        "load": {
            "before": [round(x, 2) for x in load_before],
            "after": [round(x, 2) for x in os.getloadavg()],
        },  # fmt: skip
    }
    if a.json:
        print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
