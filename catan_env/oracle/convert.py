"""Our base-game state as a catanatron 3.2.1 ``State``, for the positions both can express.

catanatron is used only through its public classes (``State``, ``Board``,
``CatanMap``, ``generate_playable_actions``, ``apply_action``); none of its code
is copied here. The geometry needs no table: both engines name hexes by the
same cube coordinates (ours: ``board/standard.py``; catanatron: its
``BASE_MAP_TEMPLATE``), so an intersection is matched by the three cells that
meet at it and a path by its two ends. The harbor positions coincide too.

Seats map to catanatron's seating order rotated so that its first player is our
starting player: catanatron derives the set-up snake and every turn change
from that order, so who decides next can be compared as well.

What the conversion fixes by choice (the rest is a one-to-one copy):

* development cards "in hand" are those *playable* now: catanatron has no
  bought-this-turn rule (``player_can_play_dev`` looks only at the count), so a
  card bought this turn is left out of its hand (VP cards are counted in full);
* the board's connected road networks and road lengths are rebuilt with
  catanatron's own walks (``Board.bfs_walk``, ``longest_acyclic_path``), and
  its distance-rule cache by placing every building through
  ``Board.build_settlement``; only the Longest Road holder is history and is
  copied from our state (with the threshold a challenger must beat).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

import numpy as np

try:
    from catanatron.game import Game as CGame
    from catanatron.models.actions import generate_playable_actions
    from catanatron.models.board import Board, longest_acyclic_path
    from catanatron.models.enums import (
        CITY,
        DEVELOPMENT_CARDS,
        RESOURCES,
        ROAD,
        SETTLEMENT,
        Action,
        ActionPrompt,
        ActionType,
    )
    from catanatron.models.map import BASE_MAP_TEMPLATE, CatanMap, LandTile, Port, initialize_tiles
    from catanatron.models.player import Color, Player
    from catanatron.state import PLAYER_INITIAL_STATE, State
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "catan_env.oracle needs catanatron 3.2.1: pip install -e '.[oracle]'"
    ) from exc

from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.board.standard import GEOMETRY, GRID, HARBOR_SPOTS, LAND_HEXES
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import CITY as OUR_CITY
from catan_env.games.catan.common.constants import (
    DESERT,
    DEV_DECK_SIZE,
    GENERIC_HARBOR,
    KNIGHT,
    MONOPOLY,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)

#: Our development-card codes as catanatron's names.
DEV_NAME = {
    KNIGHT: "KNIGHT",
    VICTORY_POINT: "VICTORY_POINT",
    ROAD_BUILDING: "ROAD_BUILDING",
    YEAR_OF_PLENTY: "YEAR_OF_PLENTY",
    MONOPOLY: "MONOPOLY",
}
assert set(DEV_NAME.values()) == set(DEVELOPMENT_CARDS)
#: Resource codes are in the same order in both engines (lumber = WOOD ... ore = ORE).
RESOURCE = tuple(RESOURCES)
RESOURCE_CODE = {name: r for r, name in enumerate(RESOURCE)}
COLORS = tuple(Color)


class NotExpressible(ValueError):
    """A position catanatron has no state for (a trade in progress, a card half played)."""


def _node_table() -> tuple[list[int], dict[int, int]]:
    """Our intersection id -> catanatron node id, by the three cells meeting there."""
    tiles = initialize_tiles(BASE_MAP_TEMPLATE)
    cells: dict[int, set] = defaultdict(set)
    for coord, tile in tiles.items():
        for node in tile.nodes.values():
            cells[node].add(coord)
    by_cells = {tuple(sorted(c)): node for node, c in cells.items() if len(c) == 3}
    ours = [by_cells[tuple(sorted(k))] for k in GRID.vertex_cells]
    if len(set(ours)) != len(ours):
        raise RuntimeError("catanatron's intersections do not match ours")
    return ours, {node: v for v, node in enumerate(ours)}


#: ``NODE[v]`` is catanatron's node for our intersection ``v``; ``VERTEX`` the inverse.
NODE, VERTEX = _node_table()
#: ``EDGE[e]`` is catanatron's edge (sorted node pair) for our path ``e``; ``PATH`` the inverse.
EDGE = [tuple(sorted((NODE[a], NODE[b]))) for a, b in GEOMETRY.edge_vertices]
PATH = {edge: e for e, edge in enumerate(EDGE)}
#: Our hex index of each land cube coordinate.
HEX_OF = {tuple(c): h for h, c in enumerate(LAND_HEXES)}
_HARBOR_OF_SEA = {tuple(sea): i for i, (sea, _, _) in enumerate(HARBOR_SPOTS)}


@lru_cache(maxsize=64)
def catan_map(terrain: tuple, numbers: tuple, harbors: tuple) -> CatanMap:
    """catanatron's map of our board (terrain, numbers per hex; harbor types H1..H9)."""
    land = [c for c, kind in BASE_MAP_TEMPLATE.topology.items() if kind is LandTile]
    ports = [
        c
        for c, kind in BASE_MAP_TEMPLATE.topology.items()
        if isinstance(kind, tuple) and kind[0] is Port
    ]
    resources = [
        None if terrain[HEX_OF[c]] == DESERT else RESOURCE[terrain[HEX_OF[c]]] for c in land
    ]
    tokens = [numbers[HEX_OF[c]] for c in land if terrain[HEX_OF[c]] != DESERT]
    port_types = []
    for c in ports:
        kind = harbors[_HARBOR_OF_SEA[c]]
        port_types.append(None if kind == GENERIC_HARBOR else RESOURCE[kind])
    # initialize_tiles pops each list from its end, in topology order.
    tiles = initialize_tiles(BASE_MAP_TEMPLATE, tokens[::-1], port_types[::-1], resources[::-1])
    m = CatanMap.from_tiles(tiles)
    for c, tile in m.land_tiles.items():
        h = HEX_OF[c]
        want = None if terrain[h] == DESERT else RESOURCE[terrain[h]]
        if tile.resource != want or (want is not None and tile.number != numbers[h]):
            raise RuntimeError(f"map conversion failed at hex {h}")
    return m


