"""Behaviour cloning: start a MaskablePPO policy by imitating a jitted agent.

PPO from scratch spends most of a short CPU budget discovering that building
wins games. Cloning the heuristic first gives the policy that knowledge in
minutes; ``train_ppo.py --resume`` then improves it with reinforcement
learning against the opponent pool::

    python -m train.imitate --out runs/ck_bc/bc.zip --games 1500
    python -m train.train_ppo --resume runs/ck_bc/bc.zip --out runs/ck_bc --lr 1e-4

Demonstrations: in each game one seat (drawn at random) is played by the
teacher (``--teacher``, default ``heuristic``; any agent, a search agent such
as ``learned-search`` included) and every other seat by an opponent drawn from
``--pool`` (jitted agents only, played inside numba).
At every decision of the teacher's seat with more than one legal action, the
seat's observation, legal-action mask and the teacher's choice are kept,
together with the game's final outcome for that seat (+1 win, -1 loss,
0 truncated). With ``--student CHECKPOINT`` (DAgger) the student plays
``--student-share`` of that seat's decisions and the teacher still labels every
one, so the demonstrations reach the positions the student's own mistakes lead
to; ``--init`` continues from the student's MaskablePPO zip instead of a new
network.

A slow teacher's demonstrations can be gathered in pieces, by several processes
or sessions, and fitted together: ``--collect-only --save-data FILE.npz`` writes
one piece (give each a different ``--seed``), ``--data FILE.npz ...`` fits on
saved pieces instead of playing::

    python -m train.imitate --variant base --teacher learned-search --games 40 \
        --seed 101 --collect-only --save-data runs/search/d101.npz
    python -m train.imitate --variant base --data runs/search/d*.npz \
        --init agents/checkpoints/learned_base.npz --epochs 3 --out runs/search/fit.zip

Training: the actor minimises the masked cross-entropy of the teacher's
actions; the critic regresses the outcome, so PPO starts with a value
function that is not arbitrary. The model is a MaskablePPO of the same shape
as ``train_ppo.py`` builds (``--net``, ``--activation``) and is saved with the
header :class:`agents.PolicyAgent` reads, plus an ``.npz`` actor.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents import make_agent
from agents.policy_agent import load_policy
from catan_env import Game
from catan_env.gym_env import CatanEnv

from .masked_policy import ACTIVATIONS, FastMaskablePolicy
from .train_ppo import VARIANTS, actor_of, evaluate, parse_pool, save_checkpoint
from .train_ppo import build_parser as ppo_parser


def collect(
    variant: str,
    games: int,
    teacher: str,
    pool: list[tuple[str, float]],
    players: int,
    seed: int,
    progress: bool = True,
    student=None,
    student_share: float = 0.0,
) -> dict[str, np.ndarray]:
    """Play ``games`` games and return the teacher seat's decisions.

    With a ``student`` (a :class:`~agents.policy_agent.PolicyNet`), each decision of
    that seat is played by the student with probability ``student_share`` and by the
    teacher otherwise; the teacher's choice is the label either way (DAgger: the
    demonstrations then cover the positions the student's own mistakes lead to).

    Returns:
        ``obs`` (float16, n × obs_size: half the memory of float32, and about three
        significant digits, ample for values in [0, 1]), ``mask`` (bool, n × actions),
        ``action`` (int64, n) and ``outcome`` (float32, n).
    """
    from tqdm import tqdm

    rng = np.random.default_rng(seed)
    # Any agent may teach (a search agent labels at its own pace); the other
    # seats must be jitted, since they play inside numba between its decisions.
    teacher_agent = make_agent(teacher, seed=seed)
    specs = [s for s, _ in pool]
    weights = np.array([w for _, w in pool], np.float64)
    kinds_of = {}
    for s in specs:
        agent = make_agent(s, seed=0)
        if agent.kernel_kind is None:
            raise ValueError(f"pool agents must be jitted for cloning, got {s!r}")
        kinds_of[s] = agent.kernel_kind
    if not 0.0 <= student_share <= 1.0:
        raise ValueError(f"student_share must be in [0, 1], got {student_share}")
    learner = None
    if student is not None and student_share > 0:
        from agents.learned import LearnedAgent

        learner = LearnedAgent(student, seed=seed)
    obs, masks, actions, outcomes = [], [], [], []
    agent_rng = np.zeros(2, np.int32)
    bar = tqdm(total=games, desc="demonstrations", unit="game", disable=not progress)
    for _ in range(games):
        g = Game(variant=variant, num_players=players, seed=int(rng.integers(2**62)))
        seat = int(rng.integers(players))
        kinds = np.zeros(players, np.int64)
        for p in range(players):
            if p != seat:
                kinds[p] = kinds_of[specs[rng.choice(len(specs), p=weights / weights.sum())]]
        agent_rng[:] = rng.integers(-(2**31), 2**31, 2)
        start = len(obs)
        while True:
            g.play_jitted_until(seat, kinds, agent_rng)
            if g.done:
                break
            a = teacher_agent.act(g)
            mask = g.action_mask()
            if mask.sum() > 1:
                obs.append(g.observe(seat).astype(np.float16))
                masks.append(mask)
                actions.append(a)
                if learner is not None and rng.random() < student_share:
                    a = learner.act(g)
            g.step(a)
        z = 0.0 if g.winner is None else (1.0 if g.winner == seat else -1.0)
        outcomes.extend([z] * (len(obs) - start))
        bar.update(1)
    bar.close()
    return {
        "obs": np.asarray(obs, np.float16),
        "mask": np.asarray(masks, np.bool_),
        "action": np.asarray(actions, np.int64),
        "outcome": np.asarray(outcomes, np.float32),
    }


#: The arrays of a demonstrations file, besides its JSON header.
DATA_KEYS = ("obs", "mask", "action", "outcome")


def save_demonstrations(path, data: dict[str, np.ndarray], meta: dict) -> None:
    """Write demonstrations (as :func:`collect` returns them) and ``meta`` (a JSON
    header: variant, players, teacher, games, seed) to an ``.npz`` file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    header = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez_compressed(path, header=header, **{k: data[k] for k in DATA_KEYS})


