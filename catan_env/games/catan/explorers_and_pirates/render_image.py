"""The picture of an Explorers & Pirates state (E&P §12): the frame board, a legend, a panel.

:func:`draw` returns the same 1000 x 660 RGB ``PIL.Image`` as the base
picture, laid out for the wide frame boards: the board of any scenario fills
the top left, scaled to fit; a legend on its right explains every mark the
scenario can show; one column per seat fills the panel below, under the
title ("Explorers & Pirates — Pirate Lairs") and the turn.

Drawn: sea and frame-sea hexes, face-up land hexes by terrain (gold fields
with an inner ring) with number tokens, face-down hexes as plain backs (one
neutral colour and a ``?``, whatever they are: the state's hidden kind, fish
face, village advantage or lair token never reach the picture), roads,
settlements and harbor settlements (a house on a dock, with the cargo in its
storage), ships in their owners' colours with their cargo as coloured dots
(two ships on one route side by side, with a count), the pirate ship, pirate
lairs with the crews on them, the Council of Catan, fish shoals with their
die face and fish, spice villages with their advantage, sacks and
befriending crews. While a set-up harbor settlement is being placed, rings
mark the intersections it may take (E&P §10.7.3). The panel gives each
seat's VP, cards, gold, supplies and mission-track progress.

Labels (crews, village advantages and sacks, ship counts, storage) go
through :class:`~catan_env.render_image.LabelLayout`: none covers another,
and each keeps off the pieces where it can; :func:`draw_with_labels` gives
their boxes. Everything is read through the E&P layout's named fields; the
face-up part of the board and the legend are drawn once per (scenario,
face-up hexes, set-up) and cached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from catan_env.render_image import HEIGHT, INK, WIDTH, LabelLayout, _text, text_box

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
    MOD_CREWS,
    MOD_FISH,
    MOD_LAIRS,
    MOD_PIRATES,
    MOD_SPICES,
    NEUTRAL,
    NUM_CARGO,
    PIRATE_BONUS,
    SCENARIOS,
    SEA,
    SHIPS_PER_PLAYER,
    SPICE,
    TRACK_LAST,
    TRACK_NAMES,
)
from .phases import SETUP_HARBOR, SETUP_NEUTRAL_HARBOR
from .render import progress, seat_colours, summaries, title

BOARD_HEIGHT = 430  # the board fills the top; the panel the rest
LEGEND_WIDTH = 196  # the legend column right of the board
BOARD_RIGHT = WIDTH - LEGEND_WIDTH
#: Where the legend's icons are centred and its texts start (x).
LEGEND_ICON_X, LEGEND_TEXT_X = BOARD_RIGHT + 28, BOARD_RIGHT + 54
MARGIN = 0.75  # frame around the outermost corners, in hex units
BACKGROUND_RGB = (29, 63, 99)
FRAME_RGB = (112, 78, 46)
SEA_RGB = (63, 127, 191)
FRAME_SEA_RGB = (48, 104, 160)
COUNCIL_RGB = (92, 160, 200)
SHOAL_RGB = (70, 165, 170)
GOLD_RGB = (222, 178, 36)
#: The ring inside a gold field: its fill alone is too near the fields' yellow.
GOLD_RING_RGB = (150, 105, 0)
SPICE_RGB = (150, 75, 110)
#: Every face-down hex, whatever it is.
BACK_RGB = (96, 84, 120)
NEUTRAL_RGB = (128, 128, 128)
DOCK_RGB = (120, 85, 50)
PLATE_RGB = (245, 242, 232)
#: Cargo dots: settler, crew, fish, spice.
CARGO_RGB = ((250, 250, 250), (20, 20, 20), (250, 140, 20), (120, 60, 20))
CARGO_SHORT = ("settler", "crew", "fish", "spice")
TRACK_SHORT = ("lairs", "fish", "spice")
#: A village's advantage as its label reads (E&P §9.4; the legend spells them out); a
#: Pirate Bonus village adds its die face.
ADVANTAGE_SHORT = ("", "swift", "bonus", "fast gold")
#: Hull half-width of a ship alone on its route, and of each of two side by side.
BOAT_W, PAIR_W = 12, 9
#: A label this far (pixels) from where it belongs gets a thin line back to it.
LEADER_AFTER = 14


class _Frame:
    """Pixel positions of one scenario's hexes and intersections."""

    def __init__(self, scenario: str):
        from ..board.ep_frame import load_frame
        from .tables import T_FIXED_START, T_MODULES, T_TRACKS, T_VERTEX_MARKED, scenario_tables

        board = load_frame(scenario)
        g = board.grid
        lo = g.vertex_xy.min(axis=0) - MARGIN
        hi = g.vertex_xy.max(axis=0) + MARGIN
        self.scale = min((BOARD_RIGHT - 12) / (hi[0] - lo[0]), (BOARD_HEIGHT - 8) / (hi[1] - lo[1]))
        size = (hi - lo) * self.scale
        origin = ((BOARD_RIGHT - size[0]) / 2, (BOARD_HEIGHT - size[1]) / 2)

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
        self.modules = int(tb[T_MODULES])
        self.free_setup = int(tb[T_FIXED_START]) == 0

    def edge_mid(self, e: int) -> tuple[float, float]:
        a, b = (self.vertex_xy[v] for v in self.edge_vertices[e])
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def hexagon(self, h: int, shrink: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.hex_xy[h]
        return [(cx + shrink * (x - cx), cy + shrink * (y - cy))
                for x, y in (self.vertex_xy[v] for v in self.hex_vertices[h])]  # fmt: skip


@lru_cache(maxsize=len(SCENARIOS))
def _frame(scenario: str) -> _Frame:
    return _Frame(scenario)


def _scenario(state: np.ndarray) -> str:
    return SCENARIOS[int(EL.LAYOUT.get(state, "scenario"))]


def _view(state: np.ndarray, name: str) -> np.ndarray:
    return EL.LAYOUT.view(state, name)


def _face_up_board(state: np.ndarray, fr: _Frame) -> bytes:
    """The face-up kind and number of each hex, -1 where face down: all the background shows."""
    n = fr.num_hexes
    revealed = _view(state, "ep_hex_revealed")[:n] == 1
    kind = np.where(revealed, _view(state, "ep_hex_kind")[:n], -1)
    number = np.where(revealed, _view(state, "ep_hex_number")[:n], 0)
    return np.concatenate([kind, number]).astype(np.int32).tobytes()


def _placing_harbor(state: np.ndarray) -> bool:
    """Whether a set-up harbor settlement is being placed (the marked rings are shown)."""
    return int(BASE_LAYOUT.get(state, "phase")) in (SETUP_HARBOR, SETUP_NEUTRAL_HARBOR)


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


def _token_radius(fr: _Frame) -> float:
    return max(10.0, fr.scale * 0.36)


@lru_cache(maxsize=64)
def _background(scenario: str, board: bytes, harbor_sites: bool) -> Image.Image:
    """Frame, hexes (face-down ones as backs), number tokens, the legend and the empty panel."""
    fr = _frame(scenario)
    b = np.frombuffer(board, np.int32)
    kind, number = b[: fr.num_hexes], b[fr.num_hexes :]
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND_RGB)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(fr.box, radius=12, fill=FRAME_RGB, outline=INK, width=2)
    r = fr.scale
    for h in range(fr.num_hexes):
        k = int(kind[h])
        d.polygon(fr.hexagon(h), fill=_hex_fill(k), outline=(60, 50, 40), width=2)
        x, y = fr.hex_xy[h]
        if k < 0:
            _text(d, (x, y), "?", int(r * 0.6), (200, 190, 220))
        elif k == COUNCIL:
            _council(d, x, y, r * 0.62)
        elif k == GOLD:
            d.polygon(fr.hexagon(h, 0.8), outline=GOLD_RING_RGB, width=2)
        if k >= 0 and number[h] >= 2:
            _token(d, (x, y), int(number[h]), _token_radius(fr))
    d.rectangle((0, BOARD_HEIGHT, WIDTH, HEIGHT), fill=PANEL_RGB)
    _draw_legend(d, fr, harbor_sites)
    return img


