"""Train MaskablePPO with self-play workers on a Ray cluster.

A local cluster (this machine; Ray starts it), then a running one::

    python -m train.train_ray --workers 2 --envs-per-worker 4 --steps 20000
    python -m train.train_ray --address auto --workers 64 --steps 20000000 --out runs/ray

The learner (this process) holds the network and runs MaskablePPO's updates
(sb3-contrib). The games run in ``--workers`` Ray actors of one CPU each,
anywhere on the cluster; each holds ``--envs-per-worker`` single-agent
environments (:class:`catan_env.gym_env.CatanEnv`): the learner plays a random
seat and, at every game, each other seat draws an opponent from the pool
(``--pool``): a jitted agent (``random``, ``weighted``, ``heuristic``; these
play inside numba) or ``self``, one of the learner's ``--recent`` newest
snapshots (self-play; ``random`` until the first snapshot).

:class:`RayVecEnv` is the stable-baselines3 ``VecEnv`` whose environments live
in the actors: a step sends every actor its environments' actions at once and
gets back, in one round trip per actor, their observations, rewards, ends and
next legal-action masks (MaskablePPO's ``action_masks`` then costs nothing).
Finished games restart inside the actor, as in SB3's own vector envs.

Every ``--snapshot-every`` steps the learner turns its actor network into
numpy arrays (:class:`agents.policy_agent.PolicyNet`), puts them in Ray's
object store once, and every actor adds a sampling
:class:`~agents.policy_agent.PolicyAgent` of them to its pool: no shared file
system is needed. At the end the model is saved to ``OUT/final.zip``, the
actor to ``OUT/final.npz`` (``catan-env tournament --agents
ppo:OUT/final.npz,random,random,random``), and ``--eval-games`` games against
three random agents are played here.

Every node needs the same Python environment: ``pip install
'catan_env[distributed,train]'`` (the actors themselves need neither torch
nor stable-baselines3).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from pathlib import Path

import numpy as np
import ray

# Runnable as a file (python train/train_ray.py) as well as a module.
if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.policy_agent import PolicyAgent, PolicyNet, export_policy  # noqa: E402
from catan_env.gym_env import CatanEnv  # noqa: E402
from train.masked_policy import FastMaskablePolicy  # noqa: E402

#: The variants trained, by the names ``catan-env --variant`` and the envs take (no aliases).
VARIANTS = {name: name for name in ("base", "cities_and_knights")}


def parse_pool(text: str) -> list[tuple[str, float]]:
    """``"random=0.6,heuristic=0.2,self=0.2"`` -> ``[(spec, weight), ...]``."""
    entries = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        spec, _, weight = part.partition("=")
        try:
            entries.append((spec.strip(), float(weight or 1)))
        except ValueError:
            raise ValueError(f"bad pool weight in {part!r}") from None
    if not entries or min(w for _, w in entries) < 0 or sum(w for _, w in entries) <= 0:
        raise ValueError(f"the pool needs non-negative weights, one positive: {text!r}")
    return entries


class SnapshotPool:
    """An env's opponent sampler: one spec per other seat, ``"self"`` from recent snapshots."""

    def __init__(self, entries: list[tuple[str, float]], num_opponents: int, recent: int):
        self.specs = [s for s, _ in entries]
        w = np.array([w for _, w in entries])
        self.probs = w / w.sum()
        self.num_opponents = num_opponents
        self.snapshots: deque = deque(maxlen=recent)

    def __call__(self, rng: np.random.Generator) -> list:
        out = []
        for _ in range(self.num_opponents):
            spec = self.specs[rng.choice(len(self.specs), p=self.probs)]
            if spec == "self":  # random until the first snapshot arrives
                k = len(self.snapshots)
                spec = self.snapshots[rng.integers(k)] if k else "random"
            out.append(spec)
        return out


