"""Phases of Explorers & Pirates: the base phases plus these (E&P §12.1).

Phases 0..13 keep their base meaning; E&P uses ``setup_settlement`` and
``setup_road`` (free set-up), ``pre_roll`` (roll the dice), ``action`` (the
trade and build phase, E&P §4.2 step 2), ``discard``, the three trade phases
and ``game_over``.
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


MOVEMENT = _phase("movement")  # move ships and take ship actions (E&P §4.2 step 3)
PLACE_SHIP = _phase("place_ship")  # place the ship just rebuilt (E&P §4.6.4)
SETUP_HARBOR = _phase("setup_harbor")  # free set-up: own harbor settlement (E&P §10.6)
SETUP_NEUTRAL_HARBOR = _phase("setup_neutral_harbor")  # 2 players: a neutral one
SETUP_NEUTRAL_SETTLEMENT = _phase("setup_neutral_settlement")
SETUP_SHIP = _phase("setup_ship")  # the settler ship at one's harbor settlement
PLACE_PIRATE = _phase("place_pirate")  # a 7 or a successful chase (E&P §5.2, §5.4)
PIRATE_STEAL = _phase("pirate_steal")  # choose a victim with a ship at the pirate, or none

EP_NUM_PHASES = len(_names)
PHASE_NAMES = tuple(_names)
assert _BASE_PHASES == 14
