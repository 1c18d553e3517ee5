"""The record commands of ``catan-env``: ``replay`` and ``render``, and ``simulate --record``.

Every game's records go through the same commands; the summary text and the
pictures are the record's game's (its record and render hooks).

Examples:
    catan-env simulate --games 10 --agents heuristic,random,random,random --record games/
    catan-env replay games/game_00000.json
    catan-env replay games/game_00000.json --html game.html
    catan-env render games/game_00000.json --step 400 -o board.png
    catan-env render games/game_00000.json --gif game.gif
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

REPLAY_EPILOG = """examples:
  catan-env replay games/game_00000.json
  catan-env replay games/game_00000.json --html game.html
  catan-env replay games/game_00000.json --json

The record replays from its seed and actions; the end must match the one it
records (winner, turns, VP and a hash of the final state). A record from
another catan_env version, or a corrupt file, is refused with one line saying why.
"""

RENDER_EPILOG = """examples:
  catan-env render games/game_00000.json                   # text board of the final state
  catan-env render games/game_00000.json --step 400 -o board.png
  catan-env render games/game_00000.json --gif game.gif    # one frame per turn
  catan-env render games/game_00000.json --gif game.gif --every 50 --scale 0.5
"""


def _record_command(sub, formatter, name: str, **texts):
    """A subcommand that reads one game record, its first argument (``texts``: the
    parser's help, description and epilog)."""
    cmd = sub.add_parser(name, formatter_class=formatter, **texts)
    cmd.add_argument("file", help="the record (.json, or .json.gz)")
    return cmd


def add_commands(sub, formatter) -> None:
    """Add ``replay`` and ``render`` to the ``catan-env`` subcommands."""
    rep = _record_command(
        sub,
        formatter,
        "replay",
        help="replay a game record, check it reaches the same end, print a summary",
        description="Replay a game record (written by simulate --record or an env) and check "
        "that it reaches the recorded end; optionally write an HTML viewer page.",
        epilog=REPLAY_EPILOG,
    )
    rep.add_argument("--html", metavar="OUT", help="write a self-contained HTML viewer to OUT")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.set_defaults(func=cmd_replay)
    ren = _record_command(
        sub,
        formatter,
        "render",
        help="draw a recorded game at a step (PNG, text) or as an animated GIF",
        description="Draw the board of a game record at one step as a PNG or as text, or the "
        "whole game as an animated GIF.",
        epilog=RENDER_EPILOG,
    )
    ren.add_argument(
        "--step",
        type=int,
        default=-1,
        help="decisions played before the picture (default -1: the end; negative counts back)",
    )
    ren.add_argument("-o", "--output", metavar="PNG", help="write the picture of --step here")
    ren.add_argument("--gif", metavar="OUT", help="write the whole game as an animated GIF")
    ren.add_argument(
        "--every",
        default="turn",
        help="GIF frames: 'turn' (one per turn, the default) or a number of decisions",
    )
    ren.add_argument("--fps", type=float, default=4.0, help="GIF frames per second (default 4)")
    ren.add_argument(
        "--scale", type=float, default=None, help="picture size factor (default 1, GIF 0.6)"
    )
    ren.add_argument(
        "--ansi", action="store_true", help="print the text board (the default with no output)"
    )
    ren.add_argument("--json", action="store_true", help="print one JSON object")
    ren.set_defaults(func=cmd_render)


def _load(path: str) -> dict:
    from .replay import load_record

    return load_record(path)


def cmd_replay(args) -> int:
    from .replay import replay, state_digest, summary, summary_lines

    record = _load(args.file)
    game = replay(record)
    info = summary(record, game)
    info["file"] = args.file
    info["state_sha256"] = state_digest(game.state)
    if args.html:
        from .viewer import write_html

        path = write_html(record, args.html)
        info["html"] = str(path)
        info["html_bytes"] = path.stat().st_size
    if args.json:
        print(json.dumps(info))
        return 0
    print("\n".join(summary_lines(info, record, args.file)))
    _print_check(info)
    return 0


def _print_check(info: dict) -> None:
    if info["verified"]:
        print(f"  verified: replays to the recorded end (state {info['state_sha256'][:12]})")
    else:
        print("  replayed (the record has no result to check against)")
    if "html" in info:
        print(f"wrote {info['html']} ({info['html_bytes'] / 1024:,.0f} kB): open it in a browser")


def _frame_rule(every: str) -> Callable[[object, int, int], bool]:
    """When the GIF takes a frame: ``rule(game, step, last_turn)``."""
    if every == "turn":
        return lambda game, step, last_turn: (
            game.turn != last_turn or game.phase.startswith("setup")
        )
    try:
        n = int(every)
    except ValueError:
        raise ValueError(f"--every takes 'turn' or a number of decisions, got {every!r}") from None
    if n < 1:
        raise ValueError(f"--every must be at least 1, got {n}")
    return lambda game, step, last_turn: step % n == 0


def _scaled(image, scale: float):
    if scale == 1.0:
        return image
    from PIL import Image

    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS)


