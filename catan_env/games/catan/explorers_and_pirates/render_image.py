"""The picture of an Explorers & Pirates state (E&P §12): the frame board above, a panel below.

:func:`draw` returns the same 1000 x 660 RGB ``PIL.Image`` as the base
picture, laid out for the wide frame boards: the board of any scenario fills
the top, scaled to fit, and one column per seat fills the panel below.

Drawn: sea and frame-sea hexes, face-up land hexes by terrain (gold fields
included) with number tokens, face-down hexes as plain backs (one neutral
colour and a ``?``, whatever they are: the state's hidden kind, fish face,
village advantage or lair token never reach the picture), the marked harbor
intersections, roads, settlements and harbor settlements (with their
storage), ships in their owners' colours with their cargo as coloured dots
(settler white, crew black, fish orange, spice brown; the panel has the
legend), the pirate ship, pirate lairs with the crews on them, the Council
of Catan with the fish supply, fish shoals with their die face and fish,
spice villages with their advantage, sacks and befriending crews. The panel
gives each seat's VP, cards, gold, supplies and mission-track progress.

Everything is read through the E&P layout's named fields; the face-up part of
the board is drawn once per (scenario, face-up hexes) and cached.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from catan_env.render_image import HEIGHT, INK, WIDTH, _text

from ..common.layout import BASE_LAYOUT
from ..common.render_image import HOT_NUMBER_RGB, PANEL_RGB, PLAYER_RGB, TERRAIN_RGB, house
from . import layout as EL
from .constants import (
    COUNCIL,
    FISH_SHOAL,
    FRAME_SEA,
    GOLD,
    HARBOR_SETTLEMENT,
    LAIR_ACTIVE,
    LAIR_CAPTURED,
    NEUTRAL,
    NUM_CARGO,
    SCENARIOS,
    SEA,
    SHIPS_PER_PLAYER,
    SPICE,
    TRACK_LAST,
    TRACK_NAMES,
)
from .render import seat_colours, status, summaries

BOARD_HEIGHT = 430  # the board fills the top; the panel the rest
MARGIN = 0.75  # frame around the outermost corners, in hex units
FRAME_RGB = (112, 78, 46)
SEA_RGB = (63, 127, 191)
FRAME_SEA_RGB = (48, 104, 160)
COUNCIL_RGB = (92, 160, 200)
SHOAL_RGB = (70, 165, 170)
GOLD_RGB = (222, 178, 36)
SPICE_RGB = (176, 96, 60)
#: Every face-down hex, whatever it is.
BACK_RGB = (96, 84, 120)
NEUTRAL_RGB = (128, 128, 128)
#: Cargo dots: settler, crew, fish, spice.
CARGO_RGB = ((250, 250, 250), (20, 20, 20), (250, 140, 20), (120, 60, 20))
CARGO_SHORT = ("settler", "crew", "fish", "spice")
TRACK_SHORT = ("lairs", "fish", "spice")
ADVANTAGE_SHORT = ("", "swift", "bonus", "gold")

_CORNER_ANGLES = [np.pi / 2 - k * np.pi / 3 for k in range(6)]


class _Frame:
    """Pixel positions of one scenario's hexes and intersections."""

    def __init__(self, scenario: str):
        from ..board.ep_frame import load_frame
        from .tables import (
            T_TRACKS,
            T_VERTEX_MARKED,
            scenario_tables,
        )

        board = load_frame(scenario)
        g = board.grid
        lo = g.vertex_xy.min(axis=0) - MARGIN
        hi = g.vertex_xy.max(axis=0) + MARGIN
        self.scale = min((WIDTH - 16) / (hi[0] - lo[0]), (BOARD_HEIGHT - 8) / (hi[1] - lo[1]))
        size = (hi - lo) * self.scale
        origin = ((WIDTH - size[0]) / 2, (BOARD_HEIGHT - size[1]) / 2)

        def xy(p):
            return (
                origin[0] + (p[0] - lo[0]) * self.scale,
                origin[1] + (p[1] - lo[1]) * self.scale,
            )

        self.box = (origin[0], origin[1], origin[0] + size[0], origin[1] + size[1])
        self.num_hexes = board.num_hexes
        self.num_vertices = g.num_vertices
        self.num_edges = g.num_edges
        self.hex_xy = [xy(p) for p in g.hex_xy]
        self.vertex_xy = [xy(p) for p in g.vertex_xy]
        self.hex_vertices = g.geometry.hex_vertices
        self.edge_vertices = g.geometry.edge_vertices
        tb = scenario_tables(scenario)
        self.marked = np.flatnonzero(tb[T_VERTEX_MARKED : T_VERTEX_MARKED + g.num_vertices] == 1)
        self.tracks = [t for t in range(len(TRACK_NAMES)) if tb[T_TRACKS + t] == 1]

    def edge_mid(self, e: int) -> tuple[float, float]:
        a, b = (self.vertex_xy[v] for v in self.edge_vertices[e])
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def hexagon(self, h: int) -> list[tuple[float, float]]:
        return [self.vertex_xy[v] for v in self.hex_vertices[h]]


