"""The ``catan-env`` command line.

Examples:
    catan-env simulate --games 1000
    catan-env simulate --games 200 --players 3 --agents random,random,random --json
    catan-env simulate --games 500 -o board=beginner -o vp_to_win=8
    catan-env simulate --game ancients --agents heuristic,random --games 1000
    catan-env tournament --agents heuristic,random,random,random --games 1000
    catan-env simulate --games 5 --agents heuristic,random,random,random --record games/
    catan-env replay games/game_00000.json --html game.html
    catan-env render games/game_00000.json --step 300 -o board.png
    catan-env simulate --games 1000000 --ray auto
    catan-env info
    catan-env compile

Every command takes --json; a bad argument gets one line on stderr and exit status 2.
Every registered game goes through the same commands: ``--game`` names its
family (``--variant`` one of the family's rule sets); what differs per game
(options, agents, seeds, words) comes from its hooks (:func:`catan_env.hooks.get`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import nullcontext

from catan_env.core import registry
from catan_env.core.notice import compile_notice

from .cli_records import add_commands as add_record_commands
from .config import ConfigError

EPILOG = """examples:
  catan-env simulate --games 1000
  catan-env simulate --games 200 --players 3 --json
  catan-env simulate --games 500 -o board=beginner -o domestic_trade=false
  catan-env simulate --games 500 --variant explorers_and_pirates --scenario land_ho
  catan-env tournament --agents heuristic,random,random,random --games 1000
  catan-env tournament --pool --agents heuristic,weighted,random --games 900 --json
  catan-env simulate --games 5 --agents heuristic,random,random,random --record games/
  catan-env replay games/game_00000.json                    # check it, print a summary
  catan-env replay games/game_00000.json --html game.html   # a page to step through
  catan-env render games/game_00000.json --step 300 -o board.png
  catan-env render games/game_00000.json --gif game.gif
  catan-env simulate --games 1000000 --ray auto   # on a running Ray cluster
  catan-env simulate --game ancients --games 5 --record games/   # replay/render them too
  catan-env simulate --games 100 --agents heuristic --dataset data/   # decisions for offline RL
  catan-env simulate --games 10 --agents my_agents.py:MyAgent,random,random,random
  catan-env train --minutes 10   # MaskablePPO on the batched learner env (the train extra)
  catan-env play --agents heuristic   # play against them in a browser (the play extra)
  catan-env info
  catan-env compile   # fill numba's cache for every game, games side by side

Every command but train (whose flags are the trainer's) takes --json (one JSON object on
stdout); bad arguments get one line.
"""

TOURNAMENT_EPILOG = """examples:
  catan-env tournament --agents heuristic,random,random,random --games 1000
  catan-env tournament --variant cities_and_knights --agents heuristic,random,random,random \\
      --games 1000 --seed 0 --out results.json
  catan-env tournament --pool --agents heuristic,weighted,random --games 900 --json
  catan-env tournament --agents heuristic,random,random,random --games 1000000 --ray auto
  catan-env tournament --game ancients --agents heuristic,random --games 1000