class Converted:
    """A catanatron game for one of our states, with the seat <-> colour maps."""

    def __init__(self, game: CGame, seats: list[int]):
        self.game = game
        self.state: State = game.state
        #: ``seats[j]``: our seat playing catanatron's colour index ``j``.
        self.seats = seats
        self.color_of = {s: COLORS[j] for j, s in enumerate(seats)}
        self.seat_of = {COLORS[j]: s for j, s in enumerate(seats)}


def _has_rolled(state: np.ndarray) -> bool:
    phase = int(state[L.PHASE])
    if phase in (P.ACTION, P.DISCARD):
        return True
    if phase in (P.MOVE_ROBBER, P.ROAD_BUILDING, P.STEAL, P.YEAR_OF_PLENTY, P.MONOPOLY):
        return int(state[L.RESUME_PHASE]) == P.ACTION
    return False


_PROMPT = {
    P.SETUP_SETTLEMENT: ActionPrompt.BUILD_INITIAL_SETTLEMENT,
    P.SETUP_ROAD: ActionPrompt.BUILD_INITIAL_ROAD,
    P.PRE_ROLL: ActionPrompt.PLAY_TURN,
    P.ACTION: ActionPrompt.PLAY_TURN,
    P.DISCARD: ActionPrompt.DISCARD,
    P.MOVE_ROBBER: ActionPrompt.MOVE_ROBBER,
    P.ROAD_BUILDING: ActionPrompt.PLAY_TURN,
}