@lru_cache(maxsize=len(SCENARIOS))
def _frame(scenario: str) -> _Frame:
    return _Frame(scenario)


def _scenario(state: np.ndarray) -> str:
    return SCENARIOS[int(EL.EP_LAYOUT.get(state, "scenario"))]


def _view(state: np.ndarray, name: str) -> np.ndarray:
    return EL.EP_LAYOUT.view(state, name)


def _face_up_board(state: np.ndarray, fr: _Frame) -> bytes:
    """The face-up kind and number of each hex, -1 where face down: all the background shows."""
    n = fr.num_hexes
    revealed = _view(state, "ep_hex_revealed")[:n] == 1
    kind = np.where(revealed, _view(state, "ep_hex_kind")[:n], -1)
    number = np.where(revealed, _view(state, "ep_hex_number")[:n], 0)
    return np.concatenate([kind, number]).astype(np.int32).tobytes()


def _hex_fill(kind: int) -> tuple[int, int, int]:
    if kind < 0:
        return BACK_RGB
    if kind < SEA:
        return TERRAIN_RGB[kind]
    return {
        SEA: SEA_RGB,
        FRAME_SEA: FRAME_SEA_RGB,
        COUNCIL: COUNCIL_RGB,
        GOLD: GOLD_RGB,
        FISH_SHOAL: SHOAL_RGB,
        SPICE: SPICE_RGB,
    }[kind]


@lru_cache(maxsize=64)
def _background(scenario: str, board: bytes) -> Image.Image:
    """Frame, hexes (face-down ones as backs), number tokens and the empty panel."""
    fr = _frame(scenario)
    b = np.frombuffer(board, np.int32)
    kind, number = b[: fr.num_hexes], b[fr.num_hexes :]
    img = Image.new("RGB", (WIDTH, HEIGHT), (29, 63, 99))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(fr.box, radius=12, fill=FRAME_RGB, outline=INK, width=2)
    r = fr.scale
    for h in range(fr.num_hexes):
        k = int(kind[h])
        d.polygon(fr.hexagon(h), fill=_hex_fill(k), outline=(60, 50, 40), width=2)
        x, y = fr.hex_xy[h]
        if k < 0:
            _text(d, (x, y), "?", int(r * 0.6), (200, 190, 220))
        elif k == FRAME_SEA:
            _text(d, (x, y + r * 0.45), "frame", 10, (200, 220, 240))
        elif k == COUNCIL:
            c = r * 0.62
            d.ellipse((x - c, y - c, x + c, y + c), fill=(235, 235, 220), outline=INK, width=2)
            _text(d, (x, y - 5), "Council", 8)
            _text(d, (x, y + 6), "of Catan", 8)
        elif k == GOLD:
            _text(d, (x, y - r * 0.6), "gold", 10, INK)
        if k >= 0 and number[h] >= 2:
            _token(d, (x, y), int(number[h]), r)
    d.rectangle((0, BOARD_HEIGHT, WIDTH, HEIGHT), fill=PANEL_RGB)
    return img


