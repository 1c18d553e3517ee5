"""Train a MaskablePPO policy (sb3-contrib) for one seat of Catan against a pool of opponents.

One command, sensible defaults (Cities & Knights, 4 players, 105 minutes)::

    python -m train.train_ppo --out runs/ck_main

The learner sits at a random seat of :class:`catan_env.gym_env.CatanEnv`; at
every game each other seat draws an opponent from the pool (``--pool``):
the jitted ``random``, ``weighted`` and ``heuristic`` agents, and ``self``,
a frozen snapshot of the learner saved every ``--snapshot-every`` steps
(self-play; until the first snapshot exists ``self`` plays ``random``). Any
agent spec works in the pool (``ppo:agents/checkpoints/ppo_ck.npz``).

Every ``--eval-every`` steps the current policy (most likely legal action)
plays ``--eval-games`` games against 3 random and against 3 heuristic agents;
the win rates go to ``OUT/eval.csv``, the curve to ``OUT/learning_curve.png``
and the model to ``OUT/checkpoints/`` (a MaskablePPO ``.zip`` to resume
from, and the actor alone as ``.npz`` for :class:`agents.PolicyAgent`).
``--minutes`` stops training cleanly and saves ``OUT/final.zip`` and
``OUT/final.npz``. See train/README.md for reward shaping and the options.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
import zipfile
from pathlib import Path

import numpy as np

# Runnable as a file (python train/train_ppo.py) as well as a module.
if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.policy_agent import FORMAT, META_MEMBER, PolicyAgent, PolicyNet
from catan_env.gym_env import CatanEnv

#: The variants trained, by the names ``catan-env --variant`` and the envs take (no aliases).
VARIANTS = {name: name for name in ("base", "cities_and_knights")}
DEFAULT_POOL = "random=0.75,weighted=0.1,heuristic=0.1,self=0.05"


# --- the opponent pool ------------------------------------------------------------------


def parse_pool(text: str) -> list[tuple[str, float]]:
    """``"random=0.7,heuristic=0.2,self=0.1"`` -> ``[(spec, weight), ...]`` (weight 1 if absent)."""
    entries = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        spec, sep, weight = part.rpartition("=")
        if not sep:
            spec, weight = part, "1"
        try:
            w = float(weight)
        except ValueError:
            raise ValueError(f"bad pool weight in {part!r}: {weight!r}") from None
        if not w >= 0:
            raise ValueError(f"pool weights must be >= 0, got {part!r}")
        entries.append((spec.strip(), w))
    if not entries or sum(w for _, w in entries) <= 0:
        raise ValueError(f"the pool needs at least one entry with a positive weight: {text!r}")
    for spec, _ in entries:
        if spec != "self":
            from agents import registered_agents

            if spec.partition(":")[0] not in registered_agents():
                raise ValueError(f"unknown agent {spec!r} in the pool")
    return entries


class OpponentPool:
    """The env's opponent sampler: ``pool(rng)`` gives one opponent per other seat.

    Each seat draws independently by weight. ``"self"`` picks one of the
    ``recent`` newest snapshots in ``snapshot_dir`` (read at each draw, so
    environments in other processes see new snapshots too), played by a
    sampling :class:`PolicyAgent`; with no snapshot yet it is ``"random"``.

    Args:
        entries: ``(spec, weight)`` pairs (:func:`parse_pool`).
        num_opponents: seats to fill.
        snapshot_dir: where the trainer writes snapshots (``*.npz``).
        recent: how many of the newest snapshots ``self`` chooses from.
    """

    def __init__(self, entries, num_opponents: int, snapshot_dir: str | None, recent: int = 5):
        self.specs = [s for s, _ in entries]
        w = np.array([w for _, w in entries], float)
        self.probs = w / w.sum()
        self.num_opponents = num_opponents
        self.snapshot_dir = snapshot_dir
        self.recent = recent
        self._agents: dict[str, PolicyAgent] = {}

    def snapshots(self) -> list[str]:
        if not self.snapshot_dir or not os.path.isdir(self.snapshot_dir):
            return []
        names = sorted(n for n in os.listdir(self.snapshot_dir) if n.endswith(".npz"))
        return [os.path.join(self.snapshot_dir, n) for n in names]

    def __call__(self, rng: np.random.Generator) -> list:
        out = []
        snaps = None
        for _ in range(self.num_opponents):
            spec = self.specs[rng.choice(len(self.specs), p=self.probs)]
            if spec == "self":
                if snaps is None:
                    snaps = self.snapshots()[-self.recent :]
                if not snaps:
                    out.append("random")
                    continue
                path = snaps[rng.integers(len(snaps))]
                agent = self._agents.get(path)
                if agent is None:
                    agent = PolicyAgent(path, seed=int(rng.integers(2**32)), deterministic=False)
                    self._agents[path] = agent
                out.append(agent)
            else:
                out.append(spec)
        return out


# --- evaluation ---------------------------------------------------------------------------


def evaluate(
    net: PolicyNet,
    variant: str,
    opponent: str,
    games: int,
    seed: int = 0,
    num_players: int = 4,
    batch: int = 16,
    max_decisions: int = 5_000,
) -> dict:
    """Play ``games`` games of the policy (its most likely legal action) against ``opponent``.

    ``opponent`` (an agent name) sits at every other seat.

    The learner's seat is drawn per game; games run ``batch`` at a time so the
    network sees a batch of observations per step. A deterministic policy can
    cycle inside one turn (select a knight, cancel, select it again...), where
    the turn limit never comes: a game where the learner makes more than
    ``max_decisions`` decisions is stopped and counted as lost (``stuck``).

    Returns:
        ``games``, ``wins``, ``win_rate``, ``truncated``, ``stuck``, ``mean_vp``,
        ``mean_turns``.
    """
    wins = truncated = stuck = 0
    vps, turns = [], []
    next_game = 0
    envs: list[CatanEnv] = []
    obs: list[np.ndarray] = []
    while next_game < min(batch, games):
        env = CatanEnv(variant=variant, num_players=num_players, opponents=opponent)
        o, _ = env.reset(seed=seed * 1_000_003 + next_game)
        envs.append(env)
        obs.append(o)
        next_game += 1
    live = list(range(len(envs)))
    decisions = [0] * len(envs)
    while live:
        o = np.stack([obs[i] for i in live])
        m = np.stack([envs[i].action_masks() for i in live])
        actions = net.choose(o, m)
        still = []
        for i, a in zip(live, actions, strict=True):
            env = envs[i]
            obs[i], _, term, trunc, info = env.step(int(a))
            decisions[i] += 1
            if not (term or trunc) and decisions[i] > max_decisions:
                stuck += 1
                info = {"winner": -1, "vp": env.game.total_vp(env.seat), "turns": env.game.turn}
            if term or trunc or decisions[i] > max_decisions:
                wins += info["winner"] == env.seat
                truncated += info["winner"] < 0
                vps.append(info["vp"])
                turns.append(info["turns"])
                decisions[i] = 0
                if next_game < games:
                    obs[i], _ = env.reset(seed=seed * 1_000_003 + next_game)
                    next_game += 1
                    still.append(i)
            else:
                still.append(i)
        live = still
    return {
        "games": games,
        "wins": int(wins),
        "win_rate": wins / games,
        "truncated": int(truncated),
        "stuck": int(stuck),
        "mean_vp": float(np.mean(vps)),
        "mean_turns": float(np.mean(turns)),
    }


# --- checkpoints ----------------------------------------------------------------------------


def save_checkpoint(model, path: str | Path, meta: dict) -> None:
    """``model.save`` plus the JSON header :class:`PolicyAgent` reads (no pickle needed)."""
    path = str(path)
    model.save(path)
    if not path.endswith(".zip"):
        path += ".zip"
    with zipfile.ZipFile(path, "a") as z:
        z.writestr(META_MEMBER, json.dumps({"format": FORMAT, **meta}))


def actor_of(model, meta: dict) -> PolicyNet:
    return PolicyNet.from_state_dict(model.policy.state_dict(), {"format": FORMAT, **meta})


def plot_curve(csv_path: Path, png_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with open(csv_path) as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return
    steps = [int(r["steps"]) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    for key, label in (("win_random", "vs 3 random"), ("win_heuristic", "vs 3 heuristic")):
        if rows[0].get(key, "") != "":
            ax.plot(steps, [float(r[key]) for r in rows], marker="o", label=label)
    ax.axhline(0.25, color="grey", lw=0.8, ls="--", label="1 in 4 (chance)")
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(f"MaskablePPO, {rows[0]['variant']}")
    fig.tight_layout()
    fig.savefig(png_path, dpi=100)
    plt.close(fig)


# --- callbacks ------------------------------------------------------------------------------


def make_callback(args, meta: dict, out: Path):
    """One SB3 callback: progress bar, wall-clock budget, snapshots, evaluation, checkpoints."""
    from stable_baselines3.common.callbacks import BaseCallback
    from tqdm.auto import tqdm

    class TrainingCallback(BaseCallback):
        def __init__(self):
            super().__init__()
            self.t0 = time.monotonic()
            self.deadline = self.t0 + args.minutes * 60 if args.minutes else None
            self.next_eval = args.eval_every
            self.next_snapshot = args.snapshot_every
            self.bar = None
            self.best = None
            self.csv_path = out / "eval.csv"
            self.postfix: dict = {}

        def _on_training_start(self) -> None:
            # Periods count from where training starts (a resumed run does not start at 0).
            self.next_eval = self.model.num_timesteps + args.eval_every
            self.next_snapshot = self.model.num_timesteps + args.snapshot_every
            self.bar = tqdm(
                total=args.steps,
                initial=self.model.num_timesteps,
                unit="step",
                dynamic_ncols=True,
                mininterval=2.0,
                disable=args.no_progress,
            )
            if args.eval_at_start:
                self.evaluate()

        def _on_step(self) -> bool:
            n = self.model.num_timesteps
            self.bar.n = n
            self.bar.refresh() if self.bar.n % 256 == 0 else None
            if args.snapshot_every and n >= self.next_snapshot:
                self.next_snapshot += args.snapshot_every
                snaps = out / "snapshots"
                snaps.mkdir(exist_ok=True)
                actor_of(self.model, meta).save(snaps / f"step_{n:09d}.npz")
            if args.eval_every and n >= self.next_eval:
                self.next_eval += args.eval_every
                self.evaluate()
            if self.deadline is not None and time.monotonic() >= self.deadline:
                tqdm.write(f"time budget of {args.minutes} min reached at {n} steps; stopping")
                return False
            return True

        def _on_training_end(self) -> None:
            self.bar.close()

        def evaluate(self) -> dict:
            n = self.model.num_timesteps
            net = actor_of(self.model, meta)
            row = {
                "steps": n,
                "minutes": round((time.monotonic() - self.t0) / 60, 2),
                "variant": meta["variant"],
            }
            for opp in ("random", "heuristic"):
                r = evaluate(net, meta["variant"], opp, args.eval_games, seed=args.seed + 7)
                row[f"win_{opp}"] = r["win_rate"]
                row[f"vp_{opp}"] = round(r["mean_vp"], 2)
                row[f"turns_{opp}"] = round(r["mean_turns"], 1)
            row["eval_games"] = args.eval_games
            new = not self.csv_path.exists()
            with open(self.csv_path, "a", newline="") as f:
                w = csv.DictWriter(f, fieldnames=list(row))
                if new:
                    w.writeheader()
                w.writerow(row)
            plot_curve(self.csv_path, out / "learning_curve.png")
            ckpt = out / "checkpoints"
            ckpt.mkdir(exist_ok=True)
            save_checkpoint(self.model, ckpt / f"step_{n:09d}.zip", meta)
            net.save(ckpt / f"step_{n:09d}.npz")
            score = (row["win_random"], row["win_heuristic"])
            if self.best is None or score > self.best:
                self.best = score
                save_checkpoint(self.model, out / "best.zip", meta)
                net.save(out / "best.npz")
            self.postfix = {"vs_random": row["win_random"], "vs_heur": row["win_heuristic"]}
            if self.bar is not None:
                self.bar.set_postfix(self.postfix)
            msg = (
                f"[eval] steps={n} min={row['minutes']} win vs 3 random {row['win_random']:.2f} "
                f"(vp {row['vp_random']}), vs 3 heuristic {row['win_heuristic']:.2f} "
                f"(vp {row['vp_heuristic']}), {args.eval_games} games each"
            )
            tqdm.write(msg)
            return row

    return TrainingCallback()


# --- main ---------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m train.train_ppo",
        description="Train MaskablePPO for one Catan seat against an opponent pool with self-play.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    p.add_argument("--variant", default="cities_and_knights", choices=sorted(VARIANTS))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--out", default="runs/ppo", help="output folder")
    p.add_argument("--steps", type=int, default=50_000_000, help="total learner steps (at most)")
    p.add_argument("--minutes", type=float, default=105.0, help="wall-clock budget, 0: none")
    p.add_argument("--pool", default=DEFAULT_POOL, help="opponent pool: spec=weight,...")
    p.add_argument("--snapshot-every", type=int, default=500_000, help="self-play snapshot period")
    p.add_argument("--self-recent", type=int, default=5, help="newest snapshots 'self' uses")
    p.add_argument("--vp-reward", type=float, default=0.15, help="shaping per victory point")
    p.add_argument(
        "--improvement-reward", type=float, default=0.02, help="C&K: per improvement level"
    )
    p.add_argument("--knight-reward", type=float, default=0.0, help="C&K: per knight strength")
    p.add_argument("--max-turns", type=int, default=None, help="truncate games (rule option)")
    p.add_argument("--n-envs", type=int, default=8)
    p.add_argument("--subproc", action="store_true", help="SubprocVecEnv (one process per env)")
    p.add_argument("--n-steps", type=int, default=256, help="rollout steps per env")
    p.add_argument("--batch-size", type=int, default=512)
    p.add_argument("--n-epochs", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--gamma", type=float, default=0.999)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--net", default="256,256", help="hidden layers of the actor and the critic")
    p.add_argument("--activation", default="relu", choices=["relu", "tanh"])
    p.add_argument("--eval-every", type=int, default=150_000)
    p.add_argument("--eval-games", type=int, default=40)
    p.add_argument("--eval-at-start", action="store_true", help="evaluate before training")
    p.add_argument("--final-eval-games", type=int, default=200)
    p.add_argument(
        "--resume",
        default=None,
        help="a MaskablePPO .zip to continue from (unpickled: trusted files only); "
        "--lr, --ent-coef and --n-epochs apply to it",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--torch-threads", type=int, default=1)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: list[str] | None = None) -> dict:
    args = build_parser().parse_args(argv)
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    torch.set_num_threads(args.torch_threads)
    variant = VARIANTS[args.variant]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pool_entries = parse_pool(args.pool)
    options = {} if args.max_turns is None else {"max_turns": args.max_turns}
    shaping = {
        "vp_reward": args.vp_reward,
        "improvement_reward": args.improvement_reward if variant != "base" else 0.0,
        "knight_reward": args.knight_reward if variant != "base" else 0.0,
    }
    meta = {
        "variant": variant,
        "num_players": args.players,
        "activation": args.activation,
        "obs_size": None,
        "num_actions": None,
    }
    probe = CatanEnv(variant=variant, num_players=args.players, **options)
    meta["obs_size"] = int(probe.observation_space.shape[0])
    meta["num_actions"] = int(probe.action_space.n)
    with open(out / "config.json", "w") as f:
        json.dump({"args": vars(args), "shaping": shaping, "meta": meta}, f, indent=2)

    def make_env(rank: int):
        def thunk():
            pool = OpponentPool(
                pool_entries, args.players - 1, str(out / "snapshots"), args.self_recent
            )
            env = CatanEnv(
                variant=variant, num_players=args.players, opponents=pool, **shaping, **options
            )
            env.reset(seed=args.seed * 1000 + rank)
            return Monitor(env)

        return thunk

    vec_cls = SubprocVecEnv if args.subproc else DummyVecEnv
    venv = vec_cls([make_env(i) for i in range(args.n_envs)])
    net = [int(x) for x in args.net.split(",") if x]
    activation = {"relu": torch.nn.ReLU, "tanh": torch.nn.Tanh}[args.activation]
    if args.resume:
        # The PPO settings a fine-tune usually changes follow the command line;
        # the network and the rest come from the checkpoint.
        custom = {"learning_rate": args.lr, "ent_coef": args.ent_coef, "n_epochs": args.n_epochs}
        model = MaskablePPO.load(args.resume, env=venv, device="cpu", custom_objects=custom)
    else:
        model = MaskablePPO(
            "MlpPolicy",
            venv,
            n_steps=args.n_steps,
            batch_size=args.batch_size,
            n_epochs=args.n_epochs,
            learning_rate=args.lr,
            gamma=args.gamma,
            gae_lambda=args.gae_lambda,
            ent_coef=args.ent_coef,
            policy_kwargs={"net_arch": {"pi": net, "vf": net}, "activation_fn": activation},
            seed=args.seed,
            device="cpu",
            verbose=0,
        )
    callback = make_callback(args, meta, out)
    t0 = time.monotonic()
    start_steps = model.num_timesteps  # a resumed model starts where it stopped
    model.learn(total_timesteps=args.steps, callback=callback, reset_num_timesteps=not args.resume)
    train_seconds = time.monotonic() - t0
    save_checkpoint(model, out / "final.zip", meta)
    final_net = actor_of(model, meta)
    final_net.save(out / "final.npz")
    venv.close()

    run_steps = int(model.num_timesteps - start_steps)
    summary = {
        "steps": int(model.num_timesteps),
        "steps_this_run": run_steps,
        "train_minutes": round(train_seconds / 60, 2),
        "steps_per_second": round(run_steps / max(train_seconds, 1e-9), 1),
    }
    if args.final_eval_games:
        for opp in ("random", "heuristic"):
            r = evaluate(final_net, variant, opp, args.final_eval_games, seed=args.seed + 1_000)
            summary[f"final_vs_{opp}"] = r
    with open(out / "summary.json", "w") as f:
        json.dump(summary, f, indent=2)
    print(json.dumps(summary, indent=2), flush=True)
    return summary


if __name__ == "__main__":
    main()
