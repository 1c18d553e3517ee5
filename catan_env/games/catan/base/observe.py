"""Per-player observations: one flat float32 vector with named views.

Seats are relative to the observer (view index 0 is the observer, 1 the next
seat clockwise, ...), so one policy can play any seat. Everything is scaled to
[0, 1]. The vector holds only what the observer may know (base §12): the
board, every public count, the observer's own hand and development cards
exactly, and for opponents only counts. The deck order, opponents' hands and
development cards and the RNG never enter it.

``OBS_LAYOUT.view(obs, "hand_size")`` gives a named view, e.g. shape ``(4,)``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from catan_env.core.layout import Layout

from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common import observe as OB
from ..common.phases import NUM_PHASES

P = C.MAX_PLAYERS
OBS_LAYOUT = Layout("observation")
_o = OBS_LAYOUT.add
O_TERRAIN, O_NUMBER, O_ROBBER = OB.add_board_fields(OBS_LAYOUT)
O_HARBOR = _o("harbor_type", (NUM_HARBORS, C.NUM_HARBOR_TYPES), "one-hot harbor type H1..H9")
O_SETTLEMENT = _o("settlement", (NUM_VERTICES, P), "settlement of relative seat")
O_CITY = _o("city", (NUM_VERTICES, P), "city of relative seat")
O_ROAD = _o("road", (NUM_EDGES, P), "road of relative seat")
O_OWN_HAND = _o("own_hand", C.NUM_RESOURCES, "own resource cards / 19")
O_OWN_DEV = _o("own_dev_cards", C.NUM_DEV_TYPES, "own development cards / 14")
O_OWN_DEV_NEW = _o("own_dev_cards_new", C.NUM_DEV_TYPES, "of which bought this turn / 14")
O_OWN_RATES = _o("own_trade_rate", C.NUM_RESOURCES, "(4 - rate) / 2: 0 for 4:1, 1 for 2:1")
O_OWN_TOTAL_VP = _o("own_total_vp", (), "own VP including VP cards / 22")
O_HAND_SIZE = _o("hand_size", P, "resource cards held / 40 (capped)")
O_DEV_COUNT = _o("dev_card_count", P, "development cards held / 25")
O_ARMY = _o("army", P, "knights played / 14")
O_DEV_USED = _o("dev_cards_played", (P, C.NUM_DEV_TYPES), "cards played by type / 14")
O_PUBLIC_VP = _o("public_vp", P, "public VP / 22")
O_ROADS_LEFT = _o("roads_left", P, "roads in supply / 15")
O_SETTLEMENTS_LEFT = _o("settlements_left", P, "settlements in supply / 5")
O_CITIES_LEFT = _o("cities_left", P, "cities in supply / 4")
O_ROAD_LENGTH = _o("road_length", P, "longest trail / 15")
O_LONGEST_ROAD = _o("longest_road", P, "holds Longest Road")
O_LARGEST_ARMY = _o("largest_army", P, "holds Largest Army")
O_DISCARDS = _o("discards_owed", P, "cards still to discard / 20 (capped)")
O_IN_GAME = _o("seat_in_game", P, "1 for seats in play")
O_BANK = _o("bank", C.NUM_RESOURCES, "bank / 19")
O_DECK = _o("deck_left", (), "development cards left / 25")
O_PHASE = _o("phase", NUM_PHASES, "one-hot phase")
O_ACTIVE = _o("active_player", P, "one-hot relative seat whose turn it is")
O_CURRENT = _o("current_player", P, "one-hot relative seat that decides now")
O_DICE = _o("dice_sum", 11, "one-hot last roll 2..12")
O_FLAGS = _o(
    "turn_flags", 6, "card played, built, proposals/limit, free roads/2, picks/2, turn/limit"
)
O_TRADE_GIVE = _o("trade_give", C.NUM_RESOURCES, "offer: cards given / 19")
O_TRADE_WANT = _o("trade_want", C.NUM_RESOURCES, "offer: cards wanted / 19")
O_TRADE_TO = _o("trade_to", P, "addressee: 0 = everybody, k = k seats after the proposer")
O_TRADE_ANSWER = _o("trade_answer", (P, 3), "pending / accepted / declined per relative seat")
OBS_SIZE = OBS_LAYOUT.size

_DEV_SCALE = 14.0
_CARDS = float(C.RESOURCE_CARDS_PER_TYPE)
_DECK = float(C.DEV_DECK_SIZE)


@njit(cache=True)
def observe_into(state, tb, me, out):
    """Write seat ``me``'s observation of ``state`` into ``out`` (float32, OBS_SIZE)."""
    out[:] = 0.0
    n = state[L.NUM_PLAYERS]
    OB.observe_board(state, out, O_TERRAIN, O_NUMBER, O_ROBBER)
    OB.observe_harbors(state, out, O_HARBOR)
    for v in range(NUM_VERTICES):
        owner = state[L.VERTEX_OWNER + v]
        if owner >= 0:
            rel = OB.relative(owner, me, n)
            if state[L.VERTEX_BUILDING + v] == C.SETTLEMENT:
                out[O_SETTLEMENT + v * P + rel] = 1.0
            elif state[L.VERTEX_BUILDING + v] == C.CITY:
                out[O_CITY + v * P + rel] = 1.0
    OB.observe_roads(state, out, O_ROAD, me, n)
    for r in range(C.NUM_RESOURCES):
        out[O_OWN_HAND + r] = OB.scaled(state[L.HAND + me * C.NUM_CARD_TYPES + r], _CARDS)
        out[O_OWN_RATES + r] = (4 - state[L.HARBOR_RATE + me * C.NUM_CARD_TYPES + r]) / 2.0
        out[O_BANK + r] = OB.scaled(state[L.BANK + r], _CARDS)
        out[O_TRADE_GIVE + r] = OB.scaled(state[L.TRADE_GIVE + r], _CARDS)
        out[O_TRADE_WANT + r] = OB.scaled(state[L.TRADE_WANT + r], _CARDS)
    for c in range(C.NUM_DEV_TYPES):
        out[O_OWN_DEV + c] = OB.scaled(state[L.DEV_HAND + me * C.NUM_DEV_TYPES + c], _DEV_SCALE)
        out[O_OWN_DEV_NEW + c] = OB.scaled(state[L.DEV_NEW + me * C.NUM_DEV_TYPES + c], _DEV_SCALE)
    vp_cards = state[L.DEV_HAND + me * C.NUM_DEV_TYPES + C.VICTORY_POINT]
    out[O_OWN_TOTAL_VP] = OB.scaled(min(state[L.PUBLIC_VP + me] + vp_cards, 22), 22.0)
    for k in range(n):
        q = me + k if me + k < n else me + k - n
        size = 0
        for r in range(C.NUM_RESOURCES):
            size += state[L.HAND + q * C.NUM_CARD_TYPES + r]
        dev = 0
        for c in range(C.NUM_DEV_TYPES):
            dev += state[L.DEV_HAND + q * C.NUM_DEV_TYPES + c]
            out[O_DEV_USED + k * C.NUM_DEV_TYPES + c] = OB.scaled(
                state[L.DEV_USED + q * C.NUM_DEV_TYPES + c], _DEV_SCALE
            )
        out[O_HAND_SIZE + k] = OB.cap(size, 40.0)
        out[O_DEV_COUNT + k] = OB.scaled(dev, _DECK)
        out[O_ARMY + k] = OB.scaled(state[L.DEV_USED + q * C.NUM_DEV_TYPES + C.KNIGHT], _DEV_SCALE)
        out[O_PUBLIC_VP + k] = OB.scaled(min(state[L.PUBLIC_VP + q], 22), 22.0)
        out[O_ROADS_LEFT + k] = OB.scaled(state[L.ROADS_LEFT + q], 15.0)
        out[O_SETTLEMENTS_LEFT + k] = OB.scaled(state[L.SETTLEMENTS_LEFT + q], 5.0)
        out[O_CITIES_LEFT + k] = state[L.CITIES_LEFT + q] / 4.0
        out[O_ROAD_LENGTH + k] = OB.scaled(state[L.ROAD_LENGTH + q], 15.0)
        out[O_LONGEST_ROAD + k] = 1.0 if state[L.LONGEST_ROAD_HOLDER] == q else 0.0
        out[O_LARGEST_ARMY + k] = 1.0 if state[L.LARGEST_ARMY_HOLDER] == q else 0.0
        out[O_DISCARDS + k] = OB.cap(state[L.DISCARDS_OWED + q], 20.0)
        out[O_IN_GAME + k] = 1.0
        ans = state[L.TRADE_ANSWER + q]
        if ans > 0:
            out[O_TRADE_ANSWER + k * 3 + ans - 1] = 1.0
    out[O_DECK] = OB.scaled(C.DEV_DECK_SIZE - state[L.DECK_POS], _DECK)
    OB.observe_turn(state, out, O_PHASE, O_ACTIVE, O_CURRENT, me, n)
    total = state[L.DICE] + state[L.DICE + 1]
    if total >= 2:
        out[O_DICE + total - 2] = 1.0
    out[O_FLAGS] = state[L.DEV_PLAYED]
    out[O_FLAGS + 1] = state[L.BUILT_THIS_TURN]
    limit = state[L.OPT_TRADE_MAX_PROPOSALS]
    out[O_FLAGS + 2] = state[L.PROPOSALS] / limit if limit > 0 else 0.0
    out[O_FLAGS + 3] = state[L.ROADS_TO_PLACE] / 2.0
    out[O_FLAGS + 4] = state[L.PICKS_LEFT] / 2.0
    turns = state[L.OPT_MAX_TURNS]
    out[O_FLAGS + 5] = OB.cap(state[L.TURN], turns if turns > 0 else 1000)
    offer_out = False
    for q in range(n):
        if state[L.TRADE_ANSWER + q] > 0:
            offer_out = True
    if offer_out:
        to = state[L.TRADE_TO]
        out[O_TRADE_TO + (0 if to < 0 else OB.relative(to, state[L.ACTIVE_PLAYER], n))] = 1.0


def observe(state: np.ndarray, tb, me: int, out: np.ndarray | None = None) -> np.ndarray:
    """Seat ``me``'s observation as a new (or the given) float32 array."""
    if out is None:
        out = np.empty(OBS_SIZE, np.float32)
    observe_into(state, tb, me, out)
    return out
