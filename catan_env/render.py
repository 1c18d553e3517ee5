"""Seeing a game: a text board (``ansi``), a picture (``rgb_array``) and a window (``human``).

Example:
    >>> from catan_env import Game
    >>> from catan_env.render import render_ansi, render_rgb
    >>> g = Game(variant="cities_and_knights", seed=0)
    >>> print(render_ansi(g))  # doctest: +SKIP
    >>> render_rgb(g).shape
    (660, 1000, 3)

Every function reads the state through the named layout offsets and draws the
whole truth of the state (a debugging view, not a seat's observation); the
picture's side panel and the HTML viewer show only public counts. Pillow does
the drawing (:mod:`catan_env.render_image`); it is imported on first use so
``import catan_env`` stays fast.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import numpy as np

from .board.standard import NUM_HEXES, NUM_VERTICES, ROW_LENGTHS
from .constants import (
    CARD_NAMES,
    CITY,
    KNIGHT,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    SETTLEMENT,
    TIPPED_CITY,
    colours,
)
from .engine import layout as L

if TYPE_CHECKING:
    from .game import Game

#: The modes of the environments' ``render()``.
RENDER_MODES = ("ansi", "rgb_array", "human")

_TERRAIN_SHORT = ("For", "Hil", "Pas", "Fld", "Mtn", "Des")


def is_ck_state(state: np.ndarray) -> bool:
    """Whether ``state`` is a Cities & Knights state (told apart by its length)."""
    from .engine.ck.layout import CK_STATE_SIZE

    return state.shape[-1] == CK_STATE_SIZE


def seat_summaries(state: np.ndarray) -> list[dict[str, Any]]:
    """Each seat's public figures: what every player at the table can see.

    Returns one JSON-able dict per seat: ``vp`` (public VP), ``cards`` (cards
    in hand: resources, and commodities in Cities & Knights), ``dev_cards``
    (base: development cards held) or ``progress_cards`` (C&K), ``army``
    (base: knights played), ``road_length``, ``longest_road`` and
    ``largest_army`` (holders), and for C&K ``knights`` (on the board),
    ``active_strength``, ``levels`` (trade, politics, science), ``walls``,
    ``metropolises`` and ``defender`` awards.
    """
    s = state
    n = int(s[L.NUM_PLAYERS])
    ck = is_ck_state(s)
    hand = L.BASE_LAYOUT.view(s, "hand")
    out = []
    for p in range(n):
        row: dict[str, Any] = {
            "seat": p,
            "colour": colours(n)[p],
            "vp": int(s[L.PUBLIC_VP + p]),
            "cards": int(hand[p].sum()),
            "road_length": int(s[L.ROAD_LENGTH + p]),
            "longest_road": bool(s[L.LONGEST_ROAD_HOLDER] == p),
        }
        if ck:
            from .engine.ck import layout as CL
            from .engine.ck.constants import NUM_CARD_KINDS, NUM_TRACKS

            mine = s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES] == p
            strength = s[CL.KNIGHT_STRENGTH : CL.KNIGHT_STRENGTH + NUM_VERTICES]
            active = s[CL.KNIGHT_ACTIVE : CL.KNIGHT_ACTIVE + NUM_VERTICES]
            owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
            walls = s[CL.VERTEX_WALL : CL.VERTEX_WALL + NUM_VERTICES]
            k0 = CL.PROGRESS_HAND + p * NUM_CARD_KINDS
            progress = s[k0 : k0 + NUM_CARD_KINDS]
            row.update(
                progress_cards=int(progress.sum()),
                knights=int(mine.sum()),
                active_strength=int((strength * active * mine).sum()),
                levels=[int(s[CL.LEVEL + NUM_TRACKS * p + t]) for t in range(NUM_TRACKS)],
                walls=int(((owner == p) & (walls > 0)).sum()),
                metropolises=int(sum(s[CL.METRO_HOLDER + t] == p for t in range(NUM_TRACKS))),
                defender=int(s[CL.DEFENDER_VP + p]),
            )
        else:
            dev = s[L.DEV_HAND + NUM_DEV_TYPES * p : L.DEV_HAND + NUM_DEV_TYPES * (p + 1)]
            row.update(
                dev_cards=int(dev.sum()),
                army=int(s[L.DEV_USED + NUM_DEV_TYPES * p + KNIGHT]),
                largest_army=bool(s[L.LARGEST_ARMY_HOLDER] == p),
            )
        out.append(row)
    return out


def status_line(game: Game) -> str:
    """Turn, dice and who decides (or the result), one line."""
    s = game.state
    dice = f"dice {int(s[L.DICE])}+{int(s[L.DICE + 1])}"
    if game.config.variant == "cities_and_knights":
        from .engine.ck import layout as CL
        from .engine.ck.constants import EVENT_NAMES

        face = int(s[CL.EVENT_FACE])
        if face >= 0:
            dice += f" event {EVENT_NAMES[face]}"
    if game.winner is not None:
        names = ep_colours(s) if is_ep_state(s) else colours(game.num_players)
        status = f"winner: seat {game.winner} ({names[game.winner]})"
    elif game.truncated:
        status = "truncated by the turn limit"
    else:
        status = f"seat {game.current_player} decides: {game.phase}"
    return f"turn {game.turn}, {dice}, {status}"


def is_ep_state(state: np.ndarray) -> bool:
    """Whether ``state`` is an Explorers & Pirates state (told apart by its length)."""
    from .engine.ep.layout import EP_STATE_SIZE

    return state.shape[-1] == EP_STATE_SIZE


def ep_colours(state: np.ndarray) -> tuple[str, ...]:
    """Each seat's colour in an Explorers & Pirates state (drawn at reset, E&P §10.1)."""
    from .engine.ep import layout as EL
    from .engine.ep.constants import EP_COLOURS

    n = int(state[L.NUM_PLAYERS])
    return tuple(EP_COLOURS[int(c)] for c in state[EL.SEAT_COLOUR : EL.SEAT_COLOUR + n])


