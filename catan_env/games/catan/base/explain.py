"""Why an action is illegal in the base game: the message of ``IllegalActionError``.

Legality itself is decided by the jitted mask; this module only reads the
state to tell a person which rule (base §5-§8, §11) the action broke.
"""

from __future__ import annotations

import numpy as np

from catan_env.actions import ACTIONS, family_of

from ..board.standard import GEOMETRY, HEX_LABELS
from ..common import constants as C
from ..common import layout as L
from ..common.explain import cannot_afford, opening_reason
from ..common.phases import ACTION, GAME_OVER, PHASE_NAMES, SETUP_ROAD, SETUP_SETTLEMENT
from ..common.phases import YEAR_OF_PLENTY as PHASE_YOP


def _hand(s, p):
    return s[L.HAND + p * C.NUM_CARD_TYPES : L.HAND + (p + 1) * C.NUM_CARD_TYPES]


def _afford(s, p, cost):
    return cannot_afford(s, p, cost, C.RESOURCE_NAMES)


def explain(s: np.ndarray, action: int, mask: np.ndarray) -> str:
    """A sentence saying why ``action`` is not legal in state ``s``."""
    info = ACTIONS[action]
    phase = int(s[L.PHASE])
    p = int(s[L.CURRENT_PLAYER])
    head = f"action {action} '{info.name}' is illegal now"
    if phase == GAME_OVER:
        if s[L.WINNER] >= 0:
            return f"{head}: the game is over (seat {int(s[L.WINNER])} won)"
        return f"{head}: the game is over (truncated after {int(s[L.TURN])} turns)"
    legal_families = sorted({family_of(a) for a in np.flatnonzero(mask)})
    if info.family not in legal_families:
        why = _family_reason(s, info.family, phase, p)
        if why is None and info.family in _OWN_FAMILIES.get(PHASE_NAMES[phase], ()):
            why = _argument_reason(s, info, phase, p)  # the phase's own: say which rule
        allowed = ", ".join(legal_families)
        where = f"phase '{PHASE_NAMES[phase]}', seat {p} to act"
        return f"{head}: {why or 'not in this phase'} ({where}; legal families: {allowed})"
    why = _argument_reason(s, info, phase, p)
    return f"{head}: {why}"


# Families whose refusal in their own phase _argument_reason explains; the others
# there get theirs from _family_reason.
_OWN_FAMILIES = {
    "action": ("maritime", "offer_give", "offer_want", "offer"),
    "trade_compose": ("offer_give", "offer_want", "propose", "offer"),
    "trade_respond": ("accept",),
    "trade_close": ("confirm_trade",),
    "discard": ("discard",),
    "steal": ("steal",),
    "year_of_plenty": ("pick",),
    "move_robber": ("move_robber",),
}


def _family_reason(s, family, phase, p) -> str | None:
    """Why no action of ``family`` is legal (or None for 'wrong phase')."""
    name = PHASE_NAMES[phase]
    if family == "roll" and name == "action":
        return "the dice were already rolled this turn"
    if family == "end_turn" and name == "pre_roll":
        return "roll the dice first"
    if family.startswith("play_") and name in ("pre_roll", "action"):
        card = {
            "play_knight": C.KNIGHT,
            "play_road_building": C.ROAD_BUILDING,
            "play_year_of_plenty": C.YEAR_OF_PLENTY,
            "play_monopoly": C.MONOPOLY,
        }[family]
        if s[L.DEV_PLAYED]:
            return "a development card was already played this turn (base §8.1)"
        held = int(s[L.DEV_HAND + p * C.NUM_DEV_TYPES + card])
        new = int(s[L.DEV_NEW + p * C.NUM_DEV_TYPES + card])
        if held == 0:
            return f"seat {p} holds no {C.DEV_NAMES[card]} card"
        if held == new:
            return f"the {C.DEV_NAMES[card]} card was bought this turn (base §8.1)"
        if card == C.ROAD_BUILDING:
            return "Road Building needs a road in supply and a legal path (base §8.3)"
        if card == C.YEAR_OF_PLENTY:
            return "the bank is empty (base §8.4)"
    if name == "action":
        if family == "build_road":
            if s[L.ROADS_LEFT + p] == 0:
                return f"seat {p} has no roads left in supply"
            return _afford(s, p, C.COST_ROAD) or "no path is connected to seat's roads or buildings"
        if family == "build_settlement":
            if s[L.SETTLEMENTS_LEFT + p] == 0:
                return f"seat {p} has no settlements left in supply (base §7.5)"
            return _afford(s, p, C.COST_SETTLEMENT) or "no intersection qualifies (base §7.3)"
        if family == "build_city":
            if s[L.CITIES_LEFT + p] == 0:
                return f"seat {p} has no cities left in supply (base §7.5)"
            return _afford(s, p, C.COST_CITY) or f"seat {p} has no settlement to upgrade"
        if family == "buy_dev_card":
            if s[L.DECK_POS] >= C.DEV_DECK_SIZE:
                return "the development deck is empty"
            return _afford(s, p, C.COST_DEV_CARD)
        if family in ("maritime", "offer_give", "offer_want", "offer"):
            if s[L.OPT_STRICT_ORDER] and s[L.BUILT_THIS_TURN]:
                return "no trades after building this turn (strict_trade_build_order, base §5.2)"
            if family != "maritime" and not s[L.OPT_DOMESTIC_TRADE]:
                return "domestic trade is switched off (domestic_trade=False)"
            if family != "maritime" and s[L.PROPOSALS] >= s[L.OPT_TRADE_MAX_PROPOSALS]:
                return "the offers allowed this turn are used up (trade_max_proposals_per_turn)"
    if name == "road_building" and family == "stop":
        return "the first free road is mandatory (base §8.3)"
    if name in ("pre_roll",) and family in (
        "build_road",
        "build_settlement",
        "build_city",
        "buy_dev_card",
        "maritime",
        "offer_give",
        "offer_want",
        "offer",
    ):
        return "roll the dice first (base §5.1)"
    if name == "trade_compose" and family == "propose":
        return "an offer needs at least one card on each side (base §6.1)"
    return None


