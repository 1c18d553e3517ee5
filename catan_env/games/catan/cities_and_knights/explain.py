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
    SETTLEMENT,
    TIPPED_CITY,
)
from ..common.explain import cannot_afford, opening_reason
from . import constants as CK
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
from .phases import PHASE_NAMES
from .robber import robber_is_free


def _afford(s, p, cost) -> str | None:
    return cannot_afford(s, p, cost, CARD_NAMES)


def explain(s: np.ndarray, action: int, mask: np.ndarray) -> str:
    """Why ``action`` is not legal in the Cities & Knights state ``s``."""
    info = CK_ACTIONS.infos[action]
    phase = int(s[L.PHASE])
    p = int(s[L.CURRENT_PLAYER])
    head = f"action {action} '{info.name}' is illegal now"
    if PHASE_NAMES[phase] == "game_over":
        if s[L.WINNER] >= 0:
            return f"{head}: the game is over (seat {int(s[L.WINNER])} won)"
        return f"{head}: the game is over (truncated after {int(s[L.TURN])} turns)"
    legal = sorted({CK_ACTIONS.infos[a].family for a in np.flatnonzero(mask)})
    where = f"phase '{PHASE_NAMES[phase]}', seat {p} to act; legal families: {', '.join(legal)}"
    name = PHASE_NAMES[phase]
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
    elif f == "play" and name == "pre_roll":
        if info.arg != ALCHEMIST:
            why = "before the roll only Alchemist may be played (C&K §3.3, §4.1.1)"
        else:
            why = _card_reason(s, info.arg, p)
    elif f == "play" and info.arg == ALCHEMIST and name != "pre_roll":
        why = "Alchemist is played before the roll, never after it (C&K §4.1.1)"
    elif f == "play" and name == "action":
        why = _card_reason(s, info.arg, p)
    elif f in ("move_robber", "chase_robber") and not robber_is_free(s):
        why = "the robber cannot move before the first barbarian attack (C&K §3.7)"
    elif f == "chase_robber" and name == "knight_action":
        from ..board.standard import HEX_LABELS

        v = int(s[CL.KNIGHT_SELECTED])
        robber = HEX_LABELS[int(s[L.ROBBER_HEX])]
        why = f"the knight on v{v} does not touch the robber's hex {robber} (C&K §3.14.7)"
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
        why = _reason(s, info, name, p)
    if why is None:
        why = "not allowed for this argument" if f in legal else "not in this phase"
    return f"{head}: {why} ({where})"


#: The one reason each progress card with a single precondition gives when it
#: cannot be played (``{p}``: the seat). A table, not a branch each: these reasons
#: read nothing but the seat; the cards with two checks stay branches below.
_CARD_REASONS = {
    CK.INVENTOR: "Inventor swaps two different number tokens among 3, 4, 5, 9, 10, 11 and "
    "the board has no such pair (C&K §4.1.4)",
    CK.SMITH: "Smith promotes knights and no knight of seat {p} can be promoted (C&K §4.1.10)",
    CK.BISHOP: "the robber cannot move before the first barbarian attack (C&K §3.7, §4.2.1)",
    CK.DESERTER: "Deserter needs an opponent with a knight on the board (C&K §4.2.3)",
    CK.DIPLOMAT: "Diplomat removes an open road and the board has none (C&K §4.2.4)",
    CK.INTRIGUE: "Intrigue displaces an opponent's knight at a road of seat {p} and there "
    "is none (C&K §4.2.5)",
    CK.SPY: "Spy needs an opponent who holds a progress card (C&K §4.2.7)",
    CK.MASTER_MERCHANT: "Master Merchant needs an opponent with more VP (C&K §4.3.2)",
    CK.MERCHANT: "the merchant goes next to a building of seat {p} (C&K §4.3.3)",
}


