"""What every Catan snapshot shares: the envelope, the typed reader, the standard island.

A snapshot (:mod:`catan_env.snapshot`) is a JSON-able dict with an envelope
(``format``, ``version``, ``variant``, ``options``) and the variant's own
description of the state, written and read by the variant's ``snapshot``
module. Everything here serves those modules: :class:`SnapshotError`, the
:class:`Reader` whose errors name the field's path, and the parts of the
standard island (hexes, harbors, robber, buildings, roads, bank, hands, turn,
trade) that the base game and Cities & Knights write alike, with the fields
that follow from them (supplies, harbor rates, road lengths, public VP).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from ..board.standard import (
    GEOMETRY,
    HEX_LABELS,
    NUM_EDGES,
    NUM_HARBORS,
    NUM_HEXES,
    NUM_VERTICES,
    VERTEX_HARBOR,
)
from . import layout as L
from .constants import (
    CITIES_PER_PLAYER,
    CITY,
    DESERT,
    HARBOR_NAMES,
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
    RESOURCE_NAMES,
    ROADS_PER_PLAYER,
    SETTLEMENT,
    SETTLEMENTS_PER_PLAYER,
    TERRAIN_NAMES,
    TIPPED_CITY,
)
from .tables import STANDARD_TABLES

FORMAT = "catan_env/state"
VERSION = 1
ANSWER_NAMES = ("none", "pending", "accepted", "declined")


class SnapshotError(ValueError):
    """A malformed or impossible snapshot."""


def seat_or_none(value):
    return None if value < 0 else int(value)


def turn_seats(s: np.ndarray) -> dict[str, int | None]:
    """The turn's three seats as a snapshot writes them: who started the game, whose
    turn it is, who decides now (None: nobody). Every Catan layout keeps them in the
    base fields, so every variant's snapshot writes them here."""
    return {
        "start_player": int(s[L.START_PLAYER]),
        "active_player": int(s[L.ACTIVE_PLAYER]),
        "current_player": seat_or_none(s[L.CURRENT_PLAYER]),
    }


def read_turn_seats(d: Reader, s: np.ndarray, n: int) -> None:
    """Read back the seats :func:`turn_seats` wrote (``n``: seats in play)."""
    s[L.START_PLAYER] = d.seat("turn.start_player", n, allow_none=False)
    s[L.ACTIVE_PLAYER] = d.seat("turn.active_player", n, allow_none=False)
    s[L.CURRENT_PLAYER] = d.seat("turn.current_player", n)


def card_counts(row, names=RESOURCE_NAMES) -> dict[str, int]:
    return {names[r]: int(row[r]) for r in range(len(names))}


class Reader:
    """Typed access to a snapshot dict with error messages that give the path."""

    def __init__(self, data):
        self.data = data

    def get(self, path: str, kind=None):
        node = self.data
        for part in path.split("."):
            if isinstance(node, list):
                try:
                    node = node[int(part)]
                except (ValueError, IndexError):
                    raise SnapshotError(f"snapshot is missing {path!r}") from None
            elif isinstance(node, dict):
                if part not in node:
                    raise SnapshotError(f"snapshot is missing {path!r}")
                node = node[part]
            else:
                raise SnapshotError(f"snapshot field {path!r}: parent is not an object")
        if kind is not None:
            node = _typed(path, node, kind)
        return node

    def int(self, path, lo=None, hi=None):
        value = self.get(path, int)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise SnapshotError(f"snapshot field {path!r} = {value} is out of range [{lo}, {hi}]")
        return value

    def seat(self, path, n, allow_none=True):
        value = self.get(path)
        if value is None:
            if not allow_none:
                raise SnapshotError(f"snapshot field {path!r} must be a seat, not null")
            return -1
        value = _typed(path, value, int)
        if not 0 <= value < n:
            raise SnapshotError(f"snapshot field {path!r} = {value} is not a seat 0..{n - 1}")
        return value

    def choice(self, path, names):
        value = self.get(path, str)
        if value not in names:
            raise SnapshotError(f"snapshot field {path!r} = {value!r} is not one of {list(names)}")
        return names.index(value)

    def sized(self, path, n, needs=None):
        """``range(n)`` once the list at ``path`` holds exactly ``n`` items; the error
        otherwise says what it needs (``needs``, or ``n`` entries)."""
        if len(self.get(path, list)) != n:
            raise SnapshotError(f"{path} needs {needs or f'{n} entries'}")
        return range(n)

    def counts(self, path, names, lo=0, hi=None):
        node = self.get(path, dict)
        extra = set(node) - set(names)
        if extra:
            raise SnapshotError(f"snapshot field {path!r} has unknown keys {sorted(extra)}")
        return [self.int(f"{path}.{k}", lo, hi) for k in names]


