"""The standard island's picture, drawn with Pillow: what base and C&K pictures share.

The board is a square on the left of the 1000 x 660 picture, the panel fills
the rest. Drawn here: the sea frame, terrain hexes with number tokens (6 and
8 in red, pips below), harbors, roads, settlements and cities (tipped ones
turned), the robber, the panel's header and each seat's frame in it. The
variants add their pieces and panel lines
(:mod:`..base.render_image`, :mod:`..cities_and_knights.render_image`).

The sea, hexes, tokens and harbors depend only on the board, so they are drawn
once per board and cached; a frame copies them and draws the pieces and the
panel (about 1 ms of CPU; turning it into a numpy array for ``rgb_array``
costs another 3-4 ms, most of it Pillow's ``tobytes``).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from catan_env.render_image import HEIGHT, INK, WIDTH, _text

from ..board.hexgrid import pixel
from ..board.standard import (
    GEOMETRY,
    GRID,
    HARBOR_EDGES,
    HARBOR_SPOTS,
    NUM_EDGES,
    NUM_HARBORS,
    NUM_HEXES,
    NUM_VERTICES,
    SEA_HEXES,
)
from . import layout as L
from .constants import CITY, DESERT, GENERIC_HARBOR, HARBOR_NAMES, TIPPED_CITY, colours

BOARD_SIZE = 660  # the board is a square on the left; the panel fills the rest
SCALE = 52.0  # pixels per unit hex (centre to corner)
CENTRE = (BOARD_SIZE / 2, BOARD_SIZE / 2)

#: Fill colour per terrain code (forest, hills, pasture, fields, mountains, desert).
TERRAIN_RGB = ((46, 125, 50), (198, 98, 48), (156, 204, 101), (242, 199, 68), (141, 141, 141),
               (232, 215, 161))  # fmt: skip
SEA_RGB = (63, 127, 191)
BACKGROUND_RGB = (29, 63, 99)
PANEL_RGB = (245, 242, 232)
#: Seat colours by name (the engine's seat colours, :func:`..common.constants.colours`).
PLAYER_RGB = {
    "red": (211, 47, 47),
    "white": (250, 250, 250),
    "orange": (245, 124, 0),
    "blue": (21, 101, 192),
}
HOT_NUMBER_RGB = (200, 30, 30)
BADGE_RGB = (110, 40, 20)
#: Where the panel's seat blocks start (x) and the first one's top (y).
PANEL_X = BOARD_SIZE + 14
SEATS_Y = 84

_CORNER_ANGLES = [np.pi / 2 - k * np.pi / 3 for k in range(6)]


def _xy(point) -> tuple[float, float]:
    """Board units (y grows southward) to pixels."""
    return (CENTRE[0] + SCALE * point[0], CENTRE[1] + SCALE * point[1])


HEX_XY = [_xy(p) for p in GRID.hex_xy]
VERTEX_XY = [_xy(p) for p in GRID.vertex_xy]


def vertex_pixel(v: int) -> tuple[int, int]:
    """Where intersection ``v`` is drawn in the picture (x, y in pixels)."""
    x, y = VERTEX_XY[v]
    return round(x), round(y)


def _hexagon(cx: float, cy: float, radius: float = SCALE) -> list[tuple[float, float]]:
    return [(cx + radius * np.cos(a), cy - radius * np.sin(a)) for a in _CORNER_ANGLES]


@lru_cache(maxsize=16)
def _background(board: bytes) -> Image.Image:
    """Sea, terrain, number tokens, harbors and the empty panel for one board."""
    b = np.frombuffer(board, L.STATE_DTYPE)
    terrain, numbers, harbors = b[:NUM_HEXES], b[NUM_HEXES : 2 * NUM_HEXES], b[2 * NUM_HEXES :]
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND_RGB)
    d = ImageDraw.Draw(img)
    for cell in SEA_HEXES:
        d.polygon(_hexagon(*_xy(pixel(cell))), fill=SEA_RGB, outline=(52, 106, 160))
    for i in range(NUM_HARBORS):
        _draw_harbor(d, i, int(harbors[i]))
    for h in range(NUM_HEXES):
        corners = [VERTEX_XY[v] for v in GEOMETRY.hex_vertices[h]]
        d.polygon(corners, fill=TERRAIN_RGB[terrain[h]], outline=(90, 70, 40), width=2)
        if terrain[h] != DESERT and numbers[h] > 0:
            _draw_token(d, HEX_XY[h], int(numbers[h]))
    d.rectangle((BOARD_SIZE, 0, WIDTH, HEIGHT), fill=PANEL_RGB)
    return img


def _draw_token(d: ImageDraw.ImageDraw, centre, number: int) -> None:
    x, y = centre
    hot = number in (6, 8)
    d.ellipse((x - 16, y - 16, x + 16, y + 16), fill=(244, 233, 200), outline=INK)
    _text(d, (x, y - 3), str(number), 17 if hot else 15, HOT_NUMBER_RGB if hot else INK)
    pips = 6 - abs(7 - number)
    for k in range(pips):
        px = x + (k - (pips - 1) / 2) * 4.5
        d.ellipse((px - 1.4, y + 8, px + 1.4, y + 10.8), fill=HOT_NUMBER_RGB if hot else INK)


def _draw_harbor(d: ImageDraw.ImageDraw, i: int, kind: int) -> None:
    sea = _xy(pixel(HARBOR_SPOTS[i][0]))
    e = int(HARBOR_EDGES[i])
    ends = [VERTEX_XY[v] for v in GEOMETRY.edge_vertices[e]]
    mid = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
    spot = (sea[0] + 0.25 * (mid[0] - sea[0]), sea[1] + 0.25 * (mid[1] - sea[1]))
    for end in ends:
        d.line((spot, end), fill=(120, 85, 50), width=4)
    x, y = spot
    fill = (250, 250, 250) if kind == GENERIC_HARBOR else TERRAIN_RGB[kind]
    d.ellipse((x - 19, y - 19, x + 19, y + 19), fill=fill, outline=INK, width=2)
    if kind == GENERIC_HARBOR:
        _text(d, (x, y), "3:1", 13)
    else:
        _text(d, (x, y - 5), "2:1", 12)
        _text(d, (x, y + 8), HARBOR_NAMES[kind], 8)


def house(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """A settlement's outline around ``(x, y)``, ``r`` pixels across each way."""
    return [(x - r, y + r), (x + r, y + r), (x + r, y - 0.2 * r), (x, y - 1.2 * r),
            (x - r, y - 0.2 * r)]  # fmt: skip


