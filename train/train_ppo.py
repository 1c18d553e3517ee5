"""Train a MaskablePPO policy (sb3-contrib) for one seat of a game against a pool of opponents.

One command, sensible defaults (base game, 4 players, 10 minutes)::

    python -m train.train_ppo --out runs/base        # or: catan-env train --out runs/base

The learner plays in :class:`catan_env.vector.LearnerVecEnv` (``--env
batched``, the default): ``--n-envs`` games in one state array, the learner
at a seat drawn per game, every other seat an agent inside numba drawn per
game from the pool (``--pool``): the jitted ``random``, ``weighted`` and
``heuristic`` agents, and ``self``, frozen snapshots of the learner (its actor
sampled inside the kernel), refreshed every ``--snapshot-every`` steps
(``--self-recent`` of them; until the first refresh they hold the initial
network). ``--env gym`` trains on the older path, a ``DummyVecEnv`` of
:class:`catan_env.gym_env.CatanEnv` (Catan only).

The update on each rollout runs on a second core while the next rollout is
collected (:class:`train.overlap.OverlappedMaskablePPO`: the rollouts lag the
update by one policy; ``--no-overlap`` alternates them as sb3-contrib's
MaskablePPO does). The time budget (``--minutes``) is the primary stop; the
progress bar counts to it (``--minutes 0``: the bar counts to ``--steps``).
Every ``--eval-every`` steps the current policy (most likely legal action)
plays ``--eval-games`` games against 3 random and against 3 heuristic agents,
inside the kernel, with its own progress bar; the win rates go to ``OUT/eval.csv``, the curve to
``OUT/learning_curve.png`` and the model to ``OUT/checkpoints/`` (a
MaskablePPO ``.zip`` to resume from with ``--resume``, and the actor alone as
``.npz`` for :class:`agents.PolicyAgent`). Training stops cleanly and saves
``OUT/final.zip`` and ``OUT/final.npz``. See train/README.md for reward
shaping and the options.
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

from agents.policy_agent import FORMAT, META_MEMBER, PolicyAgent, PolicyNet, load_policy
from catan_env.gym_env import CatanEnv  # the gym path and evaluate()
from train.masked_policy import ACTIVATIONS, FastMaskablePolicy, SharedLayers

#: The games trained, by the names ``catan-env --variant`` and the envs take (no aliases).
VARIANTS = {
    name: name for name in ("base", "cities_and_knights", "explorers_and_pirates", "ancients")
}
DEFAULT_POOL = "random=0.7,weighted=0.2,heuristic=0.05,self=0.05"


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


def evaluate_in_kernel(
    net: PolicyNet,
    game: str,
    opponent: str,
    games: int,
    seed: int = 0,
    max_decisions: int = 100_000,
    progress: bool = False,
    **options,
) -> dict:
    """Play ``games`` games of the policy (its most likely legal action, inside the
    kernel) against the jitted ``opponent`` at every other seat.

    The policy takes each seat in turn (game ``i`` at seat ``i % seats``); game
    ``i`` is dealt from ``seed * 1000003 + i``. A deterministic policy can
    cycle inside one turn, where no turn limit comes: a game past
    ``max_decisions`` decisions is stopped and counted as lost (``stuck``).

    Returns:
        ``games``, ``wins``, ``win_rate``, ``truncated``, ``stuck``, ``mean_vp``,
        ``mean_turns``.
    """
    from tqdm.auto import tqdm

    from catan_env import hooks
    from catan_env.core import policy as P

    spec = hooks.get(game)
    config = spec.configure(**options)
    n = int(config.num_players)
    kinds_of = spec.agent_kinds
    if opponent not in kinds_of:
        raise ValueError(f"evaluation needs a jitted opponent of {game}: {', '.join(kinds_of)}")
    params, meta = P.pack([net], [True])
    size = P.scratch_size(meta)
    tb, cfg, tmpl = spec.batch.kernel_inputs(config)
    seeds = seed * 1_000_003 + np.arange(games, dtype=np.int64)
    seats = np.arange(games) % n
    winners = np.zeros(games, np.int64)
    turns = np.zeros(games, np.int64)
    decisions = np.zeros(games, np.int64)
    vps = np.zeros((games, spec.rules.MAX_SEATS), np.int64)
    stats = np.zeros((games, max(spec.rules.NUM_STATS, 1)), np.int64)
    bar = tqdm(total=games, desc=f"eval vs {opponent}", unit="game", leave=False,
               disable=not progress, dynamic_ncols=True)  # fmt: skip
    chunk = 32
    for seat in range(n):
        rows = np.flatnonzero(seats == seat)
        kinds = np.full(spec.rules.MAX_SEATS, kinds_of.index(opponent), np.int64)
        kinds[seat] = P.POLICY_KIND
        for start in range(0, len(rows), chunk):
            r = rows[start : start + chunk]
            outs = (np.zeros(len(r), np.int64), np.zeros(len(r), np.int64),
                    np.zeros(len(r), np.int64), np.zeros((len(r), vps.shape[1]), np.int64),
                    np.zeros((len(r), stats.shape[1]), np.int64))  # fmt: skip
            spec.kernels.play_games_with(tb, cfg, tmpl, seeds[r], kinds, seed, params, meta, size,
                                         max_decisions, *outs)  # fmt: skip
            winners[r], turns[r], decisions[r], vps[r] = outs[0], outs[1], outs[2], outs[3]
            bar.update(len(r))
    bar.close()
    won = winners == seats
    stuck = (winners < 0) & (decisions >= max_decisions)
    return {
        "games": games,
        "wins": int(won.sum()),
        "win_rate": float(won.mean()),
        "truncated": int(((winners < 0) & ~stuck).sum()),
        "stuck": int(stuck.sum()),
        "mean_vp": float(vps[np.arange(games), seats].mean()),
        "mean_turns": float(turns.mean()),
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


def make_callback(args, meta: dict, out: Path, on_snapshot=None):
    """One SB3 callback: progress bar, wall-clock budget, snapshots, evaluation, checkpoints.

    ``on_snapshot(net)``, if given, receives each new snapshot's actor (the batched
    env's self-play slots); snapshots are also written to ``OUT/snapshots/``.
    """
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
            self.start_steps = 0
            self.last_draw = 0.0

        def _on_training_start(self) -> None:
            # Periods count from where training starts (a resumed run does not start at 0).
            self.t0 = time.monotonic()
            self.deadline = self.t0 + args.minutes * 60 if args.minutes else None
            self.start_steps = self.model.num_timesteps
            self.next_eval = self.model.num_timesteps + args.eval_every
            self.next_snapshot = self.model.num_timesteps + args.snapshot_every
            timed = self.deadline is not None
            self.bar = tqdm(
                total=round(args.minutes * 60) if timed else args.steps,
                initial=0 if timed else self.model.num_timesteps,
                unit="s" if timed else "step",
                desc="training",
                dynamic_ncols=True,
                mininterval=1.0,
                disable=args.no_progress,
                bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} s [{elapsed}<{remaining}{postfix}]"
                if timed
                else None,
            )
            if args.eval_at_start:
                self.evaluate()

        def _draw(self, force: bool = False) -> None:
            now = time.monotonic()
            if not force and now - self.last_draw < 1.0:
                return
            self.last_draw = now
            n = self.model.num_timesteps
            rate = (n - self.start_steps) / max(now - self.t0, 1e-9)
            self.bar.set_postfix({"steps": n, "steps/s": round(rate), **self.postfix},
                                 refresh=False)  # fmt: skip
            self.bar.n = min(self.bar.total, round(now - self.t0)) if self.deadline else n
            self.bar.refresh()

        def _on_step(self) -> bool:
            n = self.model.num_timesteps
            self._draw()
            if args.snapshot_every and n >= self.next_snapshot:
                self.next_snapshot += args.snapshot_every
                snaps = out / "snapshots"
                snaps.mkdir(exist_ok=True)
                net = actor_of(self.model, meta)
                net.save(snaps / f"step_{n:09d}.npz")
                if on_snapshot is not None:
                    on_snapshot(net)
            if args.eval_every and n >= self.next_eval:
                self.next_eval += args.eval_every
                self.evaluate()
            if self.deadline is not None and time.monotonic() >= self.deadline:
                self._draw(force=True)
                tqdm.write(f"time budget of {args.minutes} min reached at {n} steps; stopping")
                return False
            return True

        def _on_training_end(self) -> None:
            self._draw(force=True)
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
                r = run_evaluation(net, meta, opp, args.eval_games, args.seed + 7,
                                   progress=not args.no_progress)  # fmt: skip
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
            self._draw(force=True)
            msg = (
                f"[eval] steps={n} min={row['minutes']} win vs 3 random {row['win_random']:.2f} "
                f"(vp {row['vp_random']}), vs 3 heuristic {row['win_heuristic']:.2f} "
                f"(vp {row['vp_heuristic']}), {args.eval_games} games each"
            )
            tqdm.write(msg)
            return row

    return TrainingCallback()


def run_evaluation(net: PolicyNet, meta: dict, opponent: str, games: int, seed: int,
                   progress: bool = False) -> dict:  # fmt: skip
    """The trainer's evaluation: inside the kernel (:func:`evaluate_in_kernel`)."""
    options = dict(meta.get("options") or {})
    return evaluate_in_kernel(net, meta["variant"], opponent, games, seed=seed,
                              progress=progress, **options)  # fmt: skip


