"""Datasets of decisions for offline RL and imitation learning.

``catan-env simulate --dataset DIR`` (or :func:`write`) plays a batch of games
and keeps every decision: the observation of the seat that decides, its legal
mask, the seat, the action and the game's final return for that seat, in
chunks of whole games (``DIR/chunk_NNNNN.npz``) described by ``DIR/meta.json``.
:func:`load` reads it back, one chunk at a time. The layout is documented in
``docs/dataset.md``.

With jitted agents the games are played inside numba by the template's
``record_decisions`` kernel, which keeps each decision's state, mask, seat and
action with no Python per decision; the observations are then computed from
those states by the game's jitted ``observe_into`` (the template's
``observe_many``, over numba's threads). Other agents are asked by a Python loop. The
games are those of ``simulate`` with the same seed and agents: game ``i`` has
the same seeds, so the same winner, turns and decisions.

Every game of the registry has an observation; a game whose spec declares
none is refused with a one-line :class:`DatasetError`.
"""

from __future__ import annotations

import json
import os
import sys
import time
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import hooks
from .core import CACHE_DIR

FORMAT = "catan_env-dataset"
VERSION = 1
META = "meta.json"
CHUNK_PATTERN = "chunk_{:05d}.npz"
#: The arrays of one chunk, one row per decision.
ROW_FIELDS = ("obs", "mask", "seat", "action", "game", "step", "final_return")
#: The arrays of one chunk, one row per game.
GAME_FIELDS = (
    "game_index",
    "game_seed",
    "game_first_row",
    "game_decisions",
    "game_turns",
    "game_winner",
    "game_vp",
    "game_returns",
)
#: Rows a chunk aims at: about this many bytes of observations, masks and states.
CHUNK_BYTES = 128 << 20


class DatasetError(ValueError):
    """A dataset that cannot be written or read; the message names what is wrong."""


