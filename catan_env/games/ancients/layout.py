"""The declared layout of an Ancients state: one flat int32 array, named fields.

Same design as the Catan engine (:mod:`catan_env.core.layout`): every field is
declared here once; the constants are the offsets the jitted engine uses and
:data:`LAYOUT` keeps names and shapes for snapshots and tests. Per-hex fields
have one slot per hex (:mod:`.board`); per-side fields are indexed by side
(0 = bottom, 1 = top). A piece's per-turn flags live on its hex and move with it.
"""

from catan_env.core.layout import STATE_DTYPE, Layout

from .board import NUM_HEXES
from .units import NUM_CARD_TYPES, NUM_UNIT_TYPES

LAYOUT = Layout("ancients")
_add = LAYOUT.add

DECK_SIZE = 60
MAX_DICE = 16

# --- options (fixed at reset)
OPT_MAX_TURNS = _add("max_turns", doc="turns before truncation (0: no limit)")
OPT_SUPPORT_LEADERS = _add(
    "opt_lone_leader_support", doc="1: a lone friendly leader counts toward support (CCA §3.11.2)"
)
OPT_MOMENTUM_VS_LEADER = _add(
    "opt_momentum_after_lone_leader",
    doc="1: momentum advance after attacking a lone leader (CCA §3.12.4)",
)
OPT_AUTO_BATTLE_BACK = _add(
    "opt_auto_battle_back", doc="1: battle back without asking (CCA §3.9.6)"
)
OPT_FIRST_STRIKE_BONUS = _add(
    "opt_first_strike_vs_bonus", doc="1: First Strike may answer a bonus close combat (CCA §4.4)"
)
OPT_CHARGE_ALL_HEAVY = _add(
    "opt_mounted_charge_all_heavy",
    doc="1: Mounted Charge's 3-hex move also for heavy chariots (CCA §4.4)",
)
OPT_INSPIRED_SECTION = _add(
    "opt_inspired_fallback_in_section",
    doc="1: an Inspired card's one unit must be in its section (CCA §4.3)",
)
OPT_RAMPAGE_LEADERS = _add(
    "opt_rampage_hits_lone_leaders", doc="1: a rampage rolls at adjacent lone leaders too (CNC)"
)
OPT_CAMP_DICE_PENALTY = _add(
    "opt_camp_dice_penalty",
    doc="1: a unit battling from a fortified camp rolls 1 die fewer, after caps (CCA §3.13, CNC)",
)
OPT_CAMP_BLOCKS_LOS = _add(
    "opt_camp_blocks_los", doc="1: a fortified camp hex blocks line of sight (CCA §3.13, CNC)"
)
OPT_HILL_CAPS = _add(
    "opt_cnc_hill_caps",
    doc="1: mounted on a hill max 2 dice, foot hill to hill max 3 (CCA §3.13, CNC)",
)
OPT_SKIP_FORCED = _add("skip_forced", doc="1: retreat steps with one legal hex apply themselves")

# --- randomness
RNG = _add("rng", 2, doc="PCG32 state of the game's generator (dice and shuffles)")

# --- scenario
TERRAIN = _add("terrain", NUM_HEXES, doc="terrain code per hex")
BANNERS_TO_WIN = _add("banners_to_win", doc="victory banners needed")
COMMAND = _add("command", 2, doc="hand size = Command per side")
FIRST_SIDE = _add("first_side", doc="side that moved first")

# --- scenario special rules (CCA §5.1; catan_env.games.ancients.special_rules)
VH_BANNERS = _add("vh_banners", NUM_HEXES, doc="banners a victory hex is worth, 0 not one")
VH_SIDES = _add("vh_sides", NUM_HEXES, doc="sides a victory hex scores for: bit 1 bottom, 2 top")
VH_PERMANENT = _add("vh_permanent", NUM_HEXES, doc="1: permanent victory hex, 0 temporary")
VH_HOLDER = _add("vh_holder", NUM_HEXES, doc="side + 1 holding the hex's banners, 0 none")
EXIT_VALUE = _add(
    "exit_value", (2, NUM_HEXES), doc="banners per unit of a side leaving by that hex, 0 no exit"
)
FIRE_RANGE = _add(
    "fire_range", (2, NUM_UNIT_TYPES), doc="scenario range of a type that may fire, 0 none"
)
FIRE_DICE = _add("fire_dice", (2, NUM_UNIT_TYPES), doc="its ranged dice when it has not moved")
MAX_HAND_RULES = 4
HS_SIDE = _add("hs_side", MAX_HAND_RULES, doc="side whose Command a hand-size rule changes")
HS_TRIGGER = _add("hs_trigger", MAX_HAND_RULES, doc="HS_* trigger, 0 unused slot")
HS_PARAM = _add("hs_param", MAX_HAND_RULES, doc="turn number, or leader id + 1")
HS_DELTA = _add("hs_delta", MAX_HAND_RULES, doc="change to the side's Command")
HS_STATE = _add("hs_state", MAX_HAND_RULES, doc="0 waiting, 1 triggered, 2 applied")
UNIT_ELITE = _add("unit_elite", NUM_HEXES, doc="extra flags the unit there ignores (elite)")

