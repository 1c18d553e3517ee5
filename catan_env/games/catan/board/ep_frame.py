"""The Explorers & Pirates frame boards, read from the scenario data files.

Each scenario's layout lives in
``catan_env/games/catan/explorers_and_pirates/scenarios/<scenario>.json``,
following the reconstruction of E&P §10.7 (marked [secondary]/[interpretation]
in the rules file), so a corrected map is a data change. Places use the rules
file's coordinates (§2.6): a hex is ``"(r,X)"`` (row, doubled-width column), an
intersection ``"(r,X).NE"`` (a corner of a hex), a path ``"(r,X)|(r',X')"`` (the
side between two cells). The geometry comes from :class:`~.hexgrid.HexGrid`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from ..common.constants import TERRAIN_NAMES
from ..explorers_and_pirates.constants import (
    AREA_CHANNEL,
    AREA_ISLAND,
    AREA_NORTH,
    AREA_SOUTH,
    COUNCIL,
    FISH_SHOAL,
    FRAME_SEA,
    GOLD,
    SCENARIOS,
    SEA,
    SPICE,
)
from .hexgrid import CORNER_NAMES, Cube, HexGrid

_HEX = re.compile(r"^\((\d+),(\d+)\)$")
_CORNER = re.compile(r"^(\(\d+,\d+\))\.(N|NE|SE|S|SW|NW)$")
_PATH = re.compile(r"^(\(\d+,\d+\))\|(\(\d+,\d+\))$")


def cell(r: int, x: int) -> Cube:
    """Cube coordinate of the cell in row ``r``, doubled-width column ``x`` (§2.6)."""
    if (x - r - 1) % 2:
        raise ValueError(f"({r},{x}) is not a cell: the column must have the row's parity + 1")
    q = (x - r - 1) // 2
    return (q, -q - r, r)


def rx(c: Cube) -> tuple[int, int]:
    """Row and doubled-width column of a cube coordinate."""
    return c[2], 2 * c[0] + c[2] + 1


def parse_hex(text: str) -> tuple[int, int]:
    m = _HEX.match(text.replace(" ", ""))
    if not m:
        raise ValueError(f"{text!r} is not a hex like '(4,9)'")
    return int(m.group(1)), int(m.group(2))


def hex_label(r: int, x: int) -> str:
    return f"({r},{x})"


@dataclass(frozen=True)
class FrameBoard:
    """One scenario's board: tiles, their kinds and areas, and named places.

    Attributes:
        name: scenario name, e.g. ``"land_ho"``.
        data: the parsed data file.
        grid: the geometry of every tile (frame cells are not tiles).
        labels: ``"(r,X)"`` of each tile.
        kind: the kind of each face-up tile (``-1``: unexplored position).
        area: the area of each tile (island, channel, north, south).
        number: the fixed number token of each island hex (0 elsewhere).
        printed: 1 on the pasture printed on the frame (never shuffled).
    """

    name: str
    data: dict
    grid: HexGrid
    labels: tuple[str, ...]
    kind: np.ndarray
    area: np.ndarray
    number: np.ndarray
    printed: np.ndarray

    @property
    def num_hexes(self) -> int:
        return self.grid.num_hexes

    def hex_id(self, label: str) -> int:
        r, x = parse_hex(label)
        return self.grid.hex_index(cell(r, x))

    def vertex(self, name: str) -> int:
        """Intersection id of ``"(r,X).NE"`` (a corner of a hex, §2.6)."""
        m = _CORNER.match(name.replace(" ", ""))
        if not m:
            raise ValueError(f"{name!r} is not an intersection like '(1,8).NE'")
        r, x = parse_hex(m.group(1))
        k = CORNER_NAMES.index(m.group(2))
        offsets = {  # the two other cells of each corner (§2.6)
            "N": ((-1, -1), (-1, 1)),
            "NE": ((-1, 1), (0, 2)),
            "SE": ((0, 2), (1, 1)),
            "S": ((1, -1), (1, 1)),
            "SW": ((1, -1), (0, -2)),
            "NW": ((0, -2), (-1, -1)),
        }[CORNER_NAMES[k]]
        cells = [cell(r, x)] + [cell(r + dr, x + dx) for dr, dx in offsets]
        return self.grid.vertex_at(*cells)

    def edge(self, name: str) -> int:
        """Path id of ``"(r,X)|(r',X')"`` (the side between two cells)."""
        m = _PATH.match(name.replace(" ", ""))
        if not m:
            raise ValueError(f"{name!r} is not a path like '(1,6)|(2,7)'")
        a, b = parse_hex(m.group(1)), parse_hex(m.group(2))
        return self.grid.edge_between(cell(*a), cell(*b))

    def vertex_name(self, v: int) -> str:
        """A readable name of intersection ``v``: its cells, tiles first."""
        cells = sorted(self.grid.vertex_cells[v], key=lambda c: rx(c))
        return "/".join(hex_label(*rx(c)) for c in cells)

    def edge_name(self, e: int) -> str:
        a, b = sorted(self.grid.edge_cells[e], key=lambda c: rx(c))
        return f"{hex_label(*rx(a))}|{hex_label(*rx(b))}"


def _area_positions(data: dict, key: str) -> list[tuple[int, int]]:
    return [parse_hex(p) for p in data[key]["positions"]]


def build_frame(name: str, data: dict) -> FrameBoard:
    """Check a scenario's data and build its board (raises ``ValueError``)."""
    tiles: dict[tuple[int, int], tuple[int, int, int, int]] = {}  # kind, area, number, printed

    def put(rxy, kind, area, number=0, printed=0):
        if rxy in tiles:
            raise ValueError(f"scenario {name}: hex {hex_label(*rxy)} is given twice")
        cell(*rxy)  # validates the parity
        tiles[rxy] = (kind, area, number, printed)

    for h in data["island"]:
        t = h["terrain"]
        if t not in TERRAIN_NAMES[:5]:
            raise ValueError(f"scenario {name}: island terrain {t!r} is not a producing terrain")
        put(parse_hex(h["at"]), TERRAIN_NAMES.index(t), AREA_ISLAND, h["number"],
            int(h.get("printed", False)))  # fmt: skip
    for p in data["sea"]:
        put(parse_hex(p), SEA, AREA_CHANNEL)
    put(parse_hex(data["frame_sea"]), FRAME_SEA, AREA_CHANNEL)
    if data.get("council"):
        put(parse_hex(data["council"]), COUNCIL, AREA_CHANNEL)
    for key, area in (("north", AREA_NORTH), ("south", AREA_SOUTH)):
        for p in _area_positions(data, key):
            put(p, -1, area)
    # Every hex of the hexagon-shaped play area is given exactly once (§10.7.1).
    width = data["play_area_width"]
    expected = {(r, 3 + abs(4 - r) + 2 * i) for r in range(1, 8) for i in range(width - abs(4 - r))}
    if set(tiles) != expected:
        missing = sorted(expected - set(tiles))
        extra = sorted(set(tiles) - expected)
        raise ValueError(f"scenario {name}: play area mismatch, missing {missing}, extra {extra}")
    order = sorted(tiles)
    grid = HexGrid([cell(*p) for p in order])
    kind = np.array([tiles[p][0] for p in order], np.int32)
    area = np.array([tiles[p][1] for p in order], np.int32)
    number = np.array([tiles[p][2] for p in order], np.int32)
    printed = np.array([tiles[p][3] for p in order], np.int32)
    return FrameBoard(
        name, data, grid, tuple(hex_label(*p) for p in order), kind, area, number, printed
    )


@cache
def load_frame(scenario: str) -> FrameBoard:
    """The board of ``scenario`` (one of ``SCENARIOS``), read from its data file."""
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown E&P scenario {scenario!r}; scenarios are {', '.join(SCENARIOS)}")
    text = (
        resources.files("catan_env.games.catan.explorers_and_pirates")
        .joinpath(f"scenarios/{scenario}.json")
        .read_text("utf-8")
    )
    return build_frame(scenario, json.loads(text))


def area_pool(board: FrameBoard, area_key: str) -> list[int]:
    """Hex kinds an unexplored area's face-down hexes are drawn from, fixed parts first."""
    c = board.data[area_key]["contents"]
    pool = [TERRAIN_NAMES.index(t) for t in c["terrain"]] + [SEA] * c.get("sea", 0)
    if "gold" in c:
        pool += [GOLD] * c["gold"]["count"]
    if "fish" in c:
        pool += [FISH_SHOAL] * c["fish"].get("choose", len(c["fish"]["faces"]))
    if "spice" in c:
        pool += [SPICE] * len(c["spice"]["advantages"])
    return pool


__all__ = ["FrameBoard", "area_pool", "build_frame", "cell", "load_frame", "rx"]
