"""Seeing an Explorers & Pirates game: text board, seat figures, picture (``spec.render``).

:func:`text` gives the frame board in counts (face up by kind, face down,
lairs, shoals, villages), one line per seat with its ships and their cargo,
the pirate ship and the status line. :func:`image` draws the picture
(:mod:`.render_image`: the board above, a panel below), importing Pillow on
first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.constants import CARD_NAMES, NUM_RESOURCES, SETTLEMENT
from ..common.layout import NUM_PLAYERS
from ..common.render import status_line
from . import layout as EL
from .constants import (
    CARGO_NAMES,
    COUNCIL,
    EP_COLOURS,
    HARBOR_SETTLEMENT,
    HEX_KIND_NAMES,
    LAIR_ACTIVE,
    LAIR_GOLD_FIELD,
    NUM_TRACKS,
    SCENARIOS,
    SHIPS_PER_PLAYER,
    SPICE,
)
from .tables import T_NUM_HEXES, T_TRACKS

if TYPE_CHECKING:
    from catan_env.game import Game


def seat_colours(state: np.ndarray) -> tuple[str, ...]:
    """Each seat's colour in an Explorers & Pirates state (drawn at reset, E&P §10.1)."""
    n = int(state[NUM_PLAYERS])
    return tuple(EP_COLOURS[int(c)] for c in state[EL.SEAT_COLOUR : EL.SEAT_COLOUR + n])


def summaries(state: np.ndarray) -> list[dict[str, Any]]:
    """Each seat's public figures in Explorers & Pirates (JSON-able dicts).

    ``vp``, ``cards`` (in hand), ``gold``, ``ships`` (on the board),
    ``settlements``, ``harbors`` (harbor settlements) and ``roads`` on the
    board, ``settlers_left`` and ``crews_left`` (supply), ``tracks`` (marker
    space on each mission track), ``mission_cards`` (tracks whose mission VP
    card the seat holds) and ``mission_vp``.
    """
    g, s = EL.LAYOUT, state
    n = g.get(s, "num_players")
    owner = g.view(s, "ep_vertex_owner")
    kind = g.view(s, "ep_vertex_building")
    roads = g.view(s, "ep_road_owner")
    holders = g.view(s, "mission_vp_card")
    out = []
    for p in range(n):
        out.append(
            {
                "seat": p,
                "colour": seat_colours(s)[p],
                "vp": int(g.view(s, "public_vp")[p]),
                "cards": int(g.view(s, "hand")[p].sum()),
                "gold": int(g.view(s, "gold")[p]),
                "ships": int((g.view(s, "ship_edge")[p] >= 0).sum()),
                "settlements": int(((owner == p) & (kind == SETTLEMENT)).sum()),
                "harbors": int(((owner == p) & (kind == HARBOR_SETTLEMENT)).sum()),
                "roads": int((roads == p).sum()),
                "settlers_left": int(g.view(s, "settlers_left")[p]),
                "crews_left": int(g.view(s, "crews_left")[p]),
                "tracks": [int(x) for x in g.view(s, "track_position")[p]],
                "mission_cards": [int(t) for t in np.flatnonzero(holders == p)],
                "mission_vp": int(g.view(s, "mission_vp")[p]),
            }
        )
    return out


def scenario_title(scenario: str) -> str:
    """A scenario's name as its data file gives it (``"land_ho"`` -> ``"Land Ho!"``)."""
    from ..board.ep_frame import load_frame

    return load_frame(scenario).data["title"]


def title(state: np.ndarray) -> str:
    """The game's title: ``"Explorers & Pirates \u2014 Land Ho!"``."""
    name = scenario_title(SCENARIOS[EL.LAYOUT.get(state, "scenario")])
    # Scenario 5 is the whole game under the box's name (E&P §10.5).
    return f"Explorers & Pirates \u2014 {'full game' if name == 'Explorers & Pirates' else name}"


def progress(state: np.ndarray) -> str:
    """Turn, dice and who decides (or the result), one line."""
    g, s = EL.LAYOUT, state
    names = seat_colours(s)
    dice = g.view(s, "dice")
    line = f"turn {g.get(s, 'turn')}, dice {int(dice[0])}+{int(dice[1])}"
    winner = g.get(s, "winner")
    if winner >= 0:
        return f"{line}, winner: {names[winner]} (seat {winner})"
    if g.get(s, "truncated"):
        return f"{line}, truncated by the turn limit"
    p = g.get(s, "current_player")
    return f"{line}, {names[p]} (seat {p}) decides"


