"""What every picture shares: text boxes, the em dash the bundled font lacks, label layout."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from catan_env.render_image import EM_DASH, LabelLayout, _text, boxes_overlap, text_box


def _ink(text: str, size: int = 18) -> np.ndarray:
    img = Image.new("L", (300, 40))
    _text(ImageDraw.Draw(img), (150, 20), text, size, fill=255)
    return np.asarray(img) > 0


def test_text_box_is_where_text_is_drawn():
    ink = _ink("Land Ho!")
    rows, cols = np.nonzero(ink)
    left, top, right, bottom = text_box((150, 20), "Land Ho!", 18)
    assert left <= cols.min() and cols.max() < right and top <= rows.min() and rows.max() < bottom


def test_em_dash_is_drawn_as_a_bar_not_a_missing_glyph_box():
    """Pillow's bundled font has no em dash: a bar stands in for it, one row band of ink
    between the words (a missing-glyph box would ink a tall rectangle)."""
    with_dash = _ink(f"a {EM_DASH} b")
    left, _, right, _ = text_box((150, 20), f"a {EM_DASH} b", 18)
    gap = with_dash[:, left:right]
    cols = np.flatnonzero(gap.any(axis=0))
    # the middle third of the ink span holds only the bar: a few rows, no glyph outline
    mid = gap[:, cols[len(cols) // 3] : cols[2 * len(cols) // 3]]
    ink_rows = np.flatnonzero(mid.any(axis=1))
    assert len(ink_rows) and ink_rows.max() - ink_rows.min() <= 2  # a box spans ~11 rows
    assert _ink(f"x{EM_DASH}y").sum() > _ink("xy").sum()


def test_labels_at_one_spot_are_spread_apart():
    layout = LabelLayout((0, 0, 400, 300))
    for i in range(40):
        layout.place(f"label {i}", 30, 12, (200, 150))
    boxes = [box for _, box in layout.placed]
    assert boxes_overlap(boxes) == []
    assert all(0 <= b[0] and b[2] <= 400 and 0 <= b[1] and b[3] <= 300 for b in boxes)
    # the first one keeps its spot, the others stay near
    assert boxes[0] == (185.0, 144.0, 215.0, 156.0)
    assert max(abs((b[0] + b[2]) / 2 - 200) for b in boxes) < 200


def test_labels_keep_off_marks_and_hang_below_first():
    layout = LabelLayout((0, 0, 400, 300))
    layout.mark((180, 140, 220, 160))  # a piece where the label wants to go
    x, y = layout.place("crews", 30, 12, (200, 150))
    box = layout.placed[0][1]
    assert boxes_overlap([box, (180, 140, 220, 160)]) == []
    assert y > 150 and abs(x - 200) < 1  # moved straight down, the nearest free side


def test_a_label_with_no_room_is_an_error_not_an_overlap():
    layout = LabelLayout((0, 0, 40, 20))
    layout.place("first", 38, 18, (20, 10))
    with pytest.raises(RuntimeError, match="no room for label 'second'"):
        layout.place("second", 38, 18, (20, 10))


def test_boxes_overlap_finds_the_overlapping_pairs_only():
    boxes = [(0, 0, 10, 10), (10, 0, 20, 10), (5, 5, 15, 15), (30, 30, 40, 40)]
    assert boxes_overlap(boxes) == [(0, 2), (1, 2)]  # touching edges do not overlap


def test_a_label_finds_room_beyond_the_rings_when_they_are_full():
    layout = LabelLayout((0, 0, 1000, 14))  # a strip: room only left and right
    for i in range(60):
        layout.place(f"label {i}", 10, 10, (500, 7))
    boxes = [box for _, box in layout.placed]
    assert boxes_overlap(boxes) == []
    assert max(abs((b[0] + b[2]) / 2 - 500) for b in boxes) > max(LabelLayout.RADII)