def _card_reason(s: np.ndarray, kind: int, p: int) -> str:
    """Why progress card ``kind`` cannot be played by ``p`` in the action phase: the
    card's own precondition (the mirror of ``effects.can_play``)."""
    card = CK.CARD_KIND_NAMES[kind].replace("_", " ").title()
    if s[CL.PROGRESS_HAND + p * CK.NUM_CARD_KINDS + kind] <= 0:
        return f"seat {p} holds no {card} card (C&K §3.15.4)"
    if kind == CK.ENGINEER:
        if s[CL.WALLS_LEFT + p] <= 0:
            return f"Engineer builds a city wall and seat {p} has none left (C&K §4.1.3)"
        return f"Engineer needs a city of seat {p} without a wall (C&K §4.1.3)"
    if kind in _CARD_REASONS:
        return _CARD_REASONS[kind].format(p=p)
    if kind == CK.ROAD_BUILDING:
        if s[L.ROADS_LEFT + p] <= 0:
            return f"seat {p} has no roads left in supply (C&K §4.1.9)"
        return f"no path is open to a road of seat {p} (C&K §4.1.9)"
    if kind in CK.VP_CARD_KINDS:
        return f"{card} is a victory point card: it is shown at once, never played (C&K §3.15.3)"
    if kind in (CK.CRANE, CK.MEDICINE):
        what = "improve_crane" if kind == CK.CRANE else "medicine_city"
        return f"{card} is played with the action {what}(...) (C&K §4.1)"
    return f"{card} cannot be played now (C&K §3.15.4)"


