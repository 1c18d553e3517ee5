"""The picture of a state, drawn with Pillow: the board on the left, a side panel on the right.

:func:`draw` returns a 1000 x 660 RGB ``PIL.Image``: terrain hexes in the sea
frame with number tokens (6 and 8 in red, pips below), harbors, roads,
settlements, cities, the robber; for Cities & Knights also knights (strength
inside, filled when active), city walls, metropolises, tipped cities and the
merchant, and in the panel the barbarian track, the event die and each seat's
improvement levels. The panel lists every seat's public VP and card counts.

The sea, hexes, tokens and harbors depend only on the board, so they are drawn
once per board and cached; a frame copies them and draws the pieces and the
panel (about 1 ms of CPU; turning it into a numpy array for ``rgb_array``
costs another 3-4 ms, most of it Pillow's ``tobytes``).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from catan_env.games.catan.board.hexgrid import pixel
from catan_env.games.catan.board.standard import (
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
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import (
    CITY,
    DESERT,
    GENERIC_HARBOR,
    HARBOR_NAMES,
    TIPPED_CITY,
    colours,
)

from .render import is_ck_state, is_ep_state, seat_summaries

WIDTH, HEIGHT = 1000, 660
BOARD_SIZE = 660  # the board is a square on the left; the panel fills the rest
SCALE = 52.0  # pixels per unit hex (centre to corner)
CENTRE = (BOARD_SIZE / 2, BOARD_SIZE / 2)

#: Fill colour per terrain code (forest, hills, pasture, fields, mountains, desert).
TERRAIN_RGB = ((46, 125, 50), (198, 98, 48), (156, 204, 101), (242, 199, 68), (141, 141, 141),
               (232, 215, 161))  # fmt: skip
SEA_RGB = (63, 127, 191)
BACKGROUND_RGB = (29, 63, 99)
PANEL_RGB = (245, 242, 232)
INK = (25, 25, 25)
#: Seat colours by name (the engine's seat colours,
#: :func:`catan_env.games.catan.common.constants.colours`).
PLAYER_RGB = {
    "red": (211, 47, 47),
    "white": (250, 250, 250),
    "orange": (245, 124, 0),
    "blue": (21, 101, 192),
}
#: Improvement tracks: trade (yellow), politics (blue), science (green).
TRACK_RGB = ((230, 190, 30), (40, 90, 200), (40, 160, 60))
HOT_NUMBER_RGB = (200, 30, 30)

_CORNER_ANGLES = [np.pi / 2 - k * np.pi / 3 for k in range(6)]


def _xy(point) -> tuple[float, float]:
    """Board units (y grows southward) to pixels."""
    return (CENTRE[0] + SCALE * point[0], CENTRE[1] + SCALE * point[1])


_HEX_XY = [_xy(p) for p in GRID.hex_xy]
_VERTEX_XY = [_xy(p) for p in GRID.vertex_xy]


def vertex_pixel(v: int) -> tuple[int, int]:
    """Where intersection ``v`` is drawn in the picture (x, y in pixels)."""
    x, y = _VERTEX_XY[v]
    return round(x), round(y)


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (no font files needed) at ``size`` pixels."""
    return ImageFont.load_default(size=size)


