"""Scenarios as data: one JSON file each, in the format of CCA §5.1.

``load_scenario("akragas")`` reads a shipped scenario; ``load_scenario(path)`` or
``Scenario.from_dict(data)`` reads your own. Every field is checked and a
malformed file raises :class:`ScenarioError` naming the field. A unit type the
engine does not play yet (elephants) is rejected here, so no unimplemented rule
is ever reached in a game.

Format (see ``scenarios/akragas.json``)::

    {"id", "name", "year", "top_side", "bottom_side",
     "terrain": [{"r", "c", "type", "ford"?}],   # omitted hexes are clear
     "units":   [{"side": "top"|"bottom", "type": "HI", "r", "c", "blocks"?}],
     "leaders": [{"side", "name", "r", "c"}],
     "war_council": {"top": {"command_cards"}, "bottom": {"command_cards"},
                     "first": "top"|"bottom", "banners_to_win"},
     "special_rules": [{"kind": ...}, ...]}   # see special_rules.py

Terrain types (CCA §3.13): ``clear``, ``forest``, ``hill``, ``broken_ground``,
``river`` (impassable), ``lake`` (impassable), ``fordable_river`` (a ford hex),
``fortified_camp``, ``marsh`` and ``town`` (no rules of its own: plays as clear;
no special-rule kind changes it). Special rules (CCA §5.1: victory hexes, exit
hexes, hand-size changes, extra fire, elite units) are documented in
:mod:`catan_env.games.ancients.special_rules`. A ford may also be written as
CCA §5.1 suggests, ``{"type": "river", "ford": true}``; at most one entry per hex.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .board import NUM_HEXES, hex_at
from .special_rules import parse_special_rules  # noqa: E402
from .units import (
    TERRAIN_CODES,
    UNIT_BLOCKS,
    UNIT_CODES,
    UNIT_NAMES,
    UNIT_PLAYABLE,
)

SCENARIO_DIR = Path(__file__).resolve().parent / "scenarios"
SIDES = ("bottom", "top")


class ScenarioError(ValueError):
    """A scenario file or dict that does not follow the format; names the field."""


def available_scenarios() -> list[str]:
    """The shipped scenarios, by id."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.json"))


