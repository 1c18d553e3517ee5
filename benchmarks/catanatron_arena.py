"""Our agent against catanatron's bots inside catanatron's own game loop.

Each game is a ``catanatron.game.Game``: catanatron's map generator (its BASE
map: terrain, numbers and harbors drawn by catanatron), its dice, rules, turn
limit and win check. Our ``--agent`` plays one seat through
:class:`catan_env.oracle.CatanEnvPlayer`; three (or two, ``--players 3``)
copies of catanatron's ``--opponents`` bot play the others. Game ``i`` has seed
``--seed + i`` and seats our agent at ``i % players`` in catanatron's seating
order (catanatron draws the order from the seed; the players are placed so that
ours lands there). A game that reaches catanatron's turn limit (``TURNS_LIMIT``,
1000 turns) has no winner and counts as not won; the summary reports them.

One JSON line per game goes to ``--out`` (default
``benchmarks/results/arena/AGENT_vs_OPPONENTS.jsonl``), and the summary (win
rate and its Wilson 95% interval) to the same name ending ``.summary.json``.
**Resumable**: the games the file holds are not played again. ``--jobs``
processes play games side by side; a line a game, and a heartbeat every few
seconds while games run.

catanatron builds some playable-action lists from sets, whose order follows
string hashes (``PYTHONHASHSEED``) and, for tuples holding ``None``, the
process's memory layout (Python < 3.12). So that a seed repeats its game, the
script runs itself again with ``PYTHONHASHSEED=0`` when it is not set to that,
and every player is handed its playable actions sorted
(:func:`catan_env.oracle.player.in_order`, through catanatron's own ``decide_fn``
hook of ``Game.play``; the set of actions is catanatron's).

    python benchmarks/catanatron_arena.py --agent heuristic --opponents value --games 100 --jobs 1
    python benchmarks/catanatron_arena.py --agent learned --opponents random --games 8 --json

``value`` and ``alphabeta`` need ``catanatron_experimental`` (see
``catan_env/oracle/README.md``); ``random`` and ``weighted`` ship with catanatron.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Seconds without a finished game before a heartbeat line.
HEARTBEAT = 5.0
OPPONENTS = ("value", "alphabeta", "random", "weighted")


def _seating(seed: int, players: int, seat: int) -> list[int]:
    """Indices into catanatron's colours, in the order to pass the players, so that the
    player passed first lands in ``seat`` of the order catanatron draws from ``seed``."""
    from catanatron.game import Game as CGame
    from catanatron.models.player import Color, RandomPlayer

    colors = list(Color)[:players]
    probe = CGame([RandomPlayer(c) for c in colors], seed=seed)
    order = [colors.index(c) for c in probe.state.colors]  # order[k]: input index at seat k
    slots = list(range(players))
    slots.remove(order[seat])
    return [order[seat]] + slots


def play_game(agent: str, opponents: str, players: int, game: int, seed: int) -> dict:
    """One game of the match; its JSON line."""
    from catanatron.game import TURNS_LIMIT
    from catanatron.game import Game as CGame
    from catanatron.models.player import Color

    from catan_env.oracle import CatanEnvPlayer
    from catan_env.oracle.bridge import bot_factory
    from catan_env.oracle.player import in_order

    colors = list(Color)[:players]
    seat = game % players
    slots = _seating(seed, players, seat)
    me = CatanEnvPlayer(agent, colors[slots[0]], seed=seed)
    bot = bot_factory(opponents)
    ordered = [None] * players
    ordered[slots[0]] = me
    for k in slots[1:]:
        ordered[k] = bot(colors[k])
    began = time.perf_counter()
    cgame = CGame(ordered, seed=seed)
    if cgame.state.colors[seat] != me.color:
        raise RuntimeError(f"seating failed for seed {seed}")
    winner = cgame.play(decide_fn=in_order)
    ps = cgame.state.player_state
    vps = [ps[f"P{j}_ACTUAL_VICTORY_POINTS"] for j in range(players)]
    return {
        "game": game,
        "seed": seed,
        "seat": seat,
        "agent": agent,
        "opponents": opponents,
        "players": players,
        "winner": None if winner is None else cgame.state.colors.index(winner),
        "won": winner == me.color,
        "vp": vps[seat],
        "vps": vps,
        "turns": cgame.state.num_turns,
        "truncated": winner is None and cgame.state.num_turns >= TURNS_LIMIT,
        "decisions": me.decisions,
        "reasked": dict(me.reasked),
        "fallbacks": dict(me.fallbacks),
        "seconds": round(time.perf_counter() - began, 3),
    }


def summary(rows: list[dict], agent: str, opponents: str, players: int) -> dict:
    """Win rate with its Wilson 95% interval, and what else the games show."""
    from catan_env.ratings import wilson_interval

    n = len(rows)
    wins = sum(r["won"] for r in rows)
    low, high = wilson_interval(wins, n)
    reasked: dict[str, int] = {}
    fallbacks: dict[str, int] = {}
    for r in rows:
        for k, v in r["reasked"].items():
            reasked[k] = reasked.get(k, 0) + v
        for k, v in r["fallbacks"].items():
            fallbacks[k] = fallbacks.get(k, 0) + v
    return {
        "agent": agent,
        "opponents": opponents,
        "players": players,
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "ci_low": low,
        "ci_high": high,
        "wins_by_seat": [sum(r["won"] for r in rows if r["seat"] == p) for p in range(players)],
        "games_by_seat": [sum(r["seat"] == p for r in rows) for p in range(players)],
        "truncated": sum(r["truncated"] for r in rows),
        "mean_vp": sum(r["vp"] for r in rows) / n if n else 0.0,
        "mean_turns": sum(r["turns"] for r in rows) / n if n else 0.0,
        "mean_seconds": sum(r["seconds"] for r in rows) / n if n else 0.0,
        "reasked": reasked,
        "fallbacks": fallbacks,
    }


def _held(path: Path, agent: str, opponents: str, players: int, seed: int) -> list[dict]:
    """The games of this match the file already holds (a file of another match: exit)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        match = (r["agent"], r["opponents"], r["players"], r["seed"] - r["game"])
        if match != (agent, opponents, players, seed):
            sys.exit(f"error: {path} holds games of another match {match}; give another --out")
        rows.append(r)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", required=True, help="our agent spec (heuristic, learned, ...)")
    ap.add_argument("--opponents", required=True, choices=OPPONENTS)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--seed", type=int, default=1, help="seed of game 0 (game i: seed + i)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=None, help="JSONL file, one line a game (resumable)")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.seed < 1:
        ap.error("--games, --jobs and --seed must be at least 1 (catanatron draws seed 0 anew)")
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable, *sys.argv], env)
    safe = args.agent.replace("/", "_").replace(":", "-")
    out = Path(args.out or ROOT / f"benchmarks/results/arena/{safe}_vs_{args.opponents}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = _held(out, args.agent, args.opponents, args.players, args.seed)
    done = {r["game"] for r in rows}
    todo = [i for i in range(args.games) if i not in done]
    log = sys.stderr
    match = f"{args.agent} vs {args.players - 1} x {args.opponents}"
    print(f"{match}: {len(done)} games held in {out}, {len(todo)} to play on "
          f"{args.jobs} process(es)", file=log, flush=True)  # fmt: skip
    try:
        from catan_env.oracle.bridge import bot_factory

        bot_factory(args.opponents)
    except ValueError as e:
        sys.exit(f"error: {e}")
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=min(args.jobs, max(1, len(todo)))) as pool:
        running = {
            pool.submit(play_game, args.agent, args.opponents, args.players, i, args.seed + i): (
                i,
                time.perf_counter(),
            )
            for i in todo
        }
        with out.open("a") as f:
            while running:
                finished, _ = wait(running, timeout=HEARTBEAT, return_when=FIRST_COMPLETED)
                if not finished:
                    print(f"  ... {len(rows) - len(done)}/{len(todo)} played, "
                          f"{time.perf_counter() - start:.0f} s", file=log, flush=True)  # fmt: skip
                for fut in finished:
                    running.pop(fut)
                    r = fut.result()
                    f.write(json.dumps(r) + "\n")
                    f.flush()
                    rows.append(r)
                    s = summary(rows, args.agent, args.opponents, args.players)
                    result = "won" if r["won"] else "truncated" if r["truncated"] else "lost"
                    print(f"game {r['game']} (seed {r['seed']}, seat {r['seat']}): {result}, "
                          f"{r['vp']} VP, {r['turns']} turns, {r['seconds']:.1f} s; "
                          f"{s['wins']}/{s['games']} = {s['win_rate']:.3f}",
                          file=log, flush=True)  # fmt: skip
    s = summary(rows, args.agent, args.opponents, args.players)
    s["command"] = "python benchmarks/catanatron_arena.py " + " ".join(sys.argv[1:])
    out.with_name(out.name.removesuffix(".jsonl") + ".summary.json").write_text(
        json.dumps(s, indent=1) + "\n"
    )
    if args.json:
        print(json.dumps(s, indent=1))
    else:
        print(f"{args.agent} vs {args.players - 1} x catanatron {args.opponents}: "
              f"{s['wins']}/{s['games']} won = {s['win_rate']:.1%} "
              f"(Wilson 95% {s['ci_low']:.1%} - {s['ci_high']:.1%}); "
              f"{s['truncated']} reached the turn limit; mean VP {s['mean_vp']:.2f}, "
              f"mean turns {s['mean_turns']:.0f}, {s['mean_seconds']:.1f} s a game")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
