"""Static read-only tables the jitted engine takes as its ``tb`` argument.

Geometry (adjacency) and the board data that never changes during a game
(harbor positions, number-token spirals, the beginner set-up), packed into
one flat int32 array with named offsets, declared once here like the state
layout. One array, not a tuple of arrays: numba reference-counts every array
passed to a call, and a tuple of fifteen made each call of a small helper
cost ~100 ns instead of ~8 ns.

Entries are read as, e.g., ``tb[T_EDGE_VERTICES + 2 * e + side]``; missing
neighbours are -1. :data:`TABLE_LAYOUT` gives named, reshaped views for
Python code and tests.
"""

from __future__ import annotations

import numpy as np

from catan_env.core.layout import Layout

from ..board import standard
from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_HEXES, NUM_VERTICES

TABLE_LAYOUT = Layout("tables")
_t = TABLE_LAYOUT.add
T_HEX_VERTICES = _t("hex_vertices", (NUM_HEXES, 6), "corners of each hex, clockwise from N")
T_HEX_EDGES = _t("hex_edges", (NUM_HEXES, 6), "sides of each hex, NE, E, SE, SW, W, NW")
T_HEX_NEIGHBOURS = _t("hex_neighbours", (NUM_HEXES, 6), "neighbour hex E..SE or -1")
T_VERTEX_HEXES = _t("vertex_hexes", (NUM_VERTICES, 3), "land hexes at an intersection")
T_VERTEX_EDGES = _t("vertex_edges", (NUM_VERTICES, 3), "paths ending at an intersection")
T_VERTEX_VERTICES = _t("vertex_vertices", (NUM_VERTICES, 3), "adjacent intersections")
T_EDGE_VERTICES = _t("edge_vertices", (NUM_EDGES, 2), "the two ends of a path")
T_EDGE_EDGES = _t("edge_edges", (NUM_EDGES, 4), "paths sharing an end")
T_EDGE_HEXES = _t("edge_hexes", (NUM_EDGES, 2), "land hexes beside a path")
T_VERTEX_HARBOR = _t("vertex_harbor", NUM_VERTICES, "harbor H1..H9 (0..8) or -1")
T_SPIRALS = _t("spirals", (6, NUM_HEXES), "spiral order from each start corner")
T_BEGINNER_TERRAIN = _t("beginner_terrain", NUM_HEXES, "beginner board terrain")
T_BEGINNER_NUMBERS = _t("beginner_numbers", NUM_HEXES, "beginner board numbers")
T_BEGINNER_HARBORS = _t("beginner_harbors", NUM_HARBORS, "beginner harbor types")
T_BEGINNER_PIECES = _t(
    "beginner_pieces", (4, 4), "per colour: settlement, road, starred settlement, road"
)


def _standard_tables() -> np.ndarray:
    g = standard.GEOMETRY
    pieces = np.stack([standard.BEGINNER_PIECES[c] for c in ("red", "white", "orange", "blue")])
    parts = {
        "hex_vertices": g.hex_vertices,
        "hex_edges": g.hex_edges,
        "hex_neighbours": g.hex_neighbours,
        "vertex_hexes": g.vertex_hexes,
        "vertex_edges": g.vertex_edges,
        "vertex_vertices": g.vertex_vertices,
        "edge_vertices": g.edge_vertices,
        "edge_edges": g.edge_edges,
        "edge_hexes": g.edge_hexes,
        "vertex_harbor": standard.VERTEX_HARBOR,
        "spirals": standard.SPIRALS,
        "beginner_terrain": standard.BEGINNER_TERRAIN,
        "beginner_numbers": standard.BEGINNER_NUMBERS,
        "beginner_harbors": standard.BEGINNER_HARBORS,
        "beginner_pieces": pieces,
    }
    tb = np.zeros(TABLE_LAYOUT.size, np.int32)
    for name, f in TABLE_LAYOUT.fields.items():
        part = np.asarray(parts[name], np.int32)
        if part.shape != f.shape:
            raise AssertionError(f"table {name}: shape {part.shape} != {f.shape}")
        tb[f.offset : f.stop] = part.ravel()
    tb.setflags(write=False)
    return tb


#: Tables of the standard 19-hex island (base game and Cities & Knights).
STANDARD_TABLES = _standard_tables()
