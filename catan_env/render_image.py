"""What every picture shares: its size, the ink, and text drawn fast with Pillow.

Each game draws its own picture (``spec.render.image(state)``; the Catan
variants' in ``games/catan/<variant>/render_image.py``, the standard island's
common parts in :mod:`catan_env.games.catan.common.render_image`) on a
``WIDTH`` x ``HEIGHT`` RGB ``PIL.Image``, and writes its labels with
:func:`_text`. Rasterising text is most of a frame's cost and the same labels
recur in every frame, so each label is rasterised once as a mask and reused.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1000, 660
INK = (25, 25, 25)


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (no font files needed) at ``size`` pixels."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rasterised once as a mask, with its offset from the anchor point."""
    left, top, right, bottom = font(size).getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font(size), anchor=anchor)
    return mask, left, top


def _text(d: ImageDraw.ImageDraw, xy, text: str, size: int, fill=INK, anchor="mm") -> None:
    mask, left, top = _glyphs(text, size, anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


__all__ = ["HEIGHT", "INK", "WIDTH", "font"]
