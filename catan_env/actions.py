"""The action space: id <-> (family, argument) <-> readable name.

The base game uses one fixed ``Discrete(260)`` space (base §14.7). Names are
stable and parseable, e.g. ``build_settlement(v12)``, ``move_robber(R3c)``,
``maritime(wool->ore)``, ``propose(all)``, ``steal(+1)`` (relative seat: the
next player clockwise is ``+1``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .board.standard import HEX_LABELS
from .constants import MAX_PLAYERS, NUM_RESOURCES, RESOURCE_NAMES
from .engine import action_ids as A

NUM_ACTIONS = A.NUM_ACTIONS


@dataclass(frozen=True)
class ActionInfo:
    """What an action id means.

    Attributes:
        id: the action id.
        family: the family name, e.g. ``"build_road"``.
        arg: the family argument (vertex, path, hex, resource, relative seat,
            ``(give, get)`` pair for maritime trade), or ``None``.
        name: the readable name.
    """

    id: int
    family: str
    arg: object
    name: str


def _arg_and_label(family: str, k: int):
    if family in ("build_settlement", "build_city"):
        return k, f"v{k}"
    if family == "build_road":
        return k, f"e{k}"
    if family == "move_robber":
        return k, HEX_LABELS[k]
    if family in ("steal", "confirm_trade"):
        return k + 1, f"+{k + 1}"
    if family == "propose":
        return k, "all" if k == 0 else f"+{k}"
    if family in ("discard", "pick", "offer_give", "offer_want"):
        return k, RESOURCE_NAMES[k]
    if family == "maritime":
        give = k // (NUM_RESOURCES - 1)
        get = k % (NUM_RESOURCES - 1)
        if get >= give:
            get += 1
        return (give, get), f"{RESOURCE_NAMES[give]}->{RESOURCE_NAMES[get]}"
    return None, None


def _build_table() -> tuple[ActionInfo, ...]:
    table = []
    for family, start, size in A.FAMILIES:
        for k in range(size):
            arg, label = _arg_and_label(family, k)
            name = family if label is None else f"{family}({label})"
            table.append(ActionInfo(start + k, family, arg, name))
    assert len(table) == NUM_ACTIONS
    return tuple(table)


ACTIONS: tuple[ActionInfo, ...] = _build_table()
ACTION_NAMES: tuple[str, ...] = tuple(a.name for a in ACTIONS)
_NAME_TO_ID = {a.name: a.id for a in ACTIONS}
FAMILY_NAMES: tuple[str, ...] = tuple(f for f, _, _ in A.FAMILIES)
_FAMILY_OF = np.empty(NUM_ACTIONS, np.int64)
for _i, (_f, _start, _size) in enumerate(A.FAMILIES):
    _FAMILY_OF[_start : _start + _size] = _i


def action_name(action: int) -> str:
    """Readable name of an action id."""
    return ACTIONS[check_action_id(action)].name


def action_info(action: int) -> ActionInfo:
    return ACTIONS[check_action_id(action)]


def family_of(action: int) -> str:
    return FAMILY_NAMES[_FAMILY_OF[check_action_id(action)]]


def action_id(action: int | str | np.integer) -> int:
    """Action id from an id or a readable name; raises on anything else."""
    if isinstance(action, str):
        try:
            return _NAME_TO_ID[action.strip()]
        except KeyError:
            hint = ""
            family = action.split("(")[0].strip()
            examples = [a.name for a in ACTIONS if a.family == family][:3]
            if examples:
                hint = f"; {family} names look like {', '.join(examples)}"
            raise ValueError(f"unknown action name {action!r}{hint}") from None
    return check_action_id(action)


def check_action_id(action) -> int:
    """Validate an integer action id and return it as a Python int."""
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(
            f"an action must be an integer id or a name string, not {type(action).__name__}"
            f" ({action!r})"
        )
    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        raise ValueError(f"action id {a} is out of range: the space has ids 0..{NUM_ACTIONS - 1}")
    return a


def relative_seat_family(family: str) -> bool:
    """Families whose argument is a seat relative to the acting player."""
    return family in ("steal", "confirm_trade", "propose")


__all__ = [
    "ACTIONS",
    "ACTION_NAMES",
    "ActionInfo",
    "FAMILY_NAMES",
    "MAX_PLAYERS",
    "NUM_ACTIONS",
    "action_id",
    "action_info",
    "action_name",
    "check_action_id",
    "family_of",
]
