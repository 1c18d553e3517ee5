"""Per-player observations of Explorers & Pirates (E&P §12.7).

One flat float32 vector in [0, 1] with named views (``OBS_LAYOUT``), seats
relative to the observer (neutral pieces of a 2-player game have their own
slot). Public: every face-up hex with its number, every piece, ship and cargo,
gold, supplies, VP, card counts, and how many number tokens are left in each
stack. Private to the observer: its own hand. Never included: what a face-down
hex is (it shows as ``unknown``), the order of the token stacks, other players'
hand compositions, the RNG.
"""

from __future__ import annotations

from numba import njit

from catan_env.core.layout import Layout

from ..common import layout as L
from ..common.constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES
from ..common.phases import TRADE_CLOSE, TRADE_RESPOND
from . import layout as EL
from .constants import (
    CAPACITY,
    HARBOR_SETTLEMENT,
    NEUTRAL,
    NUM_CARGO,
    NUM_HEX_KINDS,
    NUM_TRACKS,
    SHIPS_PER_PLAYER,
    UNKNOWN,
)
from .layout import (
    MAX_EDGES,
    MAX_HEXES,
    MAX_VERTICES,
    TOKENS_PER_AREA,
)
from .phases import EP_NUM_PHASES
from .tables import (
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
)

P = MAX_PLAYERS
S = SHIPS_PER_PLAYER
OWNERS = P + 1  # relative seats, then neutral
OBS_LAYOUT = Layout("observation_ep")
_o = OBS_LAYOUT.add
O_HEX_KIND = _o("hex_kind", (MAX_HEXES, NUM_HEX_KINDS + 1), "one-hot kind; last: unknown")
O_HEX_NUMBER = _o("hex_number", (MAX_HEXES, 11), "one-hot number token 2..12")
O_SETTLEMENT = _o("settlement", (MAX_VERTICES, OWNERS), "settlement of relative seat / neutral")
O_HARBOR = _o("harbor_settlement", (MAX_VERTICES, OWNERS), "harbor settlement of seat / neutral")
O_STORAGE = _o("storage", (MAX_VERTICES, NUM_CARGO), "pieces in a harbor's storage / 2")
O_ROAD = _o("road", (MAX_EDGES, OWNERS), "road of relative seat / neutral")
O_SHIPS_ON = _o("ships_on", (MAX_EDGES, P), "ships of relative seat on the path / 3")
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
O_OFFER_GIVE = _o("offer_give", NUM_RESOURCES + 1, "cards, then gold, offered / 19")
O_OFFER_WANT = _o("offer_want", NUM_RESOURCES + 1, "cards, then gold, asked for / 19")
O_OFFER_TO = _o("offer_to", P + 1, "addressee: relative seat 0..3, or every opponent")
O_ANSWERS = _o("trade_answers", (P, 4), "one-hot answer of each relative seat")
O_TURN = _o("turn", 1, "turn / 200 (capped)")
O_PIRATE = _o("pirate", (MAX_HEXES, OWNERS), "pirate ship of relative seat on the hex")
O_CREWS_LEFT = _o("crews_left", P, "crews in supply / 9")
O_LAIR = _o("lair", (MAX_HEXES, 3), "active lair, captured this turn, gold field")
O_LAIR_CREWS = _o("lair_crews", (MAX_HEXES, P), "crews of relative seat on the lair / 3")
O_TRACK = _o("track", (P, NUM_TRACKS), "marker space / 7")
O_TRACK_CARD = _o("mission_vp_card", (NUM_TRACKS, P), "relative seat holding each VP card")
O_CHASE_DIE = _o("chase_die", 1, "last chase roll / 6")
O_FISH_FACE = _o("fish_face", (MAX_HEXES, 6), "one-hot die face of a face-up shoal")
O_FISH_ON = _o("fish_on_shoal", MAX_HEXES, "a fish lies on the shoal")
O_FISH_SUPPLY = _o("fish_supply", 1, "fish in the supply / 6")
O_FISH_DIE = _o("fishing_die", 1, "last fishing roll / 6")
O_FISHED = _o("fished", 1, "the fishing roll was made this turn")
O_VILLAGE = _o("village", (MAX_HEXES, 3), "advantage of a face-up village")
O_VILLAGE_FACE = _o("pirate_bonus_face", MAX_HEXES, "a Pirate Bonus village's die face / 6")
O_SACKS = _o("village_sacks", MAX_HEXES, "spice sacks on a village / 4")
O_VILLAGE_CREWS = _o("village_crews", (MAX_HEXES, P), "relative seat befriended the village")
O_SPICE_SUPPLY = _o("spice_supply", 1, "spice sacks in the supply / 24")
O_FAST_GOLD = _o("fast_gold_used", 1, "Fast Gold sales this turn / 2")

