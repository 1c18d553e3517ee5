"""Game records: JSON files that replay a game exactly, and tools to look inside them.

A record holds what fixes a game and how it went. A Catan record::

    {"format": "catan_env/record", "version": 1, "engine_version": "0.1.0",
     "variant": "cities_and_knights", "options": {"num_players": 4, ...},
     "seed": 123, "agents": ["heuristic", "random", ...],
     "board": {"hexes": {"R1a": {"terrain": "fields", "number": 8}, ...},
               "harbors": [...], "robber": "R3c"},
     "actions": [17, 80, ...], "action_names": ["build_settlement(v17)", ...],
     "result": {"winner": 2, "truncated": false, "turns": 61, "decisions": 7012,
                "vp": [8, 9, 13, 6], "state_sha256": "..."}}

``"game"`` names the record's game: a game of the registry or a family
(:func:`catan_env.core.registry.resolve`, with ``"variant"`` picking one of the
family's games); a record without it is a Catan record, as every record was
before there was a second game. What follows the version header up to
``"actions"`` (the rule set or scenario, the options and seed, what pins the
start), the ``result`` and the summary are the game's own: its record hooks
(:class:`~catan_env.core.spec.RecordHooks`; an Ancients record is described in
:mod:`catan_env.games.ancients.record`). Everything else here serves every game.

The action ids replay the game; the names are there to be read, and must agree
with the ids. The start facts (a Catan ``board``) and ``result`` let
:func:`replay` prove that the game replayed to the same start and the same end.
Files ending in ``.gz`` are gzip-compressed.

Errors are specific: :class:`RecordError` for a corrupt or malformed record,
:class:`RecordVersionError` for one written by another engine version, and
:class:`ReplayMismatchError` when the actions replay but reach another start or
another end (a record edited by hand, or an engine change the version missed).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from catan_env.core import registry

from . import hooks
from .explain import IllegalActionError

RECORD_FORMAT = "catan_env/record"
RECORD_VERSION = 1
#: The family of a record that names no game: records older than the second game.
DEFAULT_GAME = "catan"


class RecordError(ValueError):
    """A corrupt or malformed game record (the message says what and where)."""


class RecordVersionError(RecordError):
    """A record written by another engine version or in another record format version."""


class ReplayMismatchError(RecordError):
    """A record whose actions replay, but to another start or another end than it says."""


def engine_version() -> str:
    """The version written into records and required to replay them."""
    from . import __version__

    return __version__


def state_digest(state: np.ndarray) -> str:
    """SHA-256 of a state array: equal digests mean identical states."""
    return hashlib.sha256(np.ascontiguousarray(state).tobytes()).hexdigest()


def result_facts(game) -> dict[str, Any]:
    """The end facts every game's record pins (``record["result"]``); a game's
    ``result`` hook adds its own (scores, banners)."""
    return {
        "winner": game.winner,
        "truncated": game.truncated,
        "done": game.done,
        "turns": game.turn,
        "decisions": len(game.actions),
        "state_sha256": state_digest(game.state),
    }


def summary_facts(record: dict, game) -> dict[str, Any]:
    """What every game's replay summary says of a record and its replayed ``game``
    (the agents, seed, version, length and end); a game's ``summary`` hook adds its own."""
    return {
        "agents": record.get("agents"),
        "seed": game.seed,
        "engine_version": record.get("engine_version"),
        "decisions": len(game.actions),
        "turns": game.turn,
        "winner": game.winner,
        "truncated": game.truncated,
        "finished": game.done,
        "verified": record.get("result") is not None,
    }


def make_record(game, agents: Sequence[str] | None = None, **meta: Any) -> dict[str, Any]:
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
    spec = hooks.get(game.variant.name)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "engine_version": engine_version(),
        **spec.records.header(game),
    }
    if agents is not None:
        record["agents"] = [str(a) for a in agents]
    if meta:
        record["meta"] = meta
    record.update(spec.records.start(spec.new_game(game.config, game.seed).state))
    names = game.action_names
    record["actions"] = [int(a) for a in game.actions]
    record["action_names"] = [names[a] for a in game.actions]
    record["result"] = spec.records.result(game)
    return record


def game_of(record: dict) -> str:
    """The registry name of ``record``'s game (from ``"game"``, ``"variant"``).

    Raises:
        RecordError: no such game, or a family's record without its variant.
    """
    if not isinstance(record, dict):
        raise RecordError("not a catan_env game record (format field missing or wrong)")
    game = record.get("game", DEFAULT_GAME)
    if not isinstance(game, str):
        raise RecordError(f"record 'game' must be a game's name, got {game!r}")
    variant = record.get("variant")
    if variant is None and len(registry.members(game)) > 1:
        raise RecordError("game record is missing 'variant'")
    try:
        return registry.resolve(game, variant if isinstance(variant, str) else None)
    except ValueError as exc:
        raise RecordError(f"record header does not make a game: {exc}") from None


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
    spec = hooks.get(game_of(record))
    for key in (*spec.records.REQUIRED, "options", "seed", "actions"):
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


