"""State layout of Explorers & Pirates: the base fields, then these (E&P §12.1).

``LAYOUT`` extends the base layout, so the shared fields (options, RNG,
hands, bank, turn, dice, discards owed, public VP, winner, the chance fields)
keep their offsets and the shared helpers (cards, dice, win check) work on an
E&P state. The base game's board fields (sized for the 19-hex island) stay
unused: the frame board has its own fields below, sized for the largest
scenario (the table array of the scenario says how many are in use).
"""

from ..common.constants import MAX_PLAYERS
from ..common.layout import BASE_LAYOUT
from .constants import (
    LAIRS_PER_GAME,
    NUM_CARGO,
    NUM_TRACKS,
    SHIPS_PER_PLAYER,
)

#: Largest board (scenario 5, E&P §10.7): hexes, intersections, paths.
MAX_HEXES, MAX_VERTICES, MAX_EDGES = 72, 176, 247
#: Face-down hexes per unexplored area, at most (E&P §10, 16 in scenario 5).
MAX_AREA = 16
#: Number tokens per area stack (E&P §1.6).
TOKENS_PER_AREA = 6

LAYOUT = BASE_LAYOUT.extend("explorers_and_pirates")
_add = LAYOUT.add
P = MAX_PLAYERS
S = SHIPS_PER_PLAYER

# --- options (set at reset)
OPT_SCENARIO = _add("scenario", doc="scenario index in SCENARIOS (E&P §10)")
# The rules file's alternative readings (E&P §14); 0 is always its default.
OPT_STEAL_REQUIRED = _add("steal_required", doc="1: a pirate must steal when it can (§5.2)")
OPT_RECOVER_CREWS = _add("recover_crews", doc="1: own crews may leave an active lair (§7.3)")
OPT_SPICE_PER_HEX = _add("spice_crew_per_hex", doc="1: one crew per village in all (§9.2)")
OPT_LATE_CAPTURE_GOLD = _add("late_capture_gold", doc="1: capture gold at end of movement")
OPT_UNCAPPED_TRACKS = _add("uncapped_tracks", doc="1: a track pays 1 VP per space (§6.2)")
OPT_S2_END_WIN = _add("s2_end_of_turn_win", doc="1: Pirate Lairs wins only at turn end")
# Readings of the Greek rulebook and other choices (catan_env.config); 0 is the default.
OPT_SWIFT_DISCOVERER = _add(
    "swift_voyage_discoverer", doc="1: Swift Voyage also for the ship that found the village"
)
OPT_FAST_GOLD_BUYS = _add("fast_gold_buys", doc="1: Fast Gold buys 1 resource for 1 gold (§9.4)")
OPT_LAIR_MIDDLE = _add("lair_tokens_middle", doc="1: lair tokens 4,5,6,8,9,10 (§1.6)")
OPT_SHIP_ACTIONS_ALONE = _add(
    "ship_actions_alone", doc="1: no cargo transfer while another ship is mid-move (§4.8)"
)
OPT_FIXED_COLOURS = _add("fixed_colours", doc="1: seat c plays colour c (no drawn colours)")

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
FRESH_SHIP = _add("fresh_discovery_ship", doc="ship whose last step was a discovery, -1")
FRESH_SPICE = _add("fresh_spice_hexes", 4, doc="spice hexes that step revealed, -1")

# --- seats
SEAT_COLOUR = _add("seat_colour", P, doc="index in EP_COLOURS of each seat's colour")

# --- players
GOLD = _add("gold", P, doc="gold coins (unlimited supply, E&P §1.3)")
HARBORS_LEFT = _add("harbor_settlements_left", P, doc="harbor settlements in supply")
SETTLERS_LEFT = _add("settlers_left", P, doc="settlers in supply")
GOLD_BUYS = _add("gold_buys_this_turn", doc="resources bought with gold this turn")
TRADE_GOLD_GIVE = _add("trade_gold_give", doc="gold the active player offers (E&P §4.5)")
TRADE_GOLD_WANT = _add("trade_gold_want", doc="gold the active player asks for")
DISCOVERED = _add("hexes_discovered", doc="hexes revealed so far (a statistic)")