EP_OBS_SIZE = OBS_LAYOUT.size


@njit(cache=True)
def _owner_slot(owner, me, n):
    return P if owner >= NEUTRAL else (owner - me) % n


@njit(cache=True)
def observe_into(state, tb, me, out):
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
                out[O_SHIPS_ON + e * P + rel] += 1.0 / 3.0
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
    for r in range(NUM_RESOURCES):
        out[O_OFFER_GIVE + r] = state[L.TRADE_GIVE + r] / 19.0
        out[O_OFFER_WANT + r] = state[L.TRADE_WANT + r] / 19.0
    out[O_OFFER_GIVE + NUM_RESOURCES] = min(state[EL.TRADE_GOLD_GIVE], 19) / 19.0
    out[O_OFFER_WANT + NUM_RESOURCES] = min(state[EL.TRADE_GOLD_WANT], 19) / 19.0
    if state[L.PHASE] == TRADE_RESPOND or state[L.PHASE] == TRADE_CLOSE:
        to = state[L.TRADE_TO]
        out[O_OFFER_TO + (P if to < 0 else (to - me) % n)] = 1.0
    for p in range(n):
        out[O_ANSWERS + 4 * ((p - me) % n) + state[L.TRADE_ANSWER + p]] = 1.0
    out[O_TURN] = min(state[L.TURN], 200) / 200.0
    if state[EL.PIRATE_HEX] >= 0:
        out[O_PIRATE + state[EL.PIRATE_HEX] * OWNERS + (state[EL.PIRATE_OWNER] - me) % n] = 1.0
    for h in range(tb[T_NUM_HEXES]):
        ls = state[EL.LAIR_STATE + h]
        if ls > 0:
            out[O_LAIR + 3 * h + ls - 1] = 1.0
    for p in range(n):
        rel = (p - me) % n
        out[O_CREWS_LEFT + rel] = state[EL.CREWS_LEFT + p] / 9.0
        for h in range(tb[T_NUM_HEXES]):
            out[O_LAIR_CREWS + h * P + rel] = state[EL.LAIR_CREWS + h * P + p] / 3.0
        for t in range(NUM_TRACKS):
            out[O_TRACK + rel * NUM_TRACKS + t] = state[EL.TRACK_POS + p * NUM_TRACKS + t] / 7.0
    for t in range(NUM_TRACKS):
        holder = state[EL.TRACK_HOLDER + t]
        if holder >= 0:
            out[O_TRACK_CARD + t * P + (holder - me) % n] = 1.0
    out[O_CHASE_DIE] = state[EL.CHASE_DIE] / 6.0
    for h in range(tb[T_NUM_HEXES]):
        face = state[EL.FISH_FACE + h]
        if face > 0 and state[EL.EP_HEX_REVEALED + h] == 1:
            out[O_FISH_FACE + 6 * h + face - 1] = 1.0
        out[O_FISH_ON + h] = state[EL.FISH_ON + h]
    out[O_FISH_SUPPLY] = state[EL.FISH_SUPPLY] / 6.0
    out[O_FISH_DIE] = state[EL.FISH_DIE] / 6.0
    out[O_FISHED] = state[EL.FISHED]
    for h in range(tb[T_NUM_HEXES]):
        adv = state[EL.SPICE_ADV + h]
        if adv > 0 and state[EL.EP_HEX_REVEALED + h] == 1:
            out[O_VILLAGE + 3 * h + adv - 1] = 1.0
            out[O_VILLAGE_FACE + h] = state[EL.SPICE_FACE + h] / 6.0
            out[O_SACKS + h] = state[EL.SPICE_SACKS + h] / 4.0
            for p in range(n):
                out[O_VILLAGE_CREWS + h * P + (p - me) % n] = state[EL.SPICE_CREW + h * P + p]
    out[O_SPICE_SUPPLY] = state[EL.SPICE_SUPPLY] / 24.0
    out[O_FAST_GOLD] = state[EL.FAST_GOLD_USED] / 2.0
