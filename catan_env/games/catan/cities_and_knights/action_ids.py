"""Action-id layout of Cities & Knights: one fixed Discrete space (C&K §6).

Composite choices are split into steps; a family's meaning can depend on the
phase (e.g. ``pick(ore)`` names a resource for Aqueduct, Resource Monopoly or
Merchant Fleet). Knight actions pick the knight (``select_knight``), then its
target (``knight_to`` / ``chase_robber``).
"""

from catan_env.core.actions import ActionBlocks

from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common.constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES
from .constants import NUM_CARD_KINDS, NUM_TRACKS

_b = ActionBlocks()
V, E, H = NUM_VERTICES, NUM_EDGES, NUM_HEXES
OPP = MAX_PLAYERS - 1  # relative seats +1..+3

ROLL = _b.add("roll", 1)
END_TURN = _b.add("end_turn", 1)
BUILD_SETTLEMENT = _b.add("build_settlement", V)
BUILD_ROAD = _b.add("build_road", E)
BUILD_CITY = _b.add("build_city", V)
BUILD_WALL = _b.add("build_wall", V)
BUILD_KNIGHT = _b.add("build_knight", V)
ACTIVATE_KNIGHT = _b.add("activate_knight", V)
PROMOTE_KNIGHT = _b.add("promote_knight", V)
SELECT_KNIGHT = _b.add("select_knight", V)
KNIGHT_TO = _b.add("knight_to", V)
CHASE_ROBBER = _b.add("chase_robber", 1)
IMPROVE = _b.add("improve", NUM_TRACKS)
IMPROVE_CRANE = _b.add("improve_with_crane", NUM_TRACKS)
MEDICINE_CITY = _b.add("city_with_medicine", V)
METROPOLIS = _b.add("place_metropolis", V)
PILLAGE_CITY = _b.add("lose_city", V)
MOVE_ROBBER = _b.add("move_robber", H)
PLACE_MERCHANT = _b.add("place_merchant", H)
INVENTOR_HEX = _b.add("swap_token", H)
REMOVE_ROAD = _b.add("remove_road", E)
STEAL = _b.add("steal", OPP)
SELECT_PLAYER = _b.add("choose_player", OPP)
DISCARD = _b.add("discard", NUM_CARD_TYPES)
GIVE_CARD = _b.add("give", NUM_CARD_TYPES)
PICK_CARD = _b.add("pick", NUM_CARD_TYPES)
PLAY_CARD = _b.add("play", NUM_CARD_KINDS)
PUT_UNDER = _b.add("put_under", NUM_CARD_KINDS)
TAKE_CARD = _b.add("take_card", NUM_CARD_KINDS)
DIE_VALUE = _b.add("die", 6)
CHOOSE_DECK = _b.add("draw_from", NUM_TRACKS)
STOP = _b.add("stop", 1)
MARITIME = _b.add("maritime", NUM_CARD_TYPES * (NUM_CARD_TYPES - 1))
TRADE_ADD_GIVE = _b.add("offer_give", NUM_CARD_TYPES)
TRADE_ADD_WANT = _b.add("offer_want", NUM_CARD_TYPES)
TRADE_PROPOSE = _b.add("propose", MAX_PLAYERS)
TRADE_CANCEL = _b.add("cancel_trade", 1)
TRADE_ACCEPT = _b.add("accept", 1)
TRADE_DECLINE = _b.add("decline", 1)
TRADE_CONFIRM = _b.add("confirm_trade", OPP)
FORCE_TRADE = _b.add("force_trade", OPP * NUM_RESOURCES)  # Commercial Harbor: opponent, resource
# Opens an offer of one card for one other (trade_protocol="pairs"); last, so that
# the ids before it are those of the card-by-card protocol's records.
TRADE_OPEN = _b.add("offer", NUM_CARD_TYPES * (NUM_CARD_TYPES - 1))  # give x, want y != x

NUM_ACTIONS = _b.size
FAMILIES = tuple(_b.families)