@dataclass
class Scenario:
    """A checked scenario. ``units`` are (side, type code, hex, blocks); ``leaders``
    are (side, name, hex); sides are 0 = bottom, 1 = top."""

    id: str
    name: str
    year: str
    side_names: tuple[str, str]
    terrain: np.ndarray
    units: list[tuple[int, int, int, int]]
    leaders: list[tuple[int, str, int]]
    command: tuple[int, int]
    first: int
    banners_to_win: int
    special_rules: list = field(default_factory=list)
    source: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict) -> Scenario:
        if not isinstance(data, dict):
            raise ScenarioError("a scenario must be a JSON object")

        def need(obj, key, where, kind=None):
            if not isinstance(obj, dict) or key not in obj:
                raise ScenarioError(f"{where}{key}: missing")
            v = obj[key]
            if kind is int and (not isinstance(v, int) or isinstance(v, bool)):
                raise ScenarioError(f"{where}{key}: must be an integer, got {v!r}")
            if kind is str and not isinstance(v, str):
                raise ScenarioError(f"{where}{key}: must be a string, got {v!r}")
            if kind is list and not isinstance(v, list):
                raise ScenarioError(f"{where}{key}: must be a list, got {type(v).__name__}")
            return v

        def side_of(v, where):
            if v not in SIDES:
                raise ScenarioError(f"{where}: must be 'top' or 'bottom', got {v!r}")
            return SIDES.index(v)

        def hex_of(item, where):
            r = need(item, "r", where, int)
            c = need(item, "c", where, int)
            h = hex_at(r, c)
            if h < 0:
                raise ScenarioError(f"{where}r/c: ({r}, {c}) is not a hex of the 13x9 board")
            return int(h)

        sid = need(data, "id", "", str)
        name = need(data, "name", "", str)
        year = str(data.get("year", ""))
        names = (need(data, "bottom_side", "", str), need(data, "top_side", "", str))
        if names[0] == names[1]:
            raise ScenarioError("top_side/bottom_side: the two sides need different names")
        terrain = np.zeros(NUM_HEXES, np.int32)
        terrain_list = data.get("terrain", []) or []
        if not isinstance(terrain_list, list):
            raise ScenarioError(f"terrain: must be a list, got {type(terrain_list).__name__}")
        placed = set()
        for i, t in enumerate(terrain_list):
            where = f"terrain[{i}]."
            h = hex_of(t, where)
            kind = need(t, "type", where, str)
            if kind not in TERRAIN_CODES:
                raise ScenarioError(
                    f"{where}type: {kind!r} is not a terrain the engine plays "
                    f"(one of {', '.join(TERRAIN_CODES)})"
                )
            ford = t.get("ford", False)
            if not isinstance(ford, bool):
                raise ScenarioError(f"{where}ford: must be true or false, got {ford!r}")
            if ford:
                if kind not in ("river", "fordable_river"):
                    raise ScenarioError(
                        f"{where}ford: only a river hex can be a ford, not {kind!r}"
                    )
                kind = "fordable_river"
            if h in placed:
                raise ScenarioError(f"{where}r/c: a second terrain on hex ({t['r']}, {t['c']})")
            placed.add(h)
            terrain[h] = TERRAIN_CODES.index(kind)
        units, taken = [], set()
        for i, u in enumerate(need(data, "units", "", list)):
            where = f"units[{i}]."
            side = side_of(need(u, "side", where), where + "side")
            code = need(u, "type", where, str)
            if code not in UNIT_CODES:
                raise ScenarioError(f"{where}type: unknown unit type {code!r}")
            t = UNIT_CODES.index(code)
            if not UNIT_PLAYABLE[t]:
                raise ScenarioError(
                    f"{where}type: {code} ({UNIT_NAMES[t]}) is not implemented by the engine yet"
                )
            h = hex_of(u, where)
            if h in taken:
                raise ScenarioError(f"{where}r/c: two units on hex ({u['r']}, {u['c']})")
            taken.add(h)
            blocks = u.get("blocks", int(UNIT_BLOCKS[t]))
            if not isinstance(blocks, int) or not 1 <= blocks <= UNIT_BLOCKS[t]:
                raise ScenarioError(f"{where}blocks: must be 1..{UNIT_BLOCKS[t]}, got {blocks!r}")
            units.append((side, t, h, blocks))
        leaders, lhex = [], set()
        for i, ld in enumerate(data.get("leaders", []) or []):
            where = f"leaders[{i}]."
            side = side_of(need(ld, "side", where), where + "side")
            lname = need(ld, "name", where, str)
            h = hex_of(ld, where)
            if h in lhex:
                raise ScenarioError(f"{where}r/c: two leaders on one hex")
            for us, _, uh, _ in units:
                if uh == h and us != side:
                    raise ScenarioError(f"{where}r/c: on an enemy unit")
            lhex.add(h)
            leaders.append((side, lname, h))
        wc = need(data, "war_council", "", None)
        command = []
        for s in ("bottom", "top"):
            part = need(wc, s, "war_council.", None)
            n = need(part, "command_cards", f"war_council.{s}.", int)
            if not 1 <= n <= 10:
                raise ScenarioError(f"war_council.{s}.command_cards: must be 1..10, got {n}")
            command.append(n)
        first = side_of(need(wc, "first", "war_council."), "war_council.first")
        banners = need(wc, "banners_to_win", "war_council.", int)
        if not 1 <= banners <= 16:
            raise ScenarioError(f"war_council.banners_to_win: must be 1..16, got {banners}")
        rules = parse_special_rules(data.get("special_rules", []), terrain, units, leaders)
        return cls(sid, name, year, names, terrain, units, leaders, tuple(command), first,
                   banners, rules, dict(data))  # fmt: skip


def load_scenario(name_or_path: str | Path) -> Scenario:
    """A shipped scenario by id (``"akragas"``) or a JSON file by path."""
    p = Path(name_or_path)
    if not p.suffix:
        p = SCENARIO_DIR / f"{name_or_path}.json"
        if not p.exists():
            raise ScenarioError(
                f"unknown scenario {name_or_path!r} (shipped: {', '.join(available_scenarios())})"
            )
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{p.name}: not valid JSON ({e})") from None
    except OSError as e:
        raise ScenarioError(f"{p}: cannot read ({e.strerror})") from None
    return Scenario.from_dict(data)