def start_game(record: dict):
    """The game of ``record`` before its first action (header checked).

    Raises:
        RecordError, RecordVersionError: see :func:`check_record`; a bad
            rule set, scenario, option or seed is a :class:`RecordError` too.
        ReplayMismatchError: the seed deals another start than the record's.
    """
    check_record(record)
    records = hooks.get(game_of(record)).records
    try:
        game = records.new_game(record)
    except RecordError:
        raise
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record header does not make a game: {exc}") from None
    for key, value in records.start(game.state).items():
        if record.get(key) is not None and record[key] != value:
            raise ReplayMismatchError(
                f"the record's seed deals another {records.START} than the one it records "
                "(record edited, or written by an engine that deals differently)"
            )
    return game


def _apply(game, record: dict, i: int) -> None:
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


def iter_replay(record: dict) -> Iterator:
    """The game before the first action, then after each action (one object, updated).

    Copy ``game.state`` to keep a position; the object is stepped in place.
    """
    game = start_game(record)
    yield game
    for i in range(len(record["actions"])):
        _apply(game, record, i)
        yield game


def step_of(record: dict, step: int, name: str = "step") -> int:
    """The number of actions ``step`` names in ``record`` (negative: from the end, -1 =
    all of them).

    Raises:
        ValueError: outside the record; the message names ``name`` and the value given.
    """
    n = len(record["actions"])
    played = step + n + 1 if step < 0 else step
    if not 0 <= played <= n:
        raise ValueError(
            f"{name} {step} is outside the record: it has {n} decisions (give 0..{n}, or "
            f"-1..-{n + 1} to count back from the end)"
        )
    return played


def game_at(record: dict, step: int):
    """The game after the first ``step`` actions (negative: from the end, -1 = final)."""
    check_record(record)
    step = step_of(record, step)
    game = start_game(record)
    for i in range(step):
        _apply(game, record, i)
    return game


def replay(record: dict, verify: bool = True):
    """Replay ``record`` to its end and return the final game.

    Args:
        verify: check the end against the record's ``result`` (when it has one).

    Raises:
        RecordError: corrupt or malformed, an action that does not replay.
        RecordVersionError: written by another engine version.
        ReplayMismatchError: another start or another end than recorded.
    """
    game = game_at(record, -1)
    result = record.get("result")
    if verify and result is not None:
        if not isinstance(result, dict):
            raise RecordError("record 'result' must be an object")
        got = hooks.get(game_of(record)).records.result(game)
        diff = [k for k in got if k in result and result[k] != got[k]]
        if diff:
            k = diff[0]
            raise ReplayMismatchError(
                f"replay reached another end than recorded: {k} is {got[k]!r}, "
                f"the record says {result[k]!r}"
            )
    return game


def summary(record: dict, game) -> dict[str, Any]:
    """A short JSON-able description of a replayed record (``game``: its final game)."""
    return hooks.get(game_of(record)).records.summary(record, game)


def summary_lines(info: dict, record: dict, file: str) -> list[str]:
    """``catan-env replay``'s text for a record's :func:`summary` ``info``."""
    return hooks.get(game_of(record)).records.summary_lines(info, file)


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


def record_jitted_game(config, kinds: Sequence[int], game_seed, agent_seed: int):
    """Play the game the batch kernels play for ``game_seed``, keeping its actions.

    :func:`catan_env.simulate.play_jitted` keeps no actions; this plays the
    same game one decision at a time with the same jitted policies and the
    same agent generator (seeded as the game's kernels seed it from
    ``game_seed`` and ``agent_seed``), so the record is exactly the game the
    batch played.

    Args:
        config: the batch's game options (a ``configure`` result, e.g. a
            :class:`~catan_env.config.GameConfig`).
        kinds: the jitted agent kind of each seat.
        game_seed: the game's seed row (one of the batch's seeds, e.g.
            :func:`~catan_env.simulate.game_seeds`).
        agent_seed: the batch's agent seed (``simulate``'s ``seed``).
    """
    spec = hooks.of_config(config)
    seed, agents_seed = spec.batch.seeds_of(game_seed, agent_seed)
    game = spec.new_game(config, seed)
    kinds = np.asarray(kinds, np.int64)
    rules = spec.rules
    rng = np.zeros(rules.RNG_WORDS, np.int32)
    rules.seed_agents(rng, agents_seed)
    legal = np.zeros(rules.LEGAL_SIZE, np.int32)
    work = np.zeros(max(1, spec.agent_work_size), np.int32)
    limit = rules.MAX_DECISIONS
    while not game.done and len(game.actions) < limit:
        # Seat 0 is decided here, every other seat inside the jitted loop; both
        # draw from the one generator in the same order as the kernel.
        game.play_jitted_until(0, kinds, rng)
        if game.done or len(game.actions) >= limit:
            break
        a = spec.choose_action(int(kinds[0]), game.state, game.tables, rng, legal, work)
        game.step(int(a))
    return game


__all__ = [
    "DEFAULT_GAME",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "RecordError",
    "RecordVersionError",
    "ReplayMismatchError",
    "check_record",
    "game_at",
    "game_of",
    "iter_replay",
    "load_record",
    "make_record",
    "record_jitted_game",
    "replay",
    "save_record",
    "start_game",
    "state_digest",
    "summary",
    "summary_lines",
]