def load_demonstrations(paths, variant: str, players: int) -> tuple[dict[str, np.ndarray], list]:
    """Read and join demonstrations files written by :func:`save_demonstrations`.

    Returns the joined arrays and the files' headers.

    Raises:
        ValueError: a file is missing or not a demonstrations file, or it was
            gathered for another game or number of players (the message names it).
    """
    parts, headers = [], []
    for path in paths:
        try:
            with np.load(path, allow_pickle=False) as f:
                meta = json.loads(bytes(f["header"]).decode())
                part = {k: f[k] for k in DATA_KEYS}
        except (OSError, KeyError, ValueError) as e:
            raise ValueError(f"--data {path}: not a demonstrations file ({e})") from None
        if meta.get("variant") != variant or meta.get("players") != players:
            raise ValueError(
                f"--data {path}: gathered for {meta.get('variant')} with {meta.get('players')} "
                f"players, not {variant} with {players}"
            )
        parts.append(part)
        headers.append(meta)
    if not parts:
        raise ValueError("--data: no files given")
    data = {k: np.concatenate([p[k] for p in parts]) for k in DATA_KEYS}
    return data, headers


def family_ids(variant: str, families) -> np.ndarray:
    """A boolean per action id of ``variant``: whether it is of one of ``families``
    (action family names of that space, e.g. ``"offer"``).

    Raises:
        ValueError: a name is no family of that space (the message lists them).
    """
    from catan_env.variants import get_variant

    table = get_variant(variant).actions
    unknown = sorted(set(families) - set(table.family_names))
    if unknown:
        raise ValueError(f"--skip-families: no action family {', '.join(unknown)} in "
                         f"{variant}; families: {', '.join(table.family_names)}")  # fmt: skip
    chosen = set(families)
    return np.array([info.family in chosen for info in table.infos])


def clone(
    model,
    data: dict[str, np.ndarray],
    epochs: int,
    batch: int,
    lr: float,
    seed: int,
    critic_only: bool = False,
):
    """Fit ``model.policy`` to the demonstrations; return the last epoch's mean losses.

    With ``critic_only`` only the critic (its layers and value head) learns, from
    the outcomes: the actor's weights stay exactly as they were, so a trained
    actor (an exported ``.npz``) gets a critic for PPO to continue with, without
    being pulled back towards the teacher.
    """
    import torch

    policy = model.policy
    policy.set_training_mode(True)
    if critic_only:
        params = [*policy.mlp_extractor.value_net.parameters(), *policy.value_net.parameters()]
        if policy.share_features_extractor is False:
            params += list(policy.vf_features_extractor.parameters())
    else:
        params = list(policy.parameters())
    opt = torch.optim.Adam(params, lr=lr)
    n = len(data["action"])
    gen = np.random.default_rng(seed)
    tensors = {k: torch.as_tensor(v) for k, v in data.items()}
    losses = {}
    for epoch in range(epochs):
        order = gen.permutation(n)
        total_pi = total_v = 0.0
        correct = 0
        for start in range(0, n, batch):
            idx = torch.as_tensor(order[start : start + batch])
            o, m = tensors["obs"][idx].float(), tensors["mask"][idx]
            a, z = tensors["action"][idx], tensors["outcome"][idx]
            values, log_prob, _ = policy.evaluate_actions(o, a, action_masks=m)
            loss_pi = -log_prob.mean()
            loss_v = torch.nn.functional.mse_loss(values.flatten(), z)
            loss = 0.5 * loss_v if critic_only else loss_pi + 0.5 * loss_v
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            total_pi += float(loss_pi.detach()) * len(idx)
            total_v += float(loss_v.detach()) * len(idx)
            with torch.no_grad():
                dist = policy.get_distribution(o, action_masks=m)
                correct += int((dist.distribution.probs.argmax(1) == a).sum())
        losses = {
            "epoch": epoch + 1,
            "policy_loss": total_pi / n,
            "value_loss": total_v / n,
            "agreement": correct / n,
        }
        print(json.dumps(losses), flush=True)
    policy.set_training_mode(False)
    return losses