def _council(d, x: float, y: float, c: float) -> None:
    d.ellipse((x - c, y - c, x + c, y + c), fill=(235, 235, 220), outline=INK, width=2)
    _text(d, (x, y - 5), "Council", 8)
    _text(d, (x, y + 6), "of Catan", 8)


def _token(d: ImageDraw.ImageDraw, centre, number: int, t: float) -> None:
    x, y = centre
    hot = number in (6, 8)
    d.ellipse((x - t, y - t, x + t, y + t), fill=(244, 233, 200), outline=INK)
    _text(d, (x, y - 2), str(number), 14 if hot else 13, HOT_NUMBER_RGB if hot else INK)
    pips = 6 - abs(7 - number)
    for k in range(pips):
        px = x + (k - (pips - 1) / 2) * 3.4
        d.ellipse((px - 1.1, y + t * 0.5, px + 1.1, y + t * 0.5 + 2.2),
                  fill=HOT_NUMBER_RGB if hot else INK)  # fmt: skip


# --- the pieces' shapes (board and legend alike) ------------------------------------------


def _boat(d, x: float, y: float, colour, w: float = BOAT_W, cargo=None) -> tuple:
    """A ship centred on ``(x, y)`` with its cargo as dots on the hull; returns its box."""
    m = w * 1.1  # mast height
    d.polygon([(x - w, y - 2), (x + w, y - 2), (x + w * 0.6, y + 6), (x - w * 0.6, y + 6)],
              fill=colour, outline=INK, width=2)  # fmt: skip
    d.line((x, y - 2, x, y - 2 - m), fill=INK, width=2)
    d.polygon([(x + 1, y - 2 - m), (x + 0.7 * w, y - 2 - m * 0.45), (x + 1, y - 4)],
              fill=(245, 245, 235), outline=INK)  # fmt: skip
    if cargo is not None:
        _cargo_dots(d, x - 3.5 * (int(np.sum(cargo)) - 1), y + 2, cargo, step=7, r=3)
    return (x - w, y - 2 - m, x + w, y + 6)