# --- pieces
UNIT_TYPE = _add("unit_type", NUM_HEXES, doc="unit type code + 1 per hex, 0 none")
UNIT_SIDE = _add("unit_side", NUM_HEXES, doc="side of the unit there")
UNIT_BLOCKS = _add("unit_blocks", NUM_HEXES, doc="blocks left in the unit there")
UNIT_FLAGS = _add("unit_flags", NUM_HEXES, doc="per-turn bits of the unit there (UF_*)")
UNIT_MOVED = _add("unit_moved", NUM_HEXES, doc="hexes the unit there moved this turn")
LEADER = _add("leader", NUM_HEXES, doc="leader id + 1 per hex, 0 none")
LEADER_SIDE = _add("leader_side", NUM_HEXES, doc="side of the leader there")
LEADER_FLAGS = _add("leader_flags", NUM_HEXES, doc="per-turn bits of the leader there (LF_*)")

# --- cards
HAND = _add("hand", (2, NUM_CARD_TYPES), doc="command cards held, by type (hidden)")
DECK = _add("deck", DECK_SIZE, doc="draw pile, top first (hidden)")
DECK_POS = _add("deck_pos", doc="index of the next card to draw")
DECK_LEN = _add("deck_len", doc="cards in the draw pile array")
DISCARD = _add("discard", NUM_CARD_TYPES, doc="discard pile, by type")
CARD_PLAYED = _add("card_played", doc="card type played this turn, -1 none")

# --- score and turn
BANNERS = _add("banners", 2, doc="victory banners won")
LOST_UNITS = _add("lost_units", 2, doc="units eliminated, per owner")
LOST_LEADERS = _add("lost_leaders", 2, doc="leaders eliminated, per owner")
GONE_LEADERS = _add("gone_leaders", 2, doc="leaders that left by their baseline, per owner")
GONE_UNITS = _add("gone_units", 2, doc="units removed without a banner (evading war machines)")
HEX_BANNERS = _add("hex_banners", 2, doc="banners held for victory hexes, per side")
EXIT_BANNERS = _add("exit_banners", 2, doc="banners scored by units leaving the board")
EXITED_UNITS = _add("exited_units", 2, doc="units that left the board by an exit hex")
BLOCKS_START = _add("blocks_start", 2, doc="blocks on the board at the start, per side")
BLOCKS_LOST = _add("blocks_lost", 2, doc="blocks removed from the board, per side")
LEADERS_START = _add("leaders_start", 2, doc="leaders at the start, per side")
PHASE = _add("phase", doc="current phase (phases.py)")
ACTIVE = _add("active_side", doc="side whose turn it is")
CURRENT = _add("current_side", doc="side that must decide now")
TURN = _add("turn", doc="turns completed")
WINNER = _add("winner", doc="winning side + 1, 0 none")
DECISIONS = _add("decisions", doc="actions taken")

# --- order phase
QUOTA = _add("quota", 3, doc="orders per section (left, center, right) of a section card")
ORDERS_LEFT = _add("orders_left", doc="orders left on a troop card")
ORDER_RULE = _add("order_rule", doc="what the card orders (ORDER_* in phases.py)")
ORDERED_COUNT = _add("ordered_count", 3, doc="pieces ordered in left-only, center-only, right-only")
ORDERED_SHARED = _add(
    "ordered_shared", 2, doc="pieces ordered in left+center and center+right hexes"
)
CARD_FLAGS = _add("card_flags", doc="bits of the card's effect this turn (CF_*)")
CARD_CC_DICE = _add("card_cc_dice", doc="extra close-combat dice for ordered units this turn")
CARD_BONUS_CC_DICE = _add("card_bonus_cc_dice", doc="extra dice in bonus close combats")
CARD_FIRE_DICE = _add("card_fire_dice", doc="extra ranged dice for ordered units this turn")
LEAD_HEX = _add("lead_hex", doc="hex of the leader a Leadership card ordered, -1 none")
LEAD_BITS = _add(
    "lead_bits", 2, doc="section bits of the leader each side's last Leadership card ordered"
)
CARD_EFFECT = _add("card_effect", doc="the card whose orders apply (Counter Attack: the copy)")
DICE_ORDERS = _add(
    "dice_orders", 4, doc="Spartacus / Rally dice left to use: light, medium, heavy, helmet"
)
MFM_STAGE = _add("mfm_stage", doc="Move-Fire-Move: 0 first move and fire, 1 second move")
LAST_CARD = _add("last_card", 2, doc="card each side played on its last turn, -1 none")
FIRST_STRIKE_SIDE = _add("first_strike_side", doc="side that played First Strike this turn, -1")

