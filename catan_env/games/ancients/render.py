"""A text picture of the battlefield (``render_mode="ansi"``).

Each hex shows ``.`` (empty), or the unit code with its blocks, upper case for
the bottom army and lower case for the top army, ``*`` when a leader is with
it; a lone leader is ``L`` / ``l``. Terrain: ``f`` forest, ``h`` hill, ``b``
broken ground, ``~`` river, ``w`` lake, ``=`` fordable river, ``#`` fortified camp,
``m`` marsh, ``t`` town (shown on empty hexes). Scenario special rules (CCA
§5.1): ``+`` after an elite unit, ``$`` on a victory hex.

With :func:`image` (the Pillow picture of :mod:`.render_image`) and
:data:`MODES` this module is the game's ``pictures`` hooks
(:class:`~catan_env.core.spec.RenderHooks`).
"""

from __future__ import annotations

from . import layout as L
from .board import ROWS, hex_at
from .units import NUM_TERRAIN, UNIT_CODES

_TERRAIN = ".fhb~w=#mt"  # one symbol per terrain code (units.TERRAIN_CODES)
assert len(_TERRAIN) == NUM_TERRAIN

#: The AEC env's render modes: the text board, the picture, and the picture in a window.
MODES = ("ansi", "rgb_array", "human")


def render_text(game) -> str:
    s = game.state
    lines = []
    for r in range(ROWS):
        cells = []
        for c in range(13 if r % 2 == 0 else 12):
            h = hex_at(r, c)
            t = int(s[L.UNIT_TYPE + h]) - 1
            if t >= 0:
                code = UNIT_CODES[t] + str(int(s[L.UNIT_BLOCKS + h]))
                code = code if s[L.UNIT_SIDE + h] == 0 else code.lower()
                code += "*" if s[L.LEADER + h] else ""
                code += "+" if s[L.UNIT_ELITE + h] else ""
            elif s[L.LEADER + h]:
                code = "L" if s[L.LEADER_SIDE + h] == 0 else "l"
            else:
                code = _TERRAIN[int(s[L.TERRAIN + h])]
            code += "$" if s[L.VH_BANNERS + h] else ""
            cells.append(f"{code:^6}")
        lines.append(("   " if r % 2 else "") + "".join(cells))
    b = game.banners
    names = game.side_names
    lines.append(
        f"turn {game.turn}  {names[0]} (bottom, upper case) {b[0]} - {b[1]} {names[1]} "
        f"(top, lower case); to win {int(s[L.BANNERS_TO_WIN])}; {game.phase}"
    )
    return "\n".join(lines)


#: The text board (``render_mode="ansi"``).
text = render_text


def image(game):
    """The picture as a ``PIL.Image`` (:func:`.render_image.render_image`)."""
    from .render_image import render_image

    return render_image(game)
