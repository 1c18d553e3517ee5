"""Differential test of our base game against catanatron 3.2.1 on random games.

At every decision of a random game in our engine, the position is converted
(:mod:`.convert`) and the legal actions of both engines are compared as sets of
normalised tokens (``("road", edge)``, ``("maritime", give, get)``...). When
one of our actions (or the few decisions that make up one catanatron action,
such as a robber move and its steal) completes, the same action is applied to
catanatron's copy of the position before it and the outcomes are compared:
hands, bank, development cards, pieces left, victory points, Longest Road
lengths and holder, Largest Army holder, who decides next, the winner.

Intended rule differences are mapped or skipped here and listed in this
package's README; anything else is reported as a difference.

    python -m catan_env.oracle --games 20 --json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from catanatron.models.enums import Action, ActionPrompt, ActionType
from catanatron.state import apply_action, yield_resources
from catanatron.state_functions import player_can_play_dev

from catan_env import Game
from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.board.standard import GEOMETRY, LAND_HEXES
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import (
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    VICTORY_POINT,
)

from .convert import (
    DEV_NAME,
    EDGE,
    NODE,
    RESOURCE,
    RESOURCE_CODE,
    Converted,
    NotExpressible,
    maritime_offer,
    maritime_pair,
    robber_victims,
    to_catanatron,
)

_TRADE_FIRST, _TRADE_STOP = A.TRADE_ADD_GIVE, A.NUM_ACTIONS  # every domestic-trade id

#: Option sets the harness cycles through; all are rules catanatron plays too.
OPTION_SETS = (
    {"domestic_trade": False},
    {"domestic_trade": False, "num_players": 3},
    {"domestic_trade": False, "num_players": 2},
    {"domestic_trade": False, "board": "beginner"},
    {"domestic_trade": False, "number_tokens": "random", "discard_limit": 9},
    {},  # domestic trade on: its protocol positions are skipped
)


@dataclass
class Report:
    """What a run compared and found."""

    games: int = 0
    decisions: int = 0
    positions: int = 0
    by_phase: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    transitions: Counter = field(default_factory=Counter)
    road_lengths: int = 0
    explained: Counter = field(default_factory=Counter)
    differences: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "decisions": self.decisions,
            "positions_compared": self.positions,
            "positions_by_phase": dict(self.by_phase),
            "positions_skipped": dict(self.skipped),
            "transitions_compared": dict(self.transitions),
            "road_length_checks": self.road_lengths,
            "explained_differences": dict(self.explained),
            "unexplained_differences": len(self.differences),
            "examples": self.differences[:20],
        }


# --- legal actions as tokens ----------------------------------------------------


def _robber_tokens(state: np.ndarray, g: Game, conv: Converted, h: int) -> set:
    """Our move_robber(h) with each victim the steal that follows would allow."""
    coord = tuple(LAND_HEXES[h])
    return {
        ("robber", coord, None if v is None else conv.color_of[v])
        for _, v in robber_victims(g.variant, g.tables, state, h)
    }


#: The token of each action without an argument, ours and catanatron's: one table
#: a side, so that the two sides' lists can be read against each other.
_OUR_PLAIN = {
    A.ROLL: ("roll",),
    A.END_TURN: ("end",),
    A.BUY_DEV: ("buy",),
    A.PLAY_KNIGHT: ("knight",),
}
_THEIR_PLAIN = {
    ActionType.ROLL: ("roll",),
    ActionType.END_TURN: ("end",),
    ActionType.BUY_DEVELOPMENT_CARD: ("buy",),
    ActionType.PLAY_KNIGHT_CARD: ("knight",),
    ActionType.PLAY_YEAR_OF_PLENTY: ("yop",),
    ActionType.PLAY_MONOPOLY: ("monopoly",),
}


def our_tokens(g: Game, conv: Converted) -> set:
    """Our legal actions as tokens; families catanatron has no counterpart for are dropped."""
    state = g.state
    phase = int(state[L.PHASE])
    out = set()
    for a in g.legal_actions():
        a = int(a)
        if _TRADE_FIRST <= a < _TRADE_STOP or a == A.STOP:
            continue  # domestic trade; the optional second free road
        if A.BUILD_SETTLEMENT <= a < A.BUILD_ROAD:
            out.add(("settlement", NODE[a - A.BUILD_SETTLEMENT]))
        elif A.BUILD_ROAD <= a < A.BUILD_CITY:
            out.add(("road", EDGE[a - A.BUILD_ROAD]))
        elif A.BUILD_CITY <= a < A.BUY_DEV:
            out.add(("city", NODE[a - A.BUILD_CITY]))
        elif a in _OUR_PLAIN:
            out.add(_OUR_PLAIN[a])
        elif a in (A.PLAY_ROAD_BUILDING, A.PLAY_YEAR_OF_PLENTY, A.PLAY_MONOPOLY):
            if phase == P.PRE_ROLL:
                continue  # catanatron plays only a Knight before the roll
            out.add(
                {A.PLAY_ROAD_BUILDING: ("road_building",), A.PLAY_YEAR_OF_PLENTY: ("yop",)}.get(
                    a, ("monopoly",)
                )
            )
        elif A.MARITIME <= a < A.MARITIME + NUM_RESOURCES * (NUM_RESOURCES - 1):
            out.add(("maritime", *maritime_pair(a - A.MARITIME)))
        elif A.DISCARD <= a < A.DISCARD + NUM_RESOURCES:
            out.add(("discard", a - A.DISCARD))
        elif A.MOVE_ROBBER <= a < A.STEAL:
            out |= _robber_tokens(state, g, conv, a - A.MOVE_ROBBER)
        else:
            raise AssertionError(f"unexpected legal action {g.action_names[a]} in {g.phase}")
    return out


def their_tokens(conv: Converted) -> set:
    """catanatron's playable actions as tokens (Road Building per the README's mapping)."""
    cs = conv.state
    color = cs.current_color()
    key = f"P{cs.current_player_index}_"
    out = set()
    for act in cs.playable_actions:
        t, v = act.action_type, act.value
        if t == ActionType.BUILD_SETTLEMENT:
            out.add(("settlement", v))
        elif t == ActionType.BUILD_ROAD:
            out.add(("road", tuple(sorted(v))))
        elif t == ActionType.BUILD_CITY:
            out.add(("city", v))
        elif t in _THEIR_PLAIN:
            out.add(_THEIR_PLAIN[t])
        elif t == ActionType.PLAY_ROAD_BUILDING:
            pass  # replaced below
        elif t == ActionType.MARITIME_TRADE:
            out.add(("maritime", RESOURCE_CODE[v[0]], RESOURCE_CODE[v[-1]]))
        elif t == ActionType.DISCARD:
            # One action discarding a random half; we ask card by card.
            for r in range(NUM_RESOURCES):
                if cs.player_state[f"{key}{RESOURCE[r]}_IN_HAND"] > 0:
                    out.add(("discard", r))
        elif t == ActionType.MOVE_ROBBER:
            out.add(("robber", v[0], v[1]))
        else:
            raise AssertionError(f"unexpected catanatron action {act}")
    free_edges = cs.board.buildable_edges(color) if cs.player_state[key + "ROADS_AVAILABLE"] else []
    if cs.is_road_building:
        # catanatron's free roads also demand the cost of a road: use its placement rule alone.
        out = {("road", tuple(sorted(e))) for e in free_edges}
    elif (
        cs.current_prompt == ActionPrompt.PLAY_TURN
        and cs.player_state[key + "HAS_ROLLED"]
        and player_can_play_dev(cs, color, "ROAD_BUILDING")
        and free_edges
    ):
        out.add(("road_building",))
    return out


# --- outcomes ---------------------------------------------------------------------


def facts_ours(state: np.ndarray, conv: Converted, new_before: np.ndarray) -> dict:
    """Our outcome in catanatron's terms (development cards as the converter counts them)."""
    f = {"bank": [int(x) for x in state[L.BANK : L.BANK + NUM_RESOURCES]]}
    for s in conv.seats:
        hand = state[L.HAND + s * NUM_CARD_TYPES : L.HAND + s * NUM_CARD_TYPES + NUM_RESOURCES]
        devs = []
        for d in range(NUM_DEV_TYPES):
            i = s * NUM_DEV_TYPES + d
            held = int(state[L.DEV_HAND + i]) - (0 if d == VICTORY_POINT else int(new_before[i]))
            devs.append((DEV_NAME[d], held, int(state[L.DEV_USED + i])))
        public = int(state[L.PUBLIC_VP + s])
        f[s] = {
            "hand": [int(x) for x in hand],
            "dev": sorted(devs),
            "vp": (public, public + int(state[L.DEV_HAND + s * NUM_DEV_TYPES + VICTORY_POINT])),
            "supply": (
                int(state[L.ROADS_LEFT + s]),
                int(state[L.SETTLEMENTS_LEFT + s]),
                int(state[L.CITIES_LEFT + s]),
            ),
            "road_length": int(state[L.ROAD_LENGTH + s]),
        }
    f["longest_road"] = int(state[L.LONGEST_ROAD_HOLDER])
    f["largest_army"] = int(state[L.LARGEST_ARMY_HOLDER])
    w = int(state[L.WINNER])
    f["winner"] = w
    return f