# --- selection
SELECTED = _add("selected", doc="hex of the piece picked to move or battle, -1 none")
SELECTED_LEADER = _add("selected_is_leader", doc="1 if the picked piece is a leader")

# --- combat in progress
CB_ATTACKER = _add("cb_attacker", doc="hex of the attacking unit")
CB_DEFENDER = _add("cb_defender", doc="hex of the defending unit or lone leader")
CB_KIND = _add("cb_kind", doc="COMBAT_* kind")
CB_ATT_FULL = _add("cb_attacker_full", doc="1 if the attacker was at full strength at the start")
CB_DEF_FULL = _add("cb_defender_full", doc="1 if the defender was at full strength at the start")
CB_STEP = _add("cb_step", doc="which roll is being resolved (STEP_* in phases.py)")
CB_STAGE = _add("cb_stage", doc="where the resolution of the roll stands (RS_* in phases.py)")
CB_EVADED = _add("cb_evaded", doc="1 if the defender evaded")
CB_FIRST_STRUCK = _add("cb_first_struck", doc="1 if the defender struck first (no battle back)")
CB_LEADER_TARGET = _add("cb_leader_target", doc="1 if the target is a lone leader")
CB_VACATED = _add("cb_vacated", doc="hex the defender left, -1 none")
ROLL_BY = _add("roll_by", doc="hex of the unit that rolled")
ROLL_AT = _add("roll_at", doc="hex of the unit rolled against (follows its retreat)")
ROLL_FLAGS = _add("roll_flags", doc="flags scored by the roll")
ROLL_EXTRA = _add("roll_extra", doc="extra retreat hexes per flag (camel vs cavalry)")
ROLL_LOST = _add("roll_lost", doc="blocks the target lost to this roll")
ROLL_LEADER = _add(
    "roll_leader",
    doc="the roll's one leader casualty check (CCA §3.12.2): 0 no attached leader "
    "when rolled at, 1 due (after the hits, or after the retreat when the flags "
    "could eliminate the unit), 2 made, 3 made after the hits with the unit alive",
)
RETREAT_LEFT = _add("retreat_left", doc="retreat hexes still to move")
RAMPAGE_K = _add("rampage_k", doc="elephant rampage / blocked retreat: next neighbour, -1 none")
RAMPAGE_LEFT = _add("rampage_left", doc="hexes a blocked elephant could not retreat")
EVADER = _add("evade_leader_hex", doc="hex of a leader who must evade, -1 none")
EVADE_RETURN = _add("evade_return_phase", doc="phase to resume after a leader evades")

# --- forced dice (tests and search: the next rolls' faces, chosen by the caller)
MAX_FORCED = 32
FORCED_N = _add("forced_n", doc="forced die faces queued")
FORCED_POS = _add("forced_pos", doc="forced faces used so far")
FORCED = _add("forced", MAX_FORCED, doc="queued faces; every die rolled takes the next one")

# --- last roll (public, for display)
DICE = _add("dice", MAX_DICE, doc="faces of the last roll")
DICE_N = _add("dice_n", doc="dice in the last roll")

# hand-size triggers (CCA §5.1)
HS_NONE, HS_AFTER_TURN, HS_LEADER_LOST = range(3)

# unit flags
UF_ORDERED = 1
UF_MOVED = 2  # finished its move (or stayed)
UF_BATTLED = 4
UF_FROZEN = 8  # a leader joined it this turn: it may not move
UF_CHARGED = 16  # warriors that moved 2: must close combat
UF_BONUS = 32  # made its bonus close combat
UF_NO_CARD_BONUS = 64  # ordered by a card's 1-unit fallback
UF_ADVANCED = 128  # made a momentum advance this turn
UF_FIRED = 256  # fired once under Darken the Sky

# leader flags
LF_ORDERED = 1
LF_MOVED = 2

# card flags
CF_PASS_THROUGH = 1  # light foot may move through friends
CF_NO_FIRE = 2  # no ranged combat (Mounted Charge, Double Time, Clash of Shields)
CF_NO_CLOSE = 4  # no close combat (Darken the Sky)
CF_NO_MOVE = 8  # ordered units may not move (Clash of Shields, Darken the Sky)
CF_MOVE1 = 16  # at most 1 hex (Line Command)
CF_DOUBLE = 32  # Double Time movement
CF_CHARGE = 64  # Mounted Charge: heavy cavalry move 3 and battle
CF_FIRE_TWICE = 128  # Darken the Sky
CF_RESHUFFLE = 256  # I Am Spartacus: deck and discards reshuffled at the end of the turn
CF_MFM = 512  # Move-Fire-Move: a second move after all fire

__all__ = ["LAYOUT", "STATE_DTYPE"]
