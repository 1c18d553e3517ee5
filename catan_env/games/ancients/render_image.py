"""The picture of an Ancients state, drawn with Pillow (``render_mode="rgb_array"``).

:func:`draw` returns a 1040 x 510 RGB ``PIL.Image``: the 13 x 9 battlefield on
the left (pointy-top hexes, row 0 = the top army's baseline at the top), the
two section lines dashed (CCA §2.2), each hex in its terrain's colour with a
short label (forest, hill, broken ground, fordable river, river, lake,
fortified camp, marsh, town; clear is unlabelled). A unit is a block in its
side's colour (bottom army blue, top army red) with its type code and its
blocks left; a leader is a gold disc (on the block's corner when attached, in
the hex's centre when alone). The panel on the right gives the turn, the
phase, the side to decide, and for each side its banners (filled squares, out
of the banners to win), its hand size and the last card it played, and the
card in play this turn.

The terrain layer depends only on the terrain, so it is drawn once per
battlefield and cached; a frame copies it and draws the pieces and the panel.
The output is deterministic (Pillow's bundled font, no randomness).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from catan_env.render_image import _text

from . import layout as L
from .board import HEX_C, HEX_R, NUM_HEXES, ROWS
from .phases import PH_OVER, PHASE_NAMES
from .units import CARD_NAMES, NUM_CARD_TYPES, TERRAIN_CODES, UNIT_CODES

RADIUS = 34.0  # pixels, hex centre to corner
HEX_W = RADIUS * 3**0.5
MARGIN = 16
BOARD_W = round(2 * MARGIN + 13 * HEX_W)
WIDTH, HEIGHT = BOARD_W + 240, round(2 * MARGIN + (ROWS - 1) * 1.5 * RADIUS + 2 * RADIUS)

#: Fill colour per terrain code (:data:`~catan_env.games.ancients.units.TERRAIN_CODES`).
TERRAIN_RGB = (
    (203, 214, 150),  # clear
    (62, 122, 64),  # forest
    (178, 140, 92),  # hill
    (165, 150, 118),  # broken_ground
    (62, 112, 190),  # river
    (38, 76, 150),  # lake
    (122, 168, 212),  # fordable_river
    (148, 112, 80),  # fortified_camp
    (104, 138, 112),  # marsh
    (192, 178, 166),  # town
)
TERRAIN_LABELS = ("", "forest", "hill", "broken", "river", "lake", "ford", "camp", "marsh", "town")
assert len(TERRAIN_RGB) == len(TERRAIN_LABELS) == len(TERRAIN_CODES)
#: Block colour per side: 0 = bottom army (blue), 1 = top army (red).
SIDE_RGB = ((30, 84, 176), (178, 34, 34))
LEADER_RGB = (236, 190, 40)
BACKGROUND_RGB = (70, 64, 52)
PANEL_RGB = (245, 242, 232)
INK = (25, 25, 25)
WHITE = (255, 255, 255)
BLOCK_HALF = (20, 14)  # half width, half height of a unit block


def hex_centre(h: int) -> tuple[int, int]:
    """Where hex ``h`` is drawn: its centre in pixels (x, y)."""
    r, c = int(HEX_R[h]), int(HEX_C[h])
    x = MARGIN + HEX_W / 2 + c * HEX_W + (HEX_W / 2 if r % 2 else 0)
    y = MARGIN + RADIUS + r * 1.5 * RADIUS
    return round(x), round(y)


def _hexagon(cx: float, cy: float, radius: float = RADIUS) -> list[tuple[float, float]]:
    angles = [np.pi / 2 + k * np.pi / 3 for k in range(6)]
    return [(cx + radius * np.cos(a), cy - radius * np.sin(a)) for a in angles]


@lru_cache(maxsize=16)
def _background(terrain: bytes) -> Image.Image:
    """The battlefield with its terrain and section lines, and the empty panel."""
    codes = np.frombuffer(terrain, L.STATE_DTYPE)
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND_RGB)
    d = ImageDraw.Draw(img)
    for h in range(NUM_HEXES):
        cx, cy = hex_centre(h)
        t = int(codes[h])
        d.polygon(_hexagon(cx, cy), fill=TERRAIN_RGB[t], outline=(90, 80, 60), width=1)
        if TERRAIN_LABELS[t]:
            ink = WHITE if t in (1, 4, 5) else INK
            _text(d, (cx, cy + RADIUS * 0.68), TERRAIN_LABELS[t], 10, fill=ink)
    # section lines: through the centres of the even rows' 5th and 9th hexes (CCA §2.2)
    for c in (4, 8):
        x = MARGIN + HEX_W / 2 + c * HEX_W
        for y in range(MARGIN // 2, HEIGHT - MARGIN // 2, 12):
            d.line([(x, y), (x, min(y + 6, HEIGHT - MARGIN // 2))], fill=(250, 250, 240), width=2)
    d.rectangle([BOARD_W, 0, WIDTH, HEIGHT], fill=PANEL_RGB)
    return img


def _draw_pieces(d: ImageDraw.ImageDraw, s: np.ndarray) -> None:
    hw, hh = BLOCK_HALF
    for h in range(NUM_HEXES):
        t = int(s[L.UNIT_TYPE + h]) - 1
        leader = int(s[L.LEADER + h])
        if t < 0 and not leader:
            continue
        cx, cy = hex_centre(h)
        if t >= 0:
            side = int(s[L.UNIT_SIDE + h])
            d.rounded_rectangle([cx - hw, cy - hh, cx + hw, cy + hh], 4, fill=SIDE_RGB[side],
                                outline=(20, 20, 20))  # fmt: skip
            _text(d, (cx, cy - 5), UNIT_CODES[t], 12, fill=WHITE)
            blocks = int(s[L.UNIT_BLOCKS + h])
            for k in range(blocks):  # one pip per block left
                x = cx - 3.5 * (blocks - 1) + 7 * k
                d.rectangle([x - 2, cy + 6, x + 2, cy + 10], fill=WHITE)
            if leader:
                lx, ly = cx + hw - 2, cy - hh + 1
                d.ellipse([lx - 7, ly - 7, lx + 7, ly + 7], fill=LEADER_RGB, outline=(20, 20, 20))
                _text(d, (lx, ly), "L", 10)
        else:
            side = int(s[L.LEADER_SIDE + h])
            d.ellipse([cx - 11, cy - 11, cx + 11, cy + 11], fill=LEADER_RGB,
                      outline=SIDE_RGB[side], width=3)  # fmt: skip
            _text(d, (cx, cy), "L", 12)


def _card(c: int) -> str:
    return CARD_NAMES[c] if 0 <= c < NUM_CARD_TYPES else "-"


def _draw_panel(d: ImageDraw.ImageDraw, game) -> None:
    s = game.state
    x = BOARD_W + 14
    y = 16
    _text(d, (x, y), game.scenario.name, 16, anchor="lt")
    y += 26
    phase = int(s[L.PHASE])
    _text(d, (x, y), f"turn {int(s[L.TURN])}", 13, anchor="lt")
    y += 20
    _text(d, (x, y), PHASE_NAMES[phase], 12, anchor="lt")
    y += 18
    names = game.side_names
    if phase == PH_OVER:
        w = int(s[L.WINNER]) - 1
        line = f"won by the {names[w]}" if w >= 0 else "truncated (turn limit)"
    else:
        line = f"to decide: {names[int(s[L.CURRENT])]}"
    _text(d, (x, y), line, 12, anchor="lt")
    y += 22
    _text(d, (x, y), "card in play:", 12, anchor="lt")
    y += 16
    _text(d, (x + 6, y), _card(int(s[L.CARD_PLAYED])), 12, anchor="lt")
    y += 28
    to_win = int(s[L.BANNERS_TO_WIN])
    for side in (1, 0):  # top army first, as on the board
        rgb = SIDE_RGB[side]
        d.rectangle([x, y + 1, x + 12, y + 13], fill=rgb)
        where = "top" if side else "bottom"
        _text(d, (x + 18, y), f"{names[side]} ({where})", 13, anchor="lt")
        y += 20
        won = int(s[L.BANNERS + side])
        for k in range(max(to_win, won)):
            bx = x + k * 17
            box = [bx, y, bx + 13, y + 13]
            if k < won:
                d.rectangle(box, fill=rgb, outline=INK)
            else:
                d.rectangle(box, outline=INK)
        y += 20
        hand = int(s[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES].sum())
        _text(d, (x, y), f"banners {won}/{to_win}, cards in hand {hand}", 12, anchor="lt")
        y += 17
        _text(d, (x, y), f"last card: {_card(int(s[L.LAST_CARD + side]))}", 12, anchor="lt")
        y += 32


def draw(game) -> Image.Image:
    """The picture of ``game``'s state (a new image; see the module docstring)."""
    s = game.state
    terrain = np.ascontiguousarray(s[L.TERRAIN : L.TERRAIN + NUM_HEXES]).tobytes()
    img = _background(terrain).copy()
    d = ImageDraw.Draw(img)
    _draw_pieces(d, s)
    _draw_panel(d, game)
    return img


def render_image(game) -> Image.Image:
    """The picture of ``game`` as a ``PIL.Image`` (what ``catan-env render`` saves)."""
    return draw(game)


def render_rgb(game) -> np.ndarray:
    """The picture of ``game`` as an ``(HEIGHT, WIDTH, 3)`` uint8 array (``rgb_array``)."""
    return np.asarray(draw(game))


__all__ = ["HEIGHT", "WIDTH", "draw", "hex_centre", "render_image", "render_rgb"]