def _token(d: ImageDraw.ImageDraw, centre, number: int, r: float) -> None:
    x, y = centre
    t = max(10.0, r * 0.36)
    hot = number in (6, 8)
    d.ellipse((x - t, y - t, x + t, y + t), fill=(244, 233, 200), outline=INK)
    _text(d, (x, y - 2), str(number), 14 if hot else 13, HOT_NUMBER_RGB if hot else INK)
    pips = 6 - abs(7 - number)
    for k in range(pips):
        px = x + (k - (pips - 1) / 2) * 3.4
        d.ellipse((px - 1.1, y + t * 0.5, px + 1.1, y + t * 0.5 + 2.2),
                  fill=HOT_NUMBER_RGB if hot else INK)  # fmt: skip


def draw(state: np.ndarray) -> Image.Image:
    """The picture of an Explorers & Pirates ``state``."""
    s = state
    scenario = _scenario(s)
    fr = _frame(scenario)
    img = _background(scenario, _face_up_board(s, fr)).copy()
    d = ImageDraw.Draw(img)
    seat_rgb = [PLAYER_RGB[c] for c in seat_colours(s)]

    def rgb(owner: int):
        return NEUTRAL_RGB if owner == NEUTRAL or owner >= len(seat_rgb) else seat_rgb[owner]

    revealed = _view(s, "ep_hex_revealed")[: fr.num_hexes] == 1
    _draw_hex_pieces(d, s, fr, revealed, rgb)
    _draw_roads(d, s, fr, rgb)
    _draw_buildings(d, s, fr, rgb)
    _draw_ships(d, s, fr, rgb)
    _draw_pirate(d, s, fr, rgb)
    _draw_panel(d, s, fr, seat_rgb)
    return img


def _crew_marks(d, x: float, y: float, counts, rgb) -> None:
    """Small squares in each seat's colour, the number of crews inside."""
    seats = [p for p in range(len(counts)) if counts[p] > 0]
    for i, p in enumerate(seats):
        cx = x + (i - (len(seats) - 1) / 2) * 15
        d.rectangle((cx - 6, y - 6, cx + 6, y + 6), fill=rgb(p), outline=INK)
        light = sum(rgb(p)) > 450
        _text(d, (cx, y), str(int(counts[p])), 10, INK if light else (255, 255, 255))


def _draw_hex_pieces(d, s, fr: _Frame, revealed, rgb) -> None:
    """Lairs and their crews, fish shoals, spice villages: only on face-up hexes."""
    kind = _view(s, "ep_hex_kind")
    lair = _view(s, "lair_state")
    lair_crews = _view(s, "lair_crews")
    fish_face, fish_on = _view(s, "fish_face"), _view(s, "fish_on_shoal")
    adv, face = _view(s, "village_advantage"), _view(s, "pirate_bonus_face")
    sacks, village_crews = _view(s, "village_sacks"), _view(s, "village_crews")
    r = fr.scale
    for h in np.flatnonzero(revealed):
        x, y = fr.hex_xy[h]
        k = int(kind[h])
        if k == GOLD and lair[h] in (LAIR_ACTIVE, LAIR_CAPTURED):
            # A lair: a black flag, captured ones crossed out.
            d.rectangle((x - 10, y - 12, x + 10, y + 2), fill=(20, 20, 20), outline=(240, 240, 240))
            _text(d, (x, y - 5), "lair", 9, (240, 240, 240))
            if lair[h] == LAIR_CAPTURED:
                d.line((x - 11, y - 13, x + 11, y + 3), fill=(220, 40, 40), width=2)
        if k == GOLD and lair[h] != 0:
            _crew_marks(d, x, y + r * 0.55, lair_crews[h], rgb)
        if k == FISH_SHOAL:
            f = int(fish_face[h])
            d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=(250, 250, 250), outline=INK)
            _text(d, (x, y), str(f) if f else "-", 13)
            if fish_on[h]:
                d.ellipse((x - 12, y + 13, x + 12, y + 21), fill=CARGO_RGB[2], outline=INK)
        if k == SPICE:
            a = int(adv[h])
            d.polygon(house(x, y - r * 0.3, 8), fill=(240, 220, 170), outline=INK)
            label = ADVANTAGE_SHORT[a] if 0 <= a < len(ADVANTAGE_SHORT) else "?"
            if a == 2 and face[h]:
                label += f" {int(face[h])}"
            _text(d, (x, y + r * 0.15), label, 10, (255, 255, 255))
            _text(d, (x, y + r * 0.42), f"sacks {int(sacks[h])}", 9, (255, 255, 255))
            _crew_marks(d, x, y + r * 0.72, village_crews[h], rgb)