A lineup (one agent per seat) is rotated so every agent sits in every seat
equally often; --pool draws each table from N distinct agents instead;
--form pairings (Ancients' default) plays every ordered seating of distinct
agents equally often. Win rates come with Wilson 95% intervals (* = above the
seat share) and ratings are openskill Plackett-Luce on each game's ranking
(winner, then VP or banners).
"""


#: The largest ``--seed`` (seeds are 31-bit, as the tournament's seat shuffles take them).
SEED_MAX = 2**31 - 1


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (no usage block) for bad arguments; with
    ``catalogue`` set, its help ends with the games, scenarios and agents there are."""

    catalogue = False

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{catalogue()}" if self.catalogue else text


def catalogue() -> str:
    """What ``--game``, ``--variant``, ``--scenario`` and ``--agents`` take, per game."""
    from . import hooks

    lines = ["games and variants (--game, --variant; the first is the default):"]
    for fam in registry.families():
        games = registry.members(fam)
        variants = ", ".join(games) if games != (fam,) else "no variants"
        lines.append(f"  {fam:<10}{variants}")
    lines.append("scenarios (--scenario; the first is the default):")
    for name in registry.names():
        scenarios = hooks.get(name).batch.scenarios()
        if scenarios:
            extra = ", or a scenario JSON file" if registry.members(name) == (name,) else ""
            lines.append(f"  {name:<23}{', '.join(scenarios)}{extra}")
    lines.append("agents (--agents):")
    for fam in registry.families():
        specs = hooks.get(registry.members(fam)[0]).batch.agent_specs()
        lines.append(f"  {fam:<10}{', '.join(specs)}")
    return "\n".join(lines) + "\n"


def _check_run(args) -> None:
    """The flags simulate and tournament share, checked before anything is played."""
    from .simulate import check_threads

    if args.games < 1:
        raise ConfigError(f"--games must be at least 1, got {args.games}")
    if not 0 <= args.seed <= SEED_MAX:
        raise ConfigError(f"--seed must be an integer in 0..{SEED_MAX}, got {args.seed}")
    if args.threads is not None:
        check_threads(args.threads, "--threads")
    if args.players is not None and args.players < 1:
        raise ConfigError(f"--players must be at least 1, got {args.players}")


def _spec(args):
    """The game of ``--game`` and ``--variant``, with its hooks."""
    from . import hooks

    return hooks.get(registry.resolve(args.game, args.variant))


def _make_config(args, spec, players: int | None):
    """The game's options from ``-o``, ``--scenario`` and the seats."""
    options = dict(spec.batch.parse_option(o) for o in args.option)
    for key in ("variant", "num_players", "scenario"):
        if key in options:
            raise ConfigError(f"set {key} with its own flag, not -o")
    if getattr(args, "scenario", None) is not None:
        options["scenario"] = args.scenario
    if players is not None:
        options["num_players"] = players
    try:
        return spec.configure(**options)
    except ValueError as exc:  # ConfigError too: say which flag set the refused value
        if args.players is not None and "num_players" in str(exc):
            raise ConfigError(f"--players {args.players}: {exc}") from None
        if getattr(args, "scenario", None) is not None and "scenario" in str(exc).lower():
            raise ConfigError(f"--scenario {args.scenario}: {exc}") from None
        raise


def _agent_names(text: str) -> list[str]:
    names = [a.strip() for a in text.split(",")]
    if any(not a for a in names):
        raise ConfigError(f"--agents has an empty name: {text!r}")
    return names


def _cmd_simulate(args) -> int:
    from .simulate import simulate

    _check_run(args)
    if args.record is None and args.record_games is not None:
        raise ConfigError("--record-games needs --record DIR")
    if args.overwrite and args.record is None and args.dataset is None:
        raise ConfigError("--overwrite needs --record DIR or --dataset DIR")
    if args.record_games is not None and args.record_games < 0:
        raise ConfigError(f"--record-games must be at least 0, got {args.record_games}")
    spec = _spec(args)
    config = _make_config(args, spec, args.players)
    players = config.num_players
    names = _agent_names(args.agents)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError(f"--agents names {len(names)} agents for {players} players")
    if args.dataset is not None:
        _check_dataset_args(args)
    on_game, recorded = None, 0
    if args.record:
        from .cli_records import check_record_folder, record_writer

        check_record_folder(args.record, args.overwrite)
        recorded = args.games if args.record_games is None else min(args.games, args.record_games)
        on_game = record_writer(args.record, names, recorded, not args.quiet, args.overwrite)
    result = simulate(
        args.games,
        names,
        config,
        seed=args.seed,
        progress=not args.quiet,
        threads=args.threads,
        on_game=on_game,
        on_game_limit=recorded,
        **_ray_kwargs(args),
    )
    dataset = _write_dataset(args, config, spec, names) if args.dataset is not None else None
    if args.json:
        out = result.to_dict()
        if args.record:
            out["records"] = {"dir": args.record, "games": recorded}
        if dataset is not None:
            out["dataset"] = dataset
        print(json.dumps(out))
        return 0
    words = spec.batch.WORDS
    seat, score = words.get("seat", "seat"), words.get("vp", "VP")
    seats = spec.batch.seat_names(config)
    wide = max(6, 2 + max(map(len, seats)))
    agent_wide = max(12, 2 + max(map(len, result.agents)))  # agent names are never cut
    print(
        f"{result.games} games of {spec.batch.title(config)} ({result.engine}, seed {result.seed})"
    )
    print(f"{seat:<{wide}}{'agent':<{agent_wide}}{'wins':>8}{'win rate':>10}{score:>9}")
    rows = zip(seats, result.agents, result.wins, result.mean_vp, strict=True)
    for name, agent, wins, mean in rows:
        print(
            f"{name:<{wide}}{agent:<{agent_wide}}{wins:>8}{wins / result.games:>10.1%}{mean:>9.2f}"
        )
    if result.truncated:
        print(f"truncated by the turn limit: {result.truncated}")
    print(f"mean game length: {result.mean_turns:.1f} turns, {result.mean_decisions:.0f} decisions")
    for name, value in result.stats.items():
        print(f"mean {name.replace('_', ' ')} per game: {value:.2f}")
    print(
        f"speed: {result.games_per_second:,.1f} games/s, "
        f"{result.decisions_per_second:,.0f} decisions/s "
        f"(engine load/compile {result.compile_seconds:.1f} s)"
    )
    if args.record:
        first = f"{args.record.rstrip('/')}/game_00000.json"
        print(f"wrote {recorded} game records to {args.record} (catan-env replay {first})")
    if dataset is not None:
        print(
            f"wrote a dataset of {dataset['rows']:,} decisions ({dataset['games']} games, "
            f"{dataset['chunks']} chunks, {dataset['bytes'] / 1e6:,.1f} MB, "
            f"{dataset['seconds']:.1f} s) to {args.dataset} "
            "(catan_env.dataset.load; layout in docs/dataset.md)"
        )
    return 0


def _check_dataset_args(args) -> None:
    """Refuse a --dataset run before its games, not after them."""
    from .dataset import check_target

    if args.ray is not None:
        raise ConfigError("--dataset writes on this machine: leave out --ray")
    if args.dataset_chunk_rows is not None and args.dataset_chunk_rows < 1:
        raise ConfigError(f"--dataset-chunk-rows must be at least 1, got {args.dataset_chunk_rows}")
    check_target(args.dataset, args.overwrite)


def _agents(spec, names: list[str], seed: int) -> list:
    """One agent per seat, seeded from ``--seed`` and the seat."""
    return [spec.batch.make_agent(name, seed * 1000 + i) for i, name in enumerate(names)]


def _write_dataset(args, config, spec, names: list[str]) -> dict:
    """Play the batch's games again, keeping every decision in ``--dataset DIR``.

    The agents are built afresh with the batch's seeds, so agents that keep a
    generator of their own (played by the Python loop) play the same games again.
    """
    from .dataset import write

    meta = write(
        args.dataset,
        config,
        _agents(spec, names, args.seed),
        args.games,
        seed=args.seed,
        chunk_rows=args.dataset_chunk_rows,
        overwrite=args.overwrite,
        compress=not args.dataset_uncompressed,
        progress=not args.quiet,
    )
    return {
        "dir": args.dataset,
        "games": meta["games"],
        "rows": meta["rows"],
        "chunks": len(meta["chunks"]),
        "bytes": sum(c["bytes"] for c in meta["chunks"]),
        "seconds": meta["seconds"],
    }


def _cmd_tournament(args) -> int:
    from .tournament import tournament

    _check_run(args)
    spec = _spec(args)
    names = _agent_names(args.agents)
    form = "pool" if args.pool else args.form or spec.batch.TOURNAMENT_FORM
    players = args.players
    if players is None and form == "lineup":
        players = len(names)
    config = _make_config(args, spec, players)
    if args.out and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        # Say so before the games, not after them.
        raise ConfigError(f"--out {args.out!r}: no such directory")
    try:
        result = tournament(
            names,
            args.games,
            config,
            seed=args.seed,
            form=form,
            progress=not args.quiet,
            threads=args.threads,
            **_ray_kwargs(args),
        )
        if args.out:
            with open(args.out, "w") as f:
                json.dump(result.to_dict(), f, indent=1)
    except OSError as exc:  # a model file to load, or --out
        raise ValueError(str(exc)) from None
    print(result.to_json() if args.json else result.table())
    return 0


def _ray_kwargs(args) -> dict:
    if args.task_games < 1:
        raise ConfigError(f"--task-games must be at least 1, got {args.task_games}")
    if args.ray is not None:
        from importlib.util import find_spec  # finds Ray without importing it

        if find_spec("ray") is None:
            raise ConfigError("--ray needs Ray: pip install 'catan_env[distributed]'")
    return {"ray_address": args.ray, "task_games": args.task_games}


def _add_ray_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play the jitted games as tasks on a Ray cluster (same results): the head's "
        "HOST:PORT, 'auto' (a running cluster), 'local' (a new one here), or nothing for "
        "Ray's default (RAY_ADDRESS, else the latest cluster started here, else a new one); "
        "needs pip install 'catan_env[distributed]'",
    )
    parser.add_argument(
        "--task-games", type=int, default=250, metavar="N", help="games per Ray task (default 250)"
    )


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    families = registry.families()
    parser.add_argument(
        "--game",
        choices=families,
        default=families[0],
        help=f"{' or '.join(families)} (default {families[0]}; ancients: Command & Colors: "
        "Ancients, --agents per side)",
    )
    parser.add_argument(
        "--variant", default=None, help="the game's rule set (default: its first, base for catan)"
    )


