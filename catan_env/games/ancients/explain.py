"""Why an Ancients action is illegal: the message of :class:`IllegalActionError`.

Legality is decided by the jitted mask; this module reads the state only to tell
a person which rule the action broke.
"""

from __future__ import annotations

import numpy as np

from catan_env.explain import IllegalActionError

from . import layout as L
from . import phases as P
from .actions import ACTION_NAMES, family_of
from .board import HEX_SECTIONS, NUM_HEXES, hex_label
from .units import C_FIRST_STRIKE, CARD_NAMES, NUM_CARD_TYPES, SECTION_NAMES, UNIT_NAMES

__all__ = ["IllegalActionError", "explain"]


def _sections(bits: int) -> str:
    return " and ".join(SECTION_NAMES[i] for i in range(3) if bits >> i & 1)


def explain(s: np.ndarray, a: int, mask: np.ndarray, side_names) -> str:
    """A sentence saying why action ``a`` is not legal in state ``s``."""
    phase = int(s[L.PHASE])
    name = ACTION_NAMES[a]
    if phase == P.PH_OVER:
        return f"{name}: the game is over"
    fam, i = family_of(a)
    side = int(s[L.CURRENT])
    who = side_names[side]
    legal_fams = sorted({family_of(int(x))[0] for x in np.flatnonzero(mask)})
    head = f"{name}: now is '{P.PHASE_NAMES[phase]}' for the {who}"
    expects = f"; the legal kinds of action are: {', '.join(legal_fams)}"
    if fam == "play":
        if phase != P.PH_PLAY:
            return head + f" (a card is played only at the start of a turn){expects}"
        held = int(s[L.HAND + side * NUM_CARD_TYPES + i])
        if held == 0:
            return f"{name}: the {who} hold no {CARD_NAMES[i]} card"
    if fam == "hex" and phase in (P.PH_MOVE_DEST, P.PH_TARGET):
        what = "move there" if phase == P.PH_MOVE_DEST else "battle that hex"
        sel = int(s[L.SELECTED])
        return (
            f"{name}: the piece on {hex_label(sel)} cannot {what} "
            "(movement allowance, stacking, terrain, range or line of sight)"
        )
    why = _reason(s, phase, fam, i, side, who)
    if why is not None:
        return f"{name}: {why}"
    if mask.any():
        return head + expects
    return head


def _not_own_unit(s, h, side, who) -> str | None:
    """The reason when ``h`` holds no unit of ``side`` (every unit action needs one)."""
    if s[L.UNIT_TYPE + h] == 0 or s[L.UNIT_SIDE + h] != side:
        return f"there is no unit of the {who} on {hex_label(h)}"
    return None


def _not_own_leader(s, h, side, who) -> str | None:
    """The reason when ``h`` holds no leader of ``side``."""
    if s[L.LEADER + h] == 0 or s[L.LEADER_SIDE + h] != side:
        return f"there is no leader of the {who} on {hex_label(h)}"
    return None


#: The one reason a hex is refused in each phase that asks for nothing but a hex
#: (``{hex}``: the hex named). A table, not a branch each: every such phase's
#: reason is one sentence about the hex. PH_ADVANCE names another hex, below.
_HEX_REASONS = {
    P.PH_BONUS: "{hex} holds no enemy next to the advanced unit: a bonus close combat is "
    "against an adjacent enemy (CCA §3.10)",
    P.PH_EXTRA_HEX: "{hex} is not a free hex next to the advanced cavalry (CCA §3.10)",
    P.PH_RETREAT: "{hex} is not a free hex one row closer to the unit's own baseline (CCA §3.11.1)",
    P.PH_EVADE_DEST: "{hex} is not a free hex one row closer to the evading unit's own "
    "baseline (CCA §3.11.4)",
}


def _unit_not_ordered(s, h, side, who) -> str | None:
    """The reason when ``h`` holds no unit of ``side`` ordered this turn (moving and
    battling both need one)."""
    if (why := _not_own_unit(s, h, side, who)) is not None:
        return why
    if not s[L.UNIT_FLAGS + h] & L.UF_ORDERED:
        return "that unit was not ordered this turn (CCA §3.5)"
    return None


def _leader_not_ordered(s, h, side, who) -> str | None:
    """The reason when ``h`` holds no leader of ``side`` ordered this turn."""
    if (why := _not_own_leader(s, h, side, who)) is not None:
        return why
    if not s[L.LEADER_FLAGS + h] & L.LF_ORDERED:
        return "that leader was not ordered this turn (CCA §3.5)"
    return None


