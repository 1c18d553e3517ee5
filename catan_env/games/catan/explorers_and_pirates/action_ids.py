"""Action-id layout of Explorers & Pirates: one fixed Discrete space (E&P §12).

Intersections and paths are numbered on the board of the scenario in play;
the space is sized for the largest board, so ids past a smaller board's last
intersection are never legal. Ships are a seat's own ships 0..2; cargo kinds
are settler, crew, fish, spice.
"""

from catan_env.core.actions import ActionBlocks

from ..common.constants import MAX_PLAYERS, NUM_RESOURCES
from .constants import NUM_CARGO, SHIPS_PER_PLAYER
from .layout import MAX_EDGES, MAX_HEXES, MAX_VERTICES

_b = ActionBlocks()
V, E, S, H = MAX_VERTICES, MAX_EDGES, SHIPS_PER_PLAYER, MAX_HEXES

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
# Trade with players (§4.5, base §6.3): compose, propose, answer, confirm.
TRADE_ADD_GIVE = _b.add("offer_give", NUM_RESOURCES)
TRADE_ADD_WANT = _b.add("offer_want", NUM_RESOURCES)
TRADE_GIVE_GOLD = _b.add("offer_give_gold", 1)
TRADE_WANT_GOLD = _b.add("offer_want_gold", 1)
TRADE_PROPOSE = _b.add("propose", MAX_PLAYERS)  # 0: every opponent; 1..3: relative seat
TRADE_CANCEL = _b.add("cancel_trade", 1)
TRADE_ACCEPT = _b.add("accept", 1)
TRADE_DECLINE = _b.add("decline", 1)
TRADE_CONFIRM = _b.add("confirm_trade", MAX_PLAYERS - 1)
# Crews and pirate ships (§5).
CREW_TO_STORAGE = _b.add("crew_to_storage", V)
CREW_TO_SHIP = _b.add("crew_to_ship", S)
PLACE_PIRATE = _b.add("place_pirate", H)
STEAL = _b.add("steal", MAX_PLAYERS - 1)  # relative seat
NO_STEAL = _b.add("no_steal", 1)
CHASE = _b.add("chase_pirate", S)
# Pirate lairs (§7): a crew from ship s onto lair hex h; own crews back from a gold field.
CREW_TO_LAIR = _b.add("crew_to_lair", S * H)
PICK_UP_CREW = _b.add("pick_up_crew", S * H)
# Fish for Catan (§8): the fishing roll, catching, delivering at a Council anchor.
FISHING_ROLL = _b.add("fishing_roll", 1)
CATCH_FISH = _b.add("catch_fish", S * H)
DELIVER = _b.add("deliver", S * NUM_CARGO)  # ship, cargo kind (fish or spice)
# Spices for Catan (§9): a crew befriends a village; Fast Gold sells a card for 1 gold.
BEFRIEND = _b.add("befriend_village", S * H)
FAST_GOLD_SALE = _b.add("fast_gold", NUM_RESOURCES)
# Opens an offer of one good for one other, gold the sixth (trade_protocol="pairs");
# last, so that the ids before it are those of the card-by-card protocol's records.
TRADE_OPEN = _b.add("offer", (NUM_RESOURCES + 1) * NUM_RESOURCES)  # give x, want y != x

NUM_ACTIONS = _b.size
FAMILIES = tuple(_b.families)
