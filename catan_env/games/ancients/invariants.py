"""What must hold in every Ancients state: pieces, blocks, banners and cards are
conserved (used by the property tests and the soak). Banners are enemy losses plus
the scenario's victory-hex and exit banners (CCA §3.2, §5.1); blocks of units that
left the board count as removed."""

import numpy as np
from numba import njit

from .board import NUM_HEXES
from .layout import (
    BANNERS,
    BLOCKS_LOST,
    BLOCKS_START,
    CARD_PLAYED,
    DECK,
    DECK_LEN,
    DECK_POS,
    DISCARD,
    EXIT_BANNERS,
    FIRST_STRIKE_SIDE,
    GONE_LEADERS,
    HAND,
    HEX_BANNERS,
    LEADER,
    LEADER_SIDE,
    LEADERS_START,
    LOST_LEADERS,
    LOST_UNITS,
    PHASE,
    UNIT_BLOCKS,
    UNIT_ELITE,
    UNIT_SIDE,
    UNIT_TYPE,
    WINNER,
)
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
        t = s[UNIT_TYPE + h] - 1
        if t >= 0:
            b = s[UNIT_BLOCKS + h]
            if b < 1 or b > FULL_BLOCKS[t]:
                return BAD_BLOCKS
            blocks[s[UNIT_SIDE + h]] += b
        elif s[UNIT_ELITE + h] != 0:
            return BAD_BLOCKS  # an elite mark without its unit
        if s[LEADER + h] != 0:
            leaders[s[LEADER_SIDE + h]] += 1
            if t >= 0 and s[UNIT_SIDE + h] != s[LEADER_SIDE + h]:
                return BAD_LEADER_SIDE
    for side in range(2):
        if blocks[side] + s[BLOCKS_LOST + side] != s[BLOCKS_START + side]:
            return BAD_BLOCK_TOTAL
        # CCA §3.2: a banner per enemy unit and leader eliminated, plus the scenario's
        # banners for victory hexes held and units that left by an exit hex (CCA §5.1)
        lost = s[LOST_UNITS + 1 - side] + s[LOST_LEADERS + 1 - side]
        if s[BANNERS + side] != lost + s[HEX_BANNERS + side] + s[EXIT_BANNERS + side]:
            return BAD_BANNERS
        if s[HEX_BANNERS + side] != hex_banner_total(s, side):
            return BAD_BANNERS
        if (
            leaders[side] + s[LOST_LEADERS + side] + s[GONE_LEADERS + side]
            != s[LEADERS_START + side]
        ):
            return BAD_LEADERS
    total = 0
    for c in range(NUM_CARD_TYPES):
        total += s[HAND + c] + s[HAND + NUM_CARD_TYPES + c] + s[DISCARD + c]
        if s[HAND + c] < 0 or s[HAND + NUM_CARD_TYPES + c] < 0 or s[DISCARD + c] < 0:
            return BAD_CARDS
    total += s[DECK_LEN] - s[DECK_POS]
    if s[CARD_PLAYED] >= 0:
        total += 1
    if s[FIRST_STRIKE_SIDE] >= 0:
        total += 1  # First Strike played out of turn, discarded at the end of the turn
    for i in range(s[DECK_POS], s[DECK_LEN]):
        if s[DECK + i] < 0:
            return BAD_CARDS
    want = 0
    for c in range(NUM_CARD_TYPES):
        want += CARD_COUNT[c] * CARD_PLAYABLE[c]
    if total != want:
        return BAD_CARDS
    if s[WINNER] != 0 and s[PHASE] != PH_OVER:
        return BAD_OVER
    return OK