def _reason(s: np.ndarray, info, name: str, p: int) -> str | None:
    """The rule an illegal C&K action of the action or trade phases breaks (None: not
    one of those families)."""
    from ..common.tables import STANDARD_TABLES
    from .knights import can_promote, has_action
    from .trade import rate

    f, arg = info.family, info.arg
    n = int(s[L.NUM_PLAYERS])
    hand = s[L.HAND + p * NUM_CARD_TYPES : L.HAND + (p + 1) * NUM_CARD_TYPES]
    why = opening_reason(s, f, name == "action", arg, CARD_NAMES)
    if why is not None:
        return why
    if f in ("offer_give", "offer_want", "propose", "accept", "confirm_trade", "maritime"):
        if f == "maritime":
            give, get = arg
            if s[L.BANK + get] == 0:
                return f"the bank has no {CARD_NAMES[get]} left (C&K §3.9)"
            r = int(rate(s, p, give))
            return (
                f"seat {p} trades {CARD_NAMES[give]} at {r}:1 and holds only {int(hand[give])} "
                "(C&K §3.9)"
            )
        if f in ("offer_give", "offer_want") and name == "action":
            if not s[L.OPT_DOMESTIC_TRADE]:
                return "domestic trade is switched off (domestic_trade=False)"
            if s[L.PROPOSALS] >= s[L.OPT_TRADE_MAX_PROPOSALS]:
                return "the offers allowed this turn are used up (trade_max_proposals_per_turn)"
        if f == "offer_give":
            if s[L.TRADE_WANT + arg]:
                return f"{CARD_NAMES[arg]} is already asked for: no type on both sides (C&K §3.9)"
            if s[L.TRADE_GIVE + arg] >= hand[arg]:
                return f"seat {p} holds no more {CARD_NAMES[arg]} to offer"
            return "the offer is at its size limit (trade_max_cards_per_side)"
        if f == "offer_want":
            if s[L.TRADE_GIVE + arg]:
                return f"{CARD_NAMES[arg]} is already offered: no type on both sides (C&K §3.9)"
            return "the offer is at its size limit (trade_max_cards_per_side)"
        if f in ("propose", "confirm_trade") and isinstance(arg, int) and arg >= n:
            return f"relative seat +{arg} does not exist with {n} players"
        if f == "propose":
            return "an offer needs at least one card on each side (C&K §3.9, base §6.1)"
        if f == "accept":
            return f"seat {p} does not hold the cards asked for"
        return f"seat {(int(s[L.ACTIVE_PLAYER]) + arg) % n} did not accept the offer"
    if f == "select_knight" and name == "pre_roll":
        name = "action"  # knight errant: the same conditions before the roll (C&K §7)
    if name != "action":
        return None
    if f == "play":
        return _card_reason(s, arg, p)
    if f == "force_trade":
        k, r = arg
        if not s[CL.HARBOR_TRADES]:
            return "forced trades come only with Commercial Harbor played this turn (C&K §4.3.1)"
        if k >= n:
            return f"relative seat +{k} does not exist with {n} players"
        if s[CL.HARBOR_USED + (p + k) % n]:
            return f"seat {(p + k) % n} was already offered a card this turn (C&K §4.3.1)"
        return f"seat {p} holds no {CARD_NAMES[r]} to offer (C&K §4.3.1)"
    if f == "improve_with_crane":
        if s[CL.PROGRESS_HAND + p * CK.NUM_CARD_KINDS + CK.CRANE] <= 0:
            return f"seat {p} holds no Crane card (C&K §4.1.2)"
        return (
            f"{CK.TRACK_NAMES[arg]} cannot be improved: it needs a city (a plain one for "
            "levels 4-5), a level below 5 and the commodities less one (C&K §4.1.2, §3.12)"
        )
    v = arg
    if f == "city_with_medicine":
        if s[CL.PROGRESS_HAND + p * CK.NUM_CARD_KINDS + CK.MEDICINE] <= 0:
            return f"seat {p} holds no Medicine card (C&K §4.1.6)"
        return _afford(s, p, CK.COST_MEDICINE_CITY) or _city_spot(s, p, v)
    if f == "build_road":
        if s[L.ROADS_LEFT + p] == 0:
            return f"seat {p} has no roads left in supply"
        return _afford(s, p, COST_ROAD) or (
            f"path e{v} is taken or does not touch seat {p}'s buildings, knights' free ends "
            "or roads (C&K §2.7)"
        )
    if f == "build_settlement":
        if s[L.SETTLEMENTS_LEFT + p] == 0:
            return f"seat {p} has no settlements left in supply (C&K §1.3)"
        return _afford(s, p, COST_SETTLEMENT) or (
            f"v{v} is occupied, breaks the distance rule or is not on a road of seat {p} (C&K §2.7)"
        )
    if f == "build_city":
        return _afford(s, p, COST_CITY) or _city_spot(s, p, v)
    if f == "build_wall":
        if s[CL.WALLS_LEFT + p] <= 0:
            return f"seat {p} has no city walls left (C&K §3.11)"
        return _afford(s, p, CK.COST_WALL) or (
            f"a wall goes under a city of seat {p} that has none, and v{v} holds no such city "
            "(C&K §3.11)"
        )
    if f == "build_knight":
        if s[CL.KNIGHTS_LEFT + 3 * p] <= 0:
            return f"seat {p} has no basic knight left in supply (C&K §3.14.1)"
        return _afford(s, p, CK.COST_KNIGHT) or (
            f"v{v} is not a free intersection at the end of a road of seat {p} (C&K §3.14.1)"
        )
    if f == "activate_knight":
        if s[L.KNIGHT_OWNER + v] != p or s[CL.KNIGHT_ACTIVE + v]:
            return f"v{v} holds no inactive knight of seat {p} (C&K §3.14.2)"
        return _afford(s, p, CK.COST_ACTIVATE)
    if f == "promote_knight":
        if s[L.KNIGHT_OWNER + v] != p:
            return f"v{v} holds no knight of seat {p} (C&K §3.14.3)"
        why = _afford(s, p, CK.COST_PROMOTE)
        if why or can_promote(s, p, v):
            return why
        strength = int(s[CL.KNIGHT_STRENGTH + v])
        if strength >= 3:
            return "a mighty knight cannot be promoted further (C&K §3.14.3)"
        if s[CL.KNIGHT_FLAGS + v] & CK.KNIGHT_PROMOTED:
            return "a knight is promoted at most once per turn (C&K §3.14.3)"
        if s[CL.KNIGHTS_LEFT + 3 * p + strength] <= 0:
            return f"seat {p} has no knight of strength {strength + 1} left (C&K §3.14.3)"
        return "a mighty knight needs the Fortress (politics level 3, C&K §3.14.3)"
    if f == "select_knight":
        if s[L.KNIGHT_OWNER + v] != p:
            return f"v{v} holds no knight of seat {p} (C&K §3.14.4)"
        if not s[CL.KNIGHT_ACTIVE + v]:
            return "only an active knight acts (C&K §3.14.4)"
        if s[CL.KNIGHT_FLAGS + v] & (CK.KNIGHT_BECAME_ACTIVE | CK.KNIGHT_ACTED):
            return (
                "a knight that became active or acted this turn acts no more this turn "
                "(C&K §3.14.4)"
            )
        if not has_action(s, STANDARD_TABLES, p, v):
            return (
                "the knight has no move, no knight to displace and no robber to chase (C&K §3.14.4)"
            )
        return None
    if f == "put_under":
        return (
            f"a card goes under its deck only when seat {p} holds more than "
            f"{CK.PROGRESS_HAND_LIMIT} progress cards (C&K §3.15.2)"
        )
    return None


def _city_spot(s, p, v) -> str:
    kind = s[L.VERTEX_BUILDING + v]
    if s[L.VERTEX_OWNER + v] != p or kind not in (SETTLEMENT, TIPPED_CITY):
        return f"v{v} holds no settlement of seat {p} to upgrade (C&K §3.10)"
    return f"seat {p} has no cities left in supply (C&K §1.3)"
