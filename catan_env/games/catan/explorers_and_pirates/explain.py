"""Why an Explorers & Pirates action is illegal (the message of ``IllegalActionError``).

Legality is decided by the jitted mask; this module re-reads the state with the
same rule functions to say which rule (E&P §4) the action broke.
"""

from __future__ import annotations

import numpy as np

from catan_env.actions import EP_ACTIONS

from ..common import layout as L
from ..common.constants import NUM_CARD_TYPES, RESOURCE_NAMES
from ..common.explain import cannot_afford, opening_reason
from . import board as B
from . import constants as EC
from . import layout as EL
from . import phases as PH
from .tables import (
    T_EDGE_EDGES,
    T_EDGE_VERTICES,
    T_NUM_EDGES,
    T_NUM_VERTICES,
    scenario_tables,
)

_TRADE_BUILD = {
    "start_movement",
    "build_settlement",
    "build_road",
    "build_harbor",
    "rebuild_ship",
    "settler_to_storage",
    "settler_to_ship",
    "maritime",
    "sell_for_gold",
    "buy_with_gold",
}
_MOVEMENT = {
    "end_turn",
    "select_ship",
    "sail",
    "boost",
    "stop_ship",
    "load",
    "unload",
    "swap_cargo",
    "found_settlement",
}
_TRADE = {
    "offer",
    "offer_give",
    "offer_want",
    "offer_give_gold",
    "offer_want_gold",
    "propose",
    "cancel_trade",
    "accept",
    "decline",
    "confirm_trade",
}
_TRADE_PHASES = {
    "offer": (PH.ACTION,),
    "offer_give": (PH.ACTION, PH.TRADE_COMPOSE),
    "offer_want": (PH.ACTION, PH.TRADE_COMPOSE),
    "offer_give_gold": (PH.ACTION, PH.TRADE_COMPOSE),
    "offer_want_gold": (PH.ACTION, PH.TRADE_COMPOSE),
    "propose": (PH.TRADE_COMPOSE,),
    "cancel_trade": (PH.TRADE_COMPOSE, PH.TRADE_CLOSE),
    "accept": (PH.TRADE_RESPOND,),
    "decline": (PH.TRADE_RESPOND,),
    "confirm_trade": (PH.TRADE_CLOSE,),
}
_WHERE = {
    "roll": "pre_roll",
    "discard": "discard",
    **{f: "action (the trade and build phase)" for f in _TRADE_BUILD},
    **{f: "movement" for f in _MOVEMENT},
    "build_ship": "action or place_ship",
    "drop_from_ship": "action or movement",
    "drop_from_storage": "action or movement",
    **{f: " or ".join(PH.PHASE_NAMES[x] for x in ph) for f, ph in _TRADE_PHASES.items()},
}
_WHERE.update(
    {
        "crew_to_storage": "action (the trade and build phase)",
        "crew_to_ship": "action (the trade and build phase)",
        "place_pirate": "place_pirate",
        "steal": "pirate_steal",
        "no_steal": "pirate_steal",
        "chase_pirate": "movement",
        "crew_to_lair": "movement",
        "pick_up_crew": "movement",
        "fishing_roll": "movement",
        "catch_fish": "movement",
        "deliver": "movement",
        "befriend_village": "movement",
        "fast_gold": "action (the trade and build phase)",
        "build_settlement": "action or a set-up settlement phase",
        "build_road": "action or setup_road",
        "build_harbor": "action or a set-up harbor phase",
        "build_ship": "action, place_ship or setup_ship",
    }
)
_PHASES_OF = {
    **_TRADE_PHASES,
    "crew_to_storage": (PH.ACTION,),
    "crew_to_ship": (PH.ACTION,),
    "place_pirate": (PH.PLACE_PIRATE,),
    "steal": (PH.PIRATE_STEAL,),
    "no_steal": (PH.PIRATE_STEAL,),
    "chase_pirate": (PH.MOVEMENT,),
    "crew_to_lair": (PH.MOVEMENT,),
    "pick_up_crew": (PH.MOVEMENT,),
    "fishing_roll": (PH.MOVEMENT,),
    "catch_fish": (PH.MOVEMENT,),
    "deliver": (PH.MOVEMENT,),
    "befriend_village": (PH.MOVEMENT,),
    "fast_gold": (PH.ACTION,),
    "roll": (PH.PRE_ROLL,),
    "discard": (PH.DISCARD,),
    **{f: (PH.ACTION,) for f in _TRADE_BUILD},
    **{f: (PH.MOVEMENT,) for f in _MOVEMENT},
    "build_ship": (PH.ACTION, PH.PLACE_SHIP, PH.SETUP_SHIP),
    "build_settlement": (PH.ACTION, PH.SETUP_SETTLEMENT, PH.SETUP_NEUTRAL_SETTLEMENT),
    "build_road": (PH.ACTION, PH.SETUP_ROAD),
    "build_harbor": (PH.ACTION, PH.SETUP_HARBOR, PH.SETUP_NEUTRAL_HARBOR),
    "drop_from_ship": (PH.ACTION, PH.MOVEMENT),
    "drop_from_storage": (PH.ACTION, PH.MOVEMENT),
}