def _cargo_dots(d, x: float, y: float, cargo, step: float = 7, r: float = 3) -> None:
    """One dot per piece, from ``(x, y)`` rightwards: settler, crew, fish, spice colours."""
    k = 0
    for c in range(NUM_CARGO):
        for _ in range(int(cargo[c])):
            cx = x + step * k
            d.ellipse((cx - r, y - r, cx + r, y + r), fill=CARGO_RGB[c], outline=INK)
            k += 1


def _settlement(d, x: float, y: float, colour) -> tuple:
    d.polygon(house(x, y, 7), fill=colour, outline=INK, width=2)
    return (x - 8, y - 9, x + 8, y + 8)


def _harbor_settlement(d, x: float, y: float, colour) -> tuple:
    """A harbor settlement: a house on a dock."""
    d.rectangle((x - 10, y + 3, x + 10, y + 9), fill=DOCK_RGB, outline=INK)
    d.polygon(house(x, y - 2, 8), fill=colour, outline=INK, width=2)
    return (x - 10, y - 12, x + 10, y + 9)


def _harbor_site(d, x: float, y: float) -> tuple:
    d.ellipse((x - 5, y - 5, x + 5, y + 5), outline=(250, 250, 250), width=2)
    return (x - 6, y - 6, x + 6, y + 6)


def _pirate(d, x: float, y: float, flag, k: float = 1.0) -> tuple:
    """The pirate ship, its flag in the colour of the seat that placed it; ``k``: scale."""
    d.polygon([(x - 15 * k, y + k), (x + 15 * k, y + k), (x + 9 * k, y + 10 * k),
               (x - 9 * k, y + 10 * k)], fill=(25, 25, 25), outline=(235, 235, 235),
              width=2)  # fmt: skip
    d.line((x, y + k, x, y - 16 * k), fill=(235, 235, 235), width=2)
    d.rectangle((x + k, y - 16 * k, x + 11 * k, y - 9 * k), fill=flag, outline=(235, 235, 235))
    return (x - 15 * k, y - 17 * k, x + 15 * k, y + 11 * k)


def _lair(d, x: float, y: float, captured: bool) -> tuple:
    """A pirate lair: a black flag with crossed bones; a captured one crossed out in red."""
    d.line((x - 9, y - 13, x - 9, y + 6), fill=INK, width=2)
    d.rectangle((x - 8, y - 13, x + 9, y - 1), fill=(20, 20, 20), outline=(240, 240, 240))
    d.line((x - 4, y - 11, x + 5, y - 3), fill=(240, 240, 240), width=2)
    d.line((x - 4, y - 3, x + 5, y - 11), fill=(240, 240, 240), width=2)
    if captured:
        d.line((x - 11, y - 14, x + 11, y + 2), fill=(220, 40, 40), width=3)
    return (x - 11, y - 14, x + 11, y + 7)