def ppo_settings() -> dict:
    """train_ppo.py's default PPO settings, so ``--resume`` continues with them."""
    d = ppo_parser().parse_args([])
    return {
        "n_steps": d.n_steps,
        "batch_size": d.batch_size,
        "n_epochs": d.n_epochs,
        "learning_rate": d.lr,
        "gamma": d.gamma,
        "gae_lambda": d.gae_lambda,
        "ent_coef": d.ent_coef,
    }


def model_from_actor(actor, env, variant: str, seed: int = 0):
    """A MaskablePPO whose actor holds ``actor``'s weights (an
    :class:`agents.PolicyNet`) and whose critic, of the same hidden sizes, is
    fresh: the actor of a shipped ``.npz`` continued by cloning (which fits the
    critic to the outcomes) and then by PPO."""
    import torch
    from sb3_contrib import MaskablePPO

    if actor.variant != variant:
        raise SystemExit(f"--init: the actor was trained for {actor.variant}, not {variant}")
    hidden = [int(w.shape[0]) for w, _ in actor.layers]
    activation = ACTIVATIONS[actor.meta["activation"]]
    model = MaskablePPO(
        FastMaskablePolicy,
        env,
        policy_kwargs={"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": activation},
        seed=seed,
        device="cpu",
        verbose=0,
        **ppo_settings(),
    )
    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for layer, (w, b) in zip([*linears, model.policy.action_net],
                                 [*actor.layers, actor.head], strict=True):  # fmt: skip
            layer.weight.copy_(torch.as_tensor(w))
            layer.bias.copy_(torch.as_tensor(b))
    return model


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m train.imitate", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--variant", default="cities_and_knights", choices=sorted(VARIANTS))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--out", default="runs/bc/bc.zip", help="the MaskablePPO zip to write")
    p.add_argument("--games", type=int, default=1500, help="demonstration games")
    p.add_argument("--teacher", default="heuristic")
    p.add_argument("--pool", default="random=0.6,weighted=0.2,heuristic=0.2")
    p.add_argument("--epochs", type=int, default=6)
    p.add_argument("--batch-size", type=int, default=1024)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--net", default="256,256")
    p.add_argument("--activation", default="relu", choices=["relu", "tanh"])
    p.add_argument("--eval-games", type=int, default=100, help="vs 3 random, after cloning")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--torch-threads", type=int, default=1)
    p.add_argument(
        "--init",
        default=None,
        help="a MaskablePPO .zip to continue cloning from (unpickled: trusted files only), "
        "or an exported .npz actor (e.g. agents/checkpoints/learned_base.npz): a new model of "
        "its layers and activation whose actor starts from it and whose critic starts fresh",
    )
    p.add_argument(
        "--student",
        default=None,
        help="DAgger: a policy checkpoint that plays --student-share of the teacher seat's "
        "decisions (the teacher still labels them)",
    )
    p.add_argument("--student-share", type=float, default=0.5)
    p.add_argument(
        "--save-data", default=None, metavar="FILE.npz", help="also write the demonstrations here"
    )
    p.add_argument(
        "--collect-only",
        action="store_true",
        help="stop after writing the demonstrations (--save-data) instead of fitting",
    )
    p.add_argument(
        "--data",
        nargs="+",
        default=None,
        metavar="FILE.npz",
        help="fit on demonstrations saved by --save-data instead of playing games",
    )
    p.add_argument(
        "--skip-families",
        default="",
        metavar="F,...",
        help="fit without the decisions whose label is of these action families (e.g. a "
        "search teacher's multi-step offers: offer,propose,cancel_trade,confirm_trade)",
    )
    p.add_argument(
        "--critic-only",
        action="store_true",
        help="fit only the critic to the outcomes; the actor (e.g. --init PATH.npz) is "
        "left exactly as it was (give PPO a critic for a trained actor; with "
        "--student PATH.npz --student-share 1 the outcomes are the actor's own)",
    )
    p.add_argument("--no-progress", action="store_true")
    return p


