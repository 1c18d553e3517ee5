"""Phases of Explorers & Pirates: the base phases plus these (E&P §12.1).

Phases 0..13 keep their base meaning; E&P uses ``pre_roll`` (roll the dice),
``action`` (the trade and build phase, E&P §4.2 step 2), ``discard`` and
``game_over``.
"""

from ..phases import NUM_PHASES as _BASE_PHASES
from ..phases import PHASE_NAMES as _BASE_NAMES

_names = list(_BASE_NAMES)


def _phase(name: str) -> int:
    _names.append(name)
    return len(_names) - 1


MOVEMENT = _phase("movement")  # move ships and take ship actions (E&P §4.2 step 3)
PLACE_SHIP = _phase("place_ship")  # place the ship just rebuilt (E&P §4.6.4)

EP_NUM_PHASES = len(_names)
EP_PHASE_NAMES = tuple(_names)
assert _BASE_PHASES == 14