def status(state: np.ndarray) -> str:
    """Title, turn, dice and who decides (or the result), one line."""
    return f"{title(state)}: {progress(state)}"


def text(game: Game) -> str:
    """The board in counts, then one line per seat with its ships, the pirates, the status."""
    g, s = EL.LAYOUT, game.state
    nh = int(game.tables[T_NUM_HEXES])
    revealed = g.view(s, "ep_hex_revealed")[:nh] == 1
    kinds = g.view(s, "ep_hex_kind")[:nh][revealed]
    counts = " ".join(
        f"{HEX_KIND_NAMES[k]} {int((kinds == k).sum())}"
        for k in range(len(HEX_KIND_NAMES))
        if (kinds == k).any()
    )
    lair = g.view(s, "lair_state")[:nh]
    lines = [
        f"hexes {nh}: face up {int(revealed.sum())} ({counts}), face down "
        f"{int((~revealed).sum())}, discovered {g.get(s, 'hexes_discovered')}",
    ]
    extras = []
    if (lair[revealed] > 0).any():
        extras.append(
            f"lairs active {int((lair == LAIR_ACTIVE).sum())}, gold fields "
            f"{int((lair == LAIR_GOLD_FIELD).sum())}"
        )
    shoals = revealed & (g.view(s, "fish_face")[:nh] > 0)
    if shoals.any() or (kinds == COUNCIL).any():
        on = int((g.view(s, "fish_on_shoal")[:nh][shoals] > 0).sum())
        extras.append(f"shoals {int(shoals.sum())} ({on} with fish), fish supply "
                      f"{g.get(s, 'fish_supply')}")  # fmt: skip
    villages = revealed & (g.view(s, "ep_hex_kind")[:nh] == SPICE)
    if villages.any():
        sacks = int(g.view(s, "village_sacks")[:nh][villages].sum())
        extras.append(f"villages {int(villages.sum())} ({sacks} sacks), spice supply "
                      f"{g.get(s, 'spice_supply')}")  # fmt: skip
    if extras:
        lines.append(" | ".join(extras))
    names = seat_colours(s)
    in_use = [t for t in range(NUM_TRACKS) if game.tables[T_TRACKS + t] == 1]
    hand = g.view(s, "hand")
    edges, cargo = g.view(s, "ship_edge"), g.view(s, "ship_cargo")
    for row in summaries(s):
        p = row["seat"]
        mark = ">" if game.current_player == p else " "
        cards = " ".join(f"{CARD_NAMES[r][:2]}{int(hand[p, r])}" for r in range(NUM_RESOURCES))
        ships = []
        for k in range(SHIPS_PER_PLAYER):
            e = int(edges[p, k])
            if e >= 0:
                load = "".join(
                    CARGO_NAMES[c][0].upper() * int(cargo[p, k, c]) for c in range(len(CARGO_NAMES))
                )
                ships.append(f"e{e}" + (f"[{load}]" if load else ""))
        tracks = "/".join(str(row["tracks"][t]) for t in in_use)
        missions = f" | missions {tracks} (VP {row['mission_vp']})" if in_use else ""
        lines.append(
            f"{mark}seat {p} ({names[p]}): VP {row['vp']} | {cards} | gold {row['gold']} | "
            f"S{row['settlements']} H{row['harbors']} R{row['roads']} | settlers "
            f"{row['settlers_left']} crews {row['crews_left']}{missions} | "
            f"ships {' '.join(ships) or '-'}"
        )
    pirate = g.get(s, "pirate_hex")
    if pirate >= 0:
        owner = g.get(s, "pirate_owner")
        lines.append(
            f"pirate ship on hex {pirate} ({names[owner] if 0 <= owner < len(names) else '-'})"
        )
    lines.append(status_line(game, names=names))
    return "\n".join(lines)


def image(state: np.ndarray):
    """The picture of ``state`` as a ``PIL.Image`` (RGB, 1000 x 660)."""
    from .render_image import draw

    return draw(state)