def check_target(path, overwrite: bool = False) -> Path:
    """The folder ``path`` for a new dataset; refuse a non-empty one unless ``overwrite``.

    With ``overwrite`` the files of an earlier dataset there (``meta.json`` and
    the chunks) are removed when writing starts; other files are left alone.
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise DatasetError(f"dataset folder {str(path)!r} is a file")
    if path.is_dir() and any(path.iterdir()) and not overwrite:
        raise DatasetError(
            f"dataset folder {str(path)!r} is not empty (pass --overwrite, or overwrite=True, "
            "to replace the dataset there)"
        )
    return path


def write(
    path,
    config,
    agents: Sequence,
    games: int,
    seed: int = 0,
    chunk_rows: int | None = None,
    overwrite: bool = False,
    compress: bool = True,
    progress: bool = True,
) -> dict:
    """Play ``games`` games and write every decision to the folder ``path``.

    Args:
        path: the dataset folder (created; it must be empty unless ``overwrite``).
        config: the game options (the game's ``configure`` result, e.g. a
            :class:`~catan_env.config.GameConfig`).
        agents: one agent per seat (the game's ``make_agent`` results); when all
            are jitted the games run in numba, otherwise in a Python loop.
        games: the number of games.
        seed: fixes every game and the agents' choices (as ``simulate``'s seed).
        chunk_rows: decisions per chunk file (whole games: a chunk ends with the
            first game that reaches it); default about 128 MB of arrays.
        overwrite: replace an earlier dataset in ``path``.
        compress: compress the ``.npz`` chunks (zlib's fastest level: about 20 times
            smaller and no slower, since writing is bound by the disk); ``False``
            stores them plain.
        progress: a progress bar and notices on stderr.

    Returns:
        The dataset's metadata (what ``meta.json`` holds).
    """
    spec = hooks.of_config(config)
    if spec.observe_into is None or spec.obs_layout is None:
        raise DatasetError(f"{spec.title} has no observation, so no dataset can be written")
    if games < 1:
        raise DatasetError(f"games must be at least 1, got {games}")
    n = config.num_players
    if len(agents) != n:
        raise DatasetError(f"{n} players need {n} agents, got {len(agents)}")
    names = [getattr(a, "name", type(a).__name__) for a in agents]
    row_bytes = spec.obs_size * 4 + spec.num_actions + spec.state_size * 4
    if chunk_rows is None:
        chunk_rows = max(1, CHUNK_BYTES // row_bytes)
    if chunk_rows < 1:
        raise DatasetError(f"chunk_rows must be at least 1, got {chunk_rows}")
    path = check_target(path, overwrite)
    path.mkdir(parents=True, exist_ok=True)
    for old in [path / META, *path.glob("chunk_*.npz")]:
        old.unlink(missing_ok=True)

    jitted = all(getattr(a, "kernel_kind", None) is not None for a in agents)
    recorder = _Recorder(spec, config, chunk_rows)
    seeds = spec.batch.simulate_seeds(seed, games)
    if jitted:
        from .simulate import check_kinds, kernel_kinds

        kinds = kernel_kinds(agents, spec.rules.MAX_SEATS)
        check_kinds(spec, kinds)
        if progress and _kernel_is_cold(spec):
            print(
                "compiling the dataset kernels with numba (first run for this engine, "
                "about a minute)...",
                file=sys.stderr,
                flush=True,
            )
        play = _JittedPlayer(spec, config, kinds, seed, recorder)
    else:
        play = _PythonPlayer(spec, config, agents, recorder)

    from tqdm import tqdm

    bar = tqdm(total=games, unit="game", disable=not progress, file=sys.stderr, leave=False)
    t0 = time.perf_counter()
    chunks = []
    for i, row in enumerate(seeds):
        play(i, row)
        if recorder.rows >= chunk_rows or i == games - 1:
            chunks.append(recorder.flush(path / CHUNK_PATTERN.format(len(chunks)), compress))
        bar.update(1)
    bar.close()
    seconds = time.perf_counter() - t0

    from . import __version__

    meta = {
        "format": FORMAT,
        "version": VERSION,
        "catan_env_version": __version__,
        "game": spec.name,
        "title": spec.title,
        "options": config.to_dict(),
        "num_players": n,
        "agents": names,
        "seed": seed,
        "games": games,
        "rows": sum(c["rows"] for c in chunks),
        "obs_size": spec.obs_size,
        "num_actions": spec.num_actions,
        "observation_views": {
            f.name: [f.offset, list(f.shape)] for f in spec.obs_layout.fields.values()
        },
        "action_names": list(recorder.action_names),
        "engine": "jitted kernel" if jitted else "python loop",
        "observed_by": "jitted",
        "compressed": compress,
        "seconds": round(seconds, 3),
        "chunks": chunks,
    }
    tmp = path / (META + ".part")
    tmp.write_text(json.dumps(meta, indent=1))
    os.replace(tmp, path / META)  # last: a dataset without meta.json is incomplete
    return meta


def _kernel_is_cold(spec) -> bool:
    # numba names each cache index after the module and the function.
    module = spec.kernels.__name__.rpartition(".")[2]
    return not any(CACHE_DIR.rglob(f"{module}.record_decisions*.nbi"))


class _Recorder:
    """The rows of the games since the last chunk, in growable buffers."""

    def __init__(self, spec, config, chunk_rows: int):
        self.spec = spec
        self.tables = spec.tables(config)
        self.action_names = spec.new_game(config, 0).action_names
        self.num_players = config.num_players
        self._alloc(min(chunk_rows, 1 << 16))
        self.rows = 0
        self.games: list[tuple] = []

    def _alloc(self, capacity: int) -> None:
        spec = self.spec
        self.states = np.zeros((capacity, spec.state_size), np.int32)
        self.masks = np.zeros((capacity, spec.num_actions), np.bool_)
        self.seats = np.zeros(capacity, np.int32)
        self.actions = np.zeros(capacity, np.int32)

    @property
    def capacity(self) -> int:
        return len(self.actions)

    def grow(self) -> None:
        """Double the buffers, keeping the rows written so far."""
        old = (self.states, self.masks, self.seats, self.actions)
        self._alloc(2 * self.capacity)
        for new, kept in zip((self.states, self.masks, self.seats, self.actions), old, strict=True):
            new[: len(kept)] = kept

    def end_game(self, index: int, seed_row, first: int, state: np.ndarray) -> None:
        """Note the game that wrote rows ``first:self.rows`` and ended in ``state``."""
        from .simulate import GameRecords

        rec = GameRecords.empty(1, self.spec.name)
        self.spec.rules.record(state, 0, rec.winners, rec.turns, rec.decisions, rec.vps, rec.stats)
        winner = int(rec.winners[0])
        n = self.num_players
        returns = np.zeros(n, np.float32)
        if winner >= 0:
            returns[:] = -1.0
            returns[winner] = 1.0
        self.games.append(
            (
                index,
                np.atleast_1d(np.asarray(seed_row, np.int64)),
                first,
                self.rows - first,
                int(rec.turns[0]),
                winner,
                rec.vps[0, :n].copy(),
                returns,
            )
        )

    def flush(self, file: Path, compress: bool) -> dict:
        """Observe the buffered rows, write them to ``file`` and start empty."""
        r = self.rows
        obs = np.zeros((r, self.spec.obs_size), np.float32)
        states, seats = self.states[:r], self.seats[:r]
        self.spec.observe_many(states, self.tables, seats, obs)
        cols = list(zip(*self.games, strict=True))
        index, seed_rows, first, decisions, turns, winner, vp, returns = cols
        first = np.array(first, np.int64)
        decisions = np.array(decisions, np.int64)
        returns = np.stack(returns)
        game_of_row = np.repeat(np.arange(len(first)), decisions)
        arrays = {
            "obs": obs,
            "mask": self.masks[:r],
            "seat": seats.astype(np.int8),
            "action": self.actions[:r],
            "game": np.array(index, np.int64)[game_of_row],
            "step": (np.arange(r) - first[game_of_row]).astype(np.int32),
            "final_return": returns[game_of_row, seats],
            "game_index": np.array(index, np.int64),
            "game_seed": np.stack(seed_rows),
            "game_first_row": first,
            "game_decisions": decisions,
            "game_turns": np.array(turns, np.int32),
            "game_winner": np.array(winner, np.int32),
            "game_vp": np.stack(vp),
            "game_returns": returns,
        }
        part = file.with_name(file.name + ".part")
        _save_npz(part, arrays, compress)
        os.replace(part, file)
        entry = {"file": file.name, "games": len(first), "rows": r, "bytes": file.stat().st_size}
        self.rows = 0
        self.games = []
        return entry


def _save_npz(path: Path, arrays: dict[str, np.ndarray], compress: bool) -> None:
    """``numpy.savez`` (or ``savez_compressed``), with zlib's fastest level when compressing.

    The observations are sparse, so the fastest level already shrinks a chunk about
    20 times as fast as the plain file is written; numpy's default level (6) makes it
    another 2-3 times smaller but takes about 2.5 times as long (measured on base games).
    """
    mode = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(path, "w", compression=mode, compresslevel=1 if compress else None) as zf:
        for name, array in arrays.items():
            with zf.open(name + ".npy", "w", force_zip64=True) as f:
                np.lib.format.write_array(f, np.ascontiguousarray(array), allow_pickle=False)


class _JittedPlayer:
    """Plays game ``i`` in the ``record_decisions`` kernel, as ``simulate``'s kernels would."""

    def __init__(self, spec, config, kinds: np.ndarray, agent_seed: int, recorder: _Recorder):
        rules = spec.rules
        self.spec, self.config, self.kinds, self.agent_seed = spec, config, kinds, agent_seed
        self.rec = recorder
        self.legal = np.zeros(rules.LEGAL_SIZE, np.int32)
        self.scratch = np.zeros(max(1, rules.SCRATCH_SIZE), np.int32)
        self.work = np.zeros(max(1, rules.WORK_SIZE), np.int32)
        self.rng = np.zeros(rules.RNG_WORDS, np.int32)

    def __call__(self, index: int, seed_row) -> None:
        spec, rec, rules = self.spec, self.rec, self.spec.rules
        game_seed, agents_seed = spec.batch.seeds_of(seed_row, self.agent_seed)
        state = spec.new_game(self.config, game_seed).state.copy()
        rules.seed_agents(self.rng, agents_seed)
        first = rec.rows
        while True:
            # The kernels stop a game at MAX_DECISIONS; so does this.
            end = min(rec.capacity, first + rules.MAX_DECISIONS)
            rec.rows = spec.record_decisions(
                state, rec.tables, self.kinds, self.rng, self.legal, self.scratch, self.work,
                rec.states, rec.masks, rec.seats, rec.actions, rec.rows, end,
            )  # fmt: skip
            if rules.is_over(state) or rec.rows - first >= rules.MAX_DECISIONS:
                break
            rec.grow()
        rec.end_game(index, seed_row, first, state)


