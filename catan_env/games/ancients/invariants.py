"""What must hold in every Ancients state: pieces, blocks, banners and cards are
conserved (used by the property tests and the soak). Banners are enemy losses plus
the scenario's victory-hex and exit banners (CCA §3.2, §5.1); blocks of units that
left the board count as removed."""

import numpy as np
from numba import njit

from . import layout as L
from .board import NUM_HEXES
from .phases import PH_OVER
from .special import hex_banner_total
from .units import CARD_COUNT, CARD_PLAYABLE, NUM_CARD_TYPES
from .units import UNIT_BLOCKS as FULL_BLOCKS

OK = 0
BAD_BLOCKS, BAD_BLOCK_TOTAL, BAD_BANNERS, BAD_LEADERS, BAD_CARDS, BAD_LEADER_SIDE = range(1, 7)
BAD_OVER = 7
PROBLEMS = (
    "ok",
    "unit blocks out of range",
    "blocks not conserved",
    "banners do not match losses",
    "leaders not conserved",
    "cards not conserved",
    "leader on an enemy unit",
    "a winner but the game goes on",
)


@njit(cache=True)
def check(s):
    """0 if every invariant holds, else the code of the first broken one."""
    blocks = np.zeros(2, np.int64)
    leaders = np.zeros(2, np.int64)
    for h in range(NUM_HEXES):
        t = s[L.UNIT_TYPE + h] - 1
        if t >= 0:
            b = s[L.UNIT_BLOCKS + h]
            if b < 1 or b > FULL_BLOCKS[t]:
                return BAD_BLOCKS
            blocks[s[L.UNIT_SIDE + h]] += b
        elif s[L.UNIT_ELITE + h] != 0:
            return BAD_BLOCKS  # an elite mark without its unit
        if s[L.LEADER + h] != 0:
            leaders[s[L.LEADER_SIDE + h]] += 1
            if t >= 0 and s[L.UNIT_SIDE + h] != s[L.LEADER_SIDE + h]:
                return BAD_LEADER_SIDE
    for side in range(2):
        if blocks[side] + s[L.BLOCKS_LOST + side] != s[L.BLOCKS_START + side]:
            return BAD_BLOCK_TOTAL
        # CCA §3.2: a banner per enemy unit and leader eliminated, plus the scenario's
        # banners for victory hexes held and units that left by an exit hex (CCA §5.1)
        lost = s[L.LOST_UNITS + 1 - side] + s[L.LOST_LEADERS + 1 - side]
        if s[L.BANNERS + side] != lost + s[L.HEX_BANNERS + side] + s[L.EXIT_BANNERS + side]:
            return BAD_BANNERS
        if s[L.HEX_BANNERS + side] != hex_banner_total(s, side):
            return BAD_BANNERS
        if (
            leaders[side] + s[L.LOST_LEADERS + side] + s[L.GONE_LEADERS + side]
            != s[L.LEADERS_START + side]
        ):
            return BAD_LEADERS
    total = 0
    for c in range(NUM_CARD_TYPES):
        total += s[L.HAND + c] + s[L.HAND + NUM_CARD_TYPES + c] + s[L.DISCARD + c]
        if s[L.HAND + c] < 0 or s[L.HAND + NUM_CARD_TYPES + c] < 0 or s[L.DISCARD + c] < 0:
            return BAD_CARDS
    total += s[L.DECK_LEN] - s[L.DECK_POS]
    if s[L.CARD_PLAYED] >= 0:
        total += 1
    if s[L.FIRST_STRIKE_SIDE] >= 0:
        total += 1  # First Strike played out of turn, discarded at the end of the turn
    for i in range(s[L.DECK_POS], s[L.DECK_LEN]):
        if s[L.DECK + i] < 0:
            return BAD_CARDS
    want = 0
    for c in range(NUM_CARD_TYPES):
        want += CARD_COUNT[c] * CARD_PLAYABLE[c]
    if total != want:
        return BAD_CARDS
    if s[L.WINNER] != 0 and s[L.PHASE] != PH_OVER:
        return BAD_OVER
    return OK