def ep_summaries(state: np.ndarray) -> list[dict[str, Any]]:
    """Each seat's public figures in Explorers & Pirates (JSON-able dicts).

    ``vp``, ``cards`` (in hand), ``gold``, ``ships`` (on the board),
    ``settlements``, ``harbors`` (harbor settlements) and ``roads`` on the
    board, ``settlers_left`` and ``crews_left`` (supply), ``tracks`` (marker
    space on each mission track), ``mission_cards`` (tracks whose mission VP
    card the seat holds) and ``mission_vp``.
    """
    from .engine.ep import layout as EL
    from .engine.ep.constants import HARBOR_SETTLEMENT

    g, s = EL.EP_LAYOUT, state
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
                "colour": ep_colours(s)[p],
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


def ep_status(state: np.ndarray) -> str:
    """Explorers & Pirates: scenario, turn, dice and who decides (or the result), one line."""
    from .engine.ep import layout as EL
    from .engine.ep.constants import SCENARIOS

    g, s = EL.EP_LAYOUT, state
    names = ep_colours(s)
    dice = g.view(s, "dice")
    line = (
        f"Explorers & Pirates: {SCENARIOS[g.get(s, 'scenario')]} - turn {g.get(s, 'turn')}, "
        f"dice {int(dice[0])}+{int(dice[1])}"
    )
    winner = g.get(s, "winner")
    if winner >= 0:
        return f"{line}, winner: {names[winner]} (seat {winner})"
    if g.get(s, "truncated"):
        return f"{line}, truncated by the turn limit"
    p = g.get(s, "current_player")
    return f"{line}, {names[p]} (seat {p}) decides"


def _ep_ansi(game: Game) -> str:
    """Explorers & Pirates as text: the board in counts, then one line per seat, ships, pirates."""
    from .engine.ep import layout as EL
    from .engine.ep.constants import (
        CARGO_NAMES,
        COUNCIL,
        HEX_KIND_NAMES,
        LAIR_ACTIVE,
        LAIR_GOLD_FIELD,
        NUM_TRACKS,
        SHIPS_PER_PLAYER,
        SPICE,
    )
    from .engine.ep.tables import T_NUM_HEXES, T_TRACKS

    g, s = EL.EP_LAYOUT, game.state
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
    names = ep_colours(s)
    in_use = [t for t in range(NUM_TRACKS) if game.tables[T_TRACKS + t] == 1]
    hand = g.view(s, "hand")
    edges, cargo = g.view(s, "ship_edge"), g.view(s, "ship_cargo")
    for row in ep_summaries(s):
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
    lines.append(status_line(game))
    return "\n".join(lines)


def render_ansi(game: Game) -> str:
    """The board row by row, then one line per seat (hands in full), then the status.

    Explorers & Pirates gives the frame board in counts (face up by kind, face
    down), one line per seat with its ships and their cargo, and the pirate ship.
    """
    if game.config.variant == "explorers_and_pirates":
        return _ep_ansi(game)
    s = game.state
    ck = game.config.variant == "cities_and_knights"
    lines = []
    h = 0
    merchant = -1
    if ck:
        from .engine.ck import layout as CL

        merchant = int(s[CL.MERCHANT_HEX])
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
    legend = "* robber" + (", m merchant" if ck else "")
    lines.append(f"{legend}")
    names = colours(game.num_players)
    owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    kind = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + NUM_VERTICES]
    card_count = NUM_CARD_TYPES if ck else NUM_RESOURCES
    for p, row in enumerate(seat_summaries(s)):
        hand = s[L.HAND + NUM_CARD_TYPES * p : L.HAND + NUM_CARD_TYPES * p + card_count]
        mark = ">" if game.current_player == p else " "
        settlements = " ".join(
            f"v{v}"
            for v in np.flatnonzero((owner == p) & ((kind == SETTLEMENT) | (kind == TIPPED_CITY)))
        )
        cities = " ".join(f"v{v}" for v in np.flatnonzero((owner == p) & (kind == CITY)))
        cards = " ".join(f"{CARD_NAMES[r][:2]}{int(hand[r])}" for r in range(card_count))
        extras = ["LongestRoad"] if row["longest_road"] else []
        if ck:
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
        else:
            body = f"dev {row['dev_cards']} | army {row['army']} | road {row['road_length']}"
            if row["largest_army"]:
                extras.append("LargestArmy")
        lines.append(
            f"{mark}seat {p} ({names[p]}): VP {row['vp']} | {cards} | {body} | "
            f"S[{settlements}] C[{cities}] {' '.join(extras)}".rstrip()
        )
    if ck:
        lines.extend(_ck_ansi_lines(s, names))
    lines.append(status_line(game))
    return "\n".join(lines)


