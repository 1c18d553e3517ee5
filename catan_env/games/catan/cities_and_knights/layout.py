"""State layout of Cities & Knights: the base fields, then these (C&K Appendix A).

``LAYOUT`` extends the base layout, so every shared rule function (cards,
placement, Longest Road, trade) works on a C&K state at the same offsets.
"""

from ..board.standard import NUM_VERTICES
from ..common.constants import MAX_PLAYERS
from ..common.layout import BASE_LAYOUT
from .constants import DECK_SIZE, NUM_CARD_KINDS, NUM_TRACKS

LAYOUT = BASE_LAYOUT.extend("cities_and_knights")
_add = LAYOUT.add
P = MAX_PLAYERS

# --- options of the variants of C&K §7 (set at reset)
OPT_MEAN_BARBARIANS = _add("mean_barbarians", doc="1: players choose the knights that defend")
OPT_KNIGHT_ERRANT = _add("knight_errant", doc="1: a knight may chase the robber before the roll")
OPT_EASY_START = _add("easy_start", doc="1: no event die and no 7 in the first two rounds")

# --- barbarians and the event die
BARBARIAN_POS = _add("barbarian_position", doc="0..7; the ship attacks on reaching 7")
FIRST_ATTACK_DONE = _add("first_attack_done", doc="1 once the barbarians attacked (robber free)")
BARBARIAN_ATTACKS = _add("barbarian_attacks", doc="attacks so far (a statistic)")
BARBARIAN_WINS = _add("barbarian_wins", doc="attacks the barbarians won (a statistic)")
EVENT_FACE = _add("event_face", doc="last event die face (-1 before the first roll)")
DEFENDER_VP = _add("defender_vp", P, doc="Defender of Catan awards held")

# --- city improvements, metropolises, walls
LEVEL = _add("improvement_level", (P, NUM_TRACKS), doc="level 0..5 per track")
METRO_HOLDER = _add("metropolis_holder", NUM_TRACKS, doc="seat holding each metropolis, -1")
METRO_VERTEX = _add("metropolis_vertex", NUM_TRACKS, doc="city carrying each metropolis, -1")
VERTEX_WALL = _add("city_wall", NUM_VERTICES, doc="1 if a city wall stands under the city")
WALLS_LEFT = _add("walls_left", P, doc="city walls in supply")

# --- knights (owner per intersection is KNIGHT_OWNER in the base layout)
KNIGHT_STRENGTH = _add("knight_strength", NUM_VERTICES, doc="1 basic, 2 strong, 3 mighty")
KNIGHT_ACTIVE = _add("knight_active", NUM_VERTICES, doc="1 if the knight is active")
KNIGHT_FLAGS = _add("knight_flags", NUM_VERTICES, doc="became active / acted / promoted this turn")
KNIGHTS_LEFT = _add("knights_left", (P, 3), doc="knight tokens in supply by strength")
KNIGHT_COMMITTED = _add("knight_committed", NUM_VERTICES, doc="defends (mean barbarians)")

# --- progress cards
PROGRESS_HAND = _add("progress_hand", (P, NUM_CARD_KINDS), doc="held progress cards by kind")
PDECK = _add("progress_deck", (NUM_TRACKS, DECK_SIZE), doc="each deck as a ring, top first")
PDECK_HEAD = _add("progress_deck_head", NUM_TRACKS, doc="ring index of each deck's top card")
PDECK_COUNT = _add("progress_deck_count", NUM_TRACKS, doc="cards in each deck")
VP_CARDS = _add("vp_progress_cards", P, doc="Printer / Constitution revealed")

# --- merchant and per-turn trade effects
MERCHANT_HEX = _add("merchant_hex", doc="hex of the merchant, -1 off the board")
MERCHANT_OWNER = _add("merchant_owner", doc="seat controlling the merchant, -1")
FLEET_TYPES = _add("merchant_fleet_types", doc="bit set of types traded 2:1 this turn")
HARBOR_TRADES = _add("commercial_harbor", doc="1 while Commercial Harbor trades are open")
HARBOR_USED = _add("commercial_harbor_used", P, doc="opponent already forced this turn")
HARBOR_TARGET = _add("commercial_harbor_target", doc="opponent answering a forced trade")
HARBOR_OFFER = _add("commercial_harbor_offer", doc="resource offered in the forced trade")

# --- resolving a roll
ROLL_STAGE = _add("roll_stage", doc="where the roll resolution resumes (roll.py)")
ROLL_CURSOR = _add("roll_cursor", doc="seat offset from the roller in a per-player step")
PILLAGE_OWED = _add("pillage_owed", P, doc="1: must choose a city to lose")
TIE_DRAW_OWED = _add("tie_draw_owed", P, doc="1: may choose a deck (Defender tie)")
AQUEDUCT_OWED = _add("aqueduct_owed", P, doc="1: chooses a free resource")
RECEIVED = _add("received_production", P, doc="1 if production gave this seat a card")
DEFEND_DONE = _add("defense_declared", P, doc="1 once the seat declared its defenders")

# --- knight actions and displacement
KNIGHT_SELECTED = _add("knight_selected", doc="intersection of the knight acting, -1")
DISPLACED_OWNER = _add("displaced_owner", doc="seat whose knight must relocate, -1")
DISPLACED_FROM = _add("displaced_from", doc="where the displaced knight stood")
DISPLACED_STRENGTH = _add("displaced_strength", doc="its strength")
DISPLACED_ACTIVE = _add("displaced_active", doc="its active state")
DISPLACED_FLAGS = _add("displaced_flags", doc="its per-turn flags")

# --- progress card effects in progress
CARD_TARGET = _add("card_target", doc="seat chosen by a card (Deserter, Spy, ...), -1")
CARD_ARG = _add("card_arg", doc="card step data: first hex, picks left, strength ...")
CARD_ARG2 = _add("card_arg2", doc="more card step data: status, removed road ...")
GIVES_OWED = _add("gives_owed", P, doc="cards still to hand over (Wedding)")

CK_STATE_SIZE = LAYOUT.size
CK_CONFIG = (OPT_MEAN_BARBARIANS, OPT_KNIGHT_ERRANT, OPT_EASY_START)
