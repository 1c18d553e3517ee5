"""Seeing a base game: the text board, each seat's public figures, the picture (``spec.render``).

:func:`text` is the island row by row (``*`` the robber), one line per seat
(hand in full, development cards, army, road, buildings, awards) and the
status line. :func:`image` draws the picture (:mod:`.render_image`), importing
Pillow on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..common import layout as L
from ..common.constants import KNIGHT, NUM_DEV_TYPES, NUM_RESOURCES
from ..common.render import board_lines, seat_line, seat_summary, status_line

if TYPE_CHECKING:
    from catan_env.game import Game


def summaries(state: np.ndarray) -> list[dict[str, Any]]:
    """Each seat's public figures, one JSON-able dict per seat.

    ``seat``, ``colour``, ``vp`` (public VP), ``cards`` (in hand),
    ``road_length``, ``longest_road`` (holder), ``dev_cards`` (held), ``army``
    (knights played) and ``largest_army`` (holder).
    """
    s = state
    out = []
    for p in range(int(s[L.NUM_PLAYERS])):
        row = seat_summary(s, p)
        dev = s[L.DEV_HAND + NUM_DEV_TYPES * p : L.DEV_HAND + NUM_DEV_TYPES * (p + 1)]
        row.update(
            dev_cards=int(dev.sum()),
            army=int(s[L.DEV_USED + NUM_DEV_TYPES * p + KNIGHT]),
            largest_army=bool(s[L.LARGEST_ARMY_HOLDER] == p),
        )
        out.append(row)
    return out


def text(game: Game) -> str:
    """The board row by row, then one line per seat (hands in full), then the status."""
    lines = board_lines(game.state)
    lines.append("* robber")
    for row in summaries(game.state):
        extras = ["LongestRoad"] if row["longest_road"] else []
        if row["largest_army"]:
            extras.append("LargestArmy")
        body = f"dev {row['dev_cards']} | army {row['army']} | road {row['road_length']}"
        lines.append(seat_line(game, row, NUM_RESOURCES, body, extras))
    lines.append(status_line(game))
    return "\n".join(lines)


def image(state: np.ndarray):
    """The picture of ``state`` as a ``PIL.Image`` (RGB, 1000 x 660)."""
    from .render_image import draw

    return draw(state)
