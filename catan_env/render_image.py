"""What every picture shares: its size, the ink, text drawn fast with Pillow, label layout.

Each game draws its own picture (``spec.render.image(state)``; the Catan
variants' in ``games/catan/<variant>/render_image.py``, the standard island's
common parts in :mod:`catan_env.games.catan.common.render_image`) on a
``WIDTH`` x ``HEIGHT`` RGB ``PIL.Image``, and writes its labels with
:func:`_text`. Rasterising text is most of a frame's cost and the same labels
recur in every frame, so each label is rasterised once as a mask and reused.

Pillow's bundled font has no em dash, so :func:`_text` draws one as a bar
(titles read "Explorers & Pirates — Land Ho!"). :func:`text_box` says where a
label lands, and :class:`LabelLayout` moves labels off each other and off the
pieces (a crowded board would otherwise print one label over the next).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1000, 660
INK = (25, 25, 25)
#: Drawn as a bar: the bundled font has no glyph for it.
EM_DASH = "\u2014"


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (no font files needed) at ``size`` pixels."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def _glyphs(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rasterised once as a mask, with its offset from the anchor point."""
    f = font(size)
    # An "M" holds each dash's place (about as wide); it is erased and a bar drawn there.
    shown = text.replace(EM_DASH, "M")
    left, top, right, bottom = f.getbbox(shown, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    d = ImageDraw.Draw(mask)
    d.text((-left, -top), shown, fill=255, font=f, anchor=anchor)
    if EM_DASH in text:
        total = f.getlength(shown)
        start = -left - {"l": 0.0, "m": total / 2, "r": total}.get(anchor[0], 0.0)
        baseline = -f.getbbox(shown, anchor=anchor[0] + "s")[1]  # the baseline's row in the mask
        bar = max(1, round(size / 12))
        for i, ch in enumerate(text):
            if ch != EM_DASH:
                continue
            x0 = start + f.getlength(shown[:i])
            x1 = x0 + f.getlength("M")
            d.rectangle((x0, 0, x1, mask.height), fill=0)
            y = baseline - 0.32 * size
            d.rectangle((x0 + 1, y - bar / 2, x1 - 1, y + bar / 2), fill=255)
    return mask, left, top


def _text(d: ImageDraw.ImageDraw, xy, text: str, size: int, fill=INK, anchor="mm") -> None:
    mask, left, top = _glyphs(text, size, anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


def text_box(xy, text: str, size: int, anchor: str = "mm") -> tuple[int, int, int, int]:
    """The pixel box ``(left, top, right, bottom)`` that :func:`_text` fills at ``xy``."""
    mask, left, top = _glyphs(text, size, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    return (x, y, x + mask.width, y + mask.height)


class LabelLayout:
    """Places labels so that no label overlaps another label or a mark.

    Marks (pieces, tokens: whatever stays where the rules put it) are
    registered first with :meth:`mark`; then each label, in order of
    importance, asks :meth:`place` for a spot: its preferred centre if that is
    free, else the nearest free spot on rings around it, inside ``bounds``.
    A label that finds no spot clear of the marks takes the nearest one clear
    of the other labels (covering as little of the marks as it can), so labels
    never overlap one another. :attr:`placed` keeps every label's box.

    Args:
        bounds: ``(left, top, right, bottom)`` that every label stays inside.
        pad: pixels kept clear around each label.
    """

    #: Ring radii (pixels) and directions tried around a preferred centre.
    RADII = (0, 4, 8, 12, 16, 21, 27, 34, 42, 52, 64, 80, 100, 130, 170, 220)
    DIRECTIONS = 16

    def __init__(self, bounds, pad: int = 1):
        self.bounds = bounds
        self.pad = pad
        self._marks: list[tuple[float, float, float, float]] = []
        self._mark_array: np.ndarray | None = None
        self._label_array = np.zeros((0, 4))
        self.placed: list[tuple[str, tuple[float, float, float, float]]] = []
        angles = np.arange(self.DIRECTIONS) * (2 * np.pi / self.DIRECTIONS)
        # Below first, then sideways, above last: labels hang under what they describe.
        order = np.argsort(-np.sin(angles), kind="stable")
        steps = [(0.0, 0.0)]
        for r in self.RADII[1:]:
            steps += [(r * np.cos(a), r * np.sin(a)) for a in angles[order]]
        self._steps = np.array(steps)

    def _candidates(self, cx, cy, width, height, labels):
        """Candidate centres, their padded boxes, and which are inside and clear of labels."""
        p = self.pad
        boxes = np.stack([cx - width / 2 - p, cy - height / 2 - p,
                          cx + width / 2 + p, cy + height / 2 + p], axis=1)  # fmt: skip
        left, top, right, bottom = self.bounds
        inside = (boxes[:, 0] >= left) & (boxes[:, 1] >= top)
        inside &= (boxes[:, 2] <= right) & (boxes[:, 3] <= bottom)
        return cx, cy, boxes, inside & ~_hits(boxes, labels).any(axis=1)

    def mark(self, box) -> None:
        """Register a mark's box: labels keep off it where they can."""
        self._marks.append(tuple(box))
        self._mark_array = None

    def place(self, name: str, width: float, height: float, centre) -> tuple[float, float]:
        """The centre where a ``width`` x ``height`` label called ``name`` goes."""
        if self._mark_array is None:
            self._mark_array = np.array(self._marks, float).reshape(-1, 4)
        marks, labels = self._mark_array, self._label_array
        # Most labels fit where they belong: that spot alone first, then the rings.
        cx, cy, boxes, free = self._candidates(np.array([centre[0]]), np.array([centre[1]]),
                                               width, height, labels)  # fmt: skip
        if free[0] and not _hits(boxes, marks).any():
            i = 0
        else:
            cx, cy, boxes, free = self._candidates(centre[0] + self._steps[:, 0],
                                                   centre[1] + self._steps[:, 1], width, height,
                                                   labels)  # fmt: skip
            if not free.any():  # the rings are full: anywhere inside the bounds, on a fine grid
                left, top, right, bottom = self.bounds
                p = self.pad
                gx, gy = np.meshgrid(np.arange(left + width / 2 + p, right, 3.0),
                                     np.arange(top + height / 2 + p, bottom, 3.0))  # fmt: skip
                order = np.argsort(np.hypot(gx - centre[0], gy - centre[1]), axis=None)
                cx, cy, boxes, free = self._candidates(gx.ravel()[order], gy.ravel()[order],
                                                       width, height, labels)  # fmt: skip
            if not free.any():
                raise RuntimeError(f"no room for label {name!r} anywhere in {self.bounds}")
            spots = np.flatnonzero(free)
            clear = ~_hits(boxes[spots], marks).any(axis=1)
            if clear.any():  # the nearest spot clear of the marks
                i = int(spots[np.argmax(clear)])
            else:  # else the one covering the least of them
                i = int(spots[np.argmin(_overlap(boxes[spots], marks).sum(axis=1))])
        box = tuple(float(x) for x in boxes[i])
        self._label_array = np.vstack([labels, [box]])  # padded: labels keep apart by 2 pads
        p = self.pad
        self.placed.append((name, (box[0] + p, box[1] + p, box[2] - p, box[3] - p)))
        return float(cx[i]), float(cy[i])


def _hits(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether each box of ``a`` overlaps each box of ``b`` (touching edges do not)."""
    return (
        (a[:, None, 0] < b[None, :, 2])
        & (b[None, :, 0] < a[:, None, 2])
        & (a[:, None, 1] < b[None, :, 3])
        & (b[None, :, 1] < a[:, None, 3])
    )


def _overlap(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The area each box of ``a`` shares with each box of ``b``."""
    w = np.minimum(a[:, None, 2], b[None, :, 2]) - np.maximum(a[:, None, 0], b[None, :, 0])
    h = np.minimum(a[:, None, 3], b[None, :, 3]) - np.maximum(a[:, None, 1], b[None, :, 1])
    return np.clip(w, 0, None) * np.clip(h, 0, None)


def boxes_overlap(boxes) -> list[tuple[int, int]]:
    """The index pairs of the boxes in ``boxes`` that overlap (for tests and checks)."""
    a = np.array(list(boxes), float).reshape(-1, 4)
    hit = np.triu(_hits(a, a), k=1)
    return [(int(i), int(j)) for i, j in zip(*np.nonzero(hit), strict=True)]


__all__ = ["EM_DASH", "HEIGHT", "INK", "WIDTH", "LabelLayout", "boxes_overlap", "font",
           "text_box"]  # fmt: skip