#: ``catan-env train --algo NAME``: the trainer each name runs.
TRAIN_ALGOS = {"ppo": "train.train_ppo", "exit": "train.expert_iteration"}


def _train_algo(rest: list[str]) -> tuple[str, list[str]]:
    """``--algo NAME`` (or ``--algo=NAME``) taken out of the trainer's arguments."""
    out, algo, i = [], "ppo", 0
    while i < len(rest):
        if rest[i] == "--algo":
            if i + 1 >= len(rest):
                raise ValueError(f"--algo takes one of {', '.join(TRAIN_ALGOS)}")
            algo, i = rest[i + 1], i + 2
            continue
        if rest[i].startswith("--algo="):
            algo = rest[i].split("=", 1)[1]
        else:
            out.append(rest[i])
        i += 1
    if algo not in TRAIN_ALGOS:
        raise ValueError(f"--algo {algo[:40]!r}: choose one of {', '.join(TRAIN_ALGOS)}")
    return algo, out


def _cmd_train(args) -> int:
    import importlib

    algo, rest = _train_algo(args.rest)
    try:
        trainer = importlib.import_module(TRAIN_ALGOS[algo])
    except ImportError as exc:
        raise ValueError(
            f"training needs the train extra (pip install 'catan_env[train]'): {exc}"
        ) from None
    trainer.main(rest)
    return 0