def _typed(path, value, kind):
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise SnapshotError(f"snapshot field {path!r} must be an integer, got {value!r}")
        return int(value)
    if kind is bool:
        if not isinstance(value, bool):
            raise SnapshotError(f"snapshot field {path!r} must be true or false, got {value!r}")
        return value
    if not isinstance(value, kind):
        raise SnapshotError(
            f"snapshot field {path!r} must be a {kind.__name__}, got {type(value).__name__}"
        )
    return value


def parse_id(path, name, prefix, count):
    """The index in a piece name such as ``v12`` (``prefix`` "v"), checked against ``count``."""
    if not isinstance(name, str) or not name.startswith(prefix) or not name[1:].isdigit():
        raise SnapshotError(f"{path}: {name!r} is not a name like {prefix}0..{prefix}{count - 1}")
    i = int(name[1:])
    if i >= count:
        raise SnapshotError(f"{path}: {name!r} does not exist (0..{count - 1})")
    return i


# --- the standard island (base game and Cities & Knights) ---------------------------


class Names(NamedTuple):
    """A variant's names for the codes a standard-island snapshot spells out."""

    cards: tuple[str, ...]
    buildings: tuple[str, ...]
    phases: tuple[str, ...]


def board_dict(s: np.ndarray) -> dict:
    """The dealt board of a standard-island state as a snapshot writes it (``["board"]``)."""
    return {
        "hexes": {
            HEX_LABELS[h]: {
                "terrain": TERRAIN_NAMES[s[L.HEX_TERRAIN + h]],
                "number": int(s[L.HEX_NUMBER + h]),
            }
            for h in range(NUM_HEXES)
        },
        "harbors": [HARBOR_NAMES[s[L.HARBOR_TYPE + i]] for i in range(NUM_HARBORS)],
        "robber": HEX_LABELS[s[L.ROBBER_HEX]],
    }


def standard_to_dict(
    s: np.ndarray,
    envelope: dict[str, Any],
    names: Names,
    seat_fields: Callable[[np.ndarray, int], dict[str, Any]],
) -> dict[str, Any]:
    """The envelope, then the island, pieces, cards, turn and trade of ``s``.

    ``seat_fields(s, p)`` adds a variant's own entries to each player, between
    the hand and the discards owed; the variant appends its own sections.
    """
    n = int(s[L.NUM_PLAYERS])
    cards = names.cards
    hand = L.BASE_LAYOUT.view(s, "hand")
    players = []
    for p in range(n):
        player = {"hand": card_counts(hand[p], cards), **seat_fields(s, p)}
        player["discards_owed"] = int(s[L.DISCARDS_OWED + p])
        players.append(player)
    buildings = {}
    for v in range(NUM_VERTICES):
        if s[L.VERTEX_OWNER + v] >= 0:
            buildings[f"v{v}"] = {
                "owner": int(s[L.VERTEX_OWNER + v]),
                "kind": names.buildings[s[L.VERTEX_BUILDING + v]],
            }
    roads = {
        f"e{e}": int(s[L.EDGE_OWNER + e]) for e in range(NUM_EDGES) if s[L.EDGE_OWNER + e] >= 0
    }
    phases = names.phases
    return {
        **envelope,
        "board": board_dict(s),
        "buildings": buildings,
        "roads": roads,
        "bank": card_counts(s[L.BANK : L.BANK + NUM_CARD_TYPES], cards),
        "players": players,
        "longest_road": seat_or_none(s[L.LONGEST_ROAD_HOLDER]),
        "turn": {
            "number": int(s[L.TURN]),
            "phase": phases[s[L.PHASE]],
            "resume_phase": phases[s[L.RESUME_PHASE]],
            **turn_seats(s),
            "setup_index": int(s[L.SETUP_INDEX]),
            "setup_vertex": None if s[L.SETUP_VERTEX] < 0 else f"v{s[L.SETUP_VERTEX]}",
            "dice": [int(s[L.DICE]), int(s[L.DICE + 1])],
            "dev_card_played": bool(s[L.DEV_PLAYED]),
            "built": bool(s[L.BUILT_THIS_TURN]),
            "free_roads_left": int(s[L.ROADS_TO_PLACE]),
            "free_roads_placed": int(s[L.FREE_ROADS_PLACED]),
            "picks_left": int(s[L.PICKS_LEFT]),
            "proposals": int(s[L.PROPOSALS]),
        },
        "trade": {
            "give": card_counts(s[L.TRADE_GIVE : L.TRADE_GIVE + NUM_CARD_TYPES], cards),
            "want": card_counts(s[L.TRADE_WANT : L.TRADE_WANT + NUM_CARD_TYPES], cards),
            "to": seat_or_none(s[L.TRADE_TO]),
            "answers": [ANSWER_NAMES[s[L.TRADE_ANSWER + p]] for p in range(n)],
        },
        "result": {"winner": seat_or_none(s[L.WINNER]), "truncated": bool(s[L.TRUNCATED])},
        "decisions": int(s[L.DECISIONS]),
        "rng": [int(s[L.RNG]), int(s[L.RNG + 1])],
    }


