"""Phases of Cities & Knights: the base phases plus these (C&K Appendix A).

Phases 0..13 keep their base meaning (set-up, pre-roll, action, discard,
robber, steal, Road Building, domestic trade, game over).
"""

# Every base phase under its name too, so a module of the variant reads all its
# phases from this one module.
from ..common.phases import *  # noqa: F403
from ..common.phases import NUM_PHASES as _BASE_PHASES
from ..common.phases import PHASE_NAMES as _BASE_NAMES

_names = list(_BASE_NAMES)


def _phase(name: str) -> int:
    _names.append(name)
    return len(_names) - 1


SETUP_CITY = _phase("setup_city")  # round 2 places a city (C&K §3.1)
ROLL_RESOLVING = _phase("roll_resolving")  # transient: resume the roll resolution
ALCHEMIST_RED = _phase("alchemist_red")
ALCHEMIST_YELLOW = _phase("alchemist_yellow")
DEFEND = _phase("declare_defenders")  # mean barbarians variant (C&K §7)
PILLAGE = _phase("pillage")
TIE_DECK = _phase("defender_tie_deck")
OVERFLOW = _phase("progress_overflow")
AQUEDUCT = _phase("aqueduct")
KNIGHT_ACTION = _phase("knight_action")
RELOCATE = _phase("relocate_knight")
CHASE_HEX = _phase("chase_robber")
METROPOLIS = _phase("place_metropolis")
ENGINEER = _phase("engineer")
INVENTOR_1 = _phase("inventor_first")
INVENTOR_2 = _phase("inventor_second")
SMITH = _phase("smith")
BISHOP = _phase("bishop")
DESERTER_VICTIM = _phase("deserter_victim")
DESERTER_REMOVE = _phase("deserter_remove")
DESERTER_PLACE = _phase("deserter_place")
DIPLOMAT_ROAD = _phase("diplomat_road")
DIPLOMAT_REPLACE = _phase("diplomat_replace")
INTRIGUE = _phase("intrigue")
SABOTEUR = _phase("saboteur_discard")
SPY_VICTIM = _phase("spy_victim")
SPY_CARD = _phase("spy_card")
WEDDING = _phase("wedding_gift")
HARBOR_ANSWER = _phase("commercial_harbor_answer")
MASTER_VICTIM = _phase("master_merchant_victim")
MASTER_PICK = _phase("master_merchant_pick")
MERCHANT_HEX = _phase("merchant")
FLEET_TYPE = _phase("merchant_fleet")
RESOURCE_MONOPOLY = _phase("resource_monopoly")
TRADE_MONOPOLY = _phase("trade_monopoly")

CK_NUM_PHASES = len(_names)
PHASE_NAMES = tuple(_names)
assert _BASE_PHASES == 14
