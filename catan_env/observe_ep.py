"""Per-player observations of Explorers & Pirates (E&P §12.7).

One flat float32 vector in [0, 1] with named views (``EP_OBS_LAYOUT``), seats
relative to the observer (neutral pieces of a 2-player game have their own
slot). Public: every face-up hex with its number, every piece, ship and cargo,
gold, supplies, VP, card counts, and how many number tokens are left in each
stack. Private to the observer: its own hand. Never included: what a face-down
hex is (it shows as ``unknown``), the order of the token stacks, other players'
hand compositions, the RNG.
"""

from __future__ import annotations

from numba import njit

from .constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES
from .engine import layout as L
from .engine.ep import layout as EL
from .engine.ep.constants import (
    CAPACITY,
    HARBOR_SETTLEMENT,
    NEUTRAL,
    NUM_CARGO,
    NUM_HEX_KINDS,
    SHIPS_PER_PLAYER,
    UNKNOWN,
)
from .engine.ep.layout import MAX_EDGES, MAX_HEXES, MAX_VERTICES, TOKENS_PER_AREA
from .engine.ep.phases import EP_NUM_PHASES
from .engine.ep.tables import T_NUM_EDGES, T_NUM_HEXES, T_NUM_VERTICES
from .engine.layout import Layout

P = MAX_PLAYERS
S = SHIPS_PER_PLAYER
OWNERS = P + 1  # relative seats, then neutral
EP_OBS_LAYOUT = Layout("observation_ep")
_o = EP_OBS_LAYOUT.add
O_HEX_KIND = _o("hex_kind", (MAX_HEXES, NUM_HEX_KINDS + 1), "one-hot kind; last: unknown")
O_HEX_NUMBER = _o("hex_number", (MAX_HEXES, 11), "one-hot number token 2..12")
O_SETTLEMENT = _o("settlement", (MAX_VERTICES, OWNERS), "settlement of relative seat / neutral")
O_HARBOR = _o("harbor_settlement", (MAX_VERTICES, OWNERS), "harbor settlement of seat / neutral")
O_STORAGE = _o("storage", (MAX_VERTICES, NUM_CARGO), "pieces in a harbor's storage / 2")
O_ROAD = _o("road", (MAX_EDGES, OWNERS), "road of relative seat / neutral")
O_SHIPS_ON = _o("ships_on", (MAX_EDGES, P), "ships of relative seat on the path / 2")
O_SHIP_PLACED = _o("ship_placed", (P, S), "the ship is on the board")
O_SHIP_CARGO = _o("ship_cargo", (P, S, NUM_CARGO), "pieces in the hold / 2")
O_SHIP_MP = _o("ship_mp", (P, S), "movement points left / 8")
O_SHIP_FLAGS = _o("ship_flags", (P, S, 3), "moved, finished, boosted this turn")
O_MOVING = _o("moving_ship", S, "which of the active seat's ships is moving")
O_OWN_HAND = _o("own_hand", NUM_RESOURCES, "own cards / 19")
O_HAND_SIZE = _o("hand_size", P, "cards held / 40 (capped)")
O_GOLD = _o("gold", P, "gold / 20 (capped)")
O_SUPPLY = _o("supply", (P, 5), "settlements/5, roads/15, harbors/4, ships/3, settlers/2 left")
O_VP = _o("vp", P, "VP / target (capped)")
O_BANK = _o("bank", NUM_RESOURCES, "bank cards / 19")
O_TOKENS_LEFT = _o("tokens_left", 2, "number tokens left in the north/south stack / 6")
O_DISCARDS = _o("discards_owed", P, "cards still to discard / 20")
O_PHASE = _o("phase", EP_NUM_PHASES, "one-hot phase")
O_ACTIVE = _o("active_player", P, "relative seat whose turn it is")
O_DICE = _o("dice", 11, "one-hot last roll 2..12")
O_GOLD_BUYS = _o("gold_buys", 1, "gold purchases this turn / 2")
O_TURN = _o("turn", 1, "turn / 200 (capped)")

EP_OBS_SIZE = EP_OBS_LAYOUT.size


@njit(cache=True)
def _owner_slot(owner, me, n):
    return P if owner >= NEUTRAL else (owner - me) % n