def read_board(d: Reader, s: np.ndarray, n: int, names: Names) -> None:
    """Hexes, harbors, robber, buildings, roads and the bank into ``s``."""
    hexes = d.get("board.hexes", dict)
    if sorted(hexes) != sorted(HEX_LABELS):
        raise SnapshotError(f"board.hexes must name exactly the hexes {', '.join(HEX_LABELS)}")
    for h, label in enumerate(HEX_LABELS):
        t = d.choice(f"board.hexes.{label}.terrain", TERRAIN_NAMES)
        num = d.int(f"board.hexes.{label}.number", 0, 12)
        if (t == DESERT) != (num == 0) or num in (1, 7):
            raise SnapshotError(
                f"board.hexes.{label}: number {num} does not fit terrain {TERRAIN_NAMES[t]}"
            )
        s[L.HEX_TERRAIN + h] = t
        s[L.HEX_NUMBER + h] = num
    for i in d.sized("board.harbors", NUM_HARBORS, needs=f"{NUM_HARBORS} entries (H1..H9)"):
        s[L.HARBOR_TYPE + i] = d.choice(f"board.harbors.{i}", HARBOR_NAMES)
    s[L.ROBBER_HEX] = d.choice("board.robber", HEX_LABELS)

    s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES] = -1
    s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES] = -1
    s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES] = -1  # C&K reads its knights later
    for name in d.get("buildings", dict):
        v = parse_id("buildings", name, "v", NUM_VERTICES)
        s[L.VERTEX_OWNER + v] = d.seat(f"buildings.{name}.owner", n, allow_none=False)
        kind = d.choice(f"buildings.{name}.kind", names.buildings)
        if kind == 0:
            raise SnapshotError(f"buildings.{name}: kind 'empty' is not a building")
        s[L.VERTEX_BUILDING + v] = kind
    for name in d.get("roads", dict):
        e = parse_id("roads", name, "e", NUM_EDGES)
        s[L.EDGE_OWNER + e] = d.seat(f"roads.{name}", n, allow_none=False)

    s[L.BANK : L.BANK + len(names.cards)] = d.counts("bank", names.cards)


def read_players(
    d: Reader,
    s: np.ndarray,
    n: int,
    cards: tuple[str, ...],
    read_seat: Callable[[Reader, np.ndarray, int, str], None] | None = None,
) -> None:
    """Each player's hand, the variant's own entries (``read_seat``), discards owed."""
    players = d.get("players", list)
    if len(players) != n:
        raise SnapshotError(f"players has {len(players)} entries but num_players is {n}")
    for p in range(n):
        path = f"players.{p}"
        at = L.HAND + p * NUM_CARD_TYPES
        s[at : at + len(cards)] = d.counts(f"{path}.hand", cards)
        if read_seat is not None:
            read_seat(d, s, p, path)
        s[L.DISCARDS_OWED + p] = d.int(f"{path}.discards_owed", 0, 48)


def read_turn(d: Reader, s: np.ndarray, n: int, names: Names) -> None:
    """The turn, the trade in progress, the result, the decision count and the rng."""
    phases, cards = names.phases, names.cards
    s[L.TURN] = d.int("turn.number", 0)
    s[L.PHASE] = d.choice("turn.phase", phases)
    s[L.RESUME_PHASE] = d.choice("turn.resume_phase", phases)
    read_turn_seats(d, s, n)
    s[L.SETUP_INDEX] = d.int("turn.setup_index", 0, 2 * n)
    sv = d.get("turn.setup_vertex")
    s[L.SETUP_VERTEX] = -1 if sv is None else parse_id("turn.setup_vertex", sv, "v", NUM_VERTICES)
    for i in d.sized("turn.dice", 2, needs="two values"):
        s[L.DICE + i] = d.int(f"turn.dice.{i}", 0, 6)
    s[L.DEV_PLAYED] = int(d.get("turn.dev_card_played", bool))
    s[L.BUILT_THIS_TURN] = int(d.get("turn.built", bool))
    s[L.ROADS_TO_PLACE] = d.int("turn.free_roads_left", 0, 2)
    s[L.FREE_ROADS_PLACED] = d.int("turn.free_roads_placed", 0, 2)
    s[L.PICKS_LEFT] = d.int("turn.picks_left", 0, 2)
    s[L.PROPOSALS] = d.int("turn.proposals", 0)

    s[L.TRADE_GIVE : L.TRADE_GIVE + len(cards)] = d.counts("trade.give", cards)
    s[L.TRADE_WANT : L.TRADE_WANT + len(cards)] = d.counts("trade.want", cards)
    s[L.TRADE_TO] = d.seat("trade.to", n)
    for p in d.sized("trade.answers", n):
        s[L.TRADE_ANSWER + p] = d.choice(f"trade.answers.{p}", ANSWER_NAMES)

    s[L.WINNER] = d.seat("result.winner", n)
    s[L.TRUNCATED] = int(d.get("result.truncated", bool))
    s[L.DECISIONS] = d.int("decisions", 0)
    for i in d.sized("rng", 2, needs="two 32-bit words"):
        s[L.RNG + i] = d.int(f"rng.{i}", -(2**31), 2**31 - 1)


