"""Text rendering of a game: a compact board and a player summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .board.standard import NUM_HEXES, ROW_LENGTHS
from .constants import CITY, NUM_CARD_TYPES, NUM_DEV_TYPES, RESOURCE_NAMES, colours
from .engine import layout as L

if TYPE_CHECKING:
    from .game import Game

_TERRAIN_SHORT = ("For", "Hil", "Pas", "Fld", "Mtn", "Des")


def render_ansi(game: Game) -> str:
    """The board row by row, then one line per seat."""
    s = game.state
    lines = []
    h = 0
    for length in ROW_LENGTHS:
        cells = []
        for _ in range(length):
            t = _TERRAIN_SHORT[s[L.HEX_TERRAIN + h]]
            num = int(s[L.HEX_NUMBER + h])
            robber = "*" if s[L.ROBBER_HEX] == h else " "
            cells.append(f"[{t}{num:>2}{robber}]" if num else f"[{t}  {robber}]")
            h += 1
        lines.append(" " * (4 * (5 - length)) + " ".join(cells))
    assert h == NUM_HEXES
    lines.append("")
    names = colours(game.num_players)
    owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + 54]
    kind = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + 54]
    for p in range(game.num_players):
        hand = s[L.HAND + NUM_CARD_TYPES * p : L.HAND + NUM_CARD_TYPES * p + 5]
        dev = int(s[L.DEV_HAND + NUM_DEV_TYPES * p : L.DEV_HAND + NUM_DEV_TYPES * (p + 1)].sum())
        mark = ">" if game.current_player == p else " "
        settlements = " ".join(f"v{v}" for v in np.flatnonzero((owner == p) & (kind == 1)))
        cities = " ".join(f"v{v}" for v in np.flatnonzero((owner == p) & (kind == CITY)))
        extras = []
        if s[L.LONGEST_ROAD_HOLDER] == p:
            extras.append("LongestRoad")
        if s[L.LARGEST_ARMY_HOLDER] == p:
            extras.append("LargestArmy")
        cards = " ".join(f"{RESOURCE_NAMES[r][:2]}{int(hand[r])}" for r in range(5))
        lines.append(
            f"{mark}seat {p} ({names[p]}): VP {game.public_vp(p)} | {cards} | dev {dev} | "
            f"army {int(s[L.DEV_USED + NUM_DEV_TYPES * p])} | road {int(s[L.ROAD_LENGTH + p])} | "
            f"S[{settlements}] C[{cities}] {' '.join(extras)}".rstrip()
        )
    d1, d2 = game.dice
    status = (
        f"winner: seat {game.winner}"
        if game.winner is not None
        else ("truncated" if game.truncated else f"phase {game.phase}")
    )
    lines.append(f"turn {game.turn}, dice {d1}+{d2}, {status}")
    return "\n".join(lines)


__all__ = ["render_ansi"]
