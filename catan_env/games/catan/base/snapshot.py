"""Snapshots of base-game positions: ``to_dict`` / ``from_dict`` (``spec.snapshot``).

A base snapshot is the standard island's description
(:mod:`..common.snapshot`) with each player's development cards, the
development deck in draw order and the Largest Army holder. Reading it
recomputes what follows from the pieces and checks the game's invariants:
every card accounted for, the distance rule, roads connected, the Largest
Army and Longest Road holders.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..board.standard import GEOMETRY, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.phases import PHASE_NAMES, SETUP_ROAD, SETUP_SETTLEMENT
from ..common.snapshot import (
    Names,
    Reader,
    SnapshotError,
    check_resume,
    check_roads_connected,
    derive_standard,
    read_board,
    read_players,
    read_turn,
    seat_or_none,
    standard_to_dict,
)

NAMES = Names(C.RESOURCE_NAMES, C.BUILDING_NAMES, PHASE_NAMES)
#: The phases a development card's phase returns to: those it is played in (base §8.1).
RESUMES = {card: ("pre_roll", "action") for card in ("road_building", "year_of_plenty", "monopoly")}
_DEV_FIELDS = (
    ("dev_cards", L.DEV_HAND),
    ("dev_cards_bought_this_turn", L.DEV_NEW),
    ("dev_cards_played", L.DEV_USED),
)


def _devs(row) -> dict[str, int]:
    return {C.DEV_NAMES[c]: int(row[c]) for c in range(C.NUM_DEV_TYPES)}


def _seat_devs(s: np.ndarray, p: int) -> dict[str, Any]:
    return {
        key: _devs(s[off + p * C.NUM_DEV_TYPES : off + (p + 1) * C.NUM_DEV_TYPES])
        for key, off in _DEV_FIELDS
    }


def to_dict(s: np.ndarray, envelope: dict[str, Any]) -> dict[str, Any]:
    """The snapshot of the base state ``s``; ``envelope`` holds its first fields."""
    out = standard_to_dict(s, envelope, NAMES, _seat_devs)
    out["dev_deck"] = {
        "order": [C.DEV_NAMES[c] for c in s[L.DECK : L.DECK + C.DEV_DECK_SIZE]],
        "next": int(s[L.DECK_POS]),
    }
    out["largest_army"] = seat_or_none(s[L.LARGEST_ARMY_HOLDER])
    return out


def _read_devs(d: Reader, s: np.ndarray, p: int, path: str) -> None:
    for key, off in _DEV_FIELDS:
        s[off + p * C.NUM_DEV_TYPES : off + (p + 1) * C.NUM_DEV_TYPES] = d.counts(
            f"{path}.{key}", C.DEV_NAMES
        )


def from_dict(d: Reader, config) -> np.ndarray:
    """The base state a snapshot describes; :class:`SnapshotError` unless it is possible."""
    n = config.num_players
    s = np.zeros(L.STATE_SIZE, L.STATE_DTYPE)
    s[: L.CONFIG_SIZE] = config.config_vector()
    read_board(d, s, n, NAMES)
    order = d.get("dev_deck.order", list)
    if len(order) != C.DEV_DECK_SIZE:
        raise SnapshotError(f"dev_deck.order needs all {C.DEV_DECK_SIZE} cards in draw order")
    for i in range(C.DEV_DECK_SIZE):
        s[L.DECK + i] = d.choice(f"dev_deck.order.{i}", C.DEV_NAMES)
    s[L.DECK_POS] = d.int("dev_deck.next", 0, C.DEV_DECK_SIZE)
    read_players(d, s, n, NAMES.cards, _read_devs)
    s[L.LONGEST_ROAD_HOLDER] = d.seat("longest_road", n)
    s[L.LARGEST_ARMY_HOLDER] = d.seat("largest_army", n)
    read_turn(d, s, n, NAMES)
    derive_standard(s)
    check_consistency(s)
    return s


def check_consistency(s: np.ndarray) -> None:
    """Raise :class:`SnapshotError` unless ``s`` obeys the base game's invariants."""
    n = int(s[L.NUM_PLAYERS])
    hand = L.BASE_LAYOUT.view(s, "hand")[:n, : C.NUM_RESOURCES]
    bank = s[L.BANK : L.BANK + C.NUM_RESOURCES]
    for r in range(C.NUM_RESOURCES):
        total = int(bank[r] + hand[:, r].sum())
        if total != C.RESOURCE_CARDS_PER_TYPE:
            raise SnapshotError(
                f"{C.RESOURCE_NAMES[r]} cards: bank {int(bank[r])} + hands {int(hand[:, r].sum())}"
                f" = {total}, but there are exactly {C.RESOURCE_CARDS_PER_TYPE}"
            )
    deck = s[L.DECK : L.DECK + C.DEV_DECK_SIZE]
    counts = np.bincount(deck, minlength=C.NUM_DEV_TYPES)
    if tuple(counts) != C.DEV_COUNTS:
        expected = dict(zip(C.DEV_NAMES, C.DEV_COUNTS, strict=True))
        raise SnapshotError(f"dev_deck.order must hold the 25 development cards {expected}")
    drawn = np.bincount(deck[: s[L.DECK_POS]], minlength=C.NUM_DEV_TYPES)
    held = L.BASE_LAYOUT.view(s, "dev_hand")[:n].sum(0)
    played = L.BASE_LAYOUT.view(s, "dev_cards_played")[:n].sum(0)
    new = L.BASE_LAYOUT.view(s, "dev_bought_this_turn")[:n]
    for c in range(C.NUM_DEV_TYPES):
        if held[c] + played[c] != drawn[c]:
            raise SnapshotError(
                f"{C.DEV_NAMES[c]} cards: {int(held[c])} held + {int(played[c])} played != "
                f"{int(drawn[c])} drawn from the deck (dev_deck.next = {int(s[L.DECK_POS])})"
            )
    if played[C.VICTORY_POINT] != 0:
        raise SnapshotError("victory_point cards are never played")
    dev_hand = L.BASE_LAYOUT.view(s, "dev_hand")[:n]
    if (new > dev_hand).any():
        raise SnapshotError("a player has more cards bought this turn than cards held")
    holder = int(s[L.LARGEST_ARMY_HOLDER])
    used = L.BASE_LAYOUT.view(s, "dev_cards_played")
    if holder >= 0:
        if used[holder, C.KNIGHT] < 3:
            raise SnapshotError(f"largest_army holder {holder} has played fewer than 3 knights")
        if any(used[q, C.KNIGHT] > used[holder, C.KNIGHT] for q in range(n)):
            raise SnapshotError(f"largest_army holder {holder} does not have the largest army")
    elif any(used[q, C.KNIGHT] >= 3 for q in range(n)):
        raise SnapshotError("a player has 3+ knights played but largest_army is unassigned")
    lr = int(s[L.LONGEST_ROAD_HOLDER])
    lengths = [int(s[L.ROAD_LENGTH + q]) for q in range(n)]
    best = max(lengths)
    if lr >= 0 and (lengths[lr] < 5 or lengths[lr] < best):
        raise SnapshotError(
            f"longest_road holder {lr} has a road length of {lengths[lr]}; the holder needs at"
            f" least 5 and the longest road (lengths {lengths})"
        )
    if lr < 0 and best >= 5 and lengths.count(best) == 1:
        raise SnapshotError(
            f"seat {lengths.index(best)} alone has the longest road ({best}) but longest_road"
            " is unassigned"
        )
    for v in range(NUM_VERTICES):
        if s[L.VERTEX_OWNER + v] < 0:
            continue
        for w in GEOMETRY.vertex_vertices[v]:
            if w >= 0 and s[L.VERTEX_OWNER + w] >= 0:
                raise SnapshotError(f"buildings on v{v} and v{w} break the distance rule")
    if s[L.HEX_TERRAIN + s[L.ROBBER_HEX]] > C.DESERT:
        raise SnapshotError("the robber must stand on a land hex")
    check_roads_connected(s, n)
    check_resume(s, PHASE_NAMES, RESUMES)
    phase = int(s[L.PHASE])
    if phase in (SETUP_SETTLEMENT, SETUP_ROAD) and s[L.SETUP_INDEX] >= 2 * n:
        raise SnapshotError("turn.setup_index is past the set-up phase")
    cur = int(s[L.CURRENT_PLAYER])
    if PHASE_NAMES[phase] != "game_over" and cur < 0:
        raise SnapshotError("turn.current_player must be a seat while the game is running")
