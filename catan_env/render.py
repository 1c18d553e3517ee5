"""Seeing a game: a text board (``ansi``), a picture (``rgb_array``) and a window (``human``).

Example:
    >>> from catan_env import Game
    >>> from catan_env.render import render_ansi, render_rgb
    >>> g = Game(variant="cities_and_knights", seed=0)
    >>> print(render_ansi(g))  # doctest: +SKIP
    >>> render_rgb(g).shape
    (660, 1000, 3)

Each variant draws itself through its render module (``spec.render``: the
text board, each seat's public figures and the picture, in
``games/catan/<variant>/render.py`` and ``render_image.py``); this module picks
it from the game and adds what every game's envs share: the render modes, the
window and the checks. Everything reads the state through the named layout
offsets and draws the whole truth of the state (a debugging view, not a
seat's observation); the picture's side panel and the HTML viewer show only
public counts. Pillow does the drawing; it is imported on first use so
``import catan_env`` stays fast.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    # Any game's Game (Catan's catan_env.game.Game, Ancients'): not imported from game.py,
    # which imports this module for Game.render.
    from .core.spec import GameLike as Game

#: The modes of the environments' ``render()``.
RENDER_MODES = ("ansi", "rgb_array", "human")


def render_ansi(game: Game) -> str:
    """The game as text (``spec.render.text``).

    The standard island row by row, one line per seat (hands in full), then the
    status; Explorers & Pirates gives the frame board in counts, one line per
    seat with its ships and their cargo, and the pirate ship.
    """
    return game.variant.render.text(game)


def seat_summaries(game: Game) -> list[dict[str, Any]]:
    """Each seat's public figures: what every player at the table can see.

    One JSON-able dict per seat with at least ``seat``, ``colour``, ``vp``
    (public VP) and ``cards`` (in hand); the variant's render module documents
    the rest (``spec.render.summaries``).
    """
    return game.variant.render.summaries(game.state)


def render_image(game: Game):
    """The board and a side panel as a ``PIL.Image`` (RGB, 1000 x 660).

    Explorers & Pirates boards are wide: the board is on top, the panel below
    (:mod:`catan_env.games.catan.explorers_and_pirates.render_image`).
    """
    return game.variant.render.image(game.state)


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


#: The modes of a ``Game``'s own ``render(mode)`` (a window is the envs' business).
GAME_RENDER_MODES = ("ansi", "rgb_array")


def render_game(game, mode: str, text, rgb) -> str | np.ndarray:
    """What every game's ``Game.render(mode)`` returns: ``text(game)`` for ``"ansi"``,
    ``rgb(game)`` (a ``uint8`` array) for ``"rgb_array"``.

    Raises:
        ValueError: another mode.
    """
    if mode == "ansi":
        return text(game)
    if mode == "rgb_array":
        return rgb(game)
    raise ValueError(f"render mode must be one of {list(GAME_RENDER_MODES)}, got {mode!r}")


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
    "GAME_RENDER_MODES",
    "RENDER_MODES",
    "available_render_modes",
    "HumanWindow",
    "Renderer",
    "render_ansi",
    "render_game",
    "render_image",
    "render_rgb",
    "seat_summaries",
]
