"""Game records: JSON files that replay a game exactly, and tools to look inside them.

A record holds what fixes a game and how it went::

    {"format": "catan_env/record", "version": 1, "engine_version": "0.1.0",
     "variant": "cities_and_knights", "options": {"num_players": 4, ...},
     "seed": 123, "agents": ["heuristic", "random", ...],
     "board": {"hexes": {"R1a": {"terrain": "fields", "number": 8}, ...},
               "harbors": [...], "robber": "R3c"},
     "actions": [17, 80, ...], "action_names": ["build_settlement(v17)", ...],
     "result": {"winner": 2, "truncated": false, "turns": 61, "decisions": 7012,
                "vp": [8, 9, 13, 6], "state_sha256": "..."}}

A Command & Colors: Ancients record is the same format with ``"game":
"ancients"``, its scenario and options instead of ``variant`` and ``board``
(:mod:`catan_env.ancients.record`); every function here takes either.

The action ids replay the game; the names are there to be read, and must agree
with the ids. ``board`` and ``result`` let :func:`replay` prove that the game
replayed to the same start and the same end. Files ending in ``.gz`` are
gzip-compressed.

Errors are specific: :class:`RecordError` for a corrupt or malformed record,
:class:`RecordVersionError` for one written by another engine version, and
:class:`ReplayMismatchError` when the actions replay but reach another board or
another end (a record edited by hand, or an engine change the version missed).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .board.standard import HEX_LABELS, NUM_HARBORS, NUM_HEXES
from .constants import HARBOR_NAMES, TERRAIN_NAMES
from .engine import layout as L
from .explain import IllegalActionError

if TYPE_CHECKING:
    from .game import Game

RECORD_FORMAT = "catan_env/record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A corrupt or malformed game record (the message says what and where)."""


class RecordVersionError(RecordError):
    """A record written by another engine version or in another record format version."""


class ReplayMismatchError(RecordError):
    """A record whose actions replay, but to another board or another end than it says."""


def engine_version() -> str:
    """The version written into records and required to replay them."""
    from . import __version__

    return __version__


def state_digest(state: np.ndarray) -> str:
    """SHA-256 of a state array: equal digests mean identical states."""
    return hashlib.sha256(np.ascontiguousarray(state).tobytes()).hexdigest()


def _board(state: np.ndarray) -> dict[str, Any]:
    """The dealt board as a snapshot writes it (``state_to_dict(...)["board"]``)."""
    s = state
    return {
        "hexes": {
            HEX_LABELS[h]: {
                "terrain": TERRAIN_NAMES[s[L.HEX_TERRAIN + h]],
                "number": int(s[L.HEX_NUMBER + h]),
            }
            for h in range(NUM_HEXES)
        },
        "harbors": [HARBOR_NAMES[s[L.HARBOR_TYPE + i]] for i in range(NUM_HARBORS)],
        "robber": HEX_LABELS[s[L.ROBBER_HEX]],
    }


def make_record(game: Game, agents: Sequence[str] | None = None, **meta: Any) -> dict[str, Any]:
    """The record of ``game`` so far (see the module docstring).

    Args:
        game: a game started from a seed (not from a snapshot).
        agents: the name of each seat's agent, kept for the reader.
        **meta: more JSON-able facts to keep under ``"meta"`` (e.g. the tournament).

    Raises:
        ValueError: the game was built from a snapshot and has no seed.
    """
    if game.seed is None:
        raise ValueError("a game built from a snapshot has no seed to replay from")
    options = game.config.to_dict()
    variant = options.pop("variant")
    start = _start(variant, options, game.seed)
    names = game.variant.actions.names
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "engine_version": engine_version(),
        "variant": variant,
        "options": options,
        "seed": game.seed,
    }
    if agents is not None:
        record["agents"] = [str(a) for a in agents]
    if meta:
        record["meta"] = meta
    record["board"] = _board(start.state)
    record["actions"] = [int(a) for a in game.actions]
    record["action_names"] = [names[a] for a in game.actions]
    record["result"] = _result(game)
    return record


def _result(game: Game) -> dict[str, Any]:
    return {
        "winner": game.winner,
        "truncated": game.truncated,
        "done": game.done,
        "turns": game.turn,
        "decisions": len(game.actions),
        "vp": [game.total_vp(p) for p in range(game.num_players)],
        "state_sha256": state_digest(game.state),
    }


def _result_of(record: dict, game) -> dict[str, Any]:
    if is_ancients(record):
        from .ancients.record import result

        return result(game)
    return _result(game)


