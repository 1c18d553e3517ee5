"""What the Catan variants' text boards share: the island's rows, seat lines, the status.

A variant's ``render`` module (``spec.render``) writes its text board from
these: the hexes row by row with their numbers and marks, one line per seat
with its hand in full and its buildings, and a status line (turn, dice, who
decides or the result). Each seat's public figures start with
:func:`seat_summary`'s fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..board.standard import NUM_HEXES, NUM_VERTICES, ROW_LENGTHS
from . import layout as L
from .constants import CARD_NAMES, CITY, NUM_CARD_TYPES, SETTLEMENT, TIPPED_CITY, colours

if TYPE_CHECKING:
    from catan_env.game import Game

_TERRAIN_SHORT = ("For", "Hil", "Pas", "Fld", "Mtn", "Des")


def seat_summary(s: np.ndarray, p: int) -> dict[str, Any]:
    """Seat ``p``'s figures that every variant shows: VP, cards in hand, road."""
    n = int(s[L.NUM_PLAYERS])
    return {
        "seat": p,
        "colour": colours(n)[p],
        "vp": int(s[L.PUBLIC_VP + p]),
        "cards": int(L.BASE_LAYOUT.view(s, "hand")[p].sum()),
        "road_length": int(s[L.ROAD_LENGTH + p]),
        "longest_road": bool(s[L.LONGEST_ROAD_HOLDER] == p),
    }


def board_lines(s: np.ndarray, merchant: int = -1) -> list[str]:
    """The standard island row by row: terrain, number, ``*`` robber, ``m`` merchant."""
    lines = []
    h = 0
    for length in ROW_LENGTHS:
        cells = []
        for _ in range(length):
            t = _TERRAIN_SHORT[s[L.HEX_TERRAIN + h]]
            num = int(s[L.HEX_NUMBER + h])
            mark = "*" if s[L.ROBBER_HEX] == h else "m" if merchant == h else " "
            cells.append(f"[{t}{num:>2}{mark}]" if num else f"[{t}  {mark}]")
            h += 1
        lines.append(" " * (4 * (5 - length)) + " ".join(cells))
    assert h == NUM_HEXES
    return lines


def seat_line(game: Game, row: dict[str, Any], card_count: int, body: str, extras) -> str:
    """One seat: its hand (the first ``card_count`` card types), ``body``, buildings, awards."""
    s = game.state
    p = row["seat"]
    owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    kind = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + NUM_VERTICES]
    hand = s[L.HAND + NUM_CARD_TYPES * p : L.HAND + NUM_CARD_TYPES * p + card_count]
    mark = ">" if game.current_player == p else " "
    # A tipped city (C&K, pillaged) is worth what a settlement is, so it is listed with them.
    small = (kind == SETTLEMENT) | (kind == TIPPED_CITY)
    settlements = " ".join(f"v{v}" for v in np.flatnonzero((owner == p) & small))
    cities = " ".join(f"v{v}" for v in np.flatnonzero((owner == p) & (kind == CITY)))
    cards = " ".join(f"{CARD_NAMES[r][:2]}{int(hand[r])}" for r in range(card_count))
    return (
        f"{mark}seat {p} ({row['colour']}): VP {row['vp']} | {cards} | {body} | "
        f"S[{settlements}] C[{cities}] {' '.join(extras)}".rstrip()
    )


def status_line(game: Game, dice_note: str = "", names=None) -> str:
    """Turn, dice (with ``dice_note``) and who decides (or the result), one line.

    ``names``: each seat's colour (default: seat c plays ``colours(n)[c]``).
    """
    s = game.state
    dice = f"dice {int(s[L.DICE])}+{int(s[L.DICE + 1])}{dice_note}"
    if game.winner is not None:
        names = colours(game.num_players) if names is None else names
        status = f"winner: seat {game.winner} ({names[game.winner]})"
    elif game.truncated:
        status = "truncated by the turn limit"
    else:
        status = f"seat {game.current_player} decides: {game.phase}"
    return f"turn {game.turn}, {dice}, {status}"