def facts_theirs(conv: Converted) -> dict:
    cs = conv.state
    f = {"bank": list(cs.resource_freqdeck)}
    road, army = -1, -1
    for j, s in enumerate(conv.seats):
        k = f"P{j}_"
        ps = cs.player_state
        devs = [
            (name, ps[f"{k}{name}_IN_HAND"], ps[f"{k}PLAYED_{name}"]) for name in DEV_NAME.values()
        ]
        f[s] = {
            "hand": [ps[f"{k}{r}_IN_HAND"] for r in RESOURCE],
            "dev": sorted(devs),
            "vp": (ps[k + "VICTORY_POINTS"], ps[k + "ACTUAL_VICTORY_POINTS"]),
            "supply": (
                ps[k + "ROADS_AVAILABLE"],
                ps[k + "SETTLEMENTS_AVAILABLE"],
                ps[k + "CITIES_AVAILABLE"],
            ),
            # The board's figure: catanatron copies it to the player only after non-set-up roads.
            "road_length": cs.board.road_lengths[cs.colors[j]],
        }
        if ps[k + "HAS_ROAD"]:
            road = s
        if ps[k + "HAS_ARMY"]:
            army = s
    f["longest_road"] = road
    f["largest_army"] = army
    w = conv.game.winning_color()
    f["winner"] = -1 if w is None else conv.seat_of[w]
    return f