def _draw_roads(d, s, fr: _Frame, rgb) -> None:
    owners = _view(s, "ep_road_owner")[: fr.num_edges]
    for e in np.flatnonzero(owners >= 0):
        a, b = (fr.vertex_xy[v] for v in fr.edge_vertices[e])
        p = (a[0] + 0.2 * (b[0] - a[0]), a[1] + 0.2 * (b[1] - a[1]))
        q = (b[0] + 0.2 * (a[0] - b[0]), b[1] + 0.2 * (a[1] - b[1]))
        d.line((p, q), fill=INK, width=8)
        d.line((p, q), fill=rgb(int(owners[e])), width=5)


def _draw_buildings(d, s, fr: _Frame, rgb) -> None:
    owners = _view(s, "ep_vertex_owner")[: fr.num_vertices]
    kinds = _view(s, "ep_vertex_building")
    storage = _view(s, "ep_storage")
    for v in fr.marked:  # the marked harbor intersections: an anchor ring
        if owners[v] < 0:
            x, y = fr.vertex_xy[v]
            d.ellipse((x - 5, y - 5, x + 5, y + 5), outline=(250, 250, 250), width=2)
    for v in np.flatnonzero(owners >= 0):
        x, y = fr.vertex_xy[v]
        colour = rgb(int(owners[v]))
        if kinds[v] == HARBOR_SETTLEMENT:
            # A harbor settlement: a house on a dock.
            d.rectangle((x - 10, y + 3, x + 10, y + 9), fill=(120, 85, 50), outline=INK)
            d.polygon(house(x, y - 2, 8), fill=colour, outline=INK, width=2)
            _cargo_dots(d, x + 14, y, storage[v])
        else:
            d.polygon(house(x, y, 7), fill=colour, outline=INK, width=2)


def _cargo_dots(d, x: float, y: float, cargo) -> None:
    k = 0
    for c in range(NUM_CARGO):
        for _ in range(int(cargo[c])):
            cx = x + 7 * k
            d.ellipse((cx - 3, y - 3, cx + 3, y + 3), fill=CARGO_RGB[c], outline=INK)
            k += 1


def _boat(x: float, y: float, w: float = 13) -> list[tuple[float, float]]:
    return [(x - w, y - 3), (x + w, y - 3), (x + w * 0.6, y + 6), (x - w * 0.6, y + 6)]


def _draw_ships(d, s, fr: _Frame, rgb) -> None:
    edges = _view(s, "ship_edge")
    cargo = _view(s, "ship_cargo")
    n = int(BASE_LAYOUT.get(s, "num_players"))
    on_path: dict[int, int] = {}
    for p in range(n):
        for k in range(SHIPS_PER_PLAYER):
            e = int(edges[p, k])
            if e < 0:
                continue
            slot = on_path.get(e, 0)
            on_path[e] = slot + 1
            x, y = fr.edge_mid(e)
            y += 10 * slot - 4  # two ships on one route: one below the other
            d.polygon(_boat(x, y), fill=rgb(p), outline=INK, width=2)
            d.line((x, y - 3, x, y - 14), fill=INK, width=2)  # mast
            d.polygon([(x + 1, y - 14), (x + 9, y - 8), (x + 1, y - 5)], fill=(245, 245, 235),
                      outline=INK)  # fmt: skip
            _cargo_dots(d, x - 8, y + 1, cargo[p, k])


