"""The HTML replay viewer for Explorers & Pirates records (``catan-env replay --html``).

The page is :mod:`catan_env.viewer`'s (same template, style, controls, log
marks and test hooks) with its own script, ``static/viewer_ep.js``, which
draws any scenario's frame board as SVG in the picture's colours
(:mod:`.render_image`) and marks: face-down hexes as plain backs, face-up hexes
with their tokens, roads, settlements and harbor settlements with their
storage, ships with their cargo (two on one route side by side, with a count),
the pirate ship, lairs and crews, shoals and fish, villages with their
advantage and sacks; a legend explains them.

The page keeps one vector of public facts per step (:func:`public_fields`) as
the first step plus the changes of each step. Hidden things stay hidden: a
face-down hex's kind, number, fish face, village advantage and lair are
written as unknown (``-1`` or ``0``) until it is revealed, and hands are
counts. :func:`viewer_data`, :func:`step_functions` and :data:`SCRIPT` are the
game's viewer hooks (:class:`~catan_env.core.spec.ViewerHooks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..common.constants import CARD_NAMES, MAX_PLAYERS
from . import layout as EL
from .constants import (
    CARGO_NAMES,
    HEX_KIND_NAMES,
    NUM_CARGO,
    NUM_TRACKS,
    SCENARIOS,
    SHIPS_PER_PLAYER,
)

#: The page's script in ``catan_env/static``.
SCRIPT = "viewer_ep.js"

#: Per-hex fields, written as their ``hidden`` value while the hex is face down.
_HEX_FIELDS = (
    ("ep_hex_kind", -1),
    ("ep_hex_number", 0),
    ("lair_state", 0),
    ("lair_crews", 0),
    ("fish_face", 0),
    ("fish_on_shoal", 0),
    ("village_advantage", 0),
    ("pirate_bonus_face", 0),
    ("village_sacks", 0),
    ("village_crews", 0),
)
_VERTEX_FIELDS = ("ep_vertex_owner", "ep_vertex_building", "ep_storage")
_EDGE_FIELDS = ("ep_road_owner",)
#: Fields kept whole (seat figures, ships, the pirate, the turn).
_WHOLE_FIELDS = (
    "ship_edge",
    "ship_cargo",
    "pirate_hex",
    "pirate_owner",
    "public_vp",
    "gold",
    "settlers_left",
    "crews_left",
    "track_position",
    "mission_vp_card",
    "mission_vp",
    "hexes_discovered",
    "fish_supply",
    "spice_supply",
    "dice",
    "turn",
    "phase",
    "current_player",
    "winner",
    "truncated",
)


def _per_item(name: str) -> int:
    """Values per hex, intersection or path of a field (e.g. one per seat for crews)."""
    f = EL.LAYOUT.fields[name]
    return f.size // f.shape[0] if f.shape else 1


def public_fields(scenario: str) -> list[tuple[str, int]]:
    """``(name, size)`` of each public value the page keeps for ``scenario``, in vector order.

    Per-hex, per-intersection and per-path fields cover the scenario's board
    only; ``cards`` (hand size per seat) is derived.
    """
    from ..board.ep_frame import load_frame

    g = load_frame(scenario).grid
    out = [(name, g.num_hexes * _per_item(name)) for name, _ in _HEX_FIELDS]
    out += [(name, g.num_vertices * _per_item(name)) for name in _VERTEX_FIELDS]
    out += [(name, g.num_edges * _per_item(name)) for name in _EDGE_FIELDS]
    out += [(name, EL.LAYOUT.fields[name].size) for name in _WHOLE_FIELDS]
    return out + [("cards", MAX_PLAYERS)]


def _public_vector(state: np.ndarray, fields: list[tuple[str, int]]) -> np.ndarray:
    g = EL.LAYOUT
    sizes = dict(fields)
    nh = sizes["ep_hex_kind"]
    revealed = g.view(state, "ep_hex_revealed")[:nh] == 1
    parts = []
    for name, hidden in _HEX_FIELDS:
        values = g.view(state, name)[:nh].reshape(nh, -1)
        parts.append(np.where(revealed[:, None], values, hidden).ravel())
    for name in _VERTEX_FIELDS + _EDGE_FIELDS:
        parts.append(g.view(state, name).ravel()[: sizes[name]])
    for name in _WHOLE_FIELDS:
        parts.append(g.view(state, name).ravel())
    parts.append(g.view(state, "hand").sum(axis=1))
    return np.concatenate(parts).astype(np.int64)


def _geometry(scenario: str) -> dict[str, Any]:
    """Static drawing data of the scenario's board (unit hex size, y southward), rounded."""
    from ..board.ep_frame import load_frame
    from .tables import T_FIXED_START, T_MODULES, T_VERTEX_MARKED, scenario_tables

    board = load_frame(scenario)
    g = board.grid

    def r(xy):
        return [round(float(xy[0]), 3), round(float(xy[1]), 3)]

    tb = scenario_tables(scenario)
    marked = tb[T_VERTEX_MARKED : T_VERTEX_MARKED + g.num_vertices]
    return {
        "hexes": [r(p) for p in g.hex_xy],
        "hex_labels": list(board.labels),
        "hex_corners": g.geometry.hex_vertices.tolist(),
        "vertices": [r(p) for p in g.vertex_xy],
        "edges": g.geometry.edge_vertices.tolist(),
        "marked": [int(v) for v in np.flatnonzero(marked == 1)],
        "free_setup": int(tb[T_FIXED_START]) == 0,
        "modules": int(tb[T_MODULES]),
    }