# --- main ---------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m train.train_ppo",
        description="Train MaskablePPO for one seat against an opponent pool with self-play.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    p.add_argument("--variant", "--game", dest="variant", default="base", choices=sorted(VARIANTS))
    p.add_argument("--players", type=int, default=None, help="seats (default: the game's)")
    p.add_argument("--out", default="runs/ppo", help="output folder")
    p.add_argument(
        "--env",
        default="batched",
        choices=["batched", "gym"],
        help="batched: LearnerVecEnv (every game); gym: DummyVecEnv of CatanEnv",
    )
    p.add_argument("--steps", type=int, default=50_000_000, help="total learner steps (at most)")
    p.add_argument("--minutes", type=float, default=10.0, help="wall-clock budget, 0: none")
    p.add_argument("--pool", default=DEFAULT_POOL, help="opponent pool: spec=weight,...")
    p.add_argument("--snapshot-every", type=int, default=200_000, help="self-play snapshot period")
    p.add_argument("--self-recent", type=int, default=3, help="snapshots 'self' draws from")
    p.add_argument("--vp-reward", type=float, default=0.1, help="shaping per victory point")
    p.add_argument(
        "--improvement-reward", type=float, default=0.02, help="C&K, gym env: per improvement level"
    )
    p.add_argument("--knight-reward", type=float, default=0.0, help="C&K, gym env: per knight")
    p.add_argument("--max-turns", type=int, default=None, help="truncate games (rule option)")
    p.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option, as catan-env simulate -o (e.g. -o domestic_trade=false; repeatable)",
    )
    p.add_argument(
        "--max-steps",
        type=int,
        default=2_000,
        help="batched env: truncate an episode after this many learner steps",
    )
    p.add_argument("--n-envs", type=int, default=64)
    p.add_argument("--subproc", action="store_true", help="gym env: SubprocVecEnv")
    p.add_argument("--n-steps", type=int, default=64, help="rollout steps per env")
    p.add_argument("--batch-size", type=int, default=1024)
    # One pass: the update, not the env, bounds a step on 2 cores, and in two
    # 10-minute runs one epoch learned as well as two (train/README.md).
    p.add_argument("--n-epochs", type=int, default=1)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--gamma", type=float, default=0.995)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument(
        "--shared",
        default="",
        help="hidden layers the actor and the critic share, from the input (e.g. 128; "
        "default none: faster steps, but it learned less in 10 minutes, see train/README.md)",
    )
    p.add_argument(
        "--net",
        default="128,128",
        help="hidden layers of the actor and of the critic (after --shared)",
    )
    p.add_argument("--activation", default="relu", choices=["relu", "tanh"])
    p.add_argument("--eval-every", type=int, default=500_000)
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument("--eval-at-start", action="store_true", help="evaluate before training")
    p.add_argument("--final-eval-games", type=int, default=400)
    p.add_argument(
        "--resume",
        default=None,
        help="a MaskablePPO .zip to continue from (unpickled: trusted files only); "
        "this run's PPO settings (--lr, --ent-coef, --n-epochs, --n-steps, --batch-size, "
        "--gamma, --gae-lambda) apply to it",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--torch-threads", type=int, default=1, help="torch threads per thread of work")
    p.add_argument(
        "--no-overlap",
        action="store_true",
        help="update and collect in turn (sb3-contrib's MaskablePPO); by default the update "
        "on each rollout runs on a second core while the next is collected",
    )
    p.add_argument(
        "--numba-threads",
        type=int,
        default=1,
        help="batched env: numba threads (more help only on an idle machine)",
    )
    p.add_argument(
        "--families",
        default=None,
        help="batched env: board families the rows are shared among, comma-separated "
        "(catan_env.games.catan.board.families: spiral, random_tokens, catanatron, beginner); "
        "default: the options' one board",
    )
    p.add_argument("--overwrite", action="store_true",
                   help="train into a non-empty --out, replacing an earlier run's files")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def _batched_env(args, variant: str, pool_entries, options: dict, snapshot_net):
    """The LearnerVecEnv of the run; ``self`` becomes ``--self-recent`` actor slots,
    each first holding ``snapshot_net`` (sampled inside the kernel)."""
    from agents.policy_agent import PolicyAgent
    from catan_env.vector import LearnerVecEnv

    pool: list = []
    slots = 0
    for spec, w in pool_entries:
        if spec == "self":
            if w > 0:
                k = max(args.self_recent, 1)
                for _ in range(k):
                    pool.append((PolicyAgent(snapshot_net, deterministic=False), w / k))
                slots = k
        elif spec.startswith("ppo:"):
            pool.append((spec, w))
        else:
            pool.append((spec, w))
    families = [f for f in (args.families or "").split(",") if f]
    if families:
        # One env per board family, rows shared out (train.families_env).
        from catan_env.games.catan.board.families import family_options

        from .families_env import FamilyVecEnv

        share = [args.n_envs // len(families) + (k < args.n_envs % len(families))
                 for k in range(len(families))]  # fmt: skip
        env = FamilyVecEnv([
            LearnerVecEnv(variant, num_envs=n, opponents=pool, vp_reward=args.vp_reward,
                          max_steps=args.max_steps, seed=args.seed + 7919 * k,
                          num_threads=args.numba_threads,
                          **{**options, **family_options(fam)})
            for k, (fam, n) in enumerate(zip(families, share, strict=True))
        ], families)  # fmt: skip
    else:
        env = LearnerVecEnv(variant, num_envs=args.n_envs, opponents=pool,
                            vp_reward=args.vp_reward, max_steps=args.max_steps, seed=args.seed,
                            num_threads=args.numba_threads, **options)  # fmt: skip
    first_slot = env.num_policies - slots
    state = {"next": 0}

    def on_snapshot(net):
        if slots:
            env.set_policy(first_slot + state["next"] % slots, net)
            state["next"] += 1

    return env, on_snapshot


def _gym_env(args, variant: str, pool_entries, options: dict, out: Path):
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    from catan_env.gym_env import CatanEnv  # the gym path and evaluate()

    shaping = {
        "vp_reward": args.vp_reward,
        "improvement_reward": args.improvement_reward if variant == "cities_and_knights" else 0.0,
        "knight_reward": args.knight_reward if variant == "cities_and_knights" else 0.0,
    }

    def make_env(rank: int):
        def thunk():
            pool = OpponentPool(
                pool_entries, options["num_players"] - 1, str(out / "snapshots"), args.self_recent
            )
            env = CatanEnv(variant=variant, opponents=pool, **shaping, **options)
            env.reset(seed=args.seed * 1000 + rank)
            return Monitor(env)

        return thunk

    vec_cls = SubprocVecEnv if args.subproc else DummyVecEnv
    return vec_cls([make_env(i) for i in range(args.n_envs)])


def main(argv: list[str] | None = None) -> dict:
    args = build_parser().parse_args(argv)
    try:
        shared = [int(x) for x in args.shared.split(",") if x.strip()]
        net = [int(x) for x in args.net.split(",") if x.strip()]
    except ValueError:
        raise SystemExit(f"--shared and --net take widths like 128,64; got {args.shared!r}, "
                         f"{args.net!r}") from None  # fmt: skip
    if min([*shared, *net], default=1) < 1:
        raise SystemExit(f"layer widths must be positive; got --shared {args.shared!r}, "
                         f"--net {args.net!r}")  # fmt: skip
    import torch
    from sb3_contrib import MaskablePPO

    from catan_env import hooks
    from train.overlap import OverlappedMaskablePPO

    torch.set_num_threads(args.torch_threads)
    variant = VARIANTS[args.variant]
    if args.env == "gym" and variant == "ancients":
        raise SystemExit("--env gym is Catan's CatanEnv; train ancients with --env batched")
    if args.families:
        from catan_env.games.catan.board.families import family_options

        if args.env != "batched":
            raise SystemExit("--families shares the rows of the batched env; drop --env gym")
        if variant not in ("base", "cities_and_knights"):
            raise SystemExit(f"--families: the board families are the standard island's "
                             f"(base, cities_and_knights), not {variant}")  # fmt: skip
        for fam in args.families.split(","):
            try:
                family_options(fam)
            except ValueError as exc:
                raise SystemExit(f"--families: {exc}") from None
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise SystemExit(f"--out {args.out[:80]!r} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not (args.overwrite or args.resume):
        # An earlier run's model would be overwritten without a word.
        raise SystemExit(f"--out {args.out[:80]!r} is not empty: pass --overwrite to replace "
                         f"what is there, or choose another folder")  # fmt: skip
    out.mkdir(parents=True, exist_ok=True)
    pool_entries = parse_pool(args.pool)
    if args.pool == DEFAULT_POOL:  # the default names Catan's agents; keep what the game has
        known = set(hooks.get(VARIANTS[args.variant]).agent_kinds) | {"self"}
        pool_entries = [(s, w) for s, w in pool_entries if s in known]
    spec = hooks.get(variant)
    options = game_options(spec, args)
    try:
        config = spec.configure(**options)
    except ValueError as exc:
        raise SystemExit(f"bad rule options {options}: {exc}") from None
    options["num_players"] = int(config.num_players)
    meta = {
        "variant": variant,
        "num_players": int(config.num_players),
        "activation": args.activation,
        "obs_size": int(spec.rules.OBS_SIZE),
        "num_actions": int(spec.rules.NUM_ACTIONS),
        "options": {k: v for k, v in options.items() if k != "num_players"},
    }
    with open(out / "config.json", "w") as f:
        json.dump({"args": vars(args), "meta": meta}, f, indent=2)

    activation = ACTIVATIONS[args.activation]
    policy_kwargs = {"net_arch": {"pi": net, "vf": net}, "activation_fn": activation}
    if shared:
        policy_kwargs["features_extractor_class"] = SharedLayers
        policy_kwargs["features_extractor_kwargs"] = {
            "layers": shared,
            "activation": args.activation,
        }
    ppo_kwargs = dict(
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.n_epochs,
        learning_rate=args.lr,
        gamma=args.gamma,
        gae_lambda=args.gae_lambda,
        ent_coef=args.ent_coef,
        policy_kwargs=policy_kwargs,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    on_snapshot = None
    algo = MaskablePPO if args.no_overlap else OverlappedMaskablePPO
    # A resumed model takes this run's PPO settings, not the ones it was saved with
    # (the rollout buffer is rebuilt at load, so its size may change too).
    custom = {"learning_rate": args.lr, "ent_coef": args.ent_coef, "n_epochs": args.n_epochs,
              "n_steps": args.n_steps, "batch_size": args.batch_size, "gamma": args.gamma,
              "gae_lambda": args.gae_lambda}  # fmt: skip
    if args.env == "batched":
        # The self-play slots first hold the resumed actor, or a zero actor (all
        # logits equal: it samples the legal actions uniformly) of the run's shapes.
        # The actor is read from the zip first (no unpickling) to seat the snapshots;
        # the model is then loaded onto the env, whatever number of games it was saved with.
        first = load_policy(args.resume) if args.resume else zero_actor(meta, shared + net)
        venv, on_snapshot = _batched_env(args, variant, pool_entries, options, first)
        if args.resume:
            model = algo.load(args.resume, env=venv, device="cpu", custom_objects=custom)
        else:
            model = algo(FastMaskablePolicy, venv, **ppo_kwargs)
    else:
        venv = _gym_env(args, variant, pool_entries, options, out)
        if args.resume:
            model = algo.load(args.resume, env=venv, device="cpu", custom_objects=custom)
        else:
            model = algo(FastMaskablePolicy, venv, **ppo_kwargs)
    callback = make_callback(args, meta, out, on_snapshot)
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
        "env": args.env,
        "overlap": not args.no_overlap,
    }
    if args.final_eval_games:
        for opp in ("random", "heuristic"):
            summary[f"final_vs_{opp}"] = run_evaluation(
                final_net, meta, opp, args.final_eval_games, args.seed + 1_000,
                progress=not args.no_progress,
            )  # fmt: skip
    with open(out / "summary.json", "w") as f:
        json.dump(summary, f, indent=2)
    print(json.dumps(summary, indent=2), flush=True)
    return summary


def game_options(spec, args) -> dict:
    """The rule options of ``--max-turns``, ``--players`` and every ``-o NAME=VALUE``
    (typed by the game's own parser; ``SystemExit`` naming a refused one)."""
    options: dict = {}
    for text in args.option:
        try:
            name, value = spec.batch.parse_option(text)
        except ValueError as exc:
            raise SystemExit(f"-o {text}: {exc}") from None
        if name in ("variant", "num_players"):
            raise SystemExit(f"-o {text}: set {name} with its own flag (--variant, --players)")
        options[name] = value
    if args.max_turns is not None:
        options["max_turns"] = args.max_turns
    if args.players is not None:
        options["num_players"] = args.players
    return options


def zero_actor(meta: dict, hidden: list[int]) -> PolicyNet:
    """An actor of the given shapes with every weight 0: its logits are all equal,
    so sampled it plays a uniformly random legal action."""
    sizes = [meta["obs_size"], *hidden]
    layers = [(np.zeros((o, i), np.float32), np.zeros(o, np.float32))
              for i, o in zip(sizes, sizes[1:], strict=False)]  # fmt: skip
    head = (np.zeros((meta["num_actions"], sizes[-1]), np.float32),
            np.zeros(meta["num_actions"], np.float32))  # fmt: skip
    return PolicyNet(layers, head, {"format": FORMAT, **meta})


if __name__ == "__main__":
    main()