def _renderers(record: dict):
    """``(text board, picture)`` functions of a game for the record's game."""
    from . import hooks
    from .replay import game_of

    render = hooks.get(game_of(record)).pictures
    return render.text, render.image


def cmd_render(args) -> int:
    from .replay import check_record, game_at, iter_replay, step_of

    record = _load(args.file)
    check_record(record)
    step_of(record, args.step, "--step")  # before any replaying
    render_ansi, render_image = _renderers(record)
    if args.scale is not None and not 0.05 <= args.scale <= 4:
        raise ValueError(f"--scale must be between 0.05 and 4, got {args.scale}")
    if args.fps <= 0:
        raise ValueError(f"--fps must be positive, got {args.fps}")
    out = {"file": args.file}
    if args.output or args.ansi or not args.gif:
        game = game_at(record, args.step)
        step = len(game.actions)
        out["step"] = step
        if args.output:
            _scaled(render_image(game), args.scale or 1.0).save(args.output)
            out["png"] = args.output
        if args.ansi or not (args.output or args.gif):
            text = render_ansi(game)
            out["ansi"] = text
            if not args.json:
                print(f"step {step} of {len(record['actions'])}")
                print(text)
    if args.gif:
        rule = _frame_rule(args.every)
        frames, last_turn = [], -1
        for step, game in enumerate(iter_replay(record)):
            if step == 0 or game.done or rule(game, step, last_turn):
                frames.append(_scaled(render_image(game), args.scale or 0.6))
                last_turn = game.turn
        _save_gif(frames, args.gif, args.fps)
        out["gif"] = args.gif
        out["frames"] = len(frames)
    if args.json:
        print(json.dumps(out))
    else:
        for key in ("png", "gif"):
            if key in out:
                extra = f" ({out['frames']} frames)" if key == "gif" else f" (step {out['step']})"
                print(f"wrote {out[key]}{extra}")
    return 0


def _save_gif(frames, path: str, fps: float) -> None:
    from PIL import Image

    # One palette for every frame: the colours stay put from frame to frame,
    # and quantising against a fixed palette is much faster than per frame. It
    # is made from the first and the last frame, so it holds the board's
    # colours and those of pieces that only appear later (walls, crowns, levels).
    first, last = frames[0], frames[-1]
    both = Image.new("RGB", (first.width, 2 * first.height))
    both.paste(first, (0, 0))
    both.paste(last, (0, first.height))
    palette = both.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    images = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [round(1000 / fps)] * len(images)
    durations[-1] = 3000  # hold the end
    # Pillow's default optimize keeps only what changed between frames: 7x smaller.
    images[0].save(path, save_all=True, append_images=images[1:], duration=durations, loop=0)


#: The records ``simulate --record`` writes (and ``--overwrite`` deletes).
RECORD_GLOB = "game_*.json*"


def check_record_folder(directory: str, overwrite: bool) -> None:
    """Check that ``--record DIR`` is new or empty, so two runs' records never mix
    (``overwrite``: a folder that holds files is accepted; :func:`record_writer` then
    deletes its game records before it writes the first new one).

    Raises:
        ValueError: ``directory`` is a file, or a non-empty folder without ``overwrite``.
    """
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--record {directory}: not a folder")
    held = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    if held and not overwrite:
        raise ValueError(
            f"--record {directory}: the folder is not empty ({len(held)} entries, e.g. "
            f"{held[0]}); name a new or empty folder, or add --overwrite to replace its records"
        )


def _delete_records(folder: Path) -> None:
    for record in folder.glob(RECORD_GLOB):
        if record.is_file():
            record.unlink()


def record_writer(
    directory: str, agent_names: list[str], count: int, progress: bool, overwrite: bool = False
) -> Callable[[int, object], None]:
    """An ``on_game`` callback for :func:`~catan_env.simulate.simulate` writing records.

    Game ``i`` goes to ``DIR/game_{i:05d}.json``. With ``overwrite`` the folder's old
    game records (``game_*.json``, ``.json.gz``; other files stay) are deleted just
    before the first new record is written, so a run that fails first leaves them be.
    """
    from .replay import save_record

    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    stale = overwrite
    if stale and count == 0:  # nothing will be written: replace the old records by none
        _delete_records(folder)
        stale = False
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=count, unit="record", desc="records", file=sys.stderr, leave=False)

    def write(i: int, game) -> None:
        nonlocal stale
        if stale:
            _delete_records(folder)
            stale = False
        save_record(game.record(agents=agent_names), folder / f"game_{i:05d}.json")
        if bar is not None:
            bar.update(1)
            if bar.n >= count:
                bar.close()

    return write


__all__ = ["add_commands", "cmd_render", "cmd_replay", "check_record_folder", "record_writer"]