def _hexagon(cx: float, cy: float, radius: float = SCALE) -> list[tuple[float, float]]:
    return [(cx + radius * np.cos(a), cy - radius * np.sin(a)) for a in _CORNER_ANGLES]


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rasterised once as a mask, with its offset from the anchor point."""
    left, top, right, bottom = font(size).getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font(size), anchor=anchor)
    return mask, left, top


def _text(d: ImageDraw.ImageDraw, xy, text: str, size: int, fill=INK, anchor="mm") -> None:
    # Rasterising text is most of a frame's cost, and the same labels recur in every frame.
    mask, left, top = _glyphs(text, size, anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=16)
def _background(board: bytes, ck: bool) -> Image.Image:
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
        corners = [_VERTEX_XY[v] for v in GEOMETRY.hex_vertices[h]]
        d.polygon(corners, fill=TERRAIN_RGB[terrain[h]], outline=(90, 70, 40), width=2)
        if terrain[h] != DESERT and numbers[h] > 0:
            _draw_token(d, _HEX_XY[h], int(numbers[h]))
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
    ends = [_VERTEX_XY[v] for v in GEOMETRY.edge_vertices[e]]
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


def _house(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x - r, y + r), (x + r, y + r), (x + r, y - 0.2 * r), (x, y - 1.2 * r),
            (x - r, y - 0.2 * r)]  # fmt: skip


_CITY_SHAPE = np.array([(-11, 9), (11, 9), (11, -2), (2, -2), (2, -7), (-4.5, -13), (-11, -7)])


def _city(x: float, y: float, tipped: bool = False) -> list[tuple[float, float]]:
    shape = _CITY_SHAPE[:, ::-1] * (1, -1) if tipped else _CITY_SHAPE  # tipped: turned 90 degrees
    return [(x + px, y + py) for px, py in shape]


def draw(state: np.ndarray) -> Image.Image:
    """The picture of ``state`` (a base, Cities & Knights or Explorers & Pirates state array)."""
    s = state
    if is_ep_state(s):
        from catan_env.games.catan.explorers_and_pirates.render_image import draw_ep

        return draw_ep(s)
    ck = is_ck_state(s)
    board = np.concatenate(
        [
            s[L.HEX_TERRAIN : L.HEX_TERRAIN + NUM_HEXES],
            s[L.HEX_NUMBER : L.HEX_NUMBER + NUM_HEXES],
            s[L.HARBOR_TYPE : L.HARBOR_TYPE + NUM_HARBORS],
        ]
    )
    img = _background(board.astype(L.STATE_DTYPE).tobytes(), ck).copy()
    d = ImageDraw.Draw(img)
    seat_rgb = [PLAYER_RGB[c] for c in colours(int(s[L.NUM_PLAYERS]))]
    _draw_roads(d, s, seat_rgb)
    if ck:
        _draw_ck_pieces(d, s, seat_rgb)
    _draw_buildings(d, s, seat_rgb, ck)
    _draw_robber(d, s, seat_rgb, ck)
    _draw_panel(d, s, seat_rgb, ck)
    return img


def _draw_roads(d, s, seat_rgb) -> None:
    owners = s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES]
    for e in np.flatnonzero(owners >= 0):
        a, b = (_VERTEX_XY[v] for v in GEOMETRY.edge_vertices[e])
        # Stop short of the corners so buildings there stay visible.
        p = (a[0] + 0.18 * (b[0] - a[0]), a[1] + 0.18 * (b[1] - a[1]))
        q = (b[0] + 0.18 * (a[0] - b[0]), b[1] + 0.18 * (a[1] - b[1]))
        d.line((p, q), fill=INK, width=10)
        d.line((p, q), fill=seat_rgb[owners[e]], width=6)


def _draw_buildings(d, s, seat_rgb, ck: bool) -> None:
    owners = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    kinds = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + NUM_VERTICES]
    metro_at = {}
    if ck:
        from catan_env.games.catan.cities_and_knights import layout as CL
        from catan_env.games.catan.cities_and_knights.constants import NUM_TRACKS

        walls = s[CL.VERTEX_WALL : CL.VERTEX_WALL + NUM_VERTICES]
        metro_at = {
            int(s[CL.METRO_VERTEX + t]): t for t in range(NUM_TRACKS) if s[CL.METRO_HOLDER + t] >= 0
        }
    for v in np.flatnonzero(owners >= 0):
        x, y = _VERTEX_XY[v]
        colour = seat_rgb[owners[v]]
        if ck and walls[v]:
            d.rectangle((x - 15, y - 15, x + 15, y + 15), fill=(120, 110, 100), outline=INK)
        if kinds[v] == CITY:
            d.polygon(_city(x, y), fill=colour, outline=INK, width=2)
        elif kinds[v] == TIPPED_CITY:
            d.polygon(_city(x, y, tipped=True), fill=colour, outline=INK, width=2)
        else:
            d.polygon(_house(x, y, 9), fill=colour, outline=INK, width=2)
        if v in metro_at:  # a crown in the track's colour
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
                fill=TRACK_RGB[metro_at[v]],
                outline=INK,
            )


def _draw_ck_pieces(d, s, seat_rgb) -> None:
    from catan_env.games.catan.cities_and_knights import layout as CL

    owners = s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES]
    for v in np.flatnonzero(owners >= 0):
        x, y = _VERTEX_XY[v]
        colour = seat_rgb[owners[v]]
        active = bool(s[CL.KNIGHT_ACTIVE + v])
        # Active: filled with the seat's colour; inactive: a ring of it around grey.
        fill = colour if active else (205, 205, 205)
        d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=colour, outline=INK, width=2)
        if not active:
            d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=fill)
        dark = active and sum(colour) < 450
        _text(d, (x, y), str(int(s[CL.KNIGHT_STRENGTH + v])), 13, (255, 255, 255) if dark else INK)


def _draw_robber(d, s, seat_rgb, ck: bool) -> None:
    h = int(s[L.ROBBER_HEX])
    if 0 <= h < NUM_HEXES:
        x, y = _HEX_XY[h]
        x -= 27
        d.ellipse((x - 6, y - 16, x + 6, y - 4), fill=(45, 45, 45), outline=(230, 230, 230))
        d.polygon([(x - 9, y + 12), (x + 9, y + 12), (x + 5, y - 6), (x - 5, y - 6)],
                  fill=(45, 45, 45), outline=(230, 230, 230))  # fmt: skip
    if ck:
        from catan_env.games.catan.cities_and_knights import layout as CL

        m = int(s[CL.MERCHANT_HEX])
        if 0 <= m < NUM_HEXES:
            x, y = _HEX_XY[m]
            x += 27
            owner = int(s[CL.MERCHANT_OWNER])
            fill = seat_rgb[owner] if owner >= 0 else (200, 200, 200)
            d.rectangle((x - 9, y - 11, x + 9, y + 11), fill=fill, outline=INK, width=2)
            _text(d, (x, y), "M", 12, INK)


def _draw_panel(d, s, seat_rgb, ck: bool) -> None:
    x0 = BOARD_SIZE + 14
    n = int(s[L.NUM_PLAYERS])
    names = colours(n)
    title = "Cities & Knights" if ck else "Catan"
    _text(d, (x0, 12), f"{title} - turn {int(s[L.TURN])}", 18, anchor="la")
    winner = int(s[L.WINNER])
    if winner >= 0:
        line = f"winner: {names[winner]} (seat {winner})"
    elif s[L.TRUNCATED]:
        line = "truncated by the turn limit"
    else:
        line = f"{names[int(s[L.CURRENT_PLAYER])]} (seat {int(s[L.CURRENT_PLAYER])}) decides"
    _text(d, (x0, 36), line, 14, anchor="la")
    dice = f"dice {int(s[L.DICE])} + {int(s[L.DICE + 1])}"
    if ck:
        from catan_env.games.catan.cities_and_knights import layout as CL
        from catan_env.games.catan.cities_and_knights.constants import EVENT_NAMES

        face = int(s[CL.EVENT_FACE])
        if face >= 0:
            dice += f", event: {EVENT_NAMES[face]}"
    _text(d, (x0, 56), dice, 14, anchor="la")
    block = 118 if ck else 104
    y = 84
    for row in seat_summaries(s):
        p = row["seat"]
        _seat_block(d, x0, y, row, seat_rgb[p], p == int(s[L.CURRENT_PLAYER]) and winner < 0, ck)
        y += block
    if ck:
        _barbarian_track(d, s, x0, y + 4)


def _seat_block(d, x0, y, row, colour, current: bool, ck: bool) -> None:
    w = WIDTH - x0 - 12
    if current:
        d.rectangle((x0 - 6, y - 4, x0 + w + 4, y + (110 if ck else 96)), outline=INK, width=2)
    d.rectangle((x0, y, x0 + 22, y + 22), fill=colour, outline=INK, width=2)
    _text(d, (x0 + 32, y + 2), f"{row['colour']} (seat {row['seat']})", 16, anchor="la")
    _text(d, (x0 + w - 4, y), f"{row['vp']} VP", 20, anchor="ra")
    cards = f"cards {row['cards']}"
    if ck:
        line1 = f"{cards}   progress {row['progress_cards']}   road {row['road_length']}"
        line2 = f"knights {row['knights']} (active strength {row['active_strength']})"
    else:
        line1 = f"{cards}   development {row['dev_cards']}"
        line2 = f"road {row['road_length']}   army {row['army']}"
    _text(d, (x0, y + 30), line1, 14, anchor="la")
    _text(d, (x0, y + 50), line2, 14, anchor="la")
    badges = []
    if row["longest_road"]:
        badges.append("Longest Road")
    if row.get("largest_army"):
        badges.append("Largest Army")
    if ck:
        if row["metropolises"]:
            badges.append(f"Metropolis x{row['metropolises']}")
        if row["walls"]:
            badges.append(f"walls {row['walls']}")
        if row["defender"]:
            badges.append(f"Defender x{row['defender']}")
        _levels(d, x0, y + 72, row["levels"])
        _text(d, (x0, y + 92), "  ".join(badges), 13, (110, 40, 20), anchor="la")
    else:
        _text(d, (x0, y + 72), "  ".join(badges), 13, (110, 40, 20), anchor="la")


def _levels(d, x0, y, levels) -> None:
    from catan_env.games.catan.cities_and_knights.constants import MAX_LEVEL, TRACK_NAMES

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
    from catan_env.games.catan.cities_and_knights import layout as CL
    from catan_env.games.catan.cities_and_knights.constants import BARBARIAN_ATTACK_POSITION

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


__all__ = ["HEIGHT", "PLAYER_RGB", "TERRAIN_RGB", "TRACK_RGB", "WIDTH", "draw", "vertex_pixel"]
