"""The HTML replay viewer for Ancients records (``catan-env replay --html``).

The page is :mod:`catan_env.viewer`'s (same template, style, controls and test
hooks: ``?step=N``, ``data-ready``, ``data-step``, ``data-board``, ``#errors``)
with its own script, ``static/viewer_ancients.js``, which draws the 13 x 9
battlefield as SVG: terrain, section lines, units (side colour, type code,
blocks left), leaders, and per side the banners, hand size and last card.

As for Catan, the page keeps the public facts of the first step and then the
changes of each step (:data:`PUBLIC_FIELDS`); hands and the deck stay hidden
(only hand sizes are shown). :func:`viewer_data`, :func:`step_functions` and
:data:`SCRIPT` are the game's viewer hooks
(:class:`~catan_env.core.spec.ViewerHooks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import layout as L
from .board import HEX_C, HEX_R, NUM_HEXES
from .phases import PHASE_NAMES
from .units import (
    CARD_NAMES,
    NUM_CARD_TYPES,
    TERRAIN_CODES,
    UNIT_CODES,
    UNIT_NAMES,
)

#: The page's script in ``catan_env/static``.
SCRIPT = "viewer_ancients.js"

#: Layout fields the page keeps at every step, then the derived ``cards`` (hand size per side).
PUBLIC_FIELDS = (
    "unit_type",
    "unit_side",
    "unit_blocks",
    "leader",
    "leader_side",
    "banners",
    "card_played",
    "last_card",
    "phase",
    "current_side",
    "active_side",
    "turn",
    "winner",
)


def public_fields() -> list[tuple[str, int]]:
    """``(name, size)`` of each public value the page keeps, in vector order."""
    out = [(name, L.LAYOUT.fields[name].size) for name in PUBLIC_FIELDS]
    return out + [("cards", 2)]


def _public_vector(state: np.ndarray) -> np.ndarray:
    parts = [L.LAYOUT.view(state, name).ravel() for name in PUBLIC_FIELDS]
    parts.append(L.LAYOUT.view(state, "hand").reshape(2, NUM_CARD_TYPES).sum(axis=1))
    return np.concatenate(parts).astype(np.int64)


def step_functions(first) -> tuple[Callable, None]:
    """The page's ``(public_vector, describe)`` for an Ancients game (no log text: action names).

    What :func:`viewer_data` replays with, and what ``catan-env play`` grows its
    page's data with (:class:`~catan_env.viewer.StepLog`); the same for any game.
    """
    return (lambda game: _public_vector(game.state)), None


def viewer_data(record: dict) -> dict[str, Any]:
    """Replay ``record`` (an Ancients record) and collect what the page shows (JSON-able)."""
    from catan_env.replay import summary
    from catan_env.viewer import field_offsets, replay_steps

    steps, game = replay_steps(record, *step_functions(None))
    state = game.state
    terrain = [TERRAIN_CODES[t] for t in state[L.TERRAIN : L.TERRAIN + NUM_HEXES]]
    info = summary(record, game)
    return {
        "game": "ancients",
        "title": f"Command & Colors: Ancients \u2014 {game.scenario.name}",
        "sides": list(game.side_names),
        "agents": record.get("agents"),
        # Seeds reach 2**63, past what a JavaScript number holds exactly: a string.
        "summary": {**info, "seed": str(game.seed)},
        "phases": list(PHASE_NAMES),
        "cards": list(CARD_NAMES),
        "units": list(UNIT_CODES),
        "unit_names": list(UNIT_NAMES),
        "terrain": terrain,
        "hexes": [[int(HEX_R[h]), int(HEX_C[h])] for h in range(NUM_HEXES)],
        "fields": field_offsets(public_fields()),
        **steps,
    }


__all__ = ["PUBLIC_FIELDS", "SCRIPT", "public_fields", "step_functions", "viewer_data"]
