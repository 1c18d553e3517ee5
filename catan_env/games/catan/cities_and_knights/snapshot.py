"""Snapshots of Cities & Knights positions: ``to_dict`` / ``from_dict`` (``spec.snapshot``).

A C&K snapshot is the standard island's description (:mod:`..common.snapshot`,
with commodities among the cards and tipped cities among the buildings) and a
``cities_and_knights`` section: barbarians, improvements, metropolises, walls,
knights, progress cards and decks, the merchant, and the decision in progress.
Reading it recomputes the supplies and VP and checks every C&K invariant.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..board.standard import HEX_LABELS, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.snapshot import (
    Names,
    Reader,
    SnapshotError,
    check_resume,
    check_roads_connected,
    derive_standard,
    parse_id,
    read_board,
    read_players,
    read_turn,
    standard_to_dict,
)
from . import layout as CL
from .constants import (
    CARD_DECK,
    CARD_KIND_NAMES,
    DECK_SIZE,
    EVENT_NAMES,
    KNIGHT_ACTED,
    KNIGHT_BECAME_ACTIVE,
    KNIGHT_PROMOTED,
    KNIGHTS_PER_STRENGTH,
    MAX_LEVEL,
    NUM_CARD_KINDS,
    NUM_TRACKS,
    TRACK_NAMES,
    WALLS_PER_PLAYER,
)
from .phases import PHASE_NAMES
from .roll import STAGE_NAMES

#: The phases a progress card's phase returns to: Road Building is played in the
#: action phase (C&K §4), and its free roads end there.
RESUMES = {"road_building": ("action",)}

NAMES = Names(C.CARD_NAMES, C.BUILDING_NAMES + ("tipped_city",), PHASE_NAMES)
_PENDING = (
    ("pillage", CL.PILLAGE_OWED),
    ("tie_draw", CL.TIE_DRAW_OWED),
    ("aqueduct", CL.AQUEDUCT_OWED),
    ("gifts", CL.GIVES_OWED),
    ("received", CL.RECEIVED),
    ("declared", CL.DEFEND_DONE),
)


def _seat(x):
    return None if x < 0 else int(x)


def _vertex(x):
    return None if x < 0 else f"v{int(x)}"


def to_dict(s: np.ndarray, envelope: dict[str, Any]) -> dict[str, Any]:
    """The snapshot of the C&K state ``s``; ``envelope`` holds its first fields."""
    out = standard_to_dict(s, envelope, NAMES, lambda state, p: {})
    out["cities_and_knights"] = section_to_dict(s)
    return out


def from_dict(d: Reader, config) -> np.ndarray:
    """The C&K state a snapshot describes; :class:`SnapshotError` unless it is possible."""
    n = config.num_players
    s = np.zeros(CL.CK_STATE_SIZE, L.STATE_DTYPE)
    vector = config.config_vector()
    s[: L.CONFIG_SIZE] = vector[: L.CONFIG_SIZE]
    for i, field in enumerate(CL.CK_CONFIG):
        s[field] = vector[L.CONFIG_SIZE + i]
    read_board(d, s, n, NAMES)
    s[L.DECK_POS] = C.DEV_DECK_SIZE  # no development cards in C&K
    read_players(d, s, n, NAMES.cards)
    s[L.LONGEST_ROAD_HOLDER] = d.seat("longest_road", n)
    s[L.LARGEST_ARMY_HOLDER] = -1
    read_turn(d, s, n, NAMES)
    section_from_dict(d, s, n)
    derive_standard(s)
    derive(s)
    check_resume(s, PHASE_NAMES, RESUMES)
    check(s)
    check_roads_connected(s, n)
    return s


def section_to_dict(s: np.ndarray) -> dict[str, Any]:
    n = int(s[L.NUM_PLAYERS])
    face = int(s[CL.EVENT_FACE])
    knights = {}
    for v in range(NUM_VERTICES):
        q = s[L.KNIGHT_OWNER + v]
        if q >= 0:
            flags = int(s[CL.KNIGHT_FLAGS + v])
            knights[f"v{v}"] = {
                "owner": int(q),
                "strength": int(s[CL.KNIGHT_STRENGTH + v]),
                "active": bool(s[CL.KNIGHT_ACTIVE + v]),
                "became_active": bool(flags & KNIGHT_BECAME_ACTIVE),
                "acted": bool(flags & KNIGHT_ACTED),
                "promoted": bool(flags & KNIGHT_PROMOTED),
                "defends": bool(s[CL.KNIGHT_COMMITTED + v]),
            }
    decks = {}
    for t in range(NUM_TRACKS):
        head, count = int(s[CL.PDECK_HEAD + t]), int(s[CL.PDECK_COUNT + t])
        decks[TRACK_NAMES[t]] = [
            CARD_KIND_NAMES[s[CL.PDECK + t * DECK_SIZE + (head + i) % DECK_SIZE]]
            for i in range(count)
        ]
    metros = {}
    for t in range(NUM_TRACKS):
        h = s[CL.METRO_HOLDER + t]
        metros[TRACK_NAMES[t]] = (
            None if h < 0 else {"owner": int(h), "city": _vertex(s[CL.METRO_VERTEX + t])}
        )
    merchant = s[CL.MERCHANT_HEX]
    offer = s[CL.HARBOR_OFFER]
    return {
        "barbarians": {
            "position": int(s[CL.BARBARIAN_POS]),
            "first_attack_done": bool(s[CL.FIRST_ATTACK_DONE]),
            "event": None if face < 0 else EVENT_NAMES[face],
            "attacks": int(s[CL.BARBARIAN_ATTACKS]),
            "barbarian_wins": int(s[CL.BARBARIAN_WINS]),
        },
        "improvements": [
            {TRACK_NAMES[t]: int(s[CL.LEVEL + 3 * p + t]) for t in range(NUM_TRACKS)}
            for p in range(n)
        ],
        "metropolises": metros,
        "walls": [f"v{v}" for v in range(NUM_VERTICES) if s[CL.VERTEX_WALL + v]],
        "knights": knights,
        "progress_cards": [
            {
                CARD_KIND_NAMES[k]: int(s[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + k])
                for k in range(NUM_CARD_KINDS)
                if s[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + k]
            }
            for p in range(n)
        ],
        "progress_decks": decks,
        "vp_cards": [int(s[CL.VP_CARDS + p]) for p in range(n)],
        "defender": [int(s[CL.DEFENDER_VP + p]) for p in range(n)],
        "merchant": {
            "hex": None if merchant < 0 else HEX_LABELS[merchant],
            "owner": _seat(s[CL.MERCHANT_OWNER]),
        },
        "merchant_fleet": [
            C.CARD_NAMES[r] for r in range(C.NUM_CARD_TYPES) if (s[CL.FLEET_TYPES] >> r) & 1
        ],
        "commercial_harbor": {
            "open": bool(s[CL.HARBOR_TRADES]),
            "used": [bool(s[CL.HARBOR_USED + p]) for p in range(n)],
            "target": _seat(s[CL.HARBOR_TARGET]),
            "offer": None if offer < 0 else C.CARD_NAMES[offer],
        },
        "roll": {"stage": STAGE_NAMES[s[CL.ROLL_STAGE]], "cursor": int(s[CL.ROLL_CURSOR])},
        "pending": {name: [int(s[f + p]) for p in range(n)] for name, f in _PENDING},
        "knight_selected": _vertex(s[CL.KNIGHT_SELECTED]),
        "displaced": {
            "owner": _seat(s[CL.DISPLACED_OWNER]),
            "from": _vertex(s[CL.DISPLACED_FROM]) if s[CL.DISPLACED_OWNER] >= 0 else None,
            "strength": int(s[CL.DISPLACED_STRENGTH]),
            "active": bool(s[CL.DISPLACED_ACTIVE]),
            "flags": int(s[CL.DISPLACED_FLAGS]),
        },
        "card": {
            "target": _seat(s[CL.CARD_TARGET]),
            "arg": int(s[CL.CARD_ARG]),
            "arg2": int(s[CL.CARD_ARG2]),
        },
    }


def section_from_dict(d: Reader, s: np.ndarray, n: int) -> None:
    """Fill the C&K fields of ``s`` from ``d["cities_and_knights"]``."""
    root = "cities_and_knights"
    s[CL.BARBARIAN_POS] = d.int(f"{root}.barbarians.position", 0, 7)
    s[CL.FIRST_ATTACK_DONE] = int(d.get(f"{root}.barbarians.first_attack_done", bool))
    s[CL.BARBARIAN_ATTACKS] = d.int(f"{root}.barbarians.attacks", 0)
    s[CL.BARBARIAN_WINS] = d.int(
        f"{root}.barbarians.barbarian_wins", 0, int(s[CL.BARBARIAN_ATTACKS])
    )
    event = d.get(f"{root}.barbarians.event")
    s[CL.EVENT_FACE] = -1 if event is None else d.choice(f"{root}.barbarians.event", EVENT_NAMES)
    for p in d.sized(f"{root}.improvements", n):
        for t, lv in enumerate(d.counts(f"{root}.improvements.{p}", TRACK_NAMES, 0, MAX_LEVEL)):
            s[CL.LEVEL + 3 * p + t] = lv
    for t, name in enumerate(TRACK_NAMES):
        entry = d.get(f"{root}.metropolises.{name}")
        if entry is None:
            s[CL.METRO_HOLDER + t] = -1
            s[CL.METRO_VERTEX + t] = -1
        else:
            s[CL.METRO_HOLDER + t] = d.seat(f"{root}.metropolises.{name}.owner", n, False)
            city = d.get(f"{root}.metropolises.{name}.city", str)
            s[CL.METRO_VERTEX + t] = parse_id(
                f"{root}.metropolises.{name}.city", city, "v", NUM_VERTICES
            )
    for i, v in enumerate(d.get(f"{root}.walls", list)):
        s[CL.VERTEX_WALL + parse_id(f"{root}.walls.{i}", v, "v", NUM_VERTICES)] = 1
    for name in d.get(f"{root}.knights", dict):
        v = parse_id(f"{root}.knights", name, "v", NUM_VERTICES)
        base = f"{root}.knights.{name}"
        s[L.KNIGHT_OWNER + v] = d.seat(f"{base}.owner", n, False)
        s[CL.KNIGHT_STRENGTH + v] = d.int(f"{base}.strength", 1, 3)
        s[CL.KNIGHT_ACTIVE + v] = int(d.get(f"{base}.active", bool))
        s[CL.KNIGHT_FLAGS + v] = (
            KNIGHT_BECAME_ACTIVE * d.get(f"{base}.became_active", bool)
            + KNIGHT_ACTED * d.get(f"{base}.acted", bool)
            + KNIGHT_PROMOTED * d.get(f"{base}.promoted", bool)
        )
        s[CL.KNIGHT_COMMITTED + v] = int(d.get(f"{base}.defends", bool))
    for p in d.sized(f"{root}.progress_cards", n):
        held = d.get(f"{root}.progress_cards.{p}", dict)
        for kind_name in held:
            if kind_name not in CARD_KIND_NAMES:
                raise SnapshotError(
                    f"{root}.progress_cards.{p}: {kind_name!r} is not a progress card"
                )
            k = CARD_KIND_NAMES.index(kind_name)
            s[CL.PROGRESS_HAND + p * NUM_CARD_KINDS + k] = d.int(
                f"{root}.progress_cards.{p}.{kind_name}", 0, 18
            )
    for t, track in enumerate(TRACK_NAMES):
        cards = d.get(f"{root}.progress_decks.{track}", list)
        if len(cards) > DECK_SIZE:
            raise SnapshotError(f"{root}.progress_decks.{track} holds more than {DECK_SIZE} cards")
        for i in range(len(cards)):
            k = d.choice(f"{root}.progress_decks.{track}.{i}", CARD_KIND_NAMES)
            if CARD_DECK[k] != t:
                raise SnapshotError(f"{CARD_KIND_NAMES[k]} does not belong in the {track} deck")
            s[CL.PDECK + t * DECK_SIZE + i] = k
        s[CL.PDECK_HEAD + t] = 0
        s[CL.PDECK_COUNT + t] = len(cards)
    for field, key in ((CL.VP_CARDS, "vp_cards"), (CL.DEFENDER_VP, "defender")):
        for p in d.sized(f"{root}.{key}", n):
            s[field + p] = d.int(f"{root}.{key}.{p}", 0)
    hex_name = d.get(f"{root}.merchant.hex")
    s[CL.MERCHANT_HEX] = -1 if hex_name is None else d.choice(f"{root}.merchant.hex", HEX_LABELS)
    s[CL.MERCHANT_OWNER] = d.seat(f"{root}.merchant.owner", n)
    fleet = 0
    for i, _ in enumerate(d.get(f"{root}.merchant_fleet", list)):
        fleet |= 1 << d.choice(f"{root}.merchant_fleet.{i}", C.CARD_NAMES)
    s[CL.FLEET_TYPES] = fleet
    s[CL.HARBOR_TRADES] = int(d.get(f"{root}.commercial_harbor.open", bool))
    for p in d.sized(f"{root}.commercial_harbor.used", n):
        s[CL.HARBOR_USED + p] = int(d.get(f"{root}.commercial_harbor.used.{p}", bool))
    s[CL.HARBOR_TARGET] = d.seat(f"{root}.commercial_harbor.target", n)
    offer = d.get(f"{root}.commercial_harbor.offer")
    s[CL.HARBOR_OFFER] = (
        -1 if offer is None else d.choice(f"{root}.commercial_harbor.offer", C.CARD_NAMES)
    )
    s[CL.ROLL_STAGE] = d.choice(f"{root}.roll.stage", STAGE_NAMES)
    s[CL.ROLL_CURSOR] = d.int(f"{root}.roll.cursor", 0, C.MAX_PLAYERS)
    for name, field in _PENDING:
        for p in d.sized(f"{root}.pending.{name}", n):
            s[field + p] = d.int(f"{root}.pending.{name}.{p}", 0, 48)
    sel = d.get(f"{root}.knight_selected")
    s[CL.KNIGHT_SELECTED] = (
        -1 if sel is None else parse_id(f"{root}.knight_selected", sel, "v", NUM_VERTICES)
    )
    s[CL.DISPLACED_OWNER] = d.seat(f"{root}.displaced.owner", n)
    origin = d.get(f"{root}.displaced.from")
    s[CL.DISPLACED_FROM] = (
        0 if origin is None else parse_id(f"{root}.displaced.from", origin, "v", NUM_VERTICES)
    )
    s[CL.DISPLACED_STRENGTH] = d.int(f"{root}.displaced.strength", 0, 3)
    s[CL.DISPLACED_ACTIVE] = int(d.get(f"{root}.displaced.active", bool))
    s[CL.DISPLACED_FLAGS] = d.int(f"{root}.displaced.flags", 0, 7)
    s[CL.CARD_TARGET] = d.seat(f"{root}.card.target", n)
    s[CL.CARD_ARG] = d.int(f"{root}.card.arg", -1, 100)
    s[CL.CARD_ARG2] = d.int(f"{root}.card.arg2", -1, 100)


def derive(s: np.ndarray) -> None:
    """Supplies and VP that follow from the C&K pieces (after the base derivation)."""
    n = int(s[L.NUM_PLAYERS])
    for p in range(n):
        walls = sum(
            1 for v in range(NUM_VERTICES) if s[CL.VERTEX_WALL + v] and s[L.VERTEX_OWNER + v] == p
        )
        s[CL.WALLS_LEFT + p] = WALLS_PER_PLAYER - walls
        for strength in range(1, 4):
            on_board = sum(
                1
                for v in range(NUM_VERTICES)
                if s[L.KNIGHT_OWNER + v] == p and s[CL.KNIGHT_STRENGTH + v] == strength
            )
            if s[CL.DISPLACED_OWNER] == p and s[CL.DISPLACED_STRENGTH] == strength:
                on_board += 1
            s[CL.KNIGHTS_LEFT + 3 * p + strength - 1] = KNIGHTS_PER_STRENGTH - on_board
        tipped = sum(
            1
            for v in range(NUM_VERTICES)
            if s[L.VERTEX_OWNER + v] == p and s[L.VERTEX_BUILDING + v] == C.TIPPED_CITY
        )
        metros = sum(1 for t in range(NUM_TRACKS) if s[CL.METRO_HOLDER + t] == p)
        # The base derivation counted tipped cities as cities: a tipped one is worth 1.
        s[L.PUBLIC_VP + p] += (
            2 * metros
            - tipped
            + s[CL.DEFENDER_VP + p]
            + s[CL.VP_CARDS + p]
            + (1 if s[CL.MERCHANT_OWNER] == p else 0)
        )


def check(s: np.ndarray) -> None:
    """Raise :class:`SnapshotError` unless the C&K invariants hold."""
    from ..common.tables import STANDARD_TABLES
    from .invariants import (
        INVARIANT_NAMES,
        check_state,
    )

    code = check_state(s, STANDARD_TABLES)
    if code:
        raise SnapshotError(f"impossible Cities & Knights position: {INVARIANT_NAMES[code]}")