def _afford(s, p, cost) -> str | None:
    return cannot_afford(s, p, cost, RESOURCE_NAMES)


def _supply_or_afford(s, p, left, piece: str, cost) -> str | None:
    """Why seat ``p`` cannot buy one ``piece`` (None when it can): its supply
    counter at ``left + p`` is empty, or it cannot pay ``cost``. Shared by the
    E&P purchases that take a piece from a supply, which all name the empty
    supply before the price."""
    if s[left + p] == 0:
        return f"seat {p} has no {piece} left in supply"
    return _afford(s, p, cost)


def _ship(s, p, k):
    return int(s[EL.SHIP_EDGE + p * EC.SHIPS_PER_PLAYER + k])


def _spot(s, tb, v) -> str:
    if v >= tb[T_NUM_VERTICES]:
        return f"intersection v{v} is not on this board"
    if not B.distance_ok(s, tb, v):
        return f"v{v} is taken or next to a building (distance rule)"
    if B.vertex_touches_unexplored(s, tb, v):
        return f"v{v} touches an unexplored hex (E&P §4.12)"
    return (
        f"v{v} touches no land hex one may build on, or a lair not yet captured, or a "
        "spice hex without one's crew (E&P §4.6.2, §7.2, §9.2)"
    )


def explain(s: np.ndarray, action: int, mask: np.ndarray) -> str:
    """Why ``action`` is not legal in the E&P state ``s``."""
    info = EP_ACTIONS.info(action)
    name = info.name
    if int(s[L.PHASE]) == PH.GAME_OVER:
        return f"{name} is illegal: the game is over"
    phase = int(s[L.PHASE])
    p = int(s[L.CURRENT_PLAYER])
    where = f"seat {p} must decide in phase {PH.PHASE_NAMES[phase]}"
    if phase not in _PHASES_OF[info.family]:
        return f"{name} is only possible in phase {_WHERE[info.family]}; {where}"
    reason = _reason(s, info, phase, p)
    return f"{name} is illegal: {reason}"


#: The one reason for each family whose argument is (ship ``k``, hex ``h``) and
#: whose refusal is a single sentence naming the ship, the hex and the seat ``p``.
#: A table, not a branch each: these reasons read nothing of the state.
_SHIP_HEX_REASONS = {
    "crew_to_lair": "ship s{k} carries no crew, does not point at h{h}, or h{h} is not a lair "
    "with room (at most 3 crews, E&P §7.3)",
    "catch_fish": "ship s{k} is not empty, does not point at h{h}, or no fish lies there "
    "(E&P §8.4)",
    "befriend_village": "ship s{k} carries no crew or does not point at h{h}, h{h} is no "
    "face-up village with a sack left, or seat {p} already befriended it (E&P §9.2)",
    "pick_up_crew": "no crew of seat {p} on the gold field h{h} within reach of ship s{k} "
    "(E&P §7.6)",
}