def _reason(s, phase, fam, i, side, who) -> str | None:
    """The rule an action of the step's own kind breaks (None: not the step's kind)."""
    if fam == "play" and phase == P.PH_PLAY:
        if i == C_FIRST_STRIKE:
            return (
                "First Strike is played out of turn, when an enemy unit declares a close "
                "combat against one of yours (CCA §4.4)"
            )
        return f"the {who} cannot play {CARD_NAMES[i]} now (CCA §3.4)"
    if fam == "order_unit" and phase == P.PH_ORDER:
        if (why := _not_own_unit(s, i, side, who)) is not None:
            return why
        if s[L.UNIT_FLAGS + i] & L.UF_ORDERED:
            return "that unit is already ordered (one order per unit, CCA §3.5)"
        unit = UNIT_NAMES[int(s[L.UNIT_TYPE + i]) - 1]
        return (
            f"{CARD_NAMES[int(s[L.CARD_PLAYED])]} cannot order the {unit} on {hex_label(i)} "
            f"(it is in the {_sections(int(HEX_SECTIONS[side, i]))} section; the card's "
            "orders there are used up or the card orders other troops, CCA §3.5, §4)"
        )
    if fam == "order_leader" and phase == P.PH_ORDER:
        if (why := _not_own_leader(s, i, side, who)) is not None:
            return why
        if s[L.LEADER_FLAGS + i] & L.LF_ORDERED:
            return "that leader is already ordered (CCA §3.5)"
        return (
            f"{CARD_NAMES[int(s[L.CARD_PLAYED])]} orders no more leaders there "
            "(section cards and Order Mounted order leaders, in their sections, CCA §3.5)"
        )
    if fam in ("pick_unit", "pick_leader") and phase == P.PH_MOVE:
        if fam == "pick_unit":
            if (why := _unit_not_ordered(s, i, side, who)) is not None:
                return why
            f = int(s[L.UNIT_FLAGS + i])
            if f & L.UF_FROZEN:
                return "a leader joined that unit this turn: it may not move (CCA §3.5)"
            if f & L.UF_MOVED:
                return "that unit has already moved this turn (CCA §3.6.1)"
            return "that unit has no hex to move to (CCA §3.6.1, §3.13)"
        if (why := _leader_not_ordered(s, i, side, who)) is not None:
            return why
        if s[L.LEADER_FLAGS + i] & L.LF_MOVED:
            return "that leader has already moved this turn (CCA §3.6.3)"
        if s[L.UNIT_TYPE + i] != 0 and s[L.UNIT_FLAGS + i] & L.UF_MOVED:
            return "the unit he is attached to has moved: he moves with it (CCA §3.6.3)"
        return "that leader has no hex to move to (CCA §3.6.3)"
    if fam == "pick_unit" and phase == P.PH_BATTLE:
        return _battle_reason(s, i, side, who)
    if fam == "hex" and phase in _HEX_REASONS:
        return _HEX_REASONS[phase].format(hex=hex_label(i))
    if fam == "hex" and phase == P.PH_ADVANCE:
        return (
            f"a momentum advance goes only into the hex the defender left, "
            f"{hex_label(int(s[L.CB_VACATED]))} (CCA §3.10)"
        )
    if fam in ("hex", "leader_off_board") and phase == P.PH_LEADER_EVADE:
        if fam == "leader_off_board":
            return (
                "the leader is not on a hex from which he can leave by his baseline (CCA §3.12.5)"
            )
        return (
            f"{hex_label(i)} is not 1-3 hexes toward the leader's baseline on an empty hex or "
            "a friendly unit without a leader (CCA §3.12.5)"
        )
    if fam == "evade" and phase == P.PH_REACT:
        return (
            "this defender may not evade this attacker, or has no free hex toward its "
            "baseline (CCA §3.11.4)"
        )
    if fam == "first_strike" and phase == P.PH_REACT:
        if s[L.HAND + side * NUM_CARD_TYPES + C_FIRST_STRIKE] == 0:
            return f"the {who} hold no First Strike card (CCA §4.4)"
        return "First Strike may not answer a bonus close combat here (CCA §4.4)"
    if fam == "done" and phase == P.PH_BATTLE:
        return "warriors that moved 2 hexes must close combat first (CCA §3.6.2)"
    if fam == "ignore_flags" and phase == P.PH_IGNORE:
        return (
            f"the unit may ignore at most {_most_ignorable(s)} of the "
            f"{int(s[L.ROLL_FLAGS])} flags (CCA §3.11.2)"
        )
    return None


def _battle_reason(s, h, side, who) -> str:
    from .combat import battle_targets, may_battle

    if (why := _unit_not_ordered(s, h, side, who)) is not None:
        return why
    if s[L.UNIT_FLAGS + h] & L.UF_BATTLED:
        return "that unit has already battled this turn (CCA §3.9)"
    if not may_battle(s, h):
        return (
            "that unit moved too far to battle, or into terrain where it may not battle "
            "this turn (CCA §3.6.2, §3.9.5, §3.13)"
        )
    buf = np.zeros(NUM_HEXES, np.int32)
    if battle_targets(s, h, buf) == 0:
        return (
            "that unit has no target: no adjacent enemy, and none in range and line of sight "
            "(CCA §3.8, §3.9)"
        )
    return "another unit must first make its charge (CCA §3.6.2)"


def _most_ignorable(s) -> int:
    from .combat import _ignorable

    return min(int(_ignorable(s, int(s[L.ROLL_AT]))), int(s[L.ROLL_FLAGS]))
