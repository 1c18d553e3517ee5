"""Reset and the set-up phase (base §3, §4).

``reset_state`` builds the board from the game's seeded RNG (or from a
template), fills the bank and the shuffled development deck, draws the
starting seat and either opens the snake set-up or lays the beginner pieces.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_HARBORS, NUM_HEXES, NUM_VERTICES
from ..common.building import buy_settlement, place_road, place_settlement
from ..common.cards import take_from_bank
from ..common.constants import (
    CITIES_PER_PLAYER,
    DESERT,
    DEV_COUNTS,
    DEV_DECK_SIZE,
    HARBOR_POOL,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
    TOKEN_VALUES,
)
from ..common.layout import (
    ACTIVE_PLAYER,
    BANK,
    CITIES_LEFT,
    CONFIG_SIZE,
    CURRENT_PLAYER,
    DECK,
    EDGE_OWNER,
    HARBOR_RATE,
    HARBOR_TYPE,
    HEX_NUMBER,
    HEX_TERRAIN,
    KNIGHT_OWNER,
    LARGEST_ARMY_HOLDER,
    LONGEST_ROAD_HOLDER,
    NUM_PLAYERS,
    OPT_BOARD_MODE,
    OPT_RANDOM_CORNER,
    OPT_TOKEN_MODE,
    PHASE,
    ROADS_LEFT,
    ROBBER_HEX,
    SETTLEMENTS_LEFT,
    SETUP_INDEX,
    SETUP_VERTEX,
    START_PLAYER,
    TRADE_TO,
    VERTEX_OWNER,
    WINNER,
)
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
TOKENS_SPIRAL, TOKENS_RANDOM = 0, 1

_TERRAIN_POOL = np.array([0] * 4 + [1] * 3 + [2] * 4 + [3] * 4 + [4] * 3 + [5], np.int32)
_HARBOR_POOL = np.array(HARBOR_POOL, np.int32)
_TOKENS = np.array(TOKEN_VALUES, np.int32)
_DEV_COUNTS = np.array(DEV_COUNTS, np.int32)


@njit(cache=True)
def _red_tokens_touch(state, tb):
    """True if two 6/8 tokens are on adjacent hexes."""
    n_hex = NUM_HEXES
    for h in range(n_hex):
        x = state[HEX_NUMBER + h]
        if x != 6 and x != 8:
            continue
        for d in range(6):
            g = tb[T_HEX_NEIGHBOURS + 6 * h + d]
            if g >= 0:
                y = state[HEX_NUMBER + g]
                if y == 6 or y == 8:
                    return True
    return False


@njit(cache=True)
def _lay_tokens(state, tb):
    """Number tokens by spiral (base §3.3 item 3) or at random (item 4)."""
    n_hex = NUM_HEXES
    if state[OPT_TOKEN_MODE] == TOKENS_RANDOM:
        tokens = _TOKENS.copy()
        while True:
            shuffle(state, tokens)
            i = 0
            for h in range(n_hex):
                if state[HEX_TERRAIN + h] == DESERT:
                    state[HEX_NUMBER + h] = 0
                else:
                    state[HEX_NUMBER + h] = tokens[i]
                    i += 1
            if not _red_tokens_touch(state, tb):
                return
    corner = rng_below(state, 6) if state[OPT_RANDOM_CORNER] != 0 else 0
    i = 0
    for k in range(n_hex):
        h = tb[T_SPIRALS + NUM_HEXES * corner + k]
        if state[HEX_TERRAIN + h] == DESERT:
            state[HEX_NUMBER + h] = 0
        else:
            state[HEX_NUMBER + h] = _TOKENS[i]
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
            state[HEX_TERRAIN + h] = template[h]
    else:
        terrain = _TERRAIN_POOL.copy()
        shuffle(state, terrain)
        for h in range(n_hex):
            state[HEX_TERRAIN + h] = terrain[h]
    if template[2 * n_hex] >= 0:
        for i in range(n_harbor):
            state[HARBOR_TYPE + i] = template[2 * n_hex + i]
    else:
        harbors = _HARBOR_POOL.copy()
        shuffle(state, harbors)
        for i in range(n_harbor):
            state[HARBOR_TYPE + i] = harbors[i]
    if template[n_hex] >= 0:
        for h in range(n_hex):
            state[HEX_NUMBER + h] = template[n_hex + h]
    else:
        _lay_tokens(state, tb)
    for h in range(n_hex):
        if state[HEX_TERRAIN + h] == DESERT:
            state[ROBBER_HEX] = h


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
    state[:CONFIG_SIZE] = config
    rng_seed(state, seed)
    n = state[NUM_PLAYERS]
    n_vert = NUM_VERTICES
    n_edge = NUM_EDGES
    for v in range(n_vert):
        state[VERTEX_OWNER + v] = -1
    for e in range(n_edge):
        state[EDGE_OWNER + e] = -1
    for v in range(n_vert):
        state[KNIGHT_OWNER + v] = -1
    _lay_board(state, tb, template)
    for r in range(NUM_RESOURCES):
        state[BANK + r] = RESOURCE_CARDS_PER_TYPE
    deck = np.empty(DEV_DECK_SIZE, np.int32)
    i = 0
    for card in range(_DEV_COUNTS.shape[0]):
        for _ in range(_DEV_COUNTS[card]):
            deck[i] = card
            i += 1
    shuffle(state, deck)
    for i in range(DEV_DECK_SIZE):
        state[DECK + i] = deck[i]
    for p in range(n):
        state[ROADS_LEFT + p] = ROADS_PER_PLAYER
        state[SETTLEMENTS_LEFT + p] = SETTLEMENTS_PER_PLAYER
        state[CITIES_LEFT + p] = CITIES_PER_PLAYER
        for r in range(NUM_CARD_TYPES):
            state[HARBOR_RATE + p * NUM_CARD_TYPES + r] = 4
    state[LONGEST_ROAD_HOLDER] = -1
    state[LARGEST_ARMY_HOLDER] = -1
    state[WINNER] = -1
    state[TRADE_TO] = -1
    state[SETUP_VERTEX] = -1
    start = rng_below(state, n)
    state[START_PLAYER] = start
    state[ACTIVE_PLAYER] = start
    state[CURRENT_PLAYER] = start
    if state[OPT_BOARD_MODE] == BOARD_BEGINNER:
        _lay_beginner_pieces(state, tb)
        state[PHASE] = PRE_ROLL
        check_win(state)
    else:
        state[PHASE] = SETUP_SETTLEMENT


@njit(cache=True)
def starting_resources(state, tb, p, v):
    """One card per land hex around ``v`` (base §4.4)."""
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if h >= 0:
            terrain = state[HEX_TERRAIN + h]
            if terrain < DESERT:
                take_from_bank(state, p, terrain, 1)


@njit(cache=True)
def _lay_beginner_pieces(state, tb):
    """Beginner set-up (base §3.2): fixed pieces, resources from the starred settlement."""
    n = state[NUM_PLAYERS]
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
    n = state[NUM_PLAYERS]
    start = state[START_PLAYER]
    if k < n:
        return (start + k) % n
    return (start + 2 * n - 1 - k) % n


@njit(cache=True)
def setup_settlement(state, tb, v):
    p = state[CURRENT_PLAYER]
    place_settlement(state, tb, p, v)
    state[SETUP_VERTEX] = v
    if state[SETUP_INDEX] >= state[NUM_PLAYERS]:
        starting_resources(state, tb, p, v)
    state[PHASE] = SETUP_ROAD


@njit(cache=True, inline="always")
def settlement_action(state, tb, p, v, phase):
    """``build_settlement(v)``: the free settlement of the set-up, or a bought one."""
    if phase == SETUP_SETTLEMENT:
        setup_settlement(state, tb, v)
    else:
        buy_settlement(state, tb, p, v)


@njit(cache=True)
def setup_road(state, tb, e):
    p = state[CURRENT_PLAYER]
    place_road(state, tb, p, e)
    state[SETUP_VERTEX] = -1
    state[SETUP_INDEX] += 1
    k = state[SETUP_INDEX]
    if k >= 2 * state[NUM_PLAYERS]:
        start = state[START_PLAYER]
        state[ACTIVE_PLAYER] = start
        state[CURRENT_PLAYER] = start
        state[PHASE] = PRE_ROLL
        check_win(state)
        return
    q = setup_seat(state, k)
    state[ACTIVE_PLAYER] = q
    state[CURRENT_PLAYER] = q
    state[PHASE] = SETUP_SETTLEMENT