# --- crews and pirate ships (E&P §5)
CREWS_LEFT = _add("crews_left", P, doc="crews in supply")
PIRATE_HEX = _add("pirate_hex", doc="hex of the pirate ship on the board, -1 none")
PIRATE_OWNER = _add("pirate_owner", doc="seat owning that pirate ship, -1 none")
CHASE_DIE = _add("chase_die", doc="last chase roll (0 none)")

# --- missions (E&P §6)
TRACK_POS = _add("track_position", (P, NUM_TRACKS), doc="marker space on each track")
TRACK_STAMP = _add("track_stamp", (P, NUM_TRACKS), doc="when the marker reached its space")
TRACK_CLOCK = _add("track_clock", doc="marker moves so far (orders a stack)")
TRACK_HOLDER = _add("mission_vp_card", NUM_TRACKS, doc="seat holding each mission VP card, -1")
MISSION_VP = _add("mission_vp", P, doc="VP from tracks and mission VP cards")

# --- pirate lairs (E&P §7)
LAIR_STATE = _add("lair_state", MAX_HEXES, doc="0, 1 active lair, 2 captured, 3 gold field")
LAIR_TOKEN = _add("lair_token", MAX_HEXES, doc="number on the lair token (hidden until flipped)")
LAIR_CREWS = _add("lair_crews", (MAX_HEXES, P), doc="crews of each seat on a lair/gold field")
LAIR_STACK = _add("lair_stack", LAIRS_PER_GAME, doc="lair tokens face down (hidden)")
LAIR_POS = _add("lair_tokens_drawn", doc="lair tokens drawn")
CAPTURES = _add("captures_this_turn", LAIRS_PER_GAME, doc="lairs captured this turn, in order")
NUM_CAPTURES = _add("num_captures_this_turn", doc="entries of captures_this_turn")
HERO_ROLLS = _add("hero_rolls", doc="hero dice rolled so far (a statistic)")
HERO_DICE = _add("hero_dice", P, doc="each seat's last hero roll (0 none)")

# --- Fish for Catan (E&P §8)
FISH_FACE = _add("fish_face", MAX_HEXES, doc="die face printed on a shoal (hidden while face down)")
FISH_ON = _add("fish_on_shoal", MAX_HEXES, doc="1 if a fish lies on the shoal")
FISH_SUPPLY = _add("fish_supply", doc="fish next to the board")
FISH_DIE = _add("fishing_die", doc="last fishing roll (0 none)")
FISHED = _add("fished_this_turn", doc="1 once the fishing roll was made this turn")

# --- Spices for Catan (E&P §9)
SPICE_ADV = _add("village_advantage", MAX_HEXES, doc="1 swift voyage, 2 pirate bonus, 3 fast gold")
SPICE_FACE = _add("pirate_bonus_face", MAX_HEXES, doc="die face of a Pirate Bonus village")
SPICE_SACKS = _add("village_sacks", MAX_HEXES, doc="spice sacks left on a village")
SPICE_CREW = _add("village_crews", (MAX_HEXES, P), doc="1 if the seat's crew befriended it")
SPICE_SUPPLY = _add("spice_supply", doc="spice sacks next to the board")
SPICE_GONE = _add("spice_delivered", doc="sacks delivered (out of the game)")
FAST_GOLD_USED = _add("fast_gold_this_turn", doc="Fast Gold sales this trade/build phase")

EP_STATE_SIZE = LAYOUT.size
EP_CONFIG = (
    OPT_SCENARIO,
    OPT_STEAL_REQUIRED,
    OPT_RECOVER_CREWS,
    OPT_SPICE_PER_HEX,
    OPT_LATE_CAPTURE_GOLD,
    OPT_UNCAPPED_TRACKS,
    OPT_S2_END_WIN,
    OPT_SWIFT_DISCOVERER,
    OPT_FAST_GOLD_BUYS,
    OPT_LAIR_MIDDLE,
    OPT_SHIP_ACTIONS_ALONE,
    OPT_FIXED_COLOURS,
)

# Ship flag bits.
MOVED, FINISHED, BOOSTED, TRIBUTE_PAID, CHASED = 1, 2, 4, 8, 16