_CITY_SHAPE = np.array([(-11, 9), (11, 9), (11, -2), (2, -2), (2, -7), (-4.5, -13), (-11, -7)])


def _city(x: float, y: float, tipped: bool = False) -> list[tuple[float, float]]:
    shape = _CITY_SHAPE[:, ::-1] * (1, -1) if tipped else _CITY_SHAPE  # tipped: turned 90 degrees
    return [(x + px, y + py) for px, py in shape]


def board_picture(s: np.ndarray) -> tuple[Image.Image, ImageDraw.ImageDraw, list]:
    """A new picture of ``s``'s board with its roads, a drawer on it and the seat colours."""
    board = np.concatenate(
        [
            s[L.HEX_TERRAIN : L.HEX_TERRAIN + NUM_HEXES],
            s[L.HEX_NUMBER : L.HEX_NUMBER + NUM_HEXES],
            s[L.HARBOR_TYPE : L.HARBOR_TYPE + NUM_HARBORS],
        ]
    )
    img = _background(board.astype(L.STATE_DTYPE).tobytes()).copy()
    d = ImageDraw.Draw(img)
    seat_rgb = [PLAYER_RGB[c] for c in colours(int(s[L.NUM_PLAYERS]))]
    _draw_roads(d, s, seat_rgb)
    return img, d, seat_rgb


def _draw_roads(d, s, seat_rgb) -> None:
    owners = s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES]
    for e in np.flatnonzero(owners >= 0):
        a, b = (VERTEX_XY[v] for v in GEOMETRY.edge_vertices[e])
        # Stop short of the corners so buildings there stay visible.
        p = (a[0] + 0.18 * (b[0] - a[0]), a[1] + 0.18 * (b[1] - a[1]))
        q = (b[0] + 0.18 * (a[0] - b[0]), b[1] + 0.18 * (a[1] - b[1]))
        d.line((p, q), fill=INK, width=10)
        d.line((p, q), fill=seat_rgb[owners[e]], width=6)