def _reason(s, info, phase, p) -> str:
    tb = scenario_tables(EC.SCENARIOS[int(s[EL.OPT_SCENARIO])])
    f, arg = info.family, info.arg
    if f in _TRADE:
        return _trade_reason(s, f, arg, p)
    if phase in (PH.SETUP_HARBOR, PH.SETUP_NEUTRAL_HARBOR):
        return f"v{arg} is not a free marked harbor intersection (E&P §10.6, §10.7.3)"
    if phase in (PH.SETUP_SETTLEMENT, PH.SETUP_NEUTRAL_SETTLEMENT):
        return _spot(s, tb, arg) if arg < tb[T_NUM_VERTICES] else "not on this board"
    if phase == PH.SETUP_ROAD:
        return f"path e{arg} is not a free land path at seat {p}'s settlement (E&P §10.6)"
    if phase == PH.SETUP_SHIP:
        return f"path e{arg} is not a free sea route at seat {p}'s harbor settlement"
    if f in ("crew_to_storage", "crew_to_ship"):
        from .layout import CREWS_LEFT

        if not s[EL.OPT_SCENARIO]:
            return "crews are not part of Land Ho! (E&P §10.1)"
        why = _supply_or_afford(s, p, CREWS_LEFT, "crew", EC.COST_CREW)
        if why:
            return why
        return "there is no harbor settlement of the seat there, or no room (E&P §5.1, §4.7)"
    if f == "place_pirate":
        return (
            f"h{arg} is not face-up sea away from the island and the frame, or the "
            "roller's pirate is already there (E&P §5.2)"
        )
    if f == "steal":
        return f"seat +{arg} has no ship on a side of the pirate's hex (E&P §5.2)"
    if f == "chase_pirate":
        return (
            f"ship s{arg} is not battle-ready: it must be unmoved, not have tried yet, and "
            "touch a corner of an opponent's pirate hex (E&P §5.4)"
        )
    if f in _SHIP_HEX_REASONS:
        k, h = arg
        return _SHIP_HEX_REASONS[f].format(k=k, h=h, p=p)
    if f == "fishing_roll":
        from .layout import FISH_SUPPLY, FISHED

        if s[FISHED]:
            return "the fishing roll is made at most once per turn (E&P §8.3)"
        if s[EL.MOVING_SHIP] >= 0:
            return f"ship s{int(s[EL.MOVING_SHIP])} is mid-move (E&P §8.3)"
        if not s[FISH_SUPPLY]:
            return "no fish left in the supply, or no Fish for Catan in this scenario"
        return "there is no Fish for Catan mission in this scenario"
    if f == "deliver":
        k, c = arg
        return (
            f"ship s{k} carries no {EC.CARGO_NAMES[c]} to deliver or is not at a Council anchor "
            "(E&P §8.4, §9.3)"
        )
    if f == "fast_gold":
        if s[EL.OPT_FAST_GOLD_BUYS]:
            return (
                f"seat {p} has no Fast Gold purchase left this turn, no gold, or the bank "
                f"has no {RESOURCE_NAMES[arg]} (E&P §9.4, fast_gold='buy')"
            )
        return (
            f"seat {p} has no Fast Gold village sale left this turn or holds no "
            f"{RESOURCE_NAMES[arg]} (E&P §9.4)"
        )
    if f == "discard":
        if s[L.HAND + p * NUM_CARD_TYPES + arg] == 0:
            return f"seat {p} holds no {RESOURCE_NAMES[arg]}"
    if (
        f in ("build_settlement", "build_harbor", "settler_to_storage")
        and arg >= tb[T_NUM_VERTICES]
    ):
        return f"intersection v{arg} is not on this board"
    if f in ("build_road", "build_ship", "sail") and arg >= tb[T_NUM_EDGES]:
        return f"path e{arg} is not on this board"
    if f == "build_settlement":
        why = _supply_or_afford(s, p, L.SETTLEMENTS_LEFT, "settlement", EC.COST_SETTLEMENT)
        if why:
            return why
        if not B.settlement_spot_ok(s, tb, arg, p):
            return _spot(s, tb, arg)
        return f"seat {p} has no road at v{arg}"
    if f == "build_road":
        why = _supply_or_afford(s, p, L.ROADS_LEFT, "road", EC.COST_ROAD)
        if why:
            return why
        if s[EL.EP_ROAD_OWNER + arg] >= 0:
            return f"path e{arg} already holds a road"
        if not B.edge_road_ok(s, tb, arg, p):
            return (
                f"path e{arg} borders no land one may build on, or an unexplored hex, a lair "
                "or a spice hex without one's crew (E&P §4.6.2, §4.12)"
            )
        return f"path e{arg} does not connect to seat {p}'s road or building"
    if f == "build_harbor":
        if s[EL.EP_VERTEX_OWNER + arg] != p or s[EL.EP_VERTEX_BUILDING + arg] != 1:
            return f"seat {p} has no settlement on v{arg} to upgrade"
        why = _supply_or_afford(s, p, EL.HARBORS_LEFT, "harbor settlement", EC.COST_HARBOR)
        if why:
            return why
        return f"v{arg} is not on the coast (no sea hex or frame there, E&P §4.6.3)"
    if f == "build_ship":
        if phase == PH.ACTION:
            free = sum(_ship(s, p, k) < 0 for k in range(EC.SHIPS_PER_PLAYER))
            if free == 0:
                return f"all of seat {p}'s ships are out: rebuild one first (rebuild_ship)"
            why = _afford(s, p, EC.COST_SHIP)
            if why:
                return why
        if not B.edge_is_sea_route(s, tb, arg):
            return f"path e{arg} is not a sea route (E&P §2.3)"
        if B.ship_harbor(s, tb, p, arg) < 0:
            return f"path e{arg} does not end at one of seat {p}'s harbor settlements"
        if B.ships_on(s, arg) >= 2:
            return f"path e{arg} already holds 2 ships"
        return f"an end of path e{arg} touches an unexplored hex (E&P §4.6.4)"
    if f == "rebuild_ship":
        if any(_ship(s, p, k) < 0 for k in range(EC.SHIPS_PER_PLAYER)):
            return f"seat {p} still has a ship in supply: build that one"
        why = _afford(s, p, EC.COST_SHIP)
        if why:
            return why
        return "no sea route would be free for the rebuilt ship"
    if f in ("settler_to_storage", "settler_to_ship"):
        why = _supply_or_afford(s, p, EL.SETTLERS_LEFT, "settler", EC.COST_SETTLER)
        if why:
            return why
        if f == "settler_to_storage":
            if not B.own_harbor(s, p, arg):
                return f"seat {p} has no harbor settlement on v{arg}"
            return f"the storage at v{arg} is not empty (throw its cargo away first)"
        e = _ship(s, p, arg)
        if e < 0:
            return f"ship s{arg} is not on the board"
        if B.ship_harbor(s, tb, p, e) < 0:
            return f"ship s{arg} does not point at one of seat {p}'s harbor settlements"
        return f"the hold of ship s{arg} is not empty"
    if f == "drop_from_ship":
        k, c = arg
        return f"ship s{k} carries no {EC.CARGO_NAMES[c]}"
    if f == "drop_from_storage":
        v, c = arg
        if v >= tb[T_NUM_VERTICES] or not B.own_harbor(s, p, v):
            return f"seat {p} has no harbor settlement on v{v}"
        return f"the storage at v{v} holds no {EC.CARGO_NAMES[c]}"
    if f == "maritime":
        give, get = arg
        if s[L.HAND + p * NUM_CARD_TYPES + give] < 3:
            return f"a bank trade gives 3 {RESOURCE_NAMES[give]} (E&P §4.5)"
        return f"the bank has no {RESOURCE_NAMES[get]} left"
    if f == "sell_for_gold":
        return f"selling for gold takes 3 {RESOURCE_NAMES[arg]} (E&P §4.5)"
    if f == "buy_with_gold":
        if s[EL.GOLD_BUYS] >= EC.GOLD_BUYS_PER_TURN:
            return f"gold buys at most {EC.GOLD_BUYS_PER_TURN} resources per turn (E&P §4.5)"
        if s[EL.GOLD + p] < 2:
            return f"a resource costs 2 gold and seat {p} has {int(s[EL.GOLD + p])}"
        return f"the bank has no {RESOURCE_NAMES[arg]} left"
    moving = int(s[EL.MOVING_SHIP])
    if f == "select_ship":
        if moving >= 0:
            return f"ship s{moving} is moving: stop it first (one ship at a time, E&P §4.8)"
        if _ship(s, p, arg) < 0:
            return f"ship s{arg} is not on the board"
        return f"ship s{arg} has already finished moving this turn"
    if f in ("sail", "boost", "stop_ship") and moving < 0:
        return "no ship is moving: select_ship first"
    if f == "sail":
        i = p * EC.SHIPS_PER_PLAYER + moving
        if s[EL.SHIP_MP + i] < 1:
            return f"ship s{moving} has no movement points left (boost with 1 wool for +2)"
        cur = int(s[EL.SHIP_EDGE + i])
        if arg not in tb[T_EDGE_EDGES + 4 * cur : T_EDGE_EDGES + 4 * cur + 4]:
            return f"path e{arg} is not next to the ship's path e{cur}"
        if not B.edge_is_sea_route(s, tb, arg):
            return f"path e{arg} is not a sea route (E&P §2.3)"
        return f"the ship would have to stop on e{arg}, which already holds 2 ships (E&P §4.8)"
    if f == "boost":
        i = p * EC.SHIPS_PER_PLAYER + moving
        if s[EL.SHIP_FLAGS + i] & EL.BOOSTED:
            return f"ship s{moving} has already bought extra movement this turn"
        return f"extra movement costs 1 wool and seat {p} has none"
    if f in ("stop_ship", "end_turn"):
        return "the moving ship's path already holds 2 other ships: sail on (E&P §4.8)"
    k = arg[0] if isinstance(arg, tuple) else arg
    cargo = f in ("load", "unload", "swap_cargo")
    if moving >= 0 and moving != k and (not cargo or s[EL.OPT_SHIP_ACTIONS_ALONE]):
        return f"ship s{moving} is moving: stop it before ship s{k} acts (E&P §4.8)"
    e = _ship(s, p, k)
    if e < 0:
        return f"ship s{k} is not on the board"
    if f == "found_settlement":
        end = arg[1]
        i = p * EC.SHIPS_PER_PLAYER + k
        if s[EL.SHIP_CARGO + i * EC.NUM_CARGO] == 0:
            return f"ship s{k} carries no settler"
        if s[L.SETTLEMENTS_LEFT + p] == 0:
            return f"seat {p} has no settlement left in supply"
        return _spot(s, tb, int(tb[T_EDGE_VERTICES + 2 * e + end]))
    v = B.ship_harbor(s, tb, p, e)
    if v < 0:
        return f"ship s{k} does not point at one of seat {p}'s harbor settlements"
    i = p * EC.SHIPS_PER_PLAYER + k
    hold = s[EL.SHIP_CARGO + i * EC.NUM_CARGO : EL.SHIP_CARGO + (i + 1) * EC.NUM_CARGO]
    store = s[EL.EP_STORAGE + v * EC.NUM_CARGO : EL.EP_STORAGE + (v + 1) * EC.NUM_CARGO]
    if f == "load":
        c = arg[1]
        if store[c] == 0:
            return f"the storage at v{v} holds no {EC.CARGO_NAMES[c]}"
        return f"the hold of s{k} has no room for a {EC.CARGO_NAMES[c]} (E&P §4.7)"
    if f == "unload":
        c = arg[1]
        if hold[c] == 0:
            return f"ship s{k} carries no {EC.CARGO_NAMES[c]}"
        return f"the storage at v{v} has no room for a {EC.CARGO_NAMES[c]} (E&P §4.7)"
    if f == "swap_cargo":
        return "a swap needs a loaded hold and a loaded storage with different cargo"
    return "not allowed now"