def main(argv: list[str] | None = None) -> dict:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.collect_only and not args.save_data:
        parser.error("--collect-only needs --save-data FILE.npz")
    if args.data and (args.collect_only or args.save_data or args.student):
        parser.error("--data fits saved demonstrations: it takes no --collect-only, "
                     "--save-data or --student")  # fmt: skip
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.torch_threads)
    torch.manual_seed(args.seed)
    variant = VARIANTS[args.variant]
    out = Path(args.out)
    t0 = time.monotonic()
    skip = None
    if args.skip_families:
        try:
            skip = family_ids(variant, [f for f in args.skip_families.split(",") if f])
        except ValueError as e:
            raise SystemExit(str(e)) from None
    games = args.games
    if args.data:
        try:
            data, headers = load_demonstrations(args.data, variant, args.players)
        except ValueError as e:
            raise SystemExit(str(e)) from None
        games = sum(int(h.get("games", 0)) for h in headers)
        print(f"demonstrations: {len(data['action']):,} decisions of {games:,} games "
              f"from {len(headers)} files", flush=True)  # fmt: skip
    else:
        student = load_policy(args.student) if args.student else None
        data = collect(
            variant,
            args.games,
            args.teacher,
            parse_pool(args.pool),
            args.players,
            args.seed,
            progress=not args.no_progress,
            student=student,
            student_share=args.student_share if student is not None else 0.0,
        )
    collect_seconds = time.monotonic() - t0
    if args.save_data:
        meta = {"variant": variant, "players": args.players, "teacher": args.teacher,
                "pool": args.pool, "games": args.games, "seed": args.seed,
                "student": args.student, "student_share": args.student_share}  # fmt: skip
        save_demonstrations(args.save_data, data, meta)
        print(f"wrote {len(data['action']):,} decisions to {args.save_data}", flush=True)
    if args.collect_only:
        summary = {"samples": int(len(data["action"])), "games": args.games,
                   "collect_minutes": round(collect_seconds / 60, 2)}  # fmt: skip
        print(json.dumps(summary), flush=True)
        return summary
    out.parent.mkdir(parents=True, exist_ok=True)
    skipped = 0
    if skip is not None:
        keep = ~skip[data["action"]]
        skipped = int((~keep).sum())
        print(f"--skip-families: {skipped:,} of {len(keep):,} decisions left out", flush=True)
        data = {k: v[keep] for k, v in data.items()}
    env = DummyVecEnv([lambda: CatanEnv(variant=variant, num_players=args.players)])
    net = [int(x) for x in args.net.split(",") if x]
    activation = ACTIVATIONS[args.activation]
    if args.init and not str(args.init).endswith(".npz"):
        model = MaskablePPO.load(args.init, env=env, device="cpu")
    elif args.init:
        model = model_from_actor(load_policy(args.init), env, variant, args.seed)
    else:
        model = MaskablePPO(
            FastMaskablePolicy,
            env,
            policy_kwargs={"net_arch": {"pi": net, "vf": net}, "activation_fn": activation},
            seed=args.seed,
            device="cpu",
            verbose=0,
            **ppo_settings(),
        )
    t1 = time.monotonic()
    losses = clone(model, data, args.epochs, args.batch_size, args.lr, args.seed,
                   critic_only=args.critic_only)  # fmt: skip
    meta = {
        "variant": variant,
        "num_players": args.players,
        # A continued model keeps the activation it was built with.
        "activation": "tanh" if model.policy.activation_fn is torch.nn.Tanh else "relu",
        "obs_size": int(env.observation_space.shape[0]),
        "num_actions": int(env.action_space.n),
    }
    save_checkpoint(model, out, meta)
    actor = actor_of(model, meta)
    actor.save(out.with_suffix(".npz"))
    summary = {
        "samples": int(len(data["action"])),
        "games": games,
        "skipped": skipped,
        "collect_minutes": round(collect_seconds / 60, 2),
        "clone_minutes": round((time.monotonic() - t1) / 60, 2),
        **losses,
    }
    if args.eval_games:
        summary["vs_random"] = evaluate(actor, variant, "random", args.eval_games, seed=args.seed)
    with open(out.with_suffix(".json"), "w") as f:
        json.dump(summary, f, indent=2)
    print(json.dumps(summary, indent=2), flush=True)
    return summary


if __name__ == "__main__":
    main()
