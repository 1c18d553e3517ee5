"""Why an action is illegal in Cities & Knights: the message of ``IllegalActionError``.

Legality itself is decided by the jitted mask; this module only reads the
state to tell a person which rule (C&K §3, §4) the action broke. The robber
lock is asked of the same predicate the engine uses (:mod:`.robber`).
"""

from __future__ import annotations

import numpy as np

from catan_env.actions import CK_ACTIONS

from ..common import layout as L
from ..common.constants import (
    CARD_NAMES,
    COST_CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    NUM_CARD_TYPES,
)
from . import layout as CL
from .constants import (
    ALCHEMIST,
    COST_ACTIVATE,
    COST_KNIGHT,
    COST_WALL,
    NUM_CARD_KINDS,
    PROGRESS_HAND_LIMIT,
    TRACK_COMMODITY,
    TRACK_NAMES,
)
from .phases import CK_PHASE_NAMES
from .robber import robber_is_free


def _afford(s, p, cost) -> str | None:
    hand = s[L.HAND + p * NUM_CARD_TYPES : L.HAND + (p + 1) * NUM_CARD_TYPES]
    if (hand >= cost).all():
        return None
    need = " + ".join(f"{c} {CARD_NAMES[r]}" for r, c in enumerate(cost) if c)
    held = ", ".join(f"{int(hand[r])} {CARD_NAMES[r]}" for r in range(NUM_CARD_TYPES) if cost[r])
    return f"it costs {need} and seat {p} holds {held}"


def explain(s: np.ndarray, action: int, mask: np.ndarray) -> str:
    """Why ``action`` is not legal in the Cities & Knights state ``s``."""
    info = CK_ACTIONS.infos[action]
    phase = int(s[L.PHASE])
    p = int(s[L.CURRENT_PLAYER])
    head = f"action {action} '{info.name}' is illegal now"
    if CK_PHASE_NAMES[phase] == "game_over":
        if s[L.WINNER] >= 0:
            return f"{head}: the game is over (seat {int(s[L.WINNER])} won)"
        return f"{head}: the game is over (truncated after {int(s[L.TURN])} turns)"
    legal = sorted({CK_ACTIONS.infos[a].family for a in np.flatnonzero(mask)})
    where = f"phase '{CK_PHASE_NAMES[phase]}', seat {p} to act; legal families: {', '.join(legal)}"
    name = CK_PHASE_NAMES[phase]
    f = info.family
    why = None
    held = int(
        s[CL.PROGRESS_HAND + p * NUM_CARD_KINDS : CL.PROGRESS_HAND + (p + 1) * NUM_CARD_KINDS].sum()
    )
    if name == "action" and held > PROGRESS_HAND_LIMIT:
        why = (
            f"seat {p} holds {held} progress cards: play one or put one under its deck "
            "first (C&K §3.15.2)"
        )
    elif name == "pre_roll" and f not in ("roll", "play", "select_knight"):
        why = "roll the dice first (C&K §3.2); only Alchemist comes before the roll"
    elif f == "play" and info.arg == ALCHEMIST and name != "pre_roll":
        why = "Alchemist is played before the roll, never after it (C&K §4.1.1)"
    elif f in ("move_robber", "chase_robber") and not robber_is_free(s):
        why = "the robber cannot move before the first barbarian attack (C&K §3.7)"
    elif name == "action":
        costs = {
            "build_road": COST_ROAD,
            "build_settlement": COST_SETTLEMENT,
            "build_city": COST_CITY,
            "build_wall": COST_WALL,
            "build_knight": COST_KNIGHT,
            "activate_knight": COST_ACTIVATE,
            "promote_knight": COST_KNIGHT,
        }
        if f in costs:
            why = _afford(s, p, costs[f])
        elif f == "improve":
            t = info.arg
            level = int(s[CL.LEVEL + 3 * p + t])
            c = int(TRACK_COMMODITY[t])
            have = int(s[L.HAND + p * NUM_CARD_TYPES + c])
            if level >= 5:
                why = f"{TRACK_NAMES[t]} is already at level 5"
            elif have < level + 1:
                why = (
                    f"level {level + 1} of {TRACK_NAMES[t]} costs {level + 1} "
                    f"{CARD_NAMES[c]} and seat {p} holds {have} (C&K §3.10)"
                )
            else:
                why = (
                    "improvements need a city, and levels 4-5 a city without a "
                    "metropolis (C&K §3.12)"
                )
    if why is None:
        why = "not allowed for this argument" if f in legal else "not in this phase"
    return f"{head}: {why} ({where})"