def _add_game_selection(parser) -> None:
    """``--game`` and ``--variant`` for the commands that take every game by default."""
    parser.add_argument(
        "--game", choices=registry.families(), default=None, help="only this family's games"
    )
    parser.add_argument("--variant", default=None, help="only this game")


def _selected_games(args) -> list[str]:
    """The games of ``--game`` / ``--variant`` (:func:`_add_game_selection`); all by default."""
    if args.variant is not None:
        return [registry.resolve(args.game or args.variant, args.variant if args.game else None)]
    if args.game is not None:
        return list(registry.members(args.game))
    return list(registry.names())


def _cmd_info(args) -> int:
    from . import __version__
    from .core import CACHE_DIR
    from .core.layout import STATE_DTYPE

    names = _selected_games(args)
    variants = {}
    for name in names:
        v = registry.get(name)
        variants[name] = {
            "title": v.title,
            "family": registry.family(name),
            "num_actions": v.num_actions,
            "observation_size": v.obs_size,
            "state_fields": v.state_size,
            "state_bytes": v.state_size * STATE_DTYPE().itemsize,
        }
    info = {"version": __version__, "numba_cache": str(CACHE_DIR), "variants": variants}
    if args.json:
        print(json.dumps(info))
        return 0
    print(f"{'version':<18}{__version__}")
    print(f"{'numba_cache':<18}{CACHE_DIR}")
    for name, figures in variants.items():
        print(f"\n{name}")
        for k, value in figures.items():
            print(f"  {k:<18}{value:,}" if isinstance(value, int) else f"  {k:<18}{value}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    from .tournament import FORMS

    parser = _Parser(
        prog="catan-env",
        description="Fast, rules-complete Catan environments: simulate games, inspect the engine.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.catalogue = True
    parser.add_argument("--version", action="version", version=f"catan-env {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = sub.add_parser(
        "simulate",
        help="play many games with given agents and print win rates and speed",
        description="Play N games (batch self-play) and print win rates by seat, mean game "
        "length and games per second.",
        epilog="example: catan-env simulate --games 1000 --players 4 --agents random",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sim.add_argument("--games", "-n", type=int, default=1000, help="games to play (default 1000)")
    _add_game_arguments(sim)
    sim.add_argument("--players", "-p", type=int, default=None, help="seats (Catan 2-4, default 4)")
    sim.add_argument(
        "--scenario",
        default=None,
        help="Explorers & Pirates scenario (default land_ho); with --game ancients a scenario "
        "id or JSON file (default akragas)",
    )
    sim.add_argument(
        "--agents",
        default="random",
        help="comma-separated agent per seat, or one for all (default random); your own "
        "agent as module:Class or path/to/file.py:Class",
    )
    sim.add_argument("--seed", type=int, default=0, help="fixes all games (default 0)")
    sim.add_argument(
        "--threads",
        type=int,
        default=None,
        help="threads for the jitted kernel (default: all cores)",
    )
    sim.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option, e.g. -o board=beginner -o vp_to_win=8 (repeatable)",
    )
    sim.add_argument(
        "--record",
        metavar="DIR",
        help="write each game's record to DIR/game_NNNNN.json (replay, render, --html)",
    )
    sim.add_argument(
        "--record-games", type=int, metavar="N", help="with --record: only the first N games"
    )
    sim.add_argument(
        "--dataset",
        metavar="DIR",
        help="also write every decision (observation, mask, seat, action, final return) "
        "to DIR in .npz chunks, for offline RL and imitation (docs/dataset.md)",
    )
    sim.add_argument(
        "--dataset-chunk-rows",
        type=int,
        metavar="N",
        help="with --dataset: decisions per chunk file (whole games; default ~128 MB a chunk)",
    )
    sim.add_argument(
        "--dataset-uncompressed",
        action="store_true",
        help="with --dataset: plain .npz chunks (about 20 times larger; faster to read)",
    )
    sim.add_argument(
        "--overwrite",
        action="store_true",
        help="with --record: write into a folder that is not empty, deleting the game records "
        "(game_*.json) there first; with --dataset: replace the dataset in a non-empty DIR; "
        "without it such a folder is refused",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    _add_ray_arguments(sim)
    sim.set_defaults(func=_cmd_simulate)
    sim.catalogue = True
    tour = sub.add_parser(
        "tournament",
        help="rate agents: many games, seats rotated, win rates with 95%% CIs and ratings",
        description="Play agents against each other with seats rotated; print each agent's "
        "win rate with its Wilson 95% interval, mean VP and an openskill rating.",
        epilog=TOURNAMENT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    tour.add_argument(
        "--agents",
        required=True,
        help="comma-separated agents: one per seat (a lineup), or the pool with --pool; "
        "an agent may take an argument as name:arg; your own agent as module:Class or "
        "path/to/file.py:Class",
    )
    tour.add_argument("--games", "-n", type=int, default=1000, help="games to play (default 1000)")
    tour.add_argument(
        "--pool", action="store_true", help="draw each table from the agents (N >= 2, distinct)"
    )
    tour.add_argument(
        "--players",
        "-p",
        type=int,
        default=None,
        help="seats (default: the lineup's length, or 4 with --pool)",
    )
    _add_game_arguments(tour)
    tour.add_argument(
        "--form",
        choices=FORMS,
        default=None,
        help="lineup (Catan's default), pool (as --pool) or pairings (every ordered seating "
        "of distinct agents, Ancients' default)",
    )
    tour.add_argument(
        "--scenario",
        default=None,
        help="Explorers & Pirates scenario (default land_ho); with --game ancients a scenario "
        "id or JSON file (default akragas)",
    )
    tour.add_argument("--seed", type=int, default=0, help="fixes all games (default 0)")
    tour.add_argument(
        "--threads", type=int, default=None, help="threads for the jitted kernel (default: all)"
    )
    tour.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option, e.g. -o vp_to_win=8 (repeatable)",
    )
    tour.add_argument("--json", action="store_true", help="print one JSON object, not the table")
    tour.add_argument("--out", metavar="FILE", help="also write the results as JSON to FILE")
    tour.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    _add_ray_arguments(tour)
    tour.set_defaults(func=_cmd_tournament)
    tour.catalogue = True
    add_record_commands(sub, argparse.RawDescriptionHelpFormatter)
    from .play.cli import add_command as add_play_command  # play: the browser game

    add_play_command(sub, argparse.RawDescriptionHelpFormatter)
    train = sub.add_parser(
        "train",
        help="train a MaskablePPO policy (python -m train.train_ppo), or with --algo exit a "
        "value and its search by expert iteration (python -m train.expert_iteration); "
        "the train extra",
        add_help=False,
        prefix_chars="\0",  # every argument, --help included, goes to the trainer
    )
    train.add_argument("rest", nargs=argparse.REMAINDER)
    train.set_defaults(func=_cmd_train)
    inf = sub.add_parser(
        "info",
        help="sizes of the state, actions and observations",
        description="The version, the numba cache and each game's sizes (every game, or the "
        "games of --game, or the one of --variant).",
        epilog="examples:\n  catan-env info\n  catan-env info --game ancients\n"
        "  catan-env info --variant cities_and_knights --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_selection(inf)
    inf.add_argument("--json", action="store_true", help="print one JSON object")
    inf.set_defaults(func=_cmd_info)
    comp = sub.add_parser(
        "compile",
        help="compile the engine ahead of use (fills numba's cache; games side by side)",
        description="Compile every game (or those of --game/--variant) into numba's cache, "
        "one process per game, --jobs at a time, so that later programs start in about "
        "a second (catan_env.warmup).",
        epilog="examples:\n  catan-env compile\n  catan-env compile --variant base --jobs 1\n"
        "  catan-env compile --game catan --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_game_selection(comp)
    comp.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="games at once (default: cores)"
    )
    comp.add_argument("--json", action="store_true", help="print seconds per game as JSON")
    comp.set_defaults(func=_cmd_compile, quiet=True)
    return parser


def _cmd_compile(args) -> int:
    from .warmup import warm_many

    if args.jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, got {args.jobs}")
    seconds = warm_many(_selected_games(args), args.jobs, stream=None if args.json else sys.stderr)
    if args.json:
        print(json.dumps({"seconds": seconds}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        # Tell the user whenever numba compiles, whatever the cache directory holds.
        with nullcontext() if getattr(args, "quiet", False) else compile_notice():
            return args.func(args)
    except (ConfigError, ValueError) as exc:  # includes bad records (RecordError)
        print(f"catan-env: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
        return 0
    except OSError as exc:  # a file to read or write
        where = f": {exc.filename}" if exc.filename else ""
        print(f"catan-env: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("catan-env: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