def _diff(a: dict, b: dict, prefix: str = "") -> list[str]:
    out = []
    for k in a:
        if isinstance(a[k], dict):
            out += _diff(a[k], b[k], f"{prefix}{k}.")
        elif a[k] != b[k]:
            out.append(f"{prefix}{k}: ours {a[k]} catanatron {b[k]}")
    return out


# --- the harness ----------------------------------------------------------------------


class _Macro:
    """Our decisions that together make one catanatron action."""

    def __init__(self, kind: str, state: np.ndarray, conv: Converted):
        self.kind = kind
        self.before = state.copy()
        self.conv = conv
        self.actions: list[int] = []


def _macro_kind(a: int, phase: int) -> str | None:
    if _TRADE_FIRST <= a < _TRADE_STOP or a == A.STOP:
        return None
    if A.MOVE_ROBBER <= a < A.STEAL:
        return "robber"
    if A.DISCARD <= a < A.DISCARD + NUM_RESOURCES:
        return "discard"
    if a == A.PLAY_YEAR_OF_PLENTY:
        return "year_of_plenty"
    if a == A.PLAY_MONOPOLY:
        return "monopoly"
    if a == A.ROLL:
        return "roll"
    if A.BUILD_ROAD <= a < A.BUILD_CITY and phase == P.ROAD_BUILDING:
        return "free_road"
    if phase in (P.SETUP_SETTLEMENT, P.SETUP_ROAD):
        return "setup"
    return "simple"


def _complete(m: _Macro, state: np.ndarray) -> bool:
    phase = int(state[L.PHASE])
    if phase == P.GAME_OVER:
        return True
    if m.kind == "robber":
        return phase != P.STEAL
    if m.kind == "discard":
        p = int(m.before[L.CURRENT_PLAYER])
        return phase != P.DISCARD or int(state[L.CURRENT_PLAYER]) != p
    if m.kind == "year_of_plenty":
        return phase != P.YEAR_OF_PLENTY
    if m.kind == "monopoly":
        return phase != P.MONOPOLY
    return True


