"""The declared layout of a game state: one flat int32 array with named fields.

Every field is declared here exactly once with its shape; the module-level
constants (``HAND``, ``PHASE``, ...) are the offsets the jitted engine uses, and
:data:`BASE_LAYOUT` keeps the names and shapes for snapshots, observations and
tests. Nobody else writes a bare index into the state.

Per-player fields are laid out player-major: the count of card type ``r`` in
player ``p``'s hand is ``state[HAND + p * NUM_CARD_TYPES + r]``.

A variant that needs more fields (Cities & Knights, Explorers & Pirates) calls
:meth:`Layout.extend` on the base layout, so its states start with the base
fields at the same offsets and every base rule function works on them.
"""

from __future__ import annotations

from catan_env.core.layout import STATE_DTYPE, Field, Layout  # noqa: F401 (re-exported)

from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_HEXES, NUM_VERTICES
from .constants import (
    DEV_DECK_SIZE,
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
)

BASE_LAYOUT = Layout("base")
_add = BASE_LAYOUT.add
P = MAX_PLAYERS
C = NUM_CARD_TYPES

# --- configuration (fixed at reset; part of the state so a state is self-contained)
NUM_PLAYERS = _add("num_players", doc="seats in play (2-4)")
OPT_VP_TO_WIN = _add("vp_to_win", doc="total VP needed to win on one's own turn")
OPT_DISCARD_LIMIT = _add("discard_limit", doc="a 7 makes players holding more cards discard")
# The trade protocol shares the word, so that a card-by-card game keeps the state
# (and the digests) it had before offers could open by a pair.
OPT_DOMESTIC_TRADE = _add(
    "domestic_trade", doc="player-to-player trade: 0 off, 1 card by card, 2 offers open by a pair"
)
OPT_TRADE_MAX_CARDS = _add("trade_max_cards_per_side", doc="cards per side of an offer")
OPT_TRADE_MAX_PROPOSALS = _add("trade_max_proposals_per_turn", doc="offers per turn")
OPT_MAX_TURNS = _add("max_turns", doc="turns before truncation (0: no limit)")
OPT_FRIENDLY_ROBBER = _add("friendly_robber", doc="1 if the Friendly Robber variant is on")
OPT_STRICT_ORDER = _add("strict_trade_build_order", doc="1: no trade after a build")
OPT_SKIP_FORCED = _add("skip_forced", doc="1: decisions with one option apply themselves")
OPT_BOARD_MODE = _add("board_mode", doc="0 variable, 1 beginner")
OPT_TOKEN_MODE = _add(
    "token_mode", doc="0 spiral, 1 random with no adjacent 6/8, 2 random without the 6/8 rule"
)
OPT_RANDOM_CORNER = _add("random_spiral_start", doc="1: spiral starts at a random corner")

# --- randomness
RNG = _add("rng", 2, doc="PCG32 state (low word, high word) of the game's own RNG")

# --- board
HEX_TERRAIN = _add("hex_terrain", NUM_HEXES, doc="terrain code per land hex")
HEX_NUMBER = _add("hex_number", NUM_HEXES, doc="number token per hex (0 on the desert)")
HARBOR_TYPE = _add("harbor_type", NUM_HARBORS, doc="harbor type at H1..H9")
ROBBER_HEX = _add("robber_hex", doc="hex holding the robber")
VERTEX_OWNER = _add("vertex_owner", NUM_VERTICES, doc="seat owning the building, -1 none")
VERTEX_BUILDING = _add("vertex_building", NUM_VERTICES, doc="0 empty, 1 settlement, 2 city")
EDGE_OWNER = _add("edge_owner", NUM_EDGES, doc="seat owning the road, -1 none")
KNIGHT_OWNER = _add("knight_owner", NUM_VERTICES, doc="seat owning a knight there, -1 none (C&K)")

# --- bank and deck
BANK = _add("bank", C, doc="cards in the bank, resources then commodities")
DECK = _add("dev_deck", DEV_DECK_SIZE, doc="development deck in draw order (hidden)")
DECK_POS = _add("dev_deck_pos", doc="index of the next card to draw")

# --- players
HAND = _add("hand", (P, C), doc="cards held, resources then commodities")
DEV_HAND = _add("dev_hand", (P, NUM_DEV_TYPES), doc="development cards held, by type")
DEV_NEW = _add("dev_bought_this_turn", (P, NUM_DEV_TYPES), doc="of which bought this turn")
DEV_USED = _add("dev_cards_played", (P, NUM_DEV_TYPES), doc="cards played, by type (knights: army)")
ROADS_LEFT = _add("roads_left", P, doc="roads in supply")
SETTLEMENTS_LEFT = _add("settlements_left", P, doc="settlements in supply")
CITIES_LEFT = _add("cities_left", P, doc="cities in supply")
ROAD_LENGTH = _add("road_length", P, doc="longest trail of own roads")
HARBOR_RATE = _add("trade_rate", (P, C), doc="harbor rate per card type (4, 3 or 2)")
PUBLIC_VP = _add("public_vp", P, doc="VP from buildings and special cards")
DISCARDS_OWED = _add("discards_owed", P, doc="cards still to discard for the current 7")

