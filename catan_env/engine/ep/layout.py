"""State layout of Explorers & Pirates: the base fields, then these (E&P §12.1).

``EP_LAYOUT`` extends the base layout, so the shared fields (options, RNG,
hands, bank, turn, dice, discards owed, public VP, winner, the chance fields)
keep their offsets and the shared helpers (cards, dice, win check) work on an
E&P state. The base game's board fields (sized for the 19-hex island) stay
unused: the frame board has its own fields below, sized for the largest
scenario (the table array of the scenario says how many are in use).
"""

from ...constants import MAX_PLAYERS
from ..layout import BASE_LAYOUT
from .constants import NUM_CARGO, SHIPS_PER_PLAYER

#: Largest board (scenario 5, E&P §10.7): hexes, intersections, paths.
MAX_HEXES, MAX_VERTICES, MAX_EDGES = 72, 176, 247
#: Face-down hexes per unexplored area, at most (E&P §10, 16 in scenario 5).
MAX_AREA = 16
#: Number tokens per area stack (E&P §1.6).
TOKENS_PER_AREA = 6

EP_LAYOUT = BASE_LAYOUT.extend("explorers_and_pirates")
_add = EP_LAYOUT.add
P = MAX_PLAYERS
S = SHIPS_PER_PLAYER

# --- options (set at reset)
OPT_SCENARIO = _add("scenario", doc="scenario index in SCENARIOS (E&P §10)")

# --- the frame board
EP_HEX_KIND = _add("ep_hex_kind", MAX_HEXES, doc="kind of each hex (hidden while face down)")
EP_HEX_REVEALED = _add("ep_hex_revealed", MAX_HEXES, doc="1 if the hex is face up")
EP_HEX_NUMBER = _add("ep_hex_number", MAX_HEXES, doc="number token on the hex, 0 none")
EP_TOKENS = _add("ep_token_stack", (2, TOKENS_PER_AREA), doc="north/south stacks (hidden)")
EP_TOKEN_POS = _add("ep_token_pos", 2, doc="tokens drawn from each stack")
EP_VERTEX_OWNER = _add("ep_vertex_owner", MAX_VERTICES, doc="seat owning the building, -1")
EP_VERTEX_BUILDING = _add("ep_vertex_building", MAX_VERTICES, doc="0, 1 settlement, 2 harbor")
EP_ROAD_OWNER = _add("ep_road_owner", MAX_EDGES, doc="seat owning the road, -1 none")
EP_STORAGE = _add("ep_storage", (MAX_VERTICES, NUM_CARGO), doc="cargo in harbor storage")

# --- ships (E&P §4.6.4, §4.8)
SHIP_EDGE = _add("ship_edge", (P, S), doc="path of each ship, -1 in supply")
SHIP_CARGO = _add("ship_cargo", (P, S, NUM_CARGO), doc="pieces in each ship's hold")
SHIP_MP = _add("ship_mp", (P, S), doc="movement points left this turn")
SHIP_FLAGS = _add("ship_flags", (P, S), doc="bits: 1 moved, 2 finished, 4 boosted")
MOVING_SHIP = _add("moving_ship", doc="ship of the active player now moving, -1")

# --- players
GOLD = _add("gold", P, doc="gold coins (unlimited supply, E&P §1.3)")
HARBORS_LEFT = _add("harbor_settlements_left", P, doc="harbor settlements in supply")
SETTLERS_LEFT = _add("settlers_left", P, doc="settlers in supply")
GOLD_BUYS = _add("gold_buys_this_turn", doc="resources bought with gold this turn")
DISCOVERED = _add("hexes_discovered", doc="hexes revealed so far (a statistic)")

EP_STATE_SIZE = EP_LAYOUT.size
EP_CONFIG = (OPT_SCENARIO,)

# Ship flag bits.
MOVED, FINISHED, BOOSTED = 1, 2, 4
