"""The picture of a base-game state: the standard island and a panel of seat blocks.

:func:`draw` returns a 1000 x 660 RGB ``PIL.Image``: the board
(:mod:`..common.render_image`: terrain, tokens, harbors, roads, settlements,
cities, the robber) on the left, and on the right the turn, the dice and one
block per seat with its public VP, cards, development cards, road length,
army and awards.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from catan_env.render_image import _text

from ..common import render_image as RI
from .render import summaries

_BLOCK = 104  # a seat block's height in the panel


def draw(state: np.ndarray) -> Image.Image:
    """The picture of the base state ``state``."""
    s = state
    img, d, seat_rgb = RI.board_picture(s)
    RI.draw_buildings(d, s, seat_rgb)
    RI.draw_robber(d, s)
    RI.panel_header(d, s, "Catan")
    y = RI.SEATS_Y
    for row in summaries(s):
        p = row["seat"]
        _seat_block(d, RI.PANEL_X, y, row, seat_rgb[p], RI.deciding(s, p))
        y += _BLOCK
    return img


def _seat_block(d, x0, y, row, colour, current: bool) -> None:
    RI.seat_heading(d, x0, y, row, colour, current, 96)
    _text(d, (x0, y + 30), f"cards {row['cards']}   development {row['dev_cards']}", 14,
          anchor="la")  # fmt: skip
    _text(d, (x0, y + 50), f"road {row['road_length']}   army {row['army']}", 14, anchor="la")
    badges = []
    if row["longest_road"]:
        badges.append("Longest Road")
    if row["largest_army"]:
        badges.append("Largest Army")
    _text(d, (x0, y + 72), "  ".join(badges), 13, RI.BADGE_RGB, anchor="la")