@ray.remote(num_cpus=1)
class EnvWorker:
    """Ray actor: a few environments, stepped together at each call."""

    def __init__(self, count: int, env_kwargs: dict, pool: list, recent: int, seed: int):
        self.pool = SnapshotPool(pool, env_kwargs["num_players"] - 1, recent)
        self.envs = [CatanEnv(opponents=self.pool, **env_kwargs) for _ in range(count)]
        self.seed = seed
        self.snapshots_added = 0
        self.returns = np.zeros(count)
        self.lengths = np.zeros(count, np.int64)

    def add_snapshot(self, snapshot: tuple) -> None:
        """Add ``(layers, head, meta)`` of a :class:`PolicyNet` to the pool, played sampling."""
        self.snapshots_added += 1
        seed = self.seed * 1000 + self.snapshots_added  # each snapshot its own sampling stream
        agent = PolicyAgent(PolicyNet(*snapshot), seed=seed, deterministic=False)
        self.pool.snapshots.append(agent)

    def call(self, local: list, method_name: str, args: tuple, kwargs: dict) -> list:
        """``env.method_name(*args, **kwargs)`` on the envs ``local`` of this worker."""
        return [getattr(self.envs[i], method_name)(*args, **kwargs) for i in local]

    def set(self, local: list, attr_name: str, value) -> None:
        for i in local:
            setattr(self.envs[i], attr_name, value)

    def reset(self, seeds: list) -> tuple[np.ndarray, np.ndarray]:
        obs = [env.reset(seed=s)[0] for env, s in zip(self.envs, seeds, strict=True)]
        self.returns[:] = 0
        self.lengths[:] = 0
        return np.stack(obs), np.stack([env.action_masks() for env in self.envs])

    def step(self, actions: np.ndarray):
        """Step every env; a finished game restarts, its last observation in the info."""
        obs, rewards, dones, infos = [], np.zeros(len(self.envs), np.float32), [], []
        for i, (env, a) in enumerate(zip(self.envs, actions, strict=True)):
            o, r, terminated, truncated, full = env.step(int(a))
            rewards[i] = r
            self.returns[i] += r
            self.lengths[i] += 1
            info = {"TimeLimit.truncated": truncated and not terminated}
            if terminated or truncated:
                info["terminal_observation"] = o
                # What SB3's Monitor would add: the episode's return and length, for its logs.
                info["episode"] = {"r": self.returns[i], "l": int(self.lengths[i]), "t": 0.0}
                info["won"] = full["winner"] == full["seat"]
                self.returns[i], self.lengths[i] = 0, 0
                o, _ = env.reset()
            obs.append(o)
            dones.append(terminated or truncated)
            infos.append(info)
        masks = np.stack([env.action_masks() for env in self.envs])
        return np.stack(obs), rewards, np.array(dones), infos, masks


