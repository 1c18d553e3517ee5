"""Board geometry from hex sets: the standard island and a larger frame with sea."""

import numpy as np
import pytest

from catan_env.games.catan.board import standard
from catan_env.games.catan.board.hexgrid import HexGrid, distance
from catan_env.games.catan.common.constants import GENERIC_HARBOR

G = standard.GEOMETRY


def _check_tables(grid: HexGrid):
    g = grid.geometry
    V, E, H = grid.num_vertices, grid.num_edges, grid.num_hexes
    # Euler's formula for a simply connected patch of hexes: V - E + F = 2 (F = H + outer face).
    assert V - E + (H + 1) == 2
    # Handshake lemma.
    degrees = (g.vertex_edges >= 0).sum(1)
    assert degrees.sum() == 2 * E
    assert set(degrees) <= {2, 3}
    # vertex <-> edge symmetry
    for v in range(V):
        for k in range(3):
            e = g.vertex_edges[v, k]
            if e >= 0:
                assert v in g.edge_vertices[e]
                w = g.vertex_vertices[v, k]
                assert set(g.edge_vertices[e]) == {v, w}
                assert v in g.vertex_vertices[w]
    # hex <-> vertex, hex <-> edge symmetry
    for h in range(H):
        assert len(set(g.hex_vertices[h])) == 6 and len(set(g.hex_edges[h])) == 6
        for v in g.hex_vertices[h]:
            assert h in g.vertex_hexes[v]
        for k, e in enumerate(g.hex_edges[h]):
            assert h in g.edge_hexes[e]
            # side k joins corners k and k+1
            assert set(g.edge_vertices[e]) == {g.hex_vertices[h, k], g.hex_vertices[h, (k + 1) % 6]}
    for v in range(V):
        for h in g.vertex_hexes[v]:
            if h >= 0:
                assert v in g.hex_vertices[h]
    # edge <-> edge: neighbours share exactly one end, and the relation is symmetric
    for e in range(E):
        for f in g.edge_edges[e]:
            if f >= 0:
                assert len(set(g.edge_vertices[e]) & set(g.edge_vertices[f])) == 1
                assert e in g.edge_edges[f]
        expected = {
            int(f) for v in g.edge_vertices[e] for f in g.vertex_edges[v] if f >= 0 and f != e
        }
        assert {int(f) for f in g.edge_edges[e] if f >= 0} == expected
    # hex neighbours are symmetric and opposite
    for h in range(H):
        for d in range(6):
            n = g.hex_neighbours[h, d]
            if n >= 0:
                assert g.hex_neighbours[n, (d + 3) % 6] == h


def test_standard_island_counts():
    """base §2.1, base §2.2: 19 land hexes, 54 intersections (24/12/18), 72 paths (42/30)."""
    assert standard.NUM_HEXES == 19 and len(standard.SEA_HEXES) == 18
    assert standard.NUM_VERTICES == 54 and standard.NUM_EDGES == 72
    land_per_vertex = (G.vertex_hexes >= 0).sum(1)
    assert (land_per_vertex == 3).sum() == 24
    assert (land_per_vertex == 2).sum() == 12
    assert (land_per_vertex == 1).sum() == 18
    land_per_edge = (G.edge_hexes >= 0).sum(1)
    assert (land_per_edge == 2).sum() == 42 and (land_per_edge == 1).sum() == 30
    degrees = (G.vertex_edges >= 0).sum(1)
    assert (degrees == 3).sum() == 36 and (degrees == 2).sum() == 18
    # The 18 two-path intersections are exactly those touching one land hex.
    assert set(np.flatnonzero(degrees == 2)) == set(np.flatnonzero(land_per_vertex == 1))
    _check_tables(standard.GRID)


def test_labels_rows_and_rings():
    """base §2.1: labels R1a..R5c, rows 3-4-5-4-3 north to south, corners and rings."""
    assert standard.HEX_LABELS[0] == "R1a" and standard.HEX_LABELS[-1] == "R5c"
    assert standard.LAND_HEXES[standard.hex_by_label("R1a")] == (0, 2, -2)
    assert standard.LAND_HEXES[standard.hex_by_label("R3e")] == (2, -2, 0)
    assert standard.LAND_HEXES[standard.hex_by_label("R5c")] == (0, -2, 2)
    corners = [
        lab for h, lab in enumerate(standard.HEX_LABELS) if (G.hex_neighbours[h] >= 0).sum() == 3
    ]
    assert sorted(corners) == sorted(standard.CORNER_LABELS)
    outer = [
        lab for h, lab in enumerate(standard.HEX_LABELS) if (G.hex_neighbours[h] >= 0).sum() < 6
    ]
    assert len(outer) == 12
    assert (
        standard.vertex_description(standard.vertex_by_labels("R1a", "R1b", "R2b")) == "R1a/R1b/R2b"
    )
    with pytest.raises(KeyError):
        standard.hex_by_label("R9z")


def test_harbor_positions():
    """base §2.3: nine coastal harbor paths, 18 distinct harbor intersections."""
    assert len(standard.HARBOR_EDGES) == 9
    for e in standard.HARBOR_EDGES:
        assert (G.edge_hexes[e] >= 0).sum() == 1  # coastal
    harbor_vertices = [v for e in standard.HARBOR_EDGES for v in G.edge_vertices[e]]
    assert len(set(harbor_vertices)) == 18
    assert (standard.VERTEX_HARBOR >= 0).sum() == 18
    # H1 lies on R1a's north-west side; H4 on R3e's east side.
    assert standard.edge_description(standard.HARBOR_EDGES[0]) == "R1a|sea"
    assert standard.edge_description(standard.HARBOR_EDGES[3]) == "R3e|sea"
    assert list(standard.BEGINNER_HARBORS).count(GENERIC_HARBOR) == 4


def test_frame_board_with_sea_hexes():
    """E&P §2.1, base §2.2: a larger board of land and sea tiles gets consistent tables.

    Radius-4 hexagon (61 tiles) as an Explorers & Pirates style frame: sea tiles
    are tiles too, so their sides and corners exist (sea routes).
    """
    tiles = [(x, y, -x - y) for x in range(-4, 5) for y in range(-4, 5) if abs(x + y) <= 4]
    grid = HexGrid(tiles)
    assert grid.num_hexes == 61
    # A hexagon of radius r has 6(r+1)^2 corners; Euler gives the sides.
    assert grid.num_vertices == 6 * 5 * 5
    assert grid.num_edges == grid.num_vertices + grid.num_hexes - 1
    _check_tables(grid)
    land = np.array([distance(t, (0, 0, 0)) <= 2 for t in tiles])
    coast = grid.coastal_edges(land)
    assert len(coast) == 30  # the island's coast, as on the standard board


def test_irregular_shape():
    """E&P §2.6: any hex set works, e.g. two islands' worth of tiles in a strip."""
    tiles = [(x, -x, 0) for x in range(5)] + [(x, -x - 1, 1) for x in range(4)]
    grid = HexGrid(tiles)
    _check_tables(grid)
    with pytest.raises(ValueError, match="cube coordinate"):
        HexGrid([(1, 1, 1)])
    with pytest.raises(ValueError, match="duplicates"):
        HexGrid([(0, 0, 0), (0, 0, 0)])
