"""Constants of Command & Colors: Ancients: unit types, dice faces, terrain, cards.

Every number here is from the rules file (``CCA §6.2`` units, ``§6.3`` elephant
dice, ``§3.13`` terrain, ``§4`` cards). Tables are indexed by the unit type code
(``LI`` = 0 ... ``EL`` = 17); the state stores ``code + 1`` so that 0 means
"no unit". ``UNIT_PLAYABLE`` marks the types the engine plays: the scenario
loader rejects the others with a clear error, so no unimplemented rule is ever
reached.
"""

import numpy as np

# --- dice faces (CCA §1.5)
FACE_LIGHT, FACE_MEDIUM, FACE_HEAVY, FACE_LEADER, FACE_FLAG, FACE_SWORDS = range(6)
FACE_NAMES = ("light", "medium", "heavy", "helmet", "flag", "swords")

# --- unit types (CCA §6.2)
UNIT_CODES = (
    "LI", "LB", "LS", "AX", "WA", "MI", "HI", "WM",
    "LC", "LBC", "LCH", "MC", "CA", "ACA", "HC", "HAC", "HCH", "EL",
)  # fmt: skip
UNIT_NAMES = (
    "light infantry", "light bow infantry", "light sling infantry", "auxilia", "warriors",
    "medium infantry", "heavy infantry", "heavy war machine", "light cavalry",
    "light bow cavalry", "barbarian light chariot", "medium cavalry", "camel",
    "armored camel", "heavy cavalry", "heavy armored cavalry", "heavy chariot", "elephant",
)  # fmt: skip
NUM_UNIT_TYPES = len(UNIT_CODES)
(LI, LB, LS, AX, WA, MI, HI, WM, LC, LBC, LCH, MC, CA, ACA, HC, HAC, HCH, EL) = range(18)

LIGHT, MEDIUM, HEAVY = 0, 1, 2  # colour class = the die face that hits it (CCA §1.4)


def _t(*values):
    return np.array(values, np.int32)