class _PythonPlayer:
    """Plays game ``i`` by asking each seat's agent, as ``simulate``'s Python loop does."""

    def __init__(self, spec, config, agents: Sequence, recorder: _Recorder):
        self.spec, self.config, self.agents, self.rec = spec, config, agents, recorder

    def __call__(self, index: int, seed_row) -> None:
        spec, rec = self.spec, self.rec
        game = spec.new_game(self.config, spec.batch.seeds_of(seed_row, 0)[0])
        first = rec.rows
        while not game.done:
            if rec.rows == rec.capacity:
                rec.grow()
            r = rec.rows
            seat = game.current_player
            rec.states[r] = game.state
            rec.masks[r] = game.action_mask()
            action = int(self.agents[seat].act(game))
            game.step(action)
            rec.seats[r], rec.actions[r] = seat, action
            rec.rows += 1
        rec.end_game(index, seed_row, first, game.state)


@dataclass
class Dataset:
    """A dataset folder read back: its metadata and its chunks, loaded one at a time.

    ``len(ds)`` is the number of decisions; iterating gives each chunk as a dict
    of arrays (:data:`ROW_FIELDS` with one row per decision, :data:`GAME_FIELDS`
    with one row per game); :meth:`episodes` gives one game at a time.
    """

    path: Path
    meta: dict

    def __len__(self) -> int:
        return int(self.meta["rows"])

    @property
    def num_chunks(self) -> int:
        return len(self.meta["chunks"])

    def chunk(self, k: int) -> dict[str, np.ndarray]:
        """The arrays of chunk ``k``, checked against the metadata."""
        entry = self.meta["chunks"][k]
        file = self.path / entry["file"]
        try:
            with np.load(file, allow_pickle=False) as z:
                arrays = {name: z[name] for name in z.files}
        except FileNotFoundError:
            raise DatasetError(
                f"dataset {str(self.path)!r}: chunk {entry['file']} is missing"
            ) from None
        except (OSError, ValueError) as exc:
            raise DatasetError(
                f"dataset {str(self.path)!r}: chunk {entry['file']} is not a dataset chunk ({exc})"
            ) from None
        missing = [f for f in ROW_FIELDS + GAME_FIELDS if f not in arrays]
        if missing:
            raise DatasetError(
                f"dataset {str(self.path)!r}: chunk {entry['file']} lacks {', '.join(missing)}"
            )
        rows = {len(arrays[f]) for f in ROW_FIELDS}
        if rows != {entry["rows"]} or len(arrays["game_index"]) != entry["games"]:
            raise DatasetError(
                f"dataset {str(self.path)!r}: chunk {entry['file']} holds other row counts "
                f"than meta.json says ({entry['rows']} decisions, {entry['games']} games)"
            )
        return arrays

    def __iter__(self) -> Iterator[dict[str, np.ndarray]]:
        for k in range(self.num_chunks):
            yield self.chunk(k)

    def episodes(self) -> Iterator[dict[str, np.ndarray]]:
        """Each game in order: its rows' arrays (:data:`ROW_FIELDS`) and its facts
        (``index``, ``seed``, ``winner``, ``turns``, ``vp``, ``returns``)."""
        for chunk in self:
            for g in range(len(chunk["game_index"])):
                start = int(chunk["game_first_row"][g])
                where = slice(start, start + int(chunk["game_decisions"][g]))
                episode = {name: chunk[name][where] for name in ROW_FIELDS}
                for name in GAME_FIELDS:
                    if name not in ("game_first_row", "game_decisions"):
                        episode[name.removeprefix("game_")] = chunk[name][g]
                yield episode

    def arrays(self, *names: str) -> dict[str, np.ndarray]:
        """The named row fields of every chunk, concatenated (for datasets that fit in memory)."""
        bad = [n for n in names if n not in ROW_FIELDS]
        if bad:
            raise DatasetError(
                f"no row field {bad[0]!r}; the row fields are {', '.join(ROW_FIELDS)}"
            )
        parts: dict[str, list] = {n: [] for n in names or ROW_FIELDS}
        for chunk in self:
            for n in parts:
                parts[n].append(chunk[n])
        return {n: np.concatenate(p) for n, p in parts.items()}


def load(path) -> Dataset:
    """Open the dataset in folder ``path`` (what :func:`write` made).

    Raises:
        DatasetError: no such folder, no ``meta.json`` (not a dataset, or a
            writer that did not finish), another format or version.
    """
    path = Path(path)
    if not path.is_dir():
        raise DatasetError(f"no dataset folder {str(path)!r}")
    meta_file = path / META
    if not meta_file.is_file():
        raise DatasetError(
            f"{str(path)!r} has no {META}: not a dataset, or its writer did not finish"
        )
    try:
        meta = json.loads(meta_file.read_text())
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetError(f"{meta_file}: not JSON ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise DatasetError(f"{meta_file}: not a catan_env dataset (format {FORMAT!r})")
    if meta.get("version") != VERSION:
        raise DatasetError(
            f"{meta_file}: dataset version {meta.get('version')!r}; this catan_env reads {VERSION}"
        )
    return Dataset(path, meta)


__all__ = ["Dataset", "DatasetError", "check_target", "load", "write"]
