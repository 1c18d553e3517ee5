"""The picture of a Cities & Knights state: the standard island with the C&K pieces.

:func:`draw` returns a 1000 x 660 RGB ``PIL.Image``: the board
(:mod:`..common.render_image`) with knights (strength inside, filled when
active), city walls, metropolises (a crown in the track's colour), tipped
cities and the merchant; the panel gives the turn, the dice and the event
die, one block per seat (public VP, cards, progress cards, road length,
knights, improvement levels, awards) and the barbarian track.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from catan_env.render_image import INK, _text

from ..board.standard import NUM_HEXES, NUM_VERTICES
from ..common import layout as L
from ..common import render_image as RI
from . import layout as CL
from .constants import BARBARIAN_ATTACK_POSITION, EVENT_NAMES, MAX_LEVEL, NUM_TRACKS, TRACK_NAMES
from .render import summaries

#: Improvement tracks: trade (yellow), politics (blue), science (green).
TRACK_RGB = ((230, 190, 30), (40, 90, 200), (40, 160, 60))
_BLOCK = 118  # a seat block's height in the panel


def draw(state: np.ndarray) -> Image.Image:
    """The picture of the C&K state ``state``."""
    s = state
    img, d, seat_rgb = RI.board_picture(s)
    _draw_knights(d, s, seat_rgb)
    crowns = {
        int(s[CL.METRO_VERTEX + t]): TRACK_RGB[t]
        for t in range(NUM_TRACKS)
        if s[CL.METRO_HOLDER + t] >= 0
    }
    RI.draw_buildings(d, s, seat_rgb, s[CL.VERTEX_WALL : CL.VERTEX_WALL + NUM_VERTICES], crowns)
    RI.draw_robber(d, s)
    _draw_merchant(d, s, seat_rgb)
    face = int(s[CL.EVENT_FACE])
    RI.panel_header(d, s, "Cities & Knights", f", event: {EVENT_NAMES[face]}" if face >= 0 else "")
    y = RI.SEATS_Y
    for row in summaries(s):
        p = row["seat"]
        _seat_block(d, RI.PANEL_X, y, row, seat_rgb[p], RI.deciding(s, p))
        y += _BLOCK
    _barbarian_track(d, s, RI.PANEL_X, y + 4)
    return img


def _draw_knights(d, s, seat_rgb) -> None:
    owners = s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES]
    for v in np.flatnonzero(owners >= 0):
        x, y = RI.VERTEX_XY[v]
        colour = seat_rgb[owners[v]]
        active = bool(s[CL.KNIGHT_ACTIVE + v])
        # Active: filled with the seat's colour; inactive: a ring of it around grey.
        fill = colour if active else (205, 205, 205)
        d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=colour, outline=INK, width=2)
        if not active:
            d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=fill)
        dark = active and sum(colour) < 450
        _text(d, (x, y), str(int(s[CL.KNIGHT_STRENGTH + v])), 13, (255, 255, 255) if dark else INK)


def _draw_merchant(d, s, seat_rgb) -> None:
    m = int(s[CL.MERCHANT_HEX])
    if 0 <= m < NUM_HEXES:
        x, y = RI.HEX_XY[m]
        x += 27
        owner = int(s[CL.MERCHANT_OWNER])
        fill = seat_rgb[owner] if owner >= 0 else (200, 200, 200)
        d.rectangle((x - 9, y - 11, x + 9, y + 11), fill=fill, outline=INK, width=2)
        _text(d, (x, y), "M", 12, INK)


def _seat_block(d, x0, y, row, colour, current: bool) -> None:
    RI.seat_heading(d, x0, y, row, colour, current, 110)
    line1 = f"cards {row['cards']}   progress {row['progress_cards']}   road {row['road_length']}"
    _text(d, (x0, y + 30), line1, 14, anchor="la")
    line2 = f"knights {row['knights']} (active strength {row['active_strength']})"
    _text(d, (x0, y + 50), line2, 14, anchor="la")
    badges = []
    if row["longest_road"]:
        badges.append("Longest Road")
    if row["metropolises"]:
        badges.append(f"Metropolis x{row['metropolises']}")
    if row["walls"]:
        badges.append(f"walls {row['walls']}")
    if row["defender"]:
        badges.append(f"Defender x{row['defender']}")
    _levels(d, x0, y + 72, row["levels"])
    _text(d, (x0, y + 92), "  ".join(badges), 13, RI.BADGE_RGB, anchor="la")


def _levels(d, x0, y, levels) -> None:
    x = x0
    for t, level in enumerate(levels):
        _text(d, (x, y + 6), TRACK_NAMES[t][:3], 12, anchor="lm")
        x += 26
        for k in range(MAX_LEVEL):
            fill = TRACK_RGB[t] if k < level else (255, 255, 255)
            d.rectangle((x, y, x + 10, y + 12), fill=fill, outline=INK)
            x += 12
        x += 22


def _barbarian_track(d, s, x0, y) -> None:
    pos = int(s[CL.BARBARIAN_POS])
    _text(d, (x0, y), f"barbarians {pos}/{BARBARIAN_ATTACK_POSITION}", 14, anchor="la")
    x = x0 + 120
    for k in range(BARBARIAN_ATTACK_POSITION + 1):
        last = k == BARBARIAN_ATTACK_POSITION
        fill = (40, 40, 40) if k == pos else (180, 40, 40) if last else (255, 255, 255)
        d.rectangle((x, y, x + 18, y + 16), fill=fill, outline=INK)
        x += 22
    attacks, won = int(s[CL.BARBARIAN_ATTACKS]), int(s[CL.BARBARIAN_WINS])
    _text(d, (x0, y + 24), f"attacks {attacks}, barbarians won {won}", 13, anchor="la")


__all__ = ["TRACK_RGB", "draw"]
