"""Codes of Explorers & Pirates (E&P): hex kinds, areas, cargo, piece counts.

The integer codes are part of the state format. A producing terrain's code is
the code of its resource, as in the base game (``constants.FOREST`` ...).
"""

import numpy as np

from ..common.constants import FIELDS, FOREST, HILLS, MOUNTAINS, PASTURE

# Hex kinds (E&P §2.2). Terrain kinds 0..4 are the base terrain codes.
TERRAIN_KINDS = (FOREST, HILLS, PASTURE, FIELDS, MOUNTAINS)
SEA = 5  # plain sea: C1/C2, the channel pieces, revealed sea hexes
FRAME_SEA = 6  # the sea hex printed on the frame at the east tip (§1.4)
COUNCIL = 7  # the Council of Catan hex D2 (§8.1)
GOLD = 8  # gold field: a pirate lair until captured (§7)
FISH_SHOAL = 9  # fish shoal (§8)
SPICE = 10  # spice hex with its village (§9)
NUM_HEX_KINDS = 11
#: Observation code of a face-down hex (never stored in a state).
UNKNOWN = NUM_HEX_KINDS
HEX_KIND_NAMES = (
    "forest",
    "hills",
    "pasture",
    "fields",
    "mountains",
    "sea",
    "frame_sea",
    "council",
    "gold",
    "fish_shoal",
    "spice",
)

# Areas of the frame board (§10.1, §10.7).
AREA_ISLAND, AREA_CHANNEL, AREA_NORTH, AREA_SOUTH = 0, 1, 2, 3
AREA_NAMES = ("island", "channel", "north", "south")

# Cargo kinds (§4.7): settlers and fish are large, crews and spice sacks small.
SETTLER, CREW, FISH, SPICE_SACK = 0, 1, 2, 3
NUM_CARGO = 4
CARGO_NAMES = ("settler", "crew", "fish", "spice")
#: Room a piece takes in a hold or a storage holding 2 (a large piece fills it).
CARGO_SIZE = (2, 1, 2, 1)
CAPACITY = 2

# Piece supplies per player (§1.8).
SHIPS_PER_PLAYER = 3
SETTLERS_PER_PLAYER = 2
HARBORS_PER_PLAYER = 4
SETTLEMENTS_PER_PLAYER = 5
ROADS_PER_PLAYER = 15
CREWS_PER_PLAYER = 9

# Buildings on an intersection (the base codes; HARBOR_SETTLEMENT replaces the city).
HARBOR_SETTLEMENT = 2
#: Owner code of the neutral obstacles of a 2-player game (§10.1, §10.6).
NEUTRAL = 4

# Movement (§4.8).
BASE_MP = 4
BOOST_MP = 2
START_GOLD = 2
#: Gold purchases (2 gold -> 1 resource) allowed per turn (§4.5).
GOLD_BUYS_PER_TURN = 2
GOLD_PRICE = 2
BANK_RATE = 3
#: Discovery reward in gold for any hex that is not terrain (§4.9).
DISCOVERY_GOLD = 2

# Scenarios, in the order of §10.
SCENARIOS = (
    "land_ho",
    "pirate_lairs",
    "fish_for_catan",
    "spices_for_catan",
    "explorers_and_pirates",
)
#: Scenario modules (E&P §10), bits of the tables' ``modules`` entry.
MOD_CREWS, MOD_PIRATES, MOD_LAIRS, MOD_FISH, MOD_SPICES = 1, 2, 4, 8, 16
MODULE_NAMES = ("crews", "pirates", "lairs", "fish", "spices")

# Missions (E&P §6): track index, VP by marker position (§6.2).
LAIRS_TRACK, FISH_TRACK, SPICE_TRACK = 0, 1, 2
NUM_TRACKS = 3
TRACK_NAMES = ("pirate_lairs", "fish_for_catan", "spices_for_catan")
TRACK_VP = np.array(
    [[0, 1, 1, 2, 2, 2, 3, 3], [0, 1, 1, 2, 2, 2, 3, 3], [0, 1, 1, 2, 2, 3, 3, -1]], np.int32
)
TRACK_LAST = np.array([7, 7, 6], np.int32)

# Pirate lairs (E&P §7): lair state of a hex.
LAIR_NONE, LAIR_ACTIVE, LAIR_CAPTURED, LAIR_GOLD_FIELD = 0, 1, 2, 3
LAIRS_PER_GAME = 6
#: Crews that capture a lair (E&P §7.4), gold each participant gets, gold per
#: building on a gold field's number (E&P §7.5).
CAPTURE_CREWS = 3
CAPTURE_GOLD = 2
GOLD_FIELD_GOLD = 2

# Fish for Catan (E&P §8): fish in the shared supply.
FISH_PER_GAME = 6
FISH_SHOALS_PER_AREA = 3

# Spices for Catan (E&P §9): village advantages (§9.4), spice sacks (§1.3).
SWIFT_VOYAGE, PIRATE_BONUS, FAST_GOLD = 1, 2, 3
ADVANTAGE_NAMES = ("none", "swift_voyage", "pirate_bonus", "fast_gold")
SPICE_SACKS_TOTAL = 24

# Costs (E&P §4.6.1) as vectors over all card types (lumber, brick, wool, grain, ore).
COST_ROAD = np.array([1, 1, 0, 0, 0, 0, 0, 0], np.int32)
COST_SETTLEMENT = np.array([1, 1, 1, 1, 0, 0, 0, 0], np.int32)
COST_HARBOR = np.array([0, 0, 0, 2, 2, 0, 0, 0], np.int32)
COST_SHIP = np.array([1, 0, 1, 0, 0, 0, 0, 0], np.int32)
COST_SETTLER = COST_SETTLEMENT
COST_CREW = np.array([0, 0, 1, 0, 1, 0, 0, 0], np.int32)

#: Colours of the fixed Land Ho! start, in the order of §10.7.4; which seat plays which
#: colour is drawn at reset (``seat_colour``), or colour c at seat c with ``seat_colours="fixed"``.
EP_COLOURS = ("blue", "red", "white", "orange")
#: The alternative lair-token numbers (§1.6, option ``lair_token_numbers``); the default
#: set is the scenarios' data.
LAIR_TOKENS_MIDDLE = np.array([4, 5, 6, 8, 9, 10], np.int64)
