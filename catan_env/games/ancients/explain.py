"""Why an Ancients action is illegal: the message of :class:`IllegalActionError`.

Legality is decided by the jitted mask; this module reads the state only to tell
a person which rule the action broke.
"""

from __future__ import annotations

import numpy as np

from catan_env.explain import IllegalActionError

from . import layout as L
from .actions import ACTION_NAMES, family_of
from .board import HEX_SECTIONS, hex_label
from .phases import PH_MOVE_DEST, PH_OVER, PH_PLAY, PH_TARGET, PHASE_NAMES
from .units import CARD_NAMES, NUM_CARD_TYPES, SECTION_NAMES, UNIT_NAMES

__all__ = ["IllegalActionError", "explain"]


def _sections(bits: int) -> str:
    return " and ".join(SECTION_NAMES[i] for i in range(3) if bits >> i & 1)


def explain(s: np.ndarray, a: int, mask: np.ndarray, side_names) -> str:
    """A sentence saying why action ``a`` is not legal in state ``s``."""
    phase = int(s[L.PHASE])
    name = ACTION_NAMES[a]
    if phase == PH_OVER:
        return f"{name}: the game is over"
    fam, i = family_of(a)
    side = int(s[L.CURRENT])
    who = side_names[side]
    legal_fams = sorted({family_of(int(x))[0] for x in np.flatnonzero(mask)})
    head = f"{name}: now is '{PHASE_NAMES[phase]}' for the {who}"
    expects = f"; the legal kinds of action are: {', '.join(legal_fams)}"
    if fam == "play":
        if phase != PH_PLAY:
            return head + f" (a card is played only at the start of a turn){expects}"
        held = int(s[L.HAND + side * NUM_CARD_TYPES + i])
        if held == 0:
            return f"{name}: the {who} hold no {CARD_NAMES[i]} card"
    if fam in ("order unit", "order leader") and fam in legal_fams:
        h = i
        if fam == "order unit":
            t = int(s[L.UNIT_TYPE + h]) - 1
            if t < 0 or s[L.UNIT_SIDE + h] != side:
                return f"{name}: there is no unit of the {who} on {hex_label(h)}"
            if s[L.UNIT_FLAGS + h] & L.UF_ORDERED:
                return f"{name}: that unit is already ordered (one order per unit, CCA §3.5)"
            card = CARD_NAMES[int(s[L.CARD_PLAYED])]
            return (
                f"{name}: {card} cannot order the {UNIT_NAMES[t]} on {hex_label(h)} "
                f"(it is in the {_sections(int(HEX_SECTIONS[side, h]))} section; the card's "
                f"orders there are used up or the card orders other troops)"
            )
        if s[L.LEADER + h] == 0 or s[L.LEADER_SIDE + h] != side:
            return f"{name}: there is no leader of the {who} on {hex_label(h)}"
        return (
            f"{name}: {CARD_NAMES[int(s[L.CARD_PLAYED])]} cannot order that leader "
            "(only section cards and Order Mounted order leaders, CCA §3.5)"
        )
    if fam == "hex" and phase in (PH_MOVE_DEST, PH_TARGET):
        what = "move there" if phase == PH_MOVE_DEST else "battle that hex"
        sel = int(s[L.SELECTED])
        return (
            f"{name}: the piece on {hex_label(sel)} cannot {what} "
            "(movement allowance, stacking, terrain, range or line of sight)"
        )
    if mask.any():
        return head + expects
    return head
