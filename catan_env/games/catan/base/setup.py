"""Reset and the set-up phase (base §3, §4).

``reset_state`` builds the board from the game's seeded RNG (or from a
template), fills the bank and the shuffled development deck, draws the
starting seat and either opens the snake set-up or lays the beginner pieces.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_HEXES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.building import buy_settlement, place_road, place_settlement
from ..common.cards import take_from_bank
from ..common.phases import PRE_ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from ..common.rng import rng_below, rng_seed, shuffle
from ..common.scoring import check_win
from ..common.tables import (
    T_BEGINNER_PIECES,
    T_HEX_NEIGHBOURS,
    T_SPIRALS,
    T_VERTEX_HEXES,
)

BOARD_VARIABLE, BOARD_BEGINNER = 0, 1
TOKENS_SPIRAL, TOKENS_RANDOM, TOKENS_UNCONSTRAINED = 0, 1, 2

_TERRAIN_POOL = np.array([0] * 4 + [1] * 3 + [2] * 4 + [3] * 4 + [4] * 3 + [5], np.int32)
_HARBOR_POOL = np.array(C.HARBOR_POOL, np.int32)
_TOKENS = np.array(C.TOKEN_VALUES, np.int32)
_DEV_COUNTS = np.array(C.DEV_COUNTS, np.int32)


@njit(cache=True)
def _red_tokens_touch(state, tb):
    """True if two 6/8 tokens are on adjacent hexes."""
    n_hex = NUM_HEXES
    for h in range(n_hex):
        x = state[L.HEX_NUMBER + h]
        if x != 6 and x != 8:
            continue
        for d in range(6):
            g = tb[T_HEX_NEIGHBOURS + 6 * h + d]
            if g >= 0:
                y = state[L.HEX_NUMBER + g]
                if y == 6 or y == 8:
                    return True
    return False


@njit(cache=True)
def _lay_tokens(state, tb):
    """Number tokens by spiral (base §3.3 item 3) or at random (item 4).

    ``random`` redraws the whole permutation until no 6/8 touch (uniform over
    the valid layouts); ``unconstrained`` keeps the first permutation drawn,
    so 6 and 8 may be neighbours (the engine option of catanatron's boards).
    """
    n_hex = NUM_HEXES
    mode = state[L.OPT_TOKEN_MODE]
    if mode == TOKENS_RANDOM or mode == TOKENS_UNCONSTRAINED:
        tokens = _TOKENS.copy()
        while True:
            shuffle(state, tokens)
            i = 0
            for h in range(n_hex):
                if state[L.HEX_TERRAIN + h] == C.DESERT:
                    state[L.HEX_NUMBER + h] = 0
                else:
                    state[L.HEX_NUMBER + h] = tokens[i]
                    i += 1
            if mode == TOKENS_UNCONSTRAINED or not _red_tokens_touch(state, tb):
                return
    corner = rng_below(state, 6) if state[L.OPT_RANDOM_CORNER] != 0 else 0
    i = 0
    for k in range(n_hex):
        h = tb[T_SPIRALS + NUM_HEXES * corner + k]
        if state[L.HEX_TERRAIN + h] == C.DESERT:
            state[L.HEX_NUMBER + h] = 0
        else:
            state[L.HEX_NUMBER + h] = _TOKENS[i]
            i += 1


@njit(cache=True)
def _lay_board(state, tb, template):
    """Terrain, harbors and numbers: copied from ``template`` where given, else drawn.

    ``template`` holds terrain, numbers and harbor types back to back; a part
    whose first entry is -1 is drawn from the RNG.
    """
    n_hex = NUM_HEXES
    n_harbor = NUM_HARBORS
    if template[0] >= 0:
        for h in range(n_hex):
            state[L.HEX_TERRAIN + h] = template[h]
    else:
        terrain = _TERRAIN_POOL.copy()
        shuffle(state, terrain)
        for h in range(n_hex):
            state[L.HEX_TERRAIN + h] = terrain[h]
    if template[2 * n_hex] >= 0:
        for i in range(n_harbor):
            state[L.HARBOR_TYPE + i] = template[2 * n_hex + i]
    else:
        harbors = _HARBOR_POOL.copy()
        shuffle(state, harbors)
        for i in range(n_harbor):
            state[L.HARBOR_TYPE + i] = harbors[i]
    if template[n_hex] >= 0:
        for h in range(n_hex):
            state[L.HEX_NUMBER + h] = template[n_hex + h]
    else:
        _lay_tokens(state, tb)
    for h in range(n_hex):
        if state[L.HEX_TERRAIN + h] == C.DESERT:
            state[L.ROBBER_HEX] = h


@njit(cache=True)
def reset_state(state, tb, seed, config, template):
    """Start a new game in ``state`` (in place).

    Args:
        state: int32 array of the layout's size.
        tb: static :class:`~catan_env.games.catan.common.tables.Tables`.
        seed: non-negative integer; fixes the whole game.
        config: the option values, copied to ``state[:CONFIG_SIZE]``.
        template: board template (terrain, numbers, harbors; -1 parts drawn).
    """
    state[:] = 0
    state[: L.CONFIG_SIZE] = config
    rng_seed(state, seed)
    n = state[L.NUM_PLAYERS]
    n_vert = NUM_VERTICES
    n_edge = NUM_EDGES
    for v in range(n_vert):
        state[L.VERTEX_OWNER + v] = -1
    for e in range(n_edge):
        state[L.EDGE_OWNER + e] = -1
    for v in range(n_vert):
        state[L.KNIGHT_OWNER + v] = -1
    _lay_board(state, tb, template)
    for r in range(C.NUM_RESOURCES):
        state[L.BANK + r] = C.RESOURCE_CARDS_PER_TYPE
    deck = np.empty(C.DEV_DECK_SIZE, np.int32)
    i = 0
    for card in range(_DEV_COUNTS.shape[0]):
        for _ in range(_DEV_COUNTS[card]):
            deck[i] = card
            i += 1
    shuffle(state, deck)
    for i in range(C.DEV_DECK_SIZE):
        state[L.DECK + i] = deck[i]
    for p in range(n):
        state[L.ROADS_LEFT + p] = C.ROADS_PER_PLAYER
        state[L.SETTLEMENTS_LEFT + p] = C.SETTLEMENTS_PER_PLAYER
        state[L.CITIES_LEFT + p] = C.CITIES_PER_PLAYER
        for r in range(C.NUM_CARD_TYPES):
            state[L.HARBOR_RATE + p * C.NUM_CARD_TYPES + r] = 4
    state[L.LONGEST_ROAD_HOLDER] = -1
    state[L.LARGEST_ARMY_HOLDER] = -1
    state[L.WINNER] = -1
    state[L.TRADE_TO] = -1
    state[L.SETUP_VERTEX] = -1
    start = rng_below(state, n)
    state[L.START_PLAYER] = start
    state[L.ACTIVE_PLAYER] = start
    state[L.CURRENT_PLAYER] = start
    if state[L.OPT_BOARD_MODE] == BOARD_BEGINNER:
        _lay_beginner_pieces(state, tb)
        state[L.PHASE] = PRE_ROLL
        check_win(state)
    else:
        state[L.PHASE] = SETUP_SETTLEMENT


@njit(cache=True)
def starting_resources(state, tb, p, v):
    """One card per land hex around ``v`` (base §4.4)."""
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if h >= 0:
            terrain = state[L.HEX_TERRAIN + h]
            if terrain < C.DESERT:
                take_from_bank(state, p, terrain, 1)


@njit(cache=True)
def _lay_beginner_pieces(state, tb):
    """Beginner set-up (base §3.2): fixed pieces, resources from the starred settlement."""
    n = state[L.NUM_PLAYERS]
    first_colour = 1 if n == 3 else 0  # with 3 players red is left out
    for p in range(n):
        c = first_colour + p
        place_settlement(state, tb, p, tb[T_BEGINNER_PIECES + 4 * c + 0])
        place_road(state, tb, p, tb[T_BEGINNER_PIECES + 4 * c + 1])
        place_settlement(state, tb, p, tb[T_BEGINNER_PIECES + 4 * c + 2])
        place_road(state, tb, p, tb[T_BEGINNER_PIECES + 4 * c + 3])
        starting_resources(state, tb, p, tb[T_BEGINNER_PIECES + 4 * c + 2])


@njit(cache=True)
def setup_seat(state, k):
    """Seat placing in set-up round ``k`` of the snake 1..n, n..1 (base §4.2, §4.3)."""
    n = state[L.NUM_PLAYERS]
    start = state[L.START_PLAYER]
    if k < n:
        return (start + k) % n
    return (start + 2 * n - 1 - k) % n


@njit(cache=True)
def setup_settlement(state, tb, v):
    p = state[L.CURRENT_PLAYER]
    place_settlement(state, tb, p, v)
    state[L.SETUP_VERTEX] = v
    if state[L.SETUP_INDEX] >= state[L.NUM_PLAYERS]:
        starting_resources(state, tb, p, v)
    state[L.PHASE] = SETUP_ROAD


@njit(cache=True, inline="always")
def settlement_action(state, tb, p, v, phase):
    """``build_settlement(v)``: the free settlement of the set-up, or a bought one."""
    if phase == SETUP_SETTLEMENT:
        setup_settlement(state, tb, v)
    else:
        buy_settlement(state, tb, p, v)


@njit(cache=True)
def setup_road(state, tb, e):
    p = state[L.CURRENT_PLAYER]
    place_road(state, tb, p, e)
    state[L.SETUP_VERTEX] = -1
    state[L.SETUP_INDEX] += 1
    k = state[L.SETUP_INDEX]
    if k >= 2 * state[L.NUM_PLAYERS]:
        start = state[L.START_PLAYER]
        state[L.ACTIVE_PLAYER] = start
        state[L.CURRENT_PLAYER] = start
        state[L.PHASE] = PRE_ROLL
        check_win(state)
        return
    q = setup_seat(state, k)
    state[L.ACTIVE_PLAYER] = q
    state[L.CURRENT_PLAYER] = q
    state[L.PHASE] = SETUP_SETTLEMENT
