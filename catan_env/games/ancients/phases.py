"""Phases, action ids and the other small enumerations of the Ancients engine.

The action space is one ``Discrete(NUM_ACTIONS)`` made of families (CCA §7):
a card to play, pieces to order, a piece to pick (to move or to battle with),
a hex (the destination, the target, the next retreat or evade hex, the hex to
advance into), a leader leaving by his baseline, the defender's answers (stand,
evade, strike first, battle back or not), how many flags to ignore, a unit leaving
the board by an exit hex (scenario special rule), and ``DONE`` (end the
order, movement or battle step; decline an advance, an extra hex or a bonus
combat). What a ``HEX`` action means depends on the phase.
"""

from .board import NUM_HEXES
from .units import NUM_CARD_TYPES

# --- phases
(
    PH_PLAY, PH_ORDER, PH_MOVE, PH_MOVE_DEST, PH_BATTLE, PH_TARGET, PH_REACT, PH_EVADE_DEST,
    PH_IGNORE, PH_RETREAT, PH_LEADER_EVADE, PH_BATTLE_BACK, PH_ADVANCE, PH_EXTRA_HEX, PH_BONUS,
    PH_OVER,
) = range(16)  # fmt: skip
PHASE_NAMES = (
    "play a card", "order", "move: pick a piece", "move: destination", "battle: pick a unit",
    "battle: target", "defender: stand, evade or strike first", "evade: destination",
    "ignore flags", "retreat", "leader evade", "battle back", "momentum advance",
    "cavalry extra hex", "bonus close combat", "game over",
)  # fmt: skip

# --- action families
A_PLAY = 0
A_ORDER_UNIT = A_PLAY + NUM_CARD_TYPES
A_ORDER_LEADER = A_ORDER_UNIT + NUM_HEXES
A_PICK_UNIT = A_ORDER_LEADER + NUM_HEXES
A_PICK_LEADER = A_PICK_UNIT + NUM_HEXES
A_HEX = A_PICK_LEADER + NUM_HEXES
A_LEADER_OFF = A_HEX + NUM_HEXES
A_DONE = A_LEADER_OFF + 1
A_STAND = A_DONE + 1
A_EVADE = A_STAND + 1
A_BATTLE_BACK = A_EVADE + 1
A_NO_BATTLE_BACK = A_BATTLE_BACK + 1
A_FIRST_STRIKE = A_NO_BATTLE_BACK + 1
A_IGNORE = A_FIRST_STRIKE + 1
MAX_IGNORE = 4
# a unit leaves the board by an exit hex (CCA §5.1 special rule; after the older
# families so that their ids stay the same)
A_EXIT = A_IGNORE + MAX_IGNORE + 1
NUM_ACTIONS = A_EXIT + 1
#: (name, first id, size) of every family, in id order: the one table from which
#: :mod:`.actions` makes the action names and finds an id's family.
FAMILIES = (
    ("play", A_PLAY, NUM_CARD_TYPES),
    ("order_unit", A_ORDER_UNIT, NUM_HEXES),
    ("order_leader", A_ORDER_LEADER, NUM_HEXES),
    ("pick_unit", A_PICK_UNIT, NUM_HEXES),
    ("pick_leader", A_PICK_LEADER, NUM_HEXES),
    ("hex", A_HEX, NUM_HEXES),
    ("leader_off_board", A_LEADER_OFF, 1),
    ("done", A_DONE, 1),
    ("stand", A_STAND, 1),
    ("evade", A_EVADE, 1),
    ("battle_back", A_BATTLE_BACK, 1),
    ("no_battle_back", A_NO_BATTLE_BACK, 1),
    ("first_strike", A_FIRST_STRIKE, 1),
    ("ignore_flags", A_IGNORE, MAX_IGNORE + 1),
    ("unit_off_board", A_EXIT, 1),
)

# --- how a card orders (PHASE ORDER)
(
    ORDER_NONE, ORDER_SECTION, ORDER_LIGHT, ORDER_MEDIUM, ORDER_HEAVY, ORDER_MOUNTED, ORDER_ANY,
    ORDER_LEADERSHIP, ORDER_LINKED_FOOT, ORDER_MOUNTED_UNITS, ORDER_DICE, ORDER_RALLY,
    ORDER_LIGHT_UNITS,
) = range(13)  # fmt: skip

# --- combat kinds
COMBAT_RANGED, COMBAT_CLOSE, COMBAT_BONUS = range(3)

# --- which roll is being resolved
STEP_ATTACK, STEP_BACK, STEP_EVADE, STEP_FIRST = range(4)

# --- resolution stages of a roll (CCA §3.15)
RS_FLAGS, RS_RETREAT, RS_CHECK, RS_AFTER, RS_END, RS_RAMPAGE, RS_BLOCKED = range(7)
# not a stage: a leader evade (marsh casualty check) to be followed by more movement
RS_MOVE = 7
# the casualty check after the retreat: for losses the retreat alone caused (CCA §3.12.2)
RS_LATE_CHECK = 8
