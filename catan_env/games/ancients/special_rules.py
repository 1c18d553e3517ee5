"""Scenario special rules as data (CCA §5.1), checked and put into the state.

A scenario's ``special_rules`` is a list of typed entries; every field is checked
and a bad one raises :class:`~catan_env.games.ancients.scenario.ScenarioError` naming it
(``special_rules[2].hexes[0].r: ...``). The engine plays them from state fields
(``catan_env/ancients/engine/special.py``), so the jitted kernels, the batched
simulator and the jitted agents all play them. Kinds (one example each)::

    {"kind": "victory_hexes", "side": "bottom"|"top"|"either",
     "mode": "temporary"|"permanent", "hexes": [{"r": 4, "c": 6, "banners": 1}]}
    {"kind": "exit_hexes", "side": "bottom", "banners": 1, "hexes": [{"r": 0, "c": 3}]}
    {"kind": "hand_size_change", "side": "top", "change": -1,
     "trigger": "after_turn", "turn": 10}           # or "trigger": "leader_eliminated",
                                                    #    "leader": "Mago"
    {"kind": "extra_fire", "side": "top", "types": ["MI"], "range": 2, "dice": 1}
    {"kind": "elite", "hexes": [{"r": 7, "c": 5}], "ignore_flags": 1}

What each does, and the decisions the rules file leaves open:

- ``victory_hexes`` (CCA §3.2 "extra banners for taking given hexes"): each hex is
  worth ``banners`` (1..3, default 1) to the side(s) named. It is held by a *unit*
  of such a side standing on it (a lone leader does not hold a hex), checked at the
  end of every turn (both players' turns). ``temporary``: the banners count while a
  unit of the holder stays there and are taken back at the end of a turn in which
  none does (the enemy may gain them at that same check). ``permanent``: gained the
  first time a side holds it at the end of a turn, then kept whatever happens.
  Losses are counted before gains, the side whose turn ends gains first (so it wins
  a tie at that check). Victory is immediate (CCA §3.2). Units already standing on a
  victory hex at set-up score at the end of the first turn.
- ``exit_hexes`` (units allowed to leave the board): a unit of ``side`` that is moved
  may leave the board (action ``unit_off_board``, in the movement step after the
  unit is picked) from a listed edge hex it could end its move in with one hex of
  movement to spare (stepping off costs a hex), or the exit hex it stands on; it may
  not step off from a hex that would stop it (forest, ford, marsh, broken ground for
  mounted units, a lone friendly leader). The unit is removed, its side scores
  ``banners`` (1..3) for it, the enemy none; an attached leader leaves with it (gone,
  no banner). Listed hexes must be on the board's edge.
- ``hand_size_change`` (changes to the hand size during play): the side's Command
  changes by ``change`` (-3..3, not 0) when the trigger fires: ``after_turn``: once
  ``turn`` turns (both sides' turns counted, as the state's turn counter) are over;
  ``leader_eliminated``: the named leader (of either side) is killed (not when he
  leaves by his baseline). It applies at the end of that turn, after the draw;
  Command stays within 1..10. A side whose Command rises draws the extra cards at
  once; one whose Command falls keeps its cards and does not draw until its hand is
  below the new Command (CCA §3.16: a hand never goes above Command). At most 4.
- ``extra_fire`` (units of other types allowed to fire, CCA §3.8.1 "medium and heavy
  units fire only if a scenario special rule says so"): the listed types of the side
  fire like missile units (every §3.8 restriction, line of sight, terrain caps,
  cards) with range ``range`` (2..6) and ``dice`` (1..3) when they have not moved,
  one die fewer (at least 1) when they have. Types that already fire are refused.
- ``elite`` (elite units): the units on the listed hexes at set-up ignore
  ``ignore_flags`` (1..2, default 1) more flags, on top of support, leaders, etc.
  (CCA §3.11.2 — the rules file's only per-unit "better unit" mechanism that the
  scenario can grant without changing a unit's type; extra blocks beyond the type's
  full strength would break "full strength" rules (warriors, chariots, Rally), and
  fewer blocks is already the unit entry's ``blocks``). The mark moves with the unit.
"""

from __future__ import annotations

import numpy as np

from . import layout as L
from .board import NEIGHBORS, NUM_HEXES, hex_at
from .units import (
    NUM_UNIT_TYPES,
    TERRAIN_IMPASSABLE,
    UNIT_CODES,
    UNIT_NAMES,
    UNIT_RANGE,
)

KINDS = ("victory_hexes", "exit_hexes", "hand_size_change", "extra_fire", "elite")
SIDE_NAMES = ("bottom", "top")


