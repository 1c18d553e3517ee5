"""Cities & Knights constants: tracks, event die, progress cards, costs (C&K §1, §3.10)."""

import numpy as np

from ..common import constants as C

# Improvement tracks (C&K §1.6), each linked to a commodity, a deck and a gate colour.
TRADE, POLITICS, SCIENCE = 0, 1, 2
NUM_TRACKS = 3
TRACK_NAMES = ("trade", "politics", "science")
DECK_COLOURS = ("yellow", "blue", "green")
TRACK_COMMODITY = np.array([C.CLOTH, C.COIN, C.PAPER], np.int32)
MAX_LEVEL = 5

# Event die faces (C&K §1.4): 3 ship faces, then one gate per track.
EVENT_SHIP, EVENT_TRADE, EVENT_POLITICS, EVENT_SCIENCE = 0, 1, 2, 3
EVENT_FACES = np.array(
    [EVENT_SHIP, EVENT_SHIP, EVENT_SHIP, EVENT_TRADE, EVENT_POLITICS, EVENT_SCIENCE], np.int32
)
EVENT_NAMES = ("ship", "trade", "politics", "science")

BARBARIAN_ATTACK_POSITION = 7  # the ship attacks on its 7th advance (C&K §1.7)
VP_TO_WIN = 13

# Knights (C&K §1.3): two tokens of each strength.
BASIC, STRONG, MIGHTY = 1, 2, 3
KNIGHTS_PER_STRENGTH = 2
KNIGHT_BECAME_ACTIVE = 1  # per-turn flags of a knight
KNIGHT_ACTED = 2
KNIGHT_PROMOTED = 4
WALLS_PER_PLAYER = 3
WALL_HAND_BONUS = 2
PROGRESS_HAND_LIMIT = 4

# Progress cards (C&K §1.5), numbered deck by deck: trade, politics, science.
(
    COMMERCIAL_HARBOR,
    MASTER_MERCHANT,
    MERCHANT,
    MERCHANT_FLEET,
    RESOURCE_MONOPOLY,
    TRADE_MONOPOLY,
) = range(0, 6)
(BISHOP, CONSTITUTION, DESERTER, DIPLOMAT, INTRIGUE, SABOTEUR, SPY, WARLORD, WEDDING) = range(6, 15)
(
    ALCHEMIST,
    CRANE,
    ENGINEER,
    INVENTOR,
    IRRIGATION,
    MEDICINE,
    MINING,
    PRINTER,
    ROAD_BUILDING,
    SMITH,
) = range(15, 25)
NUM_CARD_KINDS = 25
CARD_KIND_NAMES = (
    "commercial_harbor",
    "master_merchant",
    "merchant",
    "merchant_fleet",
    "resource_monopoly",
    "trade_monopoly",
    "bishop",
    "constitution",
    "deserter",
    "diplomat",
    "intrigue",
    "saboteur",
    "spy",
    "warlord",
    "wedding",
    "alchemist",
    "crane",
    "engineer",
    "inventor",
    "irrigation",
    "medicine",
    "mining",
    "printer",
    "road_building",
    "smith",
)
CARD_DECK = np.array([TRADE] * 6 + [POLITICS] * 9 + [SCIENCE] * 10, np.int32)
CARD_COUNTS = np.array(
    [
        2,
        2,
        6,
        2,
        4,
        2,  # trade: 18
        2,
        1,
        2,
        2,
        2,
        2,
        3,
        2,
        2,  # politics: 18
        2,
        2,
        1,
        2,
        2,
        2,
        2,
        1,
        2,
        2,
    ],  # science: 18
    np.int32,
)
DECK_SIZE = 18
VP_CARD_KINDS = (PRINTER, CONSTITUTION)

# Costs over the 8 card types (C&K §3.10).
COST_WALL = np.array([0, 2, 0, 0, 0, 0, 0, 0], np.int32)
COST_KNIGHT = np.array([0, 0, 1, 0, 1, 0, 0, 0], np.int32)
COST_ACTIVATE = np.array([0, 0, 0, 1, 0, 0, 0, 0], np.int32)
COST_PROMOTE = COST_KNIGHT
COST_MEDICINE_CITY = np.array([0, 0, 0, 1, 2, 0, 0, 0], np.int32)

# City production (C&K §3.6): for each terrain, (card, count) pairs of a city.
# Fields and hills give 2 of the resource; forest, pasture and mountains give
# 1 resource + 1 commodity.
CITY_YIELD = np.full((6, 2, 2), -1, np.int32)
CITY_YIELD[C.FOREST] = [[C.FOREST, 1], [C.PAPER, 1]]
CITY_YIELD[C.PASTURE] = [[C.PASTURE, 1], [C.CLOTH, 1]]
CITY_YIELD[C.MOUNTAINS] = [[C.MOUNTAINS, 1], [C.COIN, 1]]
CITY_YIELD[C.FIELDS] = [[C.FIELDS, 2], [-1, 0]]
CITY_YIELD[C.HILLS] = [[C.HILLS, 2], [-1, 0]]

COMMODITY_CARDS_PER_TYPE = 12
# Number tokens Inventor may move (C&K §4.1.4).
INVENTOR_TOKENS = (3, 4, 5, 9, 10, 11)