def check_resume(
    s: np.ndarray, phases: tuple[str, ...], resumes: dict[str, tuple[str, ...]]
) -> None:
    """``turn.resume_phase`` must be a phase the engine can return to from ``turn.phase``:
    ``resumes`` maps a phase to those it may resume (the phases its card is played
    in). Any other, say ``road_building`` resuming ``road_building``, would never
    end: free roads past the pieces a seat has, and out of bounds.

    Raises:
        SnapshotError: ``turn.resume_phase`` is not one ``turn.phase`` returns to.
    """
    phase = phases[int(s[L.PHASE])]
    allowed = resumes.get(phase)
    resume = int(s[L.RESUME_PHASE])
    if allowed is not None and (not 0 <= resume < len(phases) or phases[resume] not in allowed):
        got = phases[resume] if 0 <= resume < len(phases) else resume
        raise SnapshotError(
            f"turn.resume_phase {got!r} is not a phase {phase} returns to ({', '.join(allowed)})"
        )


def derive_standard(s: np.ndarray) -> None:
    """Recompute the cached fields that follow from the pieces and cards."""
    from .longest_road import road_length

    n = int(s[L.NUM_PLAYERS])
    owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    kind = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + NUM_VERTICES]
    roads = s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES]
    for p in range(n):
        settlements = int(((owner == p) & (kind == SETTLEMENT)).sum())
        # A tipped city (C&K) is a city piece worth 1 VP; the C&K derivation corrects the VP.
        cities = int(((owner == p) & ((kind == CITY) | (kind == TIPPED_CITY))).sum())
        n_roads = int((roads == p).sum())
        for what, used, limit, off in (
            ("roads", n_roads, ROADS_PER_PLAYER, L.ROADS_LEFT),
            ("settlements", settlements, SETTLEMENTS_PER_PLAYER, L.SETTLEMENTS_LEFT),
            ("cities", cities, CITIES_PER_PLAYER, L.CITIES_LEFT),
        ):
            if used > limit:
                raise SnapshotError(
                    f"seat {p} has {used} {what} on the board; the limit is {limit}"
                )
            s[off + p] = limit - used
        rates = np.full(NUM_CARD_TYPES, 4, np.int32)
        for v in np.flatnonzero(owner == p):
            h = VERTEX_HARBOR[v]
            if h >= 0:
                t = s[L.HARBOR_TYPE + h]
                if t < NUM_RESOURCES:
                    rates[t] = 2
                else:
                    rates = np.minimum(rates, 3)
        s[L.HARBOR_RATE + p * NUM_CARD_TYPES : L.HARBOR_RATE + (p + 1) * NUM_CARD_TYPES] = rates
        s[L.ROAD_LENGTH + p] = road_length(s, STANDARD_TABLES, p)
        vp = settlements + 2 * cities
        if s[L.LONGEST_ROAD_HOLDER] == p:
            vp += 2
        if s[L.LARGEST_ARMY_HOLDER] == p:
            vp += 2
        s[L.PUBLIC_VP + p] = vp
    # Seats beyond num_players stay empty.
    for p in range(n, MAX_PLAYERS):
        s[L.HARBOR_RATE + p * NUM_CARD_TYPES : L.HARBOR_RATE + (p + 1) * NUM_CARD_TYPES] = 0


def check_roads_connected(s: np.ndarray, n: int) -> None:
    """Every road network must touch one of its owner's buildings (base §7.2)."""
    owner = s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES]
    seen = np.zeros(NUM_EDGES, bool)
    for start in range(NUM_EDGES):
        p = owner[start]
        if p < 0 or seen[start]:
            continue
        stack, touches = [start], False
        seen[start] = True
        while stack:
            e = stack.pop()
            for v in GEOMETRY.edge_vertices[e]:
                touches |= s[L.VERTEX_OWNER + v] == p
                for f in GEOMETRY.vertex_edges[v]:
                    if f >= 0 and not seen[f] and owner[f] == p:
                        seen[f] = True
                        stack.append(f)
        if not touches:
            raise SnapshotError(
                f"road e{start} of seat {p} is not connected to any of its buildings"
            )
