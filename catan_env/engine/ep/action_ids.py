"""Action-id layout of Explorers & Pirates: one fixed Discrete space (E&P §12).

Intersections and paths are numbered on the board of the scenario in play;
the space is sized for the largest board, so ids past a smaller board's last
intersection are never legal. Ships are a seat's own ships 0..2; cargo kinds
are settler, crew, fish, spice.
"""

from ...constants import NUM_RESOURCES
from ..action_ids import ActionBlocks
from .constants import NUM_CARGO, SHIPS_PER_PLAYER
from .layout import MAX_EDGES, MAX_VERTICES

_b = ActionBlocks()
V, E, S = MAX_VERTICES, MAX_EDGES, SHIPS_PER_PLAYER

ROLL = _b.add("roll", 1)
END_TURN = _b.add("end_turn", 1)  # end of the movement phase (§4.2 step 4)
TO_MOVEMENT = _b.add("start_movement", 1)  # end trade/build (§12.4 E1)
BUILD_SETTLEMENT = _b.add("build_settlement", V)
BUILD_ROAD = _b.add("build_road", E)
BUILD_HARBOR = _b.add("build_harbor", V)
BUILD_SHIP = _b.add("build_ship", E)
SCRAP_SHIP = _b.add("rebuild_ship", S)  # all ships out: remove this one first (§4.6.4)
SETTLER_TO_STORAGE = _b.add("settler_to_storage", V)
SETTLER_TO_SHIP = _b.add("settler_to_ship", S)
DROP_SHIP = _b.add("drop_from_ship", S * NUM_CARGO)  # ship, cargo kind (§4.7)
DROP_STORAGE = _b.add("drop_from_storage", V * NUM_CARGO)  # harbor, cargo kind
MARITIME = _b.add("maritime", NUM_RESOURCES * (NUM_RESOURCES - 1))  # 3:1 (§4.5)
SELL_FOR_GOLD = _b.add("sell_for_gold", NUM_RESOURCES)  # 3 of a kind -> 1 gold
BUY_WITH_GOLD = _b.add("buy_with_gold", NUM_RESOURCES)  # 2 gold -> 1 resource
DISCARD = _b.add("discard", NUM_RESOURCES)
SELECT_SHIP = _b.add("select_ship", S)  # start moving this ship (§4.8)
SAIL = _b.add("sail", E)  # one step of the moving ship
BOOST = _b.add("boost", 1)  # 1 wool: +2 MP for the moving ship
STOP_SHIP = _b.add("stop_ship", 1)  # end the moving ship's movement
LOAD = _b.add("load", S * NUM_CARGO)  # storage -> hold (§4.11)
UNLOAD = _b.add("unload", S * NUM_CARGO)  # hold -> storage
SWAP = _b.add("swap_cargo", S)  # exchange hold and storage
FOUND = _b.add("found_settlement", S * 2)  # settler ship, which end (§4.10)

NUM_ACTIONS = _b.size
FAMILIES = tuple(_b.families)