def _shoal(d, x: float, y: float, face: int) -> tuple:
    d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=(250, 250, 250), outline=INK)
    _text(d, (x, y), str(face) if face else "-", 13)
    return (x - 11, y - 11, x + 11, y + 11)


def _fish(d, x: float, y: float) -> tuple:
    d.ellipse((x - 11, y - 4, x + 11, y + 4), fill=CARGO_RGB[2], outline=INK)
    d.polygon([(x + 10, y), (x + 15, y - 4), (x + 15, y + 4)], fill=CARGO_RGB[2], outline=INK)
    return (x - 11, y - 4, x + 15, y + 4)


def _village(d, x: float, y: float) -> tuple:
    d.polygon(house(x, y, 8), fill=(240, 220, 170), outline=INK, width=2)
    return (x - 9, y - 10, x + 9, y + 9)


def _crews(d, x: float, y: float, counts, rgb) -> None:
    """Small squares in each seat's colour with the number of its crews, centred on ``(x, y)``."""
    seats = [p for p in range(len(counts)) if counts[p] > 0]
    for i, p in enumerate(seats):
        cx = x + (i - (len(seats) - 1) / 2) * 14
        d.rectangle((cx - 6, y - 6, cx + 6, y + 6), fill=rgb(p), outline=INK)
        light = sum(rgb(p)) > 450
        _text(d, (cx, y), str(int(counts[p])), 10, INK if light else (255, 255, 255))


def _badge(d, x: float, y: float, text: str, fill=(250, 250, 250), ink=INK) -> None:
    """A count in a small disc (ship counts, spice sacks)."""
    d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=fill, outline=INK)
    _text(d, (x, y), text, 10, ink)


def _plate(d, x: float, y: float, text: str, size: int = 10) -> None:
    """A text label on a light plate, readable on any hex."""
    left, top, right, bottom = text_box((x, y), text, size)
    d.rounded_rectangle((left - 2, top - 2, right + 2, bottom + 2), radius=3, fill=PLATE_RGB,
                        outline=(90, 80, 70))  # fmt: skip
    _text(d, (x, y), text, size)


# --- the legend ---------------------------------------------------------------------------


def _legend_entries(fr: _Frame, harbor_sites: bool) -> list[tuple[Callable, str]]:
    """(icon painter at a centre, text) for every mark this scenario's picture can show."""
    grey = NEUTRAL_RGB
    red = PLAYER_RGB["red"]

    def swatch(fill, mark=None):
        def paint(d, x, y):
            d.rectangle((x - 9, y - 7, x + 9, y + 7), fill=fill, outline=INK)
            if mark:
                mark(d, x, y)

        return paint

    def ring(d, x, y):
        d.rectangle((x - 9, y - 7, x + 9, y + 7), outline=GOLD_RING_RGB, width=2)

    out = [
        (swatch(BACK_RGB, lambda d, x, y: _text(d, (x, y), "?", 12, (200, 190, 220))),
         "face-down hex"),
        (swatch(FRAME_SEA_RGB), "frame sea"),
        (lambda d, x, y: _settlement(d, x, y + 2, grey), "settlement (1 VP)"),
        (lambda d, x, y: _harbor_settlement(d, x, y + 2, grey), "harbor settl.; dots: storage"),
        (lambda d, x, y: _boat(d, x, y + 3, grey, w=10), "ship; dots: its cargo"),
        (lambda d, x, y: _badge(d, x, y, "2"), "2 ships on one route"),
    ]  # fmt: skip
    if harbor_sites:
        out.append((swatch(SEA_RGB, _harbor_site), "set-up harbor site"))
    modules = (0, MOD_CREWS, MOD_FISH, MOD_SPICES)  # the module each cargo kind comes with
    kinds = [c for c in range(NUM_CARGO) if modules[c] == 0 or fr.modules & modules[c]]
    out.append((lambda d, x, y: _cargo_dots(d, x - 3.5 * (len(kinds) - 1), y,
                                            np.isin(np.arange(NUM_CARGO), kinds), r=4),
                ", ".join(CARGO_SHORT[c] for c in kinds)))  # fmt: skip
    if fr.modules & MOD_PIRATES:
        out.append((lambda d, x, y: _pirate(d, x, y + 2, red, 0.65), "pirate ship (flag: placer)"))
    if fr.modules & MOD_LAIRS:
        out += [
            (swatch(GOLD_RGB, ring), "gold field"),
            (lambda d, x, y: _lair(d, x, y + 3, False), "pirate lair"),
            (lambda d, x, y: _lair(d, x, y + 3, True), "captured lair"),
        ]
    if fr.modules & MOD_CREWS:
        out.append((lambda d, x, y: _crews(d, x, y, [2], lambda p: red), "crews of a seat there"))
    if fr.modules & MOD_FISH:
        out += [
            (swatch(SHOAL_RGB, lambda d, x, y: _text(d, (x, y), "4", 11)), "fish shoal (die roll)"),
            (lambda d, x, y: _fish(d, x - 2, y), "fish to catch"),
            (swatch(COUNCIL_RGB), "Council of Catan"),
        ]
    if fr.modules & MOD_SPICES:
        out += [
            (swatch(SPICE_RGB, lambda d, x, y: _village(d, x, y + 2)), "spice village"),
            (lambda d, x, y: _badge(d, x, y, "3", CARGO_RGB[3], (255, 255, 255)),
             "spice sacks left there"),
            (lambda d, x, y: _plate(d, x, y, "swift", 9), "village: swift voyage"),
            (lambda d, x, y: _plate(d, x, y, "bonus 5", 9), "village: pirate bonus on 5"),
            (lambda d, x, y: _plate(d, x, y, "fast gold", 9), "village: fast gold"),
        ]  # fmt: skip
    return out


