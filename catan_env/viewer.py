"""The HTML replay viewer: one self-contained page per game record.

``write_html(record, "game.html")`` replays the record and writes a page with
the board as SVG, a step slider with previous / next / play buttons (arrow keys
too), the action log (each action with the seat that chose it) and every
seat's public state at the chosen step. Nothing is fetched from the network:
the page carries its data, script and style.

The page keeps one vector of public facts per step (the fields listed in
:func:`public_fields`: pieces on the board, the robber, dice, VP, card counts,
C&K knights, walls, metropolises, the merchant, barbarians, improvement levels)
as the first step plus the changes of each step, so a game of several thousand
decisions is a few hundred kB. Hands stay hidden: only counts are shown.

Ancients records get the same page with their own data and script
(:mod:`catan_env.games.ancients.viewer`, ``static/viewer_ancients.js``).

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

import numpy as np

from catan_env.games.catan.board.hexgrid import pixel
from catan_env.games.catan.board.standard import (
    GEOMETRY,
    GRID,
    HARBOR_EDGES,
    HARBOR_SPOTS,
    HEX_LABELS,
    NUM_HARBORS,
    NUM_HEXES,
    SEA_HEXES,
)
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import (
    CARD_NAMES,
    HARBOR_NAMES,
    KNIGHT,
    NUM_DEV_TYPES,
    TERRAIN_NAMES,
    colours,
)

from .replay import iter_replay, summary

#: Public state fields of every variant, read by name from the layout.
_BASE_FIELDS = (
    "hex_number",
    "robber_hex",
    "vertex_owner",
    "vertex_building",
    "edge_owner",
    "public_vp",
    "road_length",
    "longest_road_holder",
    "dice",
    "turn",
    "phase",
    "current_player",
    "active_player",
    "winner",
    "truncated",
)
_BASE_ONLY = ("largest_army_holder",)
_CK_FIELDS = (
    "knight_owner",
    "knight_strength",
    "knight_active",
    "city_wall",
    "metropolis_holder",
    "metropolis_vertex",
    "merchant_hex",
    "merchant_owner",
    "barbarian_position",
    "barbarian_attacks",
    "barbarian_wins",
    "event_face",
    "improvement_level",
    "defender_vp",
)


def public_fields(variant) -> list[tuple[str, int]]:
    """``(name, size)`` of each public field the viewer keeps, in vector order.

    Layout fields come first; then the derived counts ``cards`` (hand size),
    ``dev_cards`` and ``army`` (base) or ``progress_cards`` (C&K), per seat.
    """
    ck = variant.name == "cities_and_knights"
    names = _BASE_FIELDS + (_CK_FIELDS if ck else _BASE_ONLY)
    out = [(name, variant.layout.fields[name].size) for name in names]
    derived = ("cards", "progress_cards") if ck else ("cards", "dev_cards", "army")
    out += [(name, L.P) for name in derived]
    return out


def _public_vector(state: np.ndarray, variant, fields: list[tuple[str, int]]) -> np.ndarray:
    layout = variant.layout
    parts = []
    for name, _ in fields:
        if name in layout.fields:
            parts.append(layout.view(state, name).ravel())
        elif name == "cards":
            parts.append(layout.view(state, "hand").sum(axis=1))
        elif name == "dev_cards":
            parts.append(layout.view(state, "dev_hand").sum(axis=1))
        elif name == "army":
            parts.append(layout.view(state, "dev_cards_played")[:, KNIGHT])
        elif name == "progress_cards":
            parts.append(layout.view(state, "progress_hand").sum(axis=1))
    return np.concatenate(parts).astype(np.int64)


def _geometry() -> dict[str, Any]:
    """Static drawing data (unit hex size, y southward), rounded to keep the page small."""

    def r(xy):
        return [round(float(xy[0]), 3), round(float(xy[1]), 3)]

    harbors = []
    for i in range(NUM_HARBORS):
        harbors.append(
            {
                "sea": r(pixel(HARBOR_SPOTS[i][0])),
                "ends": [int(v) for v in GEOMETRY.edge_vertices[HARBOR_EDGES[i]]],
            }
        )
    return {
        "hexes": [r(p) for p in GRID.hex_xy],
        "hex_labels": list(HEX_LABELS),
        "hex_corners": GEOMETRY.hex_vertices.tolist(),
        "vertices": [r(p) for p in GRID.vertex_xy],
        "edges": GEOMETRY.edge_vertices.tolist(),
        "sea": [r(pixel(c)) for c in SEA_HEXES],
        "harbors": harbors,
    }


def viewer_data(record: dict) -> dict[str, Any]:
    """Replay ``record`` and collect what the page shows (JSON-able)."""
    if isinstance(record, dict) and record.get("variant") == "explorers_and_pirates":
        raise ValueError(
            "the HTML viewer does not draw Explorers & Pirates boards yet; use "
            "'catan-env render' (PNG, GIF or text) for E&P records"
        )
    frames = iter_replay(record)
    game = next(frames)
    variant = game.variant
    fields = public_fields(variant)
    offsets, at = {}, 0
    for name, size in fields:
        offsets[name] = [at, size]
        at += size
    start = _public_vector(game.state, variant, fields)
    state = game.state
    terrain = [TERRAIN_NAMES[t] for t in state[L.HEX_TERRAIN : L.HEX_TERRAIN + NUM_HEXES]]
    harbors = [HARBOR_NAMES[t] for t in state[L.HARBOR_TYPE : L.HARBOR_TYPE + NUM_HARBORS]]
    names = variant.actions.names
    actions, actors, deltas = [], [], []
    prev = start
    for a in record["actions"]:
        actors.append(int(state[L.CURRENT_PLAYER]))
        actions.append(names[a] if type(a) is int and 0 <= a < len(names) else str(a))
        game = next(frames)
        state = game.state
        vec = _public_vector(state, variant, fields)
        changed = np.flatnonzero(vec != prev)
        # Flat [index, value, index, value, ...]: the smallest JSON for a few changes.
        delta = np.empty(2 * changed.size, np.int64)
        delta[0::2], delta[1::2] = changed, vec[changed]
        deltas.append(delta.tolist())
        prev = vec
    n = game.num_players
    return {
        "title": variant.title,
        "variant": variant.name,
        "players": n,
        "colours": list(colours(n)),
        "agents": record.get("agents"),
        # Seeds reach 2**63, past what a JavaScript number holds exactly: a string.
        "summary": {**summary(record, game), "seed": str(game.seed)},
        "phases": list(variant.phase_names),
        "cards": list(CARD_NAMES),
        "terrain": terrain,
        "harbors": harbors,
        "fields": offsets,
        "start": start.tolist(),
        "deltas": deltas,
        "actions": actions,
        "actors": actors,
        "dev_types": NUM_DEV_TYPES,
        "geometry": _geometry(),
    }


def _asset(name: str) -> str:
    return resources.files("catan_env").joinpath("static", name).read_text()


def render_html(record: dict) -> str:
    """The viewer page for ``record`` as one HTML string (Catan or Ancients)."""
    if isinstance(record, dict) and record.get("game") == "ancients":
        from catan_env.games.ancients.viewer import viewer_data as ancients_viewer_data

        data, script = ancients_viewer_data(record), "viewer_ancients.js"
    else:
        data, script = viewer_data(record), "viewer.js"
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


__all__ = ["public_fields", "render_html", "viewer_data", "write_html"]
