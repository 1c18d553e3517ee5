"""Action ids <-> readable names for Command & Colors: Ancients (CCA §7).

Names: ``play Order Two Units Left``, ``order unit r7c5``, ``order leader r7c7``,
``pick unit r7c5``, ``pick leader r7c7``, ``hex r6c5``, ``leader off board``,
``done``, ``stand``, ``evade``, ``battle back``, ``no battle back``, ``first strike``,
``ignore 2 flags``, ``unit off board`` (a scenario's exit hexes, CCA §5.1).
"""

from __future__ import annotations

from .board import NUM_HEXES, hex_label
from .phases import (
    A_BATTLE_BACK,
    A_DONE,
    A_EVADE,
    A_EXIT,
    A_FIRST_STRIKE,
    A_HEX,
    A_IGNORE,
    A_LEADER_OFF,
    A_NO_BATTLE_BACK,
    A_ORDER_LEADER,
    A_ORDER_UNIT,
    A_PICK_LEADER,
    A_PICK_UNIT,
    A_PLAY,
    A_STAND,
    MAX_IGNORE,
    NUM_ACTIONS,
)
from .units import CARD_NAMES, NUM_CARD_TYPES


def _names() -> tuple[str, ...]:
    names = [f"play {n}" for n in CARD_NAMES]
    for fam in ("order unit", "order leader", "pick unit", "pick leader", "hex"):
        names += [f"{fam} {hex_label(h)}" for h in range(NUM_HEXES)]
    names += ["leader off board", "done", "stand", "evade", "battle back", "no battle back"]
    names += ["first strike"]
    names += [f"ignore {k} flag{'s' if k != 1 else ''}" for k in range(MAX_IGNORE + 1)]
    names += ["unit off board"]
    assert len(names) == NUM_ACTIONS
    return tuple(names)


ACTION_NAMES = _names()
ACTION_IDS = {n: i for i, n in enumerate(ACTION_NAMES)}
FAMILIES = (
    ("play", A_PLAY, NUM_CARD_TYPES),
    ("order unit", A_ORDER_UNIT, NUM_HEXES),
    ("order leader", A_ORDER_LEADER, NUM_HEXES),
    ("pick unit", A_PICK_UNIT, NUM_HEXES),
    ("pick leader", A_PICK_LEADER, NUM_HEXES),
    ("hex", A_HEX, NUM_HEXES),
    ("leader off board", A_LEADER_OFF, 1),
    ("done", A_DONE, 1),
    ("stand", A_STAND, 1),
    ("evade", A_EVADE, 1),
    ("battle back", A_BATTLE_BACK, 1),
    ("no battle back", A_NO_BATTLE_BACK, 1),
    ("first strike", A_FIRST_STRIKE, 1),
    ("ignore", A_IGNORE, MAX_IGNORE + 1),
    ("unit off board", A_EXIT, 1),
)


def family_of(a: int) -> tuple[str, int]:
    """(family name, index inside the family) of action ``a``."""
    for name, start, size in FAMILIES:
        if start <= a < start + size:
            return name, a - start
    raise ValueError(f"action id {a} is outside 0..{NUM_ACTIONS - 1}")


def action_id(action: int | str) -> int:
    """The id of an action given by id or by name; a bad one raises ``ValueError``."""
    if isinstance(action, str):
        if action not in ACTION_IDS:
            raise ValueError(f"unknown action name {action!r}")
        return ACTION_IDS[action]
    try:
        a = int(action)
    except (TypeError, ValueError):
        raise ValueError(f"an action is an int or a name, got {action!r}") from None
    if a != action or not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"action id {action!r} is outside 0..{NUM_ACTIONS - 1}")
    return a
