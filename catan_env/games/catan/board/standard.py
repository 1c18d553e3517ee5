"""The standard 19-hex island: labels, harbors, number-token spirals, beginner set-up.

Everything here is static data of base §2–§3 turned into arrays once at import.
Tile ``i`` of :data:`GRID` is the hex with label :data:`HEX_LABELS` ``[i]``
(R1a, R1b, ... R5c: rows north to south, positions west to east).
"""

from __future__ import annotations

import numpy as np

from ..common.constants import (
    BRICK,
    DESERT,
    FIELDS,
    FOREST,
    GENERIC_HARBOR,
    GRAIN,
    HILLS,
    LUMBER,
    MOUNTAINS,
    ORE,
    PASTURE,
    WOOL,
)
from .hexgrid import DIRECTIONS, HexGrid, add, distance

ROW_LENGTHS = (3, 4, 5, 4, 3)


def _land_hexes() -> tuple[list[tuple[int, int, int]], list[str]]:
    hexes, labels = [], []
    for row, z in enumerate(range(-2, 3)):
        cells = sorted(
            ((x, -x - z, z) for x in range(-2, 3) if max(abs(x), abs(-x - z), abs(z)) <= 2),
            key=lambda c: c[0],
        )
        for pos, c in enumerate(cells):
            hexes.append(c)
            labels.append(f"R{row + 1}{'abcde'[pos]}")
    return hexes, labels


LAND_HEXES, HEX_LABELS = _land_hexes()
#: The 18 sea hexes of the frame (base §2.1).
SEA_HEXES = [
    (x, y, -x - y)
    for x in range(-3, 4)
    for y in range(-3, 4)
    if distance((x, y, -x - y), (0, 0, 0)) == 3
]
GRID = HexGrid(LAND_HEXES)
GEOMETRY = GRID.geometry
NUM_HEXES = GRID.num_hexes  # 19
NUM_VERTICES = GRID.num_vertices  # 54
NUM_EDGES = GRID.num_edges  # 72
LABEL_TO_HEX = {label: i for i, label in enumerate(HEX_LABELS)}


def hex_by_label(label: str) -> int:
    """Tile index of a hex label such as ``"R3c"``."""
    try:
        return LABEL_TO_HEX[label]
    except KeyError:
        raise KeyError(f"unknown hex label {label!r}; labels are R1a..R5c") from None


def vertex_by_labels(*labels: str) -> int:
    """Intersection id named by the land hexes around it (base §2.2).

    Only intersections touching three land hexes are fully named by labels; for
    coastal ones pass the land labels and the intersection must be unique.
    """
    tiles = {LAND_HEXES[hex_by_label(s)] for s in labels}
    found = [v for v, cells in enumerate(GRID.vertex_cells) if tiles <= set(cells)]
    if len(tiles) == 3 or len(found) == 1:
        return found[0]
    raise KeyError(f"hexes {labels} do not name a single intersection ({len(found)} match)")


def edge_by_labels(a: str, b: str) -> int:
    """Path between two land hexes given by label."""
    return GRID.edge_between(LAND_HEXES[hex_by_label(a)], LAND_HEXES[hex_by_label(b)])


# --- Harbors (base §2.3) -------------------------------------------------------

#: H1..H9 clockwise from the north-west: (sea hex, land hex label, beginner type).
HARBOR_SPOTS = (
    ((0, 3, -3), "R1a", GENERIC_HARBOR),
    ((2, 1, -3), "R1b", GRAIN),
    ((3, -1, -2), "R2d", ORE),
    ((3, -3, 0), "R3e", GENERIC_HARBOR),
    ((1, -3, 2), "R4d", WOOL),
    ((-1, -2, 3), "R5b", GENERIC_HARBOR),
    ((-3, 0, 3), "R5a", GENERIC_HARBOR),
    ((-3, 2, 1), "R4a", BRICK),
    ((-2, 3, -1), "R2a", LUMBER),
)
NUM_HARBORS = len(HARBOR_SPOTS)
HARBOR_EDGES = np.array(
    [GRID.edge_between(sea, LAND_HEXES[hex_by_label(land)]) for sea, land, _ in HARBOR_SPOTS],
    np.int32,
)
#: For each intersection, the harbor (0..8) it belongs to, or -1.
VERTEX_HARBOR = np.full(NUM_VERTICES, -1, np.int32)
for _h, _e in enumerate(HARBOR_EDGES):
    for _v in GEOMETRY.edge_vertices[_e]:
        VERTEX_HARBOR[_v] = _h
VERTEX_HARBOR.setflags(write=False)
BEGINNER_HARBORS = np.array([t for _, _, t in HARBOR_SPOTS], np.int32)

# --- Number-token spiral (base §3.3, Appendix B) -------------------------------