def _err(msg: str):
    from .scenario import ScenarioError

    return ScenarioError(msg)


def _int(obj: dict, key: str, where: str, lo: int, hi: int, default=None) -> int:
    if key not in obj:
        if default is None:
            raise _err(f"{where}.{key}: missing")
        return default
    v = obj[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise _err(f"{where}.{key}: must be an integer, got {v!r}")
    if not lo <= v <= hi:
        raise _err(f"{where}.{key}: must be {lo}..{hi}, got {v}")
    return v


def _choice(obj: dict, key: str, where: str, options) -> str:
    if key not in obj:
        raise _err(f"{where}.{key}: missing")
    v = obj[key]
    if v not in options:
        raise _err(f"{where}.{key}: must be one of {', '.join(map(repr, options))}, got {v!r}")
    return v


def _hexes(obj: dict, where: str, terrain, extra=()) -> list[tuple[int, dict]]:
    lst = obj.get("hexes")
    if not isinstance(lst, list) or not lst:
        raise _err(f"{where}.hexes: must be a non-empty list of {{r, c}}")
    out, seen = [], set()
    for j, item in enumerate(lst):
        w = f"{where}.hexes[{j}]"
        if not isinstance(item, dict):
            raise _err(f"{w}: must be an object {{r, c}}")
        unknown = set(item) - {"r", "c", *extra}
        if unknown:
            raise _err(f"{w}.{sorted(unknown)[0]}: unknown field")
        r = _int(item, "r", w, -99, 99)
        c = _int(item, "c", w, -99, 99)
        h = int(hex_at(r, c))
        if h < 0:
            raise _err(f"{w}: ({r}, {c}) is not a hex of the 13x9 board")
        if TERRAIN_IMPASSABLE[terrain[h]]:
            raise _err(f"{w}: ({r}, {c}) is impassable terrain")
        if h in seen:
            raise _err(f"{w}: hex ({r}, {c}) listed twice")
        seen.add(h)
        out.append((h, item))
    return out


def parse_special_rules(rules, terrain, units, leaders) -> list[dict]:
    """The checked rules as plain dicts with hex ids and side numbers."""
    if rules is None:
        return []
    if not isinstance(rules, list):
        raise _err(f"special_rules: must be a list, got {type(rules).__name__}")
    out: list[dict] = []
    vh_taken, exit_taken, fire_taken, elite_taken = set(), set(), set(), set()
    n_hand = 0
    unit_hex = {h: (side, t) for side, t, h, _ in units}
    for i, rule in enumerate(rules):
        w = f"special_rules[{i}]"
        if not isinstance(rule, dict):
            raise _err(f"{w}: must be an object with a 'kind'")
        kind = _choice(rule, "kind", w, KINDS)
        allowed = {
            "victory_hexes": {"kind", "side", "mode", "hexes", "note"},
            "exit_hexes": {"kind", "side", "banners", "hexes", "note"},
            "hand_size_change": {"kind", "side", "change", "trigger", "turn", "leader", "note"},
            "extra_fire": {"kind", "side", "types", "range", "dice", "note"},
            "elite": {"kind", "hexes", "ignore_flags", "note"},
        }[kind]
        unknown = set(rule) - allowed
        if unknown:
            raise _err(f"{w}.{sorted(unknown)[0]}: unknown field for kind {kind!r}")
        if kind == "victory_hexes":
            side = _choice(rule, "side", w, ("bottom", "top", "either"))
            mode = _choice(rule, "mode", w, ("temporary", "permanent"))
            hexes = []
            for j, (h, item) in enumerate(_hexes(rule, w, terrain, extra=("banners",))):
                b = _int(item, "banners", f"{w}.hexes[{j}]", 1, 3, default=1)
                if h in vh_taken:
                    raise _err(f"{w}.hexes[{j}]: already a victory hex of another entry")
                vh_taken.add(h)
                hexes.append((h, b))
            sides = {"bottom": 1, "top": 2, "either": 3}[side]
            out.append({"kind": kind, "sides": sides, "permanent": mode == "permanent",
                        "hexes": hexes})  # fmt: skip
        elif kind == "exit_hexes":
            side = SIDE_NAMES.index(_choice(rule, "side", w, SIDE_NAMES))
            b = _int(rule, "banners", w, 1, 3, default=1)
            hexes = []
            for j, (h, item) in enumerate(_hexes(rule, w, terrain)):
                if (NEIGHBORS[h] >= 0).all():
                    raise _err(
                        f"{w}.hexes[{j}]: ({item['r']}, {item['c']}) is not on the board's edge"
                    )
                if (side, h) in exit_taken:
                    raise _err(f"{w}.hexes[{j}]: already an exit hex of this side")
                exit_taken.add((side, h))
                hexes.append(h)
            out.append({"kind": kind, "side": side, "banners": b, "hexes": hexes})
        elif kind == "hand_size_change":
            side = SIDE_NAMES.index(_choice(rule, "side", w, SIDE_NAMES))
            change = _int(rule, "change", w, -3, 3)
            if change == 0:
                raise _err(f"{w}.change: must not be 0")
            trig = _choice(rule, "trigger", w, ("after_turn", "leader_eliminated"))
            if trig == "after_turn":
                if "leader" in rule:
                    raise _err(f"{w}.leader: only for the trigger 'leader_eliminated'")
                param = _int(rule, "turn", w, 1, 10_000)
                code = L.HS_AFTER_TURN
            else:
                if "turn" in rule:
                    raise _err(f"{w}.turn: only for the trigger 'after_turn'")
                name = rule.get("leader")
                names = [ld[1] for ld in leaders]
                if name not in names:
                    raise _err(
                        f"{w}.leader: {name!r} is not a leader of the scenario "
                        f"({', '.join(names) or 'none'})"
                    )
                param = names.index(name) + 1  # the state's leader id + 1
                code = L.HS_LEADER_LOST
            n_hand += 1
            if n_hand > L.MAX_HAND_RULES:
                raise _err(f"{w}: at most {L.MAX_HAND_RULES} hand_size_change rules")
            out.append({"kind": kind, "side": side, "change": change, "trigger": code,
                        "param": param})  # fmt: skip
        elif kind == "extra_fire":
            side = SIDE_NAMES.index(_choice(rule, "side", w, SIDE_NAMES))
            types = rule.get("types")
            if not isinstance(types, list) or not types:
                raise _err(f"{w}.types: must be a non-empty list of unit type codes")
            codes = []
            for j, code in enumerate(types):
                if code not in UNIT_CODES:
                    raise _err(f"{w}.types[{j}]: unknown unit type {code!r}")
                t = UNIT_CODES.index(code)
                if UNIT_RANGE[t] > 0:
                    raise _err(f"{w}.types[{j}]: {code} ({UNIT_NAMES[t]}) fires already")
                if (side, t) in fire_taken:
                    raise _err(f"{w}.types[{j}]: {code} already has an extra_fire rule")
                fire_taken.add((side, t))
                codes.append(t)
            rng = _int(rule, "range", w, 2, 6)
            dice = _int(rule, "dice", w, 1, 3)
            out.append({"kind": kind, "side": side, "types": codes, "range": rng, "dice": dice})
        else:  # elite
            n = _int(rule, "ignore_flags", w, 1, 2, default=1)
            hexes = []
            for j, (h, item) in enumerate(_hexes(rule, w, terrain)):
                if h not in unit_hex:
                    raise _err(f"{w}.hexes[{j}]: no unit on ({item['r']}, {item['c']})")
                if h in elite_taken:
                    raise _err(f"{w}.hexes[{j}]: already elite in another entry")
                elite_taken.add(h)
                hexes.append(h)
            out.append({"kind": kind, "hexes": hexes, "ignore_flags": n})
    return out


def place_special_rules(s: np.ndarray, rules: list[dict]) -> None:
    """Write checked rules (:func:`parse_special_rules`) into a fresh state."""
    k = 0
    for r in rules:
        kind = r["kind"]
        if kind == "victory_hexes":
            for h, b in r["hexes"]:
                s[L.VH_BANNERS + h] = b
                s[L.VH_SIDES + h] = r["sides"]
                s[L.VH_PERMANENT + h] = int(r["permanent"])
        elif kind == "exit_hexes":
            for h in r["hexes"]:
                s[L.EXIT_VALUE + r["side"] * NUM_HEXES + h] = r["banners"]
        elif kind == "hand_size_change":
            s[L.HS_SIDE + k] = r["side"]
            s[L.HS_TRIGGER + k] = r["trigger"]
            s[L.HS_PARAM + k] = r["param"]
            s[L.HS_DELTA + k] = r["change"]
            s[L.HS_STATE + k] = 0
            k += 1
        elif kind == "extra_fire":
            for t in r["types"]:
                s[L.FIRE_RANGE + r["side"] * NUM_UNIT_TYPES + t] = r["range"]
                s[L.FIRE_DICE + r["side"] * NUM_UNIT_TYPES + t] = r["dice"]
        else:
            for h in r["hexes"]:
                s[L.UNIT_ELITE + h] = r["ignore_flags"]