def to_catanatron(state: np.ndarray, any_phase: bool = False, log: bool = False) -> Converted:
    """catanatron's game for our base-game ``state``.

    Args:
        state: a base-game state array.
        any_phase: convert the pieces, hands and cards even in a phase catanatron
            cannot express (the prompt is then left as in an action phase); used
            to compare the outcome of a card or trade after it resolved.
        log: keep the cards bought this turn in catanatron's hand and write a
            short action log that :func:`.reverse.from_catanatron` reads back:
            the last roll, and a ``BUY_DEVELOPMENT_CARD`` naming each card bought
            this turn (catanatron would let its bots play those cards at once:
            the bridge leaves them out instead, see the module docstring).

    Raises:
        NotExpressible: the phase has no catanatron counterpart (domestic-trade
            protocol, a progress card or steal half resolved, game over) and
            ``any_phase`` is False.
    """
    phase = int(state[L.PHASE])
    if phase not in _PROMPT and not any_phase:
        raise NotExpressible(f"phase {P.PHASE_NAMES[phase]} has no catanatron counterpart")
    n = int(state[L.NUM_PLAYERS])
    start = int(state[L.START_PLAYER])
    seats = [(start + j) % n for j in range(n)]
    colors = COLORS[:n]
    color_of = {s: colors[j] for j, s in enumerate(seats)}
    m = catan_map(
        tuple(int(x) for x in state[L.HEX_TERRAIN : L.HEX_TERRAIN + len(LAND_HEXES)]),
        tuple(int(x) for x in state[L.HEX_NUMBER : L.HEX_NUMBER + len(LAND_HEXES)]),
        tuple(int(x) for x in state[L.HARBOR_TYPE : L.HARBOR_TYPE + len(HARBOR_SPOTS)]),
    )
    board = Board(m)
    board.robber_coordinate = tuple(LAND_HEXES[int(state[L.ROBBER_HEX])])
    by_color = {c: defaultdict(list) for c in colors}
    setup_vertex = int(state[L.SETUP_VERTEX]) if phase == P.SETUP_ROAD else -1
    owners = state[L.VERTEX_OWNER : L.VERTEX_OWNER + len(NODE)]
    kinds = state[L.VERTEX_BUILDING : L.VERTEX_BUILDING + len(NODE)]
    # The set-up road must touch the settlement placed last: keep it last in the list.
    order = sorted(range(len(NODE)), key=lambda v: v == setup_vertex)
    for v in order:
        if owners[v] < 0:
            continue
        c = color_of[int(owners[v])]
        board.build_settlement(c, NODE[v], initial_build_phase=True)  # checks the distance rule
        if kinds[v] == OUR_CITY:
            board.build_city(c, NODE[v])
            by_color[c][CITY].append(NODE[v])
        else:
            by_color[c][SETTLEMENT].append(NODE[v])
    for e in range(len(EDGE)):
        owner = int(state[L.EDGE_OWNER + e])
        if owner >= 0:
            a, b = EDGE[e]
            board.roads[(a, b)] = board.roads[(b, a)] = color_of[owner]
            by_color[color_of[owner]][ROAD].append(EDGE[e])
    # Networks: catanatron's components are node sets reached along own roads,
    # stopping at (but including) other players' buildings.
    board.connected_components = defaultdict(list)
    board.road_lengths = defaultdict(int)
    for c in colors:
        starts = list(by_color[c][SETTLEMENT]) + list(by_color[c][CITY])
        for a, b in by_color[c][ROAD]:
            starts += [x for x in (a, b) if not board.is_enemy_node(x, c)]
        seen: set[int] = set()
        for node in starts:
            if node in seen:
                continue
            comp = board.bfs_walk(node, c)
            seen |= {x for x in comp if not board.is_enemy_node(x, c)}
            board.connected_components[c].append(comp)
        lengths = [
            len(longest_acyclic_path(board, comp, c)) for comp in board.connected_components[c]
        ]
        board.road_lengths[c] = max(lengths, default=0)
    holder = int(state[L.LONGEST_ROAD_HOLDER])
    if holder >= 0:
        board.road_color = color_of[holder]
        board.road_length = board.road_lengths[color_of[holder]]
    else:
        # Set aside (or never taken): a challenger must beat every current length.
        board.road_color = None
        board.road_length = max(board.road_lengths.values(), default=0)

    cs = State([], initialize=False)
    cs.players = [Player(c) for c in colors]
    cs.colors = tuple(colors)
    cs.color_to_index = {c: j for j, c in enumerate(colors)}
    cs.board = board
    cs.discard_limit = int(state[L.OPT_DISCARD_LIMIT])
    active = int(state[L.ACTIVE_PLAYER])
    army = int(state[L.LARGEST_ARMY_HOLDER])
    cs.player_state = {}
    for j, s in enumerate(seats):
        key = f"P{j}_"
        for name, value in PLAYER_INITIAL_STATE.items():
            cs.player_state[key + name] = value
        hand = state[L.HAND + s * NUM_CARD_TYPES : L.HAND + s * NUM_CARD_TYPES + NUM_RESOURCES]
        for r in range(NUM_RESOURCES):
            cs.player_state[f"{key}{RESOURCE[r]}_IN_HAND"] = int(hand[r])
        for d in range(NUM_DEV_TYPES):
            i = s * NUM_DEV_TYPES + d
            held = int(state[L.DEV_HAND + i])
            if d != VICTORY_POINT and not log:
                held -= int(state[L.DEV_NEW + i])
            cs.player_state[f"{key}{DEV_NAME[d]}_IN_HAND"] = held
            cs.player_state[f"{key}PLAYED_{DEV_NAME[d]}"] = int(state[L.DEV_USED + i])
        public = int(state[L.PUBLIC_VP + s])
        cs.player_state[key + "VICTORY_POINTS"] = public
        cs.player_state[key + "ACTUAL_VICTORY_POINTS"] = public + int(
            state[L.DEV_HAND + s * NUM_DEV_TYPES + VICTORY_POINT]
        )
        cs.player_state[key + "ROADS_AVAILABLE"] = int(state[L.ROADS_LEFT + s])
        cs.player_state[key + "SETTLEMENTS_AVAILABLE"] = int(state[L.SETTLEMENTS_LEFT + s])
        cs.player_state[key + "CITIES_AVAILABLE"] = int(state[L.CITIES_LEFT + s])
        cs.player_state[key + "HAS_ROAD"] = holder == s
        cs.player_state[key + "HAS_ARMY"] = army == s
        cs.player_state[key + "LONGEST_ROAD_LENGTH"] = board.road_lengths[colors[j]]
        if s == active:
            cs.player_state[key + "HAS_ROLLED"] = _has_rolled(state)
            cs.player_state[key + "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"] = bool(state[L.DEV_PLAYED])
    cs.resource_freqdeck = [int(x) for x in state[L.BANK : L.BANK + NUM_RESOURCES]]
    # catanatron draws from the end of its list; the harness always names the card.
    deck = [
        DEV_NAME[int(c)] for c in state[L.DECK + int(state[L.DECK_POS]) : L.DECK + DEV_DECK_SIZE]
    ]
    cs.development_listdeck = deck[::-1]
    cs.buildings_by_color = by_color
    cs.actions = _log(state, color_of) if log else []
    if phase in (P.SETUP_SETTLEMENT, P.SETUP_ROAD):
        cs.num_turns = setup_advances(int(state[L.SETUP_INDEX]), n)
    else:
        cs.num_turns = catanatron_turns(int(state[L.TURN]), n)
    cs.current_player_index = seats.index(int(state[L.CURRENT_PLAYER]))
    cs.current_turn_index = seats.index(active)
    cs.current_prompt = _PROMPT.get(phase, ActionPrompt.PLAY_TURN)
    cs.is_initial_build_phase = phase in (P.SETUP_SETTLEMENT, P.SETUP_ROAD)
    cs.is_discarding = phase == P.DISCARD
    cs.is_moving_knight = phase == P.MOVE_ROBBER
    cs.is_road_building = phase == P.ROAD_BUILDING
    cs.free_roads_available = int(state[L.ROADS_TO_PLACE]) if phase == P.ROAD_BUILDING else 0
    cs.playable_actions = generate_playable_actions(cs) if phase in _PROMPT else []

    game = CGame([], initialize=False)
    game.seed = 0
    game.id = "catan_env"
    game.vps_to_win = int(state[L.OPT_VP_TO_WIN])
    game.state = cs
    return Converted(game, seats)


