"""``catan-env simulate --game ancients``: batched Ancients games from the command line."""

from __future__ import annotations

import json

from .setup import DEFAULT_OPTIONS


def _option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise ValueError(f"option {text!r} must look like name=value")
    name, raw = (part.strip() for part in text.split("=", 1))
    if name not in DEFAULT_OPTIONS:
        raise ValueError(f"unknown ancients option {name!r}; known: {', '.join(DEFAULT_OPTIONS)}")
    if isinstance(DEFAULT_OPTIONS[name], bool):
        low = raw.lower()
        if low not in ("true", "false", "1", "0", "yes", "no"):
            raise ValueError(f"option {name} takes true or false, got {raw!r}")
        return name, low in ("true", "1", "yes")
    try:
        return name, int(raw)
    except ValueError:
        raise ValueError(f"option {name} takes an integer, got {raw!r}") from None


def simulate_command(args) -> int:
    """Run ``simulate`` for Ancients; ``--agents`` names one agent per side (bottom, top)."""
    from .simulate import simulate

    names = [a.strip() for a in args.agents.split(",")]
    if len(names) == 1:
        names = names * 2
    if args.threads is not None and args.threads < 1:
        raise ValueError(f"--threads must be at least 1, got {args.threads}")
    options = dict(_option(o) for o in args.option)
    on_game, recorded = None, 0
    if args.record:
        from catan_env.cli_records import record_writer

        recorded = args.games if args.record_games is None else min(args.games, args.record_games)
        if recorded < 0:
            raise ValueError(f"--record-games must be at least 0, got {args.record_games}")
        on_game = record_writer(args.record, names, recorded, not args.quiet)
    ray = ray_kwargs(args)
    if not args.quiet and not args.json:
        print("compiling or loading the Ancients engine (the first run takes a minute or two)...")
    scenario = args.scenario or "akragas"
    r = simulate(args.games, tuple(names), scenario, seed=args.seed, threads=args.threads,
                 on_game=on_game, on_game_limit=recorded, **ray, **options)  # fmt: skip
    if args.json:
        out = r.to_dict()
        if args.record:
            out["records"] = {"dir": args.record, "games": recorded}
        print(json.dumps(out))
        return 0
    print(f"{r.games} games of ancients, scenario {r.scenario} ({r.engine}, seed {r.seed})")
    print(f"{'side':<14}{'agent':<12}{'wins':>8}{'win rate':>10}{'banners':>9}")
    for side, agent, wins, ban in zip(r.sides, r.agents, r.wins, r.mean_banners, strict=True):
        print(f"{side:<14}{agent:<12}{wins:>8}{wins / r.games:>10.1%}{ban:>9.2f}")
    if r.truncated:
        print(f"truncated by the turn limit: {r.truncated}")
    print(f"mean game length: {r.mean_turns:.1f} turns, {r.mean_decisions:.0f} decisions")
    print(
        f"speed: {r.games_per_second:,.1f} games/s (engine load/compile {r.compile_seconds:.1f} s)"
    )
    if args.record:
        first = f"{args.record.rstrip('/')}/game_00000.json"
        print(f"wrote {recorded} game records to {args.record} (catan-env replay {first})")
    return 0


def ray_kwargs(args) -> dict:
    """``ray_address`` and ``task_games`` from ``--ray`` / ``--task-games`` (Ray not imported)."""
    from catan_env.cli import _ray_kwargs

    return _ray_kwargs(args)