@njit(cache=True)
def ep_observe_into(state, tb, me, out):
    """Write seat ``me``'s observation of an E&P ``state`` into ``out``."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    for h in range(tb[T_NUM_HEXES]):
        if state[EL.EP_HEX_REVEALED + h] == 0:
            out[O_HEX_KIND + h * (NUM_HEX_KINDS + 1) + UNKNOWN] = 1.0
            continue
        out[O_HEX_KIND + h * (NUM_HEX_KINDS + 1) + state[EL.EP_HEX_KIND + h]] = 1.0
        num = state[EL.EP_HEX_NUMBER + h]
        if num >= 2:
            out[O_HEX_NUMBER + h * 11 + num - 2] = 1.0
    for v in range(tb[T_NUM_VERTICES]):
        owner = state[EL.EP_VERTEX_OWNER + v]
        if owner < 0:
            continue
        slot = _owner_slot(owner, me, n)
        if state[EL.EP_VERTEX_BUILDING + v] == HARBOR_SETTLEMENT:
            out[O_HARBOR + v * OWNERS + slot] = 1.0
        else:
            out[O_SETTLEMENT + v * OWNERS + slot] = 1.0
        for c in range(NUM_CARGO):
            out[O_STORAGE + v * NUM_CARGO + c] = state[EL.EP_STORAGE + v * NUM_CARGO + c] / CAPACITY
    for e in range(tb[T_NUM_EDGES]):
        owner = state[EL.EP_ROAD_OWNER + e]
        if owner >= 0:
            out[O_ROAD + e * OWNERS + _owner_slot(owner, me, n)] = 1.0
    for p in range(n):
        rel = (p - me) % n
        for k in range(S):
            i = p * S + k
            j = rel * S + k
            e = state[EL.SHIP_EDGE + i]
            if e >= 0:
                out[O_SHIPS_ON + e * P + rel] += 0.5
                out[O_SHIP_PLACED + j] = 1.0
            for c in range(NUM_CARGO):
                out[O_SHIP_CARGO + j * NUM_CARGO + c] = (
                    state[EL.SHIP_CARGO + i * NUM_CARGO + c] / CAPACITY
                )
            out[O_SHIP_MP + j] = min(state[EL.SHIP_MP + i], 8) / 8.0
            f = state[EL.SHIP_FLAGS + i]
            out[O_SHIP_FLAGS + 3 * j] = 1.0 if f & EL.MOVED else 0.0
            out[O_SHIP_FLAGS + 3 * j + 1] = 1.0 if f & EL.FINISHED else 0.0
            out[O_SHIP_FLAGS + 3 * j + 2] = 1.0 if f & EL.BOOSTED else 0.0
        size = 0
        for r in range(NUM_CARD_TYPES):
            size += state[L.HAND + p * NUM_CARD_TYPES + r]
        out[O_HAND_SIZE + rel] = min(size, 40) / 40.0
        out[O_GOLD + rel] = min(state[EL.GOLD + p], 20) / 20.0
        out[O_SUPPLY + 5 * rel] = state[L.SETTLEMENTS_LEFT + p] / 5.0
        out[O_SUPPLY + 5 * rel + 1] = state[L.ROADS_LEFT + p] / 15.0
        out[O_SUPPLY + 5 * rel + 2] = state[EL.HARBORS_LEFT + p] / 4.0
        free = 0
        for k in range(S):
            if state[EL.SHIP_EDGE + p * S + k] < 0:
                free += 1
        out[O_SUPPLY + 5 * rel + 3] = free / 3.0
        out[O_SUPPLY + 5 * rel + 4] = state[EL.SETTLERS_LEFT + p] / 2.0
        out[O_VP + rel] = min(1.0, state[L.PUBLIC_VP + p] / max(1, state[L.OPT_VP_TO_WIN]))
        out[O_DISCARDS + rel] = min(state[L.DISCARDS_OWED + p], 20) / 20.0
    for r in range(NUM_RESOURCES):
        out[O_OWN_HAND + r] = state[L.HAND + me * NUM_CARD_TYPES + r] / 19.0
        out[O_BANK + r] = state[L.BANK + r] / 19.0
    if state[EL.MOVING_SHIP] >= 0:
        out[O_MOVING + state[EL.MOVING_SHIP]] = 1.0
    for a in range(2):
        out[O_TOKENS_LEFT + a] = (TOKENS_PER_AREA - state[EL.EP_TOKEN_POS + a]) / TOKENS_PER_AREA
    out[O_PHASE + state[L.PHASE]] = 1.0
    out[O_ACTIVE + (state[L.ACTIVE_PLAYER] - me) % n] = 1.0
    total = state[L.DICE] + state[L.DICE + 1]
    if total >= 2:
        out[O_DICE + total - 2] = 1.0
    out[O_GOLD_BUYS] = state[EL.GOLD_BUYS] / 2.0
    out[O_TURN] = min(state[L.TURN], 200) / 200.0