def _vec_env_class():
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv

    class RayVecEnv(VecEnv):
        """A stable-baselines3 ``VecEnv`` over :class:`EnvWorker` actors (see the module doc)."""

        def __init__(self, workers: list, per_worker: int, observation_space, action_space):
            self.workers = workers
            self.per_worker = per_worker
            self._masks = None
            self._pending = None
            super().__init__(len(workers) * per_worker, observation_space, action_space)

        def _split(self, values) -> list:
            k = self.per_worker
            return [values[i * k : (i + 1) * k] for i in range(len(self.workers))]

        def reset(self):
            seeds = self._split(self._seeds)
            parts = ray.get([w.reset.remote(s) for w, s in zip(self.workers, seeds, strict=True)])
            self._reset_seeds()
            self._masks = np.concatenate([m for _, m in parts])
            return np.concatenate([o for o, _ in parts])

        def step_async(self, actions: np.ndarray) -> None:
            chunks = self._split(np.asarray(actions))
            self._pending = [w.step.remote(a) for w, a in zip(self.workers, chunks, strict=True)]

        def step_wait(self):
            parts = ray.get(self._pending)
            self._masks = np.concatenate([p[4] for p in parts])
            infos = [info for p in parts for info in p[3]]
            return (
                np.concatenate([p[0] for p in parts]),
                np.concatenate([p[1] for p in parts]),
                np.concatenate([p[2] for p in parts]),
                infos,
            )

        def _indices(self, indices) -> list[int]:
            if indices is None:
                return list(range(self.num_envs))
            return [indices] if isinstance(indices, int) else list(indices)

        def _by_worker(self, indices) -> list[tuple[int, list[int]]]:
            """(worker, its local env indices) for the global ``indices``, in order."""
            groups: dict[int, list[int]] = {}
            for i in self._indices(indices):
                groups.setdefault(i // self.per_worker, []).append(i % self.per_worker)
            return list(groups.items())

        def env_method(self, method_name, *args, indices=None, **kwargs):
            if method_name == "action_masks":
                # The masks came back with the last step; no round trip.
                return [self._masks[i] for i in self._indices(indices)]
            groups = self._by_worker(indices)
            calls = [
                self.workers[w].call.remote(loc, method_name, args, kwargs) for w, loc in groups
            ]
            return [r for part in ray.get(calls) for r in part]

        def get_attr(self, attr_name, indices=None):
            if attr_name == "render_mode":
                return [None for _ in self._indices(indices)]
            if attr_name == "action_masks":
                return [lambda i=i: self._masks[i] for i in self._indices(indices)]
            raise AttributeError(f"RayVecEnv does not fetch the envs' {attr_name!r}")

        def set_attr(self, attr_name, value, indices=None):
            groups = self._by_worker(indices)
            ray.get([self.workers[w].set.remote(loc, attr_name, value) for w, loc in groups])

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False for _ in self._indices(indices)]

        def close(self) -> None:
            for w in self.workers:
                ray.kill(w)

    return RayVecEnv


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description="MaskablePPO with self-play workers on a Ray cluster (see the module doc)."
    )
    p.add_argument("--address", default=None, help="Ray head HOST:PORT or 'auto' (default: local)")
    p.add_argument("--workers", type=int, default=2, help="Ray actors playing games (one CPU each)")
    p.add_argument("--envs-per-worker", type=int, default=4, help="games per actor")
    p.add_argument("--variant", default="base", choices=sorted(VARIANTS))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--steps", type=int, default=20_000, help="learner steps to train")
    p.add_argument("--n-steps", type=int, default=256, help="steps per env per rollout")
    p.add_argument("--pool", default="random=0.6,heuristic=0.2,self=0.2", help="opponent pool")
    p.add_argument("--recent", type=int, default=5, help="snapshots 'self' draws from")
    p.add_argument("--snapshot-every", type=int, default=10_000, help="steps between snapshots")
    p.add_argument("--vp-reward", type=float, default=0.05, help="shaping per VP gained")
    p.add_argument("--net", default="256,256", help="hidden layers of the actor and the critic")
    p.add_argument("--max-turns", type=int, default=None, help="truncate games after N turns")
    p.add_argument("--eval-games", type=int, default=20, help="final games against 3 random")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="runs/ray", help="output directory")
    args = p.parse_args(argv)

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    variant = VARIANTS[args.variant]
    pool = parse_pool(args.pool)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ray.init(address=args.address, logging_level="WARNING")
    cpus = int(ray.cluster_resources().get("CPU", 0))
    print(f"Ray cluster: {cpus} CPUs", flush=True)
    if args.workers > cpus:
        # Actors beyond the CPUs wait for a node to join (an autoscaling cluster may add one).
        print(f"warning: {args.workers} workers need {args.workers} CPUs; waiting for nodes")

    env_kwargs = {"variant": variant, "num_players": args.players, "vp_reward": args.vp_reward}
    if args.max_turns is not None:
        env_kwargs["max_turns"] = args.max_turns
    net_arch = [int(x) for x in args.net.split(",") if x.strip()]
    probe = CatanEnv(**env_kwargs)
    workers = [
        EnvWorker.remote(args.envs_per_worker, env_kwargs, pool, args.recent, args.seed + 1000 * i)
        for i in range(args.workers)
    ]
    venv = _vec_env_class()(
        workers, args.envs_per_worker, probe.observation_space, probe.action_space
    )
    venv.seed(args.seed)
    meta = {
        "variant": variant,
        "num_players": args.players,
        "activation": "tanh",  # the policy's default
        "obs_size": int(probe.observation_space.shape[0]),
        "num_actions": int(probe.action_space.n),
    }
    model = MaskablePPO(
        FastMaskablePolicy,
        venv,
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps * venv.num_envs),
        seed=args.seed,
        verbose=0,
        policy_kwargs={"net_arch": {"pi": net_arch, "vf": net_arch}},
    )

    class Snapshots(BaseCallback):
        """Sends the actor network to every worker's pool, and logs each rollout."""

        def __init__(self):
            super().__init__()
            self.next_snapshot = args.snapshot_every
            self.won: deque = deque(maxlen=100)
            self.t0 = time.perf_counter()

        def _on_step(self) -> bool:
            self.won.extend(i["won"] for i in self.locals["infos"] if "won" in i)
            return True

        def _on_rollout_end(self) -> None:
            steps = self.num_timesteps
            rate = f"{np.mean(self.won):.0%} of the last {len(self.won)}" if self.won else "-"
            speed = steps / (time.perf_counter() - self.t0)
            print(f"steps {steps:>8}  {speed:7.0f} steps/s  games won: {rate}", flush=True)
            if steps >= self.next_snapshot:
                self.next_snapshot += args.snapshot_every
                net = PolicyNet.from_state_dict(self.model.policy.state_dict(), meta)
                # Put once; each node fetches it once from the object store.
                ref = ray.put((net.layers, net.head, net.meta))
                ray.get([w.add_snapshot.remote(ref) for w in workers])

    model.learn(total_timesteps=args.steps, callback=Snapshots())
    model.save(out / "final.zip")
    net = export_policy(model, out / "final.npz", meta)
    (out / "args.json").write_text(json.dumps(vars(args), indent=1))
    venv.close()
    if args.eval_games:
        from catan_env import GameConfig
        from catan_env.tournament import tournament

        options = {k: v for k, v in env_kwargs.items() if k not in ("num_players", "vp_reward")}
        config = GameConfig.make(num_players=args.players, **options)
        lineup = [PolicyAgent(net)] + ["random"] * (args.players - 1)
        result = tournament(lineup, args.eval_games, config, seed=args.seed, progress=False)
        print(result.table())
    print(f"saved {out / 'final.zip'} and {out / 'final.npz'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