#                      LI LB LS AX WA MI HI WM LC LBC LCH MC CA ACA HC HAC HCH EL
UNIT_CLASS = _t(0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2)
UNIT_MOUNTED = _t(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
UNIT_BLOCKS = _t(4, 4, 4, 4, 4, 4, 4, 2, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2)
UNIT_MOVE = _t(2, 2, 2, 2, 1, 1, 1, 1, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2)
# the longest move after which the unit may still battle (warriors: 2 = a charge)
UNIT_BATTLE_MOVE = _t(2, 2, 2, 1, 2, 1, 1, 0, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2)
UNIT_RANGE = _t(2, 3, 3, 2, 0, 0, 0, 6, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0)
UNIT_CC_ATTACK = _t(2, 2, 2, 3, 3, 4, 5, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 0)
UNIT_CC_BACK = _t(2, 2, 2, 3, 3, 4, 5, 2, 2, 2, 2, 3, 2, 2, 4, 4, 3, 0)
UNIT_SWORDS_HIT = _t(0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1)
UNIT_RETREAT = _t(2, 2, 2, 1, 2, 1, 1, 1, 4, 4, 3, 3, 3, 3, 2, 2, 2, 1)
# sword hits ignored in close combat (99: all) (CCA §3.9.8)
UNIT_SWORD_IGNORE = _t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 99)
# +1 die and 1 flag ignored while at full strength (CCA §3.9.3)
UNIT_FULL_BONUS = _t(0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0)
# evade: 0 never, 1 always, 2 vs foot and heavy mounted, 3 vs foot and elephants (CCA §3.11.4)
UNIT_EVADE = _t(1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0)
# cavalry: one extra hex after a momentum advance (CCA §3.10)
UNIT_CAVALRY = _t(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0)
# chariots (with cavalry they are the "cavalry or chariot" of the elephant and camel rules)
UNIT_CHARIOT = _t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0)
UNIT_CAMEL = _t(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0)
# may battle the turn they enter a forest, and bonus combat there (CCA §3.13, §6.2)
UNIT_FOREST_FIGHTER = _t(1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# light foot: pass through friends under Order Light Troops / Move-Fire-Move (CCA §3.6.1)
UNIT_LIGHT_FOOT = _t(1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# elephant's dice against each type (CCA §6.3)
ELEPHANT_DICE = _t(2, 2, 2, 3, 3, 4, 5, 2, 2, 2, 2, 3, 3, 3, 4, 4, 3, 3)
# Types the engine plays (all of them; the loader rejects any it would not).
UNIT_PLAYABLE = _t(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)

LEADER_MOVE = 3
LEADER_EVADE_MAX = 3
EVADE_DISTANCE = 2

# --- terrain (CCA §3.13). A scenario names a terrain by its code; "fordable_river"
# is a ford hex of a river (CCA §5.1's ``ford: true``), "town" has no rules of its
# own (CCA §3.13: scenario special rules) and so plays as clear.
TERRAIN_CODES = (
    "clear", "forest", "hill", "broken_ground", "river", "lake",
    "fordable_river", "fortified_camp", "marsh", "town",
)  # fmt: skip
CLEAR, FOREST, HILL, BROKEN, RIVER, LAKE, FORD, CAMP, MARSH, TOWN = range(10)
NUM_TERRAIN = len(TERRAIN_CODES)
#                      clear forest hill broken river lake ford camp marsh town
TERRAIN_IMPASSABLE = _t(0, 0, 0, 0, 1, 1, 0, 0, 0, 0)
# the fortified camp blocks only under the option camp_blocks_los (combat._blockers)
TERRAIN_BLOCKS_LOS = _t(0, 1, 1, 0, 0, 0, 0, 0, 0, 0)
# every unit and lone leader that enters must stop (broken ground: mounted and leaders only)
TERRAIN_STOPS = _t(0, 1, 0, 0, 0, 0, 1, 0, 1, 0)
# close combat dice cap when either combatant stands there (99: none; hills: combat._terrain_cap)
TERRAIN_CC_CAP = _t(99, 2, 99, 2, 99, 99, 2, 99, 2, 99)
# ranged dice cap for a firer standing there / for a target standing there
TERRAIN_FIRE_FROM_CAP = _t(99, 99, 99, 99, 99, 99, 1, 99, 1, 99)
TERRAIN_FIRE_AT_CAP = _t(99, 1, 99, 99, 99, 99, 99, 99, 99, 99)

# --- command cards (CCA §4)
CARD_NAMES = (
    "Order Two Units Left", "Order Two Units Center", "Order Two Units Right",
    "Order Three Units Left", "Order Three Units Center", "Order Three Units Right",
    "Order Four Units Left", "Order Four Units Center", "Order Four Units Right",
    "Out Flanked", "Coordinated Attack",
    "Order Light Troops", "Order Medium Troops", "Order Heavy Troops", "Order Mounted",
    "Inspired Left Leadership", "Inspired Center Leadership", "Inspired Right Leadership",
    "Leadership Any Section",
    "Clash of Shields", "Counter Attack", "Darken the Sky", "Double Time", "First Strike",
    "I Am Spartacus", "Line Command", "Mounted Charge", "Move-Fire-Move", "Rally",
)  # fmt: skip
NUM_CARD_TYPES = len(CARD_NAMES)
(
    C_O2L, C_O2C, C_O2R, C_O3L, C_O3C, C_O3R, C_O4L, C_O4C, C_O4R, C_OUTFLANKED, C_COORDINATED,
    C_LIGHT, C_MEDIUM, C_HEAVY, C_MOUNTED,
    C_INSP_L, C_INSP_C, C_INSP_R, C_LEAD_ANY,
    C_CLASH, C_COUNTER, C_DARKEN, C_DOUBLE, C_FIRST_STRIKE, C_SPARTACUS, C_LINE, C_CHARGE,
    C_MFM, C_RALLY,
) = range(29)  # fmt: skip
CARD_COUNT = _t(
    3, 4, 3, 3, 4, 3, 1, 1, 1, 2, 2, 4, 3, 2, 1, 1, 1, 1, 3, 1, 2, 1, 2, 1, 1, 4, 2, 2, 1
)
# orders per section (left, center, right) for section cards; -1 elsewhere
CARD_QUOTA = np.full((NUM_CARD_TYPES, 3), -1, np.int32)
for _k, _q in enumerate(
    ((2, 0, 0), (0, 2, 0), (0, 0, 2), (3, 0, 0), (0, 3, 0), (0, 0, 3), (4, 0, 0), (0, 4, 0),
     (0, 0, 4), (2, 0, 2), (1, 1, 1))
):  # fmt: skip
    CARD_QUOTA[_k] = _q
# Cards the engine plays; the deck is built from these only (CCA §4.5 counts),
# so an unimplemented card can never be drawn. All 60 are played.
CARD_PLAYABLE = _t(*([1] * 29))

SECTION_NAMES = ("left", "center", "right")
