"""The HTML replay viewer: one self-contained page per game record.

``write_html(record, "game.html")`` replays the record and writes a page with
the board as SVG, a step slider with previous / next / play buttons (arrow keys
too), the action log (each action with the seat that chose it, other seats
named, never counted from the actor) and every seat's public state at the
chosen step. Pointing at a log line, or stepping to it, marks on the board the
places its action names (an intersection, a path, a hex). Nothing is fetched
from the network: the page carries its data, script and style.

Every game's page is the same template, style and controls
(``static/viewer_core.js``: state at any step, slider, log, marks) with the
game's own data and drawing script, from its viewer hooks
(:class:`~catan_env.core.spec.ViewerHooks`: the standard island's in
:mod:`catan_env.catan_hooks` with ``static/viewer.js``, Explorers & Pirates' in
:mod:`catan_env.games.catan.explorers_and_pirates.viewer` with
``static/viewer_ep.js``, Ancients' in :mod:`catan_env.games.ancients.viewer`
with ``static/viewer_ancients.js``). The data keeps the public facts of the
first step and the changes of each step (:func:`replay_steps`), so a game of
several thousand decisions is a few hundred kB; hands stay hidden.

For tests and links, ``page.html?step=N`` opens at step N (its action's places
marked), ``&hover=K`` then points at log line K (0-based) as a mouse would,
and the page writes what it shows into ``<body>``: ``data-ready``,
``data-step``, ``data-board`` (a hash of the board drawing), ``data-marked``
(the places marked) and any script error into ``#errors``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from . import hooks


def viewer_data(record: dict) -> dict[str, Any]:
    """Replay ``record`` and collect what its game's page shows (JSON-able).

    Raises:
        RecordError: a malformed record, or one that does not replay.
    """
    from .replay import game_of

    return hooks.get(game_of(record)).viewer.viewer_data(record)


def field_offsets(fields) -> dict[str, list[int]]:
    """``{name: [offset, size]}`` of each ``(name, size)`` of a public vector, in order."""
    offsets, at = {}, 0
    for name, size in fields:
        offsets[name] = [at, size]
        at += size
    return offsets


class StepLog:
    """The page's per-step data, grown one action at a time (a replay, or a game in play).

    Args:
        game: the game before its first logged action.
        public_vector: the public facts of a game's position, one integer vector.
        describe: ``describe(game, action)`` before the action is applied:
            the log's text for it and the places it names (``"v31 e12 h5"``,
            ``""`` for none).

    :attr:`data` is ``{"start", "deltas", "actors", "actions"[, "log", "places"]}``:
    the first vector, then per action the changes as a flat ``[index, value, ...]``
    list, the seat that chose it and its name (and its text and places).
    """

    def __init__(
        self,
        game,
        public_vector: Callable[[Any], np.ndarray],
        describe: Callable[[Any, int], tuple[str, str]] | None = None,
    ):
        self._vector, self._describe = public_vector, describe
        self._prev = public_vector(game)
        self.data: dict[str, Any] = {
            "start": self._prev.tolist(), "deltas": [], "actors": [], "actions": [],
        }  # fmt: skip
        if describe is not None:
            self.data["log"], self.data["places"] = [], []

    def step(self, game, action, advance: Callable[[], Any]):
        """Log ``action``, chosen at ``game``, and what changed after ``advance()``.

        ``advance()`` applies the action and returns the game after it; if it
        raises (an illegal action), nothing is logged.
        """
        names = game.action_names
        actor = int(game.current_player)
        name = names[action] if type(action) is int and 0 <= action < len(names) else str(action)
        said = self._describe(game, action) if self._describe is not None else None
        game = advance()
        vec = self._vector(game)
        changed = np.flatnonzero(vec != self._prev)
        # Flat [index, value, index, value, ...]: the smallest JSON for a few changes.
        delta = np.empty(2 * changed.size, np.int64)
        delta[0::2], delta[1::2] = changed, vec[changed]
        d = self.data
        d["deltas"].append(delta.tolist())
        d["actors"].append(actor)
        d["actions"].append(name)
        if said is not None:
            d["log"].append(said[0])
            d["places"].append(said[1])
        self._prev = vec
        return game


def replay_steps(
    record: dict,
    public_vector: Callable[[Any], np.ndarray],
    describe: Callable[[Any, int], tuple[str, str]] | None = None,
) -> tuple[dict[str, Any], Any]:
    """Replay ``record`` and collect the page's per-step data, and the final game.

    Returns:
        ``(StepLog(...).data, final game)`` (:class:`StepLog`, same arguments).
    """
    from .replay import iter_replay

    frames = iter_replay(record)
    game = next(frames)
    log = StepLog(game, public_vector, describe)
    for a in record["actions"]:
        game = log.step(game, a, lambda: next(frames))
    return log.data, game


def _asset(name: str) -> str:
    return resources.files("catan_env").joinpath("static", name).read_text()


def render_html(record: dict) -> str:
    """The viewer page for ``record`` as one HTML string (any game with a viewer)."""
    from .replay import game_of

    viewer = hooks.get(game_of(record)).viewer
    data, script = viewer.viewer_data(record), viewer.SCRIPT
    summary_line = html.escape(f"{data['title']}, seed {data['summary']['seed']}")
    payload = json.dumps(data, separators=(",", ":"))
    # "</" would end the script element early; JSON allows escaping the slash.
    payload = payload.replace("</", "<\\/")
    parts = {
        "TITLE": summary_line,
        "STYLE": _asset("viewer.css"),
        "DATA": payload,
        "CORE": _asset("viewer_core.js"),
        "SCRIPT": _asset(script),
        "BOARD": _asset("board.html"),
    }
    # One pass, so text inside the data can never be taken for a placeholder.
    return re.sub(
        r"\{\{(TITLE|STYLE|DATA|CORE|SCRIPT|BOARD)\}\}",
        lambda m: parts[m.group(1)],
        _asset("viewer.html"),
    )


def write_html(record: dict, path: str | Path) -> Path:
    """Write the viewer page for ``record`` to ``path``; returns the path."""
    path = Path(path)
    path.write_text(render_html(record), encoding="utf-8")
    return path


__all__ = ["StepLog", "field_offsets", "render_html", "replay_steps", "viewer_data", "write_html"]