def _argument_reason(s, info, phase, p) -> str:
    f, arg = info.family, info.arg
    n = int(s[L.NUM_PLAYERS])
    if f == "build_road":
        e = arg
        if s[L.EDGE_OWNER + e] >= 0:
            return f"path e{e} already holds a road of seat {int(s[L.EDGE_OWNER + e])}"
        if phase == SETUP_ROAD:
            return (
                f"the set-up road must touch the settlement just placed (v{int(s[L.SETUP_VERTEX])})"
            )
        return (
            f"path e{e} does not touch seat {p}'s buildings or an open end of its roads (base §7.2)"
        )
    if f == "build_settlement":
        v = arg
        if s[L.VERTEX_OWNER + v] >= 0:
            return f"intersection v{v} is already occupied"
        for w in GEOMETRY.vertex_vertices[v]:
            if w >= 0 and s[L.VERTEX_OWNER + w] >= 0:
                return f"the distance rule: neighbouring v{w} holds a building (base §7.3)"
        if phase != SETUP_SETTLEMENT:
            return f"no road of seat {p} reaches v{v} (base §7.3)"
    if f == "build_city":
        v = arg
        if s[L.VERTEX_OWNER + v] != p or s[L.VERTEX_BUILDING + v] != C.SETTLEMENT:
            return f"v{v} holds no settlement of seat {p} (base §7.4)"
    if f == "move_robber":
        if arg == s[L.ROBBER_HEX]:
            return f"the robber must leave {HEX_LABELS[arg]} (base §5.4)"
        if s[L.OPT_FRIENDLY_ROBBER]:
            return (
                f"{HEX_LABELS[arg]} touches a player with 2 or fewer VP "
                "(Friendly Robber, base §11.4)"
            )
    if f in ("steal", "confirm_trade", "propose") and isinstance(arg, int) and arg >= n:
        return f"relative seat +{arg} does not exist with {n} players"
    if f == "steal":
        q = (p + arg) % n
        where = HEX_LABELS[int(s[L.ROBBER_HEX])]
        return f"seat {q} has no building at {where} or no cards (base §5.4)"
    if f == "discard":
        return f"seat {p} holds no {C.RESOURCE_NAMES[arg]}"
    if f == "pick" and phase == PHASE_YOP:
        return f"the bank has no {C.RESOURCE_NAMES[arg]} left (base §8.4)"
    if f == "maritime":
        give, get = arg
        rate = int(s[L.HARBOR_RATE + p * C.NUM_CARD_TYPES + give])
        if s[L.BANK + get] == 0:
            return f"the bank has no {C.RESOURCE_NAMES[get]} left (base §6.2)"
        held = int(_hand(s, p)[give])
        return f"seat {p} trades {C.RESOURCE_NAMES[give]} at {rate}:1 and holds only {held}"
    why = opening_reason(s, f, phase == ACTION, arg, C.RESOURCE_NAMES)
    if why is not None:
        return why
    if f == "offer_give":
        if s[L.TRADE_WANT + arg]:
            return (
                f"{C.RESOURCE_NAMES[arg]} is already asked for: no type on both sides (base §6.1)"
            )
        return f"seat {p} cannot put more {C.RESOURCE_NAMES[arg]} in the offer (held or size limit)"
    if f == "offer_want":
        if s[L.TRADE_GIVE + arg]:
            return f"{C.RESOURCE_NAMES[arg]} is already offered: no type on both sides (base §6.1)"
        return "the offer is at its size limit (trade_max_cards_per_side)"
    if f == "accept":
        return f"seat {p} does not hold the cards asked for"
    if f == "confirm_trade":
        return f"seat {(int(s[L.ACTIVE_PLAYER]) + arg) % n} did not accept the offer"
    if f in ("play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"):
        return _family_reason(s, f, phase, p) or "the card cannot be played now"
    return "it is not allowed in the current position"