def step_functions(first) -> tuple[Callable, Callable]:
    """The page's ``(public_vector, describe)`` for an Explorers & Pirates game from ``first`` on.

    What :func:`viewer_data` replays with, and what ``catan-env play`` grows its
    page's data with (:class:`~catan_env.viewer.StepLog`).
    """
    from ..common.viewer import describe
    from .render import seat_colours

    scenario = SCENARIOS[int(EL.LAYOUT.get(first.state, "scenario"))]
    fields = public_fields(scenario)
    geometry = _geometry(scenario)
    colours = list(seat_colours(first.state))

    def vector(game):
        return _public_vector(game.state, fields)

    def entry(game, a):
        p = int(game.current_player)
        edges = EL.LAYOUT.view(game.state, "ship_edge")

        def ends(e):
            return tuple(geometry["edges"][e])

        return describe(game.action_names[a], p, colours, None, lambda k: int(edges[p, k]), ends)

    return vector, entry


def viewer_data(record: dict) -> dict[str, Any]:
    """Replay an Explorers & Pirates ``record`` and collect what the page shows (JSON-able)."""
    from catan_env.replay import start_game, summary
    from catan_env.viewer import field_offsets, replay_steps

    from .render import seat_colours, title

    first = start_game(record)
    scenario = SCENARIOS[int(EL.LAYOUT.get(first.state, "scenario"))]
    steps, game = replay_steps(record, *step_functions(first))
    colours = list(seat_colours(first.state))
    n = game.num_players
    return {
        "title": title(first.state),
        "variant": game.variant.name,
        "scenario": scenario,
        "players": n,
        "colours": colours,
        "agents": record.get("agents"),
        # Seeds reach 2**63, past what a JavaScript number holds exactly: a string.
        "summary": {**summary(record, game), "seed": str(game.seed)},
        "phases": list(game.variant.phase_names),
        "cards": list(CARD_NAMES),
        "kinds": list(HEX_KIND_NAMES),
        "cargo": list(CARGO_NAMES),
        "num_cargo": NUM_CARGO,
        "num_tracks": NUM_TRACKS,
        "max_players": MAX_PLAYERS,
        "ships_per_player": SHIPS_PER_PLAYER,
        "fields": field_offsets(public_fields(scenario)),
        **steps,
        "geometry": _geometry(scenario),
    }


__all__ = ["SCRIPT", "public_fields", "step_functions", "viewer_data"]