def _catanatron_actions(m: _Macro, after: np.ndarray) -> list[Action]:
    """The catanatron action(s) equal to the macro's decisions."""
    before, conv = m.before, m.conv
    color = conv.state.current_color()
    a0 = m.actions[0]
    if m.kind == "robber":
        h = a0 - A.MOVE_ROBBER
        victim, card = None, None
        if len(m.actions) > 1:
            n, active = int(before[L.NUM_PLAYERS]), int(before[L.ACTIVE_PLAYER])
            v = (active + m.actions[1] - A.STEAL + 1) % n
            victim = conv.color_of[v]
            gained = (
                after[
                    L.HAND + active * NUM_CARD_TYPES : L.HAND
                    + active * NUM_CARD_TYPES
                    + NUM_RESOURCES
                ]
                - before[
                    L.HAND + active * NUM_CARD_TYPES : L.HAND
                    + active * NUM_CARD_TYPES
                    + NUM_RESOURCES
                ]
            )
            card = RESOURCE[int(np.flatnonzero(gained)[0])]
        return [Action(color, ActionType.MOVE_ROBBER, (tuple(LAND_HEXES[h]), victim, card))]
    if m.kind == "discard":
        return [Action(color, ActionType.DISCARD, [RESOURCE[a - A.DISCARD] for a in m.actions])]
    if m.kind == "year_of_plenty":
        picks = tuple(RESOURCE[a - A.PICK_RESOURCE] for a in m.actions[1:])
        return [Action(color, ActionType.PLAY_YEAR_OF_PLENTY, picks)]
    if m.kind == "monopoly":
        return [Action(color, ActionType.PLAY_MONOPOLY, RESOURCE[m.actions[1] - A.PICK_RESOURCE])]
    if a0 == A.ROLL:
        return [Action(color, ActionType.ROLL, (int(after[L.DICE]), int(after[L.DICE + 1])))]
    if a0 == A.END_TURN:
        return [Action(color, ActionType.END_TURN, None)]
    if A.BUILD_SETTLEMENT <= a0 < A.BUILD_ROAD:
        return [Action(color, ActionType.BUILD_SETTLEMENT, NODE[a0 - A.BUILD_SETTLEMENT])]
    if A.BUILD_ROAD <= a0 < A.BUILD_CITY:
        return [Action(color, ActionType.BUILD_ROAD, EDGE[a0 - A.BUILD_ROAD])]
    if A.BUILD_CITY <= a0 < A.BUY_DEV:
        return [Action(color, ActionType.BUILD_CITY, NODE[a0 - A.BUILD_CITY])]
    if a0 == A.BUY_DEV:
        p = int(before[L.ACTIVE_PLAYER])
        sl = slice(L.DEV_HAND + p * NUM_DEV_TYPES, L.DEV_HAND + (p + 1) * NUM_DEV_TYPES)
        card = int(np.flatnonzero(after[sl] - before[sl])[0])
        return [Action(color, ActionType.BUY_DEVELOPMENT_CARD, DEV_NAME[card])]
    if a0 == A.PLAY_KNIGHT:
        return [Action(color, ActionType.PLAY_KNIGHT_CARD, None)]
    if a0 == A.PLAY_ROAD_BUILDING:
        return [Action(color, ActionType.PLAY_ROAD_BUILDING, None)]
    if A.MARITIME <= a0 < A.MARITIME + NUM_RESOURCES * (NUM_RESOURCES - 1):
        give, get = maritime_pair(a0 - A.MARITIME)
        offer = maritime_offer(before, int(before[L.ACTIVE_PLAYER]), give, get)
        return [Action(color, ActionType.MARITIME_TRADE, offer)]
    raise AssertionError(f"no catanatron action for {m.kind} {m.actions}")


