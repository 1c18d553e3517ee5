"""Game constants shared by every layer: resources, terrains, harbors, cards.

The integer codes are part of the state format; names are what snapshots,
action names and error messages show.
"""

from __future__ import annotations

import numpy as np

# Resources in canonical order (base §1, "Terms").
LUMBER, BRICK, WOOL, GRAIN, ORE = 0, 1, 2, 3, 4
NUM_RESOURCES = 5
RESOURCE_NAMES = ("lumber", "brick", "wool", "grain", "ore")

# Commodities (Cities & Knights §1.2) follow the resources: every hand, the bank
# and every offer hold NUM_CARD_TYPES slots; the base game leaves the last three 0.
PAPER, CLOTH, COIN = 5, 6, 7
NUM_COMMODITIES = 3
NUM_CARD_TYPES = NUM_RESOURCES + NUM_COMMODITIES
COMMODITY_NAMES = ("paper", "cloth", "coin")
CARD_NAMES = RESOURCE_NAMES + COMMODITY_NAMES

# Terrains: a producing terrain's code equals the code of its resource.
FOREST, HILLS, PASTURE, FIELDS, MOUNTAINS, DESERT = 0, 1, 2, 3, 4, 5
NUM_TERRAINS = 6
TERRAIN_NAMES = ("forest", "hills", "pasture", "fields", "mountains", "desert")
#: Terrain tiles of the standard island (base §1.2).
TERRAIN_COUNTS = {FOREST: 4, HILLS: 3, PASTURE: 4, FIELDS: 4, MOUNTAINS: 3, DESERT: 1}

# Harbor types: 0..4 are the 2:1 harbors of that resource; 5 is the generic 3:1.
GENERIC_HARBOR = 5
NUM_HARBOR_TYPES = 6
HARBOR_NAMES = ("lumber", "brick", "wool", "grain", "ore", "generic")
#: Harbor pieces (base §1.2): one 2:1 per resource and four generic 3:1.
HARBOR_POOL = (
    LUMBER,
    BRICK,
    WOOL,
    GRAIN,
    ORE,
    GENERIC_HARBOR,
    GENERIC_HARBOR,
    GENERIC_HARBOR,
    GENERIC_HARBOR,
)

# Development cards (base §1.4).
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = 0, 1, 2, 3, 4
NUM_DEV_TYPES = 5
DEV_NAMES = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
DEV_COUNTS = (14, 5, 2, 2, 2)
DEV_DECK_SIZE = 25

# Building kinds on an intersection. A tipped city (Cities & Knights §3.16.2) is a
# pillaged city with no settlement in supply; it counts as a settlement.
EMPTY, SETTLEMENT, CITY, TIPPED_CITY = 0, 1, 2, 3
BUILDING_NAMES = ("empty", "settlement", "city")

#: Cards of each resource in the bank at the start (base §1.2).
RESOURCE_CARDS_PER_TYPE = 19

#: Pieces per player (base §1.3).
ROADS_PER_PLAYER, SETTLEMENTS_PER_PLAYER, CITIES_PER_PLAYER = 15, 5, 4

#: Largest number of seats any variant uses; states always reserve this many.
MAX_PLAYERS = 4

# Costs (base §7.1) as vectors over all card types.
COST_ROAD = np.array([1, 1, 0, 0, 0, 0, 0, 0], np.int32)
COST_SETTLEMENT = np.array([1, 1, 1, 1, 0, 0, 0, 0], np.int32)
COST_CITY = np.array([0, 0, 0, 2, 3, 0, 0, 0], np.int32)
COST_DEV_CARD = np.array([0, 0, 1, 1, 1, 0, 0, 0], np.int32)

#: Number-token values by letter A..R (base §3.3).
TOKEN_VALUES = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

#: Seat colours (base §3.2, engine convention).
COLOURS_4P = ("red", "white", "orange", "blue")
COLOURS_3P = ("white", "orange", "blue")


def colours(num_players: int) -> tuple[str, ...]:
    """Colour of each seat for the given number of players."""
    if num_players == 3:
        return COLOURS_3P
    return COLOURS_4P[:num_players]