def _ck_ansi_lines(s: np.ndarray, names) -> list[str]:
    from .engine.ck import layout as CL
    from .engine.ck.constants import BARBARIAN_ATTACK_POSITION, NUM_TRACKS, TRACK_NAMES

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


def render_image(game: Game):
    """The board and a side panel as a ``PIL.Image`` (RGB, 1000 x 660).

    Explorers & Pirates boards are wide: the board is on top, the panel below
    (:mod:`catan_env.render_image_ep`).
    """
    from .render_image import draw

    return draw(game.state)


def render_rgb(game: Game) -> np.ndarray:
    """The picture of :func:`render_image` as a ``uint8`` array of shape ``(660, 1000, 3)``."""
    return np.asarray(render_image(game))


def has_display() -> bool:
    """Whether a window can be opened (an X11 or Wayland display is set, or not Linux)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def available_render_modes() -> list[str]:
    """The modes that work here: ``human`` only where a display exists.

    The envs declare these in ``metadata``, so checkers that try every declared
    mode (Gymnasium's ``check_env``) do not open windows on a headless machine.
    """
    return [m for m in RENDER_MODES if m != "human" or has_display()]


class HumanWindow:
    """A Tk window showing the latest picture (``render_mode="human"``).

    Raises:
        RuntimeError: no display, or Tk is not available (the message says which);
            ``rgb_array`` works without either.
    """

    def __init__(self, title: str = "catan_env"):
        if not has_display():
            raise RuntimeError(
                "render_mode='human' needs a display (DISPLAY is not set); "
                "use render_mode='rgb_array' and save the frames instead"
            )
        try:
            import tkinter

            from PIL import ImageTk
        except ImportError as exc:
            raise RuntimeError(f"render_mode='human' needs Tk: {exc}") from None
        self._tk = tkinter.Tk()
        self._tk.title(title)
        self._label = tkinter.Label(self._tk)
        self._label.pack()
        self._image_tk = ImageTk
        self._photo = None

    def show(self, image) -> None:
        """Show ``image`` (a ``PIL.Image``) and let the window redraw."""
        self._photo = self._image_tk.PhotoImage(image)  # kept: Tk does not hold a reference
        self._label.configure(image=self._photo)
        self._tk.update()

    def close(self) -> None:
        self._tk.destroy()


def render_mode_check(render_mode: str | None, modes=RENDER_MODES) -> None:
    """Raise a ``ValueError`` naming the modes when ``render_mode`` is not one of them."""
    if render_mode is not None and render_mode not in modes:
        raise ValueError(f"render_mode {render_mode!r} is not one of {list(modes)}")


class Renderer:
    """What an environment's ``render()`` does for its ``render_mode`` (AEC and Gymnasium envs).

    Args:
        render_mode: ``None``, ``"ansi"``, ``"rgb_array"`` or ``"human"``.
        title: the window title in ``human`` mode.

    Raises:
        ValueError: an unknown mode.
        RuntimeError: ``human`` without a display or Tk (at construction, not mid-game).
    """

    def __init__(self, render_mode: str | None, title: str = "catan_env"):
        render_mode_check(render_mode)
        self.render_mode = render_mode
        self._window = HumanWindow(title) if render_mode == "human" else None

    def render(self, game: Game) -> str | np.ndarray | None:
        """The text board (``ansi``), the picture (``rgb_array``), or show it (``human``)."""
        if self.render_mode == "ansi":
            return render_ansi(game)
        if self.render_mode == "rgb_array":
            return render_rgb(game)
        if self._window is not None:
            self._window.show(render_image(game))
        return None

    def close(self) -> None:
        if self._window is not None:
            self._window.close()
            self._window = None


__all__ = [
    "RENDER_MODES",
    "available_render_modes",
    "ep_status",
    "ep_summaries",
    "HumanWindow",
    "Renderer",
    "render_ansi",
    "render_image",
    "render_rgb",
    "seat_summaries",
    "status_line",
]