def _trade_reason(s, f, arg, p) -> str:
    from .layout import TRADE_GOLD_GIVE, TRADE_GOLD_WANT

    if not s[L.OPT_DOMESTIC_TRADE]:
        return "trade between players is switched off (domestic_trade=False)"
    if s[L.PHASE] == PH.ACTION and s[L.PROPOSALS] >= s[L.OPT_TRADE_MAX_PROPOSALS]:
        limit = int(s[L.OPT_TRADE_MAX_PROPOSALS])
        return f"no more offers this turn (trade_max_proposals_per_turn={limit})"
    why = opening_reason(s, f, s[L.PHASE] == PH.ACTION, arg, (*RESOURCE_NAMES, "gold"))
    if why is not None:
        return why
    give = int(s[L.TRADE_GIVE : L.TRADE_GIVE + 5].sum() + s[TRADE_GOLD_GIVE])
    cap = int(s[L.OPT_TRADE_MAX_CARDS])
    if f == "offer_give":
        if s[L.TRADE_WANT + arg]:
            return f"{RESOURCE_NAMES[arg]} is already asked for"
        if give >= cap:
            return f"an offer holds at most {cap} cards and coins per side"
        return f"seat {p} holds no more {RESOURCE_NAMES[arg]} to offer"
    if f == "offer_want":
        if s[L.TRADE_GIVE + arg]:
            return f"{RESOURCE_NAMES[arg]} is already offered"
        return f"an offer holds at most {cap} cards and coins per side"
    if f == "offer_give_gold":
        if s[TRADE_GOLD_WANT]:
            return "gold is already asked for"
        if give >= cap:
            return f"an offer holds at most {cap} cards and coins per side"
        return f"seat {p} has no more gold to offer"
    if f == "offer_want_gold":
        if s[TRADE_GOLD_GIVE]:
            return "gold is already offered"
        return f"an offer holds at most {cap} cards and coins per side"
    if f == "propose":
        return "an offer needs something on both sides (no gifts)"
    if f == "accept":
        return f"seat {p} cannot pay what the offer asks for"
    if f == "confirm_trade":
        return f"seat +{arg} did not accept the offer"
    return "not allowed now"
