"""The static table array of one E&P scenario (the jitted engine's ``tb``).

Like :mod:`catan_env.games.catan.common.tables`, one flat int32 array with named offsets,
but sized for the largest frame board: the first three entries say how many
hexes, intersections and paths the scenario's board has, and every per-place
table is padded with -1 past them. Built from the scenario's data file
(:func:`catan_env.games.catan.board.ep_frame.load_frame`).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from catan_env.core.layout import Layout

from .constants import (
    AREA_ISLAND,
    COUNCIL,
    FISH_SHOALS_PER_AREA,
    FRAME_SEA,
    LAIRS_PER_GAME,
    MODULE_NAMES,
    NUM_HEX_KINDS,
    NUM_TRACKS,
    SCENARIOS,
)
from .layout import (
    MAX_AREA,
    MAX_EDGES,
    MAX_HEXES,
    MAX_VERTICES,
    TOKENS_PER_AREA,
)

H, V, E = MAX_HEXES, MAX_VERTICES, MAX_EDGES

EP_TABLE_LAYOUT = Layout("ep_tables")
_t = EP_TABLE_LAYOUT.add
T_NUM_HEXES = _t("num_hexes", doc="hexes of this board")
T_NUM_VERTICES = _t("num_vertices", doc="intersections of this board")
T_NUM_EDGES = _t("num_edges", doc="paths of this board")
T_HEX_VERTICES = _t("hex_vertices", (H, 6), "corners of each hex, clockwise from N")
T_HEX_EDGES = _t("hex_edges", (H, 6), "sides of each hex, NE, E, SE, SW, W, NW")
T_HEX_NEIGHBOURS = _t("hex_neighbours", (H, 6), "neighbour hex E..SE or -1")
T_VERTEX_HEXES = _t("vertex_hexes", (V, 3), "hexes at an intersection (-1: frame)")
T_VERTEX_EDGES = _t("vertex_edges", (V, 3), "paths ending at an intersection")
T_VERTEX_VERTICES = _t("vertex_vertices", (V, 3), "adjacent intersections")
T_EDGE_VERTICES = _t("edge_vertices", (E, 2), "the two ends of a path")
T_EDGE_EDGES = _t("edge_edges", (E, 4), "paths sharing an end")
T_EDGE_HEXES = _t("edge_hexes", (E, 2), "hexes beside a path (-1: frame)")
T_HEX_INIT = _t("hex_init_kind", H, "kind of each face-up hex, -1 on unexplored positions")
T_HEX_AREA = _t("hex_area", H, "island, channel, north or south")
T_HEX_INIT_NUMBER = _t("hex_init_number", H, "fixed number token (island)")
T_HEX_PRINTED = _t("hex_printed", H, "1 on the pasture printed on the frame (never shuffled)")
T_POOL = _t("area_pool", (2, MAX_AREA), "hex kinds laid face down in the north/south area")
T_POOL_SIZE = _t("area_pool_size", 2, "face-down hexes per area")
T_TOKENS = _t("area_tokens", (2, TOKENS_PER_AREA), "number tokens of each area's stack")
T_VERTEX_MARKED = _t("vertex_marked", V, "1 on the marked harbor intersections (§10.7.3)")
T_START = _t("start_positions", (4, 4), "per colour: settlement, road, harbor, ship path")
T_ISLAND_SHUFFLED = _t("island_shuffled", doc="1: island terrain is shuffled at reset")
T_FIXED_START = _t("fixed_start", doc="1: Land Ho!'s fixed positions, 0: free set-up (§10.6)")
T_MODULES = _t("modules", doc="bits: crews, pirates, lairs, fish, spices (§10)")
T_TRACKS = _t("tracks", NUM_TRACKS, "1 for each mission track in use (§6.1)")
T_LAIR_TOKENS = _t("lair_tokens", LAIRS_PER_GAME, "numbers on the lair tokens (§1.6)")
T_PIRATE_OK = _t("pirate_ok", H, "1: a pirate may stand here once it is face-up sea (§5.2)")
T_FISH_FACES = _t("fish_faces", (2, FISH_SHOALS_PER_AREA), "die faces of each area's shoals")
T_ANCHORS = _t("council_anchors", 2, "the Council's two anchor intersections (§8.1), -1")
T_BONUS_FACE = _t("pirate_bonus_faces", 2, "die face of each area's Pirate Bonus village (§1.5)")


def build_tables(scenario: str) -> np.ndarray:
    """The table array of ``scenario`` (read-only)."""
    from ..board.ep_frame import area_pool, load_frame

    board = load_frame(scenario)
    g = board.grid.geometry
    nh, nv, ne = board.num_hexes, board.grid.num_vertices, board.grid.num_edges
    if nh > H or nv > V or ne > E:
        raise ValueError(f"scenario {scenario} is larger than the E&P state allows")
    tb = np.full(EP_TABLE_LAYOUT.size, -1, np.int32)

    def put(name, value):
        f = EP_TABLE_LAYOUT.fields[name]
        value = np.asarray(value, np.int32)
        view = tb[f.offset : f.stop].reshape(f.shape) if f.shape else None
        if view is None:
            tb[f.offset] = int(value)
        else:
            view[tuple(slice(0, n) for n in value.shape)] = value

    put("num_hexes", nh)
    put("num_vertices", nv)
    put("num_edges", ne)
    for name in (
        "hex_vertices",
        "hex_edges",
        "hex_neighbours",
        "vertex_hexes",
        "vertex_edges",
        "vertex_vertices",
        "edge_vertices",
        "edge_edges",
        "edge_hexes",
    ):
        put(name, getattr(g, name))
    put("hex_init_kind", board.kind)
    put("hex_area", board.area)
    put("hex_init_number", board.number)
    put("hex_printed", board.printed)
    for i, key in enumerate(("north", "south")):
        pool = area_pool(board, key)
        positions = board.data[key]["positions"]
        if len(pool) != len(positions):
            raise ValueError(
                f"scenario {scenario}: {key} area has {len(positions)} positions "
                f"but {len(pool)} hexes"
            )
        f = EP_TABLE_LAYOUT.fields["area_pool"]
        tb[f.offset + i * MAX_AREA : f.offset + i * MAX_AREA + len(pool)] = pool
        tb[EP_TABLE_LAYOUT.fields["area_pool_size"].offset + i] = len(pool)
        tokens = board.data[key]["contents"]["tokens"]
        f = EP_TABLE_LAYOUT.fields["area_tokens"]
        tb[f.offset + i * TOKENS_PER_AREA : f.offset + (i + 1) * TOKENS_PER_AREA] = tokens
    marked = np.zeros(nv, np.int32)
    for name in board.data["harbor_intersections"]:
        marked[board.vertex(name)] = 1
    put("vertex_marked", marked)
    if "start_positions" in board.data:
        start = [
            [board.vertex(s["settlement"]), board.edge(s["road"]), board.vertex(s["harbor"]),
             board.edge(s["ship"])]
            for s in board.data["start_positions"]
        ]  # fmt: skip
        put("start_positions", start)
    put("island_shuffled", int(board.data["island_terrain"] == "shuffled"))
    put("fixed_start", int("start_positions" in board.data))
    modules = board.data["modules"]
    put("modules", sum(1 << i for i, m in enumerate(MODULE_NAMES) if m in modules))
    put("tracks", [int(m in modules) for m in ("lairs", "fish", "spices")])
    put("lair_tokens", board.data.get("lair_tokens", [0] * LAIRS_PER_GAME))
    # No pirate next to the island, on the Council or on the frame's sea (§5.2).
    island = board.area == AREA_ISLAND
    ok = np.zeros(nh, np.int32)
    for h in range(nh):
        near_island = any(n >= 0 and island[n] for n in g.hex_neighbours[h])
        ok[h] = int(not island[h] and not near_island and board.kind[h] not in (FRAME_SEA, COUNCIL))
    put("pirate_ok", ok)
    for i, key in enumerate(("north", "south")):
        fish = board.data[key]["contents"].get("fish")
        if fish:
            f = EP_TABLE_LAYOUT.fields["fish_faces"]
            at = f.offset + i * FISH_SHOALS_PER_AREA
            tb[at : at + len(fish["faces"])] = fish["faces"]
    for i, key in enumerate(("north", "south")):
        spice = board.data[key]["contents"].get("spice")
        if spice:
            tb[EP_TABLE_LAYOUT.fields["pirate_bonus_faces"].offset + i] = spice["pirate_bonus_face"]
    if board.data.get("council"):
        council = board.data["council"]
        put(
            "council_anchors",
            [board.vertex(f"{council}.{c}") for c in board.data["council_anchors"]],
        )
    assert int(board.kind.max()) < NUM_HEX_KINDS
    tb.setflags(write=False)
    return tb


@cache
def scenario_tables(scenario: str) -> np.ndarray:
    """Cached :func:`build_tables` (one array per scenario)."""
    if scenario not in SCENARIOS:
        raise ValueError(f"unknown E&P scenario {scenario!r}; scenarios are {', '.join(SCENARIOS)}")
    return build_tables(scenario)
