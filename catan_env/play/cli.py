"""``catan-env play``: play against the agents in a browser.

Examples:
    catan-env play                                     # base game, you are seat 0
    catan-env play --variant cities_and_knights --agents heuristic,heuristic,heuristic
    catan-env play --variant explorers_and_pirates --scenario land_ho --seat 1
    catan-env play --game ancients --agents heuristic
    catan-env play --humans 0,2 --agents heuristic,random   # two people, two tabs
"""

from __future__ import annotations

import json
import signal
import socket
import sys

EPILOG = """examples:
  catan-env play
  catan-env play --variant cities_and_knights --agents heuristic,heuristic,heuristic --seed 7
  catan-env play --variant explorers_and_pirates --scenario land_ho
  catan-env play --game ancients --agents heuristic
  catan-env play --humans 0,2 --agents heuristic,random      # one tab per person

The server prints one address per human seat; each tab claims its seat. The
record is saved when the game ends and on Ctrl-C; 'catan-env replay FILE' replays it.
Needs the play extra: pip install 'catan_env[play]'.
"""


def add_command(sub, formatter) -> None:
    """Add ``play`` to the ``catan-env`` subcommands."""
    from catan_env.cli import _add_game_arguments

    play = sub.add_parser(
        "play",
        help="play against the agents in a browser (a local web server)",
        description="Start a local web server and open a page where you play one seat (or "
        "several people play several) against agents.",
        epilog=EPILOG,
        formatter_class=formatter,
    )
    _add_game_arguments(play)
    play.add_argument("--scenario", default=None, help="E&P or Ancients scenario")
    play.add_argument(
        "--agents",
        default="heuristic",
        help="comma-separated agent per agent seat, or one for all (default heuristic)",
    )
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--humans", default=None, help="seats people play, e.g. 0,2 (not --seat)")
    play.add_argument("--seed", type=int, default=None, help="fixes the game (default: drawn)")
    play.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free)")
    play.add_argument("--delay", type=float, default=0.6, help="seconds between agent moves")
    play.add_argument("--record", metavar="FILE", help="where to save the record")
    play.add_argument("--no-browser", action="store_true", help="do not open a browser")
    play.add_argument(
        "--json",
        action="store_true",
        help="print the seat addresses (at the start) and the result (at the end) as JSON lines",
    )
    play.add_argument(
        "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="rule option"
    )
    play.set_defaults(func=cmd_play)


def build_session(args):
    """The :class:`~catan_env.play.session.PlaySession` the arguments describe."""
    from catan_env import hooks
    from catan_env.cli import _agent_names
    from catan_env.config import ConfigError
    from catan_env.core import registry

    from .session import PlaySession

    spec = hooks.get(registry.resolve(args.game, args.variant))
    options = dict(spec.batch.parse_option(o) for o in args.option)
    if args.scenario is not None:
        options["scenario"] = args.scenario
    try:
        humans = [int(s) for s in args.humans.split(",")] if args.humans else [args.seat]
    except ValueError:
        raise ConfigError(f"--humans takes seat numbers like 0,2, got {args.humans!r}") from None
    names = _agent_names(args.agents)
    config = spec.configure(**options)
    if len(names) > 1 and len(names) + len(set(humans)) != config.num_players:
        config = spec.configure(**options, num_players=len(names) + len(set(humans)))
    if len(names) == 1:
        names = names * (config.num_players - len(set(humans)))
    return PlaySession(
        spec, config, names, humans, seed=args.seed, delay=args.delay, record_path=args.record
    )


def cmd_play(args) -> int:
    try:
        from .server import make_server
    except ImportError as exc:
        raise ValueError(f"catan-env play needs the play extra ({exc.name} is missing): "
                         "pip install 'catan_env[play]'") from None  # fmt: skip
    session = build_session(args)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    sock.listen(64)  # a tab opened before uvicorn starts waits instead of being refused
    port = sock.getsockname()[1]
    urls = [f"http://127.0.0.1:{port}/seat/{s}" for s in session.humans]
    names = session.seat_names
    print(f"catan-env play: {session.spec.title}, seed {session.seed}", file=sys.stderr)
    for s, url in zip(session.humans, urls, strict=True):
        print(f"  seat {s} ({names[s]}): {url}", file=sys.stderr)
    print("  Ctrl-C ends the server (the record is saved)", file=sys.stderr)
    if args.json:
        start = {"game": session.spec.name, "seed": session.seed, "port": port,
                 "seats": dict(zip(map(str, session.humans), urls, strict=True)),
                 "record": str(session.record_path)}  # fmt: skip
        print(json.dumps(start), flush=True)
    session.start()
    if not args.no_browser:
        import webbrowser

        for url in urls:
            webbrowser.open(url)
    # uvicorn re-raises the signal that stopped it once it has shut down: exit through
    # Python then, so the record below is saved on SIGTERM as on Ctrl-C.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        make_server(session).run(sockets=[sock])
    finally:
        session.stop()
        path = session.saved
        print(f"catan-env play: record saved to {path} (catan-env replay {path})", file=sys.stderr)
        if args.json:
            g = session.game
            end = {"record": str(path), "decisions": len(g.actions), "done": g.done,
                   "winner": g.winner, "quit_by": session.quit_by}  # fmt: skip
            print(json.dumps(end), flush=True)
    return 0
