"""Board geometry computed from any set of hexes.

A board is a set of hex *tiles* given in cube coordinates ``(x, y, z)`` with
``x + y + z = 0``. Hexes are pointy-topped and north is decreasing ``z``
(base §2.1). Every corner of a tile is an *intersection* (vertex) and every side
of a tile is a *path* (edge). Cells that are not tiles are the frame: they carry
no pieces, but the corners and sides they share with tiles still exist.

An intersection is named by the three cells that meet there and a path by the
two cells it separates (base §2.2), so the same corner reached from different
tiles gets the same id. Ids are assigned north to south, then west to east, which
keeps the numbering readable on a picture of the board.

The standard island passes its 19 land hexes; an Explorers & Pirates frame passes
land and sea hexes together, and the rules decide what may stand where.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

Cube = tuple[int, int, int]

#: Neighbour offsets in the order E, NE, NW, W, SW, SE (counter-clockwise).
DIRECTIONS: tuple[Cube, ...] = (
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
)
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")

# Corner k of a hex (clockwise from north: N, NE, SE, S, SW, NW) lies between the
# neighbours in these two directions.
_CORNER_DIRS = ((1, 2), (0, 1), (5, 0), (4, 5), (3, 4), (2, 3))
CORNER_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
# Side k of a hex runs from corner k to corner k+1 and faces this neighbour:
# NE, E, SE, SW, W, NW.
_SIDE_DIRS = (1, 0, 5, 4, 3, 2)
SIDE_NAMES = tuple(DIRECTION_NAMES[d] for d in _SIDE_DIRS)


def add(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def neighbour(h: Cube, direction: int) -> Cube:
    return add(h, DIRECTIONS[direction])


def distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def pixel(h: Cube) -> tuple[float, float]:
    """Centre of a hex of unit size in screen coordinates (y grows southward)."""
    q, r = h[0], h[2]
    return (np.sqrt(3.0) * (q + r / 2.0), 1.5 * r)


class Geometry(NamedTuple):
    """Adjacency tables of a board, as int32 arrays padded with -1.

    Passed to the jitted engine as one argument; every table is read-only.

    Attributes:
        hex_vertices: ``(H, 6)`` corners of each tile, clockwise from north.
        hex_edges: ``(H, 6)`` sides of each tile, side k joining corners k and k+1.
        hex_neighbours: ``(H, 6)`` neighbouring tile in directions E..SE, or -1.
        vertex_hexes: ``(V, 3)`` tiles meeting at each intersection (-1: frame).
        vertex_edges: ``(V, 3)`` paths ending at each intersection.
        vertex_vertices: ``(V, 3)`` adjacent intersections, aligned with ``vertex_edges``.
        edge_vertices: ``(E, 2)`` the two ends of each path.
        edge_edges: ``(E, 4)`` paths sharing an end with each path.
        edge_hexes: ``(E, 2)`` tiles on either side of each path (-1: frame).
    """

    hex_vertices: np.ndarray
    hex_edges: np.ndarray
    hex_neighbours: np.ndarray
    vertex_hexes: np.ndarray
    vertex_edges: np.ndarray
    vertex_vertices: np.ndarray
    edge_vertices: np.ndarray
    edge_edges: np.ndarray
    edge_hexes: np.ndarray


class HexGrid:
    """Intersections, paths and adjacency of a set of hex tiles.

    Args:
        hexes: the tiles in cube coordinates; tile ``i`` keeps index ``i``.

    Attributes:
        hexes: the tiles as given.
        vertex_cells: for each intersection, the sorted triple of cells meeting there.
        edge_cells: for each path, the sorted pair of cells it separates.
        geometry: the :class:`Geometry` tables.
        hex_xy, vertex_xy, edge_xy: screen positions (unit hex size) for drawing.
    """

    def __init__(self, hexes: list[Cube] | tuple[Cube, ...]):
        hexes = [tuple(int(c) for c in h) for h in hexes]
        for h in hexes:
            if len(h) != 3 or sum(h) != 0:
                raise ValueError(f"hex {h} is not a cube coordinate (x + y + z must be 0)")
        if len(set(hexes)) != len(hexes):
            raise ValueError("the hex list contains duplicates")
        if not hexes:
            raise ValueError("a board needs at least one hex")
        self.hexes: list[Cube] = hexes
        index = {h: i for i, h in enumerate(hexes)}

        corner_keys: dict[tuple[Cube, ...], tuple[float, float]] = {}
        side_keys: dict[tuple[Cube, ...], tuple[float, float]] = {}
        for h in hexes:
            cx, cy = pixel(h)
            for k, (d1, d2) in enumerate(_CORNER_DIRS):
                key = tuple(sorted((h, neighbour(h, d1), neighbour(h, d2))))
                angle = np.pi / 2 - k * np.pi / 3  # N corner points up (negative y)
                corner_keys.setdefault(key, (cx + np.cos(angle), cy - np.sin(angle)))
            for d in _SIDE_DIRS:
                key = tuple(sorted((h, neighbour(h, d))))
                nx, ny = pixel(neighbour(h, d))
                side_keys.setdefault(key, ((cx + nx) / 2, (cy + ny) / 2))

        def reading_order(item):
            (x, y) = item[1]
            return (round(y, 3), round(x, 3))

        self.vertex_cells = [k for k, _ in sorted(corner_keys.items(), key=reading_order)]
        self.edge_cells = [k for k, _ in sorted(side_keys.items(), key=reading_order)]
        self.vertex_xy = np.array([corner_keys[k] for k in self.vertex_cells])
        self.edge_xy = np.array([side_keys[k] for k in self.edge_cells])
        self.hex_xy = np.array([pixel(h) for h in hexes])
        vid = {k: i for i, k in enumerate(self.vertex_cells)}
        eid = {k: i for i, k in enumerate(self.edge_cells)}
        self._vid, self._eid, self._hid = vid, eid, index

        H, V, E = len(hexes), len(self.vertex_cells), len(self.edge_cells)
        hex_vertices = np.full((H, 6), -1, np.int32)
        hex_edges = np.full((H, 6), -1, np.int32)
        hex_neighbours = np.full((H, 6), -1, np.int32)
        for i, h in enumerate(hexes):
            for k, (d1, d2) in enumerate(_CORNER_DIRS):
                hex_vertices[i, k] = vid[tuple(sorted((h, neighbour(h, d1), neighbour(h, d2))))]
            for k, d in enumerate(_SIDE_DIRS):
                hex_edges[i, k] = eid[tuple(sorted((h, neighbour(h, d))))]
            for d in range(6):
                hex_neighbours[i, d] = index.get(neighbour(h, d), -1)

        vertex_hexes = np.full((V, 3), -1, np.int32)
        for v, cells in enumerate(self.vertex_cells):
            tiles = sorted(index[c] for c in cells if c in index)
            vertex_hexes[v, : len(tiles)] = tiles

        edge_hexes = np.full((E, 2), -1, np.int32)
        edge_vertices = np.full((E, 2), -1, np.int32)
        for e, cells in enumerate(self.edge_cells):
            tiles = sorted(index[c] for c in cells if c in index)
            edge_hexes[e, : len(tiles)] = tiles
            # The ends of a path are the two corners containing both of its cells.
            a, b = cells
            ends = sorted(v for k, v in vid.items() if a in k and b in k)
            if len(ends) != 2:
                raise AssertionError(f"path {cells} has {len(ends)} ends")
            edge_vertices[e] = ends

        vertex_edges = np.full((V, 3), -1, np.int32)
        vertex_vertices = np.full((V, 3), -1, np.int32)
        fill = np.zeros(V, np.int64)
        for e in range(E):
            a, b = edge_vertices[e]
            vertex_edges[a, fill[a]] = e
            vertex_vertices[a, fill[a]] = b
            fill[a] += 1
            vertex_edges[b, fill[b]] = e
            vertex_vertices[b, fill[b]] = a
            fill[b] += 1

        edge_edges = np.full((E, 4), -1, np.int32)
        for e in range(E):
            others = sorted(
                {int(f) for v in edge_vertices[e] for f in vertex_edges[v] if f >= 0 and f != e}
            )
            edge_edges[e, : len(others)] = others

        self.geometry = Geometry(
            hex_vertices=hex_vertices,
            hex_edges=hex_edges,
            hex_neighbours=hex_neighbours,
            vertex_hexes=vertex_hexes,
            vertex_edges=vertex_edges,
            vertex_vertices=vertex_vertices,
            edge_vertices=edge_vertices,
            edge_edges=edge_edges,
            edge_hexes=edge_hexes,
        )
        for table in self.geometry:
            table.setflags(write=False)

    @property
    def num_hexes(self) -> int:
        return len(self.hexes)

    @property
    def num_vertices(self) -> int:
        return len(self.vertex_cells)

    @property
    def num_edges(self) -> int:
        return len(self.edge_cells)

    def hex_index(self, h: Cube) -> int:
        """Index of the tile at cube coordinate ``h``."""
        try:
            return self._hid[tuple(h)]
        except KeyError:
            raise KeyError(f"{tuple(h)} is not a tile of this board") from None

    def vertex_at(self, *cells: Cube) -> int:
        """Id of the intersection where the three given cells meet."""
        key = tuple(sorted(tuple(c) for c in cells))
        try:
            return self._vid[key]
        except KeyError:
            raise KeyError(f"no intersection joins the cells {cells}") from None

    def edge_between(self, a: Cube, b: Cube) -> int:
        """Id of the path separating cells ``a`` and ``b``."""
        key = tuple(sorted((tuple(a), tuple(b))))
        try:
            return self._eid[key]
        except KeyError:
            raise KeyError(f"no path separates the cells {a} and {b}") from None

    def coastal_edges(self, land: np.ndarray | None = None) -> list[int]:
        """Paths with land on exactly one side.

        Args:
            land: boolean per tile; by default every tile is land.
        """
        if land is None:
            land = np.ones(self.num_hexes, bool)
        out = []
        for e in range(self.num_edges):
            sides = [h for h in self.geometry.edge_hexes[e] if h >= 0]
            n_land = sum(bool(land[h]) for h in sides)
            if n_land == 1:
                out.append(e)
        return out