def _draw_pirate(d, s, fr: _Frame, rgb) -> None:
    h = int(EL.EP_LAYOUT.get(s, "pirate_hex"))
    if 0 <= h < fr.num_hexes:
        x, y = fr.hex_xy[h]
        x -= fr.scale * 0.45
        owner = int(EL.EP_LAYOUT.get(s, "pirate_owner"))
        d.polygon(_boat(x, y + 4, 15), fill=(25, 25, 25), outline=(235, 235, 235), width=2)
        d.line((x, y + 1, x, y - 16), fill=(235, 235, 235), width=2)
        flag = rgb(owner) if owner >= 0 else (25, 25, 25)
        d.rectangle((x + 1, y - 16, x + 11, y - 9), fill=flag, outline=(235, 235, 235))


def _draw_panel(d, s, fr: _Frame, seat_rgb) -> None:
    g = EL.EP_LAYOUT
    n = len(seat_rgb)
    y0 = BOARD_HEIGHT + 6
    _text(d, (12, y0), status(s), 15, anchor="la")
    legend_x = WIDTH - 250
    for c in range(NUM_CARGO):
        cx = legend_x + 62 * c
        d.ellipse((cx - 4, y0 + 24, cx + 4, y0 + 32), fill=CARGO_RGB[c], outline=INK)
        _text(d, (cx + 7, y0 + 28), CARGO_SHORT[c], 11, anchor="lm")
    board = (
        f"discovered {int(g.get(s, 'hexes_discovered'))}, "
        f"face down {int((_view(s, 'ep_hex_revealed')[: fr.num_hexes] == 0).sum())}"
    )
    if fr.tracks:
        board += (
            f" | fish supply {int(g.get(s, 'fish_supply'))}, "
            f"spice supply {int(g.get(s, 'spice_supply'))}"
        )
    _text(d, (12, y0 + 22), board, 13, anchor="la")
    width = WIDTH // max(n, 1)
    current = int(BASE_LAYOUT.get(s, "current_player"))
    over = int(BASE_LAYOUT.get(s, "winner")) >= 0
    for row in summaries(s):
        p = row["seat"]
        _seat_column(d, 8 + p * width, y0 + 44, width - 16, row, seat_rgb[p],
                     p == current and not over, fr.tracks)  # fmt: skip


def _seat_column(d, x0, y, w, row, colour, current: bool, tracks) -> None:
    if current:
        d.rectangle((x0 - 4, y - 4, x0 + w + 4, HEIGHT - 4), outline=INK, width=2)
    d.rectangle((x0, y, x0 + 18, y + 18), fill=colour, outline=INK, width=2)
    _text(d, (x0 + 24, y + 1), f"{row['colour']} ({row['seat']})", 14, anchor="la")
    _text(d, (x0 + w, y - 1), f"{row['vp']} VP", 18, anchor="ra")
    _text(d, (x0, y + 26), f"cards {row['cards']}   gold {row['gold']}", 13, anchor="la")
    _text(d, (x0, y + 44), f"ships {row['ships']}/3   settlers {row['settlers_left']}   "
          f"crews {row['crews_left']}", 12, anchor="la")  # fmt: skip
    _text(d, (x0, y + 61), f"settl. {row['settlements']}   harbors {row['harbors']}   "
          f"roads {row['roads']}", 12, anchor="la")  # fmt: skip
    ty = y + 80
    for t in tracks:
        pos = row["tracks"][t]
        _text(d, (x0, ty + 6), TRACK_SHORT[t], 11, anchor="lm")
        bx = x0 + 42
        for k in range(1, int(TRACK_LAST[t]) + 1):
            fill = colour if k <= pos else (214, 210, 200)
            d.rectangle((bx, ty, bx + 12, ty + 12), fill=fill, outline=INK)
            if k <= pos:  # a dot too, so a white seat's progress shows
                d.ellipse((bx + 4, ty + 4, bx + 8, ty + 8), fill=INK)
            bx += 15
        if row["mission_cards"] and t in row["mission_cards"]:
            _text(d, (bx + 4, ty + 6), "VP card", 11, (110, 40, 20), anchor="lm")
        ty += 18
    if tracks:
        _text(d, (x0, ty + 2), f"mission VP {row['mission_vp']}", 12, anchor="la")


__all__ = ["BACK_RGB", "BOARD_HEIGHT", "draw"]