def _draw_legend(d, fr: _Frame, harbor_sites: bool) -> None:
    x0 = BOARD_RIGHT + 4
    d.rounded_rectangle((x0, 4, WIDTH - 4, BOARD_HEIGHT - 4), radius=8, fill=PANEL_RGB,
                        outline=INK, width=1)  # fmt: skip
    _text(d, (x0 + 10, 10), "Legend", 14, anchor="la")
    entries = _legend_entries(fr, harbor_sites)
    step = min(22.0, (BOARD_HEIGHT - 40) / max(1, len(entries)))
    for i, (paint, label) in enumerate(entries):
        y = 38 + i * step
        paint(d, LEGEND_ICON_X, y)
        _text(d, (LEGEND_TEXT_X, y), label, 11, anchor="lm")


# --- the picture ----------------------------------------------------------------------------


@dataclass
class _Label:
    """A label waiting for its place: drawn by ``paint(d, x, y)`` centred on ``(x, y)``."""

    name: str
    width: float
    height: float
    at: tuple[float, float]
    paint: Callable


def draw(state: np.ndarray) -> Image.Image:
    """The picture of an Explorers & Pirates ``state``."""
    return draw_with_labels(state)[0]


def draw_with_labels(state: np.ndarray) -> tuple[Image.Image, list]:
    """The picture and its labels' ``(name, (left, top, right, bottom))`` boxes, as laid out."""
    s = state
    scenario = _scenario(s)
    fr = _frame(scenario)
    sites = fr.free_setup and _placing_harbor(s)
    img = _background(scenario, _face_up_board(s, fr), sites).copy()
    d = ImageDraw.Draw(img)
    seat_rgb = [PLAYER_RGB[c] for c in seat_colours(s)]

    def rgb(owner: int):
        return NEUTRAL_RGB if owner == NEUTRAL or owner >= len(seat_rgb) else seat_rgb[owner]

    layout = LabelLayout(fr.box)
    labels: list[_Label] = []
    revealed = _view(s, "ep_hex_revealed")[: fr.num_hexes] == 1
    _mark_background(layout, s, fr, revealed)
    _draw_hex_pieces(d, s, fr, revealed, rgb, layout, labels)
    _draw_roads(d, s, fr, rgb)
    _draw_buildings(d, s, fr, rgb, layout, labels, sites)
    _draw_ships(d, s, fr, rgb, layout, labels)
    _draw_pirate(d, s, fr, rgb, layout)
    for lab in labels:
        x, y = layout.place(lab.name, lab.width, lab.height, lab.at)
        if np.hypot(x - lab.at[0], y - lab.at[1]) > LEADER_AFTER:
            d.line((lab.at, (x, y)), fill=(240, 240, 240), width=1)
        lab.paint(d, x, y)
    _draw_panel(d, s, fr, seat_rgb)
    return img, layout.placed