# --- special cards
LONGEST_ROAD_HOLDER = _add("longest_road_holder", doc="seat holding Longest Road, -1 none")
LARGEST_ARMY_HOLDER = _add("largest_army_holder", doc="seat holding Largest Army, -1 none")

# --- turn
START_PLAYER = _add("start_player", doc="seat that started the game")
ACTIVE_PLAYER = _add("active_player", doc="seat whose turn it is")
CURRENT_PLAYER = _add("current_player", doc="seat that must decide now")
TURN = _add("turn", doc="turns completed since the set-up phase")
PHASE = _add("phase", doc="decision the current player faces (see phases.py)")
RESUME_PHASE = _add("resume_phase", doc="phase to return to after a card or the robber")
SETUP_INDEX = _add("setup_index", doc="placement round in the set-up snake (0..2n-1)")
SETUP_VERTEX = _add("setup_vertex", doc="settlement just placed in set-up (road must touch)")
DICE = _add("dice", 2, doc="last roll (0 before the first)")
DEV_PLAYED = _add("dev_played_this_turn", doc="1 once a Knight or progress card is played")
BUILT_THIS_TURN = _add("built_this_turn", doc="1 once something was built or bought")
ROADS_TO_PLACE = _add("free_roads_left", doc="Road Building roads still allowed")
FREE_ROADS_PLACED = _add("free_roads_placed", doc="Road Building roads placed so far")
PICKS_LEFT = _add("picks_left", doc="Year of Plenty picks still owed")
PROPOSALS = _add("proposals_this_turn", doc="domestic offers started this turn")

# --- domestic trade offer
TRADE_GIVE = _add("trade_give", C, doc="cards the active player offers")
TRADE_WANT = _add("trade_want", C, doc="cards the active player asks for")
TRADE_TO = _add("trade_to", doc="addressee seat, or -1 for every opponent")
TRADE_ANSWER = _add("trade_answer", P, doc="0 not asked, 1 pending, 2 accepted, 3 declined")

# --- outcome and counters
WINNER = _add("winner", doc="winning seat, -1 none")
TRUNCATED = _add("truncated", doc="1 if the turn limit ended the game")
DECISIONS = _add("decisions", doc="actions applied so far")

# --- forced chance draws (explicit chance nodes, ``Game.chance_outcomes``). All
# zero at rest: only a copy being stepped to enumerate a chance node sets them,
# and it clears them afterwards (see ``rng.forced_below``).
#: Draws one step can force. One action draws at most 8 times (a C&K roll: two
#: dice, the event die, four gate draws, then a one-victim steal after a 7);
#: only the easy-start reroll of a 7 can ask for more, and that loop is a
#: rejection loop whose overflowing paths ``chance_outcomes`` drops.
MAX_FORCED_DRAWS = 10
CHANCE_FORCING = _add("chance_forcing", doc="1: rng_below returns forced draws (0 at rest)")
CHANCE_FORCED = _add("chance_forced", doc="forced draw values set in chance_values")
CHANCE_DRAWS = _add("chance_draws", doc="draws asked for while forcing")
CHANCE_VALUES = _add("chance_values", MAX_FORCED_DRAWS, doc="the forced draws, in draw order")
CHANCE_RANGES = _add("chance_ranges", MAX_FORCED_DRAWS, doc="n of each rng_below(state, n) call")
CHANCE_KEY = _add("chance_key", 2, doc="hash of the state at the first draw not forced")
#: The chance fields as one block ``state[CHANCE_START:CHANCE_STOP]``.
CHANCE_START, CHANCE_STOP = CHANCE_FORCING, CHANCE_KEY + 2

STATE_SIZE = BASE_LAYOUT.size

# Values of OPT_DOMESTIC_TRADE (1 + the index in options.TRADE_PROTOCOLS).
DOMESTIC_TRADE_OFF, DOMESTIC_TRADE_CARDS, DOMESTIC_TRADE_PAIRS = 0, 1, 2

# Trade answers.
ANSWER_NONE, ANSWER_PENDING, ANSWER_ACCEPT, ANSWER_DECLINE = 0, 1, 2, 3

#: The configuration fields are the first ones of every state; a config vector
#: of this length is copied into ``state[:CONFIG_SIZE]`` at reset.
CONFIG_SIZE = OPT_RANDOM_CORNER + 1
assert NUM_PLAYERS == 0 and CONFIG_SIZE == RNG, "options must open the layout"