def _log(state: np.ndarray, color_of: dict) -> list[Action]:
    """The last roll and this turn's development cards bought, as catanatron actions."""
    out = []
    active = int(state[L.ACTIVE_PLAYER])
    color = color_of[active]
    if state[L.DICE] > 0:
        out.append(Action(color, ActionType.ROLL, (int(state[L.DICE]), int(state[L.DICE + 1]))))
    for d in range(NUM_DEV_TYPES):
        new = int(state[L.DEV_NEW + active * NUM_DEV_TYPES + d])
        out += [Action(color, ActionType.BUY_DEVELOPMENT_CARD, DEV_NAME[d])] * new
    return out


def setup_advances(index: int, n: int) -> int:
    """catanatron's ``num_turns`` at set-up placement ``index`` (0..2n-1) of ``n`` players:
    it advances after each of the first ``n - 1`` placements and back after the next."""
    return index if index < n else index - 1


def catanatron_turns(turn: int, n: int) -> int:
    """catanatron's ``num_turns`` in our turn ``turn`` after set-up (set-up counts 2(n-1))."""
    return 2 * (n - 1) + turn


def maritime_pair(offset: int) -> tuple[int, int]:
    """``(give, get)`` of the maritime trade at ``offset`` inside our MARITIME block."""
    give, j = divmod(offset, NUM_RESOURCES - 1)
    return give, (j if j < give else j + 1)


def maritime_offer(state: np.ndarray, seat: int, give: int, get: int) -> tuple:
    """catanatron's value of a maritime trade: ``rate`` cards given, padded with None, then got."""
    rate = int(state[L.HARBOR_RATE + seat * NUM_CARD_TYPES + give])
    return tuple([RESOURCE[give]] * rate + [None] * (4 - rate) + [RESOURCE[get]])


def robber_victims(variant, tables, state: np.ndarray, h: int) -> list[tuple]:
    """``(steal action, victim seat)`` for each steal our move of the robber to ``h`` allows.

    Stepped on a copy: ``[(None, None)]`` when the move is followed by no steal.
    """
    trial = state.copy()
    variant.step(trial, tables, A.MOVE_ROBBER + h, np.zeros(A.NUM_ACTIONS, np.int32))
    if int(trial[L.PHASE]) != P.STEAL:
        return [(None, None)]
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    n = variant.legal_actions(trial, tables, legal)
    active, players = int(state[L.ACTIVE_PLAYER]), int(state[L.NUM_PLAYERS])
    return [(int(a), (active + int(a) - A.STEAL + 1) % players) for a in legal[:n]]