def draw_buildings(d, s, seat_rgb, walls=None, crowns=None) -> None:
    """Settlements and cities in their owners' colours.

    C&K adds ``walls`` (per intersection, drawn under the building) and
    ``crowns`` (intersection -> colour of the metropolis crown above it).
    """
    owners = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    kinds = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + NUM_VERTICES]
    crowns = crowns or {}
    for v in np.flatnonzero(owners >= 0):
        x, y = VERTEX_XY[v]
        colour = seat_rgb[owners[v]]
        if walls is not None and walls[v]:
            d.rectangle((x - 15, y - 15, x + 15, y + 15), fill=(120, 110, 100), outline=INK)
        if kinds[v] == CITY:
            d.polygon(_city(x, y), fill=colour, outline=INK, width=2)
        elif kinds[v] == TIPPED_CITY:
            d.polygon(_city(x, y, tipped=True), fill=colour, outline=INK, width=2)
        else:
            d.polygon(house(x, y, 9), fill=colour, outline=INK, width=2)
        if v in crowns:
            cx, cy = x, y - 18
            d.polygon(
                [
                    (cx - 8, cy + 5),
                    (cx - 8, cy - 4),
                    (cx - 4, cy),
                    (cx, cy - 6),
                    (cx + 4, cy),
                    (cx + 8, cy - 4),
                    (cx + 8, cy + 5),
                ],  # fmt: skip
                fill=crowns[v],
                outline=INK,
            )


def draw_robber(d, s) -> None:
    h = int(s[L.ROBBER_HEX])
    if 0 <= h < NUM_HEXES:
        x, y = HEX_XY[h]
        x -= 27
        d.ellipse((x - 6, y - 16, x + 6, y - 4), fill=(45, 45, 45), outline=(230, 230, 230))
        d.polygon([(x - 9, y + 12), (x + 9, y + 12), (x + 5, y - 6), (x - 5, y - 6)],
                  fill=(45, 45, 45), outline=(230, 230, 230))  # fmt: skip


def panel_header(d, s, title: str, dice_note: str = "") -> None:
    """The title with the turn, who decides (or the result) and the dice, at the panel's top."""
    x0 = PANEL_X
    names = colours(int(s[L.NUM_PLAYERS]))
    _text(d, (x0, 12), f"{title} - turn {int(s[L.TURN])}", 18, anchor="la")
    winner = int(s[L.WINNER])
    if winner >= 0:
        line = f"winner: {names[winner]} (seat {winner})"
    elif s[L.TRUNCATED]:
        line = "truncated by the turn limit"
    else:
        line = f"{names[int(s[L.CURRENT_PLAYER])]} (seat {int(s[L.CURRENT_PLAYER])}) decides"
    _text(d, (x0, 36), line, 14, anchor="la")
    _text(d, (x0, 56), f"dice {int(s[L.DICE])} + {int(s[L.DICE + 1])}{dice_note}", 14, anchor="la")


def deciding(s, p: int) -> bool:
    """Whether seat ``p`` decides now (its panel block is framed)."""
    return p == int(s[L.CURRENT_PLAYER]) and int(s[L.WINNER]) < 0


def seat_heading(d, x0, y, row, colour, current: bool, height: int) -> None:
    """A seat block's frame (when it decides), colour, name and VP; ``height`` of the frame."""
    w = WIDTH - x0 - 12
    if current:
        d.rectangle((x0 - 6, y - 4, x0 + w + 4, y + height), outline=INK, width=2)
    d.rectangle((x0, y, x0 + 22, y + 22), fill=colour, outline=INK, width=2)
    _text(d, (x0 + 32, y + 2), f"{row['colour']} (seat {row['seat']})", 16, anchor="la")
    _text(d, (x0 + w - 4, y), f"{row['vp']} VP", 20, anchor="ra")


__all__ = ["PLAYER_RGB", "TERRAIN_RGB", "board_picture", "house", "vertex_pixel"]