CORNER_LABELS = ("R3e", "R1c", "R1a", "R3a", "R5a", "R5c")
# NE, NW, W, SW, SE, E as indices into DIRECTIONS.
_SPIRAL_CYCLE = (1, 2, 3, 4, 5, 0)


def spiral_order(start_label: str) -> list[int]:
    """Counter-clockwise spiral over the island from a corner hex (Appendix B rule)."""
    land = set(LAND_HEXES)
    pos = LAND_HEXES[hex_by_label(start_label)]
    k = next(
        i
        for i in range(6)
        if add(pos, DIRECTIONS[_SPIRAL_CYCLE[i]]) in land
        and add(pos, DIRECTIONS[_SPIRAL_CYCLE[i - 1]]) not in land
    )
    order, seen = [pos], {pos}
    while len(order) < len(LAND_HEXES):
        for turn in range(6):
            nxt = add(pos, DIRECTIONS[_SPIRAL_CYCLE[(k + turn) % 6]])
            if nxt in land and nxt not in seen:
                k = (k + turn) % 6
                break
        else:
            raise AssertionError("spiral got stuck")
        pos = nxt
        order.append(pos)
        seen.add(pos)
    return [LAND_HEXES.index(h) for h in order]


#: Spiral order (tile indices) for each of the six start corners; row 0 is R3e.
SPIRALS = np.array([spiral_order(c) for c in CORNER_LABELS], np.int32)
SPIRALS.setflags(write=False)

# --- Beginner set-up (base §3.2) ----------------------------------------------

_BEGINNER_ROWS = (
    ((MOUNTAINS, 10), (PASTURE, 2), (FOREST, 9)),
    ((FIELDS, 12), (HILLS, 6), (PASTURE, 4), (HILLS, 10)),
    ((FIELDS, 9), (FOREST, 11), (DESERT, 0), (FOREST, 3), (MOUNTAINS, 8)),
    ((FOREST, 8), (MOUNTAINS, 3), (FIELDS, 4), (PASTURE, 5)),
    ((HILLS, 5), (FIELDS, 6), (PASTURE, 11)),
)
BEGINNER_TERRAIN = np.array([t for row in _BEGINNER_ROWS for t, _ in row], np.int32)
BEGINNER_NUMBERS = np.array([n for row in _BEGINNER_ROWS for _, n in row], np.int32)

#: Starting pieces per colour: (settlement 1, road 1, starred settlement 2, road 2).
_BEGINNER_PIECES = {
    "red": (("R1a", "R1b", "R2b"), ("R1b", "R2b"), ("R3a", "R3b", "R4a"), ("R3b", "R4a")),
    "white": (("R3d", "R3e", "R4d"), ("R3d", "R3e"), ("R2a", "R2b", "R3b"), ("R2a", "R3b")),
    "orange": (("R1c", "R2c", "R2d"), ("R1c", "R2c"), ("R4b", "R4c", "R5b"), ("R4c", "R5b")),
    "blue": (("R4c", "R4d", "R5c"), ("R4c", "R4d"), ("R4a", "R4b", "R5a"), ("R4b", "R5a")),
}
#: colour -> int32[4]: settlement 1, road 1, starred settlement 2, road 2 (ids).
BEGINNER_PIECES = {
    colour: np.array(
        [
            vertex_by_labels(*s1),
            edge_by_labels(*r1),
            vertex_by_labels(*s2),
            edge_by_labels(*r2),
        ],
        np.int32,
    )
    for colour, (s1, r1, s2, r2) in _BEGINNER_PIECES.items()
}


def beginner_pieces_table(colours: tuple[str, ...]) -> np.ndarray:
    """``(MAX_PLAYERS, 4)`` beginner piece ids for the seats' colours (-1 unused seats)."""
    table = np.full((4, 4), -1, np.int32)
    for seat, colour in enumerate(colours):
        table[seat] = BEGINNER_PIECES[colour]
    return table


def vertex_name(v: int) -> str:
    """Readable name of an intersection: ``v12``."""
    return f"v{v}"


def edge_name(e: int) -> str:
    """Readable name of a path: ``e5``."""
    return f"e{e}"


def vertex_description(v: int) -> str:
    """The land hexes around an intersection, e.g. ``R1a/R1b/R2b``."""
    tiles = [HEX_LABELS[h] for h in GEOMETRY.vertex_hexes[v] if h >= 0]
    return "/".join(tiles)


def edge_description(e: int) -> str:
    """The land hexes on either side of a path, e.g. ``R1b|R2b`` or ``R1a|sea``."""
    tiles = [HEX_LABELS[h] for h in GEOMETRY.edge_hexes[e] if h >= 0]
    if len(tiles) == 1:
        tiles.append("sea")
    return "|".join(tiles)