def _mark_background(layout: LabelLayout, s, fr: _Frame, revealed) -> None:
    """Tokens, the Council and face-down hexes: labels keep off them."""
    number = _view(s, "ep_hex_number")
    kind = _view(s, "ep_hex_kind")
    t = _token_radius(fr)
    r = fr.scale
    for h in range(fr.num_hexes):
        x, y = fr.hex_xy[h]
        if not revealed[h]:
            # The whole back: a label there would look like a fact about a hidden hex.
            layout.mark((x - 0.55 * r, y - 0.55 * r, x + 0.55 * r, y + 0.55 * r))
        elif kind[h] == COUNCIL:
            layout.mark((x - 0.62 * r, y - 0.62 * r, x + 0.62 * r, y + 0.62 * r))
        elif number[h] >= 2:
            layout.mark((x - t, y - t, x + t, y + t))


def _add_crews(labels: list, name: str, x: float, y: float, counts, rgb) -> None:
    """A label of the crews on a hex, if any."""
    k = int((np.asarray(counts) > 0).sum())
    if k:
        labels.append(_Label(name, 14 * k - 2, 12, (x, y),
                             lambda d, cx, cy: _crews(d, cx, cy, counts, rgb)))  # fmt: skip


def _text_label(name: str, x: float, y: float, text: str, size: int = 10) -> _Label:
    left, top, right, bottom = text_box((0, 0), text, size)
    return _Label(name, right - left + 4, bottom - top + 4, (x, y),
                  lambda d, cx, cy: _plate(d, cx, cy, text, size))  # fmt: skip


def _draw_hex_pieces(d, s, fr: _Frame, revealed, rgb, layout, labels) -> None:
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
            layout.mark(_lair(d, x, y, lair[h] == LAIR_CAPTURED))
        if k == GOLD and lair[h] != 0:
            # Under the number token (a crew row higher would touch it).
            _add_crews(labels, f"crews h{h}", x, y + r * 0.62, lair_crews[h], rgb)
        if k == FISH_SHOAL:
            layout.mark(_shoal(d, x, y - 3, int(fish_face[h])))
            if fish_on[h]:
                layout.mark(_fish(d, x - 2, y + 15))
        if k == SPICE:
            layout.mark(_village(d, x - 7, y - r * 0.45))
            if sacks[h]:
                labels.append(_Label(f"sacks h{h}", 15, 15, (x + 11, y - r * 0.45),
                                     _sacks_painter(int(sacks[h]))))  # fmt: skip
            a = int(adv[h])
            text = ADVANTAGE_SHORT[a] if 0 <= a < len(ADVANTAGE_SHORT) else "?"
            if a == PIRATE_BONUS and face[h]:
                text += f" {int(face[h])}"
            if text:
                labels.append(_text_label(f"advantage h{h}", x, y + r * 0.05, text, 9))
            _add_crews(labels, f"crews h{h}", x, y + r * 0.5, village_crews[h], rgb)


def _sacks_painter(n: int) -> Callable:
    return lambda d, x, y: _badge(d, x, y, str(n), CARGO_RGB[3], (255, 255, 255))


def _draw_roads(d, s, fr: _Frame, rgb) -> None:
    owners = _view(s, "ep_road_owner")[: fr.num_edges]
    for e in np.flatnonzero(owners >= 0):
        a, b = (fr.vertex_xy[v] for v in fr.edge_vertices[e])
        p = (a[0] + 0.2 * (b[0] - a[0]), a[1] + 0.2 * (b[1] - a[1]))
        q = (b[0] + 0.2 * (a[0] - b[0]), b[1] + 0.2 * (a[1] - b[1]))
        d.line((p, q), fill=INK, width=8)
        d.line((p, q), fill=rgb(int(owners[e])), width=5)


