"""Action ids <-> readable names for Command & Colors: Ancients (CCA §7).

Names are written as Catan's are (:mod:`catan_env.actions`): a family, and its
argument in brackets: ``play(order_two_units_left)`` (a card, its name in
lower case with ``_`` for spaces and dashes), ``order_unit(r7c5)``,
``order_leader(r7c7)``, ``pick_unit(r7c5)``, ``pick_leader(r7c7)``,
``hex(r6c5)`` (a destination or a target), ``ignore_flags(2)``; and
``leader_off_board``, ``done``, ``stand``, ``evade``, ``battle_back``,
``no_battle_back``, ``first_strike``, ``unit_off_board`` (from a scenario's exit
hexes, CCA §5.1). They are the glossary's terms (CCA §0.2) in snake case.
"""

from __future__ import annotations

import re

from catan_env.core.checks import action_index

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


def card_slug(card: str) -> str:
    """A card's name as an action argument: ``"Move-Fire-Move"`` -> ``"move_fire_move"``."""
    return re.sub(r"[^a-z0-9]+", "_", card.lower()).strip("_")


def _names() -> tuple[str, ...]:
    names = [f"play({card_slug(n)})" for n in CARD_NAMES]
    for fam in ("order_unit", "order_leader", "pick_unit", "pick_leader", "hex"):
        names += [f"{fam}({hex_label(h)})" for h in range(NUM_HEXES)]
    names += ["leader_off_board", "done", "stand", "evade", "battle_back", "no_battle_back"]
    names += ["first_strike"]
    names += [f"ignore_flags({k})" for k in range(MAX_IGNORE + 1)]
    names += ["unit_off_board"]
    assert len(names) == NUM_ACTIONS
    return tuple(names)


ACTION_NAMES = _names()
ACTION_IDS = {n: i for i, n in enumerate(ACTION_NAMES)}
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
assert len(set(ACTION_NAMES)) == NUM_ACTIONS, "action names are not unique"


def family_of(a: int) -> tuple[str, int]:
    """(family name, index inside the family) of action ``a``."""
    for name, start, size in FAMILIES:
        if start <= a < start + size:
            return name, a - start
    raise ValueError(f"action id {a} is outside 0..{NUM_ACTIONS - 1}")


def action_id(action) -> int:
    """The id of an action given by id (a Python or numpy integer, or an integer array
    of one value) or by name; a bad one raises ``TypeError`` or ``ValueError``."""
    if isinstance(action, str):
        try:
            return ACTION_IDS[action.strip()]
        except KeyError:
            # "play Rally" (the names before they took Catan's form) is a play(...) name too.
            family = re.split(r"[( ]", action.strip())[0]
            examples = [n for n in ACTION_NAMES if n.split("(")[0] == family][:3]
            hint = f"; {family} names look like {', '.join(examples)}" if examples else ""
            raise ValueError(f"unknown action name {action!r}{hint}") from None
    return action_index(action, NUM_ACTIONS, names=True)