def _start(variant: str, options: dict, seed: int) -> Game:
    from .game import Game

    options = dict(options)
    num_players = options.pop("num_players", 4)
    return Game(variant=variant, num_players=num_players, seed=seed, **options)


def is_ancients(record: dict) -> bool:
    """Whether ``record`` is a Command & Colors: Ancients record."""
    return record.get("game") == "ancients"


def check_record(record: Any) -> None:
    """Check a record's header and field types (not its actions: :func:`replay` does).

    Raises:
        RecordVersionError: another record format version or engine version.
        RecordError: anything else malformed.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError("not a catan_env game record (format field missing or wrong)")
    if record.get("version") != RECORD_VERSION:
        raise RecordVersionError(
            f"record format version {record.get('version')!r} is not supported "
            f"(this catan_env reads version {RECORD_VERSION})"
        )
    written_by = record.get("engine_version")
    if written_by is not None and written_by != engine_version():
        raise RecordVersionError(
            f"record was written by catan_env {written_by}, this is catan_env "
            f"{engine_version()}: a record replays on the engine version that wrote it"
        )
    game = record.get("game", "catan")
    if game not in ("catan", "ancients"):
        raise RecordError(f"record 'game' must be 'catan' or 'ancients', got {game!r}")
    first = "scenario" if game == "ancients" else "variant"
    for key in (first, "options", "seed", "actions"):
        if key not in record:
            raise RecordError(f"game record is missing {key!r}")
    if not isinstance(record["options"], dict):
        raise RecordError("record 'options' must be an object")
    if not isinstance(record["actions"], list):
        raise RecordError("record 'actions' must be a list of action ids")
    agents = record.get("agents")
    if agents is not None and (
        not isinstance(agents, list) or not all(isinstance(a, str) for a in agents)
    ):
        raise RecordError("record 'agents' must be a list of agent names")
    names = record.get("action_names")
    if names is not None and (not isinstance(names, list) or len(names) != len(record["actions"])):
        raise RecordError(
            f"record 'action_names' must list one name per action ({len(record['actions'])})"
        )


def start_game(record: dict) -> Game:
    """The game of ``record`` before its first action (header checked).

    Raises:
        RecordError, RecordVersionError: see :func:`check_record`; a bad
            variant, option or seed is a :class:`RecordError` too.
        ReplayMismatchError: the seed deals another board than the record's.
    """
    check_record(record)
    if is_ancients(record):
        from .ancients.record import start_game as start_ancients

        return start_ancients(record)
    try:
        game = _start(record["variant"], record["options"], record["seed"])
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record header does not make a game: {exc}") from None
    board = record.get("board")
    if board is not None and board != _board(game.state):
        raise ReplayMismatchError(
            "the record's seed deals another board than the one it records "
            "(record edited, or written by an engine that deals differently)"
        )
    return game


def _apply(game: Game, record: dict, i: int) -> None:
    """Apply action ``i`` of ``record`` to ``game`` with record-level errors."""
    a = record["actions"][i]
    names = record.get("action_names")
    if type(a) is not int:
        raise RecordError(f"record action #{i} ({a!r}) is not an action id")
    if names is not None and 0 <= a < game.num_actions and names[i] != game.action_names[a]:
        raise RecordError(
            f"record action #{i} is id {a} ({game.action_names[a]!r}) but is named {names[i]!r}"
        )
    try:
        game.step(a)
    except (IllegalActionError, ValueError, TypeError) as exc:
        raise RecordError(f"record action #{i} ({a!r}) does not replay: {exc}") from None


def iter_replay(record: dict) -> Iterator[Game]:
    """The game before the first action, then after each action (one object, updated).

    Copy ``game.state`` to keep a position; the object is stepped in place.
    """
    game = start_game(record)
    yield game
    for i in range(len(record["actions"])):
        _apply(game, record, i)
        yield game


def game_at(record: dict, step: int) -> Game:
    """The game after the first ``step`` actions (negative: from the end, -1 = final)."""
    check_record(record)
    n = len(record["actions"])
    if step < 0:
        step += n + 1
    if not 0 <= step <= n:
        raise ValueError(f"step {step} is outside the record (0..{n})")
    game = start_game(record)
    for i in range(step):
        _apply(game, record, i)
    return game


def replay(record: dict, verify: bool = True) -> Game:
    """Replay ``record`` to its end and return the final game.

    Args:
        verify: check the end against the record's ``result`` (when it has one).

    Raises:
        RecordError: corrupt or malformed, an action that does not replay.
        RecordVersionError: written by another engine version.
        ReplayMismatchError: another board or another end than recorded.
    """
    game = game_at(record, -1)
    result = record.get("result")
    if verify and result is not None:
        if not isinstance(result, dict):
            raise RecordError("record 'result' must be an object")
        got = _result_of(record, game)
        diff = [k for k in got if k in result and result[k] != got[k]]
        if diff:
            k = diff[0]
            raise ReplayMismatchError(
                f"replay reached another end than recorded: {k} is {got[k]!r}, "
                f"the record says {result[k]!r}"
            )
    return game


def summary(record: dict, game: Game) -> dict[str, Any]:
    """A short JSON-able description of a replayed record (``game``: its final game)."""
    if is_ancients(record):
        from .ancients.record import summary as ancients_summary

        return ancients_summary(record, game)
    from .constants import colours
    from .render import ep_colours

    n = game.num_players
    ep = game.config.variant == "explorers_and_pirates"
    out = {
        "variant": game.config.variant,
        "players": n,
        "colours": list(ep_colours(game.state) if ep else colours(n)),
        "agents": record.get("agents"),
        "seed": game.seed,
        "engine_version": record.get("engine_version"),
        "decisions": len(game.actions),
        "turns": game.turn,
        "winner": game.winner,
        "truncated": game.truncated,
        "finished": game.done,
        "vp": [game.total_vp(p) for p in range(n)],
        "verified": record.get("result") is not None,
    }
    if game.variant.stat_names:
        out["stats"] = {k: game.variant.layout.get(game.state, k) for k in game.variant.stat_names}
    return out


# --- files ---------------------------------------------------------------------------


def save_record(record: dict, path: str | Path) -> Path:
    """Write ``record`` as JSON (gzip when the name ends in ``.gz``); returns the path."""
    path = Path(path)
    text = json.dumps(record, separators=(",", ":"))
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text)
    return path


def load_record(path: str | Path) -> dict:
    """Read and check a record file.

    Raises:
        FileNotFoundError: no such file.
        RecordError: not JSON, not a record, or malformed.
        RecordVersionError: written by another engine version.
    """
    path = Path(path)
    raw = path.read_bytes()
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        record = json.loads(raw)
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path} is not a readable game record: {exc}") from None
    check_record(record)
    return record


# --- recording games played by jitted agents --------------------------------------


def _wrap_int64(x: int) -> int:
    """``x`` as numba's int64 arithmetic would hold it (two's-complement wrap)."""
    x %= 2**64
    return x - 2**64 if x >= 2**63 else x


def record_jitted_game(config, kinds: Sequence[int], game_seed: int, agent_seed: int) -> Game:
    """Play the game the self-play kernel plays for ``game_seed``, keeping its actions.

    :func:`catan_env.simulate.play_jitted` keeps no actions; this plays the
    same game one decision at a time with the same jitted policies and the
    same agent generator (seeded from ``agent_seed`` and ``game_seed`` as the
    kernel does), so the record is exactly the game the batch played.

    Args:
        config: the :class:`~catan_env.config.GameConfig` of the batch.
        kinds: the jitted agent kind of each seat.
        game_seed: the game's seed (one of :func:`~catan_env.simulate.game_seeds`).
        agent_seed: the batch's agent seed (``simulate``'s ``seed``).
    """
    from .engine.rng import seed_at
    from .game import Game

    options = config.to_dict()
    options.pop("variant")
    num_players = options.pop("num_players")
    game = Game(variant=config.variant, num_players=num_players, seed=int(game_seed), **options)
    kinds = np.asarray(kinds, np.int64)
    rng = np.zeros(2, np.int32)
    seed_at(rng, 0, _wrap_int64(int(agent_seed) * 1000003 + int(game_seed)))
    legal = np.zeros(game.num_actions, np.int32)
    work = np.zeros(max(1, game.variant.agent_work_size), np.int32)
    while not game.done:
        # Seat 0 is decided here, every other seat inside the jitted loop; both
        # draw from the one generator in the same order as the kernel.
        game.play_jitted_until(0, kinds, rng)
        if game.done:
            break
        a = game.variant.choose_action(int(kinds[0]), game.state, game.tables, rng, legal, work)
        game.step(int(a))
    return game


__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "RecordVersionError",
    "ReplayMismatchError",
    "check_record",
    "game_at",
    "is_ancients",
    "iter_replay",
    "load_record",
    "make_record",
    "record_jitted_game",
    "replay",
    "save_record",
    "start_game",
    "state_digest",
    "summary",
]