def _draw_buildings(d, s, fr: _Frame, rgb, layout, labels, sites: bool) -> None:
    owners = _view(s, "ep_vertex_owner")[: fr.num_vertices]
    kinds = _view(s, "ep_vertex_building")
    storage = _view(s, "ep_storage")
    if sites:  # where the set-up harbor settlement may go
        for v in fr.marked:
            if owners[v] < 0:
                layout.mark(_harbor_site(d, *fr.vertex_xy[v]))
    for v in np.flatnonzero(owners >= 0):
        x, y = fr.vertex_xy[v]
        colour = rgb(int(owners[v]))
        if kinds[v] == HARBOR_SETTLEMENT:
            layout.mark(_harbor_settlement(d, x, y, colour))
            n = int(storage[v].sum())
            if n:
                cargo = storage[v].copy()
                labels.append(_Label(f"storage v{v}", 7 * n, 8, (x + 13 + 3.5 * n, y),
                                     lambda d, cx, cy, c=cargo, n=n: _cargo_dots(
                                         d, cx - 3.5 * (n - 1), cy, c)))  # fmt: skip
        else:
            layout.mark(_settlement(d, x, y, colour))


def _draw_ships(d, s, fr: _Frame, rgb, layout, labels) -> None:
    """Ships on their routes; two on one route side by side, with a "2" above them."""
    edges = _view(s, "ship_edge")
    cargo = _view(s, "ship_cargo")
    n = int(BASE_LAYOUT.get(s, "num_players"))
    on_route: dict[int, list[tuple[int, int]]] = {}
    for p in range(n):
        for k in range(SHIPS_PER_PLAYER):
            if edges[p, k] >= 0:
                on_route.setdefault(int(edges[p, k]), []).append((p, k))
    for e, ships in on_route.items():
        x, y = fr.edge_mid(e)
        w = BOAT_W if len(ships) == 1 else PAIR_W
        for i, (p, k) in enumerate(ships):
            dx = (i - (len(ships) - 1) / 2) * (2 * w + 3)
            layout.mark(_boat(d, x + dx, y + 2, rgb(p), w, cargo[p, k]))
        if len(ships) > 1:
            count = str(len(ships))
            labels.append(_Label(f"ships e{e}", 15, 15, (x, y - 20),
                                 lambda d, cx, cy, t=count: _badge(d, cx, cy, t)))  # fmt: skip


def _draw_pirate(d, s, fr: _Frame, rgb, layout) -> None:
    h = int(EL.LAYOUT.get(s, "pirate_hex"))
    if 0 <= h < fr.num_hexes:
        x, y = fr.hex_xy[h]
        owner = int(EL.LAYOUT.get(s, "pirate_owner"))
        flag = rgb(owner) if owner >= 0 else (25, 25, 25)
        layout.mark(_pirate(d, x, y + 3, flag))


def _draw_panel(d, s, fr: _Frame, seat_rgb) -> None:
    g = EL.LAYOUT
    n = len(seat_rgb)
    y0 = BOARD_HEIGHT + 6
    heading = title(s)
    _text(d, (12, y0), heading, 17, anchor="la")
    right = text_box((12, y0), heading, 17, anchor="la")[2]
    _text(d, (right + 14, y0 + 3), progress(s), 14, anchor="la")
    board = (
        f"discovered {int(g.get(s, 'hexes_discovered'))}, "
        f"face down {int((_view(s, 'ep_hex_revealed')[: fr.num_hexes] == 0).sum())}"
    )
    if fr.modules & MOD_FISH:
        board += f" | fish supply {int(g.get(s, 'fish_supply'))}"
    if fr.modules & MOD_SPICES:
        board += f" | spice supply {int(g.get(s, 'spice_supply'))}"
    _text(d, (12, y0 + 24), board, 13, anchor="la")
    width = WIDTH // max(n, 1)
    current = int(BASE_LAYOUT.get(s, "current_player"))
    over = int(BASE_LAYOUT.get(s, "winner")) >= 0
    for row in summaries(s):
        p = row["seat"]
        _seat_column(d, 8 + p * width, y0 + 46, width - 16, row, seat_rgb[p],
                     p == current and not over, fr.tracks)  # fmt: skip


def _seat_column(d, x0, y, w, row, colour, current: bool, tracks) -> None:
    if current:
        d.rectangle((x0 - 4, y - 4, x0 + w + 4, HEIGHT - 4), outline=INK, width=2)
    d.rectangle((x0, y, x0 + 18, y + 18), fill=colour, outline=INK, width=2)
    _text(d, (x0 + 24, y + 1), f"{row['colour']} (seat {row['seat']})", 14, anchor="la")
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


__all__ = ["BACK_RGB", "BOARD_HEIGHT", "draw", "draw_with_labels"]