def _shortage_explains(m: _Macro, after: np.ndarray, ours: dict, theirs: dict) -> bool:
    """Production differs only where base §5.3's single-player exception applies.

    catanatron pays nobody a short resource; the 5e rule gives a lone claimant
    what the bank has left.
    """
    conv = m.conv
    number = int(after[L.DICE]) + int(after[L.DICE + 1])
    owed, _ = yield_resources(conv.state.board, [10**6] * NUM_RESOURCES, number)
    bank = m.before[L.BANK : L.BANK + NUM_RESOURCES]
    for r in range(NUM_RESOURCES):
        differs = any(ours[s]["hand"][r] != theirs[s]["hand"][r] for s in conv.seats)
        if ours["bank"][r] != theirs["bank"][r]:
            differs = True
        if not differs:
            continue
        claimants = [c for c, deck in owed.items() if deck[r] > 0]
        total = sum(deck[r] for deck in owed.values())
        if not (total > bank[r] and len(claimants) == 1):
            return False
        lone = conv.seat_of[claimants[0]]
        before_hand = int(m.before[L.HAND + lone * NUM_CARD_TYPES + r])
        if ours[lone]["hand"][r] != before_hand + int(bank[r]) or ours["bank"][r] != 0:
            return False
    return True


def trail_length(state: np.ndarray, seat: int, may_end_at_others: bool = True) -> int:
    """Longest trail of ``seat``'s roads, written here from base §9.1 alone (a third opinion).

    A trail never reuses a road and never passes through an intersection holding
    another player's building. With ``may_end_at_others`` it may end there (the
    rule); without, it may only start there, which is how catanatron counts.
    """
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in range(len(EDGE)):
        if int(state[L.EDGE_OWNER + e]) == seat:
            a, b = (int(x) for x in GEOMETRY.edge_vertices[e])
            adj.setdefault(a, []).append((e, b))
            adj.setdefault(b, []).append((e, a))

    def blocked(v: int) -> bool:
        return int(state[L.VERTEX_OWNER + v]) not in (-1, seat)

    best = 0
    stack = [(v, frozenset()) for v in adj]
    while stack:
        v, used = stack.pop()
        best = max(best, len(used))
        if used and blocked(v):
            continue  # an end, never an inner point
        for e, w in adj[v]:
            if e not in used and (may_end_at_others or not blocked(w)):
                stack.append((w, used | {e}))
    return best


def _catanatron_trail_count(state: np.ndarray, seat: int, ours: int, theirs: int) -> bool:
    """catanatron's length differs from ours only because its trails cannot end at
    another player's building (they may start there), while ours follows base §9.1."""
    return ours == trail_length(state, seat) and theirs == trail_length(state, seat, False)


def _road_into_building(m: _Macro) -> bool:
    """The macro builds a road with one end on another player's building."""
    a = m.actions[0]
    if not A.BUILD_ROAD <= a < A.BUILD_CITY:
        return False
    owner = int(m.before[L.ACTIVE_PLAYER])
    ends = GEOMETRY.edge_vertices[a - A.BUILD_ROAD]
    return any(int(m.before[L.VERTEX_OWNER + v]) not in (-1, owner) for v in ends)


