"""Cities & Knights' chance outcomes (``spec.chance``): red and yellow dice, the event
die, progress cards drawn, steals.

The two dice are told apart (the red die alone decides progress-card draws,
C&K §3.4, §3.5), so a roll's outcomes are face pairs. The easy-start option rerolls a
production 7 in the first two rounds (C&K §7): a loop that draws until it
succeeds, which :func:`redraws_without_bound` admits.
"""

from __future__ import annotations

import numpy as np

from ..common import layout as L
from ..common.chance import steals, whole_state
from .constants import CARD_KIND_NAMES, EVENT_NAMES, NUM_CARD_KINDS
from .layout import EVENT_FACE, OPT_EASY_START, PROGRESS_HAND, VP_CARDS

merge_key = whole_state


def redraws_without_bound(s: np.ndarray) -> bool:
    """Whether the easy start still rerolls a 7 (the first two rounds, C&K §7)."""
    return s[OPT_EASY_START] != 0 and s[L.TURN] < 2 * s[L.NUM_PLAYERS]


def describe(before: np.ndarray, after: np.ndarray, rolled: bool) -> list[str]:
    """What chance decided: the dice, the event die, the progress cards drawn, a steal."""
    n = int(before[L.NUM_PLAYERS])
    parts = []
    if rolled:
        red, yellow = int(after[L.DICE]), int(after[L.DICE + 1])
        parts.append(f"roll {red + yellow} (red {red}, yellow {yellow})")
    if after[EVENT_FACE] >= 0 and (rolled or after[EVENT_FACE] != before[EVENT_FACE]):
        parts.append(f"event {EVENT_NAMES[int(after[EVENT_FACE])]}")
    # One array difference, not a scalar read per seat and card kind: a roll's
    # hundreds of outcomes are each described.
    hands = slice(PROGRESS_HAND, PROGRESS_HAND + n * NUM_CARD_KINDS)
    drawn = (after[hands] - before[hands]).reshape(n, NUM_CARD_KINDS)
    vp = after[VP_CARDS : VP_CARDS + n] > before[VP_CARDS : VP_CARDS + n]
    for q in np.flatnonzero((drawn > 0).any(axis=1) | vp).tolist():
        for k in np.flatnonzero(drawn[q] > 0).tolist():
            parts += [f"seat {q} draws {CARD_KIND_NAMES[k]}"] * int(drawn[q, k])
        if vp[q]:
            parts.append(f"seat {q} draws a victory point card")
    if not rolled:
        parts += steals(before, after, n)
    return parts
