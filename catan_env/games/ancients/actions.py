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

from .board import hex_label
from .phases import FAMILIES, NUM_ACTIONS
from .units import CARD_NAMES


def card_slug(card: str) -> str:
    """A card's name as an action argument: ``"Move-Fire-Move"`` -> ``"move_fire_move"``."""
    return re.sub(r"[^a-z0-9]+", "_", card.lower()).strip("_")


def _argument(family: str, i: int) -> str:
    """The bracketed argument of the ``i``-th action of a family of several."""
    if family == "play":
        return card_slug(CARD_NAMES[i])
    if family == "ignore_flags":
        return str(i)
    return hex_label(i)  # the hex families


def _names() -> tuple[str, ...]:
    names = []
    for family, start, size in FAMILIES:
        assert start == len(names), f"{family}: the families are not in id order"
        if size == 1:
            names.append(family)
        else:
            names += [f"{family}({_argument(family, i)})" for i in range(size)]
    assert len(names) == NUM_ACTIONS
    return tuple(names)


ACTION_NAMES = _names()
ACTION_IDS = {n: i for i, n in enumerate(ACTION_NAMES)}
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
