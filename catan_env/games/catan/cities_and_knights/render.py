"""Seeing a Cities & Knights game: text board, seat figures, picture (``spec.render``).

:func:`text` is the island row by row (``*`` the robber, ``m`` the merchant),
one line per seat (hand with commodities, progress cards, improvement levels,
knights, road, buildings, awards), the knights on the board, the barbarian
track, metropolises, walls and the merchant's owner, and the status line with
the event die. :func:`image` draws the picture (:mod:`.render_image`),
importing Pillow on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..board.standard import NUM_VERTICES
from ..common import layout as L
from ..common.constants import NUM_CARD_TYPES, colours
from ..common.render import board_lines, seat_line, seat_summary, status_line
from . import layout as CL
from .constants import (
    BARBARIAN_ATTACK_POSITION,
    EVENT_NAMES,
    NUM_CARD_KINDS,
    NUM_TRACKS,
    TRACK_NAMES,
)

if TYPE_CHECKING:
    from catan_env.game import Game


def summaries(state: np.ndarray) -> list[dict[str, Any]]:
    """Each seat's public figures, one JSON-able dict per seat.

    ``seat``, ``colour``, ``vp`` (public VP), ``cards`` (resources and
    commodities in hand), ``road_length``, ``longest_road`` (holder),
    ``progress_cards`` (held), ``knights`` (on the board), ``active_strength``,
    ``levels`` (trade, politics, science), ``walls``, ``metropolises`` and
    ``defender`` awards.
    """
    s = state
    owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    strength = s[CL.KNIGHT_STRENGTH : CL.KNIGHT_STRENGTH + NUM_VERTICES]
    active = s[CL.KNIGHT_ACTIVE : CL.KNIGHT_ACTIVE + NUM_VERTICES]
    walls = s[CL.VERTEX_WALL : CL.VERTEX_WALL + NUM_VERTICES]
    out = []
    for p in range(int(s[L.NUM_PLAYERS])):
        row = seat_summary(s, p)
        mine = s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES] == p
        k0 = CL.PROGRESS_HAND + p * NUM_CARD_KINDS
        row.update(
            progress_cards=int(s[k0 : k0 + NUM_CARD_KINDS].sum()),
            knights=int(mine.sum()),
            active_strength=int((strength * active * mine).sum()),
            levels=[int(s[CL.LEVEL + NUM_TRACKS * p + t]) for t in range(NUM_TRACKS)],
            walls=int(((owner == p) & (walls > 0)).sum()),
            metropolises=int(sum(s[CL.METRO_HOLDER + t] == p for t in range(NUM_TRACKS))),
            defender=int(s[CL.DEFENDER_VP + p]),
        )
        out.append(row)
    return out


def text(game: Game) -> str:
    """The board, one line per seat, the C&K pieces and the barbarians, then the status."""
    s = game.state
    lines = board_lines(s, int(s[CL.MERCHANT_HEX]))
    lines.append("* robber, m merchant")
    for row in summaries(s):
        extras = ["LongestRoad"] if row["longest_road"] else []
        levels = "/".join(str(x) for x in row["levels"])
        body = (
            f"progress {row['progress_cards']} | levels T/P/S {levels} | "
            f"knights {row['knights']} (active strength {row['active_strength']}) | "
            f"road {row['road_length']}"
        )
        if row["metropolises"]:
            extras.append(f"Metropolis x{row['metropolises']}")
        if row["walls"]:
            extras.append(f"Walls x{row['walls']}")
        if row["defender"]:
            extras.append(f"Defender x{row['defender']}")
        lines.append(seat_line(game, row, NUM_CARD_TYPES, body, extras))
    lines.extend(_pieces_lines(s, colours(game.num_players)))
    face = int(s[CL.EVENT_FACE])
    lines.append(status_line(game, f" event {EVENT_NAMES[face]}" if face >= 0 else ""))
    return "\n".join(lines)


def _pieces_lines(s: np.ndarray, names) -> list[str]:
    knights = []
    for v in np.flatnonzero(s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES] >= 0):
        q = int(s[L.KNIGHT_OWNER + v])
        state = "A" if s[CL.KNIGHT_ACTIVE + v] else "i"
        knights.append(f"v{v}:{names[q][0].upper()}{int(s[CL.KNIGHT_STRENGTH + v])}{state}")
    pos = int(s[CL.BARBARIAN_POS])
    track = "#" * pos + "." * (BARBARIAN_ATTACK_POSITION - pos)
    metros = []
    for t in range(NUM_TRACKS):
        if s[CL.METRO_HOLDER + t] >= 0:
            metros.append(f"{TRACK_NAMES[t]}@v{int(s[CL.METRO_VERTEX + t])}")
    walls = [f"v{v}" for v in np.flatnonzero(s[CL.VERTEX_WALL : CL.VERTEX_WALL + NUM_VERTICES])]
    merchant = int(s[CL.MERCHANT_OWNER])
    return [
        f"knights (A active, i inactive): {' '.join(knights) or '-'}",
        f"barbarians [{track}] {pos}/{BARBARIAN_ATTACK_POSITION} | metropolises: "
        f"{' '.join(metros) or '-'} | walls: {' '.join(walls) or '-'} | merchant: "
        f"{names[merchant] if merchant >= 0 else '-'}",
    ]


def image(state: np.ndarray):
    """The picture of ``state`` as a ``PIL.Image`` (RGB, 1000 x 660)."""
    from .render_image import draw

    return draw(state)
