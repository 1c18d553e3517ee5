"""The HTML replay viewer: one self-contained page per game record.

``write_html(record, "game.html")`` replays the record and writes a page with
the board as SVG, a step slider with previous / next / play buttons (arrow keys
too), the action log (each action with the seat that chose it) and every
seat's public state at the chosen step. Nothing is fetched from the network:
the page carries its data, script and style.

Every game's page is the same template and style with the game's own data and
script, from its viewer hooks (:class:`~catan_env.core.spec.ViewerHooks`: Catan's
in :mod:`catan_env.catan_hooks` with ``static/viewer.js``, Ancients' in
:mod:`catan_env.games.ancients.viewer` with ``static/viewer_ancients.js``). The
data keeps the public facts of the first step and the changes of each step, so
a game of several thousand decisions is a few hundred kB; hands stay hidden.

For tests and links, ``page.html?step=N`` opens at step N, and the page writes
what it shows into ``<body>``: ``data-ready``, ``data-step``, ``data-board``
(a hash of the board drawing) and any script error into ``#errors``.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from . import hooks


def viewer_data(record: dict) -> dict[str, Any]:
    """Replay ``record`` and collect what its game's page shows (JSON-able).

    Raises:
        RecordError: a malformed record, or one that does not replay.
        ValueError: a game whose boards the viewer does not draw.
    """
    from .replay import game_of

    return hooks.get(game_of(record)).viewer.viewer_data(record)


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
        "SCRIPT": _asset(script),
    }
    # One pass, so text inside the data can never be taken for a placeholder.
    return re.sub(
        r"\{\{(TITLE|STYLE|DATA|SCRIPT)\}\}", lambda m: parts[m.group(1)], _asset("viewer.html")
    )


def write_html(record: dict, path: str | Path) -> Path:
    """Write the viewer page for ``record`` to ``path``; returns the path."""
    path = Path(path)
    path.write_text(render_html(record), encoding="utf-8")
    return path


__all__ = ["render_html", "viewer_data", "write_html"]