class Harness:
    """Plays random games in our engine and diffs every decision against catanatron."""

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)
        self.report = Report()

    def _difference(self, what: str, g: Game, detail) -> None:
        self.report.differences.append(
            {"what": what, "record": g.record(), "detail": detail}
            if len(self.report.differences) < 5
            else {"what": what, "seed": g.seed, "decision": len(g.actions), "detail": detail}
        )

    def compare_position(self, g: Game) -> Converted | None:
        """Compare the legal actions at ``g``'s position; the conversion, or None if skipped."""
        phase = int(g.state[L.PHASE])
        try:
            conv = to_catanatron(g.state)
        except NotExpressible:
            self.report.skipped[g.phase] += 1
            return None
        ours, theirs = our_tokens(g, conv), their_tokens(conv)
        self.report.positions += 1
        self.report.by_phase[P.PHASE_NAMES[phase]] += 1
        if ours != theirs:
            self._difference(
                "legal actions",
                g,
                {
                    "phase": g.phase,
                    "only_ours": sorted(map(str, ours - theirs)),
                    "only_catanatron": sorted(map(str, theirs - ours)),
                },
            )
        for j, s in enumerate(conv.seats):
            self.report.road_lengths += 1
            theirs_len = conv.state.player_state[f"P{j}_LONGEST_ROAD_LENGTH"]
            ours_len = int(g.state[L.ROAD_LENGTH + s])
            if theirs_len != ours_len and _catanatron_trail_count(g.state, s, ours_len, theirs_len):
                self.report.explained["trail ending at another's building (catanatron count)"] += 1
            elif theirs_len != ours_len:
                self._difference(
                    "road length",
                    g,
                    {"seat": s, "ours": int(g.state[L.ROAD_LENGTH + s]), "catanatron": theirs_len},
                )
        return conv

    def compare_outcome(self, m: _Macro, g: Game) -> None:
        after = g.state
        try:
            for act in _catanatron_actions(m, after):
                apply_action(m.conv.state, act)
        except (ValueError, AssertionError, KeyError, IndexError) as exc:
            self._difference(
                "catanatron rejects our action", g, {"macro": m.kind, "error": repr(exc)}
            )
            return
        label = g.variant.actions.family(m.actions[0]) if m.kind == "simple" else m.kind
        self.report.transitions[label] += 1
        ours = facts_ours(
            after, m.conv, m.before[L.DEV_NEW : L.DEV_NEW + MAX_PLAYERS * NUM_DEV_TYPES]
        )
        theirs = facts_theirs(m.conv)
        diffs = _diff(ours, theirs)
        if diffs and m.kind == "roll" and _shortage_explains(m, after, ours, theirs):
            self.report.explained["bank shortage, one claimant (base §5.3)"] += 1
            for s in m.conv.seats:
                theirs[s]["hand"] = ours[s]["hand"]
            theirs["bank"] = ours["bank"]
            diffs = _diff(ours, theirs)
        broke = any(
            int(after[L.ROAD_LENGTH + s]) < int(m.before[L.ROAD_LENGTH + s]) for s in m.conv.seats
        )
        if broke and any(
            d.startswith(("longest_road", "winner")) or d.endswith(".vp") or ".vp:" in d
            for d in diffs
        ):
            # catanatron re-awards Longest Road after a break without base §9.2's rules.
            self.report.explained["Longest Road after a broken road (base §9.2)"] += 1
            diffs = [
                d for d in diffs if not (d.startswith(("longest_road", "winner")) or ".vp:" in d)
            ]
        miscounted = [
            s
            for s in m.conv.seats
            if ours[s]["road_length"] != theirs[s]["road_length"]
            and _catanatron_trail_count(after, s, ours[s]["road_length"], theirs[s]["road_length"])
        ]
        if miscounted:
            # Lengths (and what follows from them) where catanatron's count of a trail
            # ending at another's building differs from base §9.1.
            self.report.explained["trail ending at another's building (catanatron count)"] += 1
            diffs = [
                d
                for d in diffs
                if not (
                    d.startswith(("longest_road", "winner"))
                    or ".vp:" in d
                    or any(d.startswith(f"{s}.road_length") for s in miscounted)
                )
            ]
        if diffs and _road_into_building(m):
            # catanatron's incremental update does not count a road built up to another
            # player's building, though base §9.1 lets a trail end there (and its own
            # recomputation from scratch, checked at the next position, does count it).
            lr = [
                d
                for d in diffs
                if d.startswith("longest_road") or ".vp:" in d or "road_length" in d
            ]
            if lr:
                self.report.explained["road built up to another's building (catanatron count)"] += 1
                diffs = [d for d in diffs if d not in lr and not d.startswith("winner")]
        if any(d.startswith("winner") for d in diffs) and ours["winner"] < 0:
            w = theirs["winner"]
            if w != int(after[L.ACTIVE_PLAYER]):
                self.report.explained["win only on one's own turn (base §9.4)"] += 1
                diffs = [d for d in diffs if not d.startswith("winner")]
        diffs += self._next_decider(m, after)
        if diffs:
            self._difference(
                f"outcome of {m.kind}",
                g,
                {"actions": [g.action_names[a] for a in m.actions], "diffs": diffs},
            )

    def _next_decider(self, m: _Macro, after: np.ndarray) -> list[str]:
        phase = int(after[L.PHASE])
        cs = m.conv.state
        if phase == P.GAME_OVER or m.kind == "discard":
            # After a discard: catanatron asks discarders from seat index 0 on and
            # looks only past the current one (with a fixed limit of 7); the order of
            # this simultaneous decision is an engine convention (base §5.4).
            return []
        expect = {
            P.SETUP_SETTLEMENT: ActionPrompt.BUILD_INITIAL_SETTLEMENT,
            P.SETUP_ROAD: ActionPrompt.BUILD_INITIAL_ROAD,
            P.DISCARD: ActionPrompt.DISCARD,
            P.MOVE_ROBBER: ActionPrompt.MOVE_ROBBER,
        }.get(phase, ActionPrompt.PLAY_TURN)
        out = []
        if cs.current_prompt != expect:
            out.append(
                f"next decision: ours {P.PHASE_NAMES[phase]} catanatron {cs.current_prompt.value}"
            )
        if phase == P.DISCARD:
            # Same discarders; catanatron asks them from seat index 0, we from the active seat.
            ours = {s for s in m.conv.seats if after[L.DISCARDS_OWED + s] > 0}
            limit = cs.discard_limit
            theirs = {
                m.conv.seat_of[c]
                for c in cs.colors
                if sum(cs.player_state[f"P{cs.color_to_index[c]}_{r}_IN_HAND"] for r in RESOURCE)
                > limit
            }
            if m.kind == "roll" and ours != theirs:
                out.append(f"discarders: ours {sorted(ours)} catanatron {sorted(theirs)}")
            for s in ours:
                hand = int(
                    after[
                        L.HAND + s * NUM_CARD_TYPES : L.HAND + s * NUM_CARD_TYPES + NUM_RESOURCES
                    ].sum()
                )
                if m.kind == "roll" and int(after[L.DISCARDS_OWED + s]) != hand // 2:
                    out.append(f"seat {s} owes {int(after[L.DISCARDS_OWED + s])} of {hand}")
            return out

        seat = m.conv.seats[cs.current_player_index]
        if seat != int(after[L.CURRENT_PLAYER]):
            out.append(f"next decider: ours {int(after[L.CURRENT_PLAYER])} catanatron {seat}")
        if phase == P.PRE_ROLL and cs.player_state[f"P{cs.current_player_index}_HAS_ROLLED"]:
            out.append("catanatron has the roll done")
        rb = phase == P.ROAD_BUILDING
        if rb != bool(cs.is_road_building):
            key = f"P{cs.current_player_index}_"
            cannot_pay = not (
                cs.player_state[key + "WOOD_IN_HAND"] and cs.player_state[key + "BRICK_IN_HAND"]
            )
            if rb and m.kind == "free_road" and cannot_pay:
                self.report.explained[
                    "Road Building ends when a road is unaffordable (catanatron)"
                ] += 1
            else:
                out.append(f"road building: ours {rb} catanatron {cs.is_road_building}")
        return out

    def play(self, options: dict, seed: int, max_decisions: int = 0) -> None:
        """One random game with ``options`` (catanatron can play them), compared throughout."""
        g = Game(seed=seed, **options)
        self.report.games += 1
        macro: _Macro | None = None
        while not g.done and (not max_decisions or len(g.actions) < max_decisions):
            conv = self.compare_position(g)
            legal = g.legal_actions()
            a = int(legal[self.rng.integers(len(legal))])
            if macro is None:
                kind = _macro_kind(a, int(g.state[L.PHASE]))
                if kind is not None and conv is not None:
                    macro = _Macro(kind, g.state, conv)
            g.step(a)
            self.report.decisions += 1
            if macro is not None:
                macro.actions.append(a)
                if _complete(macro, g.state):
                    self.compare_outcome(macro, g)
                    macro = None

    def run(
        self, games: int, seed: int = 0, max_decisions: int = 0, progress: bool = False
    ) -> Report:
        from tqdm import tqdm

        for i in tqdm(range(games), disable=not progress, unit="game"):
            self.play(OPTION_SETS[i % len(OPTION_SETS)], seed + i, max_decisions)
        return self.report


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Differential test against catanatron 3.2.1")
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-decisions", type=int, default=0, help="per game (0: play to the end)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    t0 = time.perf_counter()
    report = Harness(a.seed).run(a.games, a.seed, a.max_decisions, progress=not a.json)
    out = report.as_dict()
    out["seconds"] = round(time.perf_counter() - t0, 1)
    if a.json:
        print(json.dumps(out, indent=1, default=str))
    else:
        for k, v in out.items():
            if k != "examples":
                print(f"{k:28s} {v}")
        for ex in out["examples"]:
            print(json.dumps({k: v for k, v in ex.items() if k != "record"}, default=str))
    return 1 if report.differences else 0


if __name__ == "__main__":
    sys.exit(main())
