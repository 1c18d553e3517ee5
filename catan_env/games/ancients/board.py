"""The battlefield: 9 rows of 13 / 12 pointy-top hexes, 113 in all (CCA §2.1).

Hexes are numbered row by row: hex ``h`` has row ``HEX_R[h]`` (0 = the top
player's baseline, 8 = the bottom player's) and column ``HEX_C[h]``. Odd rows
hold 12 hexes shifted right by half a hex; their half-hexes are off the board.
The tables below are built once at import from that definition; the jitted
functions read them as constants. Sides: ``BOTTOM`` = 0, ``TOP`` = 1.
"""

import numpy as np
from numba import njit

ROWS = 9
COLS_EVEN = 13
NUM_HEXES = 5 * 13 + 4 * 12
BOTTOM, TOP = 0, 1
SECTION_LEFT, SECTION_CENTER, SECTION_RIGHT = 1, 2, 4  # bits of HEX_SECTIONS
SQRT3 = 1.7320508075688772


def _build():
    rc = [(r, c) for r in range(ROWS) for c in range(13 if r % 2 == 0 else 12)]
    index = np.full((ROWS, COLS_EVEN), -1, np.int32)
    for h, (r, c) in enumerate(rc):
        index[r, c] = h
    hr = np.array([r for r, _ in rc], np.int32)
    hc = np.array([c for _, c in rc], np.int32)
    neigh = np.full((NUM_HEXES, 6), -1, np.int32)
    # rear[side, h] = the (up to two) neighbours one row closer to side's baseline
    rear = np.full((2, NUM_HEXES, 2), -1, np.int32)

    def at(r, c):
        if 0 <= r < ROWS and 0 <= c < (13 if r % 2 == 0 else 12):
            return index[r, c]
        return -1

    for h, (r, c) in enumerate(rc):
        if r % 2 == 0:
            up, down = [(r - 1, c - 1), (r - 1, c)], [(r + 1, c - 1), (r + 1, c)]
        else:
            up, down = [(r - 1, c), (r - 1, c + 1)], [(r + 1, c), (r + 1, c + 1)]
        cells = [(r, c - 1), (r, c + 1)] + up + down
        neigh[h] = [at(*x) for x in cells]
        rear[BOTTOM, h] = [at(*x) for x in down]
        rear[TOP, h] = [at(*x) for x in up]
    q = hc - (hr - (hr & 1)) // 2
    z = hr
    y = -q - z
    dist = np.maximum(
        np.maximum(np.abs(q[:, None] - q[None, :]), np.abs(y[:, None] - y[None, :])),
        np.abs(z[:, None] - z[None, :]),
    ).astype(np.int32)
    # sections from the bottom player's seat (CCA §2.2): lines at x2 = 8 and 16
    sect = np.zeros((2, NUM_HEXES), np.int32)
    for h, (r, c) in enumerate(rc):
        if r % 2 == 0:
            bits = {4: 3, 8: 6}.get(c, 1 if c < 4 else 2 if c < 8 else 4)
        else:
            bits = 1 if c < 4 else 2 if c < 8 else 4
        sect[BOTTOM, h] = bits
        # the top player's left is the bottom player's right
        sect[TOP, h] = (bits & 2) | ((bits & 1) << 2) | ((bits & 4) >> 2)
    return index, hr, hc, neigh, rear, dist, sect


HEX_INDEX, HEX_R, HEX_C, NEIGHBORS, REAR, DIST, HEX_SECTIONS = _build()
BASELINE_ROW = np.array([8, 0], np.int32)


def hex_label(h: int) -> str:
    """``"r3c5"`` for hex ``h`` (row, column as in CCA §2.1)."""
    return f"r{int(HEX_R[h])}c{int(HEX_C[h])}"


@njit(cache=True)
def hex_at(r, c):
    """The hex at row ``r``, column ``c``, or -1 off the board (half-hexes too)."""
    if r < 0 or r >= ROWS or c < 0:
        return -1
    if c >= (COLS_EVEN if r % 2 == 0 else COLS_EVEN - 1):
        return -1
    return HEX_INDEX[r, c]


@njit(cache=True)
def adjacent(a, b):
    return DIST[a, b] == 1


@njit(cache=True)
def _hex_of_point(x, y):
    """The hex (or -1 off the board) containing the point ``(x, y)``.

    Hex centres are at ``x = sqrt(3) * (c + (r & 1) / 2)``, ``y = 1.5 r`` (unit
    circumradius).
    """
    fq = SQRT3 / 3.0 * x - y / 3.0
    fr = 2.0 * y / 3.0
    fs = -fq - fr
    rq = np.round(fq)
    rr = np.round(fr)
    rs = np.round(fs)
    dq = abs(rq - fq)
    dr = abs(rr - fr)
    ds = abs(rs - fs)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    r = int(rr)
    c = int(rq) + (r - (r & 1)) // 2
    return hex_at(r, c)


@njit(cache=True)
def _side_blocked(blockers, a, b, shift):
    """Does the centre line ``a -> b``, shifted by ``shift`` sideways, cross an obstacle?

    ``blockers[h]`` is 1 for hexes that block; off-board space always blocks.
    """
    ax = SQRT3 * (HEX_C[a] + 0.5 * (HEX_R[a] & 1))
    ay = 1.5 * HEX_R[a]
    bx = SQRT3 * (HEX_C[b] + 0.5 * (HEX_R[b] & 1))
    by = 1.5 * HEX_R[b]
    dx = bx - ax
    dy = by - ay
    length = np.sqrt(dx * dx + dy * dy)
    nx = -dy / length * shift
    ny = dx / length * shift
    steps = int(length * 16.0) + 2
    for i in range(1, steps):
        t = i / steps
        h = _hex_of_point(ax + dx * t + nx, ay + dy * t + ny)
        if h == a or h == b:
            continue
        if h < 0 or blockers[h] != 0:
            return True
    return False


@njit(cache=True)
def line_of_sight(blockers, a, b):
    """CCA §3.8.5: blocked iff both slightly shifted copies of the centre line meet
    an obstacle hex (the firer's and the target's hexes never block)."""
    return not (_side_blocked(blockers, a, b, 1e-4) and _side_blocked(blockers, a, b, -1e-4))
