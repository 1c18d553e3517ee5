"""Per-player observations of Cities & Knights (C&K §3.20).

One flat float32 vector in [0, 1] with named views (``OBS_LAYOUT``), seats
relative to the observer. Public: the board, every piece with its owner, knight
strengths and states, walls, metropolises, the merchant, the barbarian ship,
improvement levels, VP and its sources, card counts. Private to the observer:
its own resource/commodity hand and its progress cards. Never included: other
players' hand compositions and progress cards, the deck order, the RNG.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from catan_env.core.layout import Layout

from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_HEXES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common import observe as OB
from ..common.cards import hand_size
from . import layout as CL
from .constants import (
    BARBARIAN_ATTACK_POSITION,
    DECK_SIZE,
    KNIGHT_ACTED,
    KNIGHT_BECAME_ACTIVE,
    KNIGHT_PROMOTED,
    NUM_CARD_KINDS,
    NUM_TRACKS,
)
from .phases import CK_NUM_PHASES
from .progress import held_cards

P = C.MAX_PLAYERS
OBS_LAYOUT = Layout("observation_ck")
_o = OBS_LAYOUT.add
O_TERRAIN, O_NUMBER, O_ROBBER = OB.add_board_fields(OBS_LAYOUT)
O_MERCHANT = _o("merchant", NUM_HEXES, "merchant hex")
O_HARBOR = _o("harbor_type", (NUM_HARBORS, C.NUM_HARBOR_TYPES), "one-hot harbor type")
O_SETTLEMENT = _o("settlement", (NUM_VERTICES, P), "settlement (or tipped city) of relative seat")
O_CITY = _o("city", (NUM_VERTICES, P), "city of relative seat")
O_METRO = _o("metropolis", (NUM_VERTICES, NUM_TRACKS), "metropolis of a track on the city")
O_WALL = _o("wall", NUM_VERTICES, "city wall")
O_KNIGHT = _o("knight", (NUM_VERTICES, P, 3), "knight of relative seat by strength")
O_KNIGHT_ACTIVE = _o("knight_active", NUM_VERTICES, "the knight there is active")
O_KNIGHT_SPENT = _o("knight_flags", (NUM_VERTICES, 3), "became active / acted / promoted")
O_ROAD = _o("road", (NUM_EDGES, P), "road of relative seat")
O_OWN_HAND = _o("own_hand", C.NUM_CARD_TYPES, "own cards / 19 (commodities / 12)")
O_OWN_PROGRESS = _o("own_progress_cards", NUM_CARD_KINDS, "own progress cards / 4")
O_OWN_RATES = _o("own_trade_rate", C.NUM_CARD_TYPES, "(4 - harbor rate) / 2")
O_HAND_SIZE = _o("hand_size", P, "cards held / 40 (capped)")
O_PROGRESS_COUNT = _o("progress_count", P, "progress cards held / 5")
O_LEVEL = _o("improvement_level", (P, NUM_TRACKS), "level / 5")
O_PUBLIC_VP = _o("public_vp", P, "VP / 22 (all C&K VP are public)")
O_DEFENDER = _o("defender", P, "Defender awards / 6 (capped)")
O_VP_CARDS = _o("vp_cards", P, "Printer / Constitution revealed / 2")
O_SUPPLY = _o("supply", (P, 4), "roads/15, settlements/5, cities/4, walls/3 in supply")
O_KNIGHT_SUPPLY = _o("knight_supply", (P, 3), "knight tokens in supply / 2 by strength")
O_ROAD_LENGTH = _o("road_length", P, "longest trail / 15")
O_LONGEST_ROAD = _o("longest_road", P, "holds Longest Road")
O_MERCHANT_OWNER = _o("merchant_owner", P, "controls the merchant")
O_OWED = _o("owed", (P, 3), "cards to discard / 20, gifts owed / 2, city to lose")
O_IN_GAME = _o("seat_in_game", P, "1 for seats in play")
O_BANK = _o("bank", C.NUM_CARD_TYPES, "bank / 19 (commodities / 12)")
O_DECKS = _o("deck_size", NUM_TRACKS, "progress cards left / 18")
O_BARBARIANS = _o("barbarians", BARBARIAN_ATTACK_POSITION + 1, "one-hot ship position")
O_FIRST_ATTACK = _o("first_attack_done", (), "robber free")
O_EVENT = _o("event", 4, "one-hot last event die face")
O_DICE = _o("dice", (2, 6), "one-hot red and yellow die")
O_PHASE = _o("phase", CK_NUM_PHASES, "one-hot phase")
O_ACTIVE = _o("active_player", P, "one-hot relative seat whose turn it is")
O_CURRENT = _o("current_player", P, "one-hot relative seat that decides now")
O_FLEET = _o("merchant_fleet", C.NUM_CARD_TYPES, "types traded 2:1 this turn")
O_COMMERCIAL_HARBOR = _o("commercial_harbor", (P + 1,), "open; used per relative seat")
O_TRADE = _o("trade_offer", (2, C.NUM_CARD_TYPES), "offer given / wanted / 19")
O_TRADE_ANSWER = _o("trade_answer", (P, 3), "pending / accepted / declined")
O_SELECTED = _o("knight_selected", NUM_VERTICES, "knight taking an action")
O_DISPLACED = _o("displaced_from", NUM_VERTICES, "where a displaced knight stood")
O_CARD_TARGET = _o("card_target", P, "seat chosen by the card in play")
O_TURN = _o("turn", (), "turn / limit")
CK_OBS_SIZE = OBS_LAYOUT.size


@njit(cache=True)
def observe_into(state, tb, me, out):
    """Write seat ``me``'s observation of a C&K ``state`` into ``out``."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    OB.observe_board(state, out, O_TERRAIN, O_NUMBER, O_ROBBER)
    if state[CL.MERCHANT_HEX] >= 0:
        out[O_MERCHANT + state[CL.MERCHANT_HEX]] = 1.0
    OB.observe_harbors(state, out, O_HARBOR)
    for v in range(NUM_VERTICES):
        owner = state[L.VERTEX_OWNER + v]
        if owner >= 0:
            rel = (owner - me) % n
            kind = state[L.VERTEX_BUILDING + v]
            if kind == C.SETTLEMENT or kind == C.TIPPED_CITY:
                out[O_SETTLEMENT + v * P + rel] = 1.0
            elif kind == C.CITY:
                out[O_CITY + v * P + rel] = 1.0
        out[O_WALL + v] = state[CL.VERTEX_WALL + v]
        k = state[L.KNIGHT_OWNER + v]
        if k >= 0:
            out[O_KNIGHT + (v * P + (k - me) % n) * 3 + state[CL.KNIGHT_STRENGTH + v] - 1] = 1.0
            out[O_KNIGHT_ACTIVE + v] = state[CL.KNIGHT_ACTIVE + v]
            f = state[CL.KNIGHT_FLAGS + v]
            out[O_KNIGHT_SPENT + 3 * v] = 1.0 if f & KNIGHT_BECAME_ACTIVE else 0.0
            out[O_KNIGHT_SPENT + 3 * v + 1] = 1.0 if f & KNIGHT_ACTED else 0.0
            out[O_KNIGHT_SPENT + 3 * v + 2] = 1.0 if f & KNIGHT_PROMOTED else 0.0
    for t in range(NUM_TRACKS):
        v = state[CL.METRO_VERTEX + t]
        if v >= 0:
            out[O_METRO + v * NUM_TRACKS + t] = 1.0
    OB.observe_roads(state, out, O_ROAD, me, n)
    for r in range(C.NUM_CARD_TYPES):
        scale = 19.0 if r < C.NUM_RESOURCES else 12.0
        out[O_OWN_HAND + r] = state[L.HAND + me * C.NUM_CARD_TYPES + r] / scale
        out[O_OWN_RATES + r] = (4 - state[L.HARBOR_RATE + me * C.NUM_CARD_TYPES + r]) / 2.0
        out[O_BANK + r] = state[L.BANK + r] / scale
        out[O_TRADE + r] = state[L.TRADE_GIVE + r] / 19.0
        out[O_TRADE + C.NUM_CARD_TYPES + r] = state[L.TRADE_WANT + r] / 19.0
        out[O_FLEET + r] = 1.0 if (state[CL.FLEET_TYPES] >> r) & 1 else 0.0
    for kind in range(NUM_CARD_KINDS):
        out[O_OWN_PROGRESS + kind] = OB.cap(
            state[CL.PROGRESS_HAND + me * NUM_CARD_KINDS + kind], 4.0
        )
    for k in range(n):
        q = (me + k) % n
        out[O_HAND_SIZE + k] = OB.cap(hand_size(state, q), 40.0)
        out[O_PROGRESS_COUNT + k] = OB.cap(held_cards(state, q), 5.0)
        for t in range(NUM_TRACKS):
            out[O_LEVEL + k * NUM_TRACKS + t] = state[CL.LEVEL + 3 * q + t] / 5.0
        out[O_PUBLIC_VP + k] = OB.cap(state[L.PUBLIC_VP + q], 22.0)
        out[O_DEFENDER + k] = OB.cap(state[CL.DEFENDER_VP + q], 6.0)
        out[O_VP_CARDS + k] = state[CL.VP_CARDS + q] / 2.0
        out[O_SUPPLY + 4 * k] = state[L.ROADS_LEFT + q] / 15.0
        out[O_SUPPLY + 4 * k + 1] = state[L.SETTLEMENTS_LEFT + q] / 5.0
        out[O_SUPPLY + 4 * k + 2] = state[L.CITIES_LEFT + q] / 4.0
        out[O_SUPPLY + 4 * k + 3] = state[CL.WALLS_LEFT + q] / 3.0
        for s in range(3):
            out[O_KNIGHT_SUPPLY + 3 * k + s] = state[CL.KNIGHTS_LEFT + 3 * q + s] / 2.0
        out[O_ROAD_LENGTH + k] = state[L.ROAD_LENGTH + q] / 15.0
        out[O_LONGEST_ROAD + k] = 1.0 if state[L.LONGEST_ROAD_HOLDER] == q else 0.0
        out[O_MERCHANT_OWNER + k] = 1.0 if state[CL.MERCHANT_OWNER] == q else 0.0
        out[O_OWED + 3 * k] = OB.cap(state[L.DISCARDS_OWED + q], 20.0)
        out[O_OWED + 3 * k + 1] = state[CL.GIVES_OWED + q] / 2.0
        out[O_OWED + 3 * k + 2] = state[CL.PILLAGE_OWED + q]
        out[O_IN_GAME + k] = 1.0
        out[O_COMMERCIAL_HARBOR + 1 + k] = state[CL.HARBOR_USED + q]
        ans = state[L.TRADE_ANSWER + q]
        if ans > 0:
            out[O_TRADE_ANSWER + k * 3 + ans - 1] = 1.0
    for t in range(NUM_TRACKS):
        out[O_DECKS + t] = state[CL.PDECK_COUNT + t] / DECK_SIZE
    out[O_BARBARIANS + state[CL.BARBARIAN_POS]] = 1.0
    out[O_FIRST_ATTACK] = state[CL.FIRST_ATTACK_DONE]
    if state[CL.EVENT_FACE] >= 0:
        out[O_EVENT + state[CL.EVENT_FACE]] = 1.0
    for i in range(2):
        if state[L.DICE + i] > 0:
            out[O_DICE + 6 * i + state[L.DICE + i] - 1] = 1.0
    OB.observe_turn(state, out, O_PHASE, O_ACTIVE, O_CURRENT, me, n)
    out[O_COMMERCIAL_HARBOR] = state[CL.HARBOR_TRADES]
    if state[CL.KNIGHT_SELECTED] >= 0:
        out[O_SELECTED + state[CL.KNIGHT_SELECTED]] = 1.0
    if state[CL.DISPLACED_OWNER] >= 0:
        out[O_DISPLACED + state[CL.DISPLACED_FROM]] = 1.0
    if state[CL.CARD_TARGET] >= 0:
        out[O_CARD_TARGET + (state[CL.CARD_TARGET] - me) % n] = 1.0
    turns = state[L.OPT_MAX_TURNS]
    out[O_TURN] = OB.cap(state[L.TURN], turns if turns > 0 else 1000)


def ck_observe(state: np.ndarray, tb, me: int, out: np.ndarray | None = None) -> np.ndarray:
    if out is None:
        out = np.empty(CK_OBS_SIZE, np.float32)
    observe_into(state, tb, me, out)
    return out
