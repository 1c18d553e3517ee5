"""Static read-only tables the jitted engine takes as its ``tb`` argument.

Geometry (adjacency) plus the board data that never changes during a game:
harbor positions, the number-token spirals and the beginner set-up. A
non-standard map builds another :class:`Tables` from its own hex set and the
same engine functions run on it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..board import standard


class Tables(NamedTuple):
    """Geometry and static board data (all int32, read-only)."""

    hex_vertices: np.ndarray  # (H, 6)
    hex_edges: np.ndarray  # (H, 6)
    hex_neighbours: np.ndarray  # (H, 6)
    vertex_hexes: np.ndarray  # (V, 3)
    vertex_edges: np.ndarray  # (V, 3)
    vertex_vertices: np.ndarray  # (V, 3)
    edge_vertices: np.ndarray  # (E, 2)
    edge_edges: np.ndarray  # (E, 4)
    edge_hexes: np.ndarray  # (E, 2)
    vertex_harbor: np.ndarray  # (V,) harbor index or -1
    spirals: np.ndarray  # (6, H) spiral order from each start corner
    beginner_terrain: np.ndarray  # (H,)
    beginner_numbers: np.ndarray  # (H,)
    beginner_harbors: np.ndarray  # (9,)
    beginner_pieces: np.ndarray  # (4 colours, 4): settlement, road, starred settlement, road


def _standard_tables() -> Tables:
    pieces = np.stack(
        [standard.BEGINNER_PIECES[c] for c in ("red", "white", "orange", "blue")]
    ).astype(np.int32)
    arrays = [
        *standard.GEOMETRY,
        standard.VERTEX_HARBOR,
        standard.SPIRALS,
        standard.BEGINNER_TERRAIN,
        standard.BEGINNER_NUMBERS,
        standard.BEGINNER_HARBORS,
        pieces,
    ]
    out = []
    for a in arrays:
        a = np.ascontiguousarray(a, dtype=np.int32).copy()
        a.setflags(write=False)
        out.append(a)
    return Tables(*out)


#: Tables of the standard 19-hex island (base and Cities & Knights).
STANDARD_TABLES = _standard_tables()
