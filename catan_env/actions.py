"""Action spaces: id <-> (family, argument) <-> readable name.

Each variant has one fixed ``Discrete`` space built family by family
(base §14.7, C&K §6). Names are stable and parseable, e.g.
``build_settlement(v12)``, ``move_robber(R3c)``, ``maritime(wool->ore)``,
``offer(wool->ore)`` (open an offer of one wool for one ore), ``propose(all)``,
``steal(+1)`` (relative seat: the next player clockwise is ``+1``), ``play(bishop)``,
``improve(science)``; in Explorers & Pirates ``sail(e40)``, ``load(s0,settler)``
(own ship 0), ``found_settlement(s1,end0)``.

The module-level names (``ACTIONS``, ``ACTION_NAMES``, ``action_id`` ...) are
those of the base game; :data:`CK_ACTIONS` is the Cities & Knights table,
:data:`EP_ACTIONS` the Explorers & Pirates one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catan_env.core.checks import action_index
from catan_env.games.catan.base import action_ids as _base_ids
from catan_env.games.catan.board.standard import HEX_LABELS
from catan_env.games.catan.cities_and_knights import action_ids as _ck_ids
from catan_env.games.catan.cities_and_knights.constants import CARD_KIND_NAMES, TRACK_NAMES
from catan_env.games.catan.common.constants import CARD_NAMES, MAX_PLAYERS, NUM_RESOURCES
from catan_env.games.catan.explorers_and_pirates import action_ids as _ep_ids
from catan_env.games.catan.explorers_and_pirates.constants import CARGO_NAMES


@dataclass(frozen=True)
class ActionInfo:
    """What an action id means.

    Attributes:
        id: the action id.
        family: the family name, e.g. ``"build_road"``.
        arg: the family argument (vertex, path, hex, card type, card kind,
            relative seat, ``(give, get)`` for maritime trade and for opening an
            offer, ``(seat, resource)``
            for a forced trade), or ``None``.
        name: the readable name.
    """

    id: int
    family: str
    arg: object
    name: str


_VERTEX = {
    "build_settlement",
    "build_city",
    "build_wall",
    "build_knight",
    "activate_knight",
    "promote_knight",
    "select_knight",
    "knight_to",
    "city_with_medicine",
    "place_metropolis",
    "lose_city",
    "build_harbor",
    "settler_to_storage",
    "crew_to_storage",
}
_EDGE = {"build_road", "remove_road", "build_ship", "sail"}
# E&P: a seat's own ships s0..s2, with a cargo kind or a ship end.
_SHIP = {"rebuild_ship", "settler_to_ship", "select_ship", "swap_cargo", "crew_to_ship",
         "chase_pirate"}  # fmt: skip
_SHIP_HEX = {"crew_to_lair", "pick_up_crew", "catch_fish", "befriend_village"}
_SHIP_CARGO = {"drop_from_ship", "load", "unload", "deliver"}
_HEX = {"move_robber", "place_merchant", "swap_token"}
_SEAT = {"steal", "confirm_trade", "choose_player"}
_CARD = {
    "discard",
    "pick",
    "offer_give",
    "offer_want",
    "give",
    "sell_for_gold",
    "buy_with_gold",
    "fast_gold",
}
_KIND = {"play", "put_under", "take_card"}
_TRACK = {"improve", "improve_with_crane", "draw_from"}


def _goods(n: int) -> tuple[str, ...]:
    # Five resources, C&K's eight card types, or E&P's resources and gold.
    return CARD_NAMES[:n] if n != NUM_RESOURCES + 1 else (*CARD_NAMES[:NUM_RESOURCES], "gold")


def _arg_and_label(family: str, k: int, size: int):
    if family in _VERTEX:
        return k, f"v{k}"
    if family in _EDGE:
        return k, f"e{k}"
    if family in _HEX:
        return k, HEX_LABELS[k]
    if family in _SEAT:
        return k + 1, f"+{k + 1}"
    if family == "propose":
        return k, "all" if k == 0 else f"+{k}"
    if family in _CARD:
        return k, CARD_NAMES[k]
    if family in _SHIP:
        return k, f"s{k}"
    if family in _SHIP_CARGO:
        ship, c = divmod(k, len(CARGO_NAMES))
        return (ship, c), f"s{ship},{CARGO_NAMES[c]}"
    if family in _SHIP_HEX:
        ship, h = divmod(k, size // 3)
        return (ship, h), f"s{ship},h{h}"
    if family == "place_pirate":
        return k, f"h{k}"
    if family == "drop_from_storage":
        v, c = divmod(k, len(CARGO_NAMES))
        return (v, c), f"v{v},{CARGO_NAMES[c]}"
    if family == "found_settlement":
        ship, end = divmod(k, 2)
        return (ship, end), f"s{ship},end{end}"
    if family in _KIND:
        return k, CARD_KIND_NAMES[k]
    if family in _TRACK:
        return k, TRACK_NAMES[k]
    if family == "die":
        return k + 1, str(k + 1)
    if family == "maritime" or family == "offer":
        n = int(round((1 + (1 + 4 * size) ** 0.5) / 2))  # size = n (n - 1)
        give = k // (n - 1)
        get = k % (n - 1)
        if get >= give:
            get += 1
        names = _goods(n)
        return (give, get), f"{names[give]}->{names[get]}"
    if family == "force_trade":
        seat, r = divmod(k, NUM_RESOURCES)
        return (seat + 1, r), f"+{seat + 1},{CARD_NAMES[r]}"
    return None, None


class ActionTable:
    """The action space of one variant.

    Args:
        families: ``(name, first id, size)`` per family, in id order.
    """

    def __init__(self, families):
        infos = []
        for family, start, size in families:
            for k in range(size):
                arg, label = _arg_and_label(family, k, size)
                name = family if label is None else f"{family}({label})"
                infos.append(ActionInfo(start + k, family, arg, name))
        self.infos: tuple[ActionInfo, ...] = tuple(infos)
        self.names: tuple[str, ...] = tuple(a.name for a in infos)
        self.size = len(infos)
        self.family_names = tuple(f for f, _, _ in families)
        self._ids = {a.name: a.id for a in infos}
        if len(self._ids) != self.size:
            raise AssertionError("action names are not unique")

    def check_id(self, action) -> int:
        """Validate an integer action id (numpy integers and one-value integer arrays
        too) and return it as a Python int."""
        return action_index(action, self.size, names=True)

    def action_id(self, action: int | str | np.integer) -> int:
        """Action id from an id or a readable name; raises on anything else."""
        if isinstance(action, str):
            try:
                return self._ids[action.strip()]
            except KeyError:
                family = action.split("(")[0].strip()
                examples = [a.name for a in self.infos if a.family == family][:3]
                hint = f"; {family} names look like {', '.join(examples)}" if examples else ""
                raise ValueError(f"unknown action name {action!r}{hint}") from None
        return self.check_id(action)

    def name(self, action: int) -> str:
        return self.infos[self.check_id(action)].name

    def info(self, action: int) -> ActionInfo:
        return self.infos[self.check_id(action)]

    def family(self, action: int) -> str:
        return self.infos[self.check_id(action)].family


BASE_ACTIONS = ActionTable(_base_ids.FAMILIES)
CK_ACTIONS = ActionTable(_ck_ids.FAMILIES)
EP_ACTIONS = ActionTable(_ep_ids.FAMILIES)

# The base game's table as module-level names.
ACTIONS = BASE_ACTIONS.infos
ACTION_NAMES = BASE_ACTIONS.names
NUM_ACTIONS = BASE_ACTIONS.size
FAMILY_NAMES = BASE_ACTIONS.family_names
action_id = BASE_ACTIONS.action_id
action_name = BASE_ACTIONS.name
action_info = BASE_ACTIONS.info
family_of = BASE_ACTIONS.family
check_action_id = BASE_ACTIONS.check_id

__all__ = [
    "ACTIONS",
    "ACTION_NAMES",
    "ActionInfo",
    "ActionTable",
    "BASE_ACTIONS",
    "CK_ACTIONS",
    "EP_ACTIONS",
    "FAMILY_NAMES",
    "MAX_PLAYERS",
    "NUM_ACTIONS",
    "action_id",
    "action_info",
    "action_name",
    "check_action_id",
    "family_of",
]
